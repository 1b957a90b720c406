"""Shared deals (pycore/share.py): a link round-trips, starts exactly the sender's
position, stays short, and a damaged, newer or invalid link is refused in one line."""
from __future__ import annotations

import base64
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pycore import all_games, get_game, load_record
from pycore.records import Record, positions
from pycore.share import (LEVELS, PARAM, VERSION, LinkError, challenge_of, code_of, decode,
                          encode, pack, payload, share_link)
from tests.catalog import examples
from tests.solver.positions import random_hands

# each game's examples (Game.examples), and each game's last preset (Raven's short game...)
GAMES = examples() + [(name, game.presets()[-1]) for name, game in sorted(all_games().items())]


def other_deals(record: dict, seed: int) -> dict:
    """The same game with deals written out that its seed does not make, or no seed."""
    out = dict(record)
    if seed % 2:
        out.pop("seed")
        return out
    return {**out, "seed": record["seed"] + 1}      # the deals stay: the seed no longer makes them


def hand_start(record: dict, hand: int):
    return next(s for s in positions(load_record(record)) if len(s.finished_hands) == hand - 1)


def refused(link, match: str) -> str:
    with pytest.raises(LinkError) as info:
        decode(link)
    message = str(info.value)
    assert "\n" not in message and len(message) < 200 and match in message, message
    return message


def frame(body: bytes, version: int = VERSION, crc: int | None = None) -> str:
    """A code by the documented layout: version byte, CRC-32 of version + body, body."""
    crc = zlib.crc32(bytes([version]) + body) if crc is None else crc
    data = bytes([version]) + crc.to_bytes(4, "big") + body
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def deflated(data) -> bytes:
    squash = zlib.compressobj(9, zlib.DEFLATED, -15)
    return squash.compress(json.dumps(data).encode()) + squash.flush()


RAVEN = random_hands("raven", {"players": 4}, 7, 2)
CHALLENGE = challenge_of(RAVEN, 1, 2, "hard", "prophecy", 4)
CODE = encode(CHALLENGE)
PAYLOAD = payload(CHALLENGE)


# --- round trip ------------------------------------------------------------------------------------
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(GAMES), seed=st.integers(0, 2**40), hands=st.integers(1, 3),
       written=st.booleans(), data=st.data())
def test_a_challenge_round_trips_through_its_link(case, seed, hands, written, data):
    game, rules = case
    record = random_hands(game, rules, seed, hands)
    if written:
        record = other_deals(record, seed)
    final = list(positions(load_record(record)))[-1]
    hand, players = data.draw(st.integers(1, len(final.finished_hands))), final.players
    themes = ("",) + tuple(getattr(get_game(game), "themes", ()))
    challenge = challenge_of(record, data.draw(st.integers(0, players - 1)), hand,
                             data.draw(st.sampled_from(LEVELS)), data.draw(st.sampled_from(themes)),
                             data.draw(st.none() | st.integers(-10**6, 10**6)))
    code = encode(challenge)
    assert decode(code) == challenge
    assert decode(share_link("https://example.org/cards/?x=1#old", code)) == challenge
    assert ("deals" in payload(challenge)) == written     # the seed's own deals go as the seed


@pytest.mark.parametrize("game,rules", GAMES)
@pytest.mark.parametrize("written", [False, True])
def test_the_link_starts_exactly_the_senders_hand(game, rules, written):
    """Every seat sees what it saw at the start of the sender's hand 2; the sender's
    moves replayed from there score what they scored."""
    record = random_hands(game, rules, 11, 2)
    hands = len(list(positions(load_record(record)))[-1].finished_hands)
    assert hands >= 2, (
        f"{game} at {rules} ended after {hands} hand: a shared deal starts at hand 2, so the game's "
        f"examples and its last preset play two hands or more (presets and examples in pycore/games/{game}.py)")
    if written:
        record = other_deals(record, 1)
    decoded = decode(encode(challenge_of(record, 0, 2)))
    start, original = decoded.start(), hand_start(record, 2)
    assert start.game.position_text(start) == original.game.position_text(original)
    for seat in range(start.players):
        assert start.observation(seat) == original.observation(seat)
    assert start.deals == original.deals
    replayed = load_record(record)
    rest = Record(decoded.record.game, decoded.record.rules, decoded.record.seed, decoded.record.deals,
                  decoded.record.actions + replayed.actions[len(decoded.record.actions):])
    final = list(positions(rest))[-1]
    assert final.finished_hands[1][1][0] == decoded.score


def test_the_challenge_holds_the_senders_score_and_par():
    final = list(positions(load_record(RAVEN)))[-1]
    assert (CHALLENGE.hand, CHALLENGE.seat, CHALLENGE.level, CHALLENGE.theme, CHALLENGE.par) == \
        (2, 1, "hard", "prophecy", 4)
    assert CHALLENGE.score == final.finished_hands[1][1][1]
    assert decode(encode(challenge_of(RAVEN, 1, 1))).par is None


