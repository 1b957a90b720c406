"""Hints: every legal action ranked, in the player's words, each number with how
sure it is, and what the seat can infer about each opponent.

A hint says, for each choice, one short line ("wins this trick 62% of the time
(± 13%); about 3.2 points this hand (± 0.4)"), the best first and the others
compared to it over the same deals: "about as good" when the 95% interval of
the difference reaches 0, "as good" when they are surely equal. Values are
labelled exact when every consistent deal was searched exactly. Where hard
plays by the tree (Lunar's card play, and Raven's with two to four players),
so does the hint (search._tree): its values then come from each card's own
iterations, compared by Welch's interval, and it says so. The summary
("Consider the 10 of Shields: ...") is the first step; the table the second;
`opponents` is what the seat knows of each hidden hand, as a table and in
sentences. Every text comes from the game's words (pycore/words.py, in the
chosen theme), never a record token.
"""
from __future__ import annotations

from collections import Counter as Multiset

from pycore.words import Narrator, count, decimals, join, minus

from . import partners, work
from .search import DEFAULT_EFFORT, Ranking, against_best, alike, rank_steps
from .stats import half_width, rate_interval
from .view import SeatView, view_of

DEFAULT_SECONDS = 1.0        # a hint's time natively (the page asks for its own)
THINK_LONGER = 4             # "think longer" offers this many times the time


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


# --- the numbers of each choice ---------------------------------------------------------------
def _entries(r: Ranking, tell: Narrator, unit: str) -> list[dict]:
    """Each action with its numbers: ev and its 95% interval, the difference from
    the best and its interval (common worlds), the group it falls in."""
    population = r.population()
    out = []
    for i, s in enumerate(r.stats):
        entry = {"action": s.token, "name": tell.choice(s.token), "n": s.n, "searched": bool(s.n),
                 "ev": round(s.ev, 3) if s.ev is not None else None, "exact": False}
        if not s.n:
            entry.update(group="unsearched", interval=None)
            out.append(entry)
            continue
        exact = r.exact_search and not r.sampled_with_replacement and s.n >= r.worlds
        entry["exact"] = exact
        width = 0.0 if exact else half_width(s.values, population)
        entry["interval"] = None if width is None else [round(s.ev - width, 3), round(s.ev + width, 3)]
        compared = against_best(r, s)
        entry["group"] = compared.group
        if i > 0:
            diff, dw = compared.diff, compared.width
            entry["diff"] = round(diff, 3)
            entry["diff_interval"] = None if dw is None else [round(diff - dw, 3), round(diff + dw, 3)]
        rates = {}
        if r.decision == "play":
            rates["takes_trick"] = s.took_trick
        if r.bids and r.decision in ("bid", "play"):
            rates["exact_bid"] = s.exact_bid
        for key in r.words:
            rates[key] = s.outcomes.get(key, 0)
        for key, hits in rates.items():
            entry[key] = round(hits / s.n, 4)
            entry[f"{key}_interval"] = (None if exact or _looked(r) else
                                        rate_interval(hits, s.n, population))
        out.append(entry)
    return out


def _rate(p: float, interval: list | None, exact: bool) -> str:
    """"in 62% of the possible deals" (exact), or "62% of the time (48–75%)"
    with its 95% interval."""
    if exact:               # never "0%" or "100%" of a share that is neither: "under 1%"
        share = "under 1%" if 0 < p < 0.005 else "over 99%" if 0.995 <= p < 1 else _pct(p)
        return f"in {share} of the possible deals"
    if interval is None:
        return f"{_pct(p)} of the time"
    low, high = (_pct(x) for x in interval)
    return f"{_pct(p)} of the time ({low[:-1]}–{high})" if low != high else f"{_pct(p)} of the time"


def _facts(entry: dict, r: Ranking, trick_words: str, skip=()) -> list[str]:
    """What a choice does besides its points: takes the trick, makes the bid, the
    game's own outcomes (Voren: takes a trick, is looed); `skip`: facts every
    choice shares (shared_facts says them once)."""
    exact = entry["exact"]
    facts = [(key, words) for key, words in _fact_words(entry, r, trick_words)
             if key not in skip and not _never(entry, r, key)]
    if _looked(r) or _one_deal(entry, r):      # one line of play: it does or it does not
        return [words for key, words in facts if entry[key] == 1]
    if r.tree and r.worlds == 1:    # the one deal played again and again: how often, no sample
        return [f"{words} {_share(entry[key])}" if entry[key] > 0 else f"lets this trick go {_share(1)}"
                for key, words in facts if entry[key] > 0 or key == "takes_trick"]
    out = []
    for key, words in facts:
        rate = _rate(entry[key], entry.get(f"{key}_interval"), exact)
        if entry[key] not in (0, 1) or "(" in rate:
            out.append(f"{words} {rate}")
        elif entry[key] == 1:      # every possible deal, or so many that its interval reads "100%" too
            out.append(_every_time(entry, r, words))
        elif key == "takes_trick":
            out.append(_every_time(entry, r, "lets this trick go"))
        else:
            out.append(f"{words} {'in no possible deal' if exact else 'in none of the times the deal was played out' if r.worlds == 1 else 'on no deal searched'}")
    return out


