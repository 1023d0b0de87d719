"""Printable deck sheet (``.pdf``, export only), drawn with reportlab.

One or more A4 pages: the deck name, the player's name, then the main deck grouped
by card type in the rulebook's order ("Types of Cards"), each group headed with its
total, each card with its count, name, Home Dominion(s) and characteristics
(Magic/Strength/Prime for Characters, Resistance for Sites). Estimated values are
marked with ``*`` and explained in a footnote (:mod:`deckbuilder.presentation`), so a
value that is not printed on the card is never shown as if it were. Then the main deck
total and the sideboard, if any. Text uses reportlab's built-in Helvetica, which
covers Latin-1 (Windows-1252); other characters print as blanks.
"""

from __future__ import annotations

import io
from xml.sax.saxutils import escape as xml_escape

from card_db.catalogue import Catalogue
from card_db.records import CardRecord
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.deck.resolve import UnknownCardsError, UnknownName
from deckbuilder.presentation import (
    ESTIMATED_MARK,
    ESTIMATED_NOTE,
    TYPE_GROUP_TITLES,
    characteristics_text,
    dominion_text,
)

NAME = "pdf"
EXTENSIONS = (".pdf",)



def _records(deck: DeckList, catalogue: Catalogue, zone: str) -> list[tuple[CardRecord, int]]:
    rows, unknown = [], []
    for name, count in deck.zone(zone):
        record = catalogue.get(name)
        if record is None:
            unknown.append(UnknownName(deck.lines.get(name), name, tuple(catalogue.suggest(name))))
        else:
            rows.append((record, count))
    if unknown:
        raise UnknownCardsError(unknown)
    return rows


def sheet_rows(deck: DeckList, catalogue: Catalogue) -> list[tuple[str, list[list[str]]]]:
    """The sheet's content as ``(section title, rows)``; each row is ``[count, name,
    Dominion, characteristics]`` with estimated values marked. Raises
    :class:`UnknownCardsError` for cards not in ``catalogue``."""
    main = _records(deck, catalogue, MAIN)
    side = _records(deck, catalogue, SIDEBOARD)
    sections = []
    for card_type, title in TYPE_GROUP_TITLES.items():
        group = [(r, c) for r, c in main if r.card_type is card_type]
        if group:
            total = sum(c for _, c in group)
            rows = [
                [str(c), r.name, dominion_text(r), characteristics_text(r)] for r, c in group
            ]
            sections.append((f"{title} ({total})", rows))
    if side:
        total = sum(c for _, c in side)
        rows = [[str(c), r.name, dominion_text(r), characteristics_text(r)] for r, c in side]
        sections.append((f"Sideboard ({total})", rows))
    return sections


def write(
    deck: DeckList, catalogue: Catalogue, *, player: str | None = None, compress: bool = True
) -> bytes:
    """The PDF deck sheet of ``deck`` as bytes.

    ``player`` defaults to ``deck.author``. ``compress=False`` leaves the page streams
    readable (for tests). Raises :class:`UnknownCardsError` for unknown cards.
    """
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    sections = sheet_rows(deck, catalogue)
    styles = getSampleStyleSheet()
    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=A4,
        leftMargin=18 * mm,
        rightMargin=18 * mm,
        topMargin=16 * mm,
        bottomMargin=16 * mm,
        title=deck.name or "Imajica deck",
        author=player if player is not None else deck.author,
        pageCompression=1 if compress else 0,
        invariant=1,
    )
    story = [
        Paragraph(xml_escape(deck.name or "Untitled deck"), styles["Title"]),
        Paragraph(
            f"Player: {xml_escape(player if player is not None else deck.author) or '-'}",
            styles["Normal"],
        ),
        Spacer(1, 4 * mm),
    ]
    cell = styles["BodyText"].clone("cell", fontSize=9, leading=11)
    marked = False
    for title, rows in sections:
        story.append(Paragraph(xml_escape(title), styles["Heading3"]))
        table = Table(
            [
                ["#", "Card", "Dominion", "Characteristics"],
                *[[c, Paragraph(xml_escape(n), cell), d, ch] for c, n, d, ch in rows],
            ],
            colWidths=[12 * mm, 82 * mm, 24 * mm, 50 * mm],
            repeatRows=1,
        )
        table.setStyle(
            TableStyle(
                [
                    ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                    ("FONTSIZE", (0, 0), (-1, -1), 9),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.grey),
                    ("ALIGN", (0, 0), (0, -1), "RIGHT"),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        story.append(table)
        marked = marked or any(ESTIMATED_MARK in cell for row in rows for cell in row[2:])
    main_total = deck.total(MAIN)
    side_total = deck.total(SIDEBOARD)
    totals = f"Main deck: {main_total} cards"
    if side_total:
        totals += f" \u2014 Sideboard: {side_total} cards"
    story += [Spacer(1, 4 * mm), Paragraph(f"<b>{xml_escape(totals)}</b>", styles["Normal"])]
    if marked:
        story.append(Paragraph(xml_escape(ESTIMATED_NOTE), styles["Italic"]))
    document.build(story)
    return buffer.getvalue()