def test_links_are_short():
    """A whole game's last hand, seeded deals, in every game: well under 2,000
    characters (the figures per game: bench/share_links.py)."""
    for game, rules in GAMES:
        record = random_hands(game, rules, 3, 99)
        last = len(list(positions(load_record(record)))[-1].finished_hands)
        assert len(encode(challenge_of(record, 0, last))) < 1_000, game
        assert len(encode(challenge_of(other_deals(record, 1), 0, last))) < 2_000, game


# --- damaged and refused links ------------------------------------------------------------------------
def test_a_cut_short_link_is_damaged():
    for keep in (0, 1, 5, 6, 7, len(CODE) // 2, len(CODE) - 2, len(CODE) - 1):
        refused(CODE[:keep], "damaged")


def test_every_mistyped_character_is_caught():
    for at in range(len(CODE)):
        wrong = "A" if CODE[at] != "A" else "B"
        refused(CODE[:at] + wrong + CODE[at + 1:], "damaged")
    refused(CODE + "A", "damaged")
    refused(CODE[:20] + "*" + CODE[21:], "damaged")


def test_a_wrong_checksum_is_damaged():
    body = base64.urlsafe_b64decode(CODE + "=" * (-len(CODE) % 4))[5:]
    crc = zlib.crc32(bytes([VERSION]) + body)
    assert decode(frame(body, crc=crc)) == CHALLENGE         # the layout is the documented one
    refused(frame(body, crc=crc ^ 1), "damaged")


def test_a_link_from_a_newer_version_says_so():
    message = refused(frame(b"whatever a later format holds", version=VERSION + 1), "newer version")
    assert f"link format {VERSION + 1}" in message
    refused(frame(deflated(payload(CHALLENGE)), version=0), "does not exist")


def test_a_link_that_is_not_a_deal_of_a_game_here_is_refused():
    good = PAYLOAD
    refused(pack({**good, "game": "chess"}), "a game this page does not have: 'chess'")
    refused(pack({**good, "seat": 4}), "no seat 4")
    refused(pack({**good, "level": "expert"}), "level")
    refused(pack({**good, "theme": "tarot"}), "no theme 'tarot'")
    refused(pack({**good, "score": "7"}), "score")
    refused(pack({**good, "par": 1.5}), "par")
    refused(pack({**good, "rules": {"players": 9}}), "does not replay")
    refused(pack({**good, "check": good["check"] ^ 1}), "another version")
    refused(pack({**good, "hand": 3}), "not at the start of hand 3")
    for moves in (good["moves"] - 1, good["moves"] + 1, 0, 10**9, -1, True):   # (a last forced move
        refused(pack({**good, "moves": moves}), "link")                     # packs to nothing)
    refused(pack({**good, "extra": 1}), "unknown field 'extra'")
    refused(pack({key: v for key, v in good.items() if key != "score"}), "no field 'score'")
    refused(pack([1, 2]), "no deal")
    written = payload(challenge_of(other_deals(RAVEN, 1), 1, 2))
    deal = dict(written["deals"][0])
    deal["hands"] = [deal["hands"][0]] * 4            # one hand dealt four times
    refused(pack({**written, "deals": [deal, *written["deals"][1:]]}), "does not replay")
    refused(pack({**written, "deals": ["~" + "?" * 3]}), "a card this game does not have")
    refused(pack({**written, "deals": [{**deal, "hands": "~AB"}]}), "does not replay")


def test_a_link_without_a_deal_is_refused():
    refused("https://example.org/cards/", "no #deal=")
    refused("https://example.org/cards/#other=1", "no #deal=")
    assert code_of(f"https://example.org/#a=1&{PARAM}={CODE}") == CODE
    assert code_of(f"  {CODE}\n") == CODE
    refused(12, "a link is text")
    refused("A" * 20_000, "damaged")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300).map(lambda b: frame(b)))
def test_any_text_is_a_challenge_or_one_line_refusal(text):
    try:
        decode(text)
    except LinkError as exc:
        assert "\n" not in str(exc)


@settings(max_examples=150, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12), st.sampled_from(sorted(PAYLOAD)))
def test_any_field_value_is_a_challenge_or_one_line_refusal(value, field):
    try:
        decode(pack({**PAYLOAD, field: value}))
    except LinkError as exc:
        assert "\n" not in str(exc)


def test_a_challenge_is_made_of_a_finished_hand_and_a_seat():
    with pytest.raises(LinkError, match="hand 3 is not a finished hand"):
        challenge_of(RAVEN, 0, 3)
    with pytest.raises(LinkError, match="no seat 4"):
        challenge_of(RAVEN, 4, 1)
    with pytest.raises(LinkError, match="level"):
        challenge_of(RAVEN, 0, 1, "expert")
    with pytest.raises(LinkError, match="par must be a whole number"):
        challenge_of(RAVEN, 0, 1, "normal", "", 10**100)


def test_the_links_levels_are_the_computer_players_levels():
    from solver import bots
    assert LEVELS == tuple(bots.LEVELS)
