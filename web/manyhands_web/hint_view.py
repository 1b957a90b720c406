"""The hint panel's content: the solver's answer (pycore.answer.Hint, read by
the panel through `Hint.from_json`; solver/hint_words.py words it) as a player
reads it, step by step. Runs natively (tests) and in Pyodide."""
from __future__ import annotations

import json

from pycore.answer import ActionValue, ChoiceWords, Hint, Opponents, OpponentRow
from pycore.words import Narrator, count

from .markup import esc


HINT_GROUPS = (("best", "Best"), ("close", "About as good"), ("worse", "Less good"),
               ("aside", "Dropped after a first quick look"))
FOLD_ASIDE = 6          # this many choices dropped after a first quick look are folded under one line
ASIDE_NOTE = ("A first quick look at every choice left these behind after a deal or few each: "
              "too few deals to compare them with the best.")
NO_HINT = "No hint for this position."


def refused(answer: dict) -> str | None:
    """The one line of a hint the worker refused ({"available": false, "message":
    "Hint refused: ..."}); None for a hint."""
    if answer.get("available", True) is not False:
        return None
    return answer.get("message") or NO_HINT


def refused_html(message: str) -> str:
    return f'<p class="hint-unavailable" id="hint-unavailable">{esc(message)}</p>'


def _hint_group(entry: ActionValue) -> str:
    return {"as good": "close", "screened": "aside", "unsearched": "worse"}.get(entry.group, entry.group)


def hint_html(hint: Hint, tell: Narrator, earlier: str | None = None) -> str:
    """The solver's answer as a player reads it, step by step: the hint's first
    step is the summary line above this (hint_sentence: "Consider the 10 of
    Shields: ..."); here how sure it is in a card player's words (or that it is
    too close to call) and the offer to search more, then on request how that
    was worked out ("How do we know?"), every choice grouped against the best (one line each,
    the solver's words) and what can be told of the other hands, as a table.
    `earlier`: the suggestion of the hint before, when this one searched the same
    position again at its offer (Think longer, every deal): whether it held."""
    words = hint.words
    ranked = list(zip(hint.actions, words.choices))
    out = ""
    if words.close_call:
        out += f'<p class="hint-close" id="hint-close-call">{esc(words.close_call)}</p>'
    if words.sure:
        out += f'<p class="hint-sure" id="hint-sure">{esc(words.sure)}</p>'
    if earlier is not None:     # the solver's words for it, where the request named it
        change = words.change
        if not change and hint.best == earlier:
            change = "The longer search kept the suggestion of the hint before."
        elif not change:
            change = f"The longer search changed the suggestion: the hint before said “{tell.choice(earlier)}”."
        out += f'<p class="hint-why" id="hint-change">{esc(change)}</p>'
    budget = hint.more
    if budget and not hint.all_worlds:
        button_id = "hint-all" if budget.get("all_worlds") else "hint-longer"
        note = "Slower: every possible deal, not a sample." if budget.get("all_worlds") else \
            "Slower: a longer search to tell the close choices apart."
        out += (f'<p class="hint-all"><button type="button" id="{button_id}" class="hint-more" '
                f'data-budget="{esc(json.dumps(budget))}">{esc(words.more_label)}</button> '
                f'<span class="hint-why">{esc(note)}</span></p>')
    if words.certainty:     # how it was worked out: deals, play-outs, what was left out
        out += (f'<details id="hint-how"><summary>How do we know?</summary>'
                f'<p class="hint-why" id="hint-certainty">{esc(words.certainty)}</p></details>')
    if len(ranked) > 1:                  # one choice: the summary line has said it all
        def item(e: ActionValue, said: ChoiceWords) -> str:
            return (f'<li data-token="{esc(e.action)}" data-group="{esc(e.group)}">'
                    f'<b>{esc(tell.choice(e.action))}</b>: {esc(said.why)}</li>')
        # the choices dropped after a deal or few (Lunar's gifts, Raven's bids) are a group
        # of their own, said to be so; many are folded away under one line
        groups = []
        for key, title in HINT_GROUPS:
            items = [item(e, said) for e, said in ranked if _hint_group(e) == key]
            if not items:
                continue
            listed = f'<ul class="hint-list">{"".join(items)}</ul>'
            if key == "aside":
                note = f'<p class="hint-why">{esc(ASIDE_NOTE)}</p>'
                listed = note + (f'<details class="hint-aside"><summary>{len(items):,} choices dropped '
                                 f'after a first quick look</summary>{listed}</details>'
                                 if len(items) >= FOLD_ASIDE else listed)
            groups.append(f'<h4>{esc(title)}</h4>{listed}')
        shared = "".join(f'<p class="hint-why hint-shared">{esc(fact)}</p>' for fact in words.shared)
        out += (f'<details id="hint-table"><summary>Compare all {len(ranked):,} choices</summary>'
                f'<div id="hint-list">{shared}{"".join(groups)}</div></details>')
    opponents = words.opponents
    if opponents.rows or opponents.facts:
        out += ('<details id="hint-inference"><summary>What you can tell about the other hands</summary>'
                + _opponents_html(opponents) + "</details>")
    return out


