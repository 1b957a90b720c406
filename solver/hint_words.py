"""A hint in the player's words: from a hint's numbers (pycore.answer.Hint, made
by solver/hints.py) and the game's narrator (pycore/words.py, in the chosen
theme), every sentence the page shows of it. Nothing here searches.

A hint says, for each choice, one short line ("wins this trick 62% of the time
(± 13%); about 3.2 points this hand (± 0.4)"), the best first and the others
compared to it over the same deals: "about as good" when the 95% interval of
the difference reaches 0, "worth as much as the best" when their points are
surely equal (said of the points, over the deals both were tried on: their other
numbers may differ). With one possible deal the player "can see every card or
tell where it is". Where part of the hand is settled whatever is chosen (the
adapter's `settled`: Voren's ante at play or fold), the best's value is said
from here, so a fold reads as what it changes, not as the ante. The words are a
casual player's: no "playouts" or "95% confidence" (how sure is said as a
choice standing out clearly, or not yet), no search's own names for its steps.
Values are labelled exact when every consistent deal was searched exactly. Where hard
plays by the tree (Lunar's card play, and Raven's with two to four players),
so does the hint (search._tree): its values then come from each card's own
iterations, compared by Welch's interval, and it says so. The summary
("Consider the 10 of Shields: ...") is the first step; the table the second
(solver/opponents.py words the other hands). Every text comes from the game's
words, never a record token. Here `r` is the hint's numbers and each `entry`
one choice's (pycore.answer.ActionValue).
"""
from __future__ import annotations

from dataclasses import replace

from pycore.answer import ActionValue, ChoiceWords, Hint, HintWords, Opponents
from pycore.words import Narrator, count, decimals, join, minus

from .view import adapter_for


def told(r: Hint, tell: Narrator, opponents: Opponents, earlier: str | None = None) -> Hint:
    """The hint `r` with its words: each choice's line, the summary, how sure,
    a close call, the offer to search more, the facts every choice shares, and
    the other hands (`opponents`, solver/opponents.py); `earlier`: the
    suggestion of the hint before, when this one searched longer at its offer
    (what became of it: `change`)."""
    choices = explain(r, tell)
    ties = any(a.group == "as good" for a in r.actions[1:])
    close = close_call(r.actions, r, tell)
    return r.told(HintWords(worlds_text=deals_text(r.worlds), summary=summary(r.actions, r, tell),
                            certainty=certainty(r, r.seconds, ties), close_call=close,
                            sure="" if close else sureness(r, tell),
                            more_label=more_label(r), shared=tuple(shared_facts(r.actions, r, tell)),
                            choices=choices, opponents=opponents,
                            change=None if earlier is None else change(r, earlier, tell)))


def _outcomes(r: Hint) -> dict:
    """The game's outcomes a hint counts besides points, in its words (Voren:
    {"looed": "is looed", ...}: the adapter's outcome_words)."""
    return adapter_for(r.game).outcome_words


def _settled(r: Hint, tell: Narrator) -> tuple[float, str] | None:
    """The hand's points the seat to act has settled already and their words
    (adapter.settled: Voren's chips in the pot), None where nothing is."""
    return adapter_for(r.game).settled(tell.obs, tell.me) if tell.obs else None


def _rare(r: Hint) -> tuple:
    """Of those, the ones said only where they happened (adapter.rare_outcomes)."""
    return adapter_for(r.game).rare_outcomes


