"""The player's history: every finished game kept (storage.py keeps the games;
this module keeps what the history and the statistics add to a game's entry),
exported as one file of records and imported back without duplicates.

What a kept game's entry carries beside its summary (Session.summary, which for
a finished game holds your place, whether you won, your points per hand):
    hints       how many hints you asked in the game
    par         {hand: {"score": your points, "par": the par}} (solver/par.py),
                worked out in the background after each hand (background.py); with
                friends at the table, each person's from their seat, keyed "hand@seat"
    par_failed  {hand: why}: a hand whose par could not be worked out (asked again
                at the next page load; gone once its par is kept)
    decisions   {hand: [[kind, cost, good], ...]}: each of your decisions the hand
                review judged (kind: "lead", "follow", or the game's phase in its
                words, "bidding", "the card draft"...; cost: what it cost by what you could know, in
                the game's unit, None where not searched; good: as good as the best)
    review_wanted  [hand, ...]: hands finished with automatic review on, whose review
                is worked out in the background (asked again at each page load until
                its decisions are kept)
    review_failed  {hand: why}: a wanted review that could not be worked out (asked
                again at the next page load; gone once its decisions are kept)

The export (HISTORY_FORMAT, docs/history.md): {"format", "exported", "games": [...]},
each game {"record" (shared/spec/records.md), "seat", "level", "theme", "played"
(ms since 1970), "hints", "par", "decisions", "reviews" (the hand reviews kept)}.
A game is the same game when its record and seat are (`game_key`): importing a
file twice, or a file holding games already kept, adds each game once.

Pure Python (tested natively).
"""
from __future__ import annotations

import hashlib
import json
from typing import Callable

from .storage import PageStorage, SavedGameError, parse_saved

HISTORY_FORMAT = "manyhands-history/1"
GOOD = ("best", "as good as the best")
MAX_IMPORT = 20_000_000        # characters of a history file


class HistoryFileError(ValueError):
    """A history file that cannot be read (one line saying why; nothing is imported)."""


def game_key(record: dict, seat: int) -> str:
    """The same game: its record and your seat."""
    return hashlib.sha256(json.dumps([record, seat], sort_keys=True).encode()).hexdigest()[:24]


def finished(kept: PageStorage) -> list[dict]:
    """The kept games that are finished, the one played last first."""
    return [e for e in kept.games() if e["summary"].get("finished")]


def decision_kind(decision: dict) -> str:
    """A reviewed decision's kind: a card played to a trick "lead" or "follow", any
    other the game's phase in its own words ("bidding", "the card draft", "play or
    fold"...: the review's "when")."""
    when = str(decision.get("when") or "")
    if decision.get("trick") is not None:
        return "lead" if when.endswith("lead") else "follow"
    return (when[:1].lower() + when[1:]) or str(decision.get("decision") or "a choice")


def judged(review: dict) -> dict[str, list]:
    """A review's decisions as the statistics keep them: {hand: [[kind, cost, good]]}."""
    out = {}
    for hand in review.get("hands") or []:
        out[str(hand["hand"])] = [[decision_kind(d), d.get("cost"), d.get("verdict") in GOOD]
                                  for d in hand.get("decisions") or []]
    return out


def keep_review(kept: PageStorage, game_id: str, review: dict) -> None:
    """A review made for a kept game: its decisions into the game's entry."""
    entry = kept.entry(game_id)
    if entry is not None:
        got = judged(review)
        failed = {h: why for h, why in (entry.get("review_failed") or {}).items() if h not in got}
        kept.note(game_id, decisions={**(entry.get("decisions") or {}), **got}, review_failed=failed)


def want_review(kept: PageStorage, game_id: str, hand: int) -> None:
    """A finished hand's review wanted (automatic review on): kept with the game
    before it is asked, so that a reload while it is worked out loses nothing."""
    entry = kept.entry(game_id)
    if entry is not None and hand not in (entry.get("review_wanted") or []):
        kept.note(game_id, review_wanted=sorted({*(entry.get("review_wanted") or []), hand}))


def keep_review_failure(kept: PageStorage, game_id: str, hand: int, why: str) -> None:
    """A wanted review that could not be worked out, and why (in the game's entry)."""
    entry = kept.entry(game_id)
    if entry is not None:
        kept.note(game_id, review_failed={**(entry.get("review_failed") or {}), str(hand): why})


