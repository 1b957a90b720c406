"""The drawings on the cards, as SVG fragments in a 100 x 100 box: each game's
suit symbols and its named cards' pictures (card_art.py places them on a card).

Every symbol is a shape of its own, so that a suit is told apart by its outline
as well as its colour (colour-blind players, forced colours); none holds text.
Pure Python, standard library only: natively unit-testable, run in the page.
"""
from __future__ import annotations

import math


def polygon(points, fill: str, extra: str = "") -> str:
    return f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in points)}" fill="{fill}"{extra}/>'


def _star_points(cx, cy, outer, inner, spikes, turn=-90.0):
    points = []
    for i in range(spikes * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / spikes)
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return points


def star(fill: str = "#e0a800", stroke: str = "#5a4300") -> str:
    """A five-pointed star (Lunar's star cards)."""
    return polygon(_star_points(50, 54, 48, 20, 5), fill, f' stroke="{stroke}" stroke-width="5" stroke-linejoin="round"')


# --- Raven: Shields, Swords, Axes, Waters ----------------------------------------------------
def shield(c: str) -> str:
    return (f'<path d="M12 8H88V46C88 72 70 87 50 96C30 87 12 72 12 46Z" fill="{c}"/>'
            '<path d="M50 18V84M24 42H76" stroke="#fff" stroke-width="8" opacity=".6"/>')


def sword(c: str) -> str:
    return (f'<g fill="{c}"><path d="M50 2L60 14V64H40V14Z"/><rect x="22" y="62" width="56" height="11" rx="5"/>'
            '<rect x="44" y="72" width="12" height="16"/><circle cx="50" cy="92" r="8"/></g>'
            '<path d="M50 14V60" stroke="#fff" stroke-width="3" opacity=".6"/>')


def axe(c: str) -> str:
    return (f'<g fill="{c}"><rect x="43" y="6" width="12" height="92" rx="5"/>'
            '<path d="M53 12C80 6 96 24 96 44C96 60 84 70 70 72C71 58 64 48 53 46Z"/>'
            '<path d="M45 20L20 27L45 38Z"/></g>')


def water(c: str) -> str:
    return (f'<path d="M50 4C62 28 84 46 84 65A34 34 0 0 1 16 65C16 46 38 28 50 4Z" fill="{c}"/>'
            '<path d="M28 66Q39 56 50 66T72 66" stroke="#fff" stroke-width="7" fill="none" stroke-linecap="round"/>')


# --- Raven's Prophecy: Sunburst, Spears, Serpents, Eagles --------------------------------------
def sunburst(c: str) -> str:
    rays = polygon(_star_points(50, 50, 49, 30, 12), c)
    return rays + f'<circle cx="50" cy="50" r="24" fill="{c}" stroke="#fff" stroke-width="5"/>'


def spear(c: str) -> str:
    return (f'<g fill="{c}"><path d="M50 2C64 16 64 32 50 44C36 32 36 16 50 2Z"/>'
            '<rect x="45" y="40" width="10" height="58" rx="4"/><path d="M34 50H66L60 58H40Z"/></g>')


def serpent(c: str) -> str:
    return (f'<path d="M66 16C36 6 16 30 38 44C58 56 74 64 58 82C48 94 28 92 20 80" stroke="{c}" '
            'stroke-width="15" fill="none" stroke-linecap="round"/>'
            f'<circle cx="70" cy="17" r="13" fill="{c}"/><circle cx="74" cy="13" r="3.5" fill="#fff"/>'
            f'<path d="M82 20L96 24L84 26Z" fill="{c}"/>')


def eagle(c: str) -> str:
    return (f'<path d="M84 96C86 66 82 36 64 20C50 8 28 10 16 24L4 38H24C20 44 23 50 32 50C44 50 48 58 46 68'
            f'C44 80 50 90 60 96Z" fill="{c}"/><circle cx="36" cy="28" r="6" fill="#fff"/>'
            '<circle cx="37" cy="28" r="2.5" fill="#111"/><path d="M58 40Q70 52 66 74" stroke="#fff" '
            'stroke-width="4" fill="none" opacity=".6"/>')