def _fact_words(entry: dict, r: Ranking, trick_words: str) -> list[tuple[str, str]]:
    """(key, words) of each fact `entry` has, in the order a hint says them."""
    return [(key, words) for key, words in
            [("takes_trick", trick_words), ("exact_bid", "makes its bid exactly")] + list(r.words.items())
            if key in entry]


def _never(entry: dict, r: Ranking, key: str) -> bool:
    """A game outcome the choice never had where its value came out the same on
    every deal searched (Voren's fold: no trick, never looed): it cannot happen,
    so "0% of the time (0–32%)" would only blur the line; nor a rare one it never
    had (Voren's pot without play, out of reach once a rival plays)."""
    if key not in r.words or entry[key] != 0:
        return False
    interval = entry.get("interval")
    return key in r.rare or (interval is not None and interval[0] == interval[1])


SHARED_WORDS = {"exact_bid": "makes your bid exactly"}     # a fact said of every choice at once


def _alike(entries: list[dict], r: Ranking, trick_words: str) -> dict[str, float]:
    """The facts every searched choice shares, never or always (no card makes
    the bid exactly, every card takes the trick): {key: 0 or 1}. Said on every
    line they tell no choice from another."""
    searched = [e for e in entries if e["group"] != "unsearched"]
    if len(searched) < 2:
        return {}
    alike = {}
    for key, _ in _fact_words(searched[0], r, trick_words):
        values = {e.get(key) for e in searched}
        if len(values) == 1 and values <= {0, 1} and not (key in r.rare and values == {0}):
            alike[key] = values.pop()
    return alike


def shared_facts(entries: list[dict], r: Ranking, tell: Narrator) -> list[str]:
    """The facts every choice shares, each said once for the table of choices
    ("No choice makes your bid exactly on any deal searched."), where the
    choices' own lines leave them out."""
    trick_words = tell.game.words.trick_taker_words
    words = dict(_fact_words(entries[0], r, trick_words))
    exact = all(e["exact"] for e in entries if e["group"] != "unsearched")
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


EVERY_PLAYOUT = "each time the deal was played out"     # the one possible deal, searched again and again


def _one_deal(entry: dict, r: Ranking) -> bool:
    """The choice was searched exactly in the only possible deal: what it does
    is a fact, not a share of deals ("wins this trick", not "in 100% of the
    possible deals")."""
    return entry["exact"] and r.worlds == 1


def _every_time(entry: dict, r: Ranking, words: str) -> str:
    """The reason for a card that did the same on every deal searched: a duck
    ("lets this trick go on every deal searched") or a sure take ("wins this
    trick in every possible deal")."""
    if _looked(r) or _one_deal(entry, r):      # one line of play: it does or it does not
        return words
    return f"{words} {'in every possible deal' if entry['exact'] else _everywhere(r)}"


def _share(p: float) -> str:
    """How often something happened in a tree's playouts of the one possible
    deal: "each time the deal was played out", "in 46% of the times it was
    played out" (never "0%" or "100%" for what happened in some but not all)."""
    if p == 1:
        return EVERY_PLAYOUT
    return f"in {min(max(round(100 * p), 1), 99)}% of the times it was played out"


def _looked(r: Ranking) -> str:
    """", looking 3 moves ahead": the values are the look-ahead's estimates in
    the one possible deal (search._look_ahead); "" otherwise."""
    if not r.look_ahead or r.exact:
        return ""
    return f", looking {count(r.look_ahead, 'move')} ahead"


def _everywhere(r: Ranking) -> str:
    """Where a value came out the same: over the deals searched, or, with one
    possible deal played out again and again (where the search does not look
    ahead in it, search._look_ahead), over its playouts."""
    return EVERY_PLAYOUT if r.worlds == 1 else "on every deal searched"


