"""Hints: every legal action of the seat to act ranked by the search
(solver/search.py), as the answer's numbers (pycore.answer.Hint): each choice's
expected points with its 95% interval, its difference from the best over the
same deals and the group that puts it in, how often it did what the game counts
(takes the trick, makes the bid, Voren's loo), how the search ended, the offer
to search more, and what the seat can infer of each hidden place (`inference`).
The words come after, from the numbers: solver/hint_words.py (each choice's
line, the summary, how sure) and solver/opponents.py (the other hands).

    ranked(view, ...) -> Hint         the numbers alone (the hand review reads these)
    hint(state, seat, ...) -> dict    the numbers told in the game's words, as the
                                      JSON the worker sends the page (Hint.to_json)
"""
from __future__ import annotations

import time
from dataclasses import replace

from pycore.answer import ActionValue, Hint, Place, Rate
from pycore.words import Narrator

from . import open_deal, partners, work
from .budget import DEFAULT_SECONDS  # noqa: F401  (a hint's default time, asked of hints)
from .evaluate import make_evaluator
from .hint_words import told
from .opponents import opponents
from .search import DEFAULT_EFFORT, Ranking, against_best, alike, rank_steps
from .spending import Spending
from .stats import half_width, rate_interval
from .view import SeatView, view_of

THINK_LONGER = 4             # "think longer" offers this many times the time


# --- the numbers of each choice ---------------------------------------------------------------
def _entries(r: Ranking) -> tuple[ActionValue, ...]:
    """Each action with its numbers: ev and its 95% interval, the difference from
    the best and its interval (common worlds), the group it falls in, its rates."""
    population = r.population()
    looked = bool(r.look_ahead) and not r.exact     # one line of play looked at: no sample to bound
    out = []
    for i, s in enumerate(r.stats):
        ev = round(s.ev, 3) if s.ev is not None else None
        if not s.n:
            out.append(ActionValue(s.token, s.n, ev, False, "unsearched"))
            continue
        exact = r.exact_search and not r.sampled_with_replacement and s.n >= r.worlds
        width = 0.0 if exact else half_width(s.values, population)
        interval = None if width is None else (round(s.ev - width, 3), round(s.ev + width, 3))
        compared = against_best(r, s)
        diff = diff_interval = None
        if i > 0:
            dw = compared.width
            diff_interval = None if dw is None else (round(compared.diff - dw, 3), round(compared.diff + dw, 3))
            diff = round(compared.diff, 3)
        rates = {}
        if r.decision == "play":
            rates["takes_trick"] = s.took_trick
        if r.bids and r.decision in ("bid", "play"):
            rates["exact_bid"] = s.exact_bid
        for key in r.words:
            rates[key] = s.outcomes.get(key, 0)
        out.append(ActionValue(
            s.token, s.n, ev, exact, compared.group, interval, diff, diff_interval,
            tuple(Rate(key, round(hits / s.n, 4),
                       None if exact or looked else _pair(rate_interval(hits, s.n, population)))
                  for key, hits in rates.items())))
    return tuple(out)


def _pair(interval: list | None) -> tuple | None:
    return None if interval is None else tuple(interval)


def _more(r: Ranking, entries: tuple[ActionValue, ...], seconds: float | None, effort: int) -> dict | None:
    """What more effort would buy, as the budget to ask for it: every deal
    searched (where that is affordable), or more time for a close call."""
    if r.exact or r.stopped == "one choice":
        return None
    if not r.enumerated and r.all_worlds_effort is not None:
        return {"all_worlds": True}
    close = any(e.group in ("close", "screened") for e in entries[1:]) or (bool(r.look_ahead) and not r.exact)
    if (r.stopped in ("time", "effort") or r.tree) and close:
        return ({"seconds": round(seconds * THINK_LONGER, 1)} if seconds
                else {"effort": min(effort * THINK_LONGER, 100_000)})
    return None


def numbers(r: Ranking, view: SeatView, effort: int, seconds: float | None, seed: int) -> Hint:
    """The search's ranking `r` of `view`'s decision as the answer's numbers (no
    places inferred, no words), for a search within (effort, seconds, seed)."""
    entries = _entries(r)
    return Hint(view.state.game.name, view.seat, r.decision, r.worlds, r.used, entries,
                all_worlds=r.enumerated, exact=r.exact, exact_endgame=r.exact_search, stopped=r.stopped,
                playouts=r.playouts, look_ahead=r.look_ahead, tree=r.tree, spent_least=r.spent_least,
                all_worlds_effort=r.all_worlds_effort,
                effort=effort, seconds=seconds, seed=seed, more=_more(r, entries, seconds, effort))


