"""The table's Python, natively: rendering is a function of one seat's observation,
legal tokens group into clicks, the session's record, undo and resume, the worker's
requests. (The same code runs in the page; the browser tests drive it there.)"""
from __future__ import annotations

import json
import os
import random
import re
import zipfile
import sys
import urllib.parse
from html import escape as html_escape, unescape as html_unescape
from pathlib import Path

import pytest

from pycore import all_games
from pycore.answer import Hint

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import hint_view, render, worker_api  # noqa: E402
from manyhands_web.session import Session, describe_games  # noqa: E402
from tests.catalog import examples  # noqa: E402
from tests.conformance import hidden_cards_shuffled  # noqa: E402



def _advance(session: Session, steps: int, rng: random.Random) -> None:
    for _ in range(steps):
        if session.state.is_terminal:
            return
        state = session.state
        session.apply(state.game.action_token(state, rng.choice(state.legal_actions())))


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_legal_token_is_offered_by_the_table(name):
    rng = random.Random(1)
    session = Session.new(name, {}, seed=3, seat=0)
    for _ in range(200):
        if session.state.is_terminal:
            break
        if session.my_turn:
            obs = session.observation()
            groups = render.classify(obs["legal"], obs.get("hand") or [], session.narrator(obs).words.picks)
            offered = set(groups["plays"]) | set(groups["buttons"])
            offered |= {t for toks in groups["subs"].values() for t in toks}
            offered |= {t for toks in groups["verbs"].values() for t in toks}
            assert offered == set(obs["legal"])
            html = render.table_html(session.narrator(obs), {"selected": [], "computer": session.computers()})
            assert 'id="prompt"' in html
        _advance(session, 1, rng)


@pytest.mark.parametrize("name", sorted(all_games()))
def test_the_table_shows_nothing_the_seat_may_not_know(name):
    """Other seats' hidden cards never reach the page: the HTML is the same
    whatever they hold (the conformance hook swaps them)."""
    session = Session.new(name, {}, seed=5, seat=0)
    _advance(session, 3, random.Random(2))
    state = session.state
    other, _ = hidden_cards_shuffled(state, 0, random.Random(4))
    ui = {"selected": [], "computer": {}}
    tell, told = session.narrator(state.observation(0)), session.narrator(other.observation(0))
    assert (render.table_html(tell, ui, lambda t: state.why_not(t, tell))
            == render.table_html(told, ui, lambda t: other.why_not(t, told)))


def test_cards_are_picked_then_confirmed_when_choices_are_many():
    session = Session.new("raven", {"players": 4}, seed=7, seat=0)
    while not session.my_turn:
        _advance(session, 1, random.Random(0))
    obs = session.observation()
    token = obs["legal"][0]
    hand = obs["hand"]
    chosen = [hand.index(c) for c in token.split(" ")[1:]]
    tell = session.narrator(obs)
    why = session.why(tell)
    html = render.table_html(tell, {"selected": chosen}, why)
    assert f'id="confirm" data-action="{token}"' in html
    # a partial pick: the confirm button says (in its description) what is missing,
    # with the bid's value so far
    html = render.table_html(tell, {"selected": chosen[:1]}, why)
    assert 'id="confirm" aria-disabled="true" aria-describedby="confirm-why"' in html
    value = ["Sh", "Sw", "Ax", "Wa"].index(hand[chosen[0]][:2])
    assert f'id="confirm-why" role="status">Bid {value} so far: pick 2 more cards to set aside.' in html


def test_lunar_trump_tiles_are_buttons_though_a_tile_names_a_suit_card_you_hold():
    """`turn Bat` names a tile, not the Bat card in your hand: the table offered it
    as cards to pick ("Your turn: pick cards to choose or choose."), split from
    the tiles you hold no card of. The verbs chosen by picking are the game's
    (`Words.picks`), not guessed from the token's shape. Every tile is chosen on
    the table, where it lies; the prompt says so and repeats none of them."""
    rng = random.Random(0)
    session = Session.new("lunar", {"players": 4}, seed=3, seat=0)
    while not (session.my_turn and session.observation()["legal"][0].startswith("turn ")):
        _advance(session, 1, rng)
    obs = session.observation()
    held = [t for t in obs["legal"] if t.split(" ")[1] in obs["hand"]]
    assert held and len(held) < len(obs["legal"])       # both kinds of tile, as the page met them
    html = render.table_html(session.narrator(obs), {"selected": [], "computer": session.computers()})
    assert 'Your turn: turn a trump tile face down.' in html and "data-toggle" not in html
    tiles = re.search(r'<section class="region tiles".*?</section>', html, flags=re.S).group(0)
    assert sorted(re.findall(r'data-action="([^"]+)"', tiles)) == sorted(obs["legal"])
    assert re.findall(r'<div class="choices">(.*?)</div>', html) == []


