"""The games a player keeps (web/manyhands_web/storage.py), natively over a store
with a quota: several games at once, the oldest finished game dropped first when
the store is full and a game not finished never, a game saved by the site that
kept one game only still resumed, reviews kept per game; and the list of them on
the home page (your_games.py)."""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from manyhands_web import storage, your_games  # noqa: E402
from manyhands_web.session import Session  # noqa: E402
from manyhands_web.storage import MemoryStore, PageStorage, SavedGameError, StoreFull  # noqa: E402


class Clock:
    """A clock the test moves: one minute a tick."""

    def __init__(self):
        self.now = 1_700_000_000.0

    def __call__(self):
        self.now += 60
        return self.now


def played(name: str, rules: dict, seed: int, moves: int | None) -> Session:
    """A game after `moves` random legal moves (None: to its end)."""
    session = Session.new(name, rules, seed, 0)
    rng = random.Random(seed)
    while not session.state.is_terminal and (moves is None or moves > 0):
        state = session.state
        session.apply(state.game.action_token(state, rng.choice(state.legal_actions())))
        moves = None if moves is None else moves - 1
    return session


def keep(kept: PageStorage, session: Session) -> str:
    game_id = kept.new_id()
    assert kept.save_game(game_id, session.saved(), session.summary()).ok
    return game_id


FINISHED = ("voren", {"players": 3, "hands_per_player": 1})


def test_several_games_are_kept_and_each_resumes_where_it_was():
    kept = PageStorage(MemoryStore(), Clock())
    raven = played("raven", {"players": 6}, 4, 40)
    voren = played("voren", {"players": 4}, 5, 10)
    a, b = keep(kept, raven), keep(kept, voren)
    assert [e["id"] for e in kept.games()] == [b, a]          # the one played last first
    again = Session.from_saved(kept.load_game(a))
    assert again.record() == raven.record() and again.seat == raven.seat
    assert Session.from_saved(kept.load_game(b)).record() == voren.record()
    summary = kept.entry(a)["summary"]
    assert summary["title"] == "Raven" and summary["players"] == 6 and not summary["finished"]
    assert summary["scores"][0][0] == "You" and len(summary["scores"]) == 6


def test_a_save_that_changes_nothing_does_not_make_the_game_newer():
    kept = PageStorage(MemoryStore(), Clock())
    session = played("lunar", {"players": 4}, 3, 12)
    a = keep(kept, session)
    b = keep(kept, played("lunar", {"players": 4}, 4, 12))
    assert kept.save_game(a, session.saved(), session.summary()).ok     # resumed, nothing played
    assert kept.games()[0]["id"] == b
    session.apply(session.state.game.action_token(session.state, session.state.legal_actions()[0]))
    kept.save_game(a, session.saved(), session.summary())
    assert kept.games()[0]["id"] == a


def test_a_full_store_drops_caches_then_the_oldest_finished_game_and_never_an_unfinished_one():
    clock = Clock()
    store = MemoryStore()
    kept = PageStorage(store, clock)
    unfinished_old = keep(kept, played("raven", {"players": 4}, 1, 30))
    finished_old = keep(kept, played(*FINISHED, 2, None))
    finished_new = keep(kept, played(*FINISHED, 3, None))
    unfinished_new = keep(kept, played("tricksters", {}, 4, 20))
    kept.keep_review("r1", {"hands": [{"hand": 1}], "record": {}})
    kept.keep_analyses("g", [{"key": "k", "values": {}}])
    store.quota = store.used() + 50                           # nearly full
    new_game = played("lunar", {"players": 4}, 9, 5)
    first = kept.new_id()
    outcome = kept.save_game(first, new_game.saved(), new_game.summary())
    assert outcome.ok
    ids = {e["id"] for e in kept.games()}
    # the caches go first, then the finished game played longest ago, and only as
    # much as the new game needs
    assert store.get(storage.ANALYSES_KEY) is None and kept.review("r1") is None
    assert finished_old not in ids and store.get(storage.GAME_PREFIX + finished_old) is None
    assert [s["seed"] for s in outcome.dropped] == [2]
    assert {unfinished_old, unfinished_new, finished_new, first} <= ids
    # full again: the other finished game goes next
    second = kept.new_id()
    assert kept.save_game(second, new_game.saved(), new_game.summary()).ok
    assert finished_new not in {e["id"] for e in kept.games()}
    # full of games not finished: the save fails, every one of them is kept whole
    third = kept.new_id()
    outcome = kept.save_game(third, new_game.saved(), new_game.summary())
    assert not outcome.ok and outcome.dropped == []
    assert {e["id"] for e in kept.games()} == {unfinished_old, unfinished_new, first, second}
    assert store.get(storage.GAME_PREFIX + third) is None
    for game_id in (unfinished_old, unfinished_new, first, second):
        Session.from_saved(kept.load_game(game_id))


