"""A shared deal: "play this deal against the same computer players", all in a link.

    challenge = challenge_of(record, seat=0, hand=2, level="normal", theme="", par=5)
    link = share_link("https://example.org/manyhands/", encode(challenge))
    decode(link) == challenge          # or decode(the code alone); LinkError if not one

A challenge is one finished hand of the sender's game: the game up to that
hand's first action (its rules, its deals from the seed or written out, the
actions of the hands before it: in Raven the hand's trump and revealed bids,
in Voren its pot, depend on them), the hand's number, the sender's seat, the
computer players' level, the card theme, the sender's points for the hand and
its par (solver/par.py; None if not worked out yet). The friend's game is
`challenge.record` replayed: the same position, the same cards, and, the
computer players being seeded by position (solver.bots.page_seed), the same
opponents; its par is the sender's.

The code (docs/par-and-sharing.md): base64url, no padding, of
    byte 0      the link format's version (VERSION)
    bytes 1-4   CRC-32 (big-endian) of byte 0 and every byte after byte 4
    the rest    the payload, JSON, raw DEFLATE
The first five bytes keep this meaning in every version, so any version tells a
damaged link (the check fails) from a newer one (a version above VERSION). The
payload's fields are PAYLOAD_FIELDS; deals the seed makes are given by the seed
and a check of them ("deals_check": a deal-making change in the engine is then
caught, never a silently different deal), other deals written out, each list of
cards as "~" and one character a card.

Standard library only; runs natively and in Pyodide.
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from typing import Any

from .errors import ManyhandsError, RecordError, quote
from .game import get_game
from .records import (FORMAT, MAX_ACTIONS, MAX_NUMBER, Record, load_record, parse_json, positions,
                      record_of, replay, start_state)

VERSION = 1
PARAM = "deal"                  # the link is <the page's address>#deal=<code>
LEVELS = ("easy", "normal", "hard")    # the page's computer-player levels (solver.bots.LEVELS)
MAX_CODE = 16_000               # characters of a code (a long game's last hand needs under 2,000)
MAX_PAYLOAD = 200_000           # bytes of the payload's JSON once inflated
PAYLOAD_FIELDS = ("game", "rules", "seed", "deals", "moves", "actions", "check", "hand", "seat",
                  "level", "theme", "score", "par")
REQUIRED = ("game", "rules", "moves", "actions", "check", "hand", "seat", "level", "theme", "score")
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"   # a card, by its int
_CODE = re.compile(r"[A-Za-z0-9_-]*")


class LinkError(ManyhandsError):
    """A shared-deal link that is damaged, from a newer version, or not a deal
    this page can start: one line, and nothing is started."""


@dataclass(frozen=True)
class Challenge:
    record: Record             # the sender's game up to the shared hand's first action
    hand: int                  # the shared hand, numbered from 1
    seat: int
    level: str
    theme: str
    score: int                 # the sender's points for the hand
    par: int | None = None     # the hand's par (solver/par.py), None if not worked out

    def start(self):
        """The position the friend plays from."""
        return replay(self.record)


def themes_of(game) -> tuple[str, ...]:
    """The themes a link may name: "" (the standard names), the page's and the words'."""
    return tuple(dict.fromkeys(("", *getattr(game, "themes", ()), *game.words.themes)))


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise LinkError(f"the link's {what} must be a whole number within +-{MAX_NUMBER:,}, "
                        f"not {quote(value)}")
    return value


# --- making a challenge from the sender's record ---------------------------------------------------
def challenge_of(record_json: Any, seat: int, hand: int, level: str = "normal", theme: str = "",
                 par: int | None = None) -> Challenge:
    """The challenge of `hand` (a finished hand, from 1) of the record for `seat`;
    LinkError (or RecordError for the record) saying what is wrong."""
    trail = list(positions(load_record(record_json)))
    final = trail[-1]
    finished = len(final.finished_hands)
    if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= finished:
        raise LinkError(f"hand {quote(hand)} is not a finished hand of this record (it has {finished})")
    start = next(s for s in trail if len(s.finished_hands) == hand - 1)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
        raise LinkError(f"no seat {quote(seat)} in a {final.players}-player game")
    challenge = Challenge(record_of(start), hand, seat, level, theme,
                          final.finished_hands[hand - 1][1][seat], par)
    _check_fields(challenge, start)
    return challenge


def _check_fields(challenge: Challenge, start) -> None:
    """LinkError unless the challenge's fields fit its game at `start`, the
    position the record leads to."""
    game = start.game
    if (start.is_terminal or len(start.finished_hands) != challenge.hand - 1
            or len(start.hand_starts) != challenge.hand or start.hand_starts[-1] != len(start.history)):
        raise LinkError(f"the link's game is not at the start of hand {challenge.hand}")
    if isinstance(challenge.seat, bool) or not isinstance(challenge.seat, int) \
            or not 0 <= challenge.seat < start.players:
        raise LinkError(f"no seat {quote(challenge.seat)} in a {start.players}-player game")
    if challenge.level not in LEVELS:
        raise LinkError(f"level must be one of {', '.join(LEVELS)}, not {quote(challenge.level)}")
    if challenge.theme not in themes_of(game):
        raise LinkError(f"no theme {quote(challenge.theme)} for {game.name}")
    _whole(challenge.score, "score")
    if challenge.par is not None:
        _whole(challenge.par, "par")


# --- the payload -----------------------------------------------------------------------------------
def _check(record: Record) -> int:
    """The CRC-32 of the record's deals and actions: what the decoder must rebuild."""
    text = json.dumps([record.deals, record.actions], sort_keys=True, separators=(",", ":"))
    return zlib.crc32(text.encode("utf-8"))