def test_the_prompt_says_where_a_card_may_come_from_when_the_hand_and_the_table_both_offer_one():
    """The Sky: a card from your hand or one from the Sky, said as one choice of
    places ("play a card from your hand or the Sky"), not as two ways to play a card."""
    rng = random.Random(0)
    session = Session.new("lunar", {"players": 2}, seed=1, seat=0)
    for _ in range(400):
        obs = session.observation()
        if (session.my_turn and any(t.startswith("sky:") for t in obs["legal"])
                and any(t in obs["hand"] for t in obs["legal"])):
            break
        _advance(session, 1, rng)
    else:
        pytest.fail("no decision between a card of the hand and one of the Sky")
    html = render.table_html(session.narrator(obs), {"selected": [], "computer": session.computers()})
    assert "Your turn: play a card from your hand or the Sky." in html


def _suggested(html: str) -> list[str]:
    """The marked elements' opening tags."""
    return re.findall(r'<[a-z]+ [^>]*data-suggested="true"[^>]*>', html)


@pytest.mark.parametrize("name,rules", [(name, {}) for name in sorted(all_games())] + [("lunar", {"players": 2})])
def test_the_hints_suggestion_is_marked_where_it_is_chosen(name, rules):
    """The hint's best choice stays marked on the table until you choose: the
    elements that carry its token (the cards a pick spells, the card a two-step
    choice starts with); nothing once it is no longer a choice."""
    rng = random.Random(2)
    session = Session.new(name, rules, seed=4, seat=0)
    marked = 0
    for _ in range(60):
        if session.state.is_terminal:
            break
        if session.my_turn:
            obs = session.observation()
            tell = session.narrator(obs)
            token = rng.choice(obs["legal"])
            html = render.table_html(tell, {"selected": [], "suggested": token})
            groups = render.classify(obs["legal"], obs.get("hand") or [], tell.words.picks)
            verb = token.split(" ")[0]
            if len(groups["verbs"].get(verb, ())) > render.MANY_CHOICES:     # cards to pick
                cards = token.split(" ")[1:]
                tags = _suggested(html)
                assert sorted(re.search(r'data-card="([^"]+)"', t).group(1) for t in tags) == sorted(cards)
                assert 'id="pick-suggested"' in html
            elif verb in groups["subs"] and token in groups["subs"][verb]:     # a card, then a choice
                assert [re.search(r'data-sub="([^"]+)"', t).group(1) for t in _suggested(html)] == [verb]
            else:
                tags = _suggested(html)
                assert {re.search(r'data-action="([^"]+)"', t).group(1) for t in tags} == {html_escape(token)}
                in_hand = _suggested(html.split('id="hand"')[1].split("</section>")[0])
                assert len(in_hand) == (token in obs.get("hand", []))     # one copy of a card held twice
                assert len([t for t in tags if ' class="card ' in t]) <= 1  # one of the Sky's six Owls
            marked += 1
            assert all('aria-description="the hint’s choice"' in t for t in _suggested(html))   # heard too
            stale = render.table_html(tell, {"selected": [], "suggested": "not a choice now"})
            assert not _suggested(stale)
        _advance(session, 1, rng)
    assert marked


def test_the_hints_cards_are_picked_for_you_and_you_confirm():
    """A suggested bid of many: "Pick the hint's cards" picks them (the page: the
    selection of `suggested_cards`); then Confirm carries the suggestion, marked,
    and the offer is gone."""
    session = Session.new("raven", {"players": 4}, seed=7, seat=0)
    while not session.my_turn:
        _advance(session, 1, random.Random(0))
    obs = session.observation()
    token = obs["legal"][-1]
    tell = session.narrator(obs)
    picked = sorted(render.suggested_cards(token, obs["hand"]))
    assert sorted(obs["hand"][i] for i in picked) == sorted(token.split(" ")[1:])
    html = render.table_html(tell, {"selected": picked, "suggested": token}, session.why(tell))
    assert f'id="confirm" data-action="{token}" data-suggested="true"' in html
    assert 'id="pick-suggested"' not in html


