"""Adjust by hand on the Play screen (issue 22 section 2): when a card whose power the
engine does not play has been played, the log says its power was not applied, "Adjust by
hand…" (Ctrl+J) opens a small dialog (kind, amount, target), and the adjustment is made
by the engine and appears in the log; the hover card marks the text not modelled."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from card_db.records import CardType
from deckbuilder.engine.game.actions import ManualAdjustment
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.gui.play.faces import powers_html
from deckbuilder.gui.play.session import Rival
from tests.test_engine_manual_replay import UNPLAYED

SCREEN_KEYS = ("play",)


def _unplayed(deck):
    return [replace(r, powers=UNPLAYED)
            if r.card_type in (CardType.DICTATE, CardType.FLASH) else r for r in deck]


@pytest.fixture
def screen(window):
    return window.show_screen("play")


def _to_an_adjustment(screen, qtbot):
    """Start a game whose Dictates and Flashes have a power the engine does not play and
    answer the first move offered until an adjustment may be made."""
    screen.speed.setCurrentText("Instant")
    screen.start_game(_unplayed(generated_deck(1)),
                      [Rival(tuple(_unplayed(generated_deck(2))), "quick")], 7)

    def ready():
        d = screen.pending
        if d is not None and d.adjust is not None:
            return True
        if d is not None:
            screen.choose(0 if d.options else None)
        return False

    qtbot.waitUntil(ready, timeout=60_000)


def test_the_card_whose_power_is_not_played_opens_adjust_by_hand(screen, qtbot):
    assert not screen.adjust_button.isEnabled()
    _to_an_adjustment(screen, qtbot)
    dictates = sum(r.card_type in (CardType.DICTATE, CardType.FLASH)
                   for r in generated_deck(1))
    assert screen.log.toPlainText().startswith(
        f"Your deck has {dictates} card(s) with powers the engine does not play")
    assert screen.adjust_button.isEnabled()
    assert "its power was not applied: \u201c" + UNPLAYED in screen.log.toPlainText()
    assert "adjust by hand" in screen.prompt.text()
    game = screen.session.game
    dialog = screen.adjust_by_hand()
    assert dialog is not None and dialog.isVisible()
    cause = dialog.cause.currentData()
    assert cause in game.table.unapplied
    assert UNPLAYED in dialog.text.text()
    # Magic +2 on the first character offered
    dialog.kind.setCurrentIndex(dialog.kind.findData("magic"))
    dialog.amount.setValue(0)
    assert not dialog.ok_button.isEnabled() and "other than 0" in dialog.summary.text()
    dialog.amount.setValue(2)
    target = dialog.character.currentData()
    assert dialog.summary.text().endswith("Magic +2 until end of round.")
    assert dialog.action() == ManualAdjustment(cause, "magic", 2, target)
    before = game.magic_mod(target)
    round_ = game.table.round
    dialog.ok_button.click()
    qtbot.waitUntil(lambda: "Manual adjustment by Your Autarch" in screen.log.toPlainText(),
                    timeout=10_000)
    qtbot.waitUntil(lambda: screen.pending is not None or screen.over, timeout=10_000)
    line = next(x for x in screen.log.toPlainText().splitlines() if "Manual adjustment" in x)
    assert f"for {game.name(cause)} (its power applied by hand)" in line
    assert "is Magic +2 until end of round." in line
    assert game.magic_mod(target) == before + 2
    # the table shows the change on the card until end of round
    assert screen.pending is not None and game.table.round == round_  # the turn goes on
    view = screen.board.findChild(QWidget, f"card-{target}")
    assert f"Until end of round: Magic {game.table.magic_mods[target]:+d}" in view.details()
    assert ("Magic", game.table.magic_mods[target]) in view.face.changes
    assert screen.session.recorded.tape.log[-1].value == ManualAdjustment(cause, "magic", 2,
                                                                          target)


def test_ctrl_j_opens_it_and_a_discard_from_the_hand_is_made(screen, qtbot):
    _to_an_adjustment(screen, qtbot)
    screen.activateWindow()
    screen.setFocus()
    qtbot.keyClick(screen, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: screen.adjust_dialog is not None, timeout=5_000)
    dialog = screen.adjust_dialog
    dialog.kind.setCurrentIndex(dialog.kind.findData("discard"))
    assert dialog.form.isRowVisible(dialog.discard) and not dialog.form.isRowVisible(
        dialog.character)
    hand = screen.session.game.autarch(0).hand
    dialog.discard.setCurrentIndex(1)
    card = dialog.discard.currentData()
    assert card in hand and not dialog.amount.isEnabled()
    dialog.ok_button.click()
    name = screen.session.game.name(card)
    qtbot.waitUntil(lambda: card in screen.session.game.autarch(0).in_ovo, timeout=10_000)
    qtbot.waitUntil(lambda: f"Your Autarch discards {name} to the In Ovo." in
                    screen.log.toPlainText(), timeout=10_000)


def test_the_hover_card_marks_the_text_the_engine_does_not_play():
    dictate = next(r for r in _unplayed(generated_deck(1)) if r.card_type is CardType.DICTATE)
    assert "not modelled by the engine: " + UNPLAYED in powers_html(dictate)
    plain = next(r for r in generated_deck(1) if r.card_type is CardType.DICTATE)
    assert "not modelled" not in powers_html(plain)
