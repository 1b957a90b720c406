"""The player's statistics, from the kept games' entries (history.py): for each
game, player count and computer level, the games played, wins, average place,
average points per hand, hints asked a game; and the quality of your decisions
from the hand reviews: the average cost per decision by what you could know (in
the game's unit) and the share as good as the best, by kind of decision (bids,
drafts, leads, follows...) and game by game over time.

Only finished games count; a decision counts where the review valued it (its
cost known). Pure, standard library only (tested natively against the records).
"""
from __future__ import annotations


def _mean(values: list) -> float | None:
    return sum(values) / len(values) if values else None


def _quality(decisions: list) -> dict:
    """[[kind, cost, good], ...] -> {"decisions", "avg_cost", "good_share"}."""
    valued = [d for d in decisions if d[1] is not None]
    return {"decisions": len(valued), "avg_cost": _mean([d[1] for d in valued]),
            "good_share": _mean([1.0 if d[2] else 0.0 for d in valued])}


def group_key(summary: dict) -> tuple:
    return (summary.get("game"), summary.get("players"), summary.get("level"))


def statistics(entries: list[dict]) -> list[dict]:
    """One group per (game, players, level), ordered by game, players, level; each
    {"game", "title", "players", "level", "unit", "hand_word", "played", "wins",
    "avg_place", "hands", "avg_points", "hints", "hints_per_game", "quality",
    "kinds": {kind: quality}, "series": [{"when", "hands_reviewed", **quality, "kinds"}],
    "par_hands", "avg_par_diff"} (avg_par_diff: your points minus par, a hand)."""
    groups: dict[tuple, dict] = {}
    for entry in sorted(entries, key=lambda e: e["updated"]):
        summary = entry["summary"]
        if not summary.get("finished"):
            continue
        g = groups.setdefault(group_key(summary), {
            "game": summary.get("game"), "title": summary.get("title"), "players": summary.get("players"),
            "level": summary.get("level"), "unit": summary.get("unit", "point"),
            "hand_word": summary.get("hand_word", "hand"),
            "_places": [], "_points": [], "_hints": [], "_decisions": [], "_kinds": {}, "series": [],
            "_par": [], "wins": 0})
        g["wins"] += bool(summary.get("won"))
        if summary.get("place") is not None:
            g["_places"].append(summary["place"])
        g["_points"] += list(summary.get("points") or [])
        g["_hints"].append(int(entry.get("hints") or 0))
        mine = []
        for hand, decisions in sorted((entry.get("decisions") or {}).items(), key=lambda kv: int(kv[0])):
            mine += decisions
        for d in mine:
            g["_kinds"].setdefault(d[0], []).append(d)
        g["_decisions"] += mine
        quality = _quality(mine)
        if quality["decisions"]:
            kinds: dict[str, list] = {}
            for d in mine:
                kinds.setdefault(d[0], []).append(d)
            g["series"].append({"when": entry["updated"], "hands_reviewed": len(entry.get("decisions") or {}),
                                **quality, "kinds": {k: _quality(ds) for k, ds in sorted(kinds.items())}})
        for got in (entry.get("par") or {}).values():
            g["_par"].append(got["score"] - got["par"])
    out = []
    for key in sorted(groups, key=lambda k: tuple(str(x) for x in k)):
        g = groups[key]
        played = len(g["_hints"])
        out.append({**{k: v for k, v in g.items() if not k.startswith("_")},
                    "played": played, "avg_place": _mean(g["_places"]),
                    "hands": len(g["_points"]), "avg_points": _mean(g["_points"]),
                    "hints": sum(g["_hints"]), "hints_per_game": sum(g["_hints"]) / played,
                    "quality": _quality(g["_decisions"]),
                    "kinds": {kind: _quality(ds) for kind, ds in sorted(g["_kinds"].items())},
                    "par_hands": len(g["_par"]), "avg_par_diff": _mean(g["_par"])})
    return out
