"""Voren in the page: its table layout (what it shows around
the generic table, layouts.py) and its card on the home page (pitch and picture)."""
from __future__ import annotations

from functools import lru_cache

from pycore.words import count

from .. import card_symbols as sym
from ..card_art import _named, back
from ..cards import _cards, card_html
from ..layouts import Layout, _backs, _badge, _points, _table, _tricks
from ..markup import esc
from ..pictures import cards_laid, picture
from ..standard_faces import suited_face

# --- the faces: the standard suits (standard_faces.py) with pips 1 to 5, pictures for
# the realms and crowns, and the Wolf and Treachery ---------------------------------------
VOREN_FIGURES = {"R": sym.realm, "L": sym.lesser_crown, "G": sym.greater_crown}
VOREN_NAMED = {"Wolf": ("W", sym.wolf_head, "#3a1020", "#ffd166"),
               "Treachery": ("T", sym.dagger, "#1e3326", "#d9e4b0")}


@lru_cache(maxsize=128)
def voren_face(token: str) -> str:
    if token in VOREN_NAMED:
        letter, picture, ground, ink = VOREN_NAMED[token]
        return _named(letter, picture, ground, ink)
    return suited_face(token[0], token[1], VOREN_FIGURES)


_CHIP = ('<circle cx="{x}" cy="{y}" r="7" fill="#e0a526" stroke="#7a5a00"/>'
         '<circle cx="{x}" cy="{y}" r="4" fill="none" stroke="#fff" stroke-width="1.2"/>')
VOREN_ART = picture("Three Voren cards and a pot of chips",
                    cards_laid((voren_face("5H"), 4, 16, 36, -12), (voren_face("GS"), 26, 10, 36, 0),
                               (voren_face("Wolf"), 48, 16, 36, 12))
                    + "".join(_CHIP.format(x=x, y=y) for x, y in ((98, 64), (108, 58), (96, 52), (106, 46), (100, 38))))


