"""The home page and the rules pages, natively: every rules field has a label and
a control, the controls read back into the engine's rules, bad values get a
message for their field, and the built rules pages are HTML for players.
(The browser tests drive the same code in the page: tests/browser/test_site.py.)"""
from __future__ import annotations

import dataclasses
import html
import os
import re
import sys
import zipfile
from html import unescape
from pathlib import Path

import pytest

from pycore import all_games

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import layouts, markup, pages  # noqa: E402
from manyhands_web.session import describe_games, card_namer  # noqa: E402

SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")
GAMES = {g["name"]: g for g in describe_games()}


def visible_text(html: str) -> str:
    """The text a person reads (tags, attribute values and SVG pictures left out)."""
    html = re.sub(r"<svg.*?</svg>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def raw_reading(field: dict, value):
    """A control's raw reading for `value`: what home.py's read_card returns."""
    kind = pages.field_kind(field)
    if kind in ("choice", "int"):
        return str(value)
    if kind == "list":
        return [str(v) for v in value]
    if kind == "table":
        return [[str(v) for v in row] for row in value]
    return value


def other_value(field: dict):
    """A value of `field` other than its default that the engine accepts."""
    kind = pages.field_kind(field)
    default = field["default"]
    if kind == "bool":
        return not default
    if kind == "choice":
        return next(c for c in field["choices"] if c != default)
    if kind == "int":
        return default + 1 if field.get("maximum") is None or default < field["maximum"] else default - 1
    if kind == "set":
        return [o for o in field["options"] if o not in default][:1] + default[1:]
    if kind == "list":
        return [v + 1 for v in default]
    if kind == "table":
        return [list(reversed(row)) if i == 0 else row for i, row in enumerate(default)]
    raise AssertionError(f"{field['name']} cannot be changed")


def test_every_rules_field_has_a_human_label_and_no_snake_case():
    for name, game in all_games().items():
        for field in dataclasses.fields(game.Rules):
            assert field.metadata.get("label"), f"{name}.{field.name} has no label"
        for field in game.Rules.describe():
            for words in (field["label"], field["help"] or ""):
                assert not SNAKE_CASE.search(words), (name, field["name"], words)


@pytest.mark.parametrize("name", sorted(all_games()))
def test_the_home_page_card_has_a_control_for_every_house_rule(name):
    """Every field the player can change has a control on its game's card (data
    fields too: checkboxes, a row or a table of numbers); fields with one possible
    value are named in words; nothing a person reads is JSON or a code name."""
    game = GAMES[name]
    html = pages.game_card_html(game, {}, {}, in_progress=False, name=card_namer(name))
    assert f'id="play-{name}"' in html and "Replay a deal by its number" in html
    assert "<svg" in html, f"{name}'s home-page card has no picture (its Layout's `picture`)"
    pitch = layouts.layout_for(name).pitch
    assert pitch, f"{name}'s Layout has no `pitch` (web/manyhands_web/games/{name}.py)"
    shown = re.search(r'<p class="pitch">(.*?)</p>', html, re.S)
    assert shown and unescape(shown.group(1)) == pitch, (
        f"{name}'s pitch on its card ({shown and shown.group(1)!r}) is not its Layout's `pitch` "
        f"({pitch!r}) once HTML's escapes (&#x27; for an apostrophe) are read back")
    for field in game["fields"]:
        kind = pages.field_kind(field)
        if field["name"] == "players":
            assert (f'id="rule-{name}-players"' in html) == (len(pages.player_counts(field)) > 1)
        elif kind == "fixed":
            assert f"<b>{markup.esc(field['label'])}:</b>" in html
        else:
            assert f'data-field="{field["name"]}" data-kind="{kind}"' in html
            assert markup.esc(field["label"]) in html
    text = visible_text(html)
    assert not SNAKE_CASE.search(text), SNAKE_CASE.search(text)
    assert "[" not in text and "{" not in text, "no JSON on the home page"
    in_progress = pages.game_card_html(game, {}, {}, in_progress=True, name=card_namer(name))
    assert f'id="resume-{name}"' in in_progress and f'id="resume-{name}"' not in html


@pytest.mark.parametrize("name", sorted(all_games()))
def test_your_seat_is_a_place_named_as_the_table_names_it(name):
    """"Your seat" under Advanced offers a place drawn with the deal (the engine's
    seat 0, as before) or a place counted from the first hand's dealer (Lunar: the
    start player), named as the table names places ("Dealer's left"), never "Seat
    2"; a game started there puts you in that place, and the table then names the
    dealer where that place says (Dealer's left: the dealer is on your right)."""
    from pycore.words import seat_names
    game = all_games()[name]
    field = next(f for f in GAMES[name]["fields"] if f["name"] == "players")
    first = game.words.first_player
    for players in pages.player_counts(field):
        card = pages.game_card_html(GAMES[name], {"players": players}, {"seat": "p1"}, False, card_namer(name))
        select = re.search(rf'<select id="seat-{name}"[^>]*>(.*?)</select>', card).group(1)
        options = re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', select)
        assert [v for v, _, _ in options] == [""] + [f"p{k}" for k in range(players)]
        assert [v for v, chosen, _ in options if chosen] == ["p1"]
        labels = [html.unescape(label) for _, _, label in options]
        assert labels[0] == pages.DRAWN and not any(re.search(r"\bSeat \d", label) for label in labels)
        assert labels[1] == first.capitalize()
        for k, label in enumerate(labels[1:]):
            for seed in (3, 8):
                seat = pages.seat_at(name, {"players": players}, seed, f"p{k}")
                obs = game.new_game({"players": players}, seed=seed).observation(seat)
                dealer = obs["start"] if "start" in obs else obs["dealer"]
                assert (seat - dealer) % players == k, (label, seat, dealer)
                if players in (3, 4):                     # the table's own name for the dealer then
                    seen = {first.capitalize(): "You", f"{first.capitalize()}'s left": "Right",
                            f"Across from the {first}": "Across", f"{first.capitalize()}'s right": "Left"}
                    assert seat_names(players, seat)[dealer] == seen[label], label
        assert pages.seat_at(name, {"players": players}, 3, "") == 0


def test_the_pages_documented_examples_hold():
    import doctest
    assert doctest.testmod(pages).failed == 0


# What a player does not read in a house rule: a ruling's tag, the rules files'
# shorthand and asides, table positions by number.
NOT_FOR_PLAYERS = re.compile(r"\bRuling\b|\d\s*\.\.\.?\s*\d|\boriginal rules\b|\bseeds?\b|\bSeats? \d|"
                             r"\bx this\b|\(s\)|[\[\]{}]|\bengine\b|\bdata\b", re.I)


@pytest.mark.parametrize("name", sorted(all_games()))
def test_house_rules_say_what_each_rule_does_in_player_words(name):
    """The house rules on the home page's card and on the rules page: every rule
    says what it does in a sentence (its help beside its control, its description
    in the table), with no ruling tags, no "each 1..5" or "(the original rules name
    none)" and no record tokens; a ruling's number stays in a footnote under the
    table, naming the rules that settle it."""
    from tests.engine_tokens import engine_tokens
    game = GAMES[name]
    card = pages.game_card_html(game, {}, {}, False, card_namer(name))
    house = re.search(r'<div class="house-body">(.*?)</div></details>', card, flags=re.S).group(1)
    table = pages.house_rules_table(game["fields"], {}, "A new game is played with these.", card_namer(name))
    body, _, note = table.partition('<p class="note rulings-note">')
    for text in (visible_text(house), visible_text(body)):
        assert not NOT_FOR_PLAYERS.search(text), NOT_FOR_PLAYERS.search(text)
        assert not engine_tokens(text), engine_tokens(text)
    for field in game["fields"]:
        if field["name"] == "players":
            continue
        assert field["help"] and field["help"].endswith("."), (field["name"], field["help"])
        assert markup.esc(field["help"]) in house or pages.field_kind(field) == "fixed"
        assert field["doc"].endswith(".") and markup.esc(field["doc"]) in body
    rulings = sorted({f["ruling"] for f in game["fields"] if f["ruling"] not in (None, "gap")})
    assert all(f"{r}: " in note for r in rulings) and "Ruling" not in note


def test_lunar_and_tricksters_data_fields_have_real_controls():
    lunar = pages.game_card_html(GAMES["lunar"], {}, {}, False, card_namer("lunar"))
    boxes = re.findall(r'id="rule-lunar-star_cards-\d+" value="([^"]+)"( checked)?', lunar)
    assert len(boxes) == 12 and [v for v, on in boxes if on] == ["R1", "R8"]     # one box per card kind
    assert 'id="rule-lunar-track-12"' in lunar and "12 tricks" in lunar          # the track: 13 numbers
    tricksters = pages.game_card_html(GAMES["tricksters"], {}, {}, False, card_namer("tricksters"))
    assert 'id="rule-tricksters-deck-19-3"' in tricksters                       # 20 cards x 4 critters
    assert "Standard values" in tricksters


@pytest.mark.parametrize("name", sorted(all_games()))
def test_house_rules_read_back_into_the_games_rules(name):
    """Every control's reading becomes the engine's value of its field, and the
    rules page writes each value in words (the browser test does the same through
    the page into the record)."""
    game = GAMES[name]
    changeable = [f for f in game["fields"] if pages.field_kind(f) != "fixed"]
    wanted = {f["name"]: other_value(f) for f in changeable}
    raw = {f["name"]: raw_reading(f, wanted[f["name"]]) for f in changeable}
    values, errors = pages.read_house_rules(name, game["fields"], raw)
    assert errors == {}
    rules = all_games()[name].Rules.from_dict(values).to_dict()
    for key, value in wanted.items():
        assert rules[key] == value, key
    table = pages.house_rules_table(game["fields"], wanted, "", card_namer(name))
    for field in changeable:
        shown = pages.value_text(field, wanted[field["name"]], card_namer(name))
        assert f'<td class="value">{markup.esc(shown)}<br><span class="standard">' in table


def test_a_bad_house_rule_gets_a_message_for_its_field():
    values, errors = pages.read_house_rules("lunar", GAMES["lunar"]["fields"], {
        "target": "0", "track": [""] + ["1"] * 12, "deal": "mixed", "star_cards": [], "players": "3"})
    assert errors["target"] == "Must be at least 1; got 0."
    assert errors["track"] == "Enter a whole number in every box."
    assert errors["players"].startswith("Must be one of 2, 4")
    assert values == {"deal": "mixed", "star_cards": []}
    values, errors = pages.read_house_rules("voren", GAMES["voren"]["fields"],
                                            {"ante": "2.5", "starting_chips": "100"})
    assert errors == {"ante": "'2.5' is not a whole number."} and values == {"starting_chips": 100}


def test_values_in_words():
    lunar = {f["name"]: f for f in GAMES["lunar"]["fields"]}
    assert pages.value_text(lunar["track"], lunar["track"]["default"]) == (
        "1 trick: 1; 2 tricks: 2; 3 tricks: 3; 7 tricks: 4; 8 tricks: 5; any other count: 0")
    assert pages.value_text(lunar["deal"], "mixed") == "Mixed"
    assert pages.value_text(lunar["next_start"], "left") == lunar["next_start"]["help"]
    raven = {f["name"]: f for f in GAMES["raven"]["fields"]}
    assert pages.value_text(raven["short_game"], True) == "On"
    assert pages.players_text(raven["players"]) == "2 to 6 players"
    assert pages.players_text(lunar["players"]) == "2 or 4 players"


DIST = Path(os.environ.get("MANYHANDS_DIST", ROOT / "dist"))


def rendered(page: str) -> str:
    """A rules page as the build rendered it into dist/rules/ (a game's guide or
    complete rules added since the last build is not there yet)."""
    path = DIST / "rules" / page
    assert path.exists(), (f"{path} is not rendered: run python3 build.py build after adding "
                           "or changing web/guide/ or web/reference/")
    return path.read_text(encoding="utf-8")


@pytest.mark.skipif(not (DIST / "rules").is_dir(), reason="dist/ is not built")
@pytest.mark.parametrize("name", sorted(all_games()))
def test_the_rules_pages_are_rendered_for_players(name):
    """dist/rules/: the player's guide and the complete rules of the game, HTML
    rendered at build time (markdown-it-py): no Markdown left, no spec wording in
    the guide, which tells the game in the order a player needs it."""
    guide = rendered(f"{name}.html")
    reference = rendered(f"{name}-reference.html")
    for html in (guide, reference):
        assert "**" not in html and "<h1" not in html and "<h2>" in html
        assert not re.search(r"\(seeds? \d", html)
    assert "<table>" in guide and "<strong>" in guide
    for words in ("seed", "Decisions a hint must cover", "What a player can and cannot see", "Ruling"):
        assert words not in guide, words
    sections = [h.lower() for h in re.findall(r"<h3>(.*?)</h3>", guide)]
    order = ["the story and the goal", "the cards", "step by step", "scoring", "what you know about other hands"]
    found = [next(i for i, h in enumerate(sections) if part in h) for part in order]
    assert found == sorted(found), sections
    scoring = guide[guide.lower().index("<h3>scoring"):]
    assert re.search(r"<strong>A (trick|hand|round|bid)\.</strong>", scoring), "a worked example"


# What the complete rules a player reads never say: table seats by number, seat
# sets, the rules files' asides for developers, record tokens, ruling tags.
ENGINE_TERMS = re.compile(r"\bSeats? \d|\{\d|\bengine\b|\bseeds?\b|\bseeded\b|\bData\b|replaceable|<code>|"
                          r"\bhint\b|\bRuling\b|\bsolver\b|\btoken|\d\s*\.\.\.?\s*\d")


@pytest.mark.skipif(not (DIST / "rules").is_dir(), reason="dist/ is not built")
@pytest.mark.parametrize("name", sorted(all_games()))
def test_the_complete_rules_are_written_for_players(name):
    """The complete rules linked from How to play: titled as the complete rules,
    in a player's words (no "Seats 0..3", "{0, 2}", "Data, replaceable", "The
    engine takes", no record tokens), and still complete: every ruling of the
    rules the engine implements (web/manyhands_web/rules/, the shared rules) is
    settled there, its number kept in the closing note for the curious."""
    from tests.engine_tokens import engine_tokens
    page = rendered(f"{name}-reference.html")
    title = all_games()[name].title
    assert re.search(rf"<h2>The complete rules of {title}</h2>", page)
    text = html.unescape(visible_text(page))
    rules, _, note = text.partition("Cases the original rules leave open")
    assert not ENGINE_TERMS.search(text), ENGINE_TERMS.search(text)
    assert not engine_tokens(rules), engine_tokens(rules)      # (the note's ruling numbers look like cards)
    source = (ROOT / "web" / "manyhands_web" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    rulings = sorted(set(re.findall(r"Ruling ([A-Z]\d+)", source)))
    assert rulings and all(re.search(rf"\b{r}\b", note) for r in rulings), (rulings, note)


@pytest.mark.skipif(not (DIST / "core.zip").exists(), reason="dist/ is not built")
def test_the_page_loads_only_the_engine_and_its_own_package():
    with zipfile.ZipFile(DIST / "core.zip") as bundle:        # the solver is the worker's only
        assert {n.split("/")[0] for n in bundle.namelist()} == {"pycore"}
    with zipfile.ZipFile(DIST / "ui.zip") as bundle:          # Python only (rules pages: dist/rules/)
        assert all(n.endswith((".py", ".pyc")) for n in bundle.namelist())
    with zipfile.ZipFile(DIST / "solver.zip") as bundle:
        assert {n.split("/")[0] for n in bundle.namelist()} == {"solver"}


def test_the_level_descriptions_say_the_bots_own_budgets():
    """The home page's line for each computer level names the playouts the level
    really spends (solver.bots.LEVELS, its tree search's iterations where it
    plays one: TREE_ITERATIONS, and its deeper flat search's playouts where it
    searches deeper: DEEP_PLAYOUTS), so a change to a budget shows there too."""
    from solver import bots
    said = {key: what for key, _, what in pages.LEVELS}
    assert set(said) == set(bots.LEVELS)
    for level, playouts in bots.LEVELS.items():
        numbers = {int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*\d|\d", said[level])}
        budgets = ({playouts} if playouts else set()) | {bots.TREE_ITERATIONS.get(level), bots.DEEP_PLAYOUTS.get(level)}
        budgets.discard(None)
        assert numbers == budgets, (level, said[level])


PLAYER_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def player_counts(words: str) -> tuple[int, ...]:
    """'two, three or four players' -> (2, 3, 4)."""
    return tuple(PLAYER_COUNTS[word] for word in re.findall(r"\w+", words) if word in PLAYER_COUNTS)


def preset_player_counts(game) -> tuple[int, ...]:
    return tuple(sorted({preset.get("players", 4) for preset in game.presets()}))


def tables_where(hook: str) -> dict[str, tuple[int, ...]]:
    """Each game's title and the preset player counts at which its adapter's `hook`
    (tree_search, deep_search) holds at some position: a hand's start or a seeded
    position further on. Games where it never holds are left out."""
    from solver.view import adapter_for
    from tests.solver.positions import positions
    tables = {}
    for game in all_games().values():
        holds = getattr(adapter_for(game.name), hook)
        found = tuple(n for n in preset_player_counts(game)
                      if any(holds(state) for state, _ in positions(game.name, {"players": n}, 12, seed=3, starts=3)))
        if found:
            tables[game.title] = found
    return tables


def test_hard_names_the_tables_where_it_plays_its_cards_by_the_tree():
    """The hard line names the games whose adapter plays card play by the tree
    (`tree_search`), with the player counts where only some of its tables do,
    and no other: the adapters decide, the page says so."""
    hard = {key: what for key, _, what in pages.LEVELS}["hard"]
    named = re.search(r"in (.+?),? it plays its cards by a search", hard)
    assert named, hard
    said = {title: player_counts(counts) for title, _, counts in
            (table.partition(" with ") for table in re.split(r",? and in ", named.group(1)))}
    every_table = {game.title: preset_player_counts(game) for game in all_games().values()}
    assert said == {title: () if counts == every_table[title] else counts     # a game's name alone: all its tables
                    for title, counts in tables_where("tree_search").items()}


def test_hard_names_the_tables_where_it_searches_deeper():
    """The hard line names the tables whose adapter gives a decision hard's deeper
    flat search (`deep_search`: Raven's bids with five or six players, every
    Tricksters draft, suit and partner choice), and no other."""
    hard = {key: what for key, _, what in pages.LEVELS}["hard"]
    deeper = next(part for part in hard.split(";") if re.search(r"plays out [\d,]+ deals before", part))
    said = {title: player_counts(counts) for title, _, counts in
            (table.partition(" with ") for table in re.findall(r"in (\w+(?: with [\w, ]+? players)?)", deeper))}
    every_table = {game.title: preset_player_counts(game) for game in all_games().values()}
    assert said == {title: () if counts == every_table[title] else counts     # a game's name alone: all its tables
                    for title, counts in tables_where("deep_search").items()}
    assert said == {"Raven": (5, 6), "Tricksters": ()}


def test_the_first_screen_is_drawn_into_index_html_at_build_time():
    """index.html as build.py writes it: the home page's cards (every registered
    game, at its defaults, as the page's Python draws them for a first visit), the
    computers' level at Normal with its help, and each game's rules pages as
    templates around the place of their guide, so that they show before Python;
    an index.html without a place to draw into is refused, saying which."""
    from manyhands_web import first_screen
    source = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    page = first_screen.index_html(source)
    cards = page.split('<ul id="game-cards" class="game-cards">', 1)[1].split("</ul>\n", 1)[0]
    assert first_screen.home_cards_html(GAMES, {}, None) in page
    for name in all_games():
        assert f'id="game-{name}"' in cards and f'id="play-{name}"' in cards, name
        for frame in (f"rules-{name}", f"rules-{name}-reference"):
            template = page.split(f'<template id="{frame}">', 1)[1].split("</template>", 1)[0]
            assert template.count(first_screen.GUIDE) == 1 and 'class="rules-nav"' in template, frame
    assert '<option value="normal" selected>' in page and pages.level_help("normal") in unescape(page)
    assert page.index("</main>") < page.index("<template") < page.index('<script src="./first_screen.js">')
    with pytest.raises(ValueError, match="game-cards"):
        first_screen.index_html(source.replace('<ul id="game-cards" class="game-cards">', "<ul>"))
