"""Lunar's guided first hand with four players (lesson.py): deal 7, found by
bench/lesson_deals.py (you give Bruno two Lynx, then turn the last tile and make
Lynx trump; your pair takes eight tricks, the track's best space, and keeps five
star cards). The cast: Ada on your left, Bruno across (your partner, the start
player), Chidi on your right."""
from ..lesson import Lesson, register


def shows(game, state) -> bool:
    """You turn the last tile (so choose trump between two), and your team ends on a
    scoring space of the track with a star card kept."""
    obs = state.observation(0)
    team = obs["hand_results"][0]["teams"][0]
    turners = [seat for seat, token in obs["history"] if token and token.startswith("turn ")]
    return turners[-1:] == [0] and team["track_points"] > 0 and bool(team["stars"])


register(Lesson(
    key="lunar", shows=shows, game="lunar", name="Lunar", rules={}, seed=7, teaches=("give", "turn"), free=frozenset({31, 45}),
    actions=("give R1 R8 Bat Bat", "give R5 R7 Owl Lynx", "give R2 R4 Lynx Lynx", "give R2 R3 Wolf Owl", "turn Wolf",
             "turn Bat", "turn Owl", "Lynx", "Bat", "R1", "R4", "R6", "R2", "Bat", "Bat", "R6", "R8", "Lynx", "Lynx",
             "R3", "Wolf", "Bat", "R1", "Bat", "R5", "R4", "Owl", "R8", "R8", "Bat", "Owl", "Owl", "R6", "R2", "Wolf",
             "R4", "R7", "Wolf", "Wolf", "R7", "Lynx", "Wolf", "R1", "Lynx", "R2", "R3", "Lynx", "R3", "R5", "Owl",
             "Owl", "R5", "R7", "Owl", "Wolf"),
    intro="Lunar is played in pairs: Bruno, across, is your partner. Cards are suits (Wolf, Owl, Lynx, "
          "Bat) or ranks (1 to 8); in every trick each pair plays one of each.",
    says={
        2: "First, partners swap two rank cards and two suit cards, unseen: pick yours, then confirm.",
        6: "Bruno gave you the 1, the 8 and two Bats. Three players each turn a trump tile down; the last "
           "one up is trump. Turn the Owl: Bruno has your two Lynx.",
        9: "Bruno played a suit, so you play a rank; Ada must play a rank too, so Bruno's trump takes the "
           "trick. Play your 1: 1s and 8s are star cards, a point each to the pair that takes them.",
        13: "Bruno played a rank, so you play a suit. The first suit card in a trick sets the lead suit; the "
            "others must follow it if they can.",
        17: "Your Lynx is trump: unless Ada has a Lynx too, it takes the trick and Chidi's star 8.",
        18: "Ada had a Lynx: with the same suit, the higher rank wins, Chidi's 8 over Bruno's 6.",
        20: "Chidi led a rank. You are the first of your pair: any card. The Wolf sets the lead suit.",
        23: "Neither Wolf nor Bat is trump, so the pair that set the lead suit took the trick. You lead again.",
        27: "Lead your 8, a star card: Bruno has suit cards to go with it.",
        30: "Your pair keeps both 8s: whoever takes a trick keeps every star card in it.",
        35: "Six tricks for your pair. The track pays 1, 2 or 3 points for 1, 2 or 3 tricks, and 4 or 5 for "
            "7 or 8; any other number pays nothing.",
        42: "Bruno's Lynx is trump: play a rank, your 1, another star.",
        45: "Bruno's Lynx is trump and your 3 beats Chidi's 2: this trick is yours either way.",
        49: "Eight tricks: the track's best space, 5 points. A ninth would pay nothing.",
        52: "Your last card.",
    },
    ending="A round scores the track's space for the tricks your pair took, and a point for each star card "
           "it kept. The game ends after a round in which a pair has 30 points or more.",
))

register(Lesson(
    key="lunar-sky", shows=shows, game="lunar", name="the Sky", rules={"players": 2}, seed=1, teaches=("turn", "sky:Lynx"),
    free=frozenset({33, 36, 40, 43, 47}),
    actions=("turn Bat", "turn Wolf", "turn Owl", "R1", "Lynx", "sky:Lynx", "sky:R2", "sky:Lynx", "R1", "R8", "sky:Bat",
             "Bat", "sky:R7", "sky:R7", "Lynx", "R2", "sky:R8", "sky:Bat", "Owl", "Lynx", "sky:Bat", "sky:R8", "R3",
             "R4", "Owl", "sky:Owl", "sky:R1", "Lynx", "R4", "sky:R2", "sky:Bat", "Owl", "R7", "sky:R3", "sky:Owl",
             "R5", "sky:R3", "sky:Wolf", "Wolf", "R5", "sky:Wolf", "sky:Bat", "R6", "sky:Owl", "Wolf", "R6", "sky:R4",
             "sky:R6", "Wolf", "Wolf", "sky:R5"),
    intro="The Sky is Lunar for two, each of you a pair alone. Besides your hidden hand, the Sky's cards "
          "lie face up, and both of you play from them.",
    says={
        0: "You are the start player: you turn a trump tile face down, then Ada, then you again. The last "
           "one up is trump.",
        2: "Owl or Lynx: you hold three Lynx, so turn the Owl down and make Lynx trump.",
        3: "A trick is four plays: you, Ada, you, Ada. Each of you plays a suit card and a rank card, one from "
           "your hand and one from the Sky. Lead a rank from your hand: the 1.",
        5: "Your second card is the other kind from the other place: a suit from the Sky. Ada's Lynx set "
           "the lead suit, and the Sky has one, so you must follow with it.",
        6: "Same suit, so the higher rank won: her 2 over your 1.",
        8: "Ada led the Sky's Lynx: answer with a rank from your hand.",
        10: "You hold Lynx, but this card comes from the Sky, and following counts only where you play from: "
            "the Sky has no Lynx left, so any suit of the Sky will do.",
        12: "Ada led a suit. Answer with a rank, from the Sky this time: the 7.",
        14: "Now a suit from your hand. You have no Bat, so any suit: your Lynx is trump.",
        15: "You took the trick, so you lead.",
        31: "Five tricks. On the track 1, 2 or 3 tricks pay 1, 2 or 3 points, 7 pays 4 and 8 pays 5; "
            "any other number pays nothing.",
        49: "Seven tricks: an eighth moves you to the track's best space.",
    },
    ending="The round scores the track's space for your tricks, and a point for each star card you kept "
           "(the 1s and 8s). The game ends after a round in which someone has 30 points or more.",
))
