"""The constraint model on hidden cards, and its pure-Python readers.

A `Model` is data: the unseen cards, the hidden places with their sizes, and for
each unseen card the places it may be in (a known card has one; a forced play
removes a seat's hand from a card's places). A world assigns every unseen card
to one of its places so that every place holds exactly its size.

Cards that may go to exactly the same places are interchangeable for counting,
so they form a group, and a world's count is a sum over how many cards of each
group go to each place, weighted by binomials (distinct cards) or by 1 (copies
of one kind, Lunar: one world, not many). `Counter` runs that dynamic programme
once over the places, memoised on the cards left per group; from its table it
gives the exact count, every world in a fixed order, exactly uniform samples,
and the exact probability of each card being in each place.

The CP-SAT model of the same data is in `cpsat.py` (native only).
"""
from __future__ import annotations

import random
from math import comb
from typing import Iterator, NamedTuple

World = dict  # place name -> tuple of cards, sorted


class Group(NamedTuple):
    cards: tuple[int, ...]        # sorted; repeats only for copies of one kind
    places: frozenset[str]
    identical: bool               # copies of one kind: which copy goes where is not a world


class Model:
    """Places with sizes, and the places each unseen card may be in.

    `cards` may repeat a card only when the game has copies of it (`copies=True`
    groups each kind's copies as one identical group)."""

    def __init__(self, places: dict[str, int], allowed: dict[int, frozenset[str]] | list,
                 *, copies: dict[int, int] | None = None):
        self.places = dict(places)
        self.copies = dict(copies or {})
        if isinstance(allowed, dict):
            allowed = list(allowed.items())
        self.allowed: list[tuple[int, frozenset[str]]] = [(c, frozenset(p)) for c, p in allowed]
        for card, where in self.allowed:
            unknown = where - set(self.places)
            if unknown:
                raise ValueError(f"card {card} allowed in unknown place {sorted(unknown)[0]}")

    # --- derived views --------------------------------------------------------
    @property
    def cards(self) -> list[int]:
        return sorted(c for c, _ in self.allowed)

    def allowed_of(self, card: int) -> frozenset[str]:
        for c, where in self.allowed:
            if c == card:
                return where
        raise KeyError(card)

    def groups(self) -> list[Group]:
        by: dict = {}
        for card, where in self.allowed:
            key = (where, card) if self.copies.get(card, 1) > 1 else (where, None)
            by.setdefault(key, []).append(card)
        out = [Group(tuple(sorted(cards)), key[0], key[1] is not None)
               for key, cards in by.items()]
        out.sort(key=lambda g: (sorted(g.places), g.cards))
        return out

    def pin(self, card: int, place: str) -> "Model":
        """The same model with one copy of `card` known to be in `place`."""
        allowed, done = [], False
        for c, where in self.allowed:
            if c == card and not done:
                if place not in where:
                    raise ValueError(f"card {card} may not be in {place}")
                allowed.append((c, frozenset([place])))
                done = True
            else:
                allowed.append((c, where))
        if not done:
            raise KeyError(card)
        return Model(self.places, allowed, copies=self.copies)

    def contains(self, world: World) -> bool:
        """Whether `world` (place -> cards) is one of the model's worlds."""
        if set(world) != set(self.places):
            return False
        if any(len(world[p]) != n for p, n in self.places.items()):
            return False
        pool = {}
        for c, where in self.allowed:
            pool.setdefault(c, []).append(where)
        for place, cards in world.items():
            for c in cards:
                options = pool.get(c)
                if not options:
                    return False
                for i, where in enumerate(options):
                    if place in where:
                        options.pop(i)
                        break
                else:
                    return False
        return all(not v for v in pool.values())

    def to_json(self) -> dict:
        return {"places": self.places,
                "allowed": [[c, sorted(w)] for c, w in sorted(self.allowed, key=lambda x: x[0])],
                "copies": self.copies}

    def __repr__(self) -> str:
        return f"<Model places={self.places} groups={len(self.groups())}>"