class Voren(Layout, game="voren"):
    pitch = ("Three cards, a pot of chips and a spare hand to swap into: play or fold, "
             "and take no trick at your peril.")
    picture = VOREN_ART
    total_in_header = False
    placed = frozenset({"chips", "pot", "hand_pot", "turnup", "trump", "choices", "playing", "poke_dealt",
                        "poke_taken_by", "tricks_won", "dealer", "options", "paid_this_hand",
                        "won_this_hand", "looed", "hand_sizes", "led"})
    specials = frozenset({"Wolf", "Treachery"})
    CHOICE = {"play": "Plays", "fold": "Folded", "poke": "Took the poke"}
    pad_note = "Chips won or lost per hand, the chips after it in brackets."

    def art(self, token, theme="", **drawn):
        return voren_face(token)

    def trump_words(self, tell):
        obs = tell.obs
        return "" if obs.get("terminal") else self._trump_made(tell)

    @staticmethod
    def _trump_made(tell) -> str:
        """What the turned card made, the observation's trump (at the end of the
        game: the last hand's)."""
        obs = tell.obs
        if not obs.get("turnup"):
            return ""
        return f"Trump: {tell.words.suit_name(obs['trump'], tell)}" if obs.get("trump") else "No trump"

    def seat_classes(self, obs, seat):
        choices = obs.get("choices") or []
        return " folded" if seat < len(choices) and choices[seat] == "fold" else ""

    def seat_badges(self, tell, seat):
        obs = tell.obs
        out = super().seat_badges(tell, seat)
        choices = obs.get("choices") or []
        choice = choices[seat] if seat < len(choices) else None
        if choice:
            out.append(_badge(self.CHOICE.get(choice, "Chose"), f"choice choice-{choice}"))
        elif obs.get("phase") == "decide":
            out.append(_badge("Deciding…" if obs.get("to_act") == seat else "Not yet", "choice"))
        if seat in (obs.get("looed") or []):
            out.append(_badge("Looed", "looed"))
        return out

    def seat_body(self, tell, seat):
        obs = tell.obs
        chips = (obs.get("chips") or [0] * obs["players"])[seat]
        out = [f'<p class="chips-line"><span class="chip" aria-hidden="true"></span>'
               f'<b class="chips">{esc(chips)}</b><span class="chips-word"> chips</span></p>']
        choices = obs.get("choices") or []
        if not (seat < len(choices) and choices[seat] == "fold"):
            out.append(super().seat_body(tell, seat))
        won = (obs.get("tricks_won") or [0] * obs["players"])[seat]
        if seat in (obs.get("playing") or []):
            pips = "".join("●" if i < won else "○" for i in range(3))
            out.append(f'<p class="line">Tricks <span class="pips" aria-label="{won} of 3">{pips}</span></p>')
        paid = (obs.get("paid_this_hand") or [0] * obs["players"])[seat]
        got = (obs.get("won_this_hand") or [0] * obs["players"])[seat]
        if paid or got:
            out.append(f'<p class="line small">paid {esc(paid)} · won {esc(got)}</p>')
        return "".join(out)

    def middle(self, tell, legal, why=None):
        obs = tell.obs
        opts = obs.get("options") or {}
        flags = [w for w, on in (("poke dealt", opts.get("poke")), ("all play", opts.get("allplay"))) if on]
        taken = obs.get("poke_taken_by")
        if taken is not None:
            flags.append(f"poke taken by {tell.seat(taken, start=False)}")
        turn = obs.get("turnup")
        if turn:
            turned = (f'<div class="turnup" id="turnup"><span class="lbl">Turned up</span>'
                      f'{card_html(turn, tell)}<b>{esc(self._trump_made(tell))}</b></div>')
        else:
            turned = '<div class="turnup" id="turnup"><span class="lbl">Not dealt yet</span></div>'
        pot = obs.get("pot", 0)
        hand_pot = obs.get("hand_pot")
        # the cards face down: the deck (the stock once dealt), and the poke while nobody took it
        pile = "Stock" if turn else "Deck"
        piles = (f'<div class="pile"><span class="lbl">{pile}</span>'
                 f'<span class="pile-back" role="img" aria-label="The {pile.lower()}, face down">'
                 f'{back()}</span></div>')
        if obs.get("poke_dealt") and taken is None:
            piles += (f'<div class="pile"><span class="lbl">Poke</span>'
                      f'{_backs(3, "The poke: 3 cards face down")}</div>')
        return (f'<section class="region pot-area" id="pot" aria-label="Pot {esc(count(pot, "chip"))}">'
                f'<div class="pot"><span class="chip big" aria-hidden="true"></span>'
                f'<span class="pot-n">{esc(pot)}</span><span class="lbl">in the pot</span>'
                + (f'<span class="note">this hand started with {esc(hand_pot)}</span>' if hand_pot not in (None, pot) else "")
                + f'</div>{piles}{turned}'
                + (f'<p class="flags">{esc(" · ".join(flags))}</p>' if flags else "")
                + "</section>")

    def plays_in_trick(self, obs):
        return list(obs.get("playing") or [])

    def below(self, tell, legal, why=None):
        obs = tell.obs
        hands = obs.get("hands") or []
        if not hands or obs.get("phase") != "play" and not (hands[-1].get("tricks")):
            return ""
        tricks = hands[-1].get("tricks") or []
        boxes = []
        for index in range(3):
            trick = tricks[index] if index < len(tricks) else None
            if trick is None:
                body, cls = '<span class="note">to come</span>', ""
            elif trick.get("winner") is not None:
                body = (f'<span class="cards small">{_cards([c for _, c in trick["cards"]], tell)}</span>'
                        f'<span class="won">{esc(tell.seat(trick["winner"]))} took it</span>')
                cls = " done"
            else:
                body, cls = '<span class="note">in play</span>', " now"
            boxes.append(f'<li class="trick-box{cls}"><b>Trick {index + 1}</b>{body}</li>')
        return (f'<section class="region three-tricks" id="three-tricks" aria-label="The three tricks">'
                f'<ol class="trick-boxes">{"".join(boxes)}</ol></section>')

    def running(self, result):
        return result["chips"]

    def sheet_table(self, tell, result):
        rows = []
        choice = {"play": "played", "fold": "folded", "poke": "took the poke", None: "—"}
        for seat in range(tell.players):
            paid = result["antes"][seat] + result["loo_paid"][seat]
            looed = " (looed)" if seat in result["looed"] else ""
            rows.append((f'data-seat="{seat}"', [
                esc(tell.seat(seat)), esc(choice.get(result["choices"][seat], "—")) + looed,
                _tricks(result["tricks"][seat]), esc(result["won"][seat]),
                f'{esc(paid)}' + (f' <span class="note">({result["antes"][seat]} ante, '
                                  f'{result["loo_paid"][seat]} loo)</span>' if result["loo_paid"][seat] else ""),
                _points(result["points"][seat]), esc(result["chips"][seat])]))
        pot = (f'Pot {count(result["pot"], "chip")}'
               + (f"; next pot {result['next_pot']}" if result.get("next_pot") is not None else ""))
        return _table(["Player", "Choice", "Tricks", "Won", "Paid", "Net", "Chips"], rows, caption=pot)