def _opponents_html(opponents: Opponents) -> str:
    """The solver's readable table of the other hands (solver/opponents.py): a
    column per suit (cards held on average, "none" when surely none) and, per
    hand, its name and size on a line of its own over its row of suits (a column
    of names beside four suits did not fit the desktop's side panel: "Player 2"
    on two lines, Waters out of sight), then its other cards (likely ones, and
    the few they may hold) where something stands out; without suits, a row per
    hand with its other cards beside it. The notable facts as sentences above
    it (alone, where there is no table: nothing stands out yet)."""
    facts = "".join(f"<li>{esc(f)}</li>" for f in opponents.facts)
    suits = opponents.suits

    def named(r: OpponentRow, tag: str) -> str:
        size = (f'<span class="hint-size">{esc(count(r.cards, "card"))}</span>'
                if r.cards is not None else "")
        return f'{tag}{esc(r.name)}{size}</th>'

    def hand(r: OpponentRow) -> str:
        if not suits:
            return f'<tr>{named(r, "<th scope=row>")}<td>{esc(r.other)}</td></tr>'
        other = (f'<tr class="hint-other"><td colspan="{len(suits)}">Other cards: {esc(r.other)}</td></tr>'
                 if r.stands_out else "")
        return (f'<tbody class="hint-hand"><tr class="hint-name">{named(r, f"<th scope=rowgroup colspan={len(suits)}>")}</tr>'
                f'<tr>{"".join(f"<td>{esc(c)}</td>" for c in r.suits)}</tr>{other}</tbody>')
    rows = "".join(hand(r) for r in opponents.rows)
    head = ("".join(f"<th scope=col>{esc(s)}</th>" for s in suits) if suits
            else "<th scope=col>Hand</th><th scope=col>Other cards</th>")
    body = rows if suits else f"<tbody>{rows}</tbody>"
    table = (f'<div class="hint-table-wrap"><table class="hint-hands"><thead><tr>{head}</tr></thead>'
             f'{body}</table></div>') if rows else ""
    return ((f'<ul class="hint-facts">{facts}</ul>' if facts else "") + table
            + (f'<p class="hint-why">{esc(opponents.note)}</p>' if opponents.note else ""))


def hint_sentence(hint: Hint, tell) -> str:
    """The hint in one sentence: the best choice (the panel has the details)."""
    return f"Hint: the best choice is {tell.choice(hint.best)}."


def hint_first_step(hint: Hint, tell) -> str:
    """The hint's first step, above its details: one suggestion and its reason
    ("Consider the 10 of Shields: it wins this trick ...")."""
    return hint.words.summary or hint_sentence(hint, tell)