def test_undo_takes_back_to_before_your_last_decision():
    session = Session.new("raven", {"players": 4}, seed=8, seat=0)
    rng = random.Random(3)
    while not session.my_turn:
        _advance(session, 1, rng)
    before = session.record()["actions"]
    _advance(session, 1, rng)
    while not session.my_turn and not session.state.is_terminal:
        _advance(session, 1, rng)
    assert session.undo()
    assert session.record()["actions"] == before


def test_saved_game_resumes_to_the_same_observation():
    session = Session.new("raven", {"players": 5}, seed=9, seat=2, level="hard", theme="prophecy")
    _advance(session, 12, random.Random(5))
    again = Session.from_saved(json.loads(json.dumps(session.saved())))
    assert again.observation() == session.observation()
    assert (again.seat, again.level, again.theme) == (2, "hard", "prophecy")


def test_a_bad_record_is_refused_with_a_reason():
    with pytest.raises(Exception, match="nonsense"):
        Session.from_record_text('{"format": "manyhands-record/1", "game": "raven", "actions": ["nonsense"]}')
    with pytest.raises(Exception, match="not JSON"):
        Session.from_record_text("not json")


def test_prophecy_theme_names():
    session = Session.new("raven", {}, seed=1, seat=0, theme="prophecy")
    tell = session.narrator()
    assert tell.card("Sh3") == "3 of Sunburst"
    assert tell.words.suit_name("Sh", tell) == "Sunburst"
    assert tell.title() == "Prophecy"


SHARED_RULES = ROOT.parent / "shared" / "rules"


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="no shared/rules/ beside this checkout")
def test_the_committed_rules_texts_are_the_shared_rules():
    # The site is built from the copy in web/; this catches it falling behind the source,
    # and a copy (a new game's rules) whose source was never written in shared/rules/.
    copies = ROOT / "web" / "manyhands_web" / "rules"
    for source in sorted(SHARED_RULES.glob("*.md")):
        copy = copies / source.name
        assert copy.read_text(encoding="utf-8") == source.read_text(encoding="utf-8"), source.name
    for copy in sorted(copies.glob("*.md")):
        assert (SHARED_RULES / copy.name).is_file(), (
            f"web/manyhands_web/rules/{copy.name} has no source: write {SHARED_RULES / copy.name} "
            f"(and its row in {SHARED_RULES / 'README.md'}), then commit the copy of both")


def test_worker_answers_bot_requests_with_a_legal_token():
    session = Session.new("raven", {"players": 3}, seed=4, seat=0)
    while session.my_turn:
        _advance(session, 1, random.Random(1))
    seat = session.state.current_player
    answer = json.loads(worker_api.handle(json.dumps(
        {"op": "bot", "record": session.record(), "seat": seat, "level": "easy", "seed": 1})))
    session.apply(answer["token"])      # legal, or this raises
    hint = json.loads(worker_api.handle(json.dumps(
        {"op": "hint", "record": session.record(), "seat": session.state.current_player})))
    assert "available" in hint


def test_tricksters_cards_show_every_critter_value_the_led_one_emphasised():
    """Each card in your hand shows its four values; turned to the led critter,
    whose value is the largest and lies on the edge toward you."""
    session = Session.new("tricksters", {}, seed=3, seat=0)
    rng = random.Random(1)
    while session.observation().get("led_suit") is None and not session.state.is_terminal:
        _advance(session, 1, rng)
    obs = session.observation()
    html = render.table_html(session.narrator(obs), {})
    led = obs["led_suit"]
    card = obs["hand"][0]
    values = obs["values"][card]
    button = re.search(r'<button type="button" class="card[^>]*>.*?</button>',
                       html[html.index('id="hand"'):], flags=re.S).group(0)
    assert f'data-led="{led}"' in button
    # a button's face is an image of the SVG (card_art.image): its text is drawn, not the page's
    assert "<text" not in button
    button = urllib.parse.unquote(re.search(r'src="data:image/svg\+xml,([^"]*)"', button).group(1))
    texts = [(float(size), float(y), text) for y, size, text in
             re.findall(r'<text x="[^"]+" y="([^"]+)" font-size="([^"]+)"[^>]*>([^<]*)</text>', button)]
    assert sorted(t for _, _, t in texts) == sorted(str(v) for v in values)
    biggest = max(texts)
    assert biggest[2] == str(values[["Ravens", "Foxes", "Rats", "Toads"].index(led)])
    assert biggest[1] == max(y for _, y, _ in texts)          # on the edge toward you
    assert f"{led} {values[['Ravens', 'Foxes', 'Rats', 'Toads'].index(led)]} (" in html


