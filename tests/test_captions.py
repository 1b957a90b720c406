"""What the table says is what the engine says: at every moment of seeded games of
every game and player count, the end of the game included, each caption about
trump, whose turn it is, the dealer and the score is read off the drawn table
(web/manyhands_web/render.py, layouts.py, games/) and compared with the observation of
that very moment, the table drawn as the page draws it then (a trick just
finished stays in the middle; a finished hand's score sheet, then the next hand's
first decision)."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from pycore import all_games
from pycore.words import Narrator, count

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import layouts, render  # noqa: E402
from tests.catalog import own_tests  # noqa: E402
from tests.html_tree import parse  # noqa: E402
from tests.moments import moments, tables  # noqa: E402

SEED = 1          # one seeded game per game and player count, every moment of each

# What is the game's own is in its own test file, tests/games/test_<game>.py:
# SEAT_NUMBERS, the numbers in a seat's box, [(pattern, the seat's value in the
# observation, whether the box always says it)] (the pattern's group is compared
# with str(value), a true minus sign read as "-"); check_table_captions(tell, tree,
# boxes), the captions of the regions it adds to the table (Voren's pot, Lunar's
# track...); and trump_in_its_own_words(tell), where it names no trump suit but
# says a trump all the same (Raven's ravenclaw hand).


def number(text: str) -> int:
    return int(text.replace("\N{MINUS SIGN}", "-"))


# --- what the observation says ---------------------------------------------------------------
def trump_name(tell: Narrator, trump: str | None) -> str | None:
    return tell.words.suit_name(trump, tell) if trump else None


def sheet_trump(tell: Narrator, sheet) -> str | None:
    """The trump of the hand a score sheet is open on: its result's `trump` where
    the game keeps one per hand, else the observation's."""
    results = tell.obs.get("hand_results") or []
    index = int(sheet.attrs["data-hand"])
    return results[index].get("trump", tell.obs.get("trump")) if index < len(results) else tell.obs.get("trump")


# --- the checks --------------------------------------------------------------------------------
def check_turn(tell: Narrator, tree, boxes: dict, ui: dict) -> None:
    obs = tell.obs
    to_act = None if obs["terminal"] else obs["to_act"]
    acting = {s for s, box in boxes.items() if "acting" in box.classes}
    badged = {s for s, box in boxes.items() if any(b.text() == "to play" for b in box.find_all(cls="badge"))}
    assert acting == badged == ({to_act} if to_act is not None else set()), "the seat to play"
    status = tree.by_id("status").text().split(" · ")
    if obs["terminal"]:
        assert status[-1] == "Game over"
    else:
        assert status[-1] == ("Your turn" if to_act == tell.me else f"{tell.seat(to_act)} to play")
    if not obs["terminal"] and to_act != tell.me and not ui.get("holding"):
        assert tree.by_id("prompt-text").text() == f"Waiting for {tell.seat(to_act, start=False)}…"
    in_trick = {int(li.attrs["data-seat"]) for li in tree.find_all("li", cls="play") if "acting" in li.classes}
    assert in_trick <= ({to_act} if to_act is not None else set()), "the seat to play in the trick"


def check_hand_number(tell: Narrator, tree, layout) -> None:
    obs = tell.obs
    number_ = obs.get("hand_number") or obs.get("round")
    if number_ is None:
        return
    total = obs.get("hands_in_game")
    said = tree.by_id("status").text().split(" · ")[1]
    assert said == f"{layout.hand_word.capitalize()} {number_}" + (f" of {total}" if total else "")


def check_trump(tell: Narrator, tree) -> None:
    """Every "Trump: ...", "Trump now: ..." and "No trump" on the table says the
    observation's trump; on an open score sheet, the trump of the hand it shows
    (the hand before's, while the next hand is drawn under it). A game that says
    a trump in its own words where it names no suit checks those itself
    (`trump_in_its_own_words`)."""
    obs = tell.obs
    own_words = getattr(own_tests(obs["game"]), "trump_in_its_own_words", lambda tell: False)
    sheet = tree.by_id("score-sheet")
    said = trump_captions(tree.text(without=sheet), trump_name(tell, obs.get("trump")), own_words(tell))
    if not obs["terminal"] and obs.get("trump"):
        assert said, ("the trump is said while the game goes on: the status line's "
                      "Layout.trump_words (web/manyhands_web/layouts.py) says the observation's "
                      "trump in Words.suit_name's words; a game's layout may override it")
    if sheet is not None:
        trump_captions(sheet.text(), trump_name(tell, sheet_trump(tell, sheet)), own_words(tell))


def trump_captions(text: str, want: str | None, own_words: bool) -> list[str]:
    """The trump captions of `text`, each checked to say `want` (None: no trump)."""
    said = [s.strip() for s in re.findall(r"\bTrump(?: now)?: ([^·\n]+)", text)]
    no_trump = re.findall(r"\bNo trump\b", text)
    if want is not None:
        assert all(s == want for s in said) and not no_trump, (
            f"the trump is {want!r} (Words.suit_name of the observation's trump, or of the "
            f"hand's result's on a score sheet), but the table says Trump: {said} and No trump "
            f"{len(no_trump)} times")
    elif not own_words:
        assert not said, (
            f"a hand without a trump (the observation's or the hand result's `trump` None) says "
            f"'No trump', never 'Trump: ...', but the table says Trump: {said} (a game that names "
            "a trump without a suit says so in `trump_in_its_own_words`, README step 4)")
    return said


