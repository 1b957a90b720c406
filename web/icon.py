"""The site's icon, drawn here: three cards fanned on the felt, a gold star on the
front one. Written as PNG files (standard library only) by build.py:

    python3 web/icon.py OUT_DIR

makes icon-32.png (favicon), icon-96.png (the header's 28 px at up to 3x), icon-180.png (home screens that ignore the
manifest), icon-192.png and icon-512.png ("any") and icon-maskable-512.png
(full-bleed felt, the drawing inside the central safe circle).

Shapes are signed distance functions in a unit square; a pixel's coverage of a
shape is its distance clamped to half a pixel either side (anti-aliasing).
"""
from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

FELT = (0x14, 0x5C, 0x43)
EDGE = (0x0A, 0x2A, 0x20)
PAPER = (0xFD, 0xFB, 0xF4)
INK = (0x1B, 0x1B, 0x1B)
GOLD = (0xFF, 0xD1, 0x66)
BANDS = ((0xB2, 0x22, 0x22), (0x1F, 0x4E, 0x9C), (0x0B, 0x7A, 0x75))


def rounded_box(px: float, py: float, half_w: float, half_h: float, radius: float) -> float:
    qx, qy = abs(px) - half_w + radius, abs(py) - half_h + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def polygon(px: float, py: float, points: list[tuple[float, float]]) -> float:
    """Signed distance to a simple polygon (negative inside)."""
    best = float("inf")
    inside = False
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        ex, ey = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)))
        best = min(best, math.hypot(px - ax - ex * t, py - ay - ey * t))
        if (ay > py) != (by > py) and px < ax + (py - ay) * ex / ey:
            inside = not inside
    return -best if inside else best


class Shape:
    """A distance function with a colour and the box (in unit coordinates) it lives in."""

    def __init__(self, colour, distance, box):
        self.colour, self.distance, self.box = colour, distance, box


def card_shapes(angle_deg: float, band) -> list[Shape]:
    """A card rotated about the fan's pivot below the middle: outline, paper, band."""
    half_w, half_h, radius = 0.15, 0.215, 0.035
    pivot_x, pivot_y, lift = 0.5, 0.95, 0.43        # the card's centre is `lift` above the pivot
    a = math.radians(angle_deg)
    cx, cy = pivot_x + lift * math.sin(a), pivot_y - lift * math.cos(a)
    cos, sin = math.cos(-a), math.sin(-a)

    def local(x, y):
        dx, dy = x - cx, y - cy
        return dx * cos - dy * sin, dx * sin + dy * cos

    def outline(x, y):
        lx, ly = local(x, y)
        return rounded_box(lx, ly, half_w + 0.012, half_h + 0.012, radius + 0.012)

    def paper(x, y):
        lx, ly = local(x, y)
        return rounded_box(lx, ly, half_w, half_h, radius)

    def strip(x, y):
        lx, ly = local(x, y)
        return max(rounded_box(lx, ly, half_w, half_h, radius), ly - (-half_h + 0.06))

    reach = math.hypot(half_w, half_h) + 0.02
    box = (cx - reach, cy - reach, cx + reach, cy + reach)
    return [Shape(INK, outline, box), Shape(PAPER, paper, box), Shape(band, strip, box)]


def star_shape(cx: float, cy: float, outer: float) -> Shape:
    inner = outer * 0.45
    points = [(cx + (outer if i % 2 == 0 else inner) * math.sin(i * math.pi / 5),
               cy - (outer if i % 2 == 0 else inner) * math.cos(i * math.pi / 5)) for i in range(10)]
    return Shape(GOLD, lambda x, y: polygon(x, y, points), (cx - outer, cy - outer, cx + outer, cy + outer))


def drawing() -> list[Shape]:
    shapes = []
    for angle, band in zip((-24, 24, 0), (BANDS[0], BANDS[2], BANDS[1])):   # the middle card in front
        shapes += card_shapes(angle, band)
    shapes.append(star_shape(0.5, 0.56, 0.1))
    return shapes


def render(size: int, maskable: bool) -> bytes:
    """RGBA rows of the icon at `size` pixels."""
    shapes = drawing()
    scale = 0.8 if maskable else 1.0          # maskable: inside the safe circle (80%)
    pixel = 1.0 / size

    def background(x, y):
        if maskable:
            return -1.0
        return rounded_box(x - 0.5, y - 0.5, 0.47, 0.47, 0.11)

    rows = []
    for j in range(size):
        row = bytearray()
        for i in range(size):
            ux, uy = (i + 0.5) * pixel, (j + 0.5) * pixel
            bg = min(1.0, max(0.0, 0.5 - background(ux, uy) / pixel))
            if maskable:
                r, g, b = FELT
            else:   # felt with a darker rim
                rim = min(1.0, max(0.0, 0.5 - (background(ux, uy) + 0.025) / pixel))
                r, g, b = (EDGE[k] + (FELT[k] - EDGE[k]) * rim for k in range(3))
            x, y = (ux - 0.5) / scale + 0.5, (uy - 0.5) / scale + 0.5
            for shape in shapes:
                x0, y0, x1, y1 = shape.box
                if not (x0 <= x <= x1 and y0 <= y <= y1):
                    continue
                cover = min(1.0, max(0.0, 0.5 - shape.distance(x, y) / (pixel / scale)))
                if cover:
                    r, g, b = (c + (s - c) * cover for c, s in zip((r, g, b), shape.colour))
            row += bytes((round(r), round(g), round(b), round(255 * bg)))
        rows.append(bytes(row))
    return b"".join(b"\0" + row for row in rows)


def png(size: int, data: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)   # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(data, 9)) + chunk(b"IEND", b"")


ICONS = {"icon-32.png": (32, False), "icon-96.png": (96, False), "icon-180.png": (180, False), "icon-192.png": (192, False),
         "icon-512.png": (512, False), "icon-maskable-512.png": (512, True)}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name, (size, maskable) in ICONS.items():
        (out / name).write_bytes(png(size, render(size, maskable)))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