# --- Voren: Clubs, Diamonds, Hearts, Spades ------------------------------------------------------
def heart(c: str) -> str:
    return (f'<path d="M50 92C20 66 4 50 4 30C4 15 16 5 30 5C40 5 46 11 50 20C54 11 60 5 70 5'
            f'C84 5 96 15 96 30C96 50 80 66 50 92Z" fill="{c}"/>')


def diamond(c: str) -> str:
    return f'<path d="M50 2L90 50L50 98L10 50Z" fill="{c}"/>'


def spade(c: str) -> str:
    return (f'<path d="M50 4C58 24 94 42 94 62C94 77 82 85 70 85C62 85 57 81 54 75C55 85 59 92 66 97H34'
            f'C41 92 45 85 46 75C43 81 38 85 30 85C18 85 6 77 6 62C6 42 42 24 50 4Z" fill="{c}"/>')


def club(c: str) -> str:
    return (f'<g fill="{c}"><circle cx="50" cy="27" r="20"/><circle cx="26" cy="58" r="20"/>'
            '<circle cx="74" cy="58" r="20"/><circle cx="50" cy="52" r="12"/><path d="M45 55H55L62 97H38Z"/></g>')


# --- pictures of named cards (drawn in `c`, details in `d`) -----------------------------------------
def raven_bird(c: str, d: str) -> str:
    return (f'<g fill="{c}"><path d="M4 92L22 72L30 82Z"/>'
            '<ellipse cx="40" cy="66" rx="26" ry="16" transform="rotate(-28 40 66)"/>'
            '<circle cx="62" cy="38" r="14"/><path d="M72 32L96 40L72 46Z"/>'
            f'<path d="M34 98L37 80M46 98L46 78" stroke="{c}" stroke-width="4"/></g>'
            f'<path d="M22 72Q40 54 56 60" stroke="{d}" stroke-width="3" fill="none"/>'
            f'<circle cx="66" cy="35" r="3.2" fill="{d}"/>')


def wolf_head(c: str, d: str) -> str:
    return (f'<path d="M14 8L36 34H64L86 8L84 50C84 72 66 90 50 96C34 90 16 72 16 50Z" fill="{c}"/>'
            f'<path d="M28 50L42 56L28 58ZM72 50L58 56L72 58Z" fill="{d}"/>'
            f'<path d="M40 74H60L50 86Z" fill="{d}"/><path d="M36 40L50 70L64 40" stroke="{d}" '
            'stroke-width="3" fill="none" opacity=".5"/>')


def shaman(c: str, d: str) -> str:
    return (f'<g fill="{c}"><path d="M34 22L40 2L46 20L50 0L54 20L60 2L66 22Z"/>'
            '<circle cx="50" cy="32" r="13"/><path d="M30 98L38 50H62L70 98Z"/>'
            f'<rect x="78" y="14" width="6" height="84" rx="3"/><circle cx="81" cy="12" r="8"/></g>'
            f'<path d="M43 31H47M53 31H57" stroke="{d}" stroke-width="3"/>'
            f'<path d="M38 64H62M36 78H64" stroke="{d}" stroke-width="4"/>')


def dwarf(c: str, d: str) -> str:
    return (f'<g fill="{c}"><path d="M22 40C22 14 78 14 78 40Z"/><rect x="18" y="38" width="64" height="8" rx="4"/>'
            '<circle cx="50" cy="52" r="20"/><path d="M28 56C30 84 44 98 50 98C56 98 70 84 72 56'
            'C64 66 36 66 28 56Z"/></g>'
            f'<circle cx="42" cy="50" r="3" fill="{d}"/><circle cx="58" cy="50" r="3" fill="{d}"/>'
            f'<path d="M44 64Q50 60 56 64" stroke="{d}" stroke-width="3" fill="none"/>'
            f'<path d="M40 76V90M50 72V94M60 76V90" stroke="{d}" stroke-width="2.5" opacity=".6"/>')


