"""Every sentence the site writes is spelled right: the table at every moment of
seeded games of every game (its status, seats, prompts, reasons a card cannot be
played, score sheets, score pad, game end, table details), the log, hints and
hand reviews, the home page, the house rules and the rules pages, checked by
Debian's hunspell with its en_US and en_GB dictionaries (installed by `build.py
test`) and
the games' own words (tests/data/words.txt, each with why it is a word of the
games). Natively, no browser: the same Python draws the page."""
from __future__ import annotations

import functools
import html
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pycore import all_games
from pycore.answer import Hint
from pycore.records import dumps
from pycore.words import Narrator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import (history, history_view, hint_view, log_view, pages, render, replay_view,  # noqa: E402
                           review_view, stats, stats_view)
from manyhands_web.session import card_namer, describe_games  # noqa: E402
from tests.catalog import own_cases  # noqa: E402
from tests.moments import moments  # noqa: E402

# The site writes British spellings (centre, neighbour) and American ones: either is right.
DICTIONARIES = "en_US,en_GB"
DICTIONARY_FILES = [Path(f"/usr/share/hunspell/{d}.dic") for d in DICTIONARIES.split(",")]
WORDS = ROOT / "tests" / "data" / "words.txt"
SEED = 2
# The games harvested, as each game's own tests list them (SPELLED_TABLES): every
# game, its player counts where the words change (two players: "Opponent"; more
# than four: "Player 5"), each theme; the first hand reviewed in one table of each
# game (the review's words do not change with the player count, and a review is
# the slow part). (name, players, theme, reviewed)
TABLES = own_cases("SPELLED_TABLES")
HINTS_PER_GAME = 4
HINT_BUDGET = {"effort": 8, "seed": 1}
REVIEW_BUDGET = {"effort": 6, "seed": 1}

pytestmark = pytest.mark.skipif(not (shutil.which("hunspell") and all(d.exists() for d in DICTIONARY_FILES)),
                                reason="no hunspell en_US and en_GB (python3 build.py test installs them)")


# --- harvesting the text -----------------------------------------------------------------------
HIDDEN = re.compile(r"<(script|style)\b.*?</\1>|<!--.*?-->", re.S)
TAG = re.compile(r"<[^>]*>")
LABEL = re.compile(r'\s(?:aria-label|title|placeholder|alt)="([^"]*)"')


def said(markup: str) -> list[str]:
    """What a person reads or hears of `markup`: its text (each element's apart)
    and its labels, tooltips and placeholders."""
    markup = HIDDEN.sub(" ", markup)
    return [TAG.sub("\n", markup), *LABEL.findall(markup)]


def _viewer(state, step: int) -> int:
    """The seat to act at every other moment (its prompt, its choices, why a card
    cannot be played), another seat in between (waiting for someone else)."""
    if step % 2 == 0 and state.current_player is not None:
        return state.current_player
    return step % state.players


def table_texts(name: str, players: int, theme: str) -> tuple[list[str], object]:
    """The table at every moment of a seeded game, in varied states of the page
    (table details, the trick viewer, a partial pick of cards, a card's choices),
    and the log at the end from every seat; and the game's last state."""
    game = all_games()[name]
    out: list[str] = []
    state = None
    for step, (state, obs, ui) in enumerate(moments(name, players, SEED, _viewer)):
        tell = Narrator(game, obs, theme)
        mine = obs["to_act"] == obs["seat"] and not obs["terminal"]
        why = (lambda token, s=state, t=tell: s.why_not(token, t)) if mine else None
        extra = {"show_details": step % 2 == 1, "view_trick": 0 if step % 5 == 4 else None}
        out += said(render.table_html(tell, dict(ui, **extra), why))
        if mine:
            groups = render.classify(obs["legal"], obs.get("hand") or [], tell.words.picks)
            if groups["subs"]:
                out += said(render.table_html(tell, dict(ui, sub=next(iter(groups["subs"]))), why))
            if any(len(t) > render.MANY_CHOICES for t in groups["verbs"].values()):
                out += said(render.table_html(tell, dict(ui, selected=[0]), why))
    for seat in range(state.players):
        tell = Narrator(game, state.observation(seat), theme)
        out += said(log_view.log_html(tell))
    return out, state


