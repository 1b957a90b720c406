"""What an engine token looks like, for tests that no player ever sees one.

`engine_tokens(text)` lists the pieces of `text` that look like record tokens
(cards such as `Sh10`, `T12`, `R5`, `GH`, `sky:R5`; actions such as `deal poke`,
`partner 3`, `take T7`, `Dwarf Sh`), solver place names (`hand:2`), snake_case
identifiers or JSON. Player words ("10 of Shields", "Deal with a poke") pass.
"""
from __future__ import annotations

import re

PATTERNS = {
    "raven card": r"\b(?:Sh|Sw|Ax|Wa)\d{1,2}\b",
    "tricksters card": r"\bT\d{1,2}\b",
    "lunar rank card": r"\bR[1-8]\b",
    "voren card": r"\b[1-5RLG][CDHS]\b",
    "sky token": r"\bsky:",
    "solver place": r"\b(?:hand|bid|out|poke|stock|centre|sky):\d",
    "dealer option": r"\bdeal (?:poke|allplay)\b|\ballplay\b",
    "partner token": r"\bpartner \d",
    "verb token": r"\b(?:take|suit|give|turn|bid) (?:T\d|R\d|Sh|Sw|Ax|Wa|Wolf|Owl|Lynx|Bat|Ravens|Foxes|Rats|Toads)\b",
    "dwarf token": r"\bDwarf (?:Sh|Sw|Ax|Wa)\b",
    "snake_case": r"\b[a-z]+_[a-z0-9_]+\b",
    "JSON": r"[{}]|\"\w+\":",
}
_ANY = re.compile("|".join(f"(?P<g{i}>{p})" for i, p in enumerate(PATTERNS.values())))
_NAMES = list(PATTERNS)


def engine_tokens(text: str) -> list[tuple[str, str]]:
    """(kind, piece) for every token-like piece of `text`."""
    out = []
    for match in _ANY.finditer(text):
        index = int(match.lastgroup[1:])
        out.append((_NAMES[index], match.group(0)))
    return out
