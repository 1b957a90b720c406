"""The perfect-information solver: an open deal (every card seen) searched
exactly to the end of the hand, fast enough for whole hands, for every game.

It plays by the definitions of docs/exact-search.md, the same as the plain
search it is held to (solver/reference/plain.py; tests/solver/test_perfect.py):
- two sides where the adapter says so (`exact_sides`, else `allies`): the
  seat's side maximises the score, the other side minimises it. Searched by
  alpha-beta with zero-window probes on the score (MTD(f)): each probe asks
  "is the value at least g?", and its answers narrow the value until it is
  known; a transposition table keeps each position's bounds between probes, and
  its best move is tried first the next time (move ordering);
- else max^n, each seat for its own points (Raven, Voren): every move searched
  (max^n allows no alpha-beta cut-off), each position's values remembered.
Ties go to the first legal action, in both, so the line of play this solver
follows (`final`) is the plain search's own, move by move.

What makes it fast, each held to the plain search:
- the table's key merges equivalent cards: the game's `card_order` hook names
  groups of cards that behave alike but for their order (Raven's suits; Lunar's
  rank cards between two star ranks). Among the cards still in play, the i-th
  of a group is renamed the group's i-th card, and the key is the position's
  `memo_key()` after that renaming (pycore.game.GameState.renamed_memo_key):
  positions whose cards differ only in ranks that no card still in play lies
  between play alike, and meet in the table;
- where two sides play for the seat's points, the game's `banked` hook names
  points the rest of the hand only adds to (Lunar's star cards kept) and the
  slots holding them: the key leaves those slots out and the table keeps values
  less those points, so positions apart only in them meet;
- of a seat's moves, cards next to each other in a group among those in play,
  every copy of them held in the one place played from, are one move (the
  first of them in legal order is searched);
- cut-offs that need no search: the game's `points_range` hook bounds the
  points a seat can still end the hand with (the tricks left, the bonus still
  in reach, the stars still out, Lunar's trumps that cannot be beaten); a probe
  outside them is answered at once, and a max^n seat that has reached its top
  stops looking (later moves could only tie, and ties go to the first), and
  skips a move that ends a trick after which its top is no better than its best.

A search is given a node budget and/or a time budget; past it the solver
raises OutOfBudget, and what it has learnt stays in its table (valid bounds), so
a later call with more budget goes on from there. `Report` says what was
spent, and whether every value asked for was found.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Callable

from .adapter import hand_points

INF = float("inf")
TRICK, SHARED = object(), object()      # a card's place in `Perfect.places`: the trick under way, several


class OutOfBudget(Exception):
    """The search looked at more positions, or took longer, than it was allowed."""


@dataclass(frozen=True)
class CardOrder:
    """A game's cards that behave alike but for their order (the `card_order`
    hook of the adapter, for the hand under way):

    groups: each group's cards, lowest first, as consecutive card numbers (a
        suit; Lunar's rank cards between two star ranks); a card in no group is
        never merged with another;
    slots: the state's slots that hold cards still in play (the trick under way
        is renamed too), which the table's key renames;
    holdings(state) -> {place: cards}: where each card still in play is held (a
        hand, the Sky), copies repeated;
    play(state, action) -> (card, place) | None: the card an action plays and the
        place it comes from (None: not a plain card play).
    """
    groups: tuple
    slots: tuple
    holdings: Callable
    play: Callable

    def __post_init__(self):
        for group in self.groups:
            if list(group) != list(range(group[0], group[0] + len(group))):
                raise ValueError(f"a group of cards must be consecutive card numbers: {group}")


@dataclass
class Report:
    """What a solve spent: positions expanded (`nodes`), seconds, and whether it
    finished (every value asked for found within the budget)."""
    finished: bool = True
    nodes: int = 0
    seconds: float = 0.0


def _unbounded(state, seat: int, mark: int) -> tuple:
    """A game without `points_range`: the seat's points may still end anywhere."""
    return (-INF, INF)