# --- numbers in words ---------------------------------------------------------------------------
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def deals_text(n: int) -> str:
    """A count of possible deals a person can read: '1,680', 'about 2.4 million'
    (two figures: 'about 480 billion', not 'about 481.0 billion'), 'about 5 × 10²⁶'.

    >>> deals_text(1680), deals_text(2_380_000), deals_text(518_289_666_856_764_826_383_360_000)
    ('1,680', 'about 2.4 million', 'about 5\xa0×\xa010²⁶')
    >>> deals_text(481_049_000_000), deals_text(93_120_000_000), deals_text(999_700_000)
    ('about 480 billion', 'about 93 billion', 'about 1 billion')
    """
    if n < 1_000_000:
        return f"{n:,}"
    figures = len(str(n)) - 2
    rounded = round(n / 10 ** figures) * 10 ** figures
    for unit, name in ((10 ** 9, "million"), (10 ** 12, "billion")):
        if rounded < unit:
            return f"about {rounded / (unit // 1000):g} {name}"
    exponent = len(str(n)) - 1
    mantissa = round(n / 10 ** exponent)
    if mantissa == 10:
        mantissa, exponent = 1, exponent + 1
    # no-break spaces: "8 × 10¹³" is one number, never split across lines at 390 px
    return f"about {mantissa}\u00a0×\u00a010{str(exponent).translate(_SUPERSCRIPT)}"


def _num(x: float, digits: int = 1) -> str:
    text = f"{x:.{digits}f}"
    return "0" if float(text) == 0 else minus(text)     # "−1.2 chips", not "-1.2"


def _plural(unit: str, x: float = 2) -> str:
    return unit if abs(x) == 1 else unit + "s"


def _whole(x: float, unit: str) -> str:
    """An amount of the game's unit, a whole number without decimals (one line
    of play scores whole points): "1 point", "3 points", "2.5 points"."""
    text = _num(x, 0) if float(x).is_integer() else _num(x)
    return f"{text} {_plural(unit, round(x, 1))}"


def _nonzero(x: float, digits: int = 1) -> str:
    """A non-zero amount with as many digits as it takes not to read "0"."""
    return _num(x, decimals(x, digits))


def _pm(width: float | None, digits: int = 1) -> str:
    """The interval's half width, never a bare "± 0" (a width that rounds to 0
    gets another digit; one that is 0 is said by the caller in words)."""
    if width is None:
        return ""
    return f" (±\u00a0{_nonzero(width, digits)})"     # kept together on a narrow screen


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def _share_pct(p: float) -> str:
    """A share as a percentage, never "0%" or "100%" of a share that is neither: "under 1%"."""
    return "under 1%" if 0 < p < 0.005 else "over 99%" if 0.995 <= p < 1 else _pct(p)


def _rate(p: float, interval: list | None, exact: bool) -> str:
    """"in 62% of the possible deals" (exact), or "62% of the time (48–75%)"
    with its 95% interval ("62% of the time" without one)."""
    if exact:
        return f"in {_share_pct(p)} of the possible deals"
    if interval is None:
        return f"{_share_pct(p)} of the time"
    low, high = (_pct(x) for x in interval)
    return f"{_pct(p)} of the time ({low[:-1]}–{high})" if low != high else f"{_pct(p)} of the time"


def _facts(entry: ActionValue, r: Hint, trick_words: str, skip=(), plain: bool = False) -> list[str]:
    """What a choice does besides its points: takes the trick, makes the bid, the
    game's own outcomes (Voren: takes a trick, is looed); `skip`: facts every
    choice shares (shared_facts says them once); `plain`: rates without their
    ranges (the hint's first step; the table of choices has them)."""
    exact = entry.exact
    facts = [(key, words) for key, words in _fact_words(entry, r, trick_words)
             if key not in skip and not _never(entry, r, key)]
    if _looked(r) or _one_deal(entry, r):      # one line of play: it does or it does not
        return [words for key, words in facts if entry.share(key) == 1]
    if r.tree and r.worlds == 1:    # the one deal played again and again: how often, no sample
        return [f"{words} {_share(entry.share(key))}" if entry.share(key) > 0 else f"{NO_TRICK} {_share(0)}"
                for key, words in facts if entry.share(key) > 0 or key == "takes_trick"]
    out = []
    for key, words in facts:
        rate = _rate(entry.share(key), None if plain else entry.rate(key).interval, exact)
        if entry.share(key) not in (0, 1) or "(" in rate:
            out.append(f"{words} {rate}")
        elif entry.share(key) == 1:      # every possible deal, or so many that its interval reads "100%" too
            out.append(_every_time(entry, r, words))
        elif key == "takes_trick":
            out.append(_no_time(entry, r, NO_TRICK))
        else:
            out.append(f"{words} {'in no possible deal' if exact else 'in none of the times the deal was played out' if r.worlds == 1 else 'on no deal searched'}")
    return out