def review_missing(entry: dict) -> list[int]:
    """The hands of a kept game whose review is wanted and not kept (still to work out)."""
    have = entry.get("decisions") or {}
    return [h for h in entry.get("review_wanted") or [] if str(h) not in have]


def people(summary: dict) -> dict[int, str]:
    """Who sat where, when friends played at one device ({seat: name}; empty: you alone)."""
    return {seat: name for seat, name in summary.get("people") or []}


def par_key(hand: int, seat: int | None = None) -> str:
    """Where a hand's par is kept: "2", or "2@1" for a person's at friends' table."""
    return str(hand) if seat is None else f"{hand}@{seat}"


def par_seats(entry: dict) -> list[int | None]:
    """Whose par a kept game has: yours (None), or each person's seat with friends."""
    return sorted(people(entry.get("summary") or {})) or [None]


def keep_par(kept: PageStorage, game_id: str, answer: dict, seat: int | None = None) -> None:
    """The par worker's answer (solver/par.py) into the game's entry (`seat`: a
    person's, at friends' table)."""
    entry = kept.entry(game_id)
    if entry is not None:
        got = {par_key(h["hand"], seat): {"score": h["score"], "par": h["par"]} for h in answer.get("hands") or []}
        failed = {h: why for h, why in (entry.get("par_failed") or {}).items()
                  if h not in {k.partition("@")[0] for k in got}}
        kept.note(game_id, par={**(entry.get("par") or {}), **got}, par_failed=failed)


def keep_par_failure(kept: PageStorage, game_id: str, hand: int, why: str) -> None:
    """A hand whose par could not be worked out, and why (in the game's entry)."""
    entry = kept.entry(game_id)
    if entry is not None:
        kept.note(game_id, par_failed={**(entry.get("par_failed") or {}), str(hand): why})


def hands_finished(summary: dict) -> int:
    """How many hands of a kept game are over (its summary: Session.summary)."""
    if summary.get("finished"):
        return len(summary.get("points") or []) or int(summary.get("hand") or 0)
    return max(0, int(summary.get("hand") or 1) - 1)


def par_missing(entry: dict) -> list[int]:
    """The finished hands of a kept game without a par (still to work out; with
    friends, without every person's)."""
    have = entry.get("par") or {}
    return [h for h in range(1, hands_finished(entry.get("summary") or {}) + 1)
            if any(par_key(h, s) not in have for s in par_seats(entry))]


def as_person(entry: dict, name: str) -> dict | None:
    """A kept game as `name` played it, for their statistics: their place, win,
    points and par (None: they did not sit at it). The decisions the reviews judged
    are the seat's that asked them, so they are left out."""
    summary = entry.get("summary") or {}
    seat = next((s for s, n in people(summary).items() if n == name), None)
    result = (summary.get("by_person") or {}).get(name)
    if seat is None or result is None:
        return None
    par = {k.partition("@")[0]: v for k, v in (entry.get("par") or {}).items() if k.endswith(f"@{seat}")}
    return {**entry, "summary": {**summary, **result, "seat": seat}, "par": par, "decisions": {}}


def person_names(entries: list[dict]) -> list[str]:
    """Everyone who played at friends' table in these games, by name."""
    return sorted({n for e in entries for n in people(e.get("summary") or {}).values()}, key=str.casefold)


def hint_asked(kept: PageStorage, game_id: str) -> None:
    entry = kept.entry(game_id)
    if entry is not None:
        kept.note(game_id, hints=int(entry.get("hints") or 0) + 1)


# --- export and import ------------------------------------------------------------------------------
def _belongs(review: dict, record: dict) -> bool:
    actions = (review.get("record") or {}).get("actions") or []
    return (all(review["record"].get(k) == record.get(k) for k in ("game", "seed", "rules"))
            and record.get("actions", [])[:len(actions)] == actions)


