"""The Play screen's saved games (issue 13, section 2): save a game halfway, resume it
from the list and finish it as the uninterrupted game; replay it step by step; delete
and undo."""

from __future__ import annotations

import pytest

from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.gui.play.session import Rival
from deckbuilder.services.saved_games import load_game, saved_games

SCREEN_KEYS = ("play",)


@pytest.fixture
def screen(window):
    screen = window.show_screen("play")
    screen.speed.setCurrentText("Instant")
    return screen


def _answer(screen, qtbot, decisions: int | None = None, timeout_ms=30_000):
    """Answer the first option ``decisions`` times (``None``: to the end of the game)."""
    answered = 0

    def done():
        nonlocal answered
        if screen.pending is not None:
            if decisions is not None and answered == decisions:
                return True
            screen.choose(0)
            answered += 1
        return screen.over

    qtbot.waitUntil(done, timeout=timeout_ms)


def test_a_game_saved_halfway_resumes_from_the_list_and_ends_as_the_uninterrupted_one(
        screen, qtbot):
    bar = screen.saved
    assert not bar.save_button.isEnabled()
    first = screen.start_game(generated_deck(1), [Rival(tuple(generated_deck(2)), "quick")], 7)
    _answer(screen, qtbot, decisions=15)
    assert bar.save_button.isEnabled() and bar.replay_button.isEnabled()
    bar.save_as("Halfway", first.record())
    qtbot.waitUntil(lambda: screen.status.text().startswith("Saved as"), timeout=10_000)
    assert [g.name for g in saved_games(screen.context.db)] == ["Halfway"]
    assert screen.undo_stack().undoText() == "Save the game Halfway"

    _answer(screen, qtbot)
    uninterrupted = list(first.game.log)
    assert first.game.table.over or first.game.table.round >= 30

    dialog = bar.open_saved()
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10_000)
    assert "Halfway" in dialog.list.item(0).text()
    assert "in progress (Round " in dialog.list.item(0).text()
    dialog.resume_selected()
    qtbot.waitUntil(lambda: screen.session is not first and screen.session is not None,
                    timeout=10_000)
    resumed = screen.session
    qtbot.waitUntil(lambda: screen.pending is not None, timeout=10_000)
    assert 10 < len(resumed.game.log) < len(uninterrupted)
    assert resumed.game.log == uninterrupted[:len(resumed.game.log)]
    assert screen.log.toPlainText().splitlines() == resumed.game.log
    _answer(screen, qtbot)
    assert resumed.game.log == uninterrupted
    assert screen.status.text().startswith("Game over")


def test_replay_steps_back_and_forward_through_the_game(screen, qtbot):
    screen.start_game(generated_deck(1), [Rival(tuple(generated_deck(2)), "quick")], 7)
    _answer(screen, qtbot, decisions=12)
    log = list(screen.session.game.log)
    screen.saved.replay_current()
    qtbot.waitUntil(lambda: screen.saved.replay is not None, timeout=10_000)
    replay = screen.saved.replay
    assert replay.where.text() == f"Step 1 of {len(replay.steps)}"
    assert not replay.back_button.isEnabled()
    first = replay.log.toPlainText()
    replay.forward()
    assert replay.log.toPlainText().startswith(first)
    assert len(replay.log.toPlainText()) > len(first)
    replay.back()
    assert replay.log.toPlainText() == first
    replay.end_button.click()
    assert replay.log.toPlainText().splitlines() == log
    assert not replay.forward_button.isEnabled()


def test_delete_from_the_list_and_undo_it(screen, qtbot):
    session = screen.start_game(generated_deck(1), [Rival(tuple(generated_deck(2)), "quick")], 3)
    _answer(screen, qtbot, decisions=3)
    screen.saved.save_as("Short", session.record())
    qtbot.waitUntil(lambda: screen.status.text().startswith("Saved as"), timeout=10_000)
    dialog = screen.saved.open_saved()
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10_000)
    dialog.delete_selected()
    qtbot.waitUntil(lambda: dialog.list.count() == 0, timeout=10_000)
    assert dialog.empty.isVisibleTo(dialog)
    stack = screen.undo_stack()
    assert stack.undoText() == "Delete the saved game Short"
    stack.undo()
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10_000)
    assert load_game(screen.context.db, "Short").seed == 3