def check_dealer(tell: Narrator, boxes: dict) -> None:
    obs = tell.obs
    dealer = {s for s, box in boxes.items() if box.find_all(cls="dealer")}
    assert dealer == ({obs["dealer"]} if obs.get("dealer") is not None else set()), "the dealer"


def check_scores(tell: Narrator, tree, boxes: dict) -> None:
    obs = tell.obs
    totals = obs.get("totals") or []
    for seat, box in boxes.items():
        lines = box.text().split("\n")
        header = box.find(cls="total")
        if header is not None:
            assert number(header.text().removeprefix("total ")) == totals[seat]
        for pattern, value, always in getattr(own_tests(obs["game"]), "SEAT_NUMBERS", ()):
            found = [m for line in lines for m in re.findall(pattern, line)]
            assert found or not always, (pattern, lines)
            # a number is drawn with a true minus sign ("Taken −4"): read as "-4"
            said = [f.replace("\N{MINUS SIGN}", "-") for f in found]
            assert all(f == str(value(obs, seat)) for f in said), \
                f"{pattern} in {tell.seat(seat)}'s box said {found}, the observation {value(obs, seat)!r}"
    own = getattr(own_tests(obs["game"]), "check_table_captions", None)
    if own is not None:
        own(tell, tree, boxes)


def check_end(tell: Narrator, tree, ui: dict) -> None:
    """The game over: the final scores and places, and the score pad's last row."""
    obs = tell.obs
    final = tree.by_id("final-scores")
    assert final.attrs["data-totals"] == str(obs["totals"]).replace("'", '"')
    assert final.attrs["data-winners"] == str(obs["winners"])
    unit = tell.words.unit
    for entry, li in zip(obs["ranking"], final.find_all("li"), strict=True):
        assert li.attrs["data-seats"] == str(entry["seats"])
        said = li.text()
        assert all(tell.seat(s).lower() in said.lower() for s in entry["seats"]), said
        assert f", {count(entry['score'], unit)}" in said, said
    if ui.get("show_scores"):
        rows = tree.by_id("score-pad").find_all("tr", data_hand=str(len(obs["hand_results"]) - 1))
        running = [number(r.text().strip("()")) for r in rows[0].find_all(cls="run")]
        last = obs["hand_results"][-1]
        # a column per side (teams.py): each side's total after the last hand, else each seat's
        want = [team["total"] for team in last["teams"]] if len(running) != obs["players"] else obs["totals"]
        assert running == want, (running, want)


def check_moment(tell: Narrator, tree, layout, ui: dict) -> None:
    """A finished trick of the hand before is named as such, and shown only while
    the table holds (its score sheet); the next hand's decisions stand alone."""
    current = len(tell.obs.get("hands") or []) - 1
    for trick in tree.find_all("section", cls="previous"):
        h = int(trick.attrs["data-hand"])
        if h != current and trick.attrs.get("id") != "trick-view":
            assert ui.get("holding"), "the hand before's trick in this hand's decision"
            assert f"{layout.hand_word} {h + 1}" in trick.find("h3").text()


def test_a_score_sheet_says_the_trump_of_its_own_hand():
    """The hand before's sheet, open over the next hand's first decision, may say
    the trump that hand had (a fifth game's sheet said "Trump: Spades" while
    Hearts were trump now, and only the current trump passed)."""
    name = sorted(all_games())[0]
    obs = {"game": name, "seat": 0, "players": 3, "terminal": False, "trump": "H",
           "hand_results": [{"hand": 1, "trump": "S"}]}
    tell = Narrator(all_games()[name], obs)
    trump_of = tell.words.suit_name

    def table(now: str, then: str):
        return parse(f'<main><p>Trump: {now}</p><section id="score-sheet" data-hand="0">'
                     f'<p>Trump: {then}</p></section></main>')
    check_trump(tell, table(trump_of("H", tell), trump_of("S", tell)))
    with pytest.raises(AssertionError):
        check_trump(tell, table(trump_of("H", tell), trump_of("H", tell)))
    with pytest.raises(AssertionError):
        check_trump(tell, table(trump_of("S", tell), trump_of("S", tell)))


@pytest.mark.parametrize("name,players", tables())
def test_every_caption_says_what_the_engine_observes(name, players):
    game = all_games()[name]
    layout = layouts.layout_for(name)
    seen_end = 0
    for _, obs, ui in moments(name, players, SEED):
        tell = Narrator(game, obs)
        tree = parse(render.table_html(tell, ui))
        boxes = {int(b.attrs["data-seat"]): b for b in tree.find_all("section", cls="seatbox")}
        assert sorted(boxes) == list(range(players))
        try:
            check_turn(tell, tree, boxes, ui)
            check_hand_number(tell, tree, layout)
            check_trump(tell, tree)
            check_dealer(tell, boxes)
            check_scores(tell, tree, boxes)
            check_moment(tell, tree, layout, ui)
            if obs["terminal"] and ui.get("sheet") is None:
                check_end(tell, tree, ui)
                seen_end += 1
        except AssertionError as exc:
            raise AssertionError(f"{name}, {players} players, seed {SEED}, seat {obs['seat']}, "
                                 f"action {len(obs['history'])}, phase {obs.get('phase')}, ui {ui}: {exc}") from exc
    assert seen_end == 2          # the end of the game, with and without the score pad