def test_a_game_that_grows_in_a_full_store_is_never_dropped_itself():
    store = MemoryStore()
    kept = PageStorage(store, Clock())
    session = played(*FINISHED, 6, 4)
    game_id = keep(kept, session)
    store.quota = store.used()
    while not session.state.is_terminal:
        state = session.state
        session.apply(state.game.action_token(state, state.legal_actions()[0]))
        if not kept.save_game(game_id, session.saved(), session.summary()).ok:
            break
    assert kept.entry(game_id) is not None
    assert Session.from_saved(kept.load_game(game_id)).state.history       # what was saved last resumes


def test_a_game_saved_by_the_site_that_kept_one_game_still_resumes_with_its_review():
    """The former format: "manyhands/current" held {record, seat, level, theme};
    "manyhands/review-open" the key of the review open in it."""
    session = played("raven", {"players": 4}, 7, 60)
    store = MemoryStore()
    store.set(storage.LEGACY_KEY, json.dumps({"record": session.record(), "seat": 0, "level": "hard",
                                              "theme": "prophecy"}))
    record = session.record()
    review = {"hands": [{"hand": 1}], "record": dict(record, actions=record["actions"][:30])}
    store.set(storage.REVIEW_PREFIX + "abc", json.dumps(review))
    store.set(storage.REVIEWS_KEY, json.dumps(["abc"]))
    store.set(storage.LEGACY_REVIEW_KEY, "abc")
    kept = PageStorage(store, Clock())
    game_id, error = kept.adopt_legacy(lambda saved: Session.from_saved(saved).summary())
    assert error == "" and kept.open_id() == game_id
    again = Session.from_saved(kept.load_game(game_id))
    assert again.record() == session.record() and again.level == "hard" and again.theme == "prophecy"
    assert kept.entry(game_id)["review"] == "abc"
    assert store.get(storage.LEGACY_KEY) is None and store.get(storage.LEGACY_REVIEW_KEY) is None
    assert kept.adopt_legacy(lambda saved: {}) == (None, "")           # taken once


def test_a_legacy_review_of_another_game_is_not_attached_and_a_corrupt_legacy_game_says_why():
    session = played("raven", {"players": 4}, 7, 60)
    other = played("raven", {"players": 4}, 8, 60).record()
    store = MemoryStore()
    store.set(storage.LEGACY_KEY, json.dumps({"record": session.record()}))
    store.set(storage.REVIEW_PREFIX + "x", json.dumps({"hands": [{"hand": 1}], "record": other}))
    store.set(storage.LEGACY_REVIEW_KEY, "x")
    kept = PageStorage(store, Clock())
    game_id, _ = kept.adopt_legacy(lambda saved: Session.from_saved(saved).summary())
    assert kept.entry(game_id)["review"] is None
    store.set(storage.LEGACY_KEY, '{"record": {"game": "raven", "actions": ["nonsense"]}}')
    game_id, error = kept.adopt_legacy(lambda saved: Session.from_saved(saved).summary())
    assert game_id is None and error
    assert len(kept.games()) == 1


@pytest.mark.parametrize("text", ["not json", "[]", '{"seat": 0}', '{"record": {}, "seat": "0"}',
                                  '{"record": {}, "seat": true}'])
def test_a_saved_game_that_is_not_one_is_refused_with_a_value_error(text):
    with pytest.raises(SavedGameError):
        storage.parse_saved(text)
    store = MemoryStore()
    store.set(storage.GAME_PREFIX + "x", text)
    with pytest.raises(ValueError):
        PageStorage(store).load_game("x")


def test_delete_forgets_the_game_and_the_table():
    kept = PageStorage(MemoryStore(), Clock())
    a = keep(kept, played("tricksters", {}, 2, 10))
    b = keep(kept, played("tricksters", {}, 3, 10))
    kept.set_open(a)
    kept.delete_game(a)
    assert [e["id"] for e in kept.games()] == [b] and kept.open_id() is None
    with pytest.raises(SavedGameError):
        kept.load_game(a)


def test_a_review_is_open_in_its_own_game_only():
    kept = PageStorage(MemoryStore(), Clock())
    a = keep(kept, played("raven", {"players": 4}, 2, 40))
    b = keep(kept, played("raven", {"players": 4}, 3, 40))
    kept.keep_review("ka", {"hands": [{"hand": 1}], "record": {}})
    kept.set_review(a, "ka")
    assert kept.entry(a)["review"] == "ka" and kept.entry(b)["review"] is None
    kept.set_review(a, None)
    assert kept.entry(a)["review"] is None


