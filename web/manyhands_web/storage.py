"""What the page keeps in the browser: the player's games (several at once, each
its saved record), which one is at the table, the hand reviews and the review
worker's analyses, the preferences.

Pure Python over a `Store` (get, set, remove): `BrowserStore` is the page's
localStorage, `MemoryStore` a dict with a quota (the tests). The store is
bounded: a write it has no room for (`StoreFull`) first drops what can be made
again (the analyses, then the kept reviews, oldest first), then, for a game's
save only, the finished games, the one played longest ago first. A game not
finished is never dropped: its save fails and the page says so.

Keys (all under "manyhands/"):
    games           the list of games: [{"id", "summary", "updated", "review"}]
                    (summary: Session.summary(); updated: when last played, ms
                    since 1970; review: the key of the hand review open in it)
    game/<id>       a game: {"record", "seat", "level", "theme"} (Session.saved())
    open            the id of the game at the table
    current         the one game the site kept before it kept several, in the
                    same form as game/<id>; taken into the list at the next load
    review/<key>    a hand review (session.review_key); reviews: the keys kept,
                    oldest first; review-open: the open review before reviews
                    belonged to their game (taken with `current`)
    analyses        the review worker's analyses by group (see PageStorage.keep_analyses)
    prefs           the preferences: level, trick pause, each game's house rules...
"""
from __future__ import annotations

import json
import secrets
import time
from typing import Callable, NamedTuple, Protocol

GAMES_KEY = "manyhands/games"
GAME_PREFIX = "manyhands/game/"
OPEN_KEY = "manyhands/open"
LEGACY_KEY = "manyhands/current"
LEGACY_REVIEW_KEY = "manyhands/review-open"
PREFS_KEY = "manyhands/prefs"
# Hand reviews, one per hand (the key: session.review_key), the most recent
# KEEP_REVIEWS of them.
REVIEW_PREFIX = "manyhands/review/"
REVIEWS_KEY = "manyhands/reviews"
KEEP_REVIEWS = 16
# Each decision's analysis too, as the review worker sends it (a cancelled review
# keeps those made): {"order": [groups], "groups": {group: {key: analysis}}}, a
# group per game, deal number, seat and budget, the most recent KEEP_GROUPS; sent
# back with the next review of that game ("known"), so a branched or replayed
# hand's decisions that share the record up to them are not analysed again.
ANALYSES_KEY = "manyhands/analyses"
KEEP_GROUPS = 8


class StoreFull(Exception):
    """The store has no room for a write (the browser's quota is reached)."""


class SavedGameError(ValueError):
    """A kept game that cannot be read back (missing, or not a saved game)."""


class Store(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, text: str) -> None: ...      # raises StoreFull
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class MemoryStore:
    """A store in a dict, full beyond `quota` characters of keys and values (None:
    never full): localStorage as the tests need it."""

    def __init__(self, quota: int | None = None):
        self.items: dict[str, str] = {}
        self.quota = quota

    def used(self) -> int:
        return sum(len(k) + len(v) for k, v in self.items.items())

    def get(self, key):
        return self.items.get(key)

    def set(self, key, text):
        if self.quota is not None:
            after = self.used() - len(self.items.get(key, "")) + (0 if key in self.items else len(key)) + len(text)
            if after > self.quota:
                raise StoreFull(key)
        self.items[key] = text

    def remove(self, key):
        self.items.pop(key, None)

    def keys(self):
        return list(self.items)


