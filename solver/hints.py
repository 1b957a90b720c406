"""Hints: every legal action ranked, with the numbers and the words, and what
the seat can infer about each opponent (known voids, the chance of holding each
unseen card)."""
from __future__ import annotations

from .search import Ranking, rank
from .view import SeatView, view_of

DEFAULT_EFFORT = 160


def _pct(k: int, n: int) -> str:
    return f"{round(100 * k / n)}%" if n else "-"


def _deals(r: Ranking) -> str:
    if r.enumerated:
        return f"of the {r.worlds:,} possible deals"
    return f"of {r.used:,} deals drawn uniformly from the {r.worlds:,} possible"


def explain(r: Ranking) -> list[dict]:
    """Each action with its numbers and one sentence in a player's words."""
    out = []
    searched = [s for s in r.stats if s.n]
    for i, s in enumerate(r.stats):
        entry = {"action": s.token, "ev": round(s.ev, 3) if s.ev is not None else None,
                 "searched": bool(s.n)}
        if s.n:
            bits = []
            if r.decision == "play":
                bits.append(f"takes this trick in {_pct(s.took_trick, s.n)} {_deals(r)}")
                entry["takes_trick"] = round(s.took_trick / s.n, 4)
            elif r.decision == "bid":
                bits.append(f"makes this bid exactly in {_pct(s.exact_bid, s.n)} {_deals(r)}")
            elif r.words:   # the game's own outcomes (Voren: takes a trick, is looed)
                said = [f"{words} in {_pct(s.outcomes.get(key, 0), s.n)}"
                        for key, words in r.words.items()]
                bits.append(", ".join(said) + f" {_deals(r)}")
                for key in r.words:
                    entry[key] = round(s.outcomes.get(key, 0) / s.n, 4)
            else:
                bits.append(f"over {_deals(r)[3:] if _deals(r).startswith('of ') else _deals(r)}")
            if r.decision in ("bid", "play") and r.bids:
                entry["exact_bid"] = round(s.exact_bid / s.n, 4)
            other = searched[1] if i == 0 and len(searched) > 1 else searched[0] if i else None
            line = f"expected score this hand {s.ev:.1f}"
            if other is not None:
                label = "next best" if i == 0 else "best"
                line += f" ({label}, {other.token}: {other.ev:.1f})"
            bits.append(line)
            entry["why"] = f"{s.token}: " + "; ".join(bits)
        else:
            entry["why"] = (f"{s.token}: not played out; ranked by how close the bid is to the "
                            f"tricks the rest of the hand should take") if r.decision == "bid" else (
                f"{s.token}: not played out; ranked by a quick estimate")
        entry["estimate"] = round(s.estimate, 3) if s.estimate is not None else None
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


def hint(state, seat: int, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None) -> dict:
    """`progress(done, total)`: called as the worlds are searched (see search.rank)."""
    view = view_of(state, seat)
    r = rank(view, effort, seed, progress=progress)
    actions = explain(r)
    return {"game": state.game.name, "seat": seat, "decision": r.decision,
            "worlds": r.worlds, "worlds_text": f"{r.worlds:,}", "searched_worlds": r.used,
            "all_worlds": r.enumerated, "exact_endgame": r.exact_search,
            "effort": effort, "seed": seed,
            "best": actions[0]["action"], "why": actions[0].get("why"),
            "actions": actions, "inferred": inference(view)}
