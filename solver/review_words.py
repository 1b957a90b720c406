"""The hand review's words (solver/review.py): each decision's verdict and its one
plain sentence, the hand's biggest lesson, the line on why the two columns
differ, what "with all hands seen" means in this game, and the hand's headline.
Numbers in, player words out: nothing here searches.

Two voices. The player's: what you did, what would have been better and by
about how much, and how sure in words a card player uses: "sure" (exact values,
or a difference clear on every way the review could check it), "probably" (clear
on the deals searched, but each deal was played out by the computer's own quick
play, not searched exactly; or a large difference the review could not make
sure of), "too close to call" (a small one it could not). A loss of several
points is never just "unclear": its likely size is said, and that it is not
sure. The details' voice (`--details`, the page's "How do we know?") keeps how
it was worked out: deals, play-outs, ranges, what was left out.

A verdict carries the size of a loss and how sure: "Big loss: −1.5 points,
sure", "Big loss: about −2 points, probably", "Maybe a big loss: about −8
points, not sure", "Too close to call: about −0.24 points". Of the losses the
review is sure of, a larger one is never called milder: the size is the cost
against the hand's threshold (the adapter's `big_loss`), the same for all.
"""
from __future__ import annotations

from pycore.words import Narrator, count, decimals, minus, with_unit

SURE_LOSSES = ("small loss", "big loss")       # mildest first
# how sure a loss is, in a player's words: exact values or a clear difference on deals each
# searched exactly are sure; clear on deals each played out by the quick play, probable
SURENESS = {"exact": "sure", "clear": "sure", "likely": "probably"}


def amount(x: float) -> str:
    """A non-negative amount with the digits it needs: "1.5", "0.003", "7"."""
    x = abs(float(x))
    return f"{x:.0f}" if x == round(x) else f"{x:.{decimals(x, 2)}f}".rstrip("0").rstrip(".")


def loss(x: float, unit: str) -> str:
    """"−1.5 points" ("no loss" for 0)."""
    return "no loss" if x <= 0 else with_unit(minus(f"-{amount(x)}"), unit)


def _about(x: float, unit: str) -> str:
    """"about 1.5 points" (a size the review estimated), "1 point"."""
    return with_unit(amount(x), unit)


def unsure_big(d: dict, threshold: float | None) -> bool:
    """An unclear verdict whose likely size is past the hand's threshold: said as a
    probable loss of that size, not sure, never "too close to call"."""
    return d["verdict"] == "unclear" and threshold is not None and (d.get("cost") or 0) > threshold


def verdict_words(d: dict, unit: str, threshold: float | None = None) -> str:
    """The decision's label: its verdict, with the size of the loss and how sure
    (`threshold`: the hand's big loss, which an unsure one is measured against)."""
    verdict, cost = d["verdict"], d.get("cost")
    if verdict in ("best", "as good as the best", "not searched"):
        return verdict.capitalize()
    if verdict == "unclear":
        if unsure_big(d, threshold):
            return f"Maybe a big loss: about {loss(cost, unit)}, not sure"
        return f"Too close to call: about {loss(cost, unit)}" if cost else "Too close to call"
    size = "Big loss" if verdict == "big loss" else "Small loss"
    sure = SURENESS[d.get("sureness") or "clear"]
    return f"{size}: {'' if sure == 'sure' else 'about '}{loss(cost, unit)}, {sure}"


def _named(d: dict, which: str) -> str:
    """A choice of the decision inside a sentence ("the 10 of Shields", "“Fold”"):
    `choice_in` / `best_in`, else its name in quotes."""
    return d.get(f"{which}_in") or f"\u201c{d[f'{which}_said']}\u201d"


def decision_words(d: dict, unit: str, threshold: float | None = None) -> str:
    """The decision in one plain sentence: what you chose, what would have been
    better and by about how much, and how sure, in words ("you played the 2 of
    Swords; the Wolf was probably better, by about 1.3 points"; the text puts
    when before it, the page its heading)."""
    named = _named(d, "choice")
    played = d.get("decision") == "play" and not named.startswith("\u201c")     # a card, not a named lead
    head = f"you {'played' if played else 'chose'} {named}"
    verdict, cost, best = d["verdict"], d.get("cost") or 0, _named(d, "best")
    if verdict == "best":
        return f"{head}, the best {'card' if played else 'choice'} by what you could see."
    if verdict == "as good as the best":
        return f"{head}, as good as the best by what you could see."
    if verdict == "not searched":
        return f"{head}; the search did not get to your choice, so there is nothing to compare."
    if verdict in SURE_LOSSES:
        if SURENESS[d.get("sureness") or "clear"] == "sure":
            return f"{head}; {best} was better by {_about(cost, unit)}, and that is sure."
        return f"{head}; {best} was probably better, by about {_about(cost, unit)}."
    if unsure_big(d, threshold):
        return (f"{head}; {best} was probably better, by about {_about(cost, unit)}, "
                f"but that is not sure.")
    return (f"{head}; too close to call against {best}"
            + (f" (about {_about(cost, unit)} apart)." if cost else "."))