class BrowserStore:
    """The page's localStorage, kept in Python: read whole at the first use
    (`page.storedItems()`: every item as JSON text, one call), every change
    written through (`page.store(key, text)`: "" or the error's name), another
    tab's changes followed (`changed`, from the page's storage event). From a
    PyScript worker each call to the page is a round trip to the main thread; a
    move's save then makes two (the game, the list). `page`: bridge.js's functions."""

    def __init__(self, page):
        self.write = page.store             # (each fetched once: a fetch is a round trip too)
        self.read_all = page.storedItems
        self.items: dict[str, str] | None = None

    def _items(self) -> dict[str, str]:
        if self.items is None:
            self.items = json.loads(str(self.read_all()))
        return self.items

    def get(self, key):
        return self._items().get(key)

    def set(self, key, text):
        error = str(self.write(key, text))
        if error == "QuotaExceededError":
            raise StoreFull(key)
        if error:
            raise OSError(f"the browser's storage refused {key}: {error}")
        self._items()[key] = text

    def remove(self, key):
        self.write(key, None)
        self._items().pop(key, None)

    def keys(self):
        self.items = None            # read again: the site's other keys count too
        return list(self._items())

    def changed(self, key, text) -> None:
        """Another tab set `key` to `text` (None: removed; key None: cleared)."""
        if self.items is None:
            return
        if key is None:
            self.items = None
        elif text is None:
            self.items.pop(key, None)
        else:
            self.items[key] = text


class Saved(NamedTuple):
    """What came of a game's save: `ok` (False: not saved, the store is full of
    games not finished), and the finished games dropped to make room (their summaries)."""
    ok: bool
    dropped: list


def _belongs(review_record: dict, record: dict) -> bool:
    """Whether a review's record (a game's record up to the end of a hand) is the
    start of `record`."""
    try:
        actions = review_record["actions"]
        return (all(review_record.get(k) == record.get(k) for k in ("game", "seed", "rules"))
                and record["actions"][:len(actions)] == actions)
    except (KeyError, TypeError):
        return False