def hint_texts(name: str, players: int, theme: str) -> list[str]:
    """The hint panel and its first step at a few decisions of a seeded game."""
    from solver import api
    game = all_games()[name]
    state = game.new_game({"players": players}, seed=SEED)
    rng = random.Random(SEED)
    out, decisions, asked = [], 0, 0
    while not state.is_terminal and asked < HINTS_PER_GAME:
        seat = state.current_player
        if len(state.legal_actions()) > 1:
            decisions += 1
            if decisions % 5 == 1:
                answer = api.hint(dumps(state), seat, HINT_BUDGET, theme=theme)
                tell = Narrator(game, state.observation(seat), theme)
                hint = Hint.from_json(answer)       # (the hint before: as if it said the last choice)
                out += said(hint_view.hint_html(hint, tell, earlier=hint.actions[-1].action))
                out += [hint_view.hint_first_step(hint, tell)]
                asked += 1
        state = state.apply_action(rng.choice(state.legal_actions()))
    return out


def review_texts(name: str, state, theme: str) -> list[str]:
    """The review of the first hand of a game, every step of it."""
    from manyhands_web.session import review_narrator
    from solver import review as rv
    data = rv.review(dumps(state), 0, 1, REVIEW_BUDGET, theme=theme, cache={})
    hand = data["hands"][0]
    tell = review_narrator(data["record"], data["seat"], theme, hand["end_action"])
    return [text for step in range(len(hand["tricks"]) + 1)
            for text in said(review_view.review_html(hand, tell, step))] + [rv.summary_line(hand)]


def page_texts() -> list[str]:
    """The home page (its shell, every game's card, new and in progress, the levels),
    the house rules tables, the messages a bad house rule gets."""
    out = said((ROOT / "web" / "index.html").read_text(encoding="utf-8"))
    games = {g["name"]: g for g in describe_games()}
    out += said(pages.rules_nav_html(games, "voren"))
    for key, label, what in pages.LEVELS:
        out += [label, what, pages.level_help(key)]
    for name, game in games.items():
        namer = card_namer(name)
        for in_progress in (False, True):
            out += said(pages.game_card_html(game, {}, {}, in_progress, namer))
        out += said(pages.house_rules_table(game["fields"], {}, "A new game is played with these.", namer))
        for field in game["fields"]:
            bad = {"int": "many", "choice": "x", "list": ["x"], "table": [["x"]]}.get(pages.field_kind(field))
            if bad is not None:
                out += list(pages.read_house_rules(name, game["fields"], {field["name"]: bad})[1].values())
            if pages.field_kind(field) == "int":
                for value in (field.get("minimum"), field.get("maximum")):
                    if value is not None:
                        wrong = str(value - 1 if value == field.get("minimum") else value + 1)
                        out += list(pages.read_house_rules(name, game["fields"], {field["name"]: wrong})[1].values())
    return out


def history_texts() -> list[str]:
    """The History page (with a game's replay, its par, a share link and a shared
    deal's scores) and the Statistics page, of a few finished games."""
    from tests.test_history import kept_history
    kept, ids = kept_history()
    entries = kept.games()
    games = {g["name"]: g for g in describe_games()}
    out = said(history_view.history_html(entries, games, "", "", kept.used(), "Imported 1 game.", full=True))
    out += said(history_view.history_html([], games, "", "", 0, ""))
    saved = kept.load_game(ids[0])
    steps = replay_view.steps(saved["record"], saved["seat"])
    for step in (0, len(steps) - 1):
        out += said(replay_view.replay_html(steps, saved["record"], saved["seat"], "", step, "Voren"))
    out += said(history_view.link_html("http://example.org/#deal=x", "sheet"))
    out += said(history_view.compare_html({"hand": 1, "score": 3, "par": 2}, 5, 2, "hand"))
    groups = stats.statistics(entries)
    out += said(stats_view.stats_html(groups, True)) + said(stats_view.stats_html([], False))
    out.append(history.import_text({"added": 2, "already": 1, "refused": ["game 3: not a game"],
                                    "dropped": [{}], "full": True}))
    return out


def rules_texts() -> list[str]:
    """The rules pages: each game's guide and complete rules, as build.py renders them."""
    from markdown_it import MarkdownIt
    md = MarkdownIt("commonmark", {"typographer": True}).enable(["table", "replacements", "smartquotes"])
    return [t for folder in ("guide", "reference") for source in sorted((ROOT / "web" / folder).glob("*.md"))
            for t in said(md.render(source.read_text(encoding="utf-8")))]


# --- checking it -------------------------------------------------------------------------------
def games_words() -> list[str]:
    """tests/data/words.txt: a word, then after "#" why it is a word of the games."""
    words = []
    for line in WORDS.read_text(encoding="utf-8").splitlines():
        word, _, why = line.partition("#")
        if word.strip():
            assert why.strip(), f"{word.strip()!r} in {WORDS.name} says not why it is a word of the games"
            words.append(word.strip())
    return words


