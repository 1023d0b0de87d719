"""Test images for scanning (issue 21), generated: card faces the app draws
(:func:`card_db.images.proxy.render_proxy`), each given distinct art, laid out as
flatbed pages (9 cards on an A4 page at 150 dpi) and as angled photos on a cluttered
background with blur, a light gradient and JPEG compression.

Used by ``tests/test_scan_*.py`` and ``benchmarks/bench_scan.py``. Every image comes
with its truth: the name and the four corners (clockwise from the upright top-left)
of each card on it. Deterministic for a given seed.
"""

from __future__ import annotations

import hashlib
import io
import random
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from card_db.images.proxy import render_proxy
from card_db.records import CardRecord

#: A4 at 150 dpi, in px.
A4_150DPI = (1240, 1754)
#: A card at 150 dpi, in px (63 x 88 mm).
CARD_150DPI = (372, 520)


@dataclass
class TruthCard:
    name: str
    corners: list[tuple[float, float]]


@dataclass
class TestImage:
    path: Path
    cards: list[TruthCard] = field(default_factory=list)


def card_face(record: CardRecord, width: int = 630) -> Image.Image:
    """The app's proxy face of ``record`` with art of its own in the art box: shapes
    and colours chosen from the card's name, so that every card looks different."""
    face = render_proxy(record, 630)
    seed = int(hashlib.sha256(record.name.encode()).hexdigest()[:12], 16)
    rng = random.Random(seed)
    left, top, right, bottom = 34, 130, 596, 374
    art = Image.new("RGB", (right - left, bottom - top), tuple(rng.randrange(256)
                                                               for _ in range(3)))
    draw = ImageDraw.Draw(art)
    for _ in range(14):
        colour = tuple(rng.randrange(256) for _ in range(3))
        x0, y0 = rng.randrange(art.width), rng.randrange(art.height)
        x1, y1 = x0 + rng.randrange(40, 260), y0 + rng.randrange(30, 180)
        shape = rng.randrange(3)
        if shape == 0:
            draw.ellipse((x0, y0, x1, y1), fill=colour)
        elif shape == 1:
            draw.rectangle((x0, y0, x1, y1), fill=colour)
        else:
            draw.polygon([(x0, y0), (x1, y0 + rng.randrange(-80, 80)), (x0 + 30, y1)],
                         fill=colour)
    face.paste(art, (left, top))
    return face if width == 630 else face.resize((width, round(width * 88 / 63)),
                                                 Image.Resampling.LANCZOS)


def flatbed_page(records: list[CardRecord], path: Path, seed: int = 0) -> TestImage:
    """Up to 9 cards in a 3 x 3 grid on a white A4 page at 150 dpi, each nudged by a
    few px and a degree or less, as a binder page on a flatbed scanner; saved as PNG
    or JPEG by ``path``'s suffix."""
    rng = random.Random(seed)
    page = Image.new("RGB", A4_150DPI, (246, 246, 243))
    width, height = CARD_150DPI
    result = TestImage(path)
    for index, record in enumerate(records[:9]):
        row, column = divmod(index, 3)
        x = 40 + column * (width + 22) + rng.randrange(-6, 7)
        y = 60 + row * (height + 30) + rng.randrange(-6, 7)
        angle = rng.uniform(-1.0, 1.0)
        face = card_face(record, width).convert("RGBA").rotate(angle, expand=True,
                                                               resample=Image.BICUBIC)
        page.paste(face, (x, y), face)
        result.cards.append(TruthCard(record.name, _rotated_corners(
            x, y, width, height, face.size, angle)))
    page = Image.fromarray(np.clip(np.asarray(page, dtype=np.int16)
                                   + np.random.default_rng(seed).integers(-3, 4, (
                                       A4_150DPI[1], A4_150DPI[0], 1)), 0, 255).astype(np.uint8))
    _save(page, path, 90)
    return result


def _rotated_corners(x, y, width, height, size, angle):
    cx, cy = x + size[0] / 2, y + size[1] / 2
    theta = np.deg2rad(-angle)
    corners = []
    for px, py in ((-width / 2, -height / 2), (width / 2, -height / 2),
                   (width / 2, height / 2), (-width / 2, height / 2)):
        corners.append((cx + px * np.cos(theta) - py * np.sin(theta),
                        cy + px * np.sin(theta) + py * np.cos(theta)))
    return corners


