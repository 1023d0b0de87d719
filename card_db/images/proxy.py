"""Proxy card faces rendered with Pillow for cards that have no scan.

Layout follows the rulebook's "Types of Cards" and "Anatomy of Cards": the type
icon in the upper left corner (square border for permanent cards, circle for
instant cards, "Permanents and Instants"), the Home Dominion symbols (two for a
Border Site, the word "none" for a Character with no Home Dominion, an Oviate), the
name on the title line (underlined if unique, "Unique Cards"), the type line with gender and
deck limit, the characteristics (Magic, Strength and Prime for Characters,
Resistance for Sites), affiliations, then the description area with traits in
italics above the powers in standard text ("Card Powers, Traits, and Special
Rules"). Every value listed in ``record.estimated`` carries a trailing ``*`` in
:data:`ESTIMATED_COLOUR`, explained by a footnote "* estimated value". The footer
names the set, collector data and the source ("DEMO CARD" for demo cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from card_db.images import art
from card_db.images.aspect import card_height
from card_db.images.errors import CardImageError
from card_db.images.storage import PendingImage, format_for_suffix, write_all
from card_db.images.text import TextStyle, draw_text, fit_line, font_family, wrap
from card_db.records import ALWAYS_PERMANENT, NO_DOMINION, CardRecord, CardType

#: Default proxy width in px (10 px per mm).
DEFAULT_WIDTH_PX = 630
#: Smallest width that still renders legibly.
MIN_WIDTH_PX = 126

PARCHMENT = (243, 234, 210)
TEXT_BOX = (250, 245, 232)
RULE = (196, 182, 150)
TEXT = (28, 24, 30)
MUTED = (98, 88, 78)
#: Colour of estimated values and of their ``*`` mark.
ESTIMATED_COLOUR = (214, 92, 0)
ESTIMATED_MARK = "*"
ESTIMATED_FOOTNOTE = "* estimated value"


def _blend(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))  # type: ignore[return-value]


def _activation_type(icon: str | None) -> CardType | None:
    if not icon:
        return None
    wanted = icon.strip().casefold()
    for card_type in CardType:
        if card_type.value.casefold() == wanted:
            return card_type
    return None


@dataclass
class _Run:
    """One line of a text block."""

    text: str
    style: TextStyle
    icon: CardType | None = None  # activation icon drawn before this line


class _Face:
    """Draws one card; all geometry is in units of the 630 px wide layout."""

    def __init__(self, record: CardRecord, width_px: int, font_source: str) -> None:
        self.record = record
        self.width = width_px
        self.height = card_height(width_px)
        self.k = width_px / DEFAULT_WIDTH_PX
        self.family = font_family(font_source)
        self.image = Image.new("RGB", (self.width, self.height), art.INK)
        self.draw = ImageDraw.Draw(self.image)
        self.marks_drawn = False
        self.ground = art.TYPE_COLOURS[record.card_type]
        self.permanent = record.permanent or record.card_type in ALWAYS_PERMANENT

    # -- helpers ---------------------------------------------------------
    def u(self, value: float) -> int:
        return round(value * self.k)

    def style(self, size: float, fill=TEXT, *, bold: bool = False, italic: bool = False
              ) -> TextStyle:
        return TextStyle(self.family, max(6, self.u(size)), fill, bold, italic)

    def est(self, field_name: str) -> bool:
        return self.record.is_estimated(field_name)

    def marked(self, text: str, field_name: str, style: TextStyle) -> list[tuple[str, TextStyle]]:
        """``text`` as runs: estimated values get the colour and a trailing mark."""
        if not self.est(field_name):
            return [(text, style)]
        self.marks_drawn = True
        colour = style.with_(fill=ESTIMATED_COLOUR)
        return [(text, colour), (ESTIMATED_MARK, colour)]

    def draw_runs(self, x: float, y: float, runs: list[tuple[str, TextStyle]]) -> float:
        for text, style in runs:
            x += draw_text(self.image, (x, y), text, style)
        return x

    @staticmethod
    def runs_width(runs: list[tuple[str, TextStyle]]) -> float:
        return sum(style.width(text) for text, style in runs)

    def paste_icon(self, icon: Image.Image, x: float, y: float) -> None:
        self.image.paste(icon, (round(x), round(y)), icon)

    # -- parts -----------------------------------------------------------
    def render(self) -> Image.Image:
        u = self.u
        self.draw.rounded_rectangle((u(18), u(18), self.width - 1 - u(18),
                                     self.height - 1 - u(18)), radius=u(22), fill=PARCHMENT)
        header_right = self.draw_dominions()
        self.draw_type_icon()
        self.draw_title(header_right)
        self.draw_type_line()
        y = self.draw_art_box()
        y = self.draw_characteristics(y)
        y = self.draw_affiliations(y)
        footer_top = self.height - u(18) - u(58)
        footnote_y = footer_top - u(26)
        self.draw_description(y + u(8), footnote_y - u(6))
        self.draw_footer(footer_top)
        if self.marks_drawn:
            draw_text(self.image, (u(36), footnote_y), ESTIMATED_FOOTNOTE,
                      self.style(17, ESTIMATED_COLOUR, italic=True))
        return self.image

    def draw_type_icon(self) -> None:
        size = self.u(84)
        icon = art.type_icon(self.record.card_type, self.permanent, size)
        self.paste_icon(icon, self.u(32), self.u(32))
        if self.est("card_type") or (self.est("permanent")
                                     and self.record.card_type not in ALWAYS_PERMANENT):
            self.marks_drawn = True
            draw_text(self.image, (self.u(32) + size, self.u(28)), ESTIMATED_MARK,
                      self.style(22, ESTIMATED_COLOUR, bold=True))

    def dominion_numbers(self) -> list[int]:
        return list(self.record.dominions)

    def draw_dominions(self) -> float:
        """Symbols at the top right (the word :data:`~card_db.records.NO_DOMINION` for
        an Oviate, as the app shows it everywhere); returns the x where the title must
        stop."""
        numbers = self.dominion_numbers()
        right = self.width - self.u(32)
        if not numbers:
            if self.record.card_type is not CardType.CHARACTER and not self.record.is_oviate:
                return right
            word = self.style(24, MUTED, italic=True)
            left = right - word.width(NO_DOMINION)
            draw_text(self.image, (left, self.u(34) + (self.u(46) - word.size) // 2),
                      NO_DOMINION, word)
        else:
            size, gap = self.u(46), self.u(6)
            x = right - len(numbers) * size - (len(numbers) - 1) * gap
            left = x
            for number in numbers:
                self.paste_icon(art.dominion_symbol(number, size), x, self.u(34))
                x += size + gap
        if self.est("dominions"):
            self.marks_drawn = True
            mark = self.style(24, ESTIMATED_COLOUR, bold=True)
            left -= mark.width(ESTIMATED_MARK) + self.u(2)
            draw_text(self.image, (left, self.u(32)), ESTIMATED_MARK, mark)
        return left - self.u(10)

    def draw_title(self, right: float) -> None:
        record = self.record
        x, top = self.u(128), self.u(34)
        mark = self.style(24, ESTIMATED_COLOUR, bold=True)
        mark_width = mark.width(ESTIMATED_MARK) + self.u(3) if self.est("unique") else 0
        room = right - x - mark_width
        style = self.style(36, bold=True)
        for size in range(36, 17, -1):
            style = self.style(size, bold=True)
            if style.width(record.name) <= room:
                break
        name = fit_line(record.name, style, room)
        name_top = top + (self.u(36) - style.size) // 2
        width = draw_text(self.image, (x, name_top), name, style)
        if record.unique:
            line_y = name_top + style.ascent() + max(2, self.u(4))
            thickness = max(2, self.u(3))
            self.draw.rectangle((round(x), line_y, round(x + width), line_y + thickness - 1),
                                fill=TEXT)
        if self.est("unique"):
            self.marks_drawn = True
            draw_text(self.image, (x + width + self.u(3), name_top), ESTIMATED_MARK, mark)

    def draw_type_line(self) -> None:
        record = self.record
        style = self.style(20, MUTED)
        parts: list[list[tuple[str, TextStyle]]] = []
        if record.card_type in ALWAYS_PERMANENT:
            parts.append(self.marked(record.card_type.value, "card_type", style))
        else:
            form = "Permanent" if record.permanent else "Instant"
            parts.append(self.marked(form, "permanent", style)
                         + [(" ", style)]
                         + self.marked(record.card_type.value, "card_type", style))
        if record.card_type is CardType.CHARACTER and record.gender is not None:
            parts.append(self.marked(record.gender.value, "gender", style))
        if record.card_type is CardType.SITE and not record.unique:
            parts.append(self.marked("non-unique", "unique", style))
        if record.deck_limit is not None:
            parts.append(self.marked(f"limit {record.deck_limit} per deck", "deck_limit", style))
        runs: list[tuple[str, TextStyle]] = []
        for index, part in enumerate(parts):
            if index:
                runs.append(("  \u00b7  ", style))
            runs.extend(part)
        self.draw_runs(self.u(130), self.u(84), runs)

    def draw_art_box(self) -> float:
        u = self.u
        box = (u(32), u(128), self.width - u(32), u(376))
        back = _blend(PARCHMENT, self.ground, 0.16)
        self.draw.rounded_rectangle(box, radius=u(10), fill=back, width=max(1, u(2)),
                                    outline=_blend(PARCHMENT, self.ground, 0.55))
        glyph_size = u(230)
        glyph_colour = _blend(PARCHMENT, self.ground, 0.42)
        glyph = art.render_shapes(art.type_glyph_shapes(self.record.card_type, glyph_colour, back),
                                  glyph_size, supersample=2)
        self.paste_icon(glyph, (box[0] + box[2] - glyph_size) / 2,
                        (box[1] + box[3] - glyph_size) / 2)
        label = self.style(16, _blend(PARCHMENT, self.ground, 0.7), bold=True)
        text = "PROXY"
        draw_text(self.image, (box[2] - u(10) - label.width(text), box[3] - u(8) - label.size),
                  text, label)
        return box[3]

    def draw_characteristics(self, y: float) -> float:
        record = self.record
        if record.card_type is CardType.CHARACTER:
            stats = [("Magic", "magic", record.magic), ("Strength", "strength", record.strength),
                     ("Prime", "prime", record.prime)]
        elif record.card_type is CardType.SITE:
            stats = [("Resistance", "resistance", record.resistance)]
        else:
            return y
        u = self.u
        top, height, gap = y + u(10), u(62), u(12)
        inner = self.width - 2 * u(32)
        box_width = (inner - gap * 2) / 3
        x = u(32) + (inner - len(stats) * box_width - (len(stats) - 1) * gap) / 2
        label_style = self.style(16, MUTED)
        for label, field_name, value in stats:
            self.draw.rounded_rectangle(
                (round(x), round(top), round(x + box_width), round(top + height)),
                radius=u(8), fill=TEXT_BOX, outline=self.ground, width=max(1, u(2)))
            draw_text(self.image, (x + (box_width - label_style.width(label)) / 2, top + u(4)),
                      label, label_style)
            shown = "-" if value is None else str(value)
            runs = self.marked(shown, field_name, self.style(30, TEXT, bold=True))
            width = self.runs_width(runs)
            self.draw_runs(x + (box_width - width) / 2, top + u(24), runs)
            x += box_width + gap
        return top + height

    def draw_affiliations(self, y: float) -> float:
        if not self.record.affiliations:
            return y
        style = self.style(20, TEXT, bold=True)
        text = "  \u00b7  ".join(self.record.affiliations)
        runs = self.marked(fit_line(text, style, self.width - 2 * self.u(40)), "affiliations",
                           style)
        self.draw_runs(self.u(36), y + self.u(10), runs)
        return y + self.u(10) + style.line_height()

    # -- description area --------------------------------------------------
    def blocks(self, size: int, with_flavor: bool) -> list[list[_Run]]:
        record = self.record
        width = self.width - 2 * self.u(32) - 2 * self.u(14)
        result: list[list[_Run]] = []

        def block(text: str, field_name: str, style: TextStyle, icon: CardType | None = None,
                  icon_label: str = "") -> None:
            if not text.strip():
                return
            if self.est(field_name):
                style = style.with_(fill=ESTIMATED_COLOUR)
                text = f"{text} {ESTIMATED_MARK}"
            indent = 0.0
            if icon is not None:
                indent = style.line_height() + self.u(4)
            elif icon_label:
                text = f"{icon_label} {text}"
            lines = wrap(text, style, width, width - indent)
            result.append([_Run(line, style, icon if i == 0 else None)
                           for i, line in enumerate(lines)])

        block(record.traits, "traits", TextStyle(self.family, size, TEXT, italic=True))
        icon = _activation_type(record.activation_icon)
        label = ""
        if record.activation_icon and icon is None:
            label = f"[{record.activation_icon}]"
        block(record.powers, "powers", TextStyle(self.family, size, TEXT), icon, label)
        if with_flavor:
            block(record.flavor_text, "flavor_text",
                  TextStyle(self.family, max(6, size - 2), MUTED, italic=True))
        return result

    def blocks_height(self, blocks: list[list[_Run]]) -> int:
        height = 0
        for index, block in enumerate(blocks):
            if index:
                height += block[0].style.line_height() // 2
            height += sum(run.style.line_height() for run in block)
        return height

    def draw_description(self, top: float, bottom: float) -> None:
        u = self.u
        self.draw.rounded_rectangle((u(32), round(top), self.width - u(32), round(bottom)),
                                    radius=u(8), fill=TEXT_BOX, outline=RULE, width=max(1, u(2)))
        room = bottom - top - 2 * u(12)
        largest, smallest = max(8, u(24)), max(7, u(11))
        chosen: list[list[_Run]] | None = None
        for with_flavor in (True, False):
            for size in range(largest, smallest - 1, -1):
                blocks = self.blocks(size, with_flavor)
                if self.blocks_height(blocks) <= room:
                    chosen = blocks
                    break
            if chosen is not None:
                break
        if chosen is None:
            chosen = self.truncate(self.blocks(smallest, False), room)
        y = top + u(12)
        x0 = u(32) + u(14)
        for index, block in enumerate(chosen):
            if index:
                y += block[0].style.line_height() // 2
            for run in block:
                x = x0
                if run.icon is not None:
                    size = run.style.line_height() - u(2)
                    self.paste_icon(art.type_icon(run.icon, True, size), x, y + u(1))
                    x += size + u(6)
                    if self.est("activation_icon"):
                        self.marks_drawn = True
                        x += draw_text(self.image, (x - u(4), y), ESTIMATED_MARK,
                                       run.style.with_(fill=ESTIMATED_COLOUR, bold=True))
                if run.style.fill == ESTIMATED_COLOUR and run.text:
                    self.marks_drawn = True
                draw_text(self.image, (x, y), run.text, run.style)
                y += run.style.line_height()

    def truncate(self, blocks: list[list[_Run]], room: float) -> list[list[_Run]]:
        """Keep whole lines while they fit; end the last kept line with an ellipsis."""
        kept: list[list[_Run]] = []
        used = 0
        width = self.width - 2 * self.u(32) - 2 * self.u(14)
        for index, block in enumerate(blocks):
            gap = block[0].style.line_height() // 2 if index else 0
            lines: list[_Run] = []
            for run in block:
                step = run.style.line_height() + (gap if not lines else 0)
                if used + step > room:
                    if lines or kept:
                        last_block = lines if lines else kept[-1]
                        last = last_block[-1]
                        last_block[-1] = _Run(fit_line(last.text + " \u2026", last.style, width),
                                              last.style, last.icon)
                    if lines:
                        kept.append(lines)
                    return kept
                used += step
                lines.append(run)
            kept.append(lines)
        return kept

    # -- footer ------------------------------------------------------------
    def draw_footer(self, top: float) -> None:
        record = self.record
        u = self.u
        self.draw.line((u(32), round(top), self.width - u(32), round(top)), fill=RULE,
                       width=max(1, u(2)))
        style = self.style(17, MUTED)
        right_edge = self.width - u(34)
        if record.source.strip().casefold() == "demo":
            source_runs = [("DEMO CARD", self.style(18, TEXT, bold=True))]
        else:
            source_text = record.source.strip() or "source unknown"
            source_runs = [(fit_line(source_text, style, (self.width - 2 * u(34)) * 0.55), style)]
        source_width = self.runs_width(source_runs)
        self.draw_runs(right_edge - source_width, top + u(8), source_runs)

        left_room = right_edge - u(34) - source_width - u(16)
        self.draw_runs(u(34), top + u(8), self.footer_runs(style, left_room))
        if record.artist:
            artist = fit_line(f"Illus. {record.artist}", style, self.width - 2 * u(34))
            self.draw_runs(u(34), top + u(30), self.marked(artist, "artist", style))


    def footer_runs(self, style: TextStyle, room: float) -> list[tuple[str, TextStyle]]:
        """Set name, collector number and rarity within ``room`` px: the set name is
        shortened first, so the line never runs into the source on its right."""
        record = self.record
        separator = ("  \u00b7  ", style)
        tail: list[tuple[str, TextStyle]] = []
        for value, field_name, prefix in ((record.collector_number, "collector_number", "#"),
                                          (record.rarity, "rarity", "")):
            if value:
                if tail:
                    tail.append(separator)
                tail.extend(self.marked(f"{prefix}{value}", field_name, style))
        if not record.set_name:
            return tail
        lead = [separator] if tail else []
        set_room = room - self.runs_width(tail + lead)
        if set_room < style.width("M\u2026"):
            return tail
        return [(fit_line(record.set_name, style, set_room), style), *lead, *tail]


def render_proxy(record: CardRecord, width_px: int = DEFAULT_WIDTH_PX, *,
                 font_source: str = "auto") -> Image.Image:
    """Render a proxy face for ``record`` as an RGB image.

    Shape: ``width_px`` x ``card_height(width_px)`` px (63 x 88 mm aspect; the default
    630 px is 10 px per mm). ``font_source`` is ``"auto"`` (DejaVu Sans if installed,
    else Pillow's bundled font), ``"dejavu"`` or ``"bundled"``. Raises ``ValueError``
    if ``width_px`` < :data:`MIN_WIDTH_PX` or the font source is unknown.
    """
    if width_px < MIN_WIDTH_PX:
        raise ValueError(f"proxy width must be at least {MIN_WIDTH_PX} px, got {width_px}")
    return _Face(record, width_px, font_source).render()


def save_proxy(record: CardRecord, path: str | Path, width_px: int = DEFAULT_WIDTH_PX) -> Path:
    """Render ``record``'s proxy and write it to ``path`` (format from the suffix).

    The file appears complete or not at all. Raises
    :class:`~card_db.images.errors.CardImageError` for an unsupported suffix, a
    missing folder, a full disk or any other write failure. Returns ``path``.
    """
    target = Path(path)
    fmt = format_for_suffix(target)
    if not target.parent.is_dir():
        raise CardImageError(f"{target}: the folder {target.parent} does not exist")
    image = render_proxy(record, width_px)
    options: dict[str, object] = {"optimize": True} if fmt == "PNG" else {}
    if fmt == "JPEG":
        options = {"quality": 92}
    write_all([PendingImage(image, target, fmt, options)], f"the proxy of {record.name}")
    return target
