"""Original icon art drawn from simple shapes: type icons, Dominion symbols, app icon.

Every icon is a list of shapes in unit coordinates (0..1 on both axes, y down), so
the same drawing renders to a Pillow image at any size (:func:`render_shapes`,
antialiased by supersampling) and to SVG (:func:`shapes_to_svg`). Drawing is
deterministic: the same call gives the same pixels.

Sources: rulebook "Types of Cards" (each type is identified in the upper left
corner with a type icon) and "Permanents and Instants" (square-bordered icons are
permanent cards, circle-bordered icons are instant cards; all Sites and Characters
are permanent). The designs are original, not copies of the 1997 cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from card_db.records import ALWAYS_PERMANENT, DOMINIONS, CardType

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Point = tuple[float, float]

#: Dark ink for borders and outlines.
INK: Colour = (27, 24, 32)
#: Light colour of the glyphs drawn on the coloured icon grounds.
GLYPH: Colour = (247, 241, 227)

#: Ground colour of each card type's icon.
TYPE_COLOURS: dict[CardType, Colour] = {
    CardType.CHARACTER: (122, 46, 46),
    CardType.SITE: (47, 93, 58),
    CardType.PATH: (107, 90, 46),
    CardType.DICTATE: (75, 46, 107),
    CardType.ALLY_ACTION: (46, 79, 122),
    CardType.COMBAT_MANEUVER: (138, 59, 18),
    CardType.INFLUENCE_MANEUVER: (31, 107, 107),
    CardType.FLASH: (154, 116, 16),
}

#: Symbol colour of each Dominion, 1-5; ``0`` is the Oviate symbol (no Dominion).
DOMINION_COLOURS: dict[int, Colour] = {
    0: (58, 58, 64),
    1: (160, 138, 60),
    2: (162, 59, 42),
    3: (61, 122, 58),
    4: (47, 95, 143),
    5: (91, 74, 58),
}

#: The Oviate symbol's number: the rulebook writes an Oviate's Home Dominion as "0".
OVIATE_DOMINION = 0


@dataclass(frozen=True, slots=True)
class Rect:
    """Axis-aligned rectangle; the outline is drawn inside the box."""

    x0: float
    y0: float
    x1: float
    y1: float
    fill: Colour | None = None
    outline: Colour | None = None
    width: float = 0.0
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Ellipse:
    """Ellipse centred at (cx, cy); the outline is drawn inside the radii."""

    cx: float
    cy: float
    rx: float
    ry: float
    fill: Colour | None = None
    outline: Colour | None = None
    width: float = 0.0


@dataclass(frozen=True, slots=True)
class Polygon:
    """Filled polygon, optionally outlined (outline ``width`` in unit coordinates)."""

    points: tuple[Point, ...]
    fill: Colour
    outline: Colour | None = None
    width: float = 0.0


@dataclass(frozen=True, slots=True)
class Polyline:
    """Open stroked line through ``points`` with round joints."""

    points: tuple[Point, ...]
    colour: Colour
    width: float


Shape = Rect | Ellipse | Polygon | Polyline


# ---------------------------------------------------------------------------
# Rendering


def render_shapes(shapes: list[Shape], size: int, supersample: int = 4) -> Image.Image:
    """Render unit-coordinate ``shapes`` to a transparent RGBA image ``size`` x ``size`` px.

    Drawn at ``supersample`` times the size and reduced with Lanczos for smooth
    edges. Raises ``ValueError`` if ``size`` < 1.
    """
    if size < 1:
        raise ValueError(f"icon size must be at least 1 px, got {size}")
    k = size * supersample
    canvas = Image.new("RGBA", (k, k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)

    def px(value: float) -> int:
        return round(value * k)

    def stroke(value: float) -> int:
        return max(1, round(value * k)) if value > 0 else 0

    for shape in shapes:
        if isinstance(shape, Rect):
            box = (px(shape.x0), px(shape.y0), px(shape.x1) - 1, px(shape.y1) - 1)
            draw.rounded_rectangle(
                box, radius=px(shape.radius), fill=shape.fill,
                outline=shape.outline, width=stroke(shape.width),
            )
        elif isinstance(shape, Ellipse):
            box = (
                px(shape.cx - shape.rx), px(shape.cy - shape.ry),
                px(shape.cx + shape.rx) - 1, px(shape.cy + shape.ry) - 1,
            )
            draw.ellipse(box, fill=shape.fill, outline=shape.outline, width=stroke(shape.width))
        elif isinstance(shape, Polygon):
            points = [(x * k, y * k) for x, y in shape.points]
            draw.polygon(points, fill=shape.fill)
            if shape.outline is not None and shape.width > 0:
                draw.line(points + points[:1], fill=shape.outline, width=stroke(shape.width),
                          joint="curve")
        else:
            points = [(x * k, y * k) for x, y in shape.points]
            draw.line(points, fill=shape.colour, width=stroke(shape.width), joint="curve")
    return canvas.resize((size, size), Image.Resampling.LANCZOS)


def _svg_colour(colour: Colour | None) -> str:
    if colour is None:
        return "none"
    r, g, b = colour[:3]
    return f"#{r:02x}{g:02x}{b:02x}"


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def shapes_to_svg(shapes: list[Shape], size: int, title: str = "") -> str:
    """The same drawing as SVG text with a ``size`` x ``size`` view box.

    Outlines are inset by half their width so that they cover the same area as in
    :func:`render_shapes`.
    """
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}">'
    ]
    if title:
        safe = title.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        out.append(f"  <title>{safe}</title>")

    def s(value: float) -> str:
        return _num(value * size)

    for shape in shapes:
        if isinstance(shape, Rect):
            inset = shape.width / 2 if shape.outline is not None else 0.0
            out.append(
                f'  <rect x="{s(shape.x0 + inset)}" y="{s(shape.y0 + inset)}" '
                f'width="{s(shape.x1 - shape.x0 - 2 * inset)}" '
                f'height="{s(shape.y1 - shape.y0 - 2 * inset)}" '
                f'rx="{s(max(shape.radius - inset, 0.0))}" fill="{_svg_colour(shape.fill)}" '
                f'stroke="{_svg_colour(shape.outline)}" stroke-width="{s(shape.width)}"/>'
            )
        elif isinstance(shape, Ellipse):
            inset = shape.width / 2 if shape.outline is not None else 0.0
            out.append(
                f'  <ellipse cx="{s(shape.cx)}" cy="{s(shape.cy)}" rx="{s(shape.rx - inset)}" '
                f'ry="{s(shape.ry - inset)}" fill="{_svg_colour(shape.fill)}" '
                f'stroke="{_svg_colour(shape.outline)}" stroke-width="{s(shape.width)}"/>'
            )
        elif isinstance(shape, Polygon):
            points = " ".join(f"{s(x)},{s(y)}" for x, y in shape.points)
            stroke = ""
            if shape.outline is not None and shape.width > 0:
                stroke = (f' stroke="{_svg_colour(shape.outline)}" '
                          f'stroke-width="{s(shape.width)}" stroke-linejoin="round"')
            out.append(f'  <polygon points="{points}" fill="{_svg_colour(shape.fill)}"{stroke}/>')
        else:
            points = " ".join(f"{s(x)},{s(y)}" for x, y in shape.points)
            out.append(
                f'  <polyline points="{points}" fill="none" stroke="{_svg_colour(shape.colour)}" '
                f'stroke-width="{s(shape.width)}" stroke-linejoin="round"/>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Geometry helpers


def _arc(cx: float, cy: float, r: float, start: float, end: float, steps: int = 48) -> tuple[
    Point, ...
]:
    """Points on a circle from ``start`` to ``end`` degrees (clockwise on screen, 0 = +x)."""
    return tuple(
        (cx + r * math.cos(math.radians(start + (end - start) * i / steps)),
         cy + r * math.sin(math.radians(start + (end - start) * i / steps)))
        for i in range(steps + 1)
    )


def _strip(a: Point, b: Point, half_width: float) -> tuple[Point, ...]:
    """A quadrilateral of ``half_width`` around the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * half_width, dx / length * half_width
    return ((a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny),
            (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny))


