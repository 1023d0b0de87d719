"""Card faces laid out in a grid, for a deck's PNG export.

Every card gets a cell ``cell_width`` x ``card_height(cell_width)`` px (63:88, the
real card aspect). Cards are fitted into their cell keeping their own aspect and
centred; cells run left to right, then top to bottom.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from card_db.images.aspect import card_height
from card_db.images.text import TextStyle, draw_text, font_family

Colour = tuple[int, int, int]

#: Default cell width in px (5 px per mm of card).
DEFAULT_CELL_WIDTH = 315


def grid_size(count: int, columns: int, cell_width: int = DEFAULT_CELL_WIDTH, gap: int = 12,
              margin: int = 24) -> tuple[int, int]:
    """Pixel size ``(width, height)`` of a grid of ``count`` cards.

    Uses ``min(columns, count)`` columns and ``ceil(count / columns)`` rows. Raises
    ``ValueError`` if ``count`` or ``columns`` is below 1 or ``cell_width`` below 8.
    """
    if count < 1:
        raise ValueError("a grid needs at least one card image")
    if columns < 1:
        raise ValueError(f"columns must be at least 1, got {columns}")
    if cell_width < 8:
        raise ValueError(f"cell width must be at least 8 px, got {cell_width}")
    if gap < 0 or margin < 0:
        raise ValueError("gap and margin cannot be negative")
    used_columns = min(columns, count)
    rows = math.ceil(count / columns)
    cell_h = card_height(cell_width)
    return (2 * margin + used_columns * cell_width + (used_columns - 1) * gap,
            2 * margin + rows * cell_h + (rows - 1) * gap)


def render_grid(images: Sequence[Image.Image], columns: int, *,
                cell_width: int = DEFAULT_CELL_WIDTH, gap: int = 12, margin: int = 24,
                background: Colour = (255, 255, 255),
                labels: Sequence[str] | None = None) -> Image.Image:
    """Lay ``images`` out ``columns`` wide on an RGB image of :func:`grid_size`.

    ``labels`` (one per image, ``""`` for none), e.g. ``"3x"``, are drawn as a badge
    at the right edge of each cell, 39 % of the way down (over a proxy's picture).
    Transparent images are flattened onto ``background``. Raises ``ValueError`` for
    an empty list, ``columns`` < 1, or a ``labels`` list of a different length.
    """
    if labels is not None and len(labels) != len(images):
        raise ValueError(f"{len(labels)} labels for {len(images)} images")
    width, height = grid_size(len(images), columns, cell_width, gap, margin)
    sheet = Image.new("RGB", (width, height), background)
    cell_h = card_height(cell_width)
    badge = TextStyle(font_family(), max(8, cell_width // 12), (255, 255, 255), bold=True)
    for index, image in enumerate(images):
        row, column = divmod(index, columns)
        x = margin + column * (cell_width + gap)
        y = margin + row * (cell_h + gap)
        fitted = image.convert("RGBA")
        fitted.thumbnail((cell_width, cell_h), Image.Resampling.LANCZOS)
        if fitted.size[0] < cell_width and fitted.size[1] < cell_h:  # small: enlarge to fit
            scale = min(cell_width / fitted.width, cell_h / fitted.height)
            fitted = fitted.resize((max(1, round(fitted.width * scale)),
                                    max(1, round(fitted.height * scale))),
                                   Image.Resampling.LANCZOS)
        offset = (x + (cell_width - fitted.width) // 2, y + (cell_h - fitted.height) // 2)
        sheet.paste(fitted, offset, fitted)
        if labels and labels[index]:
            # Over the picture area, clear of the title line and the footer.
            _draw_badge(sheet, labels[index], x + cell_width, y + round(cell_h * 0.39), badge)
    return sheet


def _draw_badge(sheet: Image.Image, text: str, right: int, bottom: int, style: TextStyle) -> None:
    pad = max(2, style.size // 4)
    text_w = style.width(text)
    box = (round(right - text_w - 3 * pad), round(bottom - style.line_height() - 3 * pad),
           right - pad, bottom - pad)
    ImageDraw.Draw(sheet).rounded_rectangle(box, radius=pad * 2, fill=(27, 24, 32))
    draw_text(sheet, (box[0] + pad, box[1] + pad // 2), text, style)
