"""Raven's guided first hand (lesson.py), and the same hand in the Prophecy theme:
deal 58 with four players, found by bench/lesson_deals.py (you bid 6 and take
exactly 6; you play the Raven, lead the Dwarf naming the trump suit and take a
trick with the Shaman after the Wolf). The cast: Ada on your left, Bruno across
(the dealer), Chidi on your right.

The teaching is written once: `{Raven}`, `{Shields}`, `{Sw2}` are a card's or a
suit's name, said in the lesson's theme by the engine's words."""
import re

from pycore import get_game

from ..lesson import Lesson, register

ACTIONS = ("bid Sh11 Ax10 Wa11", "bid Sw2 Ax7 Wa4", "bid Sh10 Sw12 Wa10", "bid Sh6 Ax1 Ax4", "Ax9", "Raven", "Ax3",
           "Ax8", "Dwarf Sh", "Sh1", "Sh12", "Ax2", "Sh13", "Ax6", "Sh14", "Sh2", "Sh8", "Sh3", "Sh7", "Sw3", "Ax14",
           "Ax5", "Ax13", "Sw6", "Sw5", "Sw1", "Sw8", "Sw10", "Sw7", "Sh4", "Wa2", "Sw4", "Sh5", "Sh9", "Wa1", "Wa7",
           "Wa13", "Wa3", "Wa8", "Wa12", "Ax11", "Sw9", "Sw11", "Wa6", "Ax12", "Wa5", "Wolf", "Shaman", "Wa9", "Wa14",
           "Sw14", "Sw13")

INTRO = "{title}: each for yourself, twelve tricks. First everyone bids by setting three cards aside, face down."
SAYS = {
    1: "The bid is what those cards count: {Shields} 0, {Swords} 1, {Axes} 2, {Waters} 3. With the {Raven}, "
       "the {Shaman} and good {Shields}, the trump, bid 6: pick the three cards, then confirm.",
    5: "Follow the suit led or play a specialist: those four may always be played. The {Raven} is the "
       "highest trump, beaten only by a {Shaman} played right after it, and the {Shaman} is yours.",
    8: "The {Dwarf} is the lowest card, but leading it you name the suit to follow. Name {Shields}, the "
       "trump, to draw theirs: click the {Dwarf}, then the suit.",
    14: "Bruno leads the {Sh13}: your {Sh14} takes it.",
    16: "You took it, so you lead. The {Shaman} may never be led.",
    20: "Four tricks of your six. The {Ax14} is the highest of its suit: lead it.",
    24: "Lead your low {Sw5}: someone else takes this one, and that suits your bid.",
    29: "You have no {Swords}, so any card may go: your {Sh4} is a trump and takes the trick.",
    32: "Five of your six. Lead your last trump; keep the {Shaman} for the sixth.",
    39: "Follow {Waters}, or play the {Shaman}? Keep it, and let Ada take this one.",
    43: "No {Axes} left: any card may go.",
    46: "The {Wolf} beats every card that is not a trump.",
    47: "The {Shaman} takes the place of the card played just before it, half a step higher: after the "
        "{Wolf}, it beats the {Wolf}. Your sixth trick.",
    48: "Your last card: six tricks is your bid, so let it go.",
}
ENDING = ("Every bid is shown now. A trick is a point, and taking exactly your bid adds a bonus, 5 with "
          "four players. From the second hand on, whoever leads the score bids first, face up.")

WORDS = get_game("raven").words
SUITS = ("Shields", "Swords", "Axes", "Waters")        # the engine's suits, in order


def skin(text: str, theme: str) -> str:
    """`text` with each `{name}` said in `theme`: the game's title ({title}), a suit
    ({Shields}) or a card ({Raven}, {Sw2})."""
    def name(match) -> str:
        word = match.group(1)
        if word == "title":
            return WORDS.title(theme)
        if word in SUITS:
            return WORDS.suit(SUITS.index(word), theme)
        return WORDS.card_in(word, theme)
    return re.sub(r"\{(\w+)\}", name, text)


def shows(game, state) -> bool:
    """You bid exactly what you take, lead the Dwarf naming a suit, play the Shaman to
    take a trick and one more specialist (all four are dealt with four players)."""
    obs = state.observation(0)
    result = obs["hand_results"][0]
    mine = {token.split(" ")[0] for seat, token in obs["history"] if seat == 0}
    return (result["exact"][0] and any(seat == 0 and token.startswith("Dwarf ") for seat, token in obs["history"])
            and any(s["seat"] == 0 and s["won"] for s in result["shaman"])
            and len(mine & {"Raven", "Wolf", "Shaman", "Dwarf"}) >= 3)


for key, name, theme in (("raven", "Raven", ""), ("raven-prophecy", "Prophecy", "prophecy")):
    register(Lesson(key=key, game="raven", name=name, rules={}, seed=58, theme=theme, shows=shows,
                    teaches=("bid", "Dwarf", "Shaman"), free=frozenset({43}), actions=ACTIONS, intro=skin(INTRO, theme),
                    says={i: skin(text, theme) for i, text in SAYS.items()}, ending=skin(ENDING, theme)))