@functools.lru_cache(maxsize=1)
def personal_dictionary(tmp: Path) -> Path:
    path = tmp / "games.dic"
    path.write_text("\n".join(games_words()) + "\n", encoding="utf-8")
    return path


def misspelled(texts: list[str], tmp: Path) -> dict[str, str]:
    """Each word hunspell does not know, with a line it is in (a typographic
    apostrophe read as one; a "word" with a digit, a number or a ruling's number,
    is no word)."""
    lines = sorted({line.strip() for text in texts
                    for line in html.unescape(text).replace("\N{RIGHT SINGLE QUOTATION MARK}", "'").splitlines()
                    if line.strip()})
    result = subprocess.run(["hunspell", "-d", DICTIONARIES, "-i", "utf-8", "-p", str(personal_dictionary(tmp)), "-l"],
                            input="\n".join(lines), capture_output=True, text=True, encoding="utf-8", check=True)
    unknown = sorted({word for word in result.stdout.split() if not re.search(r"\d", word)})
    return {word: next((line for line in lines if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", line)), "")
            for word in unknown}


# Grammar faults a spelling checker cannot see, in the shapes the site's sentences
# are made in (a count and its noun, an article, a word written twice).
GRAMMAR = {
    "a count of one with a plural": re.compile(
        r"(?<![\d.,\N{MINUS SIGN}-])\b1 (?:cards|tricks|points|chips|deals|moves|bids|times|hands|rounds|"
        r"players|seats|playouts|choices|exact bids|star cards)\b"),
    "a before a vowel": re.compile(r"\b[aA] (?!one\b|once\b|U\w)[aeiouAEIOU]\w"),
    "an before a consonant": re.compile(r"\b[aA]n (?!hour|honest|\d)[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]\w"),
    "a word twice": re.compile(r"\b(?![\d])(\w+) \1\b"),
}


def grammar_faults(texts: list[str]) -> list[str]:
    lines = {line.strip() for text in texts for line in html.unescape(text).splitlines() if line.strip()}
    return sorted(f"{fault}: {line[:160]}" for line in lines for fault, pattern in GRAMMAR.items()
                  if pattern.search(line))


@pytest.fixture(scope="module")
def tmp(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("spelling")


@pytest.mark.parametrize("name,players,theme,reviewed", TABLES,
                         ids=[f"{n}-{p}{'-' + t if t else ''}" for n, p, t, _ in TABLES])
def test_the_table_log_hints_and_review_are_spelled_right(name, players, theme, reviewed, tmp):
    texts, end = table_texts(name, players, theme)
    texts += hint_texts(name, players, theme)
    if reviewed:
        texts += review_texts(name, end, theme)
    wrong = misspelled(texts, tmp)
    assert not wrong, "\n".join(f"{word}: {line[:160]}" for word, line in wrong.items())
    assert not grammar_faults(texts), "\n".join(grammar_faults(texts))


def test_the_history_and_statistics_pages_are_spelled_right(tmp):
    texts = history_texts()
    wrong = misspelled(texts, tmp)
    assert not wrong, "\n".join(f"{word}: {line[:160]}" for word, line in wrong.items())
    assert not grammar_faults(texts), "\n".join(grammar_faults(texts))


def test_the_home_page_house_rules_and_rules_pages_are_spelled_right(tmp):
    texts = page_texts() + rules_texts()
    wrong = misspelled(texts, tmp)
    assert not wrong, "\n".join(f"{word}: {line[:160]}" for word, line in wrong.items())
    assert not grammar_faults(texts), "\n".join(grammar_faults(texts))


def test_the_games_words_are_words_the_site_uses_and_the_checker_finds_a_misspelling(tmp):
    """Each word of tests/data/words.txt is one hunspell does not know by itself and
    one the site's sources write (no word kept for nothing); and the checker still
    finds today's kind of fault ("reache")."""
    words = games_words()
    bare = subprocess.run(["hunspell", "-d", DICTIONARIES, "-i", "utf-8", "-l"], input="\n".join(words),
                          capture_output=True, text=True, encoding="utf-8", check=True).stdout.split()
    assert sorted(bare) == sorted(words), f"known without the list: {sorted(set(words) - set(bare))}"
    sources = " ".join(p.read_text(encoding="utf-8") for folder in ("pycore", "solver", "web")
                       for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md", ".html"))
    stems = {w: w.removesuffix("'s") for w in words}          # a possessive: its noun
    unused = [w for w in words if not re.search(rf"(?<!\w){re.escape(stems[w])}(?!\w)", sources)]
    assert not unused, f"words the site never writes: {unused}"
    assert list(misspelled(["Left, Across and Right reache the target of 11."], tmp)) == ["reache"]