def _value_words(entry: dict, unit: str, best: dict | None, r: Ranking, hand_word: str = "hand") -> str:
    """The choice's points: the best's own value, the others' compared to it
    (`hand_word`: the game's name for a deal played out, "this round")."""
    looked = _looked(r)
    if best is None:
        if looked:
            return f"about {_whole(entry['ev'], unit)} this {hand_word}{looked}"
        if _one_deal(entry, r):
            return f"{_whole(entry['ev'], unit)} this {hand_word} (exact)"
        if entry["exact"]:
            return f"{_num(entry['ev'], 2)} {_plural(unit)} this {hand_word} on average over every possible deal (exact)"
        low_high = entry.get("interval")
        width = None if low_high is None else (low_high[1] - low_high[0]) / 2
        if width == 0:          # the same on every deal searched: no spread to show, not "± 0"
            return f"{_num(entry['ev'])} {_plural(unit)} this {hand_word} {_everywhere(r)}"
        return f"about {_num(entry['ev'])} {_plural(unit)} this {hand_word}{_pm(width)}"
    group, diff = entry["group"], entry.get("diff", 0.0)
    top = "the suggestion" if r.spent_least else "the best"     # what the others are told against
    if looked:
        if group == "as good":
            return f"as good as {top}{looked}"
        return f"{_whole(diff, unit)} less than {top}{looked}"
    if group == "unsearched":
        return "not searched"
    if _few(entry, r):
        return _too_few(entry, r, top)
    if group == "as good":
        return f"as good as {top}" + (" (exact)" if entry["exact"] else f" {_everywhere(r)}")
    interval = entry.get("diff_interval")
    width = None if interval is None else (interval[1] - interval[0]) / 2
    less = (f"{_whole(diff, unit)} less than {top}" if _one_deal(entry, r) else
            f"{_nonzero(diff, 2 if entry['exact'] else 1)} {_plural(unit, diff)} less than {top}")
    if entry["exact"]:
        return f"{less} (exact)"
    if group == "close":
        if _num(diff) == "0":
            return f"about as good as {top}{_pm(width)}"
        if diff < 0:        # the suggestion is not the top mean: it spends least on a partner's
            #                 sure trick, or it is the tree's most tried choice (this one had fewer)
            fewer = "" if r.spent_least else ", played out fewer times" if r.worlds == 1 else ", on fewer deals"
            return (f"about as good: {_num(-diff)} {_plural(unit, -diff)} more than {top} "
                    f"on average{fewer}{_pm(width)}")
        return f"about as good: {less}{_pm(width)}"
    if width == 0:              # the same difference on every deal searched: not "± 0"
        return f"{less} {_everywhere(r)}"
    return f"{less}{_pm(width)}"


HANDFUL = 8     # a choice compared with the best on fewer deals than this gets no number


def _few(entry: dict, r: Ranking) -> bool:
    """Set aside early, or searched on a handful of deals (not exactly, not the
    one deal looked ahead in)."""
    return not entry["exact"] and not _looked(r) and entry["group"] != "unsearched" and (
        entry["group"] == "screened" or entry["n"] < HANDFUL)


def _too_few(entry: dict, r: Ranking, top: str) -> str:
    """A choice tried on a handful of deals, or set aside early by the screening
    (a first look at many choices, a deal or few each): no difference is said
    as a number, only that it was too few to compare ("5.0 points less than the
    best on the 1 deal it was tried on" read as a verdict, and "Think longer"
    could then suggest that very choice)."""
    n = entry["n"]
    tried = (f"played out only {count(n, 'time')}" if r.tree or r.worlds == 1
             else f"tried on only {count(n, 'deal')}")
    aside = "set aside early: " if entry["group"] == "screened" else ""
    return f"{aside}{tried}, too few to compare with {top}"


def explain(r: Ranking, tell: Narrator) -> list[dict]:
    """Each action with its numbers and one short line in the player's words."""
    game = tell.game
    unit = game.words.unit
    trick_words = game.words.trick_taker_words
    entries = _entries(r, tell, unit)
    best = entries[0]
    alike = _alike(entries, r, trick_words)
    for entry in entries:
        if entry["group"] == "unsearched":
            entry["why"] = "not searched"
            continue
        bits = _facts(entry, r, trick_words, skip=alike)
        bits.append(_value_words(entry, unit, None if entry is best else best, r, game.words.hand_word))
        entry["why"] = "; ".join(bits)
    return entries


# --- the hint as a whole ---------------------------------------------------------------------
def _quoted(entry: dict, decision: str, tell: Narrator) -> str:
    """A choice inside a sentence: "the 10 of Shields" for a card ("the 4 from
    the Sky" for a card played from a place, "the Rats 5 (Ravens 4, Foxes 1,
    Toads 2)" for a Tricksters card in play, as the table of choices names them),
    else its name in quotes ("“Deal with a poke”")."""
    token = entry["action"]
    if decision == "play" and " " not in token:
        return f"the {entry['name']}" if ":" in token or entry["name"] != tell.card(token) else tell.the(token)
    return f"“{entry['name']}”"