def _fact_words(entry: ActionValue, r: Hint, trick_words: str) -> list[tuple[str, str]]:
    """(key, words) of each fact `entry` has, in the order a hint says them."""
    return [(key, words) for key, words in
            [("takes_trick", trick_words), ("exact_bid", "makes its bid exactly")] + list(_outcomes(r).items())
            if entry.has(key)]


def _never(entry: ActionValue, r: Hint, key: str) -> bool:
    """A game outcome the choice never had where its value came out the same on
    every deal searched (Voren's fold: no trick, never looed): it cannot happen,
    so "0% of the time (0–32%)" would only blur the line; nor a rare one it never
    had (Voren's pot without play, out of reach once a rival plays)."""
    if key not in _outcomes(r) or entry.share(key) != 0:
        return False
    interval = entry.interval
    return key in _rare(r) or (interval is not None and interval[0] == interval[1])


SHARED_WORDS = {"exact_bid": "makes your bid exactly"}     # a fact said of every choice at once
NO_TRICK = "does not win this trick"     # a card that took the trick on no deal searched


def _alike(entries: tuple[ActionValue, ...], r: Hint, trick_words: str) -> dict[str, float]:
    """The facts every searched choice shares, never or always (no card makes
    the bid exactly, every card takes the trick): {key: 0 or 1}. Said on every
    line they tell no choice from another."""
    searched = [e for e in entries if e.group != "unsearched"]
    if len(searched) < 2:
        return {}
    alike = {}
    for key, _ in _fact_words(searched[0], r, trick_words):
        values = {e.share(key) for e in searched}
        if len(values) == 1 and values <= {0, 1} and not (key in _rare(r) and values == {0}):
            alike[key] = values.pop()
    return alike


def shared_facts(entries: tuple[ActionValue, ...], r: Hint, tell: Narrator) -> list[str]:
    """The facts every choice shares, each said once for the table of choices
    ("No choice makes your bid exactly on any deal searched."), where the
    choices' own lines leave them out."""
    trick_words = tell.game.words.trick_taker_words
    words = dict(_fact_words(entries[0], r, trick_words))
    exact = all(e.exact for e in entries if e.group != "unsearched")
    out = []
    for key, value in _alike(entries, r, trick_words).items():
        what = SHARED_WORDS.get(key, words[key])
        if _looked(r) or (exact and r.worlds == 1):
            where = ""
        elif exact:
            where = " in every possible deal" if value else " in any possible deal"
        elif r.worlds == 1:
            where = " each time the deal was played out" if value else " any time the deal was played out"
        else:
            where = " on every deal searched" if value else " on any deal searched"
        out.append(f"{'Every choice' if value else 'No choice'} {what}{where}.")
    return out


EVERY_TIME_PLAYED = "each time the deal was played out"     # the one possible deal, searched again and again
NO_TIME_PLAYED = "any time the deal was played out"


def _one_deal(entry: ActionValue, r: Hint) -> bool:
    """The choice was searched exactly in the only possible deal: what it does
    is a fact, not a share of deals ("wins this trick", not "in 100% of the
    possible deals")."""
    return entry.exact and r.worlds == 1


def _every_time(entry: ActionValue, r: Hint, words: str) -> str:
    """The reason for a card that did the same on every deal searched: a sure
    take ("wins this trick in every possible deal"); a duck is `_no_time`."""
    if _looked(r) or _one_deal(entry, r):      # one line of play: it does or it does not
        return words
    return f"{words} {'in every possible deal' if entry.exact else _everywhere(r)}"