def test_worker_uses_the_solver_for_lunars_mixed_deal():
    """The mixed deal is covered by the solver: computer players and hints come
    from it (no fallback policy), the hint ranking every legal action."""
    session = Session.new("lunar", {"players": 4, "deal": "mixed"}, seed=5, seat=0)
    rng = random.Random(2)
    for _ in range(6):
        seat = session.state.current_player
        answer = json.loads(worker_api.handle(json.dumps(
            {"op": "bot", "record": session.record(), "seat": seat, "level": "normal", "seed": 1})))
        assert answer["policy"] == "solver"
        hint = json.loads(worker_api.handle(json.dumps(
            {"op": "hint", "record": session.record(), "seat": seat, "budget": 40})))
        assert hint["available"] is True
        assert sorted(a["action"] for a in hint["actions"]) == sorted(session.state.observation(seat)["legal"])
        session.apply(answer["token"])
        _advance(session, rng.randrange(3), rng)


def test_worker_reports_hint_progress_in_whole_steps():
    """The worker passes the solver's progress on in at most ~100 steps, in order,
    ending at the total; the hint is the same as without progress."""
    session = Session.new("raven", {"players": 4}, seed=6, seat=0)
    rng = random.Random(2)
    while not session.my_turn:
        _advance(session, 1, rng)
    request = json.dumps({"op": "hint", "record": session.record(), "seat": session.seat,
                          "budget": {"effort": 2000, "seed": 1}})
    calls = []
    answer = json.loads(worker_api.handle(request, lambda done, total: calls.append((done, total))))
    assert answer.get("available") is True
    from solver.search import Spending
    total = answer["searched_worlds"] if answer["stopped"] == "all worlds" else Spending.TICKS
    assert calls[0] == (0, total) and calls[-1] == (total, total)      # thousandths of the budget
    assert {t for _, t in calls} == {total}
    assert all(a < b for (a, _), (b, _) in zip(calls, calls[1:]))
    assert 2 <= len(calls) <= 101
    assert answer == json.loads(worker_api.handle(request))


def test_the_bundles_carry_current_unchecked_bytecode():
    """Every module in the zips has Pyodide bytecode beside it (pages then import
    without compiling), unchecked-hash and made from that very source."""
    import _imp
    dist = Path(os.environ.get("MANYHANDS_DIST", ROOT / "dist"))
    if not (dist / "core.zip").exists():
        pytest.skip("dist/ is not built")
    for name in ("core.zip", "solver.zip", "ui.zip"):
        with zipfile.ZipFile(dist / name) as bundle:
            names = bundle.namelist()
            sources = [n for n in names if n.endswith(".py")]
            assert sources
            for source in sources:
                folder, _, module = source.rpartition("/")
                pycs = [n for n in names if n.startswith(f"{folder}/__pycache__/{module[:-3]}.cpython-")]
                assert len(pycs) == 1, source
                pyc = bundle.read(pycs[0])
                assert int.from_bytes(pyc[4:8], "little") == 0b01     # hash-based, unchecked
                key = int.from_bytes(pyc[:4], "little")                  # that Python's magic number
                assert pyc[8:16] == _imp.source_hash(key, bundle.read(source)), source


def _page_text(markup: str) -> str:
    """The text a page shows for `markup` (tags dropped, entities read)."""
    import html as _html
    import re as _re
    return _html.unescape(_re.sub(r"<[^>]+>", " ", markup))


