"""The Games screen (issue 23, section 2): the log as a sortable table, the entry form
with every add, edit and removal undoable, the real/computer filter, the chart of the
win rate per version with its intervals, and the CSV import's preview (all or nothing)."""

from __future__ import annotations

from card_db.userdb import UserDatabase
from deckbuilder.deck.decklist import DeckList
from deckbuilder.gui.match_log.screen import seed_demo_log
from deckbuilder.services.decks import save_deck
from deckbuilder.services.match_log import logged_games

SCREEN_KEYS = ("browser", "games")


def _games(db):
    return logged_games(UserDatabase(db))


def test_log_edit_remove_and_undo_each(qtbot, window, db):
    save_deck(UserDatabase(db), DeckList(name="Tuned", main=[("Gentle", 1)]))
    screen = window.show_screen("games")
    screen.reload()
    assert window.context.wait_idle()
    form = screen.form
    form.deck.setEditText("Tuned")
    form.opponent.setText("Ann")
    form.result.setCurrentIndex(form.result.findData("win"))
    form.add_button.click()
    qtbot.waitUntil(lambda: screen.model.rowCount() == 1, timeout=10000)
    [game] = _games(db)
    assert (game.deck, game.version, game.opponent, game.result) == ("Tuned", 1, "Ann", "win")
    stack = screen.undo_stack()
    assert stack.undoText().startswith("Log a win of Tuned")

    screen.table.selectRow(0)
    assert form.editing == game
    form.result.setCurrentIndex(form.result.findData("loss"))
    form.save_button.click()
    qtbot.waitUntil(lambda: _games(db)[0].result == "loss", timeout=10000)
    assert window.context.wait_idle()  # the edit is on the undo history
    assert stack.undoText().startswith("Edit the game")
    stack.undo()
    qtbot.waitUntil(lambda: _games(db)[0].result == "win", timeout=10000)

    screen.table.selectRow(0)
    screen.remove_selected()
    qtbot.waitUntil(lambda: _games(db) == [], timeout=10000)
    assert window.context.wait_idle()
    stack.undo()
    qtbot.waitUntil(lambda: _games(db) == [game], timeout=10000)
    qtbot.waitUntil(lambda: screen.model.rowCount() == 1, timeout=10000)

    form.clear()
    form.deck.setEditText("Tunde")
    form.add_button.click()
    assert window.context.wait_idle()
    assert "no saved deck called 'Tunde'" in window.context.last_error
    assert len(_games(db)) == 1


def test_filter_sort_chart_and_import_preview(qtbot, window, db, tmp_path):
    seed_demo_log(UserDatabase(db))
    screen = window.show_screen("games")
    screen.reload()
    assert window.context.wait_idle()
    qtbot.waitUntil(lambda: screen.model.rowCount() == 24, timeout=10000)
    assert [r.key for r in screen.chart.rows] == [1, 2, 3]
    assert len(screen.chart.chart().series()) == 3 * 3 + 1  # a bar and two caps each, points
    screen.chart_by.setCurrentIndex(screen.chart_by.findData("opponent"))
    qtbot.waitUntil(lambda: [r.key for r in screen.chart.rows] == ["Ann", "Bob", "Cleo"],
                    timeout=10000)
    assert sum(r.games for r in screen.chart.rows) == 24
    screen.chart_by.setCurrentIndex(screen.chart_by.findData("version"))
    screen.kind_filter.setCurrentIndex(screen.kind_filter.findData("computer"))
    computer = sum(1 for g in _games(db) if g.kind == "computer")
    assert 0 < computer < 24
    qtbot.waitUntil(lambda: screen.model.rowCount() == computer, timeout=10000)
    screen.kind_filter.setCurrentIndex(0)
    qtbot.waitUntil(lambda: screen.model.rowCount() == 24, timeout=10000)
    screen.table.sortByColumn(3, screen.table.horizontalHeader().sortIndicatorOrder())
    shown = [screen.proxy.index(r, 3).data() for r in range(screen.proxy.rowCount())]
    assert shown in (sorted(shown), sorted(shown, reverse=True))

    good = tmp_path / "more.csv"
    good.write_text("date,deck,version,opponent,result\n"
                    "2026-11-01,Maestro Reconciliation,3,Dora,win\n"
                    "2026-11-02,Maestro Reconciliation,3,Dora,loss\n", encoding="utf-8")
    screen.import_csv(good)
    qtbot.waitUntil(lambda: screen.preview is not None, timeout=10000)
    assert screen.preview.findChild(type(screen.table)).model().rowCount() == 2
    screen.preview.accept()
    qtbot.waitUntil(lambda: len(_games(db)) == 26, timeout=10000)
    assert window.context.wait_idle()
    bad = tmp_path / "bad.csv"
    bad.write_text("date,deck,version,opponent,result\n"
                   "2026-11-01,Maestro Reconciliation,3,Dora,win\n"
                   "2026-11-02,Maestro Reconciliation,9,Dora,loss\n", encoding="utf-8")
    screen.import_csv(bad)
    assert window.context.wait_idle()
    assert "bad.csv:3: version:" in window.context.last_error
    assert screen.preview is None and len(_games(db)) == 26
    screen.undo_stack().undo()
    qtbot.waitUntil(lambda: len(_games(db)) == 24, timeout=10000)
    exported = tmp_path / "out.csv"
    screen.export_csv(exported)
    assert window.context.wait_idle()
    assert len(exported.read_text(encoding="utf-8").splitlines()) == 25  # header and 24
