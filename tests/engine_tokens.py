"""What an engine token looks like, for tests that no player ever sees one.

`engine_tokens(text)` lists the pieces of `text` that look like record tokens,
solver place names (`hand:2`), snake_case identifiers or JSON. The tokens come
from the registered games themselves: every card of each game's deck whose
token is not a plain word (`Sh10`, `T12`, `R5`, `GH`; "Raven" and "Wolf" are
also the players' names for those cards), and every action token of several
words at each preset (`deal poke`, `partner 3`, `take T7`, `Dwarf Sh`, its
first word and what follows it: a card or what the game put there) or with a
colon (`sky:R5`). Player words ("10 of Shields", "Deal with a poke") pass.
"""
from __future__ import annotations

import functools
import random
import re

from pycore import all_games

PLAIN_WORD = re.compile(r"[A-Z]?[a-z]+")          # a token a player may read as a word
GENERIC = {
    "solver place": r"\b[a-z]+:\d",
    "snake_case": r"\b[a-z]+_[a-z0-9_]+\b",
    "JSON": r"[{}]|\"\w+\":",
}


def _alternatives(words) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=lambda w: (-len(w), w)))


def _action_tokens(game) -> set[str]:
    """The tokens of every action legal somewhere in one seeded game at each preset
    (random choices), and of the action universe at its start."""
    out = set()
    for preset in game.presets():
        rng = random.Random(1)
        state = game.new_game(preset, seed=1)
        out.update(game.action_token(state, action) for action in state.action_universe())
        while not state.is_terminal:
            legal = state.legal_actions()
            out.update(game.action_token(state, action) for action in legal[:50])
            state = state.apply_action(rng.choice(legal))
    return out


@functools.cache
def patterns() -> dict[str, str]:
    """{kind: regular expression}: each game's cards and action tokens, then the generic kinds."""
    out = {}
    for name, game in sorted(all_games().items()):
        deck = [game.deck.token(card) for card in range(len(game.deck))]
        cards = [token for token in deck if not PLAIN_WORD.fullmatch(token)]
        out[f"{name} card"] = rf"\b(?:{_alternatives(cards)})\b"
        follows: dict[str, set[str]] = {}
        prefixes = set()
        for token in _action_tokens(game):
            words = token.split(" ")
            if len(words) > 1:
                follows.setdefault(words[0], set()).add(words[1])
            prefixes.update(word.split(":")[0] + ":" for word in words if ":" in word)
        for verb, after in sorted(follows.items()):
            out[f"{name} action {verb}"] = rf"\b{re.escape(verb)} (?:{_alternatives(after | set(cards))})\b"
            out[f"{name} action {verb}"] += "".join(rf"|\b{re.escape(w)}\b" for w in after
                                                     if w.islower() and w.isalpha() and w not in PLAYER_WORDS)
        if prefixes:
            out[f"{name} token prefix"] = rf"\b(?:{_alternatives(prefixes)})"
    out.update(GENERIC)
    return out


# the second words of action tokens that players read too ("deal poke" is a token, "a poke" is a word)
PLAYER_WORDS = {"poke", "fold", "play", "deal"}


@functools.cache
def _compiled() -> tuple[re.Pattern, list[str]]:
    found = patterns()
    return re.compile("|".join(f"(?P<g{i}>{p})" for i, p in enumerate(found.values()))), list(found)


def engine_tokens(text: str) -> list[tuple[str, str]]:
    """(kind, piece) for every token-like piece of `text`."""
    pattern, names = _compiled()
    out = []
    for match in pattern.finditer(text):
        index = int(match.lastgroup[1:])
        out.append((names[index], match.group(0)))
    return out