@pytest.mark.parametrize("game,rules", examples())
def test_the_hint_panel_is_player_words_step_by_step(game, rules):
    """The hint in the page, for seeded decisions of every game: the first step is
    one suggestion and its reason ("Consider ..."), then how sure it is; every
    choice is listed once, under "Best", "About as good" or "Less good", inside a
    table that opens on request; the other hands as a table; a hint searched
    again at its offer says whether it kept the suggestion before it; no engine
    token anywhere in the page text nor in the JSON lines the worker sends."""
    from tests.engine_tokens import engine_tokens
    from tests.solver.checks import check_hint_words
    session = Session.new(game, rules, seed=11, seat=0)
    rng = random.Random(5)
    shown = 0
    for _ in range(300):
        if session.state.is_terminal or shown >= 3:
            break
        if session.my_turn and len(session.state.legal_actions()) > 1 and rng.random() < 0.3:
            answer = json.loads(worker_api.handle(json.dumps(
                {"op": "hint", "record": session.record(), "seat": session.seat,
                 "budget": {"effort": 200, "seed": 1}})))
            check_hint_words(answer)
            tell = session.narrator()
            summary = answer["summary"]
            assert summary.startswith("Consider ") or summary.startswith("Only one choice")
            hint = Hint.from_json(answer)
            page = hint_view.hint_html(hint, tell)
            assert '<details id="hint-table">' in page and "<details open" not in page
            tokens = re.findall(r'<li data-token="([^"]+)" data-group', page)
            assert sorted(tokens) == sorted(session.state.observation(0)["legal"])
            assert "<h4>Best</h4>" in page and page.count("<h4>Best</h4>") == 1
            text = _page_text(page) + " " + summary
            assert not engine_tokens(text), engine_tokens(text)
            if answer["opponents"]["rows"]:
                assert '<table class="hint-hands">' in page
            elif answer["opponents"]["facts"]:          # nothing for a table: its sentence alone
                assert 'id="hint-inference"' in page and '<table class="hint-hands">' not in page
            table = page.split('<details id="hint-table">', 1)[1].split("</details>", 1)[0]
            for fact in answer["shared"]:       # what every choice does alike: once, atop the table
                assert page.count(html_escape(fact)) == 1 and html_escape(fact) in table
            # searched again at its offer (Think longer, every deal): says whether it held,
            # what it changed to, and how sure the new advice is (the solver's "change")
            assert 'id="hint-change"' not in page
            assert "kept the suggestion" in hint_view.hint_html(hint, tell, answer["best"])
            if len(answer["actions"]) > 1:
                before = str(answer["actions"][1]["action"])
                again = Hint.from_json(json.loads(worker_api.handle(json.dumps(
                    {"op": "hint", "record": session.record(), "seat": session.seat,
                     "budget": {"effort": 200, "seed": 1}, "earlier": before}))))
                changed = hint_view.hint_html(again, tell, before)
                assert again.words.change.startswith("The longer search changed the suggestion from ")
                assert html_escape(again.words.change) in changed
                assert not engine_tokens(_page_text(changed)), engine_tokens(_page_text(changed))
            shown += 1
        _advance(session, 1, rng)
    assert shown >= 1


def test_nothing_to_tell_of_the_other_hands_is_one_sentence_not_a_table():
    """A Tricksters draft before any card is played: every unseen card as likely
    in one hand as another, no suit columns, so a table would hold only each
    hand's size (shown at the table) and "no card stands out" three times; the
    page says it in one sentence under "What you can tell about the other hands"."""
    from solver.opponents import NOTHING_YET
    first = Session.new("tricksters", {}, seed=11, seat=0)
    session = Session.new("tricksters", {}, seed=11, seat=first.state.current_player)
    answer = json.loads(worker_api.handle(json.dumps(
        {"op": "hint", "record": session.record(), "seat": session.seat, "budget": {"effort": 100, "seed": 1}})))
    assert answer["opponents"]["rows"] == [] and answer["opponents"]["facts"] == [NOTHING_YET]
    page = hint_view.hint_html(Hint.from_json(answer), session.narrator())
    inference = page.split('<details id="hint-inference">', 1)[1]
    assert html_escape(NOTHING_YET) in inference and "<table" not in inference


