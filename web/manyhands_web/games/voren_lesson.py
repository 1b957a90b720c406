"""Voren's guided first hand (lesson.py): deal 247 with five players, found by
bench/lesson_deals.py (the dealer deals a poke and you take it; two fold; a
Wolf and a Greater Crown take tricks; your last card takes one; Ada is looed).
The cast: Ada on your left, Bruno (the dealer), Chidi, Dana on your right."""
from ..lesson import Lesson, register


def shows(game, state) -> bool:
    """The dealer deals a poke and you take it; someone folds; you take a trick and
    someone who played is looed."""
    result = state.observation(0)["hand_results"][0]
    choices = result["choices"]
    return (result["options"]["poke"] and not result["options"]["allplay"] and choices[0] == "poke"
            and "fold" in choices and result["uncontested"] is None and result["tricks"][0] >= 1
            and bool(result["looed"]))


register(Lesson(
    key="voren", shows=shows, game="voren", name="Voren", rules={}, seed=247, teaches=("poke",), free=frozenset({10}),
    actions=("deal poke", "fold", "fold", "poke", "play", "play", "2D", "RH", "Wolf", "GH", "5D", "1C",
             "2C", "3C", "RS"),
    intro="Voren is played for chips: everyone paid 3 into the pot, the dealer 6, 18 in all. Each "
          "trick you take wins a third of it.",
    says={
        0: "Bruno, the dealer, dealt a poke, a spare hand; the turned card makes Hearts trump.",
        3: "Folding costs only your ante. Your one trump is low: swap your hand unseen for the poke, "
           "and play it.",
        6: "The first player on the dealer's left who plays leads: you. Above the Hearts rank two "
           "trumps of no suit, the Treachery, then the Wolf. Lead your low Diamond.",
        7: "Ada has no Diamond, so she must play a trump: her Realm of Hearts.",
        8: "Bruno has no Diamond either. A player who can take the trick must play the highest card "
           "that takes it: his Wolf, which only the Treachery beats.",
        9: "Whoever leads the second trick must lead a Heart if they hold one: Bruno leads his "
           "Greater Crown.",
        10: "With no trump, nothing of yours can take it, and any card may go: keep your Club.",
        11: "Ada has no trump left, so she may throw any card.",
        13: "Your last card, and your last chance: a player who took no trick is looed.",
        14: "Ada has no Club and no trump: her Realm of Spades cannot take the trick.",
    },
    ending="Each trick took a third of the pot. Ada played and took no trick: she is looed and pays "
           "as much as this pot, and her payment is the next pot; then only the dealer antes. "
           "Folding costs an ante, playing wins chips or costs a pot.",
))