def test_reviews_are_bounded():
    kept = PageStorage(MemoryStore())
    for i in range(storage.KEEP_REVIEWS + 3):
        assert kept.keep_review(f"k{i}", {"hands": [{"hand": 1}]})
    assert [kept.review(f"k{i}") is not None for i in range(3)] == [False] * 3
    assert all(kept.review(f"k{i}") for i in range(3, storage.KEEP_REVIEWS + 3))


def test_the_browser_store_turns_only_the_quota_error_into_store_full():
    """localStorage's QuotaExceededError is "full"; any other error is not ours to hide."""
    class Page:             # bridge.js's store: "" when done, else the error's name
        def __init__(self, error):
            self.error = error

        def store(self, key, text):
            return self.error

        def storedItems(self):  # noqa: N802
            return "{}"

    with pytest.raises(StoreFull):
        storage.BrowserStore(Page("QuotaExceededError")).set("k", "v")
    with pytest.raises(OSError, match="SecurityError"):
        storage.BrowserStore(Page("SecurityError")).set("k", "v")
    store = storage.BrowserStore(Page(""))
    store.set("k", "v")
    assert store.get("k") == "v" and store.keys() == []      # (keys are read again: this page kept none)


def test_the_browser_store_keeps_a_copy_that_follows_the_page_and_other_tabs():
    """Read whole once; written through; another tab's change (the storage event) followed."""
    class Page:
        def __init__(self):
            self.items, self.reads = {"a": "1", "b": "2"}, 0

        def store(self, key, text):
            if text is None:
                self.items.pop(key, None)
            else:
                self.items[key] = text
            return ""

        def storedItems(self):  # noqa: N802
            self.reads += 1
            return json.dumps(self.items)

    page = Page()
    store = storage.BrowserStore(page)
    assert (store.get("a"), store.get("c")) == ("1", None)
    store.set("c", "3")
    store.remove("a")
    assert (store.get("a"), store.get("c"), page.items) == (None, "3", {"b": "2", "c": "3"}) and page.reads == 1
    store.changed("b", "20")          # another tab's
    store.changed("c", None)
    assert (store.get("b"), store.get("c")) == ("20", None)
    store.changed(None, None)         # another tab cleared the store: read again
    page.items = {}
    assert store.get("b") is None and page.reads == 2


# --- the list on the home page ------------------------------------------------------------------
def test_your_games_lists_unfinished_games_first_with_their_progress_scores_and_time():
    clock = Clock()
    kept = PageStorage(MemoryStore(), clock)
    done = keep(kept, played(*FINISHED, 2, None))
    raven = keep(kept, played("raven", {"players": 4}, 2, 60))
    fresh = keep(kept, played("lunar", {"players": 2}, 2, 3))
    html = your_games.your_games_html(kept.games(), int(clock.now * 1000) + 5 * 60_000, raven)
    assert html.index(f'data-id="{fresh}"') < html.index(f'data-id="{raven}"') < html.index(f'data-id="{done}"')
    assert "Hand 2 of 8" in html and "Points: You <b>" in html and "At the table" in html
    assert "Finished after 3 hands" in html and "Chips: You <b>" in html and "See the result" in html
    assert "Last played 5 minutes ago" in html
    assert html.count("saved-scores") == 2           # none before a hand is scored (the Lunar game)
    question = your_games.delete_question(kept.entry(raven), int(clock.now * 1000))
    assert question.startswith("Delete your game of Raven, 4 players, hand 2 of 8") and "not finished" in question


def test_older_finished_games_wait_behind_a_disclosure():
    kept = PageStorage(MemoryStore(), Clock())
    finished = [keep(kept, played(*FINISHED, seed, None)) for seed in range(your_games.SHOWN_FINISHED + 2)]
    playing = keep(kept, played("tricksters", {}, 1, 5))
    html = your_games.your_games_html(kept.games(), 0, finished[0])
    shown, older = html.split('<details class="older-games"')
    assert f'data-id="{playing}"' in shown and f'data-id="{finished[0]}"' in shown      # at the table: shown
    assert all(f'data-id="{g}"' in shown for g in finished[-your_games.SHOWN_FINISHED:])
    assert f'data-id="{finished[1]}"' in older and "1 older finished game<" in older


@pytest.mark.parametrize("seconds,said", [(5, "just now"), (61, "1 minute ago"), (7_300, "2 hours ago"),
                                          (86_400 * 1.5, "yesterday"), (86_400 * 3, "3 days ago"),
                                          (86_400 * 40, "on 14 Nov 2023")])
def test_when_a_game_was_last_played_in_words(seconds, said):
    now = 1_700_000_000_000 + 86_400_000 * 40
    assert your_games.when_text(int(now - seconds * 1000), now) == said