def face_up_words(d: dict, unit: str) -> str | None:
    """What every card face up adds, in one sentence, where it found a better
    choice than yours (None where yours was a best one, or no better is sure)."""
    up = d["face_up"]
    cost = up.get("cost") or 0
    if cost <= 0 or up["best"] == d["choice"]:
        return None
    better = _named(up, "best")
    if up["exact"]:
        return f"With every card face up, {better} would have scored {_about(cost, unit)} more: sure."
    low_high = up.get("cost_interval")
    if low_high is not None and low_high[0] > 0:
        return f"With every card face up, {better} would probably have scored about {_about(cost, unit)} more."
    return None


def lesson_line(h: dict) -> str:
    """The hand's one biggest lesson, first of its review: the largest loss by
    what you could see that is sure, probable, or large though not sure."""
    decisions, unit, threshold = h["decisions"], h["unit"], h.get("big_loss")
    losses = [d for d in decisions if (d.get("cost") or 0) > 0 and
              (d["verdict"] in SURE_LOSSES or unsure_big(d, threshold))]
    if not losses:
        if not decisions:
            return "The biggest lesson: none; you had no choice to make."
        return ("The biggest lesson: none by what you could see; each choice was the best, "
                "as good, or too close to call.")
    sure_first = {"sure": 0, "probably": 1}
    worst = max(losses, key=lambda d: (d["cost"], -sure_first.get(SURENESS.get(d.get("sureness") or ""), 2)))
    when = f"{worst['when'][0].lower()}{worst['when'][1:]}"
    return f"The biggest lesson: at {when}, {worst.get('said') or decision_words(worst, unit, threshold)}"


def verdict_how(d: dict, unit: str) -> str | None:
    """How sure the verdict is, in the details' words (None for a best choice)."""
    verdict = d["verdict"]
    if verdict in SURE_LOSSES:
        return {"exact": "Sure: both values exact.",
                "clear": "Sure: the 95% range of the difference is clear of 0, each deal searched exactly.",
                "likely": "Probably: the 95% range of the difference is clear of 0, but each deal was "
                          "played out by the computer's quick play, not searched exactly.",
                }[d.get("sureness") or "clear"]
    if verdict != "unclear":
        return None
    low_high = d.get("cost_interval")
    if low_high is None:
        return f"Not sure: {d.get('unsure_why') or 'too few deals searched to say'}."
    low, high = max(0.0, low_high[0]), max(0.0, low_high[1])
    low_said = "0" if low == 0 else minus(f"-{amount(low)}")
    return (f"Not sure: the loss could be {low_said} to {minus(f'-{amount(high)}')} {unit} "
            f"(the 95% range of the difference reaches 0).")


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


def why_short(d: dict, tell: Narrator, copies: bool) -> str:
    """The line on why, in the player's text: only what they could not see (the
    counts behind it are `why_words`, in the details)."""
    better = f'"{tell.choice(d["better"])}"'
    if not d["better_in"]:
        return f"Only the cards as they really lay made {better} better: by what you could see, it was not."
    if d["card"] is None:
        return f"No single card you could not see made {better} the better choice."
    fact = fact_words(d["place"], d["card"], tell, copies)
    return f"What you could not see: {fact[0].upper()}{fact[1:]}."


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
    parts = [f"your {'choice was' if n == 1 else f'{n} choices were all'} the best or as good"
             if fine == n else f"{fine} of your {n} choices were the best or as good"]
    if sure:
        likely = sum(SURENESS[d.get("sureness") or "clear"] == "probably" for d in sure)
        certain = len(sure) - likely
        kinds = [count(certain, "sure loss", "sure losses")] if certain else []
        if likely:
            kinds.append(count(likely, *(("probable one", "probable ones") if certain else
                                         ("probable loss", "probable losses"))))
        worst = max(sure, key=lambda d: d["cost"])
        parts.append(f"{' and '.join(kinds)}, the largest {loss(worst['cost'], unit)} at "
                     f"{worst['when'][0].lower()}{worst['when'][1:]}")
    if unclear:
        parts.append(f"{len(unclear)} not sure either way")
    known = "; ".join(parts)
    exact = [d for d in decisions if d["face_up"]["exact"]]
    better = [d for d in exact if d["face_up"]["cost"] > 0]
    if not exact:
        seen = ""
    elif not better:
        seen = (f" With every card face up, {'your choice was' if len(exact) == 1 else 'yours was'} a best "
                f"one at {'the one decision' if len(exact) == 1 else f'all {len(exact)} decisions'} "
                f"short enough to work out for sure.")
    else:
        most = max(better, key=lambda d: d["face_up"]["cost"])
        seen = (f" With every card face up, another choice was better at {len(better)} of the "
                f"{count(len(exact), 'decision')} short enough to work out for sure "
                f"(by up to {with_unit(amount(most['face_up']['cost']), unit)}).")
    return f"{head}: {known}.{seen}"
