"""The numbers of a game at the table: the score pad (a row per finished hand),
a hand's score sheet (the points explained, every hand face up) and the end of
the game (the winner in words, the ranking, Play again). Each game's columns come
from its layout (layouts.py, games/). Runs natively (tests) and in Pyodide."""
from __future__ import annotations

import json

from pycore.words import Narrator

from .cards import card_html
from .markup import esc


def score_pad_html(tell: Narrator, layout) -> str:
    """The running score: one row per finished hand, one column per player (per
    team in Lunar); each hand's row opens its score sheet."""
    heads, rows = layout.pad(tell)
    head = "".join(f"<th scope=col>{esc(h)}</th>" for h in heads)
    body = []
    for index, cells in enumerate(rows):
        body.append(f'<tr data-hand="{index}"><th scope=row><button type="button" data-ui="sheet" '
                    f'data-hand="{index}">{esc(layout.hand_word.capitalize())} {index + 1}</button></th>'
                    + "".join(f'<td data-col="{c}">{cell}</td>' for c, cell in enumerate(cells)) + "</tr>")
    return (f'<section class="score-pad" id="score-pad" aria-label="Score pad"><h3>Score pad</h3>'
            f'<p class="note">{esc(layout.pad_note)}</p>'
            f'<div class="scroll"><table><thead><tr><th scope=col>{esc(layout.hand_word.capitalize())}</th>{head}'
            f'</tr></thead><tbody>{"".join(body)}</tbody></table></div></section>')


def score_sheet_html(tell: Narrator, layout, index: int, holding: bool, note: str = "") -> str:
    """A finished hand's score sheet: the numbers per player (or team), the points
    explained in sentences, `note` (the par, a shared deal's scores, the link to
    share it: history_page.py), and every hand of it face up."""
    obs = tell.obs
    results = obs["hand_results"]
    result = results[index]
    total = obs.get("hands_in_game")
    title = (f"{layout.hand_word.capitalize()} {index + 1}" + (f" of {total}" if total else "") + ": scores")
    lines = "".join(f"<li>{esc(line)}</li>" for line in tell.hand_lines(result))
    faces, marked = [], ""
    for seat, cards in enumerate(result.get("hands") or []):
        marks, marked = layout.face_marks(result, seat)
        if cards is None:
            shown = f'<span class="note">{esc(tell.words.unshown(result, seat))}</span>'
        else:
            shown = "".join(card_html(c, tell, classes="small mini" + (" marked" if c in marks else "")) for c in cards)
            shown = f'<span class="cards small">{shown}</span>'
        faces.append(f'<li data-seat="{seat}"><b>{esc(tell.seat(seat))}</b>{shown}</li>')
    legend = f' <span class="note">(dashed outline: {esc(marked)})</span>' if marked else ""
    last = index == len(results) - 1
    if holding:
        go = "See the final result" if obs.get("terminal") and last else f"Next {layout.hand_word}"
        buttons = f'<button type="button" class="primary" data-ui="continue" id="continue">{go}</button>'
    else:
        buttons = '<button type="button" class="primary" data-ui="sheet-close" id="sheet-close">Close</button>'
    nav = (f'<button type="button" data-ui="sheet" data-hand="{index - 1}">Previous {layout.hand_word}</button>'
           if index > 0 else "")
    nav += (f'<button type="button" data-ui="sheet" data-hand="{index + 1}">Next {layout.hand_word}\'s scores</button>'
            if not last else "")
    nav += (f' <button type="button" data-ui="review" data-hand="{index}" id="review-hand">'
            f'Review this {layout.hand_word}</button>'
            f' <button type="button" data-ui="share" data-hand="{index}" id="share-hand">Share this deal</button>')
    return (f'<section class="overlay score-sheet" id="score-sheet" role="dialog" aria-modal="false" '
            f'aria-labelledby="score-sheet-title" data-hand="{index}">'
            f'<div class="overlay-body"><div class="overlay-head"><h3 id="score-sheet-title">{esc(title)}</h3>'
            f'<p class="overlay-buttons">{buttons} {nav}</p></div>'
            f'<div class="scroll">{layout.sheet_table(tell, result)}</div>'
            f'<ul class="sheet-lines">{lines}</ul>{note}'
            f'<h4>The hands, face up{legend}</h4><ul class="faces">{"".join(faces)}</ul></div></section>')


def game_end_html(tell: Narrator, layout, closed: bool, note: str = "") -> str:
    """The end of the game: the winner in words, the ranking (shared places said as
    such, teams as teams), `note` (a shared deal's scores and par, the par of each
    hand), Play again (same rules and seat, a new deal) and New game."""
    obs = tell.obs
    totals = obs.get("totals") or []
    winners = obs.get("winners") or []
    data = (f'id="final-scores" data-totals="{esc(json.dumps(totals))}" '
            f'data-winners="{esc(json.dumps(winners))}"')
    places = "".join(f'<li data-seats="{esc(json.dumps(e["seats"]))}" data-place="{e["place"]}">{esc(line)}</li>'
                     for e, line in zip(obs.get("ranking") or [], tell.places()))
    buttons = ('<button type="button" class="primary" data-ui="play-again" id="play-again">Play again</button> '
               '<button type="button" data-ui="new-game" id="new-game-end">New game</button>')
    results = obs.get("hand_results") or []
    extra = (f' <button type="button" data-ui="sheet" data-hand="{len(results) - 1}">'
             f'Last {layout.hand_word}\'s scores</button>' if results else "")
    if closed:
        return (f'<section class="result compact" id="result" aria-label="Game over">'
                f'<p><b>Game over.</b> {esc(tell.outcome())}</p><ol class="ranking" {data}>{places}</ol>'
                f'<p>{buttons} <button type="button" data-ui="end-open">Show the result</button></p>'
                f'{review_buttons_html(len(results), layout.hand_word)}</section>')
    return (f'<section class="overlay result" id="result" role="dialog" aria-modal="false" '
            f'aria-labelledby="result-title">'
            f'<div class="overlay-body"><h3 id="result-title">Game over</h3>'
            f'<p class="outcome" id="outcome">{esc(tell.outcome())}</p>'
            f'<ol class="ranking" {data}>{places}</ol>{note}'
            f'<p class="overlay-buttons">{buttons}{extra} '
            f'<button type="button" data-ui="end-close">See the table</button></p>'
            f'{review_buttons_html(len(results), layout.hand_word)}</div></section>')


def review_buttons_html(count: int, word: str) -> str:
    """The end of the game: a review for every hand (manyhands_web/review_view.py)."""
    if not count:
        return ""
    buttons = "".join(f'<button type="button" data-ui="review" data-hand="{i}">{esc(word.capitalize())} {i + 1}</button>'
                      for i in range(count))
    shares = "".join(f'<button type="button" data-ui="share" data-hand="{i}">{esc(word.capitalize())} {i + 1}</button>'
                     for i in range(count))
    return (f'<div class="review-hands" id="review-hands"><h4>Review a {esc(word)}</h4>'
            f'<p class="overlay-buttons">{buttons}</p>'
            f'<h4>Share a {esc(word)}\'s deal with a friend</h4><p class="overlay-buttons">{shares}</p></div>')