def _no_time(entry: ActionValue, r: Hint, words: str) -> str:
    """A card that took the trick on no deal searched, in words that cannot
    read as "not on every deal" (`words`: "does not win this trick"): "does not
    win this trick on any deal searched", "in any possible deal"."""
    if _looked(r) or _one_deal(entry, r):      # one line of play: it does or it does not
        return words
    where = ("in any possible deal" if entry.exact else NO_TIME_PLAYED if r.worlds == 1
             else "on any deal searched")
    return f"{words} {where}"


def _share(p: float) -> str:
    """How often something happened in the tree's replays of the one possible
    deal: "each time the deal was played out", "any time the deal was played
    out" (never), "in 46% of the times it was played out" (never "0%" or
    "100%" for what happened in some but not all)."""
    if p == 1:
        return EVERY_TIME_PLAYED
    if p == 0:
        return NO_TIME_PLAYED
    return f"in {min(max(round(100 * p), 1), 99)}% of the times it was played out"


def _looked(r: Hint) -> str:
    """", looking 3 moves ahead": the values are the look-ahead's estimates in
    the one possible deal (search._look_ahead); "" otherwise."""
    if not r.look_ahead or r.exact:
        return ""
    return f", looking {count(r.look_ahead, 'move')} ahead"


def _everywhere(r: Hint) -> str:
    """Where a value came out the same: over the deals searched, or, with one
    possible deal played out again and again (where the search does not look
    ahead in it, search._look_ahead), over its replays."""
    return EVERY_TIME_PLAYED if r.worlds == 1 else "on every deal searched"


def _value_words(entry: ActionValue, unit: str, best: ActionValue | None, r: Hint, hand_word: str = "hand",
                 settled: tuple[float, str] | None = None, plain: bool = False) -> str:
    """The choice's points: the best's own value, the others' compared to it
    (`hand_word`: the game's name for a deal played out, "this round";
    `settled`: the hand's points no choice changes any more and their words,
    the adapter's `settled`: the best's value is then said from here;
    `plain`: the best's value without its range, for the hint's first step)."""
    looked = _looked(r)
    if best is None:
        # where part of the hand's points is settled (Voren's chips in the pot), the value from here
        done = settled[0] if settled else 0.0
        ev, this = entry.ev - done, "from here" if settled else f"this {hand_word}"
        if looked:
            return f"about {_whole(ev, unit)} {this}{looked}"
        if _one_deal(entry, r):
            return f"{_whole(ev, unit)} {this} (exact)"
        if entry.exact:
            return f"{_num(ev, 2)} {_plural(unit)} {this} on average over every possible deal (exact)"
        low_high = entry.interval
        width = None if low_high is None else (low_high[1] - low_high[0]) / 2
        if width == 0:          # the same on every deal searched: no spread to show, not "± 0"
            return f"{_num(ev)} {_plural(unit)} {this} {_everywhere(r)}"
        return f"about {_num(ev)} {_plural(unit)} {this}{'' if plain else _pm(width)}"
    group, diff = entry.group, entry.diff if entry.diff is not None else 0.0
    top = "the suggestion" if r.spent_least else "the best"     # what the others are told against
    if looked:
        if group == "as good":
            return f"worth as much as {top}{looked}"
        return f"{_whole(diff, unit)} less than {top}{looked}"
    if group == "unsearched":
        return "not searched"
    if _few(entry, r):
        return _too_few(entry, r, top)
    if group == "as good":
        return _as_much(entry, best, r, top)
    interval = entry.diff_interval
    width = None if interval is None else (interval[1] - interval[0]) / 2
    less = (f"{_whole(diff, unit)} less than {top}" if _one_deal(entry, r) else
            f"{_nonzero(diff, 2 if entry.exact else 1)} {_plural(unit, diff)} less than {top}")
    if entry.exact:
        return f"{less} (exact)"
    if group == "close":
        if _num(diff) == "0":
            return f"about as good as {top}{_pm(width)}"
        if diff < 0:        # the suggestion is not the top mean: it spends least on a partner's
            #                 sure trick, or it was tried more (the tree's most tried choice; the
            #                 race's best is one searched on the most deals, and this one was let
            #                 go on fewer, where its average came out higher): not "the best"
            fewer = "" if r.spent_least else ", but played out fewer times" if r.worlds == 1 else \
                ", but tried on fewer deals"
            return (f"{_num(-diff)} {_plural(unit, -diff)} more than the suggestion on average"
                    f"{_pm(width)}{fewer}: too close to tell apart")
        return f"about as good: {less}{_pm(width)}"
    if width == 0:              # the same difference on every deal searched: not "± 0"
        return f"{less} {_everywhere(r)}"
    return f"{less}{_pm(width)}"


