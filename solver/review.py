"""Review a finished hand: each of one seat's decisions judged by what it could know.

    python -m solver.review RECORD --seat S [--hand N] [--budget 160 | '{"effort": 160, "seed": 0}']
                           [--theme prophecy] [--details | --json]

For every decision of the seat in the hand (drafts, bids, exchanges, trump
turning, the dealer's options, play / fold / poke, every card with a choice):
- the choice made, and the best choice with only what the player knew then: the
  hint's numbers themselves (`solver.hints.ranked`, the search the hint button
  runs, of the position the review holds, same budget and seed), so the two
  always agree; the cost of the difference in the hand's expected points
  (Voren: chips), 0 when the choice is the best. The verdict says how big a loss
  is and how sure (`_verdict`, worded by solver/review_words.py): sure where
  both values are exact or the hint's interval of their difference is clear of
  0 ("small loss", or "big loss" past half a trick's worth, the game adapter's
  `big_loss`: marked),
  "unclear" where that interval reaches 0 (it says what the loss could be);
- the same decision face up (`solver/faceup.py`): every hand known, searched
  exactly where that finishes quickly, else estimated from play-throughs with a
  95% interval; where the face-up best is (clearly) better than the hint's best,
  one line on why (the hidden card whose true place made the difference).
Per hand: a headline a player can act on (the score, the clear losses and the
largest, the unclear ones, and where the exact face-up search found better:
never a sum of costs, which add up to nothing that happened), what "with all
hands seen" means in this game, the hand trick by trick with every hand face
up, and where each decision starts ("Play from here": `play_from_here`;
"Replay this deal": `replay_deal`).

The analysis goes decision by decision: `progress(done, total)` after each, and
each decision's result is kept (`CACHE`, keyed by the record's prefix, the seat,
the budget and the choice), so a second look is instant and a cancel loses only
the decision under way. The export (`review`) is JSON: the record and the
review, format "manyhands-review/1" (docs/review.md;
docs/exact-search.md for the face-up column and the verdicts).
"""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import OrderedDict
from dataclasses import dataclass, field

from pycore.answer import Hint
from pycore.errors import ManyhandsError, quote
from pycore.game import get_game
from pycore.records import Record, load_record, positions, read_record_file, record_of, replay, start_state
from pycore.words import Narrator, count

from . import hints, work
from .budget import effort_and_seed
from .hint_words import choice_in_sentence
from .faceup import NODES_PER_EFFORT, Difference, FaceUp, explain, face_up, face_up_exactly
from .errors import SolverError
from .search import DEFAULT_EFFORT
from .review_words import (SURE_LOSSES, SURENESS, decision_words, face_up_certainty, face_up_rule,  # noqa: F401
                           face_up_words, fact_words, lesson_line, summary_line, verdict_how,
                           verdict_words, why_short, why_words)
from .view import adapter_for, view_of

FORMAT = "manyhands-review/1"
WHY_WORLDS = 24          # consistent worlds compared with the true deal to say why the columns differ


class ReviewError(SolverError):
    """A review that cannot be made: a bad seat, hand or budget."""


# --- reading the hint ---------------------------------------------------------------------------
@dataclass
class Reading:
    """What the review reads from a hint: each searched action's expected points,
    its interval where the hint gives one, its difference from the best with that
    difference's interval and the hint's group for it (`diffs`: token ->
    (low, high) of the best's value minus its own; `groups`: "best", "as good",
    "close", "worse", "screened"), the best action, and whether the values are
    exact (every consistent world, each searched exactly)."""
    best: str
    values: dict                                      # token -> expected points
    intervals: dict = field(default_factory=dict)     # token -> (low, high), where given
    exact: bool = False
    worlds: int = 0
    searched: int = 0
    diffs: dict = field(default_factory=dict)         # token -> (low, high) of best - it, where given
    groups: dict = field(default_factory=dict)        # token -> the hint's group
    exact_entries: frozenset = frozenset()            # tokens whose own value is exact
    look_ahead: int = 0                               # one deal, searched this many moves ahead (not exact)
    exact_endgame: bool = False                       # each deal valued exactly (else by playouts)


