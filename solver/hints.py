"""Hints: every legal action ranked, with the numbers and the words, and what
the seat can infer about each opponent (known voids, the chance of holding each
unseen card)."""
from __future__ import annotations

from .search import Ranking, rank
from .view import SeatView, view_of

DEFAULT_EFFORT = 160


def _pct(k: int, n: int) -> str:
    return f"{round(100 * k / n)}%" if n else "-"


def _deals(r: Ranking, n: int) -> str:
    """The deals an action was searched on, truthfully: all of them, or how many
    drawn uniformly (each action says its own number: with many actions the
    better ones are searched on more deals)."""
    if r.enumerated and n >= r.worlds:
        return f"of the {r.worlds:,} possible deals"
    return f"of {n:,} deal{'s' if n != 1 else ''} drawn uniformly from the {r.worlds:,} possible"


def explain(r: Ranking) -> list[dict]:
    """Each action with its numbers and one sentence in a player's words."""
    out = []
    searched = [s for s in r.stats if s.n]
    for i, s in enumerate(r.stats):
        entry = {"action": s.token, "ev": round(s.ev, 3) if s.ev is not None else None,
                 "searched": bool(s.n), "n": s.n}
        if s.n:
            bits = []
            deals = _deals(r, s.n)
            if r.decision == "play":
                bits.append(f"takes this trick in {_pct(s.took_trick, s.n)} {deals}")
                entry["takes_trick"] = round(s.took_trick / s.n, 4)
            elif r.decision == "bid":
                bits.append(f"makes this bid exactly in {_pct(s.exact_bid, s.n)} {deals}")
            elif r.words:   # the game's own outcomes (Voren: takes a trick, is looed)
                said = [f"{words} in {_pct(s.outcomes.get(key, 0), s.n)}"
                        for key, words in r.words.items()]
                bits.append(", ".join(said) + f" {deals}")
                for key in r.words:
                    entry[key] = round(s.outcomes.get(key, 0) / s.n, 4)
            else:
                bits.append(f"over {deals[3:] if deals.startswith('of ') else deals}")
            if r.decision in ("bid", "play") and r.bids:
                entry["exact_bid"] = round(s.exact_bid / s.n, 4)
            other = searched[1] if i == 0 and len(searched) > 1 else searched[0] if i else None
            line = f"expected score this hand {s.ev:.1f}"
            if s.paired is not None:
                line += (f" (its average {s.mean:.1f} on its {s.n:,} deal{'s' if s.n != 1 else ''}, "
                         f"set against {s.reference} deal by deal)")
                entry["mean"] = round(s.mean, 3)
            if other is not None:
                label = "next best" if i == 0 else "best"
                line += f" ({label}, {other.token}: {other.ev:.1f})"
            bits.append(line)
            entry["why"] = f"{s.token}: " + "; ".join(bits)
        else:
            entry["why"] = f"{s.token}: not searched"
        out.append(entry)
    return out


def inference(view: SeatView) -> dict:
    """Per hidden place: its size, the suits it cannot hold (voids shown by play)
    and the exact probability of each unseen card being there."""
    adapter = view.adapter
    if hasattr(adapter, "inference"):      # a game whose places need their own reading
        return adapter.inference(view)
    marg = view.counter.marginals()
    places = {}
    unseen_by_suit: dict = {}
    for card, _ in view.model.allowed:
        suit = adapter.card_suit(card)
        if suit is not None:
            unseen_by_suit.setdefault(suit, []).append(card)
    for name, size in view.model.places.items():
        cards = {adapter.card_token(c): round(p[name], 4)
                 for c, p in sorted(marg.items()) if p.get(name)}
        entry = {"size": size, "cards": cards}
        if name.startswith("hand:"):
            entry["voids"] = [adapter.suit_names()[s] for s, cs in sorted(unseen_by_suit.items())
                              if not any(name in view.model.allowed_of(c) for c in cs)]
        places[name] = entry
    return places


def hint(state, seat: int, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None,
         part: tuple[int, int] | None = None, sums: list[dict] | None = None,
         positions: list | None = None) -> dict:
    """`progress(done, total)`: called as the worlds are searched (see search.rank).
    `positions`: every position of the record up to `state`, if the caller has
    replayed it (view_of then reads earlier positions from them).

    Split across workers (a game whose adapter SPLITS, "splits" in the hint):
    with `part=(i, k)` only that part's worlds are searched and the answer is its
    sums; `sums`, every part's "sums", gives the hint one search would have."""
    view = view_of(state, seat, positions)
    if part is not None:
        r = rank(view, effort, seed, progress=progress, part=tuple(part))
        return {"game": state.game.name, "seat": seat, "decision": r.decision,
                "worlds": r.worlds, "part": list(part), "searched_worlds": r.used,
                "sums": view.adapter.part_sums(r, tuple(part))}
    if sums is not None:
        r = rank(view, effort, seed, sums=list(sums))
    else:
        r = rank(view, effort, seed, progress=progress)
    actions = explain(r)
    return {"game": state.game.name, "seat": seat, "decision": r.decision,
            "worlds": r.worlds, "worlds_text": f"{r.worlds:,}", "searched_worlds": r.used,
            "all_worlds": r.enumerated, "exact_endgame": r.exact_search,
            "all_worlds_effort": r.all_worlds_effort,
            "splits": bool(getattr(view.adapter, "SPLITS", False)),
            "effort": effort, "seed": seed,
            "best": actions[0]["action"], "why": actions[0].get("why"),
            "actions": actions, "inferred": inference(view)}
