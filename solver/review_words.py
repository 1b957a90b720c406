"""The hand review's words (solver/review.py): each decision's verdict, the line on
why the two columns differ, what "with all hands seen" means in this game, and
the hand's headline. Numbers in, player words out: nothing here searches.

A verdict carries two things, the size of a loss and how sure the review is of
it, and says both at once: "Big loss, clear: −1.5 points", "Small loss, exact:
−1 point", "Big loss, likely by the computer's play-outs: −2 points" (clear on
the deals searched, but each deal was played out by the quick play, not searched
exactly), "Unclear: −2.1 points, could be 0 to −4.5". Of the losses the review
is sure of (exact values, or the hint's interval of the difference clear of 0),
a larger one is never called milder: the size is the cost against the hand's
threshold (the adapter's `big_loss`), the same for all.
"""
from __future__ import annotations

from pycore.words import Narrator, count, decimals, minus, with_unit

SURE_LOSSES = ("small loss", "big loss")       # mildest first
SURENESS = {"exact": "exact", "clear": "clear",
            "likely": "likely by the computer's play-outs"}    # each deal played out, not searched


def amount(x: float) -> str:
    """A non-negative amount with the digits it needs: "1.5", "0.003", "7"."""
    x = abs(float(x))
    return f"{x:.0f}" if x == round(x) else f"{x:.{decimals(x, 2)}f}".rstrip("0").rstrip(".")


def loss(x: float, unit: str) -> str:
    """"−1.5 points" ("no loss" for 0)."""
    return "no loss" if x <= 0 else with_unit(minus(f"-{amount(x)}"), unit)


def verdict_words(d: dict, unit: str) -> str:
    """The decision's label: its verdict, with the size of the loss and how sure."""
    verdict, cost = d["verdict"], d.get("cost")
    if verdict in ("best", "as good as the best", "not searched"):
        return verdict.capitalize()
    if verdict == "unclear":
        low_high = d.get("cost_interval")
        if low_high is None:
            why = d.get("unsure_why") or "too few deals searched to say"
            return f"Unclear: {loss(cost, unit)}, {why}"
        low, high = max(0.0, low_high[0]), max(0.0, low_high[1])
        low_said = "0" if low == 0 else minus(f"-{amount(low)}")
        return f"Unclear: {loss(cost, unit)}, could be {low_said} to {minus(f'-{amount(high)}')}"
    size = "Big loss" if verdict == "big loss" else "Small loss"
    return f"{size}, {SURENESS[d.get('sureness') or 'clear']}: {loss(cost, unit)}"


