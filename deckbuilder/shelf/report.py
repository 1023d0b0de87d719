"""The completeness report of a copy as a file: CSV for a spreadsheet, PDF to print (e.g.
to list a copy for sale). Issue 14, section 2.

Both hold the same facts, from a :class:`~deckbuilder.shelf.inventory.CompletenessReport`
and the copy's ``details`` (label/value pairs such as "Kept in"): whether the copy is
complete and playable, the rules it breaks (each naming its rulebook section), every
component with its expected, found, missing and damaged pieces, and the totals by group.
A component not counted yet is shown with an empty Found and the note "not counted"
(the report takes it as none found); a count the rulebook does not state is noted
"estimated count". The PDF uses reportlab's built-in Helvetica (Latin-1); other
characters print as blanks, as on the deck sheets.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from xml.sax.saxutils import escape as xml_escape

from card_db.games import GameDefinition
from card_db.spreadsheet_cells import protect_cell
from deckbuilder.shelf.inventory import CompletenessReport, ComponentCount

COMPONENT_HEADERS = ("Group", "Component", "Expected", "Found", "Missing", "Damaged", "Note")
GROUP_HEADERS = ("Group", "Expected", "Found", "Missing")
NOT_COUNTED = "not counted"
ESTIMATED = "estimated count"
UNCOUNTED_NOTE = "Components not counted yet are taken as none found."


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


def summary(report: CompletenessReport) -> list[tuple[str, str]]:
    """``(label, value)`` pairs: Complete, Playable, Players supported, then one "Not
    playable" pair per broken rule (``RuleCheck.describe``)."""
    pairs = [("Complete", _yes_no(report.complete)), ("Playable", _yes_no(report.playable))]
    if report.players_supported is not None:
        pairs.append(("Players supported", str(report.players_supported)))
    pairs += [("Not playable", check.describe()) for check in report.broken_rules]
    return pairs


def _note(game: GameDefinition, count: ComponentCount, report: CompletenessReport) -> str:
    notes = []
    if count.name in report.uncounted:
        notes.append(NOT_COUNTED)
    if "count" in game.component(count.name).estimated:
        notes.append(ESTIMATED)
    return "; ".join(notes)


def component_rows(game: GameDefinition, report: CompletenessReport) -> list[list[str]]:
    """One row per component, as :data:`COMPONENT_HEADERS` (numbers as text; Found and
    Missing empty for a component not counted yet, Damaged empty for none)."""
    rows = []
    for count in report.components:
        counted = count.name not in report.uncounted
        rows.append([" > ".join(count.group), count.name, str(count.expected),
                     str(count.found) if counted else "",
                     str(count.missing) if counted else "",
                     str(count.damaged) if count.damaged else "",
                     _note(game, count, report)])
    return rows


def group_rows(report: CompletenessReport) -> list[list[str]]:
    """One row per group (outer groups first), as :data:`GROUP_HEADERS`."""
    return [[" > ".join(g.path), str(g.expected), str(g.found), str(g.missing)]
            for g in report.groups]


def write_csv(game: GameDefinition, report: CompletenessReport,
              details: Sequence[tuple[str, str]]) -> bytes:
    """The report as UTF-8 CSV (with a byte-order mark, so spreadsheets read accents):
    ``details`` and :func:`summary` as label,value rows, a blank row, the components
    table, a blank row, the groups table. Cells a spreadsheet would run as formulas are
    prefixed with ``'``."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    rows: list[Sequence[str]] = [("Game", game.name), *details, *summary(report), (),
                                 COMPONENT_HEADERS, *component_rows(game, report), (),
                                 GROUP_HEADERS, *group_rows(report)]
    for row in rows:
        writer.writerow([protect_cell(cell) for cell in row])
    return buffer.getvalue().encode("utf-8-sig")


def write_pdf(game: GameDefinition, report: CompletenessReport,
              details: Sequence[tuple[str, str]], title: str, *,
              compress: bool = True) -> bytes:
    """The report as a printable A4 PDF titled ``title``: details and summary, the
    missing and damaged components, the rules broken, and the totals by group.
    ``compress=False`` leaves the page streams readable (for tests)."""
    # lazy: reportlab loads only for a PDF report
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.lib.units import mm
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

    styles = getSampleStyleSheet()
    buffer = io.BytesIO()
    document = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=18 * mm,
                                 rightMargin=18 * mm, topMargin=16 * mm,
                                 bottomMargin=16 * mm, title=title,
                                 pageCompression=1 if compress else 0, invariant=1)
    cell = styles["BodyText"].clone("cell", fontSize=9, leading=11)

    def table(headers: Sequence[str], rows: list[list[str]], widths: list[float]) -> Table:
        data = [list(headers), *[[Paragraph(xml_escape(v), cell) for v in row]
                                 for row in rows]]
        result = Table(data, colWidths=[w * mm for w in widths], repeatRows=1)
        result.setStyle(TableStyle([
            ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
            ("FONTSIZE", (0, 0), (-1, -1), 9),
            ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.grey),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ]))
        return result

    story = [Paragraph(xml_escape(title), styles["Title"])]
    story += [Paragraph(f"<b>{xml_escape(k)}:</b> {xml_escape(v or '-')}", styles["Normal"])
              for k, v in [*details, *summary(report)]]
    rows = component_rows(game, report)
    missing = [r for r, c in zip(rows, report.components, strict=True)
               if c.missing and c.name not in report.uncounted]
    damaged = [r for r, c in zip(rows, report.components, strict=True) if c.damaged]
    widths = [40, 52, 17, 14, 15, 16, 20]
    for heading, selected, empty in (
        ("Missing", missing, "Nothing counted is missing."),
        ("Damaged", damaged, "No damaged pieces."),
    ):
        story += [Spacer(1, 3 * mm), Paragraph(heading, styles["Heading3"])]
        story.append(table(COMPONENT_HEADERS, selected, widths) if selected
                     else Paragraph(empty, styles["Normal"]))
    if report.uncounted:
        story.append(Paragraph(
            f"Not counted yet: {len(report.uncounted)} of {len(report.components)} "
            f"components. {UNCOUNTED_NOTE}", styles["Italic"]))
    story += [Spacer(1, 3 * mm), Paragraph("By group", styles["Heading3"]),
              table(GROUP_HEADERS, group_rows(report), [100, 24, 24, 24])]
    document.build(story)
    return buffer.getvalue()
