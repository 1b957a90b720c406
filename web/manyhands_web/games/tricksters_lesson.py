"""Tricksters' guided first hand (lesson.py): deal 5, found by bench/lesson_deals.py
(you sit across from the dealer, so you pair the players; a trick tied; you lead
once). The cast: Ada on your left, Bruno across (the dealer), Chidi on your right."""
from ..lesson import Lesson, register, trick_lines


def shows(game, state) -> bool:
    """A tie in some trick, and a trick you lead."""
    return (any("tie" in line for line in trick_lines(state))
            and any(t["cards"][0][0] == 0 for t in state.observation(0)["hands"][0]["tricks"]))


def deal_wanted(game, state) -> bool:
    """You sit across from the dealer: you choose the partners."""
    return game.first_dealer(state.rules, state.seed) == 2


register(Lesson(
    key="tricksters", deal_wanted=deal_wanted, shows=shows, game="tricksters", name="Tricksters", rules={}, seed=5, teaches=("take", "suit", "partner"),
    free=frozenset({25}),
    actions=("take T8", "take T18", "take T1", "take T17", "take T19", "take T16", "take T5", "take T14",
             "suit Ravens", "suit Rats", "suit Foxes", "suit Toads", "partner 1",
             "T13", "T10", "T12", "T11", "T3", "T2", "T4", "T14", "T1", "T15", "T7", "T16",
             "T20", "T19", "T18", "T9", "T6", "T5", "T17", "T8"),
    intro="Each card shows all four critters, Ravens, Foxes, Rats and Toads, one per edge, each worth "
          "1, 2, 4 or 5. First the draft: in turn from the dealer's right, each player takes two of "
          "the centre's eight cards.",
    says={
        3: "Take this card: Ravens 5 is the highest value.",
        7: "The last card of the centre is yours. Cards you draft lie face up until the tricks, "
           "so everyone knows you hold them.",
        8: "Now the suit draft: each player takes a suit card and may lead only that critter this round.",
        9: "Take Rats: your hand holds two Rats 5s.",
        12: "You sit across from the dealer, so you make the partnerships (yours too). Partners "
            "add up their two cards in each trick.",
        13: "Bruno, the dealer, leads: he may lead only his own critter, Toads.",
        15: "Every card follows: whatever you play, only its Toads value counts in this trick. "
            "The pair with the higher sum takes the trick.",
        17: "Ada leads her own critter, Foxes.",
        20: "Bruno and Chidi have 9 already, and a tie goes to the pair that did not lead: even a "
            "Foxes 5 could not take this trick for you and Ada. Spend a low Foxes 2.",
        21: "Chidi leads his own critter, Ravens.",
        22: "Play this card: it counts 4 in Ravens.",
        25: "You take the lead: of the pair that took the trick, the higher card leads next. You "
            "may lead only your own critter, Rats.",
        31: "Your last card: play it.",
    },
    ending="Each player scores their pair's points: two tricks are worth 1 point, three or four 2, "
           "all five 3. Once everyone has dealt, the highest score plus 3 is the target to reach.",
))