def _seeded(record: Record) -> bool:
    """Whether the seed alone makes the record's deals (a game the page dealt)."""
    try:
        again = record_of(replay(Record(record.game, record.rules, record.seed, [], record.actions)))
    except ManyhandsError:
        return False
    return again.deals == record.deals


def _width(count: int) -> int:
    """Characters of a choice among `count` (none for a forced one)."""
    width = 0
    while len(_ALPHABET) ** width < count:
        width += 1
    return width


def _choices(state) -> list[str]:
    """The legal actions' tokens, in the order a packed action counts them."""
    return sorted(state.game.action_token(state, action) for action in state.legal_actions())


def _packed_actions(record: Record) -> str:
    """Each action as its place among the legal actions' sorted tokens, in base 64,
    as many characters as the most choices need (none where there is no choice)."""
    out = []
    for state, token in zip(positions(record), record.actions):
        legal = _choices(state)
        index, width = legal.index(token), _width(len(legal))
        out.append("".join(_ALPHABET[index // len(_ALPHABET) ** k % len(_ALPHABET)]
                           for k in reversed(range(width))))
    return "".join(out)


def _unpacked_actions(state, packed: str, moves: int) -> list[str]:
    """The `moves` action tokens `_packed_actions` made, replayed from `state`."""
    tokens, at = [], 0
    for _ in range(moves):
        if state.is_terminal:
            raise LinkError("the link's game ends before its shared hand")
        legal = _choices(state)
        width = _width(len(legal))
        digits = [_ALPHABET.find(char) for char in packed[at:at + width]]
        if len(digits) < width or -1 in digits:
            raise LinkError("the link's actions are cut short")
        index = 0
        for digit in digits:
            index = index * len(_ALPHABET) + digit
        if index >= len(legal):
            raise LinkError("the link's actions do not fit its game (the link was made by another version)")
        at += width
        tokens.append(legal[index])
        state = state.apply_action(state.game.parse_action(state, legal[index]))
    if at != len(packed):
        raise LinkError("the link has more actions than it says")
    return tokens


def _packed_cards(value: Any, deck) -> Any:
    """A deal with each list of card tokens as "~" and one character a card."""
    if isinstance(value, dict):
        return {key: _packed_cards(item, deck) for key, item in value.items()}
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return "~" + "".join(_ALPHABET[deck.card(token)] for token in value)
    if isinstance(value, list):
        return [_packed_cards(item, deck) for item in value]
    return value


def _unpacked_cards(value: Any, deck) -> Any:
    if isinstance(value, dict):
        return {key: _unpacked_cards(item, deck) for key, item in value.items()}
    if isinstance(value, list):
        return [_unpacked_cards(item, deck) for item in value]
    if isinstance(value, str) and value.startswith("~"):
        cards = [_ALPHABET.find(char) for char in value[1:]]
        if any(not 0 <= card < len(deck) for card in cards):
            raise LinkError("the link's deal names a card this game does not have")
        return deck.tokens_of(cards)
    return value


def payload(challenge: Challenge) -> dict:
    """The challenge as the link's JSON (see the module docstring)."""
    record = challenge.record
    out: dict[str, Any] = {"game": record.game, "rules": record.rules}
    if record.seed is not None:
        out["seed"] = record.seed
    if record.seed is None or not _seeded(record):
        deck = get_game(record.game).deck
        out["deals"] = [_packed_cards(deal, deck) for deal in record.deals]
    out.update(moves=len(record.actions), actions=_packed_actions(record), check=_check(record),
               hand=challenge.hand, seat=challenge.seat, level=challenge.level,
               theme=challenge.theme, score=challenge.score)
    if challenge.par is not None:
        out["par"] = challenge.par
    return out


def from_payload(data: Any) -> Challenge:
    """The challenge a payload describes, checked: LinkError saying what is wrong."""
    if not isinstance(data, dict):
        raise LinkError("the link holds no deal")
    unknown = sorted((key for key in data if key not in PAYLOAD_FIELDS), key=str)
    missing = [key for key in REQUIRED if key not in data]
    if unknown or missing:
        raise LinkError(f"the link's deal has {'an unknown field' if unknown else 'no field'} "
                        f"{quote((unknown or missing)[0])}")
    if "seed" not in data and "deals" not in data:
        raise LinkError("the link's deal needs a seed or the deals")
    try:
        if not isinstance(data["game"], str):
            raise LinkError("the link names no game")
        game = get_game(data["game"])
    except ManyhandsError:
        raise LinkError(f"the link is for a game this page does not have: {quote(data['game'])}") from None
    deals = data.get("deals", [])
    if isinstance(deals, list):
        deals = [_unpacked_cards(deal, game.deck) for deal in deals]
    moves, packed = _whole(data["moves"], "number of actions"), data["actions"]
    if not isinstance(packed, str) or not 0 <= moves <= MAX_ACTIONS:
        raise LinkError("the link's actions are not a game's")
    try:
        record = load_record({"format": FORMAT, "game": game.name, "rules": data["rules"],
                              "seed": data.get("seed"), "deals": deals})
        record.actions = _unpacked_actions(start_state(record), packed, moves)
        start = replay(record)
    except RecordError as exc:
        raise LinkError(f"the link's game does not replay: {exc}") from None
    record.deals = record_of(start).deals
    if _check(record) != _whole(data["check"], "check"):
        raise LinkError("the link's deal is not the one this version makes of it "
                        "(the link was made by another version)")
    challenge = Challenge(record, _whole(data["hand"], "hand"), data["seat"], data["level"],
                          data["theme"], data["score"], data.get("par"))
    _check_fields(challenge, start)
    return challenge


# --- the code and the link ---------------------------------------------------------------------------
def encode(challenge: Challenge) -> str:
    """The challenge's code (URL-safe; see the module docstring)."""
    return pack(payload(challenge))


def pack(data: Any, version: int = VERSION) -> str:
    """A payload (JSON) as a code of link format `version`."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = bytes([version]) + deflate.compress(text) + deflate.flush()
    framed = body[:1] + zlib.crc32(body).to_bytes(4, "big") + body[1:]
    return base64.urlsafe_b64encode(framed).decode("ascii").rstrip("=")


def share_link(address: str, code: str) -> str:
    """The page's `address` (its fragment dropped) with the code: <address>#deal=<code>."""
    return f"{address.split('#', 1)[0]}#{PARAM}={code}"


def code_of(text: Any) -> str:
    """The code in a link, a fragment (#deal=...) or the code itself."""
    if not isinstance(text, str):
        raise LinkError(f"a link is text, not {quote(text)}")
    text = text.strip()
    if "#" in text or "://" in text or f"{PARAM}=" in text:       # a link, not the code alone
        fragment = text.split("#", 1)[-1]
        found = [part[len(PARAM) + 1:] for part in fragment.split("&") if part.startswith(f"{PARAM}=")]
        if not found:
            raise LinkError("this link holds no shared deal (no #deal= in it)")
        text = found[0]
    if len(text) > MAX_CODE:
        raise LinkError(f"this link is damaged: longer than any shared deal ({MAX_CODE:,} characters)")
    if not _CODE.fullmatch(text):
        raise LinkError("this link is damaged: it has characters a shared deal never has")
    return text


def decode(link: Any) -> Challenge:
    """The challenge in a link (or its code): LinkError, one line, if the link is
    damaged, from a newer version, or not a deal this page can start."""
    code = code_of(link)
    try:
        data = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("this link is damaged (cut short or mistyped): ask for it again") from None
    body = data[:1] + data[5:]
    if len(data) < 6 or zlib.crc32(body) != int.from_bytes(data[1:5], "big") \
            or base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != code:   # a stray last character
        raise LinkError("this link is damaged (cut short or mistyped): ask for it again")
    version = data[0]
    if version > VERSION:
        raise LinkError(f"this link is from a newer version of Manyhands (link format {version}; "
                        f"this page reads {VERSION}): open it on an updated page")
    if version < 1:
        raise LinkError(f"this link's format {version} does not exist: it is damaged")
    inflate = zlib.decompressobj(-15)
    try:
        text = inflate.decompress(body[1:], MAX_PAYLOAD)
    except zlib.error:
        raise LinkError("this link is damaged: its deal cannot be unpacked") from None
    if not inflate.eof or inflate.unconsumed_tail or inflate.unused_data:
        raise LinkError("this link is damaged: its deal is cut short or too long")
    try:
        data = parse_json(text.decode("utf-8"), "the link's deal", MAX_CODE)
    except (UnicodeDecodeError, RecordError) as exc:
        raise LinkError(f"this link is damaged: {exc}") from None
    return from_payload(data)
