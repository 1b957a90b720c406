"""The home page's "Your games": every kept game (storage.PageStorage.games) with
what a player wants to know before going back to it (the game, its players, the
hand under way, the scores so far, when it was last played), Resume and Delete;
and the words of Delete's question. Pure Python: tested natively."""
from __future__ import annotations

import time

from .markup import esc

LEVEL_WORDS = {"easy": "easy", "normal": "normal", "hard": "hard"}
MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def when_text(then_ms: int, now_ms: int) -> str:
    """When a game was last played, as a person says it ("5 minutes ago")."""
    seconds = max(0, (now_ms - then_ms) // 1000)
    if seconds < 60:
        return "just now"
    for size, unit in ((86_400, "day"), (3_600, "hour"), (60, "minute")):
        if seconds >= size:
            n = seconds // size
            if unit == "day" and n == 1:
                return "yesterday"
            if unit == "day" and n > 30:
                day = time.gmtime(then_ms / 1000)
                return f"on {day.tm_mday} {MONTHS[day.tm_mon - 1]} {day.tm_year}"
            return f"{n} {unit}{'s' if n > 1 else ''} ago"
    return "just now"


def progress_text(summary: dict) -> str:
    """ "Hand 2 of 8", "Round 3"; "Finished after 5 rounds"."""
    word, hand, hands = summary.get("hand_word", "hand"), summary.get("hand", 1), summary.get("hands")
    if summary.get("finished"):
        return f"Finished after {hand} {word}{'s' if hand != 1 else ''}"
    return f"{word.capitalize()} {hand}" + (f" of {hands}" if hands else "")


def scores_html(summary: dict) -> str:
    """ "Points: You 12 · Left 8" (the unit is the game's: Voren counts chips), once
    a hand is scored."""
    scores = summary.get("scores") or []
    if not scores or (summary.get("hand", 1) <= 1 and not summary.get("finished")):
        return ""
    unit = summary.get("unit", "point")
    return (f'<p class="saved-scores">{esc(unit.capitalize())}s: '
            + " · ".join(f"{esc(name)} <b>{esc(total)}</b>" for name, total in scores) + "</p>")


def describe(summary: dict) -> str:
    """The game in one line, for Delete's question and the announcements."""
    return f"{summary.get('title', 'a game')}, {summary.get('players')} players, {progress_text(summary).lower()}"


def facts_text(summary: dict) -> str:
    level = LEVEL_WORDS.get(summary.get("level"), "normal")
    return f"{summary.get('players')} players · deal {summary.get('seed')} · {level} computer players"


def game_html(entry: dict, now_ms: int, at_table: bool) -> str:
    summary = entry["summary"]
    gid = esc(entry["id"])
    finished = bool(summary.get("finished"))
    title_id = f"saved-{gid}-title"
    state = progress_text(summary)
    badge = '<span class="badge at-table">At the table</span>' if at_table else ""
    outcome = f'<p class="saved-outcome">{esc(summary.get("outcome", ""))}</p>' if finished else ""
    open_word = "See the result" if finished else "Resume"
    primary = "" if finished else ' class="primary"'
    return (f'<li class="saved-game{" finished" if finished else ""}" data-id="{gid}" '
            f'data-finished="{str(finished).lower()}">'
            f'<div class="saved-head"><h3 id="{title_id}">{esc(summary.get("title", ""))}</h3>'
            f'<span class="saved-state">{esc(state)}</span>{badge}</div>'
            f'<p class="saved-facts">{esc(facts_text(summary))}</p>{outcome}{scores_html(summary)}'
            f'<p class="saved-when">Last played {esc(when_text(entry["updated"], now_ms))}</p>'
            f'<div class="saved-buttons">'
            f'<button type="button"{primary} data-open="{gid}" '
            f'aria-describedby="{title_id}">{open_word}</button>'
            f'<button type="button" class="delete" data-delete="{gid}" aria-describedby="{title_id}">Delete</button>'
            f'</div></li>')


SHOWN_FINISHED = 2      # finished games shown at once; the older ones behind a disclosure


def your_games_html(entries: list[dict], now_ms: int, at_table: str | None) -> str:
    """The kept games: those not finished first, then the SHOWN_FINISHED finished ones
    played last, each the one played last first; older finished games behind "More"."""
    def items(group):
        return "".join(game_html(e, now_ms, e["id"] == at_table) for e in group)
    ordered = sorted(entries, key=lambda e: (bool(e["summary"].get("finished")), -e["updated"]))
    playing = [e for e in ordered if not e["summary"].get("finished")]
    finished = [e for e in ordered if e["summary"].get("finished")]
    shown = finished[:SHOWN_FINISHED]
    older = [e for e in finished[SHOWN_FINISHED:] if e["id"] != at_table]
    shown += [e for e in finished[SHOWN_FINISHED:] if e["id"] == at_table]
    out = f'<ul class="saved-games">{items(playing + shown)}</ul>'
    if older:
        many = len(older)
        out += (f'<details class="older-games" id="older-games"><summary>{many} older finished '
                f'game{"s" if many > 1 else ""}</summary><ul class="saved-games">{items(older)}</ul></details>')
    return out


def delete_question(entry: dict, now_ms: int) -> str:
    summary = entry["summary"]
    return (f"Delete your game of {describe(summary)}, last played {when_text(entry['updated'], now_ms)}? "
            + ("" if summary.get("finished") else "It is not finished. ")
            + "A deleted game cannot be brought back; export it from the table first to keep a copy.")


def dropped_text(summaries: list[dict]) -> str:
    """What the page says when finished games were dropped to make room."""
    if not summaries:
        return ""
    names = "; ".join(describe(s) for s in summaries)
    many = len(summaries) > 1
    return (f"The browser's storage was full: to make room, your oldest finished game{'s' if many else ''} "
            f"{'were' if many else 'was'} removed ({names}).")
