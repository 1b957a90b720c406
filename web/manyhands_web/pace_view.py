"""The table's pace, decided and drawn (pure: runs natively and in Pyodide; the
page's timing is pace.py's):

- a decision with one legal choice (a forced one): which it is, and the line
  that shows it for a moment before it plays itself;
- a card chosen early, while others play (a pre-pick): when one may be chosen
  (a card play in a trick, not a bid, a draft or an exchange), what becomes of
  it when your turn comes, the cards of your hand offered for it and the line
  under your hand that says what is chosen or why it was not played.
"""
from __future__ import annotations

from pycore.words import Narrator

from .cards import card_html
from .markup import esc, sentence

CHOSEN = "chosen to play next"


def forced_choice(obs: dict, seat: int) -> str | None:
    """Your only legal choice now, if you have exactly one."""
    legal = obs.get("legal") or []
    mine = obs.get("to_act") == seat and not obs.get("terminal")
    return legal[0] if mine and len(legal) == 1 else None


def prepick_open(obs: dict, seat: int, playing: list[int]) -> bool:
    """Whether you may choose your next card now: the hand's tricks are under way,
    someone else is to play, and you play in this hand (`playing`: the seats that
    do, the layout's `plays_in_trick`: Voren's folded players do not)."""
    return (obs.get("phase") == "play" and not obs.get("terminal") and bool(obs.get("hand"))
            and obs.get("to_act") not in (None, seat) and seat in playing)


def prepick_outcome(card: str, obs: dict, why: str | None) -> str:
    """What your chosen card does now that it is your turn: "play" (it is legal),
    "sub" (it is, with a choice to make: Raven's Dwarf), "refused" (cards may be
    played but not this one: `why`, the engine's reason) or "drop" (this decision
    is not a card play, or the card is no longer yours)."""
    legal = obs.get("legal") or []
    hand = obs.get("hand") or []
    if card not in hand:
        return "drop"
    if card in legal:
        return "play"
    if any(t.split(" ")[0] == card for t in legal):
        return "sub"
    return "refused" if why and any(t.split(" ")[0] in hand for t in legal) else "drop"


def refused_line(tell: Narrator, card: str, why: str) -> str:
    return sentence(f"the {tell.card(card)} can no longer be played: {why}")


def waiting_card(token: str, tell: Narrator, index: int, chosen: int | None) -> str:
    """A card of your hand while others play: tap it to choose it to play next
    (again to cancel)."""
    on = index == chosen
    attrs = f' data-prepick="{index}" data-card="{esc(token)}" aria-pressed="{str(on).lower()}"'
    if on:
        attrs += f' aria-description="{CHOSEN}"'
    return card_html(token, tell, enabled=True, classes="prepick" + (" chosen" if on else ""), attrs=attrs)


def notes_html(tell: Narrator, ui: dict, my_turn: bool) -> str:
    """The lines under your decision about the pace: the only choice about to play
    itself, the card you chose to play next (or why it was not played), and (your
    turn) why a card cannot be chosen."""
    out = []
    forced = ui.get("forced")
    if my_turn and forced:
        out.append(f'<p class="pace-note forced" id="forced-note" role="status">Only one choice: '
                   f'{esc(tell.choice(forced))}, played for you…</p>')
    card = ui.get("prepick")
    if not my_turn and card is not None:
        out.append(f'<p class="pace-note" id="prepick-note">Chosen to play next: the {esc(tell.card(card[1]))}. '
                   'Tap it again or press Escape to cancel.</p>')
    elif not my_turn and ui.get("prepick_open"):
        out.append('<p class="pace-note offer" id="prepick-note">You may choose your next card now.</p>')
    if ui.get("prepick_said"):
        out.append(f'<p class="pace-note refused" id="prepick-said">{esc(ui["prepick_said"])}</p>')
    if my_turn:
        out.append(f'<p class="why-said" id="why-said" role="status">{esc(ui.get("why_said") or "")}</p>')
    return "".join(out)
