"""The real card size and the arithmetic of the 63:88 card aspect.

Source: the 1997 cards measure 63 x 88 mm (the usual trading-card size); rulebook
"Anatomy of Cards" shows the face these images reproduce.
"""

from __future__ import annotations

#: Real card size in millimetres (width, height).
CARD_SIZE_MM = (63, 88)


def card_height(width_px: int) -> int:
    """Height in px of a card ``width_px`` wide: ``round(width_px * 88 / 63)``."""
    return round(width_px * CARD_SIZE_MM[1] / CARD_SIZE_MM[0])


def card_width(height_px: int) -> int:
    """Width in px of a card ``height_px`` tall: ``round(height_px * 63 / 88)``."""
    return round(height_px * CARD_SIZE_MM[0] / CARD_SIZE_MM[1])


def card_crop_box(width: int, height: int) -> tuple[int, int, int, int]:
    """The largest centred box of a ``width`` x ``height`` image at the 63:88 card aspect.

    Returns ``(left, top, right, bottom)`` in px; the box's aspect is exact to
    within one pixel. Raises ``ValueError`` for an empty image.
    """
    if width < 1 or height < 1:
        raise ValueError(f"image has no pixels ({width} x {height})")
    card_w, card_h = CARD_SIZE_MM
    if width * card_h > height * card_w:  # wider than a card: trim the sides
        new_w = max(1, card_width(height))
        left = (width - new_w) // 2
        return (left, 0, left + new_w, height)
    new_h = max(1, card_height(width))
    top = (height - new_h) // 2
    return (0, top, width, top + new_h)
