"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley and
Whitehouse 2012): the search that values a seat's own later moves, not only the
one it is choosing, over the deals consistent with its view. The hard level
plays with it where its adapter says it pays (`tree_search`: Lunar's card
play, and Raven's with two to four players, where it beat hard's flat search
of solver/search.py), and the hint there too (search._tree), so that it
suggests what hard would play; the arena's `ismcts:N` reference is the same
search.

Each iteration draws one deal uniformly from those consistent with the seat's
view (a determinization), walks the one tree of the seat's information set
from the root, choosing at each node by UCB1 among the actions legal in this
deal (each child counts how often it was available: ISMCTS's "availability"),
expands one untried action, plays the hand out with the game's fast policy and
credits every node on the path with the points for the hand of the seat that
chose it. The move is the root action visited most. Points are scaled to [0, 1]
by the range seen so far in this search, so one exploration constant serves
every game. Effort is counted in iterations (one playout each), never time; the
search stops early once no other root action could catch up with the most
visited one in the iterations left, which changes nothing but the time.
"""
from __future__ import annotations

import math

EXPLORATION = 0.7
SETTLED_EVERY = 50      # iterations between looks at whether the move is settled
ALIKE_VISITS = 30       # a root action visited fewer times is not called alike to the move (>= 2)


class Node:
    __slots__ = ("children", "visits", "total", "squares", "avail")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0     # points for the hand of the seat that chose this node's action
        self.squares = 0.0   # the same points squared (for alike's intervals)
        self.avail = 0


def search(view, iterations: int, rng, counts: dict | None = None, spending=None,
           record=None) -> Node:
    """The root of the tree after `iterations` iterations from the seat's view
    (`view.state` is the position; its seat is to act). `counts`, if given,
    receives "iterations", "playouts" and "settled" (whether it stopped early
    because the move could no longer change).

    For the hint: `spending` (spending.Spending) also stops the search when its
    time or effort is spent, each iteration counting one playout, and
    `record(root action, the hand's last position)` is told of every iteration."""
    grown = Tree(view, iterations, rng)
    grow_together([grown], spending, None if record is None else lambda _, a, final: record(a, final))
    grown.count_into(counts)
    return grown.root


class Tree:
    """One tree of the seat's information set with its own random stream, grown
    an iteration at a time (`step`) up to `iterations` iterations."""

    def __init__(self, view, iterations: int, rng):
        self.view, self.iterations, self.rng = view, iterations, rng
        self.adapter = view.adapter
        self.mark = self.adapter.hand_mark(view.state)
        self.own = tuple(view.state.legal_actions())   # the seat's own choices: the same in every world
        self.root = Node()
        self.low, self.high = math.inf, -math.inf
        self.playouts = self.done = 0
        self.settled = False

    def step(self) -> tuple:
        """One iteration: (the root action it began with, the hand's last position)."""
        adapter, mark, rng = self.adapter, self.mark, self.rng
        self.done += 1
        position = self.view.world_state(self.view.counter.sample(rng)).with_legal(self.own)
        node, path, first = self.root, [], None
        low, high = self.low, self.high
        while adapter.hand_mark(position) == mark:
            actions = position.legal_actions()
            mover = position.current_player
            children = node.children
            untried = [a for a in actions if a not in children]
            for a in actions:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = children[action] = Node()
                child.avail = 1
                path.append((child, mover))
                first = action if first is None else first
                position = adapter.fast_apply(position, action)
                break
            span = high - low if high > low else 1.0

            def ucb(a):
                c = children[a]
                mean = (c.total / c.visits - low) / span
                return mean + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)
            action = max(actions, key=ucb)
            node = children[action]
            path.append((node, mover))
            first = action if first is None else first
            position = adapter.fast_apply(position, action)
        final = position
        if adapter.hand_mark(position) == mark:
            final = adapter.playout(position, mark, rng)
            self.playouts += 1
        points = [adapter.hand_points(final, p, mark) for p in range(self.view.state.players)]
        self.low, self.high = min(low, *points), max(high, *points)
        for n, mover in path:
            got = points[mover]
            n.visits += 1
            n.total += got
            n.squares += got * got
        return first, final

    def count_into(self, counts: dict | None) -> None:
        if counts is not None:
            counts["iterations"] = counts.get("iterations", 0) + self.done
            counts["playouts"] = counts.get("playouts", 0) + self.playouts
            counts["settled"] = self.settled


def grow_together(trees: list, spending=None, record=None) -> None:
    """Grow `trees` an iteration each in turn, each until it has its iterations
    or its move is settled (no other root action could catch up in the
    iterations it may still get), or until `spending` (spending.Spending: each
    iteration one playout) is spent; several trees share the time left (counted
    in iterations alone, each tree grows as it would alone).
    `record(tree's index, root action, the hand's last position)`, if given,
    hears of every iteration."""
    growing = list(range(len(trees)))
    while growing:
        still = []
        for i in growing:
            grown = trees[i]
            if grown.done >= grown.iterations:
                continue
            if grown.done % SETTLED_EVERY == 0:
                left = grown.iterations - grown.done
                if spending is not None and spending.budget.seconds is not None:    # what the time allows
                    left = min(left, spending.left() / len(growing))
                if _settled(grown.root, left):
                    grown.settled = True
                    continue
            if spending is not None:
                if not spending.affords(1):
                    return
                if grown.done % 32 == 0:
                    spending.report()
                spending.spent += 1
            first, final = grown.step()
            if record is not None:
                record(i, first, final)
            still.append(i)
        growing = still


def merged_root(facts_by_action: dict) -> Node:
    """A root whose children hold, per root action, the visits, total and
    squares of the iterations that began with it (several trees' merged:
    root-parallel search sums their root statistics)."""
    root = Node()
    for action, points in facts_by_action.items():
        child = root.children[action] = Node()
        child.visits = len(points)
        child.total = float(sum(points))
        child.squares = float(sum(p * p for p in points))
    return root


def _settled(root: Node, left: int) -> bool:
    """Whether the root's most visited action stays the most visited (ties go to
    the larger total, so a tie counts as not settled) whatever the next `left`
    iterations do."""
    visits = sorted((c.visits for c in root.children.values()), reverse=True)
    return len(visits) >= 2 and visits[0] - visits[1] > left


def most_visited(legal: list, root: Node):
    """The root action visited most (ties: the larger total, then the first legal)."""
    visited = [a for a in legal if a in root.children]
    if not visited:
        return legal[0]
    return max(visited, key=lambda a: (root.children[a].visits, root.children[a].total))


def alike(legal: list, root: Node) -> list:
    """The root actions the tree cannot tell from its move (most_visited), the move
    first: each visited at least ALIKE_VISITS times, whose mean points fall short
    of the move's by no more than the 95% interval of the difference (Welch's:
    the two means come from different iterations)."""
    best = most_visited(legal, root)
    top = root.children.get(best)
    found = [best]
    for action in legal:
        other = root.children.get(action)      # visited no more often than top
        if action == best or other is None or other.visits < ALIKE_VISITS:
            continue
        spread = math.sqrt(_variance(top) / top.visits + _variance(other) / other.visits)
        if top.total / top.visits - other.total / other.visits <= 1.96 * spread:
            found.append(action)
    return found


def _variance(node: Node) -> float:
    mean = node.total / node.visits
    return max(0.0, (node.squares - node.visits * mean * mean) / (node.visits - 1))