class Perfect:
    """One open deal's exact search for `seat` in hand `mark`: its table is kept
    across calls (the actions of one decision, later decisions of the same deal),
    its budget counts from `budget()`."""

    def __init__(self, adapter, state, seat: int, mark: int, table: dict | None = None):
        self.adapter, self.seat, self.mark = adapter, seat, mark
        self.hand_mark = adapter.hand_mark
        sides = adapter.exact_sides(state, seat, mark) if adapter.exact_sides is not None else None
        self.ranged = False
        if sides is None and adapter.allies is not None:
            allies = adapter.allies
            sides = (lambda a: allies(state, a, seat), lambda final: final.finished_hands[mark][1][seat])
            self.ranged = True              # the score is the seat's points: points_range bounds it
        self.sides = sides
        # no points_range (its default): no bound, the search alone decides
        self.range = adapter.points_range or _unbounded
        # the seat's points the rest of the hand only adds to: out of the key, off the values
        self.banked = adapter.banked if self.ranged else None
        self.order = adapter.card_order(state) if adapter.card_order is not None else None
        if self.order is not None:
            self.group_of = {c: i for i, g in enumerate(self.order.groups) for c in g}
            self.bottoms = {c: g[0] for g in self.order.groups for c in g}
            self._renamings = {}        # the cards in play -> (rename, renamed hands): see _renaming
        self.table = {} if table is None else table
        self.nodes = self.probes = 0
        self.history = {}          # action -> how often it cut the search off, earlier tricks weighing more
        self.killers = {}           # (trick, plays in it) -> the last move that cut the search off there
        self.guess = None           # the last value found: the next sibling's first guess
        self.node_limit = None
        self.deadline = None

    # --- budget ---------------------------------------------------------------------------------
    def budget(self, nodes: int | None = None, seconds: float | None = None) -> None:
        """Allow `nodes` more positions expanded and/or `seconds` more time from now."""
        self.node_limit = None if nodes is None else self.nodes + nodes
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OutOfBudget
        if self.deadline is not None and not self.nodes & 255 and time.perf_counter() > self.deadline:
            raise OutOfBudget

    # --- the table's key and the moves worth searching ------------------------------------------
    def places(self, state) -> dict | None:
        """Where each card still in play is: {card: its place} (TRICK: the trick
        under way; SHARED: copies of it in more than one place), or None where the
        game merges no cards."""
        if self.order is None:
            return None
        held = self.order.holdings(state).items()
        places = {card: place for place, cards in held for card in cards}
        if len(places) != sum([len(cards) for _, cards in held]):     # copies of a card: where?
            places = {}
            setdefault = places.setdefault
            for place, cards in held:
                for card in cards:
                    if setdefault(card, place) != place:
                        places[card] = SHARED
        if state.tricks:
            for _, card in state.tricks[-1].plays:
                if places.setdefault(card, TRICK) is not TRICK:
                    places[card] = SHARED
        return places

    def _renaming(self, places: dict) -> tuple:
        """(rename, parts) for the cards in play: each grouped card -> the group's
        i-th card where it is the i-th of its group in play (only those renamed), and
        a memo of renamed hands; the same for every position with these cards in
        play (within a trick, and often beyond), so kept by the set of them."""
        inplay = frozenset(places)
        got = self._renamings.get(inplay)
        if got is None:
            rename = {}
            for group in self.order.groups:
                i = group[0]
                for card in group:
                    if card in inplay:
                        if card != i:
                            rename[card] = i
                        i += 1
            got = self._renamings[inplay] = (rename, {})
            if len(self._renamings) > 4096:     # a bounded memo: drop the oldest
                del self._renamings[next(iter(self._renamings))]
        return got

    def key(self, state, places: dict | None = None):
        """The table's key: `memo_key()` with the cards in play renamed by their
        order in their group (see the module docstring), the slots holding banked
        points left out; with the seat where two sides play for its points."""
        return self._look(state, places)[0]

    def _look(self, state, places: dict | None = None) -> tuple:
        """(the table's key, the banked points its values are kept less)."""
        banked, left_out = self.banked(state, self.seat, self.mark) if self.banked is not None else (0, ())
        if self.order is None:
            base = state.renamed_memo_key({}, (), None, left_out) if left_out else state.memo_key()
        else:
            if places is None:
                places = self.places(state)
            rename, parts = self._renaming(places)
            base = state.renamed_memo_key(rename, self.order.slots, parts, left_out) if rename or left_out \
                else state.memo_key()
        return (base if self.sides is None else (self.seat, base)), banked

    def moves(self, state, legal: list, places: dict | None = None) -> list[int]:
        """The indices of `legal` worth searching: the first of each run of
        equivalent cards (see the module docstring), in legal order."""
        order = self.order
        if order is None or len(legal) < 2:
            return list(range(len(legal)))
        if places is None:
            places = self.places(state)
        out, seen = [], set()
        play, group_of, bottoms = order.play, self.group_of, self.bottoms
        for i, action in enumerate(legal):
            got = play(state, action)
            if got is None or got[0] not in group_of:
                out.append(i)
                continue
            card, place = got
            # walk down the group while the cards in play below are held only in `place`
            run, low = card, card - 1
            if places.get(card) == place:
                bottom = bottoms[card]
                while low >= bottom:
                    here = places.get(low)
                    if here is None:
                        low -= 1
                        continue
                    if here != place:
                        break
                    run, low = low, low - 1
            mark = (place, run)
            if mark not in seen:
                seen.add(mark)
                out.append(i)
        return out

    # --- two sides: alpha-beta with zero-window probes ------------------------------------------
    def value(self, state, guess=None):
        """The score of `state` under exact play (two sides: the side's score; max^n:
        every seat's points for the hand, a tuple). `guess`: where the zero-window
        probes start (a sibling's value is a good one), else the table's bound."""
        if self.sides is None:
            return self._maxn(state)
        if self.hand_mark(state) != self.mark:
            return self.sides[1](state)
        lo, hi = -INF, INF
        key, banked = self._look(state)
        got = self.table.get(key)
        if got is not None:
            lo, hi = got[0] + banked, got[1] + banked
        if self.ranged:
            low, high = self.range(state, self.seat, self.mark)
            lo, hi = max(lo, low), min(hi, high)
        g = lo if lo > -INF else hi if hi < INF else 0
        if guess is not None and lo <= guess <= hi:
            g = guess
        while lo < hi:
            self.probes += 1
            beta = g + 1 if g == lo else g
            g = self._probe(state, beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def _probe(self, state, alpha, beta):
        """Fail-soft alpha-beta: the value where it lies inside (alpha, beta), else a
        bound on it beyond that side of the window."""
        if self.hand_mark(state) != self.mark:
            return self.sides[1](state)
        places = self.places(state)
        key, banked = self._look(state, places)
        got = self.table.get(key)
        if got is not None:
            lo, hi, best = got          # (within the points' range: stored from bounds cut to it)
            lo, hi = lo + banked, hi + banked
        else:
            lo, hi, best = -INF, INF, None
            if self.ranged:
                lo, hi = self.range(state, self.seat, self.mark)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        self._tick()
        a, b = max(alpha, lo), min(beta, hi)
        maximise = self.sides[0](state.current_player)
        legal = state.legal_actions()
        moves = self.moves(state, legal, places)
        trick = state.tricks[-1] if state.tricks else None
        ply = (len(state.tricks), len(trick.plays) if trick else 0)
        history = self.history      # moves that cut off often first, then the killer, then the table's best
        if len(moves) > 2:
            moves.sort(key=lambda i: -history.get(legal[i], 0))
        killer = self.killers.get(ply)
        if killer is not None and killer in legal:
            first = legal.index(killer)
            if first in moves and moves[0] != first:
                moves.remove(first)
                moves.insert(0, first)
        if best is not None and best in moves and moves[0] != best:
            moves.remove(best)
            moves.insert(0, best)
        g = -INF if maximise else INF
        chosen = moves[0]
        for i in moves:
            v = self._probe(state.apply_trusted(legal[i]), a, b)
            if maximise:
                if v > g:
                    g, chosen = v, i
                if g >= b:
                    self.killers[ply] = legal[i]
                    history[legal[i]] = history.get(legal[i], 0) + (30 - ply[0]) ** 2   # early: more
                    break
                a = max(a, g)
            else:
                if v < g:
                    g, chosen = v, i
                if g <= a:
                    self.killers[ply] = legal[i]
                    history[legal[i]] = history.get(legal[i], 0) + (30 - ply[0]) ** 2   # early: more
                    break
                b = min(b, g)
        alpha, beta = max(alpha, lo), min(beta, hi)
        if g <= alpha:
            hi = min(hi, g)
        elif g >= beta:
            lo = max(lo, g)
        else:
            lo = hi = g
        self.table[key] = (lo - banked, hi - banked, chosen)
        return g

    # --- each seat for itself: max^n --------------------------------------------------------------
    def _maxn(self, state):
        if self.hand_mark(state) != self.mark:
            return state.finished_hands[self.mark][1]
        places = self.places(state)
        key = self.key(state, places)
        got = self.table.get(key)
        if got is not None:
            return got[0]
        self._tick()
        seat = state.current_player
        top = self.range(state, seat, self.mark)[1] if self.range is not _unbounded else INF
        legal = state.legal_actions()
        best = chosen = None
        tricks = len(state.tricks)
        for i in self.moves(state, legal, places):
            child = state.apply_trusted(legal[i])
            if best is not None and len(child.tricks) != tricks and self.range is not _unbounded and \
                    self.range(child, seat, self.mark)[1] <= best[seat]:
                continue            # the trick taken, the seat can no longer do better: a tie at most
            value = self._maxn(child)
            if best is None or value[seat] > best[seat]:
                best, chosen = value, i
                if best[seat] >= top:
                    break           # the seat's most: a later move could only tie
        self.table[key] = (best, chosen)
        return best

    # --- the line of play -------------------------------------------------------------------------
    def final(self, state):
        """The last position of the hand on the line of exact play from `state` (the
        plain search's own line: at each move the first legal action of the best value)."""
        while self.hand_mark(state) == self.mark:
            legal = state.legal_actions()
            if self.sides is None:
                self._maxn(state)
                state = state.apply_trusted(legal[self.table[self.key(state)][1]])
                continue
            v = self.value(state)
            maximise = self.sides[0](state.current_player)
            for i in self.moves(state, legal):
                child = state.apply_trusted(legal[i])
                if (self._probe(child, v - 1, v) >= v) if maximise else (self._probe(child, v, v + 1) <= v):
                    state = child
                    break
            else:
                raise AssertionError("no move keeps the value: the table is inconsistent")
        return state

    def points(self, state) -> int:
        """The seat's points for the hand under exact play from `state`: the value
        itself where it is those points (max^n; two sides scoring the seat's points),
        else read at the end of the line of play."""
        if self.adapter.hand_points is hand_points and (self.sides is None or self.ranged):
            value = self.value(state, self.guess)
            if self.ranged:
                self.guess = value
                return value
            return value[self.seat]
        return self.adapter.hand_points(self.final(state), self.seat, self.mark)


@dataclass
class Values:
    """Each action's exact value (the seat's points for the hand), None where the
    budget ran out first; `report` what it cost."""
    values: dict | None
    report: Report = field(default_factory=Report)


def solve_actions(adapter, state, seat: int, actions, nodes: int | None = None,
                  seconds: float | None = None, solver: Perfect | None = None) -> Values:
    """The seat's points for the hand after each of `actions` (the seat to act in
    `state`, an open deal) under exact play, within one budget of `nodes`
    positions expanded and/or `seconds` for all of them (None: the budget ran out;
    the solver's table keeps what was learnt)."""
    mark = adapter.hand_mark(state)
    solver = solver or Perfect(adapter, state, seat, mark)
    start, before = time.perf_counter(), solver.nodes
    solver.budget(nodes, seconds)
    try:
        values = {a: solver.points(state.apply_action(a)) for a in actions}
    except OutOfBudget:
        values = None
    finally:
        solver.budget()
    return Values(values, Report(values is not None, solver.nodes - before, time.perf_counter() - start))