NAMED_UP_TO = 32     # a choice named at more length (a bid and the cards it sets aside) is counted


def _others(entries: list[dict], decision: str, tell: Narrator) -> tuple[str, bool]:
    """Choices inside a sentence, and whether they were counted: named (four at
    most, or three and "n more") when they are cards or short, else counted ("93
    other choices"): a list of long names, each a bid and the cards it sets
    aside, is more than a player reads at a glance (the table names them all)."""
    names = [_quoted(e, decision, tell) for e in entries]
    if decision != "play" and any(len(name) > NAMED_UP_TO for name in names):
        return count(len(names), "other choice"), True
    return join(names if len(names) <= 4 else names[:3] + [f"{len(names) - 3} more"]), False


def _reason(entry: dict, r: Ranking, words) -> str | None:
    """The one fact the summary gives for its suggestion besides its points: what
    it does to the trick, else the game's first outcome. One that happened on
    every deal searched, or a card that took the trick on none, is said as what it
    does ("lets this trick go", "wins this trick on every deal searched"), not as
    "0%" or "100% of the time"; the game's outcomes that never happened are no
    reason (Voren's fold takes no trick)."""
    seen = {k: v for k, v in entry.items() if k not in r.words or v}
    said = _fact_words(seen, r, words.trick_taker_words)
    if not said:
        return None
    key, fact = said[0]
    if key == "takes_trick" and seen[key] == 0:
        return _every_time(entry, r, "lets this trick go")
    if key != "exact_bid" and seen[key] == 1:
        return _every_time(entry, r, fact)
    facts = _facts(seen, r, words.trick_taker_words)
    return facts[0] if facts else None


def summary(entries: list[dict], r: Ranking, tell: Narrator) -> str:
    """The first step of the hint: the choice to consider and its reason, in one line."""
    best = entries[0]
    name = _quoted(best, r.decision, tell)
    if len(entries) == 1:
        return f"Only one choice: {name}."
    words = tell.game.words
    fact = _reason(best, r, words)
    value = _value_words(best, words.unit, None, r, words.hand_word)
    reason = f"it {fact}, and is worth {value}" if fact else f"it is worth {value}"
    close = [e for e in entries[1:] if e["group"] in ("as good", "close")]
    text = f"Consider {name}: {reason}."
    exactly = all(e["exact"] and e["group"] == "as good" for e in close)   # exact ties
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
    return text


def certainty(r: Ranking, seconds: float | None, ties: bool = False) -> str:
    """How the search ended, and so how sure the hint is ("" with one choice: the
    summary says so). `ties`: other choices came out the same as the best on every
    deal searched, so "clear" means only that nothing beats it."""
    searched = f"{r.used:,} of {deals_text(r.worlds)} possible deals"
    if r.used >= r.worlds and not r.sampled_with_replacement:     # every deal, some played out again
        searched = ("the only possible deal" if r.worlds == 1 else f"all {deals_text(r.worlds)} possible deals")
        searched += f", played out {r.used:,} times in all"
    if r.stopped == "one choice":
        return ""
    if _looked(r):
        deeper = {"time": " Looking deeper would not fit in the time.",
                  "effort": " Looking deeper would not fit in the search's budget."}.get(r.stopped, "")
        moves = count(r.look_ahead, "move")
        return (f"Searched the only possible deal {moves} ahead, each player choosing "
                f"their best move, then played the rest of the hand out ({count(r.playouts, 'time')}): "
                f"the values are estimates.{deeper}")
    if r.tree:
        played = (f"Played the only possible deal out {r.playouts:,} times" if r.worlds == 1 else
                  f"Played out {r.playouts:,} deals drawn from {deals_text(r.worlds)} possible ones"
                  + (" (so some more than once)" if r.playouts > r.worlds else ""))
        how = f"{played}, looking ahead at everyone's later cards (the search the hard level plays by)"
        if r.stopped == "settled":     # (what it tried most: a close call's values may still be level)
            return (f"{how}. The suggestion is the choice it tried most, and the rest of its time "
                    f"could not have changed that, so it stopped early.")
        why = "the time ran out" if r.stopped == "time" else "the search's budget was spent"
        return f"{how}; {why}. The suggestion is the choice it tried most."
    if r.exact and r.worlds == 1:
        return "The only possible deal searched exactly: the values are exact."
    if r.exact:
        dropped = sum(1 for st in r.stats if 0 < st.n < r.worlds)     # left the race once clearly worse
        but = (f", but for {count(dropped, 'choice')} dropped once clearly worse, whose "
               f"{'value is an estimate' if dropped == 1 else 'values are estimates'}" if dropped else "")
        return f"Every possible deal searched exactly ({deals_text(r.worlds)}): the values are exact{but}."
    if r.used >= r.worlds and not r.sampled_with_replacement and not r.exact_search:
        searched += " (so the values are estimated, not exact)"
    if r.stopped == "separated" and ties:
        return (f"Searched {searched}; nothing beats the best choice, clear at 95% confidence; "
                f"the choices as good as it came out the same {_everywhere(r)}.")
    if r.stopped == "separated":
        return f"Searched {searched}; the best choice is clear at 95% confidence."
    if r.stopped == "all worlds":
        return f"Every possible deal searched ({deals_text(r.worlds)}), each played out: the values are estimates."
    why = "the time ran out" if r.stopped == "time" else "the search's budget was spent"
    return f"Searched {searched}; {why} before the best choice was clear at 95% confidence."


