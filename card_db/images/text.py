"""Fonts and text drawing for proxy faces, working on any machine with only pip packages.

Fonts: DejaVu Sans (regular, bold, oblique) when the system has it, otherwise
Pillow's bundled default font (``ImageFont.load_default(size=...)``, Pillow >= 10.1)
with bold drawn by stroking and italics drawn by shearing. Both use Pillow's basic
layout engine, so the result does not depend on whether libraqm is installed.
The bundled font has no accented letters or dashes: text drawn with it is folded
to the characters it has (``é`` -> ``e``, ``—`` -> ``-``).
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int]
AnyFont = ImageFont.FreeTypeFont | ImageFont.ImageFont

_DEJAVU_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/truetype",
    "/usr/local/share/fonts",
    "/Library/Fonts",
    str(Path.home() / "Library/Fonts"),
    str(Path.home() / ".local/share/fonts"),
    str(Path(os.environ.get("WINDIR", "C:/Windows")) / "Fonts"),
)
_DEJAVU_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
                 "italic": "DejaVuSans-Oblique.ttf"}

#: Horizontal shear applied to synthesise italics from an upright font.
ITALIC_SHEAR = 0.2

# Characters the bundled font lacks, mapped to ones it has.
_FOLD = str.maketrans({
    "\u2014": "-", "\u2013": "-", "\u2012": "-", "\u2212": "-", "\u00a0": " ",
    "\u00d7": "x", "\u00df": "ss", "\u00c6": "AE", "\u00e6": "ae", "\u0152": "OE",
    "\u0153": "oe", "\u00d8": "O", "\u00f8": "o",
})
_BUNDLED_EXTRA = frozenset("\u00b7\u2026\u2018\u2019\u201c\u201d")


def find_dejavu() -> dict[str, str] | None:
    """Paths of DejaVu Sans regular/bold/oblique if all three exist, else ``None``."""
    for folder in _DEJAVU_DIRS:
        paths = {style: os.path.join(folder, name) for style, name in _DEJAVU_FILES.items()}
        if all(os.path.isfile(p) for p in paths.values()):
            return paths
    return None


@dataclass(frozen=True)
class FontFamily:
    """Where the fonts come from: DejaVu files, or the bundled font when ``paths`` is None."""

    paths: dict[str, str] | None

    @property
    def bundled(self) -> bool:
        return self.paths is None


def font_family(source: str = "auto") -> FontFamily:
    """``"auto"`` (DejaVu if present), ``"dejavu"`` (required) or ``"bundled"``.

    Raises ``ValueError`` for an unknown source or when ``"dejavu"`` is not installed.
    """
    if source == "bundled":
        return FontFamily(None)
    if source not in ("auto", "dejavu"):
        raise ValueError(f"unknown font source {source!r} (auto, dejavu or bundled)")
    paths = find_dejavu()
    if paths is None and source == "dejavu":
        raise ValueError("DejaVu Sans is not installed")
    return FontFamily(paths)


@lru_cache(maxsize=256)
def _load(path: str | None, size: int) -> AnyFont:
    if path is None:
        font = ImageFont.load_default(size=size)
        if not isinstance(font, ImageFont.FreeTypeFont):
            raise RuntimeError("this Pillow was built without FreeType; install Pillow's "
                               "wheel from PyPI (it includes FreeType) to render card text")
        return font
    return ImageFont.truetype(path, size, layout_engine=ImageFont.Layout.BASIC)


@dataclass(frozen=True)
class TextStyle:
    """How one run of text is drawn: size in px, weight, slant and colour."""

    family: FontFamily
    size: int
    fill: Colour
    bold: bool = False
    italic: bool = False

    @property
    def font(self) -> AnyFont:
        if self.family.paths is None:
            return _load(None, self.size)
        style = "bold" if self.bold else "italic" if self.italic else "regular"
        return _load(self.family.paths[style], self.size)

    @property
    def stroke(self) -> int:
        """Stroke width that fakes bold with the bundled font (0 otherwise)."""
        return max(1, self.size // 22) if self.bold and self.family.bundled else 0

    @property
    def shear(self) -> float:
        """Shear that fakes italics with the bundled font (0 otherwise)."""
        return ITALIC_SHEAR if self.italic and self.family.bundled else 0.0

    def with_(self, **changes: object) -> TextStyle:
        values = {"family": self.family, "size": self.size, "fill": self.fill,
                  "bold": self.bold, "italic": self.italic}
        values.update(changes)
        return TextStyle(**values)  # type: ignore[arg-type]

    def prepare(self, text: str) -> str:
        """``text`` as it will be drawn (folded to the bundled font's characters)."""
        return fold_for_bundled_font(text) if self.family.bundled else text

    def line_height(self) -> int:
        """Distance between baselines of wrapped lines, in px."""
        ascent, descent = self.font.getmetrics()
        return round((ascent + descent) * 1.08) + 2 * self.stroke

    def ascent(self) -> int:
        return self.font.getmetrics()[0] + self.stroke

    def width(self, text: str) -> float:
        """Advance width of ``text`` in px, including fake bold and italic overhang."""
        text = self.prepare(text)
        if not text:
            return 0.0
        extra = 2 * self.stroke + self.shear * self.size
        return self.font.getlength(text) + extra


def fold_for_bundled_font(text: str) -> str:
    """Replace characters Pillow's bundled font lacks: accents dropped, dashes to ``-``."""
    text = text.translate(_FOLD)
    out = []
    for ch in unicodedata.normalize("NFKD", text):
        if unicodedata.combining(ch):
            continue
        if ch.isascii() or ch in _BUNDLED_EXTRA:
            out.append(ch)
        else:
            out.append("?")
    return "".join(out)


def draw_text(image: Image.Image, xy: tuple[float, float], text: str, style: TextStyle) -> float:
    """Draw ``text`` with its top-left at ``xy`` (top = line top); return its width in px."""
    text = style.prepare(text)
    if not text:
        return 0.0
    x, y = xy
    if style.shear == 0.0:
        ImageDraw.Draw(image).text(
            (x + style.stroke, y + style.stroke), text, font=style.font, fill=style.fill,
            stroke_width=style.stroke, stroke_fill=style.fill,
        )
        return style.width(text)
    # Synthetic italics: draw upright on a transparent layer, shear it, paste it.
    width = style.width(text)
    height = style.line_height() + style.stroke
    w, h = int(width) + 2, int(height) + 2
    layer = Image.new("RGBA", (w, h), (*style.fill, 0))
    ImageDraw.Draw(layer).text(
        (style.stroke + 1, style.stroke), text, font=style.font, fill=(*style.fill, 255),
        stroke_width=style.stroke, stroke_fill=(*style.fill, 255),
    )
    # Output pixel (u, v) takes input (u + shear * (v - baseline), v): slants right.
    base = style.ascent()
    sheared = layer.transform(
        (w, h), Image.Transform.AFFINE, (1, style.shear, -style.shear * base, 0, 1, 0),
        resample=Image.Resampling.BICUBIC,
    )
    image.paste(sheared, (round(x), round(y)), sheared)
    return width


def wrap(text: str, style: TextStyle, width: float, first_line_width: float | None = None
         ) -> list[str]:
    """Greedy word wrap of ``text`` into lines no wider than ``width`` px.

    ``first_line_width`` (default ``width``) leaves room for an inline icon. Hard
    line breaks in ``text`` are kept. A word longer than a line is split by
    characters.
    """
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        current = ""
        for word in paragraph.split():
            limit = first_line_width if (not lines and first_line_width is not None) else width
            candidate = f"{current} {word}" if current else word
            if style.width(candidate) <= limit:
                current = candidate
                continue
            if current:
                lines.append(current)
                limit = width
            current = word
            while style.width(current) > limit and len(current) > 1:
                cut = len(current) - 1
                while cut > 1 and style.width(current[:cut]) > limit:
                    cut -= 1
                lines.append(current[:cut])
                current = current[cut:]
        lines.append(current)
    return lines


def fit_line(text: str, style: TextStyle, width: float) -> str:
    """``text`` shortened with an ellipsis until it fits ``width`` px."""
    if style.width(text) <= width:
        return text
    ellipsis = "\u2026"
    while text and style.width(text + ellipsis) > width:
        text = text[:-1].rstrip()
    return text + ellipsis
