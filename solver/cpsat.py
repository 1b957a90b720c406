"""The CP-SAT model of the same constraint data (native only; the reference).

One boolean per (card, place it may be in); each card in exactly one place; each
place holds its size. Copies of one kind (Lunar) are one integer per (kind,
place) instead, so a world is counted once. Enumerating uses one worker: with
more, CP-SAT's solution counts come out wrong (shared/notes/platform.md).
OR-Tools is imported here, lazily, and nowhere else.
"""
from __future__ import annotations

from .worlds import Model, World


def enumerate_worlds(model: Model, limit: int = 1_000_000) -> list[World]:
    from ortools.sat.python import cp_model   # native only

    m = cp_model.CpModel()
    kinds: dict[int, list[frozenset]] = {}
    for card, where in model.allowed:
        kinds.setdefault(card, []).append(where)
    var = {}      # (card, place) -> var, value = copies of card in place
    per_place: dict[str, list] = {p: [] for p in model.places}
    for card, wheres in kinds.items():
        if model.copies.get(card, 1) == 1:
            for where in wheres:          # a distinct card: exactly one place
                xs = []
                for p in sorted(where):
                    v = var[(card, p)] = m.new_bool_var(f"c{card}_{p}")
                    xs.append(v)
                    per_place[p].append(v)
                m.add_exactly_one(xs)
            continue
        subsets: dict[frozenset, int] = {}
        for where in wheres:              # copies of one kind: how many in each place
            subsets[where] = subsets.get(where, 0) + 1
        for i, (where, copies) in enumerate(sorted(subsets.items(), key=lambda x: sorted(x[0]))):
            xs = []
            for p in sorted(where):
                v = m.new_int_var(0, copies, f"k{card}_{i}_{p}")
                var[(card, i, p)] = v
                xs.append(v)
                per_place[p].append(v)
            m.add(sum(xs) == copies)
    for p, n in model.places.items():
        if per_place[p]:
            m.add(sum(per_place[p]) == n)
        elif n:
            return []
    worlds: list[World] = []

    class Collect(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self):
            world = {p: [] for p in model.places}
            for key, v in var.items():
                world[key[-1]].extend([key[0]] * self.value(v))
            worlds.append({p: tuple(sorted(cs)) for p, cs in world.items()})
            if len(worlds) >= limit:
                self.stop_search()

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.solve(m, Collect())
    return worlds