def read_hint(hint: Hint) -> Reading:
    """The one reader of the hint's numbers (pycore.answer.Hint, made by
    solver/hints.py): every coupling of the review to it is here. Each searched
    choice's value, its interval and its difference's interval where the hint
    gives them, its group and whether it is exact."""
    values, intervals, diffs, groups, exact = {}, {}, {}, {}, set()
    for entry in hint.actions:
        if entry.ev is None:
            continue
        token = entry.action
        values[token] = float(entry.ev)
        if entry.interval is not None:
            low, high = entry.interval
            intervals[token] = (float(low), float(high))
        if entry.diff_interval is not None:
            low, high = entry.diff_interval
            diffs[token] = (float(low), float(high))
        groups[token] = entry.group
        if entry.exact:
            exact.add(token)
    whole = hint.all_worlds and hint.exact_endgame
    return Reading(best=hint.best, values=values, intervals=intervals, exact=whole,
                   worlds=hint.worlds, searched=hint.searched_worlds,
                   diffs=diffs, groups=groups, exact_entries=frozenset(exact),
                   look_ahead=0 if whole else hint.look_ahead, exact_endgame=hint.exact_endgame)


# --- the seat's decisions in a hand -------------------------------------------------------------
@dataclass
class Hand:
    """One hand of a record: the states before each of its actions."""
    number: int                # 1-based
    first: int                 # its first action's index in the record
    end: int                   # one past its last action
    states: list               # the state before each action first..end-1, then the state after
    finished: bool
    trail: list = field(default_factory=list, repr=False)   # every position of the record (shared)

    def positions(self, offset: int) -> list:
        """Every position of the game up to `states[offset]` (what the solver's
        view reads earlier positions from: the record is replayed once)."""
        return self.trail[:self.first + offset + 1]


def hands_of(record: Record) -> list[Hand]:
    """Every hand begun in the record, with its states."""
    states = list(positions(record))   # states[i]: before action i; the last one after them all
    hands: list[Hand] = []
    for index in range(len(record.actions)):
        number = len(states[index].finished_hands) + 1
        if not hands or hands[-1].number != number:
            if hands:
                hands[-1].end = index
            hands.append(Hand(number, index, len(record.actions), [], False, states))
    for hand in hands:
        hand.states = states[hand.first:hand.end + 1]
        hand.finished = len(hand.states[-1].finished_hands) >= hand.number
    return hands


def check_seat(record: Record, seat) -> int:
    players = start_state(record).players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ReviewError(f"no seat {quote(seat)} in this {players}-player game "
                          f"(seats 0 to {players - 1})")
    return seat


def budget_of(budget) -> dict:
    """The hint's budget, checked as the hint checks it (solver.api): playouts, or
    {"effort", "seed"}; a review does not split."""
    if isinstance(budget, dict) and set(budget) - {"effort", "seed"}:
        raise ReviewError("a review's budget has an effort and a seed, no other field "
                          "(no time limit, no split: a review is the same every time)")
    if budget is None or isinstance(budget, dict) and "effort" not in budget:
        budget = {"effort": DEFAULT_EFFORT, **(budget or {})}
    effort, seed = effort_and_seed(budget)
    return {"effort": effort, "seed": seed}


# --- one decision's analysis (kept) -------------------------------------------------------------
CACHE: OrderedDict = OrderedDict()
CACHE_SIZE = 4096


