"""Sharing transcribed cards from the app (issue 21, "Honest data"): File > Export My
Checklist writes the user's own cards; File > Merge a Collector's Checklist shows the new
cards and every differing value with both sources, keeps the user's unless "Take theirs"
is ticked for that value, and the merge is one step of Edit > Undo. On a real SQLite
file (the ``db`` fixture)."""

from __future__ import annotations

import csv

from card_db.userdb import UserDatabase
from deckbuilder.services.cards import add_card, parse_card_fields

SCREEN_KEYS = ("scan",)


def _add(db, **fields):
    with UserDatabase(db) as handle:
        add_card(handle, parse_card_fields(handle, fields))


def _their_checklist(screen, qtbot, tmp_path):
    """Export the user's checklist through the File-menu command, then change it as
    another collector's: two differing values on one card and a new card."""
    mine = tmp_path / "mine.csv"
    screen.sharing.export(str(mine))
    qtbot.waitUntil(lambda: mine.exists(), timeout=10_000)
    with mine.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["name"] for r in rows] == ["Quillward Spire"]
    assert rows[0]["source"] == "my scan of 2026-11-29"
    rows[0].update(resistance="7", powers="Allies seizing this Site are magic +2.",
                   source="Anna's binder")
    rows.append({**rows[0], "key": "", "name": "Bellmoor Tower"})
    theirs = tmp_path / "anna.csv"
    with theirs.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return theirs


def test_merge_shows_both_sources_takes_one_value_and_undoes(window, qtbot, db, tmp_path):
    _add(db, name="Quillward Spire", type="Site", dominions="2", resistance="6",
         powers="Allies seizing this Site are magic +1.", source="my scan of 2026-11-29")
    window.context.db.forget_catalogue()
    screen = window.show_screen("scan")
    assert window.context.wait_idle()
    assert {a.objectName() for a in screen.file_actions()} == {"exportMyChecklist",
                                                              "mergeChecklist"}
    theirs = _their_checklist(screen, qtbot, tmp_path)

    screen.sharing.merge(str(theirs))
    qtbot.waitUntil(lambda: screen.sharing.dialog is not None, timeout=10_000)
    dialog = screen.sharing.dialog
    assert "1 new card to add (Bellmoor Tower)" in dialog.summary.text()
    rows = {dialog.table.item(r, 1).text(): r for r in range(dialog.table.rowCount())}
    assert set(rows) == {"resistance", "powers"}
    shown = [dialog.table.item(rows["resistance"], c).text() for c in range(6)]
    assert shown == ["Quillward Spire", "resistance", "6", "my scan of 2026-11-29", "7",
                     "Anna's binder"]
    assert dialog.chosen() == []  # the user's values are kept unless they choose
    dialog.take(rows["resistance"])
    dialog.accept()
    assert window.context.wait_idle(30)

    catalogue = window.context.db.catalogue()
    card = catalogue.get("Quillward Spire")
    assert card.resistance == 7 and card.powers.endswith("+1.")
    assert card.source == "my scan of 2026-11-29; resistance from Anna's binder"
    assert catalogue.get("Bellmoor Tower").source == "Anna's binder"
    stack = screen.undo_stack()
    assert stack.undoText() == "Merge the checklist anna.csv"

    stack.undo()
    assert window.context.wait_idle(30)
    catalogue = window.context.db.catalogue()
    assert catalogue.get("Quillward Spire").resistance == 6
    assert catalogue.get("Bellmoor Tower") is None
    stack.redo()
    assert window.context.wait_idle(30)
    assert window.context.db.catalogue().get("Bellmoor Tower") is not None


def test_a_bad_checklist_is_a_clear_error_and_nothing_is_written(window, qtbot, tmp_path):
    screen = window.show_screen("scan")
    assert window.context.wait_idle()
    bad = tmp_path / "theirs.csv"
    bad.write_text("name,type\nSomething,Spaceship\n", encoding="utf-8")
    before = len(window.context.db.catalogue())
    shown = []
    window.context.error_shown.connect(shown.append)
    screen.sharing.merge(str(bad))
    qtbot.waitUntil(lambda: bool(shown), timeout=10_000)
    assert "type" in shown[0].lower() and screen.sharing.dialog is None
    assert len(window.context.db.catalogue()) == before
