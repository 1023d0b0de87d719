"""The Play screen (issue 13 section 2): a whole game against the quick computer
Autarch, with the engine in a worker thread and the person's moves chosen among the
legal moves listed; plus the human controller and the table snapshot without Qt."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.person import PersonController, is_legal, legal_moves
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.order_of_play import play
from deckbuilder.engine.game.table_snapshot import AutarchSnapshot, TableSnapshot, snapshot
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.engine.table.zones import check_conservation
from deckbuilder.gui.play.session import Rival, ending
from deckbuilder.services import deck_sources
from deckbuilder.services.deck_sources import DEMO

SCREEN_KEYS = ("play",)


# -- the human controller (no Qt) ------------------------------------------------------------


@pytest.mark.parametrize("pick", ["first", "last"])
def test_a_scripted_human_plays_only_offered_legal_moves_to_the_end(pick):
    decisions = []

    def ask(decision):
        decisions.append(decision)
        if decision.kind == "move":
            for option in decision.options:
                assert is_legal(game, 0, option.value), option.label
        return 0 if pick == "first" else len(decision.options) - 1

    game = Game([generated_deck(1), generated_deck(2)], seed=5, names=["You", "Computer"])
    human = PersonController(ask)
    controllers = seat_table([human, ComputerController()])
    for _ in play(game, controllers, rounds=30):
        check_conservation(game.table)
    assert game.table.over
    assert human.illegal == [] and controllers[1].illegal == []
    kinds = {d.kind for d in decisions}
    assert {"place_site", "reshuffle", "move"} <= kinds
    labels = [o.label for d in decisions for o in d.options]
    assert any(label.startswith("Seize ") for label in labels)


def test_legal_moves_are_empty_outside_the_seats_turn_and_snapshot_hides_the_rivals_hand():
    game = Game([generated_deck(1), generated_deck(2)], seed=5, names=["You", "Computer"])
    controllers = seat_table([ComputerController(), ComputerController()])
    steps = play(game, controllers, rounds=3)
    for _ in steps:
        if game.turn is not None and game.turn.seat == 1:
            break
    snap = snapshot(game, 0)
    assert snap.autarchs[0].hand == tuple(game.name(c) for c in game.autarch(0).hand)
    assert snap.autarchs[1].hand == () and snap.autarchs[1].hand_size == len(
        game.autarch(1).hand)
    assert game.turn is not None and game.turn.seat == 1
    assert legal_moves(game, 0) == []
    assert legal_moves(game, 1) != []


# -- the screen ------------------------------------------------------------------------------


@pytest.fixture
def screen(window):
    return window.show_screen("play")


def _play_first_moves(screen, qtbot, timeout_ms=90_000):
    def done():
        if screen.pending is not None:
            screen.choose(0)
        return screen.status.text().startswith("Game over")

    qtbot.waitUntil(done, timeout=timeout_ms)


def test_a_whole_game_against_the_quick_computer_ends_with_a_clear_message(screen, qtbot):
    demos = deck_sources.demo_deck_files()
    assert screen.mine.select(DEMO, str(demos[0]))
    assert screen.rival.select(DEMO, str(demos[-1]))
    screen.level.setCurrentText("quick")
    screen.speed.setCurrentText("Instant")
    screen.start_chosen()
    qtbot.waitUntil(lambda: screen.session is not None, timeout=10_000)
    qtbot.waitUntil(lambda: screen.pending is not None, timeout=10_000)
    assert screen.moves.count() >= 1 and not screen.play_button.isEnabled()
    screen.moves.setCurrentRow(0)  # nothing is preselected for the person
    assert screen.play_button.isEnabled()
    _play_first_moves(screen, qtbot)
    game = screen.session.game
    assert game.table.over or game.table.round >= 30
    status = screen.status.text()
    assert any(w in status for w in ("Victory", "Exhausted Destiny", "draw"))
    log = screen.log.toPlainText()
    assert "Game over." in log and game.log[-1] in log
    assert screen.board.snap is not None and screen.board.snap.over is game.table.over
    assert screen.board.findChild(QWidget, "circle") is not None
    assert not screen.session.is_running()
    assert not screen.skip_button.isEnabled() and not screen.play_button.isEnabled()
    assert screen.prompt.text().startswith("The game is over")


def test_the_window_answers_while_the_computer_plays_and_skip_ends_the_pause(screen, qtbot):
    screen.speed.setCurrentText("Slow")
    session = screen.start_game(generated_deck(1), [Rival(generated_deck(2), "quick")], 7)
    qtbot.waitUntil(lambda: screen.pending is not None, timeout=10_000)
    # answer setup quickly until the computer's steps begin pausing
    for _ in range(200):
        if screen.pending is not None:
            screen.choose(0)
        qtbot.wait(5)
        if screen.pending is None and session.is_running() and screen.skip_button.isEnabled():
            break
    screen.skip_button.click()
    qtbot.waitUntil(lambda: screen.pending is not None or not session.is_running(),
                    timeout=5_000)
    screen.stop_game()
    assert not session.is_running()


def test_the_end_message_names_victory_exhausted_destiny_or_a_draw():
    def side(name, eliminated=False):
        return AutarchSnapshot(name, (), 0, 0, 0, (), (), (), eliminated)

    def table(winner, over, eliminated=False):
        return TableSnapshot(9, "Reconciliation", (), (side("You"), side("CPU", eliminated)),
                             over, winner)

    assert ending(table(0, True)).startswith("Victory: You")
    assert "Exhausted Destiny" in ending(table(0, True, eliminated=True))
    assert ending(table(None, True)).startswith("No winner")
    assert "draw" in ending(table(None, False))


def test_a_deck_that_cannot_fill_the_five_dominions_is_refused_before_the_game(screen):
    sites_short = [r for r in generated_deck(1) if r.card_type.name != "SITE"]
    assert screen.start_game(sites_short, [Rival(generated_deck(2), "quick")], 1) is None
    assert screen.status.text().startswith("This game cannot be set up")
    assert screen.session is None