def _as_much(entry: ActionValue, best: ActionValue, r: Hint, top: str) -> str:
    """A choice the search found worth as much as the best: said of its points
    (its other numbers, a trick taken "81%" beside the best's "86%", may differ:
    "as good as the best" beside them read as a contradiction), and over the
    deals both were tried on, which is what the comparison is over."""
    if entry.exact:
        return f"worth as much as {top} (exact)"
    both = min(entry.n, best.n)
    if r.worlds == 1 or both >= max(entry.n, best.n):
        return f"worth as much as {top} {_everywhere(r)}"
    return f"worth as much as {top} on each of the {both:,} deals both were tried on"


HANDFUL = 8     # a choice compared with the best on fewer deals than this gets no number
DROPPED = "dropped after a first quick look"     # a choice the screening left behind


def _few(entry: ActionValue, r: Hint) -> bool:
    """Dropped by the screening, or searched on a handful of deals (not exactly,
    not the one deal looked ahead in)."""
    return not entry.exact and not _looked(r) and entry.group != "unsearched" and (
        entry.group == "screened" or entry.n < HANDFUL)


def _too_few(entry: ActionValue, r: Hint, top: str) -> str:
    """A choice tried on a handful of deals, or dropped by the screening
    (a first look at many choices, a deal or few each): no difference is said
    as a number, only that it was too few to compare ("5.0 points less than the
    best on the 1 deal it was tried on" read as a verdict, and "Think longer"
    could then suggest that very choice)."""
    tried = (f"played out only {count(entry.n, 'time')}" if r.tree or r.worlds == 1
             else f"tried on only {count(entry.n, 'deal')}")
    aside = f"{DROPPED}: " if entry.group == "screened" else ""
    return f"{aside}{tried}, too few to compare with {top}"


def explain(r: Hint, tell: Narrator) -> tuple[ChoiceWords, ...]:
    """Each action's name and one short line in the player's words."""
    game = tell.game
    unit = game.words.unit
    trick_words = game.words.trick_taker_words
    entries = r.actions
    best = entries[0]
    alike = _alike(entries, r, trick_words)
    out = []
    for entry in entries:
        name = tell.choice(entry.action)
        if entry.group == "unsearched":
            out.append(ChoiceWords(name, "not searched"))
            continue
        bits = _facts(entry, r, trick_words, skip=alike)
        bits.append(_value_words(entry, unit, None if entry is best else best, r, game.words.hand_word,
                                 _settled(r, tell)))
        out.append(ChoiceWords(name, "; ".join(bits)))
    return tuple(out)


# --- the hint as a whole ---------------------------------------------------------------------
def _quoted(entry: ActionValue, decision: str, tell: Narrator) -> str:
    return choice_in_sentence(entry.action, decision, tell)


def choice_in_sentence(token: str, decision: str, tell: Narrator) -> str:
    """A choice inside a sentence: "the 10 of Shields" for a card ("the 4 from
    the Sky" for a card played from a place, "the Rats 5 (Ravens 4, Foxes 1,
    Toads 2)" for a Tricksters card in play, as the table of choices names them),
    else its name in quotes ("“Deal with a poke”")."""
    name = tell.choice(token)
    if decision == "play" and " " not in token:
        return f"the {name}" if ":" in token or name != tell.card(token) else tell.the(token)
    return f"“{name}”"


NAMED_UP_TO = 32     # a choice named at more length (a bid and the cards it sets aside) is counted


