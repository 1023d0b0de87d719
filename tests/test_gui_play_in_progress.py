"""A game in progress is not thrown away without a question (issue 25): Start (with
new settings), a worked example, Resume… and Quit ask Save / Discard / Cancel, as the
deck editor does for unsaved decks; the setup panel folds away while a game is played;
nothing is preselected among the moves; the log and the saved game name your deck."""

from __future__ import annotations

import pytest

from deckbuilder.gui.play.screen import CANCEL, DISCARD, SAVE
from deckbuilder.services import deck_sources
from deckbuilder.services.deck_sources import DEMO
from deckbuilder.services.saved_games import saved_games

SCREEN_KEYS = ("play",)


@pytest.fixture
def screen(window, qtbot):
    screen = window.show_screen("play")
    screen.speed.setCurrentText("Instant")
    demos = deck_sources.demo_deck_files()
    assert screen.mine.select(DEMO, str(demos[0]))
    assert screen.rival.select(DEMO, str(demos[-1]))
    screen.start_chosen()
    qtbot.waitUntil(lambda: screen.pending is not None, timeout=20_000)
    yield screen
    screen.stop_game()


def test_the_game_names_your_deck_and_the_setup_folds_away(screen):
    deck = screen.mine.current_source().label
    assert f"you ({deck}) are seat 1" in screen.status.text()
    assert screen.session.game.table.autarchs[0].name == f"Your Autarch ({deck})"
    assert not screen.setup.isVisible() and screen.new_game_button.isVisible()
    screen.new_game_button.click()
    assert screen.setup.isVisible()
    assert screen.moves.currentRow() == -1 and not screen.play_button.isEnabled()


def test_start_asks_and_cancel_keeps_the_game(screen, qtbot):
    asked = []
    screen.ask_game = lambda action: asked.append(action) or CANCEL
    session = screen.session
    screen.start_chosen()
    assert asked == ["start another game"] and screen.session is session
    assert screen.game_in_progress()


def test_start_and_discard_starts_another_game(screen, qtbot):
    screen.ask_game = lambda action: DISCARD
    session = screen.session
    screen.start_chosen()
    qtbot.waitUntil(lambda: screen.session is not session and screen.pending is not None,
                    timeout=20_000)
    assert saved_games(screen.context.db) == []


def test_start_and_save_keeps_the_game_under_your_decks_name(screen, qtbot):
    screen.ask_game = lambda action: SAVE
    session = screen.session
    screen.start_chosen()
    names = [game.name for game in saved_games(screen.context.db)]
    deck = screen.mine.current_source().label
    assert len(names) == 1 and names[0].startswith(f"Your Autarch ({deck}) vs Computer (")
    qtbot.waitUntil(lambda: screen.session is not session, timeout=20_000)


def test_quit_asks_without_blocking_and_saves(window, screen, qtbot):
    window.close()
    assert window.isVisible(), "the window waits for the answer"
    box = screen.quit_box
    assert box is not None and box.isVisible() and "game in progress" in box.text()
    assert not screen.quit_answer(CANCEL)
    assert window.isVisible() and screen.game_in_progress()
    window.close()  # asks again
    assert screen.quit_box is not None
    assert screen.quit_answer(SAVE)
    assert not window.isVisible()
    assert len(saved_games(screen.context.db)) == 1


def test_quit_and_discard_closes_without_saving(window, screen):
    window.close()
    assert screen.quit_answer(DISCARD)
    assert not window.isVisible() and saved_games(screen.context.db) == []


def test_a_finished_game_closes_without_a_question(window, screen, qtbot):
    def finish():
        if screen.pending is not None:
            screen.choose(None if screen.pending.can_pass else 0)
        return screen.over

    qtbot.waitUntil(finish, timeout=60_000)
    assert not screen.game_in_progress() and screen.setup.isVisible()
    assert window.close()


def test_the_save_game_dialog_shows_the_whole_name(screen):
    from deckbuilder.gui.play.saved import default_name

    name = default_name(screen.session.record())
    dialog = screen.saved.name_dialog(name)
    assert dialog.width() >= 480
    assert dialog.width() > dialog.fontMetrics().horizontalAdvance(name)
    assert dialog.textValue() == name


def test_the_damage_prompt_says_where_the_damage_comes_from(screen):
    from deckbuilder.engine.controllers.person import Decision, Option

    decision = Decision(0, "assign_damage", "You win the challenge: assign 8 damage to "
                        "Gentle", (Option("Deal 8 damage to Gentle", {1: 8}, (1,)),))
    screen._show_decision(decision)
    text = screen.prompt.text()
    assert text.startswith("You win the challenge: assign 8 damage")
    assert "difference of the two sides' combat strengths" in text
    assert "Challenge Summary" in text