class PageStorage:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time):
        self.store = store
        self.clock = clock
        self.full_seen = False         # a write found the store full (this visit)

    # --- JSON in the store ---------------------------------------------------------------
    def _read(self, key: str, kind: type, default):
        text = self.store.get(key)
        try:
            value = json.loads(text) if text else default
        except ValueError:
            return default
        return value if isinstance(value, kind) else default

    def _write(self, key: str, text: str, *, games: bool = False, keep: str | None = None,
               dropped: list | None = None) -> bool:
        """Write, making room as needed (`games`: finished games may go, never `keep`);
        False when there is no more room to make."""
        while True:
            try:
                self.store.set(key, text)
                return True
            except StoreFull:
                self.full_seen = True
                if not self._make_room(games, keep, dropped if dropped is not None else []):
                    return False

    def _make_room(self, games: bool, keep: str | None, dropped: list) -> bool:
        """Drop one thing that can go, in order: the analyses, the oldest kept review,
        (`games`) the finished game played longest ago. False: nothing can go."""
        if self.store.get(ANALYSES_KEY) is not None:
            self.store.remove(ANALYSES_KEY)
            return True
        kept = self._review_keys()
        if kept:
            self.store.remove(REVIEW_PREFIX + kept[0])
            self._write(REVIEWS_KEY, json.dumps(kept[1:]))      # smaller: it fits
            return True
        if games:
            finished = [e for e in self.games() if e["summary"].get("finished") and e["id"] != keep]
            if finished:
                oldest = min(finished, key=lambda e: e["updated"])
                self.delete_game(oldest["id"])
                dropped.append(oldest["summary"])
                return True
        return False

    # --- the games -------------------------------------------------------------------------
    def games(self) -> list[dict]:
        """The kept games, the one played last first."""
        entries = [e for e in self._read(GAMES_KEY, list, [])
                   if isinstance(e, dict) and isinstance(e.get("id"), str)
                   and isinstance(e.get("summary"), dict) and isinstance(e.get("updated"), (int, float))]
        return sorted(entries, key=lambda e: -e["updated"])

    def entry(self, game_id: str) -> dict | None:
        return next((e for e in self.games() if e["id"] == game_id), None)

    def new_id(self) -> str:
        taken = {e["id"] for e in self.games()}
        while True:
            game_id = f"{int(self.clock() * 1000):x}-{secrets.token_hex(3)}"
            if game_id not in taken:
                return game_id

    def save_game(self, game_id: str, saved: dict, summary: dict, updated: int | None = None,
                  extra: dict | None = None) -> Saved:
        """Keep a game (new, or a move later): its record and, in the list, its summary
        and when it was last played (unchanged when the game is; `updated`: when, for
        a game imported with its date), and `extra` fields of its entry (history.py)."""
        key = GAME_PREFIX + game_id
        text = json.dumps(saved)
        before = self.store.get(key)
        old = self.entry(game_id)
        if old is not None and before == text and old["summary"] == summary:
            return Saved(True, [])
        dropped: list = []
        if not self._write(key, text, games=True, keep=game_id, dropped=dropped):
            return Saved(False, dropped)
        entry = dict(old or {"id": game_id, "review": None}, **(extra or {}), summary=summary,
                     updated=int(self.clock() * 1000) if updated is None else updated)
        while True:
            others = [e for e in self.games() if e["id"] != game_id]
            if self._write(GAMES_KEY, json.dumps([entry] + others), dropped=dropped):
                return Saved(True, dropped)
            if not self._make_room(True, game_id, dropped):
                break
        if before is None:            # not listed: not kept at all
            self.store.remove(key)
        else:
            self._write(key, before)
        return Saved(False, dropped)

    def note(self, game_id: str, **fields) -> bool:
        """Fields kept in a game's entry beside its summary (history.py: the hints
        asked, each hand's par, the decisions reviewed); False: no room, or no such game."""
        entries = self.games()
        found = False
        for e in entries:
            if e["id"] == game_id:
                e.update(fields)
                found = True
        return found and self._write(GAMES_KEY, json.dumps(entries))

    def used(self) -> int:
        """Characters in the store (every key and value: the browser's quota is the
        whole site's)."""
        return sum(len(k) + len(self.store.get(k) or "") for k in self.store.keys())

    def load_game(self, game_id: str) -> dict:
        """A kept game as Session.from_saved reads it (SavedGameError: it cannot be)."""
        text = self.store.get(GAME_PREFIX + game_id)
        if text is None:
            raise SavedGameError("the saved game is missing")
        return parse_saved(text)

    def delete_game(self, game_id: str) -> None:
        self._write(GAMES_KEY, json.dumps([e for e in self.games() if e["id"] != game_id]))
        self.store.remove(GAME_PREFIX + game_id)
        if self.open_id() == game_id:
            self.store.remove(OPEN_KEY)

    def open_id(self) -> str | None:
        """The game at the table (at the last visit)."""
        return self.store.get(OPEN_KEY)

    def set_open(self, game_id: str | None) -> None:
        if game_id is None:
            self.store.remove(OPEN_KEY)
        else:
            self._write(OPEN_KEY, game_id)

    def set_review(self, game_id: str, key: str | None) -> None:
        """The hand review open in a game (shown again when the game is back at the table)."""
        entries = self.games()
        for e in entries:
            if e["id"] == game_id:
                e["review"] = key
        self._write(GAMES_KEY, json.dumps(entries))

    def adopt_legacy(self, summarize: Callable[[dict], dict]) -> tuple[str | None, str]:
        """The game a site keeping one game left (LEGACY_KEY), taken into the list and
        put at the table, with the review it had open: (its id, "") or (None, why it
        could not be read; it is dropped). `summarize(saved)`: its summary, raising
        ValueError for a game that cannot be resumed."""
        text = self.store.get(LEGACY_KEY)
        if text is None:
            return None, ""
        try:
            saved = parse_saved(text)
            summary = summarize(saved)
        except ValueError as exc:
            self.store.remove(LEGACY_KEY)
            return None, str(exc)
        game_id = self.new_id()
        if not self.save_game(game_id, saved, summary).ok:
            return None, "the browser's storage is full"
        review = self.store.get(LEGACY_REVIEW_KEY)
        data = self.review(review) if review else None
        if data is not None and _belongs(data.get("record"), saved["record"]):
            self.set_review(game_id, review)
        self.set_open(game_id)
        self.store.remove(LEGACY_KEY)
        self.store.remove(LEGACY_REVIEW_KEY)
        return game_id, ""

    # --- hand reviews and their analyses ------------------------------------------------------
    def _review_keys(self) -> list[str]:
        return [k for k in self._read(REVIEWS_KEY, list, []) if isinstance(k, str)]

    def review_keys(self) -> list[str]:
        """The kept hand reviews' keys, oldest first."""
        return self._review_keys()

    def review(self, key: str) -> dict | None:
        data = self._read(REVIEW_PREFIX + key, dict, None)
        return data if data and data.get("hands") else None

    def keep_review(self, key: str, data: dict) -> bool:
        """Keep a hand's review (the most recent KEEP_REVIEWS; the oldest go first
        when the store is full). False: no room for it."""
        kept = [k for k in self._review_keys() if k != key]
        while len(kept) >= KEEP_REVIEWS:
            self.store.remove(REVIEW_PREFIX + kept.pop(0))
        self._write(REVIEWS_KEY, json.dumps(kept))
        if not self._write(REVIEW_PREFIX + key, json.dumps(data)):
            return False
        return self._write(REVIEWS_KEY, json.dumps(self._review_keys() + [key]))

    def analyses(self) -> dict:
        kept = self._read(ANALYSES_KEY, dict, {})
        groups = kept.get("groups") if isinstance(kept.get("groups"), dict) else {}
        order = kept.get("order") if isinstance(kept.get("order"), list) else []
        return {"order": [g for g in order if g in groups], "groups": groups}

    def keep_analyses(self, group: str, made: list) -> None:
        """Add a review's analyses (dicts with a "key") to `group`, the most recent
        KEEP_GROUPS groups kept; when the store is full, the oldest groups go."""
        if not made:
            return
        kept = self.analyses()
        mine = kept["groups"].setdefault(group, {})
        for got in made:
            if isinstance(got, dict) and isinstance(got.get("key"), str):
                mine[got["key"]] = got
        kept["order"] = [g for g in kept["order"] if g != group] + [group]
        while True:
            for old in kept["order"][:-KEEP_GROUPS]:
                kept["groups"].pop(old, None)
            kept["order"] = kept["order"][-KEEP_GROUPS:]
            try:
                self.store.set(ANALYSES_KEY, json.dumps(kept))
                return
            except StoreFull:
                if len(kept["order"]) <= 1:
                    return
                kept["groups"].pop(kept["order"].pop(0), None)

    # --- preferences ------------------------------------------------------------------------------
    def prefs(self) -> dict:
        return self._read(PREFS_KEY, dict, {})

    def save_prefs(self, **changes) -> None:
        """Change some preferences (a dict value is merged into the one kept)."""
        prefs = self.prefs()
        for key, value in changes.items():
            if isinstance(value, dict) and isinstance(prefs.get(key), dict):
                prefs[key].update(value)
            else:
                prefs[key] = value
        self._write(PREFS_KEY, json.dumps(prefs))


