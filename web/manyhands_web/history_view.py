"""The History page's HTML: the filters (game, player count), every finished game
kept with its result, its par hand by hand ("You 7, par 5"), Replay, Review,
Play this deal again and Share; the storage in use and what a full store would
drop; a shared deal's link and its scores side by side. Runs natively (tests)
and in Pyodide."""
from __future__ import annotations

import time

from pycore.words import minus

from .history import hands_finished, par_key, people
from .markup import esc
from .your_games import MONTHS, describe, facts_text

STORE_LIMIT = 5_000_000         # characters: the browsers' localStorage quota (5 MiB per site)


def date_text(ms: int) -> str:
    """When a game was played, in this Python's local time (the page passes the
    browser's own date words instead: Pyodide's clock is in UTC)."""
    t = time.localtime(ms / 1000)
    return f"{t.tm_mday} {MONTHS[t.tm_mon - 1]} {t.tm_year}, {t.tm_hour:02d}:{t.tm_min:02d}"


def par_text(entry: dict, word: str) -> str:
    """ "Hand 1: you 7, par 5 · Hand 2: ..." (every finished hand, a missing par said as such)."""
    return " · ".join(par_hand_text(entry, h, word) for h in range(1, hands_finished(entry["summary"]) + 1))


def par_hand_text(entry: dict, hand: int, word: str) -> str:
    """One hand's par where it stands: "Hand 1: you 7, par 5", or why there is none."""
    name = f"{word.capitalize()} {hand}"
    friends = people(entry.get("summary") or {})
    if friends:
        kept = entry.get("par") or {}
        if all(par_key(hand, s) in kept for s in friends):
            return f"{name}: " + "; ".join(
                f"{n} {minus(str(kept[par_key(hand, s)]['score']))}, par {minus(str(kept[par_key(hand, s)]['par']))}"
                for s, n in sorted(friends.items()))
    got = (entry.get("par") or {}).get(str(hand)) if not friends else None
    if got is not None:
        return f"{name}: you {minus(str(got['score']))}, par {minus(str(got['par']))}"
    why = (entry.get("par_failed") or {}).get(str(hand))
    if why:
        return f"{name}: {PAR_FAILED} ({why}); {ASKED_AGAIN}"
    return f"{name}: par being worked out…"


PAR_FAILED = "no par, it could not be worked out"
ASKED_AGAIN = "it is asked again when the page next opens"
REVIEW_FAILED = "no review, it could not be worked out"


def review_failed_text(entry: dict, word: str) -> list[str]:
    """Each wanted review that could not be worked out, where the reviews stand:
    "Hand 3: no review, it could not be worked out (why); it is asked again..." """
    failed = entry.get("review_failed") or {}
    return [f"{word.capitalize()} {h}: {REVIEW_FAILED} ({failed[h]}); {ASKED_AGAIN}"
            for h in sorted(failed, key=int) if h not in (entry.get("decisions") or {})]


def rules_text(summary: dict, game: dict | None) -> str:
    """The house rules a game was played with, apart from the player count: "standard
    rules" or "Ante: 5 · Suits: CDH"."""
    fields = {f["name"]: f for f in (game or {}).get("fields") or []}
    rules = summary.get("rules") or {}
    changed = [f"{fields[k].get('label', k) if k in fields else k}: "
               f"{'yes' if v is True else 'no' if v is False else v}"
               for k, v in rules.items() if k != "players" and not (k in fields and fields[k]["default"] == v)]
    return " · ".join(changed) if changed else "standard rules"


def entry_html(entry: dict, game: dict | None = None, when=date_text) -> str:
    s = entry["summary"]
    gid = esc(entry["id"])
    word = s.get("hand_word", "hand")
    place = f"Your place: {s['place']} of {s.get('players')}" if s.get("place") else ""
    scores = " · ".join(f"{esc(name)} <b>{esc(total)}</b>" for name, total in s.get("scores") or [])
    par = "".join(f'<li data-hand="{h}">{esc(par_hand_text(entry, h, word))}</li>'
                  for h in range(1, hands_finished(s) + 1))
    hands = s.get("hand", 1)
    reviewed = len(entry.get("decisions") or {})
    pick_opts = "".join(f'<option value="{i}">{esc(word.capitalize())} {i + 1}</option>' for i in range(hands))
    title_id = f"hist-{gid}-title"
    return (f'<li class="history-game" data-id="{gid}" data-game="{esc(s.get("game"))}" '
            f'data-players="{esc(s.get("players"))}">'
            f'<div class="saved-head"><h3 id="{title_id}">{esc(s.get("title", ""))}</h3>'
            f'<span class="saved-state">{esc(when(entry["updated"]))}</span></div>'
            f'<p class="saved-facts">{esc(facts_text(s))} · {hands} {esc(word)}{"s" if hands != 1 else ""}</p>'
            + (f'<p class="saved-facts">House rules: {esc(rules_text(s, game))}</p>' if "rules" in s else "")
            + f'<p class="saved-outcome">{esc(s.get("outcome", ""))} {esc(place)}</p>'
            f'<p class="saved-scores">{scores}</p>'
            + (f'<ul class="history-par" aria-label="Your points and the par, hand by hand">{par}</ul>'
               if par else "")
            + (f'<p class="note">{reviewed} {esc(word)}{"s" if reviewed != 1 else ""} reviewed</p>' if reviewed else "")
            + "".join(f'<p class="note" data-auto-review="failed">{esc(line)}</p>'
                      for line in review_failed_text(entry, word))
            + f'<div class="saved-buttons">'
            f'<button type="button" class="primary" data-history="replay" data-id="{gid}" '
            f'aria-describedby="{title_id}">Replay</button>'
            f'<button type="button" data-history="again" data-id="{gid}" aria-describedby="{title_id}">'
            f'Play this deal again</button></div>'
            f'<div class="saved-buttons"><span class="hand-pick"><label for="pick-{gid}">{esc(word.capitalize())}'
            f'</label><select id="pick-{gid}">{pick_opts}</select></span>'
            f'<button type="button" data-history="review" data-id="{gid}" aria-describedby="{title_id}">'
            f'Review it</button>'
            f'<button type="button" data-history="share" data-id="{gid}" aria-describedby="{title_id}">'
            f'Share its deal</button></div>'
            f'<div class="share-out" id="share-{gid}"></div></li>')


