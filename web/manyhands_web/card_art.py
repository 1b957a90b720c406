"""Every card of every game drawn as a card: SVG made here, in the page, from the
card's game and token (and its theme, Tricksters' values and the critter it is
turned to, Lunar's star). One module for the table, the hint's marks, the
review, the score sheets and the home page's pictures, so that they agree.

A face is drawn in a 100 x 140 box (`W`, `H`) and scales with the card: the
page sizes the card, the SVG fills it. Ranks are large indices in the corners;
suits are symbols in their colours (card_symbols.py: every suit a shape of its
own, so colour is never the only difference); named cards have pictures. The
face is a picture only (`aria-hidden`): the card's accessible name stays its
words (render.card_html's aria-label, "the 5 of Hearts").

    >>> face("raven", "Sh10").startswith('<svg class="face"')
    True
    >>> "Sh10" in face("raven", "Sh10")      # no record token reaches the page
    False
"""
from __future__ import annotations

from functools import lru_cache

from . import card_symbols as sym

W, H = 100, 140
PAPER, INK = "#fdfbf4", "#1b1b1b"
FONT = 'font-family="system-ui, sans-serif" font-weight="bold"'
INDEX_SIZE = 34          # a corner index, in card units (the page keeps it >= 12 CSS px)


def _text(x, y, text, size, fill, anchor="start", extra="") -> str:
    return (f'<text x="{x}" y="{y}" font-size="{size}" fill="{fill}" text-anchor="{anchor}" {FONT}{extra}>'
            f'{text}</text>')


def _at(symbol: str, x: float, y: float, size: float) -> str:
    """A 100 x 100 symbol drawn `size` units wide with its top left at (x, y)."""
    return f'<g transform="translate({x:g} {y:g}) scale({size / 100:g})">{symbol}</g>'


def _frame(fill: str = PAPER, stroke: str = "#2a2a2a") -> str:
    return f'<rect x="1.5" y="1.5" width="97" height="137" rx="9" fill="{fill}" stroke="{stroke}" stroke-width="3"/>'


def _indices(rank: str, colour: str, small: str = "") -> str:
    """The rank (and a small symbol under it) in the top left corner, and the same
    turned round in the bottom right, as on a printed card."""
    corner = _text(8, 36, rank, INDEX_SIZE, colour) + (_at(small, 9, 42, 22) if small else "")
    return corner + f'<g transform="rotate(180 50 70)">{corner}</g>'


def _svg(body: str, cls: str = "face", attrs: str = "") -> str:
    return (f'<svg class="{cls}"{attrs} viewBox="0 0 {W} {H}" aria-hidden="true" focusable="false" '
            f'xmlns="http://www.w3.org/2000/svg">{body}</svg>')


# --- Raven ------------------------------------------------------------------------------------
RAVEN_SUITS = {"Sh": ("#b22222", sym.shield), "Sw": ("#1f4e9c", sym.sword),
               "Ax": ("#6b4516", sym.axe), "Wa": ("#0b7a75", sym.water)}
PROPHECY_SUITS = {"Sh": ("#b8610f", sym.sunburst), "Sw": ("#8e2a1d", sym.spear),
                  "Ax": ("#2e6b2e", sym.serpent), "Wa": ("#1f4a8a", sym.eagle)}
# a named card: (its corner letter, its picture); the card's colours per theme
RAVEN_NAMED = {"Raven": ("R", sym.raven_bird), "Wolf": ("W", sym.wolf_head),
               "Shaman": ("S", sym.shaman), "Dwarf": ("D", sym.dwarf)}
PROPHECY_NAMED = {"Raven": ("J", sym.jaguar), "Wolf": ("M", sym.monkey),
                  "Shaman": ("S", sym.shaman), "Dwarf": ("L", sym.lizard)}
NAMED_COLOURS = {"": ("#2b1740", "#ffd166"), "prophecy": ("#17453a", "#f2c14e")}


def _named(letter: str, picture, ground: str, ink: str, border: str = "") -> str:
    rim = f'<rect x="6" y="6" width="88" height="128" rx="6" fill="none" stroke="{ink}" stroke-width="2" opacity=".7"/>'
    return (_frame(ground, border or "#111") + rim + _indices(letter, ink)
            + _at(picture(ink, ground), 20, 40, 60))


def _prophecy_border() -> str:
    """Prophecy's cards: a stepped band round the face."""
    steps = "".join(f'<path d="M{x} 6h4v4h4v-4h4" stroke="#b8610f" stroke-width="2" fill="none"/>'
                    for x in range(14, 84, 12))
    return steps + f'<g transform="rotate(180 50 70)">{steps}</g>'


