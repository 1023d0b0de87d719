"""A game finished on the Play screen is logged by itself as a computer game with the
level, the saved deck's version, the rival's deck and who acted first (issue 23,
section 2), and the log's undo takes it back."""

from __future__ import annotations

from card_db.userdb import UserDatabase
from deckbuilder.services import deck_sources
from deckbuilder.services.deck_sources import DEMO, SAVED
from deckbuilder.services.decks import save_deck
from deckbuilder.services.match_log import logged_games

SCREEN_KEYS = ("play", "games")


def test_a_finished_game_is_logged_as_a_computer_game(qtbot, window, db):
    handle = UserDatabase(db)
    demos = deck_sources.demo_deck_files()
    deck = deck_sources.read_deck(demos[0], handle.catalogue()).deck
    deck.name = "Mine"
    save_deck(handle, deck)
    save_deck(handle, deck)  # version 2
    screen = window.show_screen("play")
    screen.start()
    assert window.context.wait_idle()
    qtbot.waitUntil(lambda: screen.mine.select(SAVED, "Mine"), timeout=10_000)
    assert screen.rival.select(DEMO, str(demos[-1]))
    screen.level.setCurrentText("quick")
    screen.speed.setCurrentText("Instant")
    screen.start_chosen()
    qtbot.waitUntil(lambda: screen.session is not None, timeout=10_000)

    def over():
        if screen.pending is not None:
            screen.choose(0)
        return screen.status.text().startswith("Game over")

    qtbot.waitUntil(over, timeout=90_000)
    qtbot.waitUntil(lambda: len(logged_games(handle)) == 1, timeout=10_000)
    [game] = logged_games(handle)
    snap = screen.board.snap
    assert (game.deck, game.version, game.kind, game.level) == ("Mine", 2, "computer", "quick")
    assert game.opponent == "Computer (quick)" and game.opponent_deck
    assert game.went in ("first", "second") and game.rounds == snap.round
    expected = ("draw" if snap.winner is None else "win" if snap.winner == 0 else "loss")
    assert game.result == expected
    assert window.context.wait_idle()
    games = window.show_screen("games")
    qtbot.waitUntil(lambda: games.model.rowCount() == 1, timeout=10_000)
    games.undo_stack().undo()
    qtbot.waitUntil(lambda: logged_games(handle) == [], timeout=10_000)
    handle.close()