def export_games(kept: PageStorage, reviews: list[str], now_ms: int) -> dict:
    """Every finished game kept, as the history file (`reviews`: the kept reviews' keys)."""
    kept_reviews = [r for r in (kept.review(k) for k in reviews) if r]
    games = []
    for entry in reversed(finished(kept)):          # oldest first
        try:
            saved = kept.load_game(entry["id"])
        except SavedGameError:
            continue
        games.append({**saved, "played": entry["updated"], "hints": int(entry.get("hints") or 0),
                      "par": entry.get("par") or {}, "decisions": entry.get("decisions") or {},
                      "review_wanted": entry.get("review_wanted") or [],
                      "reviews": [r for r in kept_reviews if _belongs(r, saved["record"])
                                  and r.get("seat") == saved["seat"]]})
    return {"format": HISTORY_FORMAT, "exported": now_ms, "games": games}


def read_file(text: str) -> list[dict]:
    """The games of a history file (HistoryFileError saying why it is not one)."""
    if len(text) > MAX_IMPORT:
        raise HistoryFileError(f"the file is larger than any history ({MAX_IMPORT:,} characters)")
    try:
        data = json.loads(text)
    except ValueError:
        raise HistoryFileError("the file is not JSON") from None
    if not isinstance(data, dict) or data.get("format") != HISTORY_FORMAT or not isinstance(data.get("games"), list):
        fmt = data.get("format") if isinstance(data, dict) else None
        if isinstance(fmt, str) and fmt.startswith("manyhands-history/"):
            raise HistoryFileError(f"the file is a history of another version ({fmt}; this page reads "
                                   f"{HISTORY_FORMAT})")
        raise HistoryFileError(f"the file is not a Manyhands history (no \"format\": \"{HISTORY_FORMAT}\")")
    return data["games"]


def import_games(kept: PageStorage, games: list, summarize: Callable[[dict], dict],
                 keep_review: Callable[[dict], None]) -> dict:
    """The history file's games added to the kept ones, each once (`summarize(saved)`:
    its summary, ValueError if its record does not replay; `keep_review(review)`:
    keeps a review). {"added", "already", "refused": [why], "dropped": [summaries],
    "full": True when the store had no room for the rest}."""
    have = set()
    for entry in kept.games():
        try:
            saved = kept.load_game(entry["id"])
        except SavedGameError:
            continue
        have.add(game_key(saved["record"], saved["seat"]))
    out = {"added": 0, "already": 0, "refused": [], "dropped": [], "full": False}
    for number, game in enumerate(games, 1):
        try:
            if not isinstance(game, dict):
                raise SavedGameError("not a game")
            saved = parse_saved(json.dumps(game))
            summary = summarize(saved)
        except (ValueError, KeyError, TypeError) as exc:
            out["refused"].append(f"game {number}: {exc}")
            continue
        key = game_key(saved["record"], saved["seat"])
        if key in have:
            out["already"] += 1
            continue
        played = game.get("played")
        played = played if isinstance(played, int) and not isinstance(played, bool) and played > 0 else None
        extra = {"hints": game["hints"] if isinstance(game.get("hints"), int) else 0,
                 "par": game["par"] if isinstance(game.get("par"), dict) else {},
                 "decisions": game["decisions"] if isinstance(game.get("decisions"), dict) else {}}
        wanted = game.get("review_wanted")     # hands whose automatic review is still to be worked out
        if wanted and isinstance(wanted, list) and all(isinstance(h, int) and not isinstance(h, bool) for h in wanted):
            extra["review_wanted"] = sorted(set(wanted))
        outcome = kept.save_game(kept.new_id(), saved, summary, updated=played, extra=extra)
        out["dropped"] += outcome.dropped
        if not outcome.ok:
            out["full"] = True
            break
        have.add(key)
        out["added"] += 1
        for review in game.get("reviews") or []:
            if isinstance(review, dict) and isinstance(review.get("hands"), list) and review["hands"]:
                keep_review(review)
    return out


def import_text(result: dict) -> str:
    """What an import did, in words."""
    added, already = result["added"], result["already"]
    parts = [f"Imported {added} game{'s' if added != 1 else ''}"]
    if already:
        parts.append(f"{already} already in your history")
    if result["refused"]:
        parts.append(f"{len(result['refused'])} could not be read ({result['refused'][0]})")
    text = "; ".join(parts) + "."
    if result["dropped"]:
        many = len(result["dropped"])
        text += (f" The storage was full: your {many} oldest finished games made room." if many > 1
                 else " The storage was full: your oldest finished game made room.")
    if result["full"]:
        text += " The storage is full: the rest were not imported."
    return text