def jaguar(c: str, d: str) -> str:
    spots = "".join(f'<circle cx="{x}" cy="{y}" r="4" fill="{d}"/>'
                    for x, y in ((30, 40), (70, 40), (38, 26), (62, 26), (24, 58), (76, 58)))
    return (f'<path d="M18 12L34 24H66L82 12L86 50C86 76 68 94 50 94C32 94 14 76 14 50Z" fill="{c}"/>{spots}'
            f'<ellipse cx="38" cy="50" rx="6" ry="4" fill="{d}"/><ellipse cx="62" cy="50" rx="6" ry="4" fill="{d}"/>'
            f'<path d="M43 66H57L50 74Z" fill="{d}"/><path d="M50 74V80M40 82Q50 88 60 82" stroke="{d}" '
            'stroke-width="3" fill="none"/>')


def monkey(c: str, d: str) -> str:
    return (f'<g fill="{c}"><circle cx="16" cy="46" r="14"/><circle cx="84" cy="46" r="14"/>'
            '<circle cx="50" cy="46" r="34"/></g>'
            f'<ellipse cx="50" cy="62" rx="22" ry="16" fill="{d}" opacity=".45"/>'
            f'<circle cx="38" cy="40" r="5" fill="{d}"/><circle cx="62" cy="40" r="5" fill="{d}"/>'
            f'<path d="M40 68Q50 76 60 68" stroke="{d}" stroke-width="3.5" fill="none"/>')


def lizard(c: str, d: str) -> str:
    return (f'<g fill="{c}"><ellipse cx="50" cy="46" rx="13" ry="24"/><circle cx="50" cy="16" r="11"/>'
            f'<path d="M50 66C54 84 66 92 82 94" stroke="{c}" stroke-width="9" fill="none" stroke-linecap="round"/></g>'
            f'<path d="M38 34L20 24L16 32M62 34L80 24L84 32M40 58L22 70L20 62M60 58L78 70L80 62" '
            f'stroke="{c}" stroke-width="7" fill="none" stroke-linecap="round" stroke-linejoin="round"/>'
            f'<circle cx="45" cy="13" r="2.8" fill="{d}"/><circle cx="55" cy="13" r="2.8" fill="{d}"/>'
            f'<path d="M50 30V60" stroke="{d}" stroke-width="3" stroke-dasharray="4 4"/>')


def realm(c: str, d: str) -> str:
    return (f'<path d="M10 96V38H22V48H34V38H46V48H54V38H66V48H78V38H90V96Z" fill="{c}"/>'
            f'<path d="M40 96V74A10 10 0 0 1 60 74V96Z" fill="{d}"/>'
            f'<rect x="22" y="58" width="9" height="12" fill="{d}"/><rect x="69" y="58" width="9" height="12" fill="{d}"/>'
            f'<path d="M50 38V8" stroke="{c}" stroke-width="4"/><path d="M52 8L72 14L52 20Z" fill="{c}"/>')


def lesser_crown(c: str, d: str) -> str:
    return (f'<path d="M18 76L12 34L34 54L50 26L66 54L88 34L82 76Z" fill="{c}"/>'
            f'<rect x="18" y="76" width="64" height="12" rx="3" fill="{c}"/>'
            f'<circle cx="50" cy="64" r="6" fill="{d}"/>')


def greater_crown(c: str, d: str) -> str:
    tips = "".join(f'<circle cx="{x}" cy="{y}" r="6" fill="{c}"/>' for x, y in ((6, 22), (28, 14), (50, 6), (72, 14), (94, 22)))
    return (f'<path d="M14 80L6 24L30 50L28 16L44 46L50 8L56 46L72 16L70 50L94 24L86 80Z" fill="{c}"/>{tips}'
            f'<rect x="12" y="78" width="76" height="16" rx="3" fill="{c}"/>'
            + "".join(f'<circle cx="{x}" cy="86" r="4.5" fill="{d}"/>' for x in (28, 50, 72))
            + f'<path d="M50 52L58 62L50 72L42 62Z" fill="{d}"/>')


def dagger(c: str, d: str) -> str:
    return (f'<g fill="{c}"><path d="M50 4L60 18L58 62H42L40 18Z"/><rect x="24" y="60" width="52" height="10" rx="5"/>'
            '<rect x="44" y="70" width="12" height="18" rx="3"/><circle cx="50" cy="92" r="7"/></g>'
            f'<path d="M50 16V58" stroke="{d}" stroke-width="3"/>'
            f'<path d="M66 30C80 34 86 48 74 56C64 62 70 74 84 76" stroke="{c}" stroke-width="5" fill="none" '
            'stroke-linecap="round"/>')