def decision_key(state, seat: int, budget: dict, choice: str | None = None) -> str:
    """The cache key: the record up to the decision (its deals included), the seat,
    the budget and the choice made there (the face-up column estimates it even
    where it leaves out most of many choices)."""
    text = json.dumps([record_of(state).to_json(), seat, budget, choice], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def analyse(state, seat: int, budget: dict, cache=None, choice: str | None = None,
            positions: list | None = None) -> dict:
    """`analyse_steps` run to its end in this process."""
    return work.drive(analyse_steps(state, seat, budget, cache, choice, positions))


def analyse_steps(state, seat: int, budget: dict, cache=None, choice: str | None = None,
                  positions: list | None = None):
    """The decision of `seat` to act in `state` (the true position), where it chose
    `choice`: the hint's numbers there (what the player could know), the face-up
    values, and where the two bests differ, the comparison with the player's
    worlds. JSON; kept in `cache` (default CACHE) under `decision_key`.
    `positions`: every position of the game up to `state`, where the caller
    replayed the record (else the view replays it). A generator of the hint's
    batches (solver/work.py)."""
    cache = CACHE if cache is None else cache
    key = decision_key(state, seat, budget, choice)
    got = cache.get(key)
    if got is not None:
        if isinstance(cache, OrderedDict):
            cache.move_to_end(key)
        return got
    view = view_of(state, seat, positions)      # what the player could know, one view for both uses
    hint = yield from hints.ranked_steps(view, budget["effort"], budget["seed"])
    reading = read_hint(hint)
    legal = {state.game.action_token(state, a) for a in state.legal_actions()}
    from_hint = reading.worlds == 1 and legal <= set(reading.values)
    nodes = budget["effort"] * NODES_PER_EFFORT         # the face-up search's, as the hint's effort
    up = None
    if from_hint and not reading.exact:
        # one possible deal, the hint's values estimated: exact face up where the search finishes
        up = face_up_exactly(state, seat, nodes=nodes)
        from_hint = up is None
    if from_hint:
        # every hand is known already: the hint's values are the face-up ones (where it valued
        # every choice: a tree search leaves the ones it never tried unvalued)
        up = FaceUp(dict(reading.values), reading.exact, sorted(reading.values, key=lambda t: -reading.values[t]),
                    {} if reading.exact else dict(reading.intervals))
    elif up is None:
        up = face_up(state, seat, seed=budget["seed"], keep=tuple(t for t in (choice, reading.best) if t),
                     nodes=nodes)
    # the face-up best: of those tied at the top, your choice, else the hint's best, else the
    # one the hint liked most
    tied = [t for t in up.order if up.values[t] == up.values[up.best]]
    face_best = next((t for t in (choice, reading.best) if t in tied), None) or \
        max(tied, key=lambda t: reading.values.get(t, float("-inf")))
    difference = None
    if reading.best in up.values and up.beats(face_best, reading.best):
        # why it was not the best by what you knew (clearly better face up); each deal compared
        # searched within an eighth of the budget, the one possible deal (the true one) within all
        difference = _difference_json(state, explain(view, state.hidden_places(seat),
                                                     reading.best, face_best, WHY_WORLDS,
                                                     budget["seed"], up.exact,
                                                     nodes if reading.worlds == 1 else nodes // 8))
    got = {"key": key, "decision": hint.decision, "best": reading.best,
           "values": reading.values,
           "intervals": {t: list(v) for t, v in reading.intervals.items()} or None,
           "diff_intervals": {t: list(v) for t, v in reading.diffs.items()} or None,
           "groups": reading.groups, "exact_entries": sorted(reading.exact_entries),
           "look_ahead": reading.look_ahead, "exact_endgame": reading.exact_endgame,
           "exact": reading.exact, "worlds": reading.worlds, "searched_worlds": reading.searched,
           "face_up": _face_up_json(up, face_best, choice, reading, from_hint), "difference": difference}
    cache[key] = got
    while len(cache) > CACHE_SIZE:
        cache.popitem(last=False) if isinstance(cache, OrderedDict) else cache.pop(next(iter(cache)))
    return got


def _face_up_json(up: FaceUp, best: str, choice: str | None, reading: Reading, from_hint: bool) -> dict:
    """The face-up column in numbers: every choice valued (estimated: the mean and
    its interval), the best, and the cost of `choice` against it with that
    cost's interval where estimated (paired over the play-throughs). With one
    possible deal whose every choice the hint valued (`from_hint`, `one_deal`), the
    hint's own values and intervals."""
    one = from_hint
    out = {"best": best, "values": {t: _num(v) for t, v in up.values.items()}, "exact": up.exact,
           "intervals": None if up.exact else {t: [_num(a), _num(b)] for t, (a, b) in up.intervals.items()},
           "playthroughs": up.playthroughs, "screened": up.screened, "positions": up.positions,
           "one_deal": one, "choice": choice, "cost": None, "cost_interval": None}
    if choice in up.values:
        diff, width = up.difference(best, choice)
        out["cost"] = _num(max(0.0, diff))
        if one and not up.exact and best == reading.best:
            low_high = reading.diffs.get(choice)
            out["cost_interval"] = None if low_high is None else list(low_high)
        elif not up.exact and width is not None:
            out["cost_interval"] = [_num(diff - width), _num(diff + width)]
    return out


def _difference_json(state, d: Difference) -> dict:
    token = state.game.card_token
    return {"known": d.known, "better": d.better, "worlds": d.worlds, "all_worlds": d.all_worlds,
            "better_in": d.better_in, "card": None if d.card is None else token(d.card),
            "place": d.place, "with_card": d.with_card, "elsewhere": d.elsewhere}


# --- words ------------------------------------------------------------------------------------
def _when(state, seat: int, tell: Narrator) -> tuple[str, int | None]:
    trick = adapter_for(state.game.name).current_trick_index(state)
    if trick is None:
        phase = tell.phase() or "a choice"
        return phase[0].upper() + phase[1:], None
    lead = not state.tricks[-1].plays
    return f"Trick {trick + 1}, {'lead' if lead else 'follow'}", trick + 1


def _num(x: float) -> float:
    return round(float(x), 3)


# --- a hand's review ---------------------------------------------------------------------------
def _verdict(cost, choice: str, got: dict, threshold: float) -> tuple[str, str | None]:
    """(the verdict, how sure the review is of it): "best", "as good as the best",
    "small loss" / "big loss" (big past `threshold`), "unclear", "not searched";
    sure is "exact" (both values exact), "clear" (the hint's interval of their
    difference clear of 0, each deal searched exactly), "likely" (the same,
    each deal played out by the computer's quick play: its play, not exact
    play), or None: unclear (the interval reaches 0, or the hint could not say:
    too few deals, or one deal searched only a few moves ahead)."""
    best = got["best"]
    if cost is None:
        return "not searched", None
    if cost <= 0:
        return ("best" if choice == best else "as good as the best"), "exact"
    groups = got.get("groups") or {}
    if groups.get(choice) == "as good":
        return "as good as the best", "clear"
    if {choice, best} <= set(got.get("exact_entries") or ()):
        sure = "exact"
    elif (groups.get(choice) == "worse" and not got.get("look_ahead")
          and choice in (got.get("diff_intervals") or {})):
        sure = "clear" if got.get("exact_endgame") else "likely"
    else:
        return "unclear", None
    return ("big loss" if cost > threshold else "small loss"), sure


def review_decision(state, seat: int, choice: str, got: dict, threshold: float, theme: str,
                    index: int, seed: int = 0, unit: str = "points", namer=None) -> dict:
    """A decision's line of the review, in numbers and in the player's words
    (`got`: `analyse` of this decision and choice; `seed`: unused, kept for
    callers; `unit`: the hand's, for the label; `namer`: the seats' names,
    pycore.words.Narrator's)."""
    game = state.game
    tell = Narrator(game, state.observation(seat), theme, namer)
    when, trick = _when(state, seat, tell)
    values, best = got["values"], got["best"]
    cost = _num(max(0.0, values[best] - values[choice])) if choice in values else None
    verdict, sureness = _verdict(cost, choice, got, threshold)
    sure = sureness is not None
    diff = (got.get("diff_intervals") or {}).get(choice)
    up = got["face_up"]
    difference = got["difference"]
    out = {"index": index, "when": when, "trick": trick, "decision": got["decision"],
           "choice": choice, "choice_said": tell.choice(choice),
           "best": best, "best_said": tell.choice(best),
           "choice_in": choice_in_sentence(choice, got["decision"], tell),
           "best_in": choice_in_sentence(best, got["decision"], tell),
           "values": values, "intervals": got["intervals"], "exact": got["exact"],
           "worlds": got["worlds"], "searched_worlds": got["searched_worlds"],
           "look_ahead": got.get("look_ahead", 0), "exact_endgame": bool(got.get("exact_endgame")),
           "cost": cost, "cost_interval": None if sure or diff is None else diff,
           "verdict": verdict, "sure": sure, "sureness": sureness, "big": verdict == "big loss",
           "face_up": {**{k: up[k] for k in ("best", "values", "exact", "intervals", "playthroughs",
                                             "screened", "positions", "one_deal", "cost", "cost_interval")},
                       "best_said": tell.choice(up["best"]),
                       "best_in": choice_in_sentence(up["best"], got["decision"], tell),
                       "label": "exact" if up["exact"] else "estimated"},
           "difference": difference, "why": None, "key": got["key"]}
    if verdict == "unclear" and out["cost_interval"] is None:
        out["unsure_why"] = (f"an estimate: the one possible deal searched {count(out['look_ahead'], 'move')} "
                             f"ahead" if out["look_ahead"] else "too few deals searched to say")
    out["verdict_said"] = verdict_words(out, unit, threshold)
    out["said"] = decision_words(out, unit, threshold)
    out["verdict_how"] = verdict_how(out, unit)
    out["face_up"]["certainty"] = face_up_certainty(out["face_up"])
    out["face_up_said"] = face_up_words(out, unit)
    out["why_said"] = None
    if difference is not None:
        cards = state.cards_in_play()
        copies = len(set(cards)) < len(cards)
        out["why"] = why_words(difference, tell, copies)
        out["why_said"] = why_short(difference, tell, copies)
    return out


def _faces(state, adapter) -> dict:
    token = state.game.card_token
    out = {"hands": [[token(c) for c in hand] for hand in state.hands]}
    for name, cards in adapter.open_places(state).items():     # Lunar's Sky
        out[name] = [token(c) for c in cards]
    return out


def hand_steps(hand: Hand, seat: int, theme: str, namer=None) -> dict:
    """The hand face up: the cards as dealt, every action said, each trick with
    every hand at its start."""
    game = hand.states[0].game
    adapter = adapter_for(game.name)
    steps, starts = [], []
    for offset, state in enumerate(hand.states[:-1]):
        actor, action = hand.states[offset + 1].history[-1]
        token = game.action_token(state, action)
        tell = Narrator(game, state.observation(seat), theme, namer)
        steps.append({"index": hand.first + offset, "seat": actor, "action": token,
                      "said": tell.sentence(actor, token)})
        if adapter.current_trick_index(state) is not None and not state.tricks[-1].plays:
            starts.append((hand.first + offset, _faces(state, adapter)))
    final = hand.states[-1]
    tricks, points = [], None
    if hand.finished:
        done, points = final.finished_hands[hand.number - 1]
        points = list(points)
        for trick, (first, faces) in zip(done, starts):
            tricks.append({**trick.to_json(game.card_token), "first_step": first, **faces})
    return {"start": _faces(hand.states[0], adapter), "steps": steps, "tricks": tricks, "points": points}


def review_hand_steps(hand: Hand, seat: int, budget: dict, theme: str = "", cache=None,
                      tick=None, namer=None):
    """One finished hand's review (see the module docstring); `tick()` after each
    decision analysed. A generator of its hints' batches (solver/work.py)."""
    game = hand.states[0].game
    adapter = adapter_for(game.name)
    threshold, unit, said = adapter.big_loss(hand.states[0])     # what counts as a big loss
    decisions, forced = [], 0
    for offset, state in enumerate(hand.states[:-1]):
        if state.current_player != seat:
            continue
        action = hand.states[offset + 1].history[-1][1]
        choice = game.action_token(state, action)
        if len(state.legal_actions()) == 1:
            forced += 1
            continue
        got = yield from analyse_steps(state, seat, budget, cache, choice, hand.positions(offset))
        decisions.append(review_decision(state, seat, choice, got, threshold, theme,
                                         hand.first + offset, budget["seed"], unit, namer))
        if tick is not None:
            tick()
    sure = [d for d in decisions if d["verdict"] in SURE_LOSSES]
    exact = [d for d in decisions if d["face_up"]["exact"]]
    out = {"hand": hand.number, "first_action": hand.first, "end_action": hand.end,
           "hand_word": game.words.hand_word, "unit": unit, "big_loss": _num(threshold),
           "big_loss_said": f"more than {threshold:.3g} {unit} ({said})",
           "face_up_rule": face_up_rule(adapter.face_up_rule(hand.states[0].players),
                                        hand.states[0].players, unit),
           "decisions": decisions, "forced": forced,
           "clear_losses": len(sure), "unclear": sum(d["verdict"] == "unclear" for d in decisions),
           "big_losses": sum(d["big"] for d in decisions),
           "face_up_exact": len(exact), "face_up_better": sum(d["face_up"]["cost"] > 0 for d in exact)}
    out.update(hand_steps(hand, seat, theme, namer))
    out["scored"] = None if out["points"] is None else out["points"][seat]
    out["summary"] = summary_line(out)
    out["lesson"] = lesson_line(out)
    return out


def _unfinished(hands: list[Hand], hand) -> ReviewError:
    done = sum(h.finished for h in hands)
    return ReviewError(f"hand {hand} is not a finished hand of this record "
                       f"(it has {count(done, 'finished hand')})")


def review(record_json, seat, hand=None, budget=None, progress=None, theme: str = "",
           cache=None, namer=None) -> dict:
    """`review_steps` run to its end in this process."""
    return work.drive(review_steps(record_json, seat, hand, budget, progress, theme, cache, namer))


def review_steps(record_json, seat, hand=None, budget=None, progress=None, theme: str = "",
                 cache=None, namer=None):
    """The export: the record and the review of `hand` (1-based), or of every
    finished hand, for `seat`. `progress(done, total)`: decisions analysed;
    `namer`: how its words name the seats (pycore.words.Narrator's). A generator
    of its hints' batches (solver/work.py)."""
    record = load_record(record_json)
    seat = check_seat(record, seat)
    budget = budget_of(budget)
    hands = hands_of(record)
    if hand is None:
        chosen = [h for h in hands if h.finished]
        if not chosen:
            raise _unfinished(hands, 1)
    else:
        if isinstance(hand, bool) or not isinstance(hand, int):
            raise ReviewError(f"a hand is numbered from 1, not {quote(hand)}")
        chosen = [h for h in hands if h.number == hand and h.finished]
        if not chosen:
            raise _unfinished(hands, hand)
    total = sum(1 for h in chosen for s in h.states[:-1]
                if s.current_player == seat and len(s.legal_actions()) > 1)
    done = 0
    if progress is not None:
        progress(0, total)

    def tick():
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)
    reviews = []
    for h in chosen:
        reviews.append((yield from review_hand_steps(h, seat, budget, theme, cache, tick, namer)))
    return {"format": FORMAT, "record": record.to_json(), "seat": seat, "budget": budget,
            "theme": theme, "hands": reviews}


# --- branching off a reviewed hand --------------------------------------------------------------
def play_from_here(record_json, upto: int, choice: str | None = None) -> dict:
    """The record of a game branched at action `upto` (a decision of the review):
    its first `upto` actions, then `choice` if given (checked legal there). The
    rules, seed and deals stay: the same cards, the rest to be played anew."""
    record = load_record(record_json)
    if isinstance(upto, bool) or not isinstance(upto, int) or not 0 <= upto <= len(record.actions):
        raise ReviewError(f"no action {quote(upto)} to branch at (the record has {len(record.actions)})")
    record.actions = record.actions[:upto]
    if choice is not None:
        state = replay(record)
        state.apply_action(state.game.parse_action(state, choice))
        record.actions.append(choice)
    return record.to_json()


def replay_deal(record_json, hand: int) -> dict:
    """The record of the game restarted at `hand`'s first decision: the same deal."""
    record = load_record(record_json)
    for h in hands_of(record):
        if h.number == hand:
            return play_from_here(record.to_json(), h.first)
    raise ReviewError(f"the record has no hand {quote(hand)}")


# --- the table --------------------------------------------------------------------------------
def _points(x: float) -> str:
    return f"{x:.2f}"


def known_certainty(d: dict) -> str:
    """How sure the values by what you knew are, in a few words: "exact", or how
    they were estimated."""
    n, worlds = d["searched_worlds"], d["worlds"]
    if d["exact"]:
        return "exact: the only possible deal searched" if worlds == 1 else \
            "exact: every possible deal searched"
    if worlds == 1:
        ahead = d.get("look_ahead")
        return (f"estimated: the only possible deal, searched {count(ahead, 'move')} ahead" if ahead
                else "estimated: the only possible deal, played out many times")
    played = "" if d.get("exact_endgame") else ", each played out by the computer's quick play"
    return f"estimated over {count(n, 'deal')}{played}"


def table(export: dict, details: bool = False) -> str:
    """The review in words, hand by hand, as the page shows it: the player's
    text; `details`: with how each verdict was worked out (the page's "How do
    we know?": deals, play-outs, ranges, what was left out)."""
    record = load_record(export["record"])
    title = get_game(record.game).words.title(export.get("theme", ""))
    lines = []
    for h in export["hands"]:
        unit = h["unit"]
        called = h.get("hand_word", "hand")
        how = f" Effort {export['budget']['effort']}, seed {export['budget']['seed']}." if details else ""
        lines.append(f"{title}, {called} {h['hand']}: the review of seat {export['seat']} (you).{how}")
        lines.append(h.get("lesson") or lesson_line(h))
        forced = h["forced"]
        forced = (f" Not listed: {count(forced, 'move')} with no other choice."
                  if forced else "")
        lines.append(f"Marked !: a sure or probable loss of {h['big_loss_said']}.{forced}")
        if details:
            lines.append(h["face_up_rule"])
        for k, d in enumerate(h["decisions"], 1):
            mark = "!" if d["big"] else " "
            lines.append(f"{mark}{k:>3}. {d['when']}: {d.get('said') or decision_words(d, unit, h.get('big_loss'))}")
            for extra in (d.get("face_up_said"), d.get("why_said")):
                if extra:
                    lines.append(f"      {extra}")
            if details:
                lines.extend(f"      {line}" for line in _details(d, unit))
        lines.append(h["summary"])
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _details(d: dict, unit: str) -> list[str]:
    """How a decision's verdict was worked out, in the details' words."""
    sure = verdict_how(d, unit)
    lines = [f"How do we know? {sure}" if sure else "How do we know?"]
    values = d["values"]
    mine = values.get(d["choice"])
    exact = known_certainty(d)
    if d["best"] == d["choice"]:
        lines.append(f"Best by what you knew: the same, {_points(values[d['best']])} {unit} "
                     f"expected ({exact}).")
    else:
        yours = "" if mine is None else f"; yours {_points(mine)}"
        lines.append(f"Best by what you knew: {d['best_said']}, {_points(values[d['best']])} "
                     f"{unit} expected{yours} ({exact}).")
    up = d["face_up"]
    about = "" if up["exact"] else "about "
    if up["cost"] == 0:
        same = "yours too" if up["best"] == d["choice"] or up["exact"] else \
            f"yours {about}{_points(up['values'][d['choice']])}, no clear difference"
    else:
        low_high = up.get("cost_interval")
        could = "" if low_high is None else \
            f", could be {_points(max(0, low_high[0]))} to {_points(max(0, low_high[1]))}"
        same = f"yours {about}{_points(up['values'][d['choice']])}, cost {_points(up['cost'])}{could}"
    lines.append(f"With all hands seen ({up['certainty']}): {up['best_said']}, "
                 f"{about}{_points(up['values'][up['best']])} {unit} ({same}).")
    if d["why"]:
        lines.append(d["why"])
    return lines


# --- the command line -------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str):
        """A bad option is one line, exit 2 (argparse adds the usage)."""
        self.exit(2, f"{self.prog}: {message}\n")


def main(argv: list[str] | None = None) -> int:
    parser = _Parser(
        prog="python -m solver.review",
        description="Review a finished hand: each of a seat's decisions, judged by what it could know.")
    parser.add_argument("record", help="the record (JSON); - for standard input")
    parser.add_argument("--seat", type=int, required=True, help="the seat to review (0-based)")
    parser.add_argument("--hand", type=int, default=None, help="the hand (1-based; default: every finished hand)")
    parser.add_argument("--budget", default=None,
                        help=f'the hint effort in playouts, or JSON {{"effort": N, "seed": S}} (default {DEFAULT_EFFORT})')
    parser.add_argument("--theme", default="", help="the card theme (Raven: prophecy)")
    parser.add_argument("--details", action="store_true",
                        help="with how each verdict was worked out (deals, play-outs, ranges)")
    parser.add_argument("--json", action="store_true", help="print the export (the record and the review) as JSON")
    args = parser.parse_args(argv)
    try:
        data = read_record_file(args.record)
    except OSError as exc:
        print(f"cannot read {quote(args.record)}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        budget = None
        if args.budget is not None:
            try:
                budget = json.loads(args.budget)
            except json.JSONDecodeError:
                raise ReviewError(f"budget must be a number or JSON, not {args.budget[:40]!r}") from None
        export = review(data, args.seat, args.hand, budget, theme=args.theme)
    except ManyhandsError as exc:
        print(str(exc).replace("\n", " "), file=sys.stderr)
        return 2
    print(json.dumps(export) if args.json else table(export, args.details), end="\n" if args.json else "")
    return 0


if __name__ == "__main__":
    sys.exit(main())