def _more(r: Ranking, entries: list[dict], seconds: float | None, effort: int) -> dict | None:
    """What more effort would buy: every deal searched (where that is affordable),
    or more time for a close call."""
    if r.exact or r.stopped == "one choice":
        return None
    if not r.enumerated and r.all_worlds_effort is not None:
        return {"budget": {"all_worlds": True}, "label": f"Search all {deals_text(r.worlds)} deals"}
    close = any(e["group"] in ("close", "screened") for e in entries[1:]) or bool(_looked(r))
    if (r.stopped in ("time", "effort") or r.tree) and close:
        budget = ({"seconds": round(seconds * THINK_LONGER, 1)} if seconds
                  else {"effort": min(effort * THINK_LONGER, 100_000)})
        return {"budget": budget, "label": "Think longer"}
    return None


def close_call(entries: list[dict], r: Ranking, tell: Narrator) -> str | None:
    """"A close call between ...": the choices the search could not tell apart
    (counted, not named, where their names are long: see _others)."""
    close = [e for e in entries[1:] if e["group"] == "close"]
    if not close or r.exact:
        return None
    names, counted = _others([entries[0]] + close, r.decision, tell)
    if counted:          # the summary has counted those about as good
        return "A close call: the search cannot tell these choices apart at 95% confidence."
    return f"A close call between {names}: the search cannot tell them apart at 95% confidence."


# --- a longer search against the hint before it ---------------------------------------------------
def change(entries: list[dict], r: Ranking, earlier: str, tell: Narrator) -> str:
    """What a longer search ("Think longer", every deal) says of the suggestion
    of the hint before it (`earlier`, a token): kept, or changed from what to
    what, how sure the new advice is, and how the earlier choice now compares
    (a number only where it has an interval, or is exact)."""
    best = entries[0]
    now = _quoted(best, r.decision, tell)
    sure = _how_sure(entries, r)
    if best["action"] == earlier:
        return f"The longer search kept the suggestion, {now}: {sure}."
    before = next((e for e in entries if e["action"] == earlier), None)
    if before is None:      # (not a choice here: the page asks only of its own last hint)
        return f"The longer search suggests {now}: {sure}."
    then = _quoted(before, r.decision, tell)
    it = then if r.decision == "play" or len(then) <= NAMED_UP_TO else "the earlier suggestion"
    unit = tell.game.words.unit
    if before["exact"] or (before["group"] == "worse" and not _few(before, r)):
        width = before.get("diff_interval")
        pm = " (exact)" if before["exact"] else "" if width is None else _pm((width[1] - width[0]) / 2)
        compared = (f"now comes out {_nonzero(before['diff'], 2 if before['exact'] else 1)} "
                    f"{_plural(unit, before['diff'])} less{pm}")
    elif before["group"] in ("close", "as good"):
        compared = "is about as good"
    else:
        compared = "was tried on too few deals this time to compare"
    return (f"The longer search changed the suggestion from {then} to {now}: {sure}. "
            f"{it[0].upper()}{it[1:]} {compared}.")


def _how_sure(entries: list[dict], r: Ranking) -> str:
    if r.exact:
        return "the values are exact, every possible deal searched"
    if r.tree and r.stopped == "settled":
        return "it is the choice the search tried most, and more time could not have changed that"
    if r.stopped == "separated":
        return "it is clear at 95% confidence"
    if any(e["group"] in ("close", "as good") and not _few(e, r) for e in entries[1:]):
        return "it is still a close call"
    return "the time ran out before it was clear at 95% confidence"