def _sword(hilt: Point, tip: Point, colour: Colour, edge: Colour) -> list[Shape]:
    dx, dy = tip[0] - hilt[0], tip[1] - hilt[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    guard = (hilt[0] + ux * 0.12, hilt[1] + uy * 0.12)
    shoulder = (tip[0] - ux * 0.07, tip[1] - uy * 0.07)
    w = 0.032
    blade = (
        (guard[0] + nx * w, guard[1] + ny * w), (shoulder[0] + nx * w, shoulder[1] + ny * w),
        tip,
        (shoulder[0] - nx * w, shoulder[1] - ny * w), (guard[0] - nx * w, guard[1] - ny * w),
    )
    cross_a = (guard[0] + nx * 0.1, guard[1] + ny * 0.1)
    cross_b = (guard[0] - nx * 0.1, guard[1] - ny * 0.1)
    return [
        Polygon(_strip(hilt, guard, 0.02), colour, edge, 0.015),
        Polygon(blade, colour, edge, 0.015),
        Polygon(_strip(cross_a, cross_b, 0.022), colour, edge, 0.015),
        Ellipse(hilt[0], hilt[1], 0.035, 0.035, colour, edge, 0.012),
    ]


# ---------------------------------------------------------------------------
# Type glyphs (the picture inside a type icon's border)


def type_glyph_shapes(card_type: CardType, ink: Colour = GLYPH,
                      ground: Colour | None = None) -> list[Shape]:
    """The picture for ``card_type`` drawn in ``ink``, centred within radius 0.34.

    ``ground`` is the colour behind the glyph, used for cut-outs (a Site's door, a
    Path's centre line); it defaults to the type's icon colour.
    """
    ground = TYPE_COLOURS[card_type] if ground is None else ground
    if card_type is CardType.CHARACTER:
        shoulders = _arc(0.5, 0.72, 0.2, 180, 360)
        return [Ellipse(0.5, 0.41, 0.105, 0.115, ink), Polygon(shoulders, ink)]
    if card_type is CardType.SITE:
        return [
            Polygon(((0.35, 0.43), (0.5, 0.25), (0.65, 0.43)), ink),
            Rect(0.39, 0.43, 0.61, 0.74, ink),
            Rect(0.465, 0.61, 0.535, 0.74, ground, radius=0.035),
            Rect(0.3, 0.74, 0.7, 0.78, ink),
        ]
    if card_type is CardType.PATH:
        road = Polygon(((0.31, 0.76), (0.46, 0.27), (0.54, 0.27), (0.69, 0.76)), ink)
        dashes = [
            Polygon(((0.5 - w * 0.6, y0), (0.5 + w * 0.6, y0), (0.5 + w, y1), (0.5 - w, y1)),
                    ground)
            for y0, y1, w in ((0.31, 0.37, 0.008), (0.44, 0.53, 0.013), (0.6, 0.72, 0.019))
        ]
        return [road, *dashes]
    if card_type is CardType.DICTATE:
        crown = ((0.28, 0.66), (0.28, 0.37), (0.39, 0.52), (0.5, 0.31), (0.61, 0.52),
                 (0.72, 0.37), (0.72, 0.66))
        return [Polygon(crown, ink), Rect(0.28, 0.68, 0.72, 0.75, ink, radius=0.01)]
    if card_type is CardType.ALLY_ACTION:
        cx, cy, r, start, end = 0.5, 0.52, 0.19, 160.0, 410.0
        arc = Polyline(_arc(cx, cy, r, start, end), ink, 0.075)
        a = math.radians(end)
        ex, ey = cx + r * math.cos(a), cy + r * math.sin(a)
        tx, ty = -math.sin(a), math.cos(a)  # clockwise tangent
        rx, ry = math.cos(a), math.sin(a)
        head = Polygon(((ex + rx * 0.09, ey + ry * 0.09), (ex + tx * 0.12, ey + ty * 0.12),
                        (ex - rx * 0.09, ey - ry * 0.09)), ink)
        return [arc, head]
    if card_type is CardType.COMBAT_MANEUVER:
        return [*_sword((0.3, 0.72), (0.72, 0.28), ink, ground),
                *_sword((0.7, 0.72), (0.28, 0.28), ink, ground)]
    if card_type is CardType.INFLUENCE_MANEUVER:
        cx, cy = 0.34, 0.5
        waves = [Polyline(_arc(cx, cy, r, -48, 48, 24), ink, 0.055) for r in (0.13, 0.22, 0.31)]
        return [Ellipse(cx, cy, 0.06, 0.06, ink), *waves]
    if card_type is CardType.FLASH:
        bolt = ((0.58, 0.22), (0.34, 0.54), (0.49, 0.54), (0.4, 0.8), (0.68, 0.44),
                (0.53, 0.44), (0.65, 0.22))
        return [Polygon(bolt, ink)]
    raise ValueError(f"no glyph for card type {card_type!r}")


def type_icon_shapes(card_type: CardType, permanent: bool) -> list[Shape]:
    """A type icon: the glyph in a square border (permanent) or a circle (instant).

    Raises ``ValueError`` for an instant Character or Site: "All Sites and
    characters are permanent" ("Permanents and Instants").
    """
    card_type = CardType(card_type)
    if not permanent and card_type in ALWAYS_PERMANENT:
        raise ValueError(f"{card_type.value} cards are always permanent (no instant icon)")
    ground = TYPE_COLOURS[card_type]
    if permanent:
        frame: Shape = Rect(0.06, 0.06, 0.94, 0.94, ground, INK, 0.07, radius=0.05)
    else:
        frame = Ellipse(0.5, 0.5, 0.45, 0.45, ground, INK, 0.07)
    return [frame, *type_glyph_shapes(card_type, GLYPH, ground)]


# ---------------------------------------------------------------------------
# Dominion symbols


def _bar(x: float) -> Shape:
    return Rect(x - 0.036, 0.32, x + 0.036, 0.68, GLYPH)


def _vee(x: float) -> Shape:
    return Polygon(((x - 0.13, 0.32), (x - 0.058, 0.32), (x, 0.56), (x + 0.058, 0.32),
                    (x + 0.13, 0.32), (x + 0.035, 0.68), (x - 0.035, 0.68)), GLYPH)


_NUMERALS: dict[int, list[Shape]] = {
    1: [_bar(0.5)],
    2: [_bar(0.44), _bar(0.56)],
    3: [_bar(0.38), _bar(0.5), _bar(0.62)],
    4: [_bar(0.35), _vee(0.56)],
    5: [_vee(0.5)],
}


def dominion_symbol_shapes(dominion: int) -> list[Shape]:
    """Symbol of Dominion 1-5 (a disc with its Roman numeral) or ``0`` for Oviates.

    The Oviate symbol is an egg-shaped "0": the rulebook writes an Oviate's Home
    Dominion as "0" and "There is no 'Zeroth Dominion' in the Imajica" ("Types of
    Cards"). Raises ``ValueError`` for any other number.
    """
    if dominion != OVIATE_DOMINION and dominion not in DOMINIONS:
        raise ValueError(f"Dominion must be 1-5 (or 0 for Oviates), got {dominion!r}")
    disc = Ellipse(0.5, 0.5, 0.45, 0.45, DOMINION_COLOURS[dominion], INK, 0.06)
    if dominion == OVIATE_DOMINION:
        return [disc, Ellipse(0.5, 0.5, 0.15, 0.21, None, GLYPH, 0.075)]
    return [disc, *_NUMERALS[dominion]]


# ---------------------------------------------------------------------------
# App icon

APP_BACKGROUND: Colour = (35, 26, 51)
APP_GOLD: Colour = (201, 169, 74)
APP_CARD: Colour = (243, 234, 210)


def app_icon_shapes() -> list[Shape]:
    """The app icon: the five Dominions as discs on one ring around a card.

    The ring stands for the Reconciliation of the Five Dominions ("Game
    Background"); the card in the middle is drawn at the real 63:88 card aspect.
    """
    shapes: list[Shape] = [
        Rect(0.0, 0.0, 1.0, 1.0, APP_BACKGROUND, radius=0.18),
        Ellipse(0.5, 0.5, 0.335, 0.335, None, APP_GOLD, 0.028),
    ]
    for index, dominion in enumerate(DOMINIONS):
        angle = math.radians(-90 + 72 * index)
        x, y = 0.5 + 0.32 * math.cos(angle), 0.5 + 0.32 * math.sin(angle)
        shapes.append(Ellipse(x, y, 0.088, 0.088, DOMINION_COLOURS[dominion], APP_CARD, 0.018))
    half_w, half_h = 0.115, 0.115 * 88 / 63
    shapes.append(Rect(0.5 - half_w, 0.5 - half_h, 0.5 + half_w, 0.5 + half_h, APP_CARD,
                       APP_GOLD, 0.014, radius=0.022))
    star = []
    for i in range(8):
        r = 0.085 if i % 2 == 0 else 0.026
        a = math.radians(-90 + 45 * i)
        star.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
    shapes.append(Polygon(tuple(star), APP_BACKGROUND))
    return shapes


# ---------------------------------------------------------------------------
# Cached images for the proxy renderer


@lru_cache(maxsize=128)
def _cached(kind: str, key: tuple[object, ...], size: int) -> Image.Image:
    if kind == "type":
        card_type, permanent = key
        return render_shapes(type_icon_shapes(CardType(card_type), bool(permanent)), size)
    if kind == "dominion":
        return render_shapes(dominion_symbol_shapes(int(key[0])), size)
    return render_shapes(app_icon_shapes(), size)


def type_icon(card_type: CardType, permanent: bool, size: int = 128) -> Image.Image:
    """RGBA type icon, ``size`` px square (see :func:`type_icon_shapes`)."""
    return _cached("type", (CardType(card_type).value, bool(permanent)), size).copy()


def dominion_symbol(dominion: int, size: int = 128) -> Image.Image:
    """RGBA Dominion symbol, ``size`` px square; ``0`` is the Oviate symbol."""
    return _cached("dominion", (int(dominion),), size).copy()


def app_icon(size: int = 512) -> Image.Image:
    """RGBA app icon, ``size`` px square."""
    return _cached("app", (), size).copy()


# ---------------------------------------------------------------------------
# The static art files in the repository's images/ folder

#: Pixel size of the committed type icons and Dominion symbols.
STATIC_ICON_SIZE = 128
#: Pixel size of the committed app icon PNG.
STATIC_APP_ICON_SIZE = 512


def type_slug(card_type: CardType) -> str:
    """File-name form of a card type, e.g. ``"ally-action"``."""
    return CardType(card_type).value.lower().replace(" ", "-")


def static_art() -> dict[str, Image.Image | str]:
    """Every file of ``images/`` by relative path: PNG images, or SVG text.

    * ``app-icon.svg`` and ``app-icon-512.png``;
    * ``types/<type>-permanent.png`` for all eight types and ``types/<type>-instant.png``
      for the six types that have instant cards (not Character or Site);
    * ``dominions/dominion-1.png`` .. ``dominion-5.png`` and ``dominions/oviate-0.png``.
    """
    files: dict[str, Image.Image | str] = {
        "app-icon.svg": shapes_to_svg(app_icon_shapes(), STATIC_APP_ICON_SIZE,
                                      "Imajica Deck Builder"),
        "app-icon-512.png": render_shapes(app_icon_shapes(), STATIC_APP_ICON_SIZE),
    }
    for card_type in CardType:
        forms = (True,) if card_type in ALWAYS_PERMANENT else (True, False)
        for permanent in forms:
            form = "permanent" if permanent else "instant"
            files[f"types/{type_slug(card_type)}-{form}.png"] = render_shapes(
                type_icon_shapes(card_type, permanent), STATIC_ICON_SIZE)
    for dominion in DOMINIONS:
        files[f"dominions/dominion-{dominion}.png"] = render_shapes(
            dominion_symbol_shapes(dominion), STATIC_ICON_SIZE)
    files["dominions/oviate-0.png"] = render_shapes(
        dominion_symbol_shapes(OVIATE_DOMINION), STATIC_ICON_SIZE)
    return files