def _others(entries: tuple[ActionValue, ...], decision: str, tell: Narrator) -> tuple[str, bool]:
    """Choices inside a sentence, and whether they were counted: named (four at
    most, or three and "n more") when they are cards or short, else counted ("93
    other choices"): a list of long names, each a bid and the cards it sets
    aside, is more than a player reads at a glance (the table names them all)."""
    names = [_quoted(e, decision, tell) for e in entries]
    if decision != "play" and any(len(name) > NAMED_UP_TO for name in names):
        return count(len(names), "other choice"), True
    return join(names if len(names) <= 4 else names[:3] + [f"{len(names) - 3} more"]), False


def _reason(entry: ActionValue, r: Hint, words) -> str | None:
    """The one fact the summary gives for its suggestion besides its points: what
    it does to the trick, else the game's first outcome. One that happened on
    every deal searched, or a card that took the trick on none, is said as what it
    does ("does not win this trick on any deal searched", "wins this trick on
    every deal searched"), not as "0%" or "100% of the time"; the game's
    outcomes that never happened are no reason (Voren's fold takes no trick)."""
    outcomes = _outcomes(r)
    seen = replace(entry, rates=tuple(rate for rate in entry.rates if rate.key not in outcomes or rate.share))
    said = _fact_words(seen, r, words.trick_taker_words)
    if not said:
        return None
    key, fact = said[0]
    if key == "takes_trick" and seen.share(key) == 0:
        return _no_time(entry, r, NO_TRICK)
    if key != "exact_bid" and seen.share(key) == 1:
        return _every_time(entry, r, fact)
    facts = _facts(seen, r, words.trick_taker_words, plain=True)
    return facts[0] if facts else None


def summary(entries: tuple[ActionValue, ...], r: Hint, tell: Narrator) -> str:
    """The first step of the hint: the choice to consider and its reason, in one line."""
    best = entries[0]
    name = _quoted(best, r.decision, tell)
    if len(entries) == 1:
        return f"Only one choice: {name}."
    words = tell.game.words
    fact = _reason(best, r, words)
    settled = _settled(r, tell)
    value = _value_words(best, words.unit, None, r, words.hand_word, settled, plain=True)
    reason = f"it {fact}, and is worth {value}" if fact else f"it is worth {value}"
    close = [e for e in entries[1:] if e.group in ("as good", "close")]
    text = f"Consider {name}: {reason}."
    exactly = all(e.exact and e.group == "as good" for e in close)   # exact ties
    if close and len(close) == len(entries) - 1 and len(entries) > 2:   # none is worse: say so, not a list of all
        kind = "card" if r.decision == "play" else "choice"
        text += (f" Any {kind} will do: the other {len(close)} are just as good." if exactly else
                 f" The other {len(close)} {kind}s are about as good.")
    elif close:
        others, counted = _others(close, r.decision, tell)
        if counted and len(close) < len(entries) - 1:   # "1,311 of the other 2,379 choices": out of how many
            others = f"{len(close):,} of the other {count(len(entries) - 1, 'choice')}"
        verb = "is" if len(close) == 1 else "are"
        text += f" {others[0].upper() + others[1:]} {verb} {'just' if exactly else 'about'} as good."
    if r.spent_least:
        text += f" Your partner has this trick whatever is played, and {name} spends least of these."
    if settled:
        said = settled[1]
        text += f" {said[0].upper()}{said[1:]} are settled whatever you choose: the values count from here."
    return text


# only one deal fits what the seat has seen (the Sky: every other card is in the one hidden hand)
SEE_EVERY_CARD = "You can see every card or tell where it is"