def canonical(world: World) -> tuple:
    return tuple(sorted((p, tuple(sorted(cs))) for p, cs in world.items()))


class Counter:
    """Exact count, enumeration, uniform sampling and marginals of a Model."""

    def __init__(self, model: Model):
        self.model = model
        # Cards with one possible place (known cards) are set there first; only the
        # rest are counted.
        self.fixed: dict[str, list[int]] = {p: [] for p in model.places}
        free = []
        for card, where in model.allowed:
            if len(where) == 1:
                self.fixed[next(iter(where))].append(card)
            else:
                free.append((card, where))
        room = {p: n - len(self.fixed[p]) for p, n in model.places.items()}
        self.groups = Model(model.places, free, copies=model.copies).groups()
        # Places in a fixed order: the most constrained first keeps the table small.
        names = list(model.places)
        width = {p: sum(len(g.cards) for g in self.groups if p in g.places) for p in names}
        self.order = sorted(names, key=lambda p: (width[p], names.index(p)))
        self.sizes = [room[p] for p in self.order]
        self.members = [[i for i, g in enumerate(self.groups) if p in g.places] for p in self.order]
        self._memo: dict = {}
        start = tuple(len(g.cards) for g in self.groups)
        if sum(start) != sum(self.sizes) or min(self.sizes, default=0) < 0:
            self.start = None
        else:
            self.start = start

    # --- the table --------------------------------------------------------------
    def _splits(self, level: int, rem: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Ways to fill place `level` from the groups left: (new rem, weight)."""
        members = self.members[level]
        size = self.sizes[level]
        groups = self.groups
        rem = list(rem)

        def rec(j: int, left: int, weight: int):
            if j == len(members):
                if left == 0:
                    yield tuple(rem), weight
                return
            g = members[j]
            have = rem[g]
            # what the later members of this place could still take
            room = sum(rem[h] for h in members[j + 1:])
            low = max(0, left - room)
            for x in range(low, min(have, left) + 1):
                rem[g] = have - x
                w = weight if groups[g].identical else weight * comb(have, x)
                yield from rec(j + 1, left - x, w)
            rem[g] = have

        yield from rec(0, size, 1)

    def _count(self, level: int, rem: tuple[int, ...]) -> int:
        if level == len(self.order):
            return 1 if not any(rem) else 0
        key = (level, rem)
        got = self._memo.get(key)
        if got is None:
            # a group none of the later places accept must be used up by now
            got = 0
            for nxt, w in self._splits(level, rem):
                if any(nxt[g] for g in self._dead_after(level)):
                    continue
                got += w * self._count(level + 1, nxt)
            self._memo[key] = got
        return got

    def _dead_after(self, level: int) -> list[int]:
        cache = self.__dict__.setdefault("_dead", {})
        if level not in cache:
            later = set(self.order[level + 1:])
            cache[level] = [i for i, g in enumerate(self.groups) if not (g.places & later)]
        return cache[level]

    # --- readers -------------------------------------------------------------------
    def count(self) -> int:
        """The exact number of worlds."""
        if self.start is None:
            return 0
        return self._count(0, self.start)

    def _place_cards(self, level: int, rem: tuple, nxt: tuple, pools: list[list[int]],
                     pick) -> list[int]:
        taken = []
        for g in self.members[level]:
            x = rem[g] - nxt[g]
            if x:
                chosen = pick(g, pools[g], x)
                taken.extend(chosen)
        return taken

    def worlds(self, limit: int | None = None) -> Iterator[World]:
        """Every world, in a fixed order (each exactly once)."""
        if not self.count():
            return
        from itertools import combinations
        produced = 0
        order = self.order

        def rec(level: int, rem: tuple, pools: list[tuple[int, ...]], acc: dict):
            nonlocal produced
            if level == len(order):
                produced += 1
                yield {p: tuple(sorted(list(acc.get(p, ())) + self.fixed[p])) for p in order}
                return
            for nxt, _ in self._splits(level, rem):
                if not self._count(level + 1, nxt):
                    continue
                if any(nxt[g] for g in self._dead_after(level)):
                    continue
                takes = [(g, rem[g] - nxt[g]) for g in self.members[level] if rem[g] - nxt[g]]
                yield from self._choose(level, takes, 0, list(pools), [], acc, nxt, rec, combinations)
                if limit is not None and produced >= limit:
                    return

        pools = [g.cards for g in self.groups]
        for w in rec(0, self.start, pools, {}):
            yield w
            if limit is not None and produced >= limit:
                return

    def _choose(self, level, takes, i, pools, chosen, acc, nxt, rec, combinations):
        if i == len(takes):
            acc2 = dict(acc)
            acc2[self.order[level]] = tuple(chosen)
            yield from rec(level + 1, nxt, pools, acc2)
            return
        g, x = takes[i]
        pool = pools[g]
        if self.groups[g].identical:
            options = [pool[:x]]
        else:
            options = combinations(pool, x)
        for combo in options:
            rest = list(pool)
            for c in combo:
                rest.remove(c)
            saved = pools[g]
            pools[g] = tuple(rest)
            yield from self._choose(level, takes, i + 1, pools, chosen + list(combo), acc, nxt,
                                    rec, combinations)
            pools[g] = saved

    def sample(self, rng: random.Random) -> World:
        """One world, exactly uniformly at random (big-integer arithmetic throughout)."""
        total = self.count()
        if not total:
            raise ValueError("no world is consistent with this model")
        rem = self.start
        pools = [list(g.cards) for g in self.groups]
        world = {}
        for level in range(len(self.order)):
            here = self._count(level, rem)
            r = rng.randrange(here)
            for nxt, w in self._splits(level, rem):
                if any(nxt[g] for g in self._dead_after(level)):
                    continue
                weight = w * self._count(level + 1, nxt)
                if r < weight:
                    break
                r -= weight
            taken = []
            for g in self.members[level]:
                x = rem[g] - nxt[g]
                if not x:
                    continue
                pool = pools[g]
                if self.groups[g].identical:
                    chosen = pool[:x]
                else:
                    chosen = rng.sample(pool, x)
                for c in chosen:
                    pool.remove(c)
                taken.extend(chosen)
            world[self.order[level]] = tuple(sorted(taken + self.fixed[self.order[level]]))
            rem = nxt
        return world

    def marginals(self) -> dict[int, dict[str, float]]:
        """For each unseen card, the exact probability of each place holding it
        (for copies: the expected share of that kind's copies), in one forward
        pass over the counting table: E[cards of group g in place p] / |g|."""
        total = self.count()
        out: dict[int, dict[str, float]] = {}
        if not total:
            return out
        expected = [dict() for _ in self.groups]          # group -> place -> E[x] * total
        forward = {self.start: 1}
        for level, place in enumerate(self.order):
            dead = self._dead_after(level)
            nxt_forward: dict = {}
            for rem, ways in forward.items():
                for nxt, w in self._splits(level, rem):
                    if any(nxt[g] for g in dead):
                        continue
                    after = self._count(level + 1, nxt)
                    if not after:
                        continue
                    weight = ways * w
                    nxt_forward[nxt] = nxt_forward.get(nxt, 0) + weight
                    for g in self.members[level]:
                        x = rem[g] - nxt[g]
                        if x:
                            expected[g][place] = expected[g].get(place, 0) + weight * after * x
            forward = nxt_forward
        for g, group in enumerate(self.groups):
            probs = {p: v / total / len(group.cards) for p, v in expected[g].items()}
            for c in set(group.cards):
                out[c] = probs
        for place, cards in self.fixed.items():
            for c in cards:
                if c in out and self.model.copies.get(c, 1) > 1:
                    continue    # copies split between fixed and free: see the free group
                out[c] = {place: 1.0}
        return out


def count(model: Model) -> int:
    return Counter(model).count()


def enumerate_worlds(model: Model, limit: int | None = None) -> list[World]:
    return list(Counter(model).worlds(limit))


def sample_worlds(model: Model, k: int, rng: random.Random) -> list[World]:
    counter = Counter(model)
    return [counter.sample(rng) for _ in range(k)]
