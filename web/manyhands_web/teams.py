"""The score pad and score sheet of a game played in fixed sides (the engine's
`GameState.sides`, the observation's `sides`): one column of the pad per side,
named from the listener ("You and Across", "Left and Right"), and one row of
the sheet per side. A game's layout takes them by naming `Teams` before `Layout`:
`class Whist(Teams, Layout, game=...)`; its hand results then give, per hand,
`teams`: one dict per side in the order of `sides`, with at least `seats`,
`points` (that hand's) and `total` (the side's score after it).
"""
from __future__ import annotations

from .layouts import _pad_cell
from .markup import esc


class Teams:
    """The pad and sheet rows of a game of fixed sides (a mixin of `Layout`)."""
    pad_note = "Points per hand for each team, the running score in brackets."

    @staticmethod
    def team_of(obs: dict, seat: int) -> int:
        """The index of `seat`'s side (0 where the sides are not known)."""
        for index, side in enumerate(obs.get("sides") or []):
            if seat in side:
                return index
        return 0

    def _ours(self, obs: dict, team: int) -> bool:
        return team == self.team_of(obs, obs["seat"])

    def team_name(self, tell, team: int) -> str:
        """A side as the listener says it: "You and Across", "Left and Right" (a
        side of one seat: that seat)."""
        side = (tell.obs.get("sides") or [[0], [1]])[team]
        return tell.seats(sorted(side, key=lambda seat: (seat - tell.me) % tell.players))

    def winning_seats(self, tell, trick: dict, where) -> set[int]:
        """The cards of the side that took a finished trick (its partners take it together)."""
        side = next((s for s in tell.obs.get("sides") or [] if trick["winner"] in s), [trick["winner"]])
        return {seat for seat, _ in trick["cards"] if seat in side}

    def pad(self, tell):
        """One column per side: the hand's points and the side's total after it."""
        results = tell.obs.get("hand_results") or []
        heads = [self.team_name(tell, t) for t in range(len(tell.obs.get("sides") or [[0], [1]]))]
        return heads, [[_pad_cell(t["points"], t["total"]) for t in r["teams"]] for r in results]

    @staticmethod
    def team_row(team: dict, index: int) -> str:
        """A sheet row's attributes for a side (`data-seats`, docs/contract.md)."""
        return f'data-seats="{esc(team["seats"])}" data-team="{index}"'