def certainty(r: Hint, seconds: float | None, ties: bool = False) -> str:
    """How the search ended, and so how sure the hint is ("" with one choice: the
    summary says so). `ties`: other choices came out the same as the best on every
    deal searched, so "clear" means only that nothing beats it. "Stood out
    clearly" is the race's claim at 95% (solver/search.py), said without the
    figure."""
    searched = f"{r.searched_worlds:,} of {deals_text(r.worlds)} possible deals"
    if r.all_worlds:     # every deal, some played out again
        searched = ("the one deal" if r.worlds == 1 else f"all {deals_text(r.worlds)} possible deals")
        searched += f", played out {r.searched_worlds:,} times in all"
    if r.stopped == "one choice":
        return ""
    if _looked(r):
        deeper = {"time": " Looking deeper would not fit in the time.",
                  "effort": " Looking deeper would not fit in the search's budget."}.get(r.stopped, "")
        moves = count(r.look_ahead, "move")
        return (f"{SEE_EVERY_CARD}: the search looked {moves} ahead, each player choosing "
                f"their best move, then played the rest of the hand out ({count(r.playouts, 'time')}): "
                f"the values are estimates.{deeper}")
    if r.tree:
        played = (f"{SEE_EVERY_CARD}: the search played this one deal out again and again" if r.worlds == 1 else
                  f"Played out {r.playouts:,} deals drawn from {deals_text(r.worlds)} possible ones"
                  + (" (so some more than once)" if r.playouts > r.worlds else ""))
        how = f"{played}, looking ahead at everyone's later cards, as the hard computer player does"
        if r.stopped == "settled":     # (what it tried most: a close call's values may still be level)
            return (f"{how}. The suggestion is the choice it tried most, and the rest of its time "
                    f"could not have changed that, so it stopped early.")
        why = "the time ran out" if r.stopped == "time" else "the search's budget was spent"
        return f"{how}; {why}. The suggestion is the choice it tried most."
    if r.exact and r.worlds == 1:
        return f"{SEE_EVERY_CARD}, and every way to play it was searched: the values are exact."
    if r.exact:
        dropped = sum(1 for a in r.actions if 0 < a.n < r.worlds)     # left the race once clearly worse
        but = (f", but for {count(dropped, 'choice')} dropped once clearly worse, whose "
               f"{'value is an estimate' if dropped == 1 else 'values are estimates'}" if dropped else "")
        return f"Every possible deal searched exactly ({deals_text(r.worlds)}): the values are exact{but}."
    if r.all_worlds and not r.exact_endgame:
        searched += " (so the values are estimated, not exact)"
    if r.stopped == "separated" and ties:
        return (f"Searched {searched}; by then it was clear that nothing beats the best choice, so the "
                f"search stopped; the choices as good as it came out the same {_everywhere(r)}.")
    if r.stopped == "separated":
        return f"Searched {searched}; by then the best choice stood out clearly, so the search stopped."
    if r.stopped == "all worlds":
        return f"Every possible deal searched ({deals_text(r.worlds)}), each played out: the values are estimates."
    why = "the time ran out" if r.stopped == "time" else "the search's budget was spent"
    return f"Searched {searched}; {why} before the best choice stood out clearly."


def close_call(entries: tuple[ActionValue, ...], r: Hint, tell: Narrator) -> str | None:
    """"Too close to call between ...": the choices the search could not tell
    apart (counted, not named, where their names are long: see _others)."""
    close = [e for e in entries[1:] if e.group == "close"]
    if not close or r.exact:
        return None
    names, counted = _others([entries[0]] + close, r.decision, tell)
    if counted:          # the summary has counted those about as good
        return "Too close to call: the search cannot tell which of these choices is best."
    return f"Too close to call between {names}: the search cannot tell which is {'better' if len(close) == 1 else 'best'}."


def _margin(r: Hint, tell: Narrator) -> str:
    """", about 1.2 points more than the next best" where the next best choice was
    compared on enough deals to say by how much ("" otherwise)."""
    rest = [e for e in r.actions[1:] if e.group == "worse" and e.diff is not None and not _few(e, r)]
    if not rest:
        return ""
    gap = min(e.diff for e in rest)
    if gap <= 0 or _num(gap) == "0":
        return ""
    unit = tell.game.words.unit
    amount = _whole(gap, unit) if r.exact and float(gap).is_integer() else f"{_num(gap)} {_plural(unit, gap)}"
    # where others are as good as it, the next best is one of them: the gap is to the "Less good"
    than = "the less good choices" if any(e.group in ("as good", "close") for e in r.actions[1:]) else \
        "the next best choice"
    return f"{'' if r.exact else 'about '}{amount} more than {than}"


