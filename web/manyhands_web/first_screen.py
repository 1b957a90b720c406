"""What the page shows before its Python has started: the home page's cards and
the computers' level, and each game's rules page around its guide, as HTML that
build.py writes into index.html (web/first_screen.js shows them, and takes a
click on Play, until Python takes over). The page's Python draws the same HTML
from the same functions, with the player's kept choices. Pure Python: run by
build.py natively and by home.py and views.py in the page."""
from __future__ import annotations

from . import pages
from .lesson import learn_links_html, lessons_of
from .markup import esc
from .session import card_namer, describe_games

GUIDE = "<!--guide-->"      # where a rules page's guide goes (fetched: dist/rules/<game>.html)
DEFAULT_LEVEL = "normal"


def home_cards_html(games: dict, prefs: dict, playing: str | None, finished: frozenset = frozenset()) -> str:
    """A card per game, with the house rules and Advanced choices kept in `prefs`
    (none: each game's defaults); `playing`: the game at the table; `finished`:
    the games of which a game was finished (with a guided hand finished, kept in
    `prefs`: its "Learn by playing" is no longer the first thing offered)."""
    learned = finished | {name for name, done in (prefs.get("learned") or {}).items() if done}
    cards = []
    for name, game in games.items():
        values = prefs.get("rules", {}).get(name, {})
        advanced = prefs.get("advanced", {}).get(name, {})
        cards.append(pages.game_card_html(game, values if isinstance(values, dict) else {},
                                          advanced if isinstance(advanced, dict) else {},
                                          name == playing, card_namer(name),
                                          learn_links_html(name, name in learned)))
    return "".join(cards)


def kept_level(prefs: dict) -> str:
    level = prefs.get("level")
    return level if level in {key for key, _, _ in pages.LEVELS} else DEFAULT_LEVEL


def rules_page_html(games: dict, name: str, reference: bool, values: dict, where: str,
                    at_table: bool = False) -> str:
    """How to play `name` (or its complete rules: `reference`) with GUIDE where
    the guide's text goes: the games' links, Back to your game (`at_table`), the
    house rules at `values` said `where` they apply, the link to the complete rules."""
    game = games[name]
    nav = f'<nav class="rules-nav" aria-label="Games">{pages.rules_nav_html(games, name)}</nav>'
    back = '<p class="back"><a class="button" href="#table">Back to your game</a></p>' if at_table else ""
    if reference:
        return (nav + back + f'<p class="back"><a href="#rules/{name}">How to play {esc(game["title"])}</a></p>'
                f'<article class="guide reference">{GUIDE}</article>')
    learn = "".join(f'<p class="learn-link"><a href="#learn/{esc(lesson.key)}">Learn {esc(lesson.name)} by playing '
                    "a guided first hand</a></p>" for lesson in lessons_of(name))
    return (nav + back + learn + f'<article class="guide">{GUIDE}</article>'
            + pages.house_rules_table(game["fields"], values, where, card_namer(name))
            + f'<p class="reference-link"><a href="#rules/{name}/reference">The complete rules of '
            f'{esc(game["title"])}, every case settled</a></p>')


def new_game_where(game: dict) -> str:
    return (f"A new game of {game['title']} is played with these; change them under "
            "House rules on the home page.")


def index_html(page: str) -> str:
    """index.html with the home page's cards and level drawn at their defaults, and
    each game's rules pages as templates (`rules-<game>`, `rules-<game>-reference`)."""
    games = {g["name"]: g for g in describe_games()}
    filled = {
        '<select id="level" aria-describedby="level-help"></select>':
            f'<select id="level" aria-describedby="level-help">{pages.level_options_html(DEFAULT_LEVEL)}</select>',
        '<p class="help" id="level-help"></p>':
            f'<p class="help" id="level-help">{esc(pages.level_help(DEFAULT_LEVEL))}</p>',
        '<ul id="game-cards" class="game-cards"></ul>':
            f'<ul id="game-cards" class="game-cards">{home_cards_html(games, {}, None)}</ul>',
    }
    templates = "".join(
        f'<template id="rules-{name}{"-reference" if reference else ""}">'
        f'{rules_page_html(games, name, reference, {}, new_game_where(game))}</template>'
        for name, game in games.items() for reference in (False, True))
    filled["</main>"] = f"</main>\n{templates}"
    for empty, drawn in filled.items():
        if page.count(empty) != 1:
            raise ValueError(f"index.html has not exactly one {empty!r} to draw into")
        page = page.replace(empty, drawn)
    return page