# --- what the seat knows of each hidden hand ---------------------------------------------------
def inference(view: SeatView) -> dict:
    """Per hidden place: its size, the suits it cannot hold (voids shown by play)
    and the exact probability of each unseen card being there."""
    if view.adapter.inference is not None:      # a game whose places need their own reading
        return view.adapter.inference(view)
    game = view.state.game
    marg = view.counter.marginals()
    places = {}
    unseen_by_suit: dict = {}
    for card, _ in view.model.allowed:
        suit = game.card_suit(card)
        if suit is not None:
            unseen_by_suit.setdefault(suit, []).append(card)
    for name, size in view.model.places.items():
        cards = {game.card_token(c): round(p[name], 4)
                 for c, p in sorted(marg.items()) if p.get(name)}
        entry = {"size": size, "cards": cards}
        if name.startswith("hand:"):
            entry["voids"] = [game.suit_names()[s] for s, cs in sorted(unseen_by_suit.items())
                              if not any(name in view.model.allowed_of(c) for c in cs)]
        places[name] = entry
    return places


SURE = 0.9995            # a chance this close to 1 is "surely holds"
NOTABLE = 1.25           # a likely card is worth a sentence at this many times its even share
FEW_POSSIBLE = 6         # a hand's row names the other cards it may hold, up to this many
NOTHING_STANDS_OUT = "no card stands out"
NOTHING_YET = "No card stands out yet: each card you have not seen is as likely in one hand as in another."
NOTHING_YET_AMONG = ("No card stands out yet: each card you have not seen, {cards} among them, is as likely "
                     "in one hand as in another.")
STILL_OUT = "No card stands out: any hand may hold any of the {n} you have not seen, {cards}."


def _even_shares(inferred: dict, token_suit: dict) -> dict:
    """{(place, token): the copies of the card a hidden place would hold on
    average if the unseen copies lay anywhere they fit}: each place's share of
    the hidden slots for the card's kind (Lunar's rank and suit slots, where a
    place says how many of each it holds; else its size). What play and bids
    have told shows as a chance above that share; a chance at it is only how
    the cards were dealt ("Right holds the 1 with 63%" of any hand at the start)."""
    typed = all("types" in info for info in inferred.values())

    def slots(info: dict, token: str) -> int:
        if not typed:
            return info.get("size") or 0
        return info["types"].get("suit" if token_suit.get(token) is not None else "rank", 0)
    copies: dict = {}
    for info in inferred.values():
        for token, expected in (info.get("cards") or {}).items():
            copies[token] = copies.get(token, 0.0) + expected
    shares = {}
    for token, total in copies.items():
        room = sum(slots(info, token) for info in inferred.values())
        for place, info in inferred.items():
            shares[place, token] = total * slots(info, token) / room if room else 0.0
    return shares