def raven_face(token: str, theme: str = "") -> str:
    prophecy = theme == "prophecy"
    if token in RAVEN_NAMED:
        letter, picture = (PROPHECY_NAMED if prophecy else RAVEN_NAMED)[token]
        ground, ink = NAMED_COLOURS["prophecy" if prophecy else ""]
        return _named(letter, picture, ground, ink)
    colour, symbol = (PROPHECY_SUITS if prophecy else RAVEN_SUITS)[token[:2]]
    shape = symbol(colour)
    return (_frame("#f6ecd2" if prophecy else PAPER) + (_prophecy_border() if prophecy else "")
            + _indices(token[2:], colour, shape) + _at(shape, 27, 44, 46))


# --- Voren --------------------------------------------------------------------------------------
VOREN_SUITS = {"C": ("#1b1b1b", sym.club), "D": ("#c0392b", sym.diamond),
               "H": ("#c0392b", sym.heart), "S": ("#1b1b1b", sym.spade)}
VOREN_FIGURES = {"R": sym.realm, "L": sym.lesser_crown, "G": sym.greater_crown}
VOREN_NAMED = {"Wolf": ("W", sym.wolf_head, "#3a1020", "#ffd166"),
               "Treachery": ("T", sym.dagger, "#1e3326", "#d9e4b0")}
# where a number card's pips go (centres), 1 to 5
PIPS = {1: [(50, 70)], 2: [(50, 46), (50, 94)], 3: [(50, 40), (50, 70), (50, 100)],
        4: [(36, 48), (64, 48), (36, 92), (64, 92)], 5: [(36, 46), (64, 46), (50, 70), (36, 94), (64, 94)]}


def voren_face(token: str) -> str:
    if token in VOREN_NAMED:
        letter, picture, ground, ink = VOREN_NAMED[token]
        return _named(letter, picture, ground, ink)
    rank, suit = token[0], token[1]
    colour, symbol = VOREN_SUITS[suit]
    shape = symbol(colour)
    if rank in VOREN_FIGURES:
        middle = (f'<rect x="22" y="32" width="56" height="76" rx="5" fill="none" stroke="{colour}" '
                  f'stroke-width="2" opacity=".5"/>' + _at(VOREN_FIGURES[rank](colour, "#e0a526"), 26, 44, 48))
    else:
        size = 36 if rank == "1" else 24
        middle = "".join(_at(shape, x - size / 2, y - size / 2, size) for x, y in PIPS[int(rank)])
    return _frame() + _indices(rank, colour, shape) + middle


# --- Lunar ----------------------------------------------------------------------------------------
LUNAR_NIGHT, LUNAR_SILVER, LUNAR_GOLD = "#1b2550", "#f4f1e8", "#ffd166"
LUNAR_KINDS = {"Wolf": ("W", sym.wolf_head, "#4a4a4a", PAPER), "Owl": ("O", sym.owl, "#8a5a00", INK),
               "Lynx": ("L", sym.lynx, "#b5651d", "#3a1a00"), "Bat": ("B", sym.bat, "#5b2c83", PAPER)}


def lunar_face(token: str, star: bool = False) -> str:
    token = token.removeprefix("sky:")
    mark = _at(sym.star(), 68, 6, 26) if star else ""
    if token in LUNAR_KINDS:
        letter, picture, colour, detail = LUNAR_KINDS[token]
        small = picture(colour, detail)
        return (_frame() + _indices(letter, colour, small) + _at(small, 22, 40, 56) + mark)
    number = token[1:]
    return (_frame(LUNAR_NIGHT, "#0b1026") + _indices(number, LUNAR_SILVER)
            + _at(sym.moon(LUNAR_GOLD), 60 if not star else 36, 8, 20)
            + _text(50, 96, number, 60, LUNAR_SILVER, "middle") + mark)


# --- Tricksters ---------------------------------------------------------------------------------------
CRITTERS = ("Ravens", "Foxes", "Rats", "Toads")         # clockwise round the card, Ravens on top as printed
CRITTER_COLOURS = {"Ravens": "#2d2d44", "Foxes": "#c0561b", "Rats": "#626262", "Toads": "#3d7a2a"}
CRITTER_ICONS = {"Ravens": sym.critter_raven, "Foxes": sym.critter_fox, "Rats": sym.critter_rat,
                 "Toads": sym.critter_toad}
EDGES = ("top", "right", "bottom", "left")


def edges(led: str | None = None) -> dict[str, str]:
    """Which edge each critter is on: as printed (Ravens on top, then clockwise), or
    turned so that `led` is at the bottom, toward the player, the order kept.

    >>> edges("Ravens")
    {'Ravens': 'bottom', 'Foxes': 'left', 'Rats': 'top', 'Toads': 'right'}
    """
    turn = (CRITTERS.index(led) + 2) % 4 if led else 0
    return {critter: EDGES[(i - turn) % 4] for i, critter in enumerate(CRITTERS)}


