"""What the seat can tell of each other hand, in words: a small table (how many
cards of each suit a hand holds on average, its likely other cards) and the
notable facts as sentences ("Left has no Waters.", "Across holds the Raven
with 62%."), from the places the seat infers (solver/hints.py's `inference`:
exact chances over every possible deal)."""
from __future__ import annotations

from collections import Counter as Multiset

from pycore.answer import OpponentRow, Opponents
from pycore.words import Narrator, count, join

from .hint_words import _num, _pct
from .view import SeatView

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


def opponents(view: SeatView, inferred: dict, tell: Narrator) -> Opponents:
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
                     "suits": tuple(per_suit), "other": other, "stands_out": other != NOTHING_STANDS_OUT})
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
        return Opponents(facts=(NOTHING_YET,))
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
        return Opponents(facts=(said,))
    if one_deal:
        note = "Only one deal fits what you have seen, so every card is known" + \
            ("; suit columns: how many cards of that suit each hand holds." if suits else ".")
    elif suits:
        note = ("Exact chances over every possible deal; suit columns: cards of that suit "
                "held on average; none: surely none.")
    else:
        note = "Exact chances over every possible deal."
    return Opponents(tuple(suit_words), tuple(OpponentRow(**row) for row in rows), tuple(facts[:8]), note)