def sureness(r: Hint, tell: Narrator) -> str:
    """How sure the suggestion is, in a card player's words, and by about how much
    it beats the next best: "Sure: ...", "Probably the best: ...", "Probably the
    best, but not sure: ..." ("" with one choice; a close call says "Too close to
    call" in its own line). How it was worked out (deals, play-outs, what was
    left out) is the certainty's, behind the panel's "How do we know?"."""
    if r.stopped == "one choice":
        return ""
    if r.exact:
        head, why = "Sure", ("you can see every card, and every way to play it was checked" if r.worlds == 1
                             else "every possible deal was checked to the end of the hand")
    elif _looked(r):
        head, why = "Probably the best", "you can see every card, but the hand is too long to check to its end"
    elif r.stopped == "separated" and any(e.group == "as good" for e in r.actions[1:]):
        head, why = "Probably the best", "nothing came out better on the deals looked at"
    elif r.stopped in LIKELY:
        head, why = "Probably the best", LIKELY[r.stopped]
    else:
        head = "Probably the best, but not sure"
        why = f"{'the time ran out' if r.stopped == 'time' else 'the search reached its limit'} before it stood out clearly"
    margin = _margin(r, tell)
    return f"{head}: {margin}; {why}." if margin else f"{head}: {why}."


# why a suggestion the search did not check on every deal exactly is still probably the best
LIKELY = {"separated": "it stood out clearly on the deals looked at",
          "settled": "more thinking would not have changed the suggestion",
          "all worlds": "every possible deal was played out, though not checked to the end"}



# --- a longer search against the hint before it ---------------------------------------------------
def change(r: Hint, earlier: str, tell: Narrator) -> str:
    """What a longer search ("Think longer", every deal) says of the suggestion
    of the hint before it (`earlier`, a token): kept, or changed from what to
    what, how sure the new advice is, and how the earlier choice now compares
    (a number only where it was compared on enough deals, or is exact)."""
    entries = r.actions
    best = entries[0]
    now = _quoted(best, r.decision, tell)
    sure = _how_sure(r)
    if best.action == earlier:
        return f"The longer search kept the suggestion, {now}: {sure}."
    before = next((e for e in entries if e.action == earlier), None)
    if before is None:      # (not a choice here: the page asks only of its own last hint)
        return f"The longer search suggests {now}: {sure}."
    then = _quoted(before, r.decision, tell)
    it = then if r.decision == "play" or len(then) <= NAMED_UP_TO else "the earlier suggestion"
    unit = tell.game.words.unit
    if before.exact or (before.group == "worse" and not _few(before, r)):     # (its range: in the table)
        compared = (f"now comes out {'' if before.exact else 'about '}{_nonzero(before.diff, 2 if before.exact else 1)} "
                    f"{_plural(unit, before.diff)} less{' (exact)' if before.exact else ''}")
    elif before.group in ("close", "as good"):
        compared = "is about as good"
    else:
        compared = "was tried on too few deals this time to compare"
    return (f"The longer search changed the suggestion from {then} to {now}: {sure}. "
            f"{it[0].upper()}{it[1:]} {compared}.")


def _how_sure(r: Hint) -> str:
    if r.exact:
        return "the values are exact, every possible deal searched"
    if r.tree and r.stopped == "settled":
        return "it is the choice the search tried most, and more time could not have changed that"
    if r.stopped == "separated":
        return "it stands out clearly from the other choices"
    if any(e.group in ("close", "as good") and not _few(e, r) for e in r.actions[1:]):
        return "it is still a close call"
    return "the time ran out before one choice stood out clearly"


def more_label(r: Hint) -> str | None:
    """The offer to search more, in words (solver/hints.py's `_more` makes it):
    every deal, or a longer search."""
    if r.more is None:
        return None
    return f"Search all {deals_text(r.worlds)} deals" if r.more.get("all_worlds") else "Think longer"