def test_the_hint_counts_its_many_choices_as_the_page_writes_numbers():
    """A 2-player Raven bid has over a thousand choices: "Compare all 1,365
    choices", grouped by thousands like every other count the hint shows."""
    session = Session.new("raven", {"players": 2}, seed=22, seat=0)
    assert session.my_turn and session.state.phase == "bid"
    answer = json.loads(worker_api.handle(json.dumps(
        {"op": "hint", "record": session.record(), "seat": session.seat,
         "budget": {"effort": 200, "seed": 1}})))
    count = len(answer["actions"])
    assert count >= 1000
    assert f"<summary>Compare all {count:,} choices</summary>" in hint_view.hint_html(Hint.from_json(answer), session.narrator())


def test_many_choices_dropped_after_a_first_look_fold_under_one_line():
    """A Lunar gift hint listed some 70 "set aside early ... on the 1 deal it was
    tried on" lines under "Less good" (seen at 1280 px): they are a group of their
    own, "Dropped after a first quick look", said why in one line, and fold under one line saying
    how many, still every choice in the table, the rest in view."""
    first = Session.new("lunar", {"players": 4}, seed=37, seat=0)
    session = Session.new("lunar", {"players": 4}, seed=37, seat=first.state.current_player)
    assert session.my_turn and session.state.phase == "exchange"
    answer = json.loads(worker_api.handle(json.dumps(
        {"op": "hint", "record": session.record(), "seat": session.seat,
         "budget": {"effort": 300, "seed": 1}})))
    aside = [a for a in answer["actions"] if a["group"] == "screened"]
    assert len(aside) >= hint_view.FOLD_ASIDE
    page = hint_view.hint_html(Hint.from_json(answer), session.narrator())
    group = page.split("<h4>Dropped after a first quick look</h4>", 1)[1]
    assert group.startswith(f'<p class="hint-why">{hint_view.ASIDE_NOTE}</p>')
    folded = group.split('<details class="hint-aside">', 1)[1].split("</details>", 1)[0]
    assert f"<summary>{len(aside):,} choices dropped after a first quick look</summary>" in folded
    assert "<h4>" not in folded and "Less good" not in group
    assert sorted(re.findall(r'<li data-token="([^"]+)"', folded)) == sorted(a["action"] for a in aside)
    tokens = re.findall(r'<li data-token="([^"]+)" data-group', page)
    assert sorted(tokens) == sorted(session.state.observation(session.seat)["legal"])


# Words a new player flagged in the hint panel as a search's jargon: a "95%" that is
# not a rate ("95% of the time", "(80–95%)") is a confidence level.
HINT_JARGON = re.compile(r"playout|confidence|set aside|lets this trick go|hard level|(?<!–)95%(?! of the)",
                         re.IGNORECASE)


def test_the_hint_panel_speaks_a_card_players_words():
    """A new player could not act on "playouts", "clear at 95% confidence", "set
    aside early", "lets this trick go" or "the search the hard level plays by".
    Seeded hints of every game (opening decisions too: Lunar's gifts, Raven's
    bids, Tricksters' drafts), drawn as the panel draws them (first step, how
    sure, close call, every choice's line and group, the other hands), say none
    of them outside the choices' own names (a Raven bid "sets aside" cards). What
    shows before anything is opened speaks as the review does (none of the
    statistics report's words: ranges, play-outs, deals searched as a sample);
    how it was worked out is behind "How do we know?". The hints cover the ways
    a search ends, the tree, and choices dropped early."""
    from pycore.records import record_of
    from pycore.words import Narrator
    from tests.solver.positions import positions
    from tests.test_review_player_words import report_words
    seen = set()
    most = [(name, {"players": max(game.player_counts())}) for name, game in sorted(all_games().items())]
    for game, rules in examples() + most:      # each game's examples, and at its most players
        for state, _ in positions(game, rules, 4, seed=12, starts=2):
            seat = state.current_player
            answer = json.loads(worker_api.handle(json.dumps(
                {"op": "hint", "record": record_of(state).to_json(), "seat": seat,
                 "budget": {"effort": 300, "seed": 1}})))
            hint = Hint.from_json(answer)
            tell = Narrator(state.game, state.observation(seat), "")
            page = hint_view.hint_first_step(hint, tell) + hint_view.hint_html(hint, tell)
            text = html_unescape(re.sub(r"<[^>]*>", " ", page))
            for name in sorted({tell.choice(a.action) for a in hint.actions}, key=len, reverse=True):
                text = text.replace(name, "…")
            assert not HINT_JARGON.search(text), (game, HINT_JARGON.findall(text), text)
            # what shows before anything is opened: the review's player voice
            shown = _unfolded(page)
            rates = re.sub(r"\d+% of the (time|possible deals)", "…", shown)
            assert not report_words(rates) and not SEARCH_REPORT.search(rates), (game, report_words(rates), shown)
            _sure_agrees_with_its_numbers(answer)
            if answer["certainty"]:         # how it was worked out: behind "How do we know?"
                assert html_escape(answer["certainty"]) in page.split('<details id="hint-how">', 1)[1]
            seen |= {answer["stopped"], "tree" if answer["tree"] else "flat"}
            seen |= {"dropped" for a in answer["actions"] if a["group"] == "screened"}
    assert {"separated", "effort", "settled", "tree", "flat", "dropped"} <= seen, seen


