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
from tests.html_tree import parse  # noqa: E402
from tests.moments import moments, tables  # noqa: E402

SEED = 1          # one seeded game per game and player count: 14 games, every moment of each


def number(text: str) -> int:
    return int(text.replace("\N{MINUS SIGN}", "-"))


# --- what the observation says ---------------------------------------------------------------
def trump_name(tell: Narrator) -> str | None:
    trump = tell.obs.get("trump")
    return tell.words.suit_name(trump, tell) if trump else None


# Per game: numbers in a seat's box, (pattern, the seat's value in the observation,
# whether the box always says it).
SEAT_NUMBERS = {
    "voren": [(r"^(\S+) chips$", lambda o, s: o["chips"][s], True)],
    "tricksters": [(r"^Score: (\S+)$", lambda o, s: o["scores"][s], True),
                   (r"^Pair tricks: (\S+)$", lambda o, s: o["tricks_won"][s], False)],
    "raven": [(r"^Score (\S+?)(?: · .*)?$", lambda o, s: o["scores"][s], True),
              (r"^Tricks (\S+) / bid \S+$", lambda o, s: o["tricks_won"][s], False),
              (r"^Tricks \S+ / bid (\S+)$", lambda o, s: "?" if o["bids"][s].get("value") is None else o["bids"][s]["value"], False)],
    "lunar": [],
}


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
    observation's trump (Raven's ravenclaw hand: the Raven only)."""
    obs = tell.obs
    text = tree.text()
    said = [s.strip() for s in re.findall(r"\bTrump(?: now)?: ([^·\n]+)", text)]
    no_trump = re.findall(r"\bNo trump\b", text)
    want = trump_name(tell)
    if want is not None:
        assert all(s == want for s in said) and not no_trump, (want, said, no_trump)
    elif obs.get("ravenclaw"):
        raven = tell.card("Raven")
        assert all(raven in s and "only" in s for s in said) and not no_trump, said
    else:
        assert not said, said
    if not obs["terminal"] and (want or obs.get("ravenclaw")):
        assert said, "the trump is said while the game goes on"
    if obs.get("turnup"):             # Voren's turned card says what it made, the game over too
        turnup = tree.by_id("turnup")
        turned = turnup.text()        # the card is a picture: its name is its label
        assert tell.card(obs["turnup"]) in turnup.find(cls="card").attrs["aria-label"]
        assert (f"Trump: {want}" if want else "No trump") in turned
    elif "turnup" in obs:
        assert tree.by_id("turnup").text() == "Not dealt yet"
    tiles = [t.find(cls="tile-name").text() for t in tree.find_all(cls="tile") if "trump" in t.classes]
    assert tiles == ([obs["trump"]] if obs.get("trump") and "tiles_up" in obs else []), tiles


def check_dealer(tell: Narrator, boxes: dict) -> None:
    obs = tell.obs
    dealer = {s for s, box in boxes.items() if box.find_all(cls="dealer")}
    assert dealer == ({obs["dealer"]} if obs.get("dealer") is not None else set()), "the dealer"
    for role, who in (obs.get("roles") or {}).items():        # Tricksters: places from the dealer
        word = layouts.layout_for("tricksters").ROLE[role]
        assert {s for s, box in boxes.items() if any(b.text() == word for b in box.find_all(cls="badge"))} == {who}
    if "start" in obs:                                         # Lunar: the start player
        start = {s for s, box in boxes.items() if any(b.text() == "Start player" for b in box.find_all(cls="badge"))}
        assert start == ({obs["start"]} if obs["start"] is not None else set()), "the start player"


def check_scores(tell: Narrator, tree, boxes: dict) -> None:
    obs = tell.obs
    totals = obs.get("totals") or []
    for seat, box in boxes.items():
        lines = box.text().split("\n")
        header = box.find(cls="total")
        if header is not None:
            assert number(header.text().removeprefix("total ")) == totals[seat]
        for pattern, value, always in SEAT_NUMBERS[obs["game"]]:
            found = [m for line in lines for m in re.findall(pattern, line)]
            assert found or not always, (pattern, lines)
            assert all(f == str(value(obs, seat)) for f in found), (pattern, found, value(obs, seat))
        pips = box.find(cls="pips")
        if pips is not None:
            assert pips.attrs["aria-label"] == f"{obs['tricks_won'][seat]} of 3"
    if obs["game"] == "voren":
        assert number(tree.find(cls="pot-n").text()) == obs["pot"]
    if obs["game"] == "tricksters":
        info = tree.find(cls="round-info").text()
        assert info.startswith(f"Round {obs['round']}")
        assert (f"target {obs['target']}" in info) == (obs["target"] is not None)
    if obs["game"] == "lunar":
        lines = [li.text() for li in tree.by_id("team-track").find_all("li") if "track-cell" not in li.classes]
        for team, line in enumerate(lines):
            stars = len(obs["stars_won"][team])
            assert line.endswith(f": {count(obs['tricks_won'][team], 'trick')} ({obs['track_points'][team]} "
                                 f"on the track), {count(stars, 'star card')} won, score {obs['scores'][team]}"), line


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
        want = obs["scores"] if len(running) != obs["players"] else obs["totals"]
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
