"""The completeness report as CSV and PDF (deckbuilder.shelf.report), without a database."""

from __future__ import annotations

import csv
import io

from card_db.games import bundled_games
from deckbuilder.shelf.inventory import check_copy, complete_counts
from deckbuilder.shelf.report import component_rows, summary, write_csv, write_pdf

CHIMERA = next(g for g in bundled_games() if g.name == "Imaginarium: Chimera")


def _rows(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))


def test_formula_cells_are_neutralised():
    report = check_copy(CHIMERA, {})
    details = [(label, text) for label, text in (
        ("a", "=1+1"), ("b", "+1"), ("c", "-1"), ("d", "@SUM(A1)"), ("e", "\tx"),
        ("f", "\rx"), ("g", "plain - text"))]
    rows = _rows(write_csv(CHIMERA, report, details))
    assert rows[1:8] == [["a", "'=1+1"], ["b", "'+1"], ["c", "'-1"], ["d", "'@SUM(A1)"],
                         ["e", "'\tx"], ["f", "'\rx"], ["g", "plain - text"]]


def test_uncounted_components_are_marked_not_taken_as_counted():
    counts = complete_counts(CHIMERA)
    first, *rest = CHIMERA.components
    report = check_copy(CHIMERA, {c.name: counts[c.name] for c in rest})
    rows = component_rows(CHIMERA, report)
    assert rows[0][1] == first.name and rows[0][3:5] == ["", ""]
    assert rows[0][6].startswith("not counted")
    assert all(row[4] == "0" for row in rows[1:])
    assert summary(report)[0] == ("Complete", "no")


def test_pdf_lists_missing_damaged_and_the_broken_rule():
    game = next(g for g in bundled_games() if g.name == "Mystic War")
    counts = complete_counts(game)
    counts["Judgment (white-backed)"] = 0
    report = check_copy(game, counts, {"Dragon": 2})
    data = write_pdf(game, report, [("Kept in", "attic")], "Mystic War: copy 1",
                     compress=False)
    assert data.startswith(b"%PDF")
    for text in (b"Mystic War: copy 1", b"Kept in:", b"attic", b"Judgment \\(white-backed\\)",
                 b"3.0 Set Up: needs 1 Judgment \\(white-backed\\), found 0", b"Dragon",
                 b"By group"):
        assert text in data, text
