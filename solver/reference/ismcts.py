"""Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley and
Whitehouse 2012), the reference the best-known online tables play at 500-1,000
iterations a move.

Each iteration draws one deal uniformly from those consistent with the seat's
view (a determinization), walks the one tree of the seat's information set
from the root, choosing at each node by UCB1 among the actions legal in this
deal (each child counts how often it was available: ISMCTS's "availability"),
expands one untried action, plays the hand out with the game's fast policy and
credits every node on the path with the points for the hand of the seat that
chose it. The move is the root action visited most. Points are scaled to [0, 1]
by the range seen so far in this search, so one exploration constant serves
every game.
"""
from __future__ import annotations

import math

from .common import decision, playout

EXPLORATION = 0.7


class Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0     # points for the hand of the seat that chose this node's action
        self.avail = 0


def choose(state, seat: int, iterations: int, seed: int, counts: dict):
    if len(state.legal_actions()) == 1:
        return state.legal_actions()[0]
    legal, view, adapter, rng, mark = decision(state, seat, "ismcts", seed)
    players = state.players
    root = Node()
    own = tuple(legal)
    low, high = math.inf, -math.inf
    for _ in range(iterations):
        counts["iterations"] = counts.get("iterations", 0) + 1
        # the seat's own choices: the same in every world
        position = view.world_state(view.counter.sample(rng)).with_legal(own)
        node, path = root, []
        while adapter.hand_mark(position) == mark:
            actions = position.legal_actions()
            mover = position.current_player
            untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = node.children[action] = Node()
                child.avail = 1
                path.append((child, mover))
                position = adapter.fast_apply(position, action)
                break
            span = high - low if high > low else 1.0
            children = node.children

            def ucb(a):
                c = children[a]
                mean = (c.total / c.visits - low) / span
                return mean + EXPLORATION * math.sqrt(math.log(c.avail) / c.visits)
            action = max(actions, key=ucb)
            node = children[action]
            path.append((node, mover))
            position = adapter.fast_apply(position, action)
        final = position
        if adapter.hand_mark(position) == mark:
            final = playout(adapter, position, mark, rng, counts)
        points = [adapter.hand_points(final, p, mark) for p in range(players)]
        low, high = min(low, *points), max(high, *points)
        for n, mover in path:
            n.visits += 1
            n.total += points[mover]
    visited = [a for a in legal if a in root.children]
    if not visited:
        return legal[0]
    return max(visited, key=lambda a: (root.children[a].visits, root.children[a].total))