def _article(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou8" else f"a {name}"


def fact_words(place: str, card: str, tell: Narrator, copies: bool) -> str:
    """Where a hidden card really was, as the player hears it."""
    the = _article(tell.card(card)) if copies else tell.the(card)
    kind, _, who = place.partition(":")
    seat = tell.seat(int(who)) if who.isdigit() else ""
    if kind == "hand":
        return f"you would be dealt {the}" if int(who) == tell.me else f"{seat} held {the}"
    return {"bid": f"{seat} had set {the} aside in a bid",
            "gift": f"{seat} was giving {the} to their partner",
            "discard": f"{seat} had laid {the} down to take the poke",
            "out": f"{the} was out of play", "poke": f"{the} was in the poke",
            "stock": f"{the} was not dealt", "turnup": f"{the} would be turned up",
            }.get(kind, f"{the} was where you could not see it")


def why_words(d: dict, tell: Narrator, copies: bool) -> str:
    """One line on why the face-up best was not the best by what was known, for a
    player who reads it once: what they could not see, then how often it
    mattered among the deals that fit what they saw."""
    better, known = f'"{tell.choice(d["better"])}"', f'"{tell.choice(d["known"])}"'
    n, won = d["worlds"], d["better_in"]
    deals = ("the only deal that fits what you saw" if n == 1 else
             f"all {n} deals that fit what you saw" if d["all_worlds"] else
             f"{n} deals that fit what you saw, drawn at random")
    if not won:
        return (f"Only the cards as they really lay made {better} better: of {deals}, "
                f"it beat {known} in none.")
    beat = f"{better} beat {known} in {won}" if won < n else f"{better} beat {known} in every one"
    if d["card"] is None:
        return f"No single card you could not see decides it: of {deals}, {beat}."
    fact = fact_words(d["place"], d["card"], tell, copies)
    those = f"in {d['with_card']} of those {won}" if won < n else f"in {d['with_card']} of them"
    return (f"What you could not see: {fact[0].upper()}{fact[1:]}. Of {deals}, {beat}; "
            f"{those}, {fact}.")


def face_up_rule(sides: str | None, players: int, unit: str) -> str:
    """What "with all hands seen" means in this game: how every seat plays once
    every card is face up (solver/endgame.py, solver/reference/plain.py), from
    the game's words for its sides (the adapter's `face_up_rule`), or where it
    has none, each seat for its own points (in `unit`: Voren's chips)."""
    ties = "where two choices come out the same, the first in order is taken"
    if sides is None:
        everyone = ("both of you play" if players == 2 else "every player plays")
        sides = f"{everyone} for their own {unit}, not against anyone's"
    return f"With all hands seen, {sides}; {ties}."


def face_up_certainty(up: dict) -> str:
    """How the face-up values were found: searched exactly, or estimated (and so
    how sure), in a few words."""
    if up.get("one_deal"):        # Lunar's Sky: no hidden card
        return ("the only possible deal, so the same as by what you knew"
                + (": exact" if up["exact"] else ": estimated the same way"))
    if up["exact"]:
        return "exact: every way to play on searched"
    left = up.get("screened") or 0
    out = (f"estimated: the rest played {up['playthroughs']} times on the true deal by the "
           f"computer's quick play, some moves at random; not exact play")
    if left:
        out += f"; {count(left, 'other choice')} left out after one try each"
    return out


def summary_line(h: dict) -> str:
    """The hand's headline: what the player can act on, in the hand's own scale
    (its score and the unit of its losses), never a sum of losses: those of
    different decisions do not add up to anything that happened."""
    decisions, unit = h["decisions"], h["unit"]
    n = len(decisions)
    called = h.get("hand_word", "hand").capitalize()
    head = f"{called} {h['hand']}"
    if h.get("scored") is not None:
        head += f" (you scored {with_unit(minus(str(h['scored'])), unit)})"
    if not n:
        return f"{head}: you had no choice to make."
    sure = [d for d in decisions if d["verdict"] in SURE_LOSSES]
    unclear = [d for d in decisions if d["verdict"] == "unclear"]
    fine = n - len(sure) - len(unclear)
    if sure:
        likely = sum(d.get("sureness") == "likely" for d in sure)
        clear = len(sure) - likely
        kinds = [count(clear, "clear loss", "clear losses")] if clear else []
        if likely:
            kinds.append(count(likely, *(("likely one", "likely ones") if clear else
                                         ("likely loss", "likely losses"))))
        worst = max(sure, key=lambda d: d["cost"])
        known = (f"{' and '.join(kinds)} by what you could know, the largest "
                 f"{loss(worst['cost'], unit)} at {worst['when'][0].lower()}{worst['when'][1:]}")
    else:
        known = "no clear loss by what you could know"
    if unclear:
        known += f", {len(unclear)} unclear"
    known += (f"; your {'choice was' if n == 1 else f'{n} choices were all'} the best or as good"
              if fine == n else f"; {fine} of your {n} choices the best or as good")
    exact = [d for d in decisions if d["face_up"]["exact"]]
    better = [d for d in exact if d["face_up"]["cost"] > 0]
    if not exact:
        seen = "With all hands seen, no decision of this hand was short enough to search exactly."
    elif not better:
        seen = (f"With all hands seen, searched exactly at {len(exact)} of them: "
                f"{'your choice was a best one' if len(exact) == 1 else 'yours was a best choice at each'}.")
    else:
        most = max(better, key=lambda d: d["face_up"]["cost"])
        seen = (f"With all hands seen, searched exactly at {len(exact)} of them: another choice "
                f"was better at {len(better)} (by up to {with_unit(amount(most['face_up']['cost']), unit)}).")
    return f"{head}: {known}. {seen}"