# --- what the seat knows of each hidden hand ---------------------------------------------------
def inference(view: SeatView) -> dict:
    """Per hidden place: its size, the suits it cannot hold (voids shown by play)
    and the exact probability of each unseen card being there."""
    if view.adapter.inference is not None:      # a game whose places need their own reading
        return view.adapter.inference(view)
    game = view.state.game
    marg = view.counter.marginals()
    places = {}
    unseen_by_suit: dict = {}
    for card, _ in view.model.allowed:
        suit = game.card_suit(card)
        if suit is not None:
            unseen_by_suit.setdefault(suit, []).append(card)
    for name, size in view.model.places.items():
        cards = {game.card_token(c): round(p[name], 4)
                 for c, p in sorted(marg.items()) if p.get(name)}
        entry = {"size": size, "cards": cards}
        if name.startswith("hand:"):
            entry["voids"] = [game.suit_names()[s] for s, cs in sorted(unseen_by_suit.items())
                              if not any(name in view.model.allowed_of(c) for c in cs)]
        places[name] = entry
    return places


# --- the entry points ---------------------------------------------------------------------------
def spend_least(r: Ranking, state, seat: int) -> None:
    """On a trick the seat's partner is already sure to take, hard plays the card
    that spends least among those its search cannot tell from the best
    (solver/bots.py, solver/partners.py); so the hint suggests it too: that card
    first (`r.spent_least`), the others in the search's order."""
    if r.decision != "play" or not partners.sure_trick(state, seat):
        return
    pick = partners.least_spent(state, seat, alike(r))
    if pick is not None and pick != r.stats[0].action:
        r.stats.sort(key=lambda s: s.action != pick)        # stable: the rest keep their order
        r.spent_least = True


def ranked(view: SeatView, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None, **options) -> Hint:
    """`ranked_steps` run to its end in this process (see there)."""
    return work.drive(ranked_steps(view, effort, seed, progress, **options))


def ranked_steps(view: SeatView, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None, *,
                 seconds: float | None = None, all_worlds: bool = False, started: float | None = None,
                 workers: int = 1):
    """The hint's numbers for the seat to act in `view` (search.rank within
    effort, seconds and all_worlds, as the hard level searches): no places
    inferred, no words. With one possible deal at card play, the exact values
    of the perfect-information solver where it finishes within the budget's
    positions (solver/open_deal.py), else the search, in the time left. A
    generator of the search's batches (solver/work.py), returning the Hint."""
    if started is None:
        started = time.monotonic()      # an attempt's time is the search's too
    attempt = progress is not None and open_deal.applies(view)
    if attempt:                         # the attempt's time shows as the search's start, in thousandths
        progress(0, Spending.TICKS)
    solved = open_deal.solve(view, open_deal.nodes_for(effort, seconds),
                             None if seconds is None else seconds * open_deal.TIME_SHARE)
    if solved is not None and solved.finished:
        r = open_deal.ranking(view, solved, make_evaluator(view))
        if progress is not None:
            progress(Spending.TICKS, Spending.TICKS)
    else:
        r = yield from rank_steps(view, effort, seed, progress=in_ticks(progress) if attempt else progress,
                                  seconds=seconds, all_worlds=all_worlds, started=started, tree=True,
                                  hint=True, workers=workers)
    spend_least(r, view.state, view.seat)
    return numbers(r, view, effort, seconds, seed)


def in_ticks(progress):
    """`progress` in thousandths throughout, once it has been told so: a search of
    every world after the solver's attempt reports in worlds, turned to thousandths."""
    def report(done: int, total: int) -> None:
        progress(done if total == Spending.TICKS else done * Spending.TICKS // total, Spending.TICKS)
    return report


def hint(state, seat: int, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None,
         positions: list | None = None, **options) -> dict:
    """`hint_steps` run to its end in this process (see there)."""
    return work.drive(hint_steps(state, seat, effort, seed, progress, positions, **options))


def hint_steps(state, seat: int, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None,
               positions: list | None = None, *, seconds: float | None = None,
               all_worlds: bool = False, theme: str = "", started: float | None = None,
               earlier: str | None = None, namer=None, workers: int = 1):
    """The hint for `seat` to act in `state`: search.rank within (effort,
    seconds, all_worlds, workers), told in the game's words (`theme`), as the worker's
    JSON (pycore.answer.Hint.to_json); `started`: when the request came in
    (search.rank: the seconds count from it); `namer`: how its words name the
    seats (pycore.words.Narrator's).
    `progress(done, total)`: called as the search goes (see search.rank).
    `positions`: every position of the record up to `state`, if the caller has
    replayed it (view_of then reads earlier positions from them). `earlier`:
    the suggestion (a token) of the hint before this one at the same position,
    when this one searched longer at its offer: the words' "change" says what
    became of it. A generator of the search's batches (solver/work.py),
    returning the hint."""
    view = view_of(state, seat, positions)
    found = yield from ranked_steps(view, effort, seed, progress, seconds=seconds, all_worlds=all_worlds,
                                    started=started, workers=workers)
    inferred = inference(view)
    found = replace(found, places={name: Place.from_json(info) for name, info in inferred.items()})
    tell = Narrator(state.game, state.observation(seat), theme, namer)
    return told(found, tell, opponents(view, inferred, tell), earlier).to_json()