def filters_html(entries: list[dict], games: dict, game: str, players: str) -> str:
    names = sorted({e["summary"].get("game") for e in entries if e["summary"].get("game") in games})
    counts = sorted({e["summary"].get("players") for e in entries if isinstance(e["summary"].get("players"), int)})
    game_opts = '<option value="">All games</option>' + "".join(
        f'<option value="{esc(n)}"{" selected" if n == game else ""}>{esc(games[n]["title"])}</option>' for n in names)
    player_opts = '<option value="">Any number</option>' + "".join(
        f'<option value="{c}"{" selected" if str(c) == players else ""}>{c} players</option>' for c in counts)
    return (f'<div class="history-filters"><label for="history-game">Game</label>'
            f'<select id="history-game">{game_opts}</select>'
            f'<label for="history-players">Players</label><select id="history-players">{player_opts}</select></div>')


def storage_html(used: int, entries: list[dict], full: bool = False, when=date_text) -> str:
    """The storage in use, and which game a full store drops first (`full`: a save
    found no room this visit)."""
    share = used / STORE_LIMIT
    finished = [e for e in entries if e["summary"].get("finished")]
    first = min(finished, key=lambda e: e["updated"]) if finished else None
    full = full or share >= 0.9
    text = (f"Storage in use: {used:,} characters of about {STORE_LIMIT / 1e6:.0f} million "
            f"({share:.1%}). ")
    if full:
        text = "The storage is full. " + text
    if first is not None:
        text += (f"When it is full, the finished game played longest ago goes first: "
                 f"{describe(first['summary'])}, played {when(first['updated'])}. "
                 f"Export your history to keep a copy.")
    return (f'<p class="history-storage{" full" if full else ""}" id="history-storage" data-used="{used}">'
            f'<meter min="0" max="1" value="{min(share, 1):.3f}" aria-label="Storage in use"></meter> '
            f'{esc(text)}</p>')


def history_html(entries: list[dict], games: dict, game: str, players: str, used: int, note: str,
                 full: bool = False, when=date_text) -> str:
    """The page: the tools, the filters and the finished games (`entries`: every kept
    game, the one played last first; `when(ms)`: a date in words)."""
    finished = [e for e in entries if e["summary"].get("finished")]
    shown = [e for e in finished if (not game or e["summary"].get("game") == game)
             and (not players or str(e["summary"].get("players")) == players)]
    tools = ('<div class="history-tools"><button type="button" data-history="export" id="history-export">'
             'Export your history</button> <label class="file-button" for="history-import">Import a history…'
             '</label><input type="file" id="history-import" accept=".json,application/json" '
             'class="visually-hidden"> <a class="button" href="#stats">Statistics</a></div>')
    out = [tools, f'<p class="games-note" id="history-note" role="status">{esc(note)}</p>',
           storage_html(used, entries, full, when)]
    if not finished:
        out.append('<p class="note" id="history-empty">No finished games yet: each game you finish is kept here.</p>')
        return "".join(out)
    out.append(filters_html(finished, games, game, players))
    count = len(shown)
    out.append(f'<p class="note" id="history-count">{count} finished game{"s" if count != 1 else ""}'
               f'{" shown" if count != len(finished) else ""}.</p>')
    out.append(f'<ul class="saved-games history-games" id="history-games">{"".join(entry_html(e, games.get(e["summary"].get("game")), when) for e in shown)}</ul>')
    return "".join(out)


# --- a shared deal (sharing.py) ----------------------------------------------------------------------
def link_html(link: str, where: str) -> str:
    """The link, selectable, with Copy."""
    return (f'<div class="share-link"><label for="share-link-{where}">Send this link to a friend: they play the '
            f'same deal against the same computer players, and see your score beside theirs.</label>'
            f'<input type="text" readonly id="share-link-{where}" class="share-link-text" value="{esc(link)}">'
            f'<button type="button" data-copy="share-link-{where}">Copy the link</button></div>')


def compare_html(challenge: dict, mine: int | None, par: int | None, word: str) -> str:
    """The sender's score, yours and the par side by side."""
    cells = [("Your friend", challenge.get("score")), ("You", mine),
             ("Par", par if par is not None else challenge.get("par"))]
    row = "".join(f'<td data-who="{i}">{"–" if v is None else esc(v)}</td>' for i, (_, v) in enumerate(cells))
    head = "".join(f'<th scope="col">{esc(k)}</th>' for k, _ in cells)
    return (f'<div class="challenge" id="challenge"><h4>The shared deal: {esc(word)} {challenge.get("hand")}</h4>'
            f'<table><thead><tr>{head}</tr></thead><tbody><tr>{row}</tr></tbody></table></div>')