# how a search went, in its own figures ("Played out 300 deals drawn from 1,296 possible
# ones", "Searched 24 of about 420 billion possible deals"): for "How do we know?"
SEARCH_REPORT = re.compile(r"played out [\d,]+|drawn from|searched [\d,]+ of", re.IGNORECASE)


def _unfolded(page: str) -> str:
    """A panel's text outside its folds (<details>, innermost first)."""
    while True:
        inner = re.sub(r"<details[^>]*>(?:(?!<details).)*?</details>", " ", page, flags=re.S)
        if inner == page:
            return html_unescape(re.sub(r"<[^>]*>", " ", page))
        page = inner


def _sure_agrees_with_its_numbers(answer: dict) -> None:
    """How sure the suggestion is, said in words, never against its numbers: "Sure"
    only of exact values; a close call said once, as "Too close to call"; the gap
    to "the next best" only where no other choice is as good."""
    sure, close = answer["sure"], answer["close_call"]
    assert not (sure and close), (sure, close)
    assert bool(sure or close) == (answer["stopped"] != "one choice"), answer["stopped"]
    assert sure.startswith("Sure") == (bool(sure) and answer["exact"]), sure
    assert not close or close.startswith("Too close to call"), close
    if any(a["group"] in ("as good", "close") for a in answer["actions"][1:]):
        assert "the next best" not in sure, sure


def test_a_lost_score_shows_a_minus_sign_not_a_hyphen():
    """A Voren hand's net chips on its sheet, the score pad and the review read
    "−3" (a minus sign, as in print), never "-3": random games until a seat has lost."""
    from pycore.words import Narrator, signed
    from manyhands_web import layouts
    assert (signed(3), signed(-2), signed(0), signed(-0.5)) == ("+3", "\N{MINUS SIGN}2", "0", "\N{MINUS SIGN}0.5")
    from pycore import get_game
    game = get_game("voren")
    rng = random.Random(2)
    state = game.new_game({"players": 3}, seed=7)
    while not any(p < 0 for h in state.finished_hands for p in h[1]):
        state = state.apply_action(rng.choice(state.legal_actions()))
    tell = Narrator(game, state.observation(0))
    layout = layouts.layout_for("voren")
    sheet = layout.sheet_table(tell, state.observation(0)["hand_results"][-1])
    heads, rows = layout.pad(tell)
    for html in (sheet, *(cell for row in rows for cell in row)):
        assert not re.search(r">-\d", html), html
    assert "\N{MINUS SIGN}" in sheet + "".join(cell for row in rows for cell in row)



def test_the_score_pad_adds_the_points_where_a_game_keeps_no_totals():
    """docs/contract.md: a hand_results item gives `totals` where the game keeps them
    per hand; else the pad adds the hands' points (the generic layout)."""
    from pycore import get_game
    from pycore.words import Narrator
    from manyhands_web import layouts
    game = get_game("raven")
    rng = random.Random(5)
    state = game.new_game({"players": 3}, seed=4)
    while len(state.finished_hands) < 3:
        state = state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    kept = [r["totals"] for r in obs["hand_results"]]
    without = dict(obs, hand_results=[{k: v for k, v in r.items() if k != "totals"} for r in obs["hand_results"]])
    layout = layouts.Layout()
    for which in (obs, without):
        _, rows = layout.pad(Narrator(game, which))
        running = [[int(re.search(r'class="run">\((-?\d+)\)', cell).group(1)) for cell in row] for row in rows]
        assert running == kept