def opponents(view: SeatView, inferred: dict, tell: Narrator) -> dict:
    """Each opponent's hidden hand still in play as a small table (how many cards
    of each suit on average, none where they surely have none, their likely
    other cards) and the notable facts in sentences ("Left has no Waters.",
    "Across holds the Raven with 62%."). A card is likely only where what was
    seen makes it likelier than its even share (_even_shares): at the even share
    a chance is only how cards are dealt ("Treachery 10%" in every hand), and a
    Tricksters card, in no one suit, would fill every row with every unseen card.
    A row names the few other cards it may hold too ("1 19%; may also hold 3, 6
    or 7", "may hold 1, 2 or 8"); with no suit columns and nothing in any row,
    or with every row the same and no card likely in any, one sentence says so
    instead. Your own hand has no row, even where you have not seen it yet.
    Every chance is exact: it counts every possible deal."""
    game = tell.game
    words = game.words
    token_suit = {game.card_token(c): game.card_suit(c) for c, _ in view.model.allowed}
    # no suit columns in a game whose cards have no one suit (a Tricksters card counts in all four)
    suited = any(game.card_suit(card) is not None for card in range(len(game.deck)))
    suits = list(game.suit_names()) if suited else []
    suit_words = [words.suit_name(code, tell) for code in suits]
    one_deal = view.count() == 1            # (the Sky's): how many copies a hand holds is known
    rows, facts, unknowns = [], [], []      # unknowns: each row's cards possible but not likely
    void_hands: dict[int, list] = {}        # a suit some hands have none of: those hands
    even = _even_shares(inferred, token_suit)
    for place, info in inferred.items():
        kind, _, who = place.partition(":")
        if kind != "hand" or not who.isdigit():
            continue
        seat = int(who)
        if seat == view.seat:           # your own hand, not dealt yet (Voren's dealer decides first)
            continue
        name = tell.seat(seat)
        chances = info.get("holds") or info.get("cards") or {}      # Lunar: the chance of a copy
        counts = info.get("cards") or {}                            # expected copies
        voids = set(info.get("voids") or [])
        if not info.get("size") and not info.get("known"):     # played out: nothing left to tell
            continue
        per_suit = []
        for i, code in enumerate(suits):
            expected = sum(v for t, v in counts.items() if token_suit.get(t) == i)
            expected += sum(1 for t in info.get("known") or [] if token_suit.get(t) == i)
            if code in voids or expected < 1e-9:
                per_suit.append("none")
            else:                   # with one possible deal, a count, not an average
                per_suit.append(str(round(expected)) if one_deal else _num(expected))
        # cards known to be there (Lunar: what you gave your partner, still held), then the likely ones
        known = {t: n for t, n in Multiset(info.get("known") or []).items() if token_suit.get(t) is None}
        others = [(1.0, t) for t in sorted(known)] + sorted(
            ((p, t) for t, p in chances.items() if token_suit.get(t) is None and t not in known and p >= 0.1
             and (p >= SURE or counts.get(t, 0.0) >= NOTABLE * even.get((place, t), 0.0))),
            key=lambda pt: (-pt[0], pt[1]))
        # the copies a hand surely holds of a card (Lunar's ranks come in threes), said
        # where more than one: those you gave, or any with one possible deal
        copies = {t: round(n) for t, n in counts.items() if one_deal} | known

        def times(t: str, words: str) -> str:
            return words.format(n=copies[t]) if copies.get(t, 1) >= 2 else ""
        other_cells = [f"{tell.card(t)}{times(t, ' ×{n}')} {'(sure)' if p >= SURE else _pct(p)}"
                       for p, t in others[:6]]
        if len(others) > 6:
            other_cells.append(f"and {len(others) - 6} more")
        likely = {t for _, t in others}
        rest = sorted(t for t, p in chances.items() if token_suit.get(t) is None and p > 0 and t not in likely)
        may = (f"may {'also ' if likely else ''}hold {join([tell.card(t) for t in rest], 'or')}"
               if 0 < len(rest) <= FEW_POSSIBLE and len(others) <= 6 else "")   # what is still out, if short
        other = "; ".join(part for part in (", ".join(other_cells), may) if part) or NOTHING_STANDS_OUT
        size = info.get("size")         # (the hidden cards: a known one is besides it)
        rows.append({"place": place, "name": name,
                     "cards": None if size is None else size + len(info.get("known") or []),
                     "suits": per_suit, "other": other, "stands_out": other != NOTHING_STANDS_OUT})
        unknowns.append(None if likely else tuple(rest))
        # one sentence a suit for the hands out of it (below), one a hand for its
        # sure cards ("Opponent surely holds the 1, the 2 and the 7.", where the Sky's
        # one deal made five of them)
        for i, code in enumerate(suits):
            if code in voids:
                void_hands.setdefault(i, []).append((name, seat))
        sure = [tell.the(t) + times(t, " ({n} copies)") for p, t in others if p >= SURE]
        if sure:
            facts.append(f"{name} surely {tell.verb('holds', seat)} {join(sure, 'and')}.")
        for p, t in others:
            if 0.5 <= p < SURE:
                facts.append(f"{name} {tell.verb('holds', seat)} {tell.the(t)} with {_pct(p)}.")
    # the hands out of the same suits in one sentence ("Player 2, Player 4 and Player 5
    # have no Shields.", "Across has no Clubs or Hearts."), named in turn order from yours
    players = view.state.players
    suits_out: dict[tuple, list[int]] = {}          # the same hands out of these suits
    for i in sorted(void_hands):
        hands = tuple(sorted(void_hands[i], key=lambda hand: (hand[1] - view.seat) % players))
        suits_out.setdefault(hands, []).append(i)
    out_of_suits = []
    for hands, out in suits_out.items():
        verb = tell.verb("has", hands[0][1]) if len(hands) == 1 else "have"
        out_of_suits.append(f"{join(n for n, _ in hands)} {verb} no {join([suit_words[i] for i in out], 'or')}.")
    facts = out_of_suits + facts
    if rows and not suits and not facts and all(row["other"] == NOTHING_STANDS_OUT for row in rows):
        # the table would only repeat each hand's size, shown at the table
        return {"suits": [], "rows": [], "facts": [NOTHING_YET], "note": ""}
    alike = (len({(row["cards"] if suits else 0, tuple(row["suits"])) for row in rows}) == 1
             and len(set(unknowns)) == 1)        # (without suits, sizes tell no card from another)
    if len(rows) > 1 and not facts and alike and None not in unknowns:
        # every row the same, and no card likelier anywhere: how the cards were dealt, said once
        few = unknowns[0] if rows[0]["stands_out"] else ()     # named in each row: few enough
        if not few:
            said = NOTHING_YET
        elif suits:          # the few cards of no suit still out: "the Wolf among them"
            said = NOTHING_YET_AMONG.format(cards=join([tell.the(t) for t in few], "and"))
        else:
            said = STILL_OUT.format(n=count(len(few), "card"), cards=join([tell.card(t) for t in few], "and"))
        return {"suits": [], "rows": [], "facts": [said], "note": ""}
    if one_deal:
        note = "Only one deal fits what you have seen, so every card is known" + \
            ("; suit columns: how many cards of that suit each hand holds." if suits else ".")
    elif suits:
        note = ("Exact chances over every possible deal; suit columns: cards of that suit "
                "held on average; none: surely none.")
    else:
        note = "Exact chances over every possible deal."
    return {"suits": suit_words, "rows": rows, "facts": facts[:8], "note": note}