def tricksters_face(values, led: str | None = None) -> str:
    """A Tricksters card: its four values on its four edges in the critters'
    colours (Ravens, Foxes, Rats, Toads clockwise from the top, as printed), or,
    with `led`, turned so that the led critter's edge faces the player: its value
    large at the bottom, the others round the card in the same order."""
    where = edges(led)
    thick = {"top": 30, "right": 27, "bottom": 30, "left": 27} if not led else \
        {"top": 26, "right": 25, "bottom": 46, "left": 25}
    t, r, b, l_ = thick["top"], 100 - thick["right"], 140 - thick["bottom"], thick["left"]
    lo, hi = 3.5, (96.5, 136.5)
    shapes = {"top": [(lo, lo), (hi[0], lo), (r, t), (l_, t)],
              "right": [(hi[0], lo), (hi[0], hi[1]), (r, b), (r, t)],
              "bottom": [(hi[0], hi[1]), (lo, hi[1]), (l_, b), (r, b)],
              "left": [(lo, hi[1]), (lo, lo), (l_, t), (l_, b)]}
    out = [_frame()]
    for critter, value in zip(CRITTERS, values):
        edge = where[critter]
        colour = CRITTER_COLOURS[critter]
        is_led = critter == led
        out.append(sym._polygon(shapes[edge], colour, "" if is_led or not led else ' opacity=".82"'))
        icon = CRITTER_ICONS[critter]("#fff")
        if edge in ("top", "bottom"):
            size = 40 if is_led else 26
            middle_y = (t / 2 + 2) if edge == "top" else (b + (140 - b) / 2 + 1)
            out.append(_text(50 + (6 if is_led else 5), middle_y + size * .36, value, size, "#fff", "middle"))
            icon_size = 24 if is_led else 16
            out.append(_at(icon, 50 - (30 if is_led else 24), middle_y - icon_size / 2, icon_size))
        else:
            x = l_ / 2 + 1.5 if edge == "left" else r + (100 - r) / 2 - 1.5
            out.append(_text(x, 86, value, 24, "#fff", "middle"))
            out.append(_at(icon, x - 8, 44, 16))
    if led:
        colour = CRITTER_COLOURS[led]
        out.append(_at(CRITTER_ICONS[led](colour), 28, 36, 44))
    else:
        out.append("".join(f'<circle cx="{x}" cy="{y}" r="6" fill="{CRITTER_COLOURS[c]}"/>'
                           for c, (x, y) in zip(CRITTERS, ((50, 56), (64, 70), (50, 84), (36, 70)))))
    return "".join(out)


# --- backs -------------------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def back_body() -> str:
    """The back every game's cards share: a red lattice round three fanned cards."""
    diamonds = "".join(f'<path d="M{x} {y - 7}l7 7l-7 7l-7 -7z" fill="#a8323f"/>'
                       for x in range(18, 90, 16) for y in range(20, 130, 16) if not (30 < x < 70 and 46 < y < 96))
    fan = "".join(f'<rect x="42" y="50" width="16" height="24" rx="2" fill="#fdfbf4" stroke="#7a1f2b" '
                  f'stroke-width="1.5" transform="rotate({a} 50 84)"/>' for a in (-20, 0, 20))
    return (_frame("#7a1f2b", "#3a0d14") + '<rect x="8" y="8" width="84" height="124" rx="5" fill="none" '
            'stroke="#f4d9a0" stroke-width="2"/>' + diamonds
            + '<circle cx="50" cy="70" r="21" fill="#5e1621" stroke="#f4d9a0" stroke-width="2"/>' + fan)


def back() -> str:
    return _svg(back_body(), "face back")


# --- one entry point ----------------------------------------------------------------------------------
@lru_cache(maxsize=2048)
def face_body(game: str, token: str, theme: str = "", led: str | None = None,
              values: tuple | None = None, star: bool = False) -> str:
    """A card's face in card units (to place in a picture: `placed`)."""
    if game == "raven":
        return raven_face(token, theme)
    if game == "voren":
        return voren_face(token)
    if game == "lunar":
        return lunar_face(token, star)
    if game == "tricksters" and values:
        return tricksters_face(values, led)
    return _frame()                  # a game without art: a plain card (its name is its label)


def face(game: str, token: str, theme: str = "", led: str | None = None,
         values=None, star: bool = False) -> str:
    """A card's face as an SVG picture sized by the page (`data-led`: the critter a
    Tricksters card is turned to)."""
    turned = f' data-led="{led}"' if led and game == "tricksters" else ""
    return _svg(face_body(game, token, theme, led, tuple(values) if values else None, star), attrs=turned)


def placed(body: str, x: float, y: float, width: float, rotate: float = 0) -> str:
    """A face (or back) body drawn `width` units wide at (x, y), turned about its centre."""
    height = width * H / W
    return (f'<g transform="translate({x:g} {y:g}) rotate({rotate:g} {width / 2:g} {height / 2:g}) '
            f'scale({width / W:g})">{body}</g>')