def clutter(size: tuple[int, int], rng: random.Random) -> Image.Image:
    """A busy table top: a wood-like gradient under random objects, lines and specks."""
    width, height = size
    base = np.zeros((height, width, 3), np.float32)
    tone = np.array([rng.randrange(60, 200) for _ in range(3)], np.float32)
    stripes = (np.sin(np.linspace(0, rng.uniform(20, 60), height))[:, None] * 18)
    base[:] = tone
    base += stripes[:, :, None]
    image = Image.fromarray(np.clip(base, 0, 255).astype(np.uint8))
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randrange(8, 20)):
        colour = tuple(rng.randrange(256) for _ in range(3))
        x0, y0 = rng.randrange(width), rng.randrange(height)
        kind = rng.randrange(3)
        if kind == 0:
            draw.ellipse((x0, y0, x0 + rng.randrange(20, 160), y0 + rng.randrange(20, 160)),
                         fill=colour)
        elif kind == 1:
            draw.line((x0, y0, rng.randrange(width), rng.randrange(height)), fill=colour,
                      width=rng.randrange(2, 10))
        else:
            draw.rectangle((x0, y0, x0 + rng.randrange(10, 90), y0 + rng.randrange(10, 90)),
                           fill=colour)
    return image


def angled_photo(records: list[CardRecord], path: Path, seed: int = 0,
                 size: tuple[int, int] = (1600, 1200)) -> TestImage:
    """1-4 cards photographed at an angle on a cluttered table: each card turned up to
    25 degrees and seen in perspective, then a light gradient, a blur and JPEG
    compression (quality 75)."""
    rng = random.Random(seed)
    canvas = np.asarray(clutter(size, rng)).copy()
    result = TestImage(path)
    count = min(len(records), 4)
    columns = 2 if count > 1 else 1
    rows = 2 if count > 2 else 1
    cell_w, cell_h = size[0] / columns, size[1] / rows
    for index, record in enumerate(records[:count]):
        row, column = divmod(index, columns)
        face = np.asarray(card_face(record, 630))
        angle = np.deg2rad(rng.uniform(-25, 25))
        cos, sin = abs(np.cos(angle)), abs(np.sin(angle))
        # the largest card whose turned outline fits in 90% of its cell, then 75-100% of it
        fit = min(0.9 * cell_w / (63 / 88 * cos + sin), 0.9 * cell_h / (63 / 88 * sin + cos))
        card_h = rng.uniform(0.75, 1.0) * fit
        card_w = card_h * 63 / 88
        slack_x = (cell_w - (card_w * cos + card_h * sin)) / 2
        slack_y = (cell_h - (card_w * sin + card_h * cos)) / 2
        cx = (column + 0.5) * cell_w + rng.uniform(-slack_x, slack_x)
        cy = (row + 0.5) * cell_h + rng.uniform(-slack_y, slack_y)
        corners = []
        for k, (px, py) in enumerate(((-card_w / 2, -card_h / 2), (card_w / 2, -card_h / 2),
                                      (card_w / 2, card_h / 2), (-card_w / 2, card_h / 2))):
            squeeze = rng.uniform(0.9, 1.0) if k < 2 else 1.0  # far side looks narrower
            px *= squeeze
            corners.append((cx + px * np.cos(angle) - py * np.sin(angle),
                            cy + px * np.sin(angle) + py * np.cos(angle)))
        source = np.float32([[0, 0], [629, 0], [629, 881], [0, 881]])
        matrix = cv2.getPerspectiveTransform(source, np.float32(corners))
        warped = cv2.warpPerspective(face, matrix, size, flags=cv2.INTER_AREA)
        mask = cv2.warpPerspective(np.full((882, 630), 255, np.uint8), matrix, size)
        canvas[mask > 127] = warped[mask > 127]
        result.cards.append(TruthCard(record.name, corners))
    yy, xx = np.mgrid[0:size[1], 0:size[0]].astype(np.float32)
    light = 0.75 + 0.4 * (xx / size[0] * rng.uniform(0.3, 1) + yy / size[1] * rng.uniform(0, .7))
    lit = np.clip(canvas.astype(np.float32) * light[:, :, None], 0, 255).astype(np.uint8)
    image = Image.fromarray(lit).filter(ImageFilter.GaussianBlur(rng.uniform(0.8, 1.6)))
    _save(image, path, 75)
    return result


def _save(image: Image.Image, path: Path, quality: int) -> None:
    buffer = io.BytesIO()
    if path.suffix.lower() in (".jpg", ".jpeg"):
        image.save(buffer, "JPEG", quality=quality)
    else:
        image.save(buffer, "PNG")
    path.write_bytes(buffer.getvalue())