# --- the entry point ----------------------------------------------------------------------------
def spend_least(r: Ranking, state, seat: int) -> None:
    """On a trick the seat's partner is already sure to take, hard plays the card
    that spends least among those its search cannot tell from the best
    (solver/bots.py, solver/partners.py); so the hint suggests it too: that card
    first (`r.spent_least`), the others in the search's order."""
    if r.decision != "play" or not partners.sure_trick(state, seat):
        return
    pick = partners.least_spent(state, seat, alike(r))
    if pick is not None and pick != r.stats[0].action:
        r.stats.sort(key=lambda s: s.action != pick)        # stable: the rest keep their order
        r.spent_least = True


def hint(state, seat: int, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None,
         positions: list | None = None, **options) -> dict:
    """`hint_steps` run to its end in this process (see there)."""
    return work.drive(hint_steps(state, seat, effort, seed, progress, positions, **options))


def hint_steps(state, seat: int, effort: int = DEFAULT_EFFORT, seed: int = 0, progress=None,
               positions: list | None = None, *, seconds: float | None = None,
               all_worlds: bool = False, theme: str = "", started: float | None = None,
               earlier: str | None = None, namer=None):
    """The hint for `seat` to act in `state`: search.rank within (effort,
    seconds, all_worlds), told in the game's words (`theme`); `started`: when
    the request came in (search.rank: the seconds count from it); `namer`: how
    its words name the seats (pycore.words.Narrator's).
    `progress(done, total)`: called as the search goes (see search.rank).
    `positions`: every position of the record up to `state`, if the caller has
    replayed it (view_of then reads earlier positions from them). `earlier`:
    the suggestion (a token) of the hint before this one at the same position,
    when this one searched longer at its offer: "change" says what became of it.
    A generator of the search's batches (solver/work.py), returning the hint."""
    view = view_of(state, seat, positions)
    r = yield from rank_steps(view, effort, seed, progress=progress, seconds=seconds,
                              all_worlds=all_worlds, started=started, tree=True, hint=True)
    spend_least(r, state, seat)
    tell = Narrator(state.game, state.observation(seat), theme, namer)
    actions = explain(r, tell)
    inferred = inference(view)
    return {"game": state.game.name, "seat": seat, "decision": r.decision,
            "worlds": r.worlds, "worlds_text": deals_text(r.worlds), "searched_worlds": r.used,
            "all_worlds": r.enumerated, "exact": r.exact, "exact_endgame": r.exact_search,
            "stopped": r.stopped, "playouts": r.playouts, "look_ahead": r.look_ahead,
            "tree": r.tree, "spent_least": r.spent_least,
            "all_worlds_effort": r.all_worlds_effort,
            "effort": effort, "seconds": seconds, "seed": seed,
            "best": actions[0]["action"], "best_name": actions[0]["name"],
            "summary": summary(actions, r, tell), "why": actions[0].get("why"),
            "certainty": certainty(r, seconds, any(a["group"] == "as good" for a in actions[1:])),
            "close_call": close_call(actions, r, tell),
            "change": None if earlier is None else change(actions, r, earlier, tell),
            "more": _more(r, actions, seconds, effort),
            "actions": actions, "shared": shared_facts(actions, r, tell), "inferred": inferred,
            "opponents": opponents(view, inferred, tell)}