# --- Lunar's suit cards --------------------------------------------------------------------------
def owl(c: str, d: str) -> str:
    return (f'<g fill="{c}"><path d="M22 10L34 30H66L78 10L84 40C90 70 74 96 50 96C26 96 10 70 16 40Z"/></g>'
            '<circle cx="36" cy="44" r="13" fill="#fff"/><circle cx="64" cy="44" r="13" fill="#fff"/>'
            f'<circle cx="36" cy="44" r="6" fill="{d}"/><circle cx="64" cy="44" r="6" fill="{d}"/>'
            '<path d="M44 58H56L50 70Z" fill="#f2b233"/>'
            f'<path d="M32 78Q38 74 44 78M44 84Q50 80 56 84M56 78Q62 74 68 78" stroke="{d}" stroke-width="2.5" '
            'fill="none" opacity=".6"/>')


def lynx(c: str, d: str) -> str:
    return (f'<path d="M20 4V36M80 4V36" stroke="{c}" stroke-width="4"/>'
            f'<path d="M14 30L24 6L40 30H60L76 6L86 30L90 60L98 80L76 78C68 92 60 96 50 96C40 96 32 92 24 78'
            f'L2 80L10 60Z" fill="{c}"/>'
            f'<ellipse cx="37" cy="50" rx="7" ry="5" fill="{d}"/><ellipse cx="63" cy="50" rx="7" ry="5" fill="{d}"/>'
            f'<path d="M44 64H56L50 71Z" fill="{d}"/><path d="M50 71V76M42 80Q50 84 58 80" stroke="{d}" '
            'stroke-width="3" fill="none"/>')


def bat(c: str, d: str) -> str:
    return (f'<path d="M50 30C46 30 44 26 44 22L40 14L46 18H54L60 14L56 22C56 26 54 30 50 30Z" fill="{c}"/>'
            f'<path d="M50 30C58 30 62 40 62 48C70 36 86 30 98 34C92 44 92 56 96 66C88 60 80 62 76 70'
            f'C70 62 62 64 56 74C54 70 52 68 50 68C48 68 46 70 44 74C38 64 30 62 24 70C20 62 12 60 4 66'
            f'C8 56 8 44 2 34C14 30 30 36 38 48C38 40 42 30 50 30Z" fill="{c}"/>'
            f'<circle cx="47" cy="24" r="1.8" fill="{d}"/><circle cx="53" cy="24" r="1.8" fill="{d}"/>')


def moon(c: str) -> str:
    return f'<path d="M62 6A44 44 0 1 0 94 78A36 36 0 1 1 62 6Z" fill="{c}"/>'


# --- Tricksters' critters (small, light on their colour) ---------------------------------------------
def critter_raven(c: str) -> str:
    return (f'<g fill="{c}"><path d="M6 70L26 54L34 64Z"/><ellipse cx="46" cy="56" rx="26" ry="16" '
            'transform="rotate(-20 46 56)"/><circle cx="70" cy="34" r="14"/><path d="M80 28L98 36L80 42Z"/></g>')


def critter_fox(c: str) -> str:
    return f'<path d="M8 8L34 32H66L92 8L86 50L50 94L14 50Z" fill="{c}"/>'


def critter_rat(c: str) -> str:
    return (f'<g fill="{c}"><ellipse cx="48" cy="58" rx="32" ry="22"/><circle cx="76" cy="40" r="12"/>'
            f'<path d="M70 48L98 58L72 66Z"/></g><path d="M18 62C4 66 4 84 18 88" stroke="{c}" '
            'stroke-width="6" fill="none" stroke-linecap="round"/>')


def critter_toad(c: str) -> str:
    return (f'<g fill="{c}"><ellipse cx="50" cy="58" rx="38" ry="28"/><circle cx="32" cy="30" r="12"/>'
            '<circle cx="68" cy="30" r="12"/><ellipse cx="14" cy="84" rx="12" ry="7"/>'
            '<ellipse cx="86" cy="84" rx="12" ry="7"/></g>')