def parse_saved(text: str) -> dict:
    """A saved game's text as Session.from_saved reads it: its record (an object),
    seat, level and theme, and with friends at the table who sat where ("people":
    [[seat, name], ...]) and the computers' levels ("levels": [[seat, level], ...])
    (SavedGameError, a ValueError, for anything else)."""
    try:
        saved = json.loads(text)
    except ValueError:
        raise SavedGameError("the saved game is not JSON") from None
    if not isinstance(saved, dict) or not isinstance(saved.get("record"), dict):
        raise SavedGameError("the saved game has no record")
    seat, level, theme = saved.get("seat", 0), saved.get("level", "normal"), saved.get("theme", "")
    if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(level, str) or not isinstance(theme, str):
        raise SavedGameError("the saved game's seat, level or theme is not one")
    kept = {"record": saved["record"], "seat": seat, "level": level, "theme": theme}
    for key in ("people", "levels"):
        pairs = saved.get(key)
        if pairs is None:
            continue
        if not isinstance(pairs, list) or not all(
                isinstance(p, list) and len(p) == 2 and isinstance(p[0], int) and not isinstance(p[0], bool)
                and isinstance(p[1], str) and p[1].strip() for p in pairs):
            raise SavedGameError(f"the saved game's {key} are not a list of seats and names")
        kept[key] = pairs
    return kept
