"""The last call for Flashes on the Play screen (rulebook "Challenge Summary", step 3,
and "Seizing Sites and Contests": every Autarch, involved or not, has one last chance
to play Flashes before a challenge or contest begins): the person holding a Flash is
asked with the Flashes it may play listed and "Done / Pass" to play none."""

from __future__ import annotations

import pytest

from deckbuilder.engine.play_record import HUMAN
from tests.test_engine_replay import person
from tests.test_engine_replay_decisions import table

SCREEN_KEYS = ("play",)


@pytest.fixture
def screen(window):
    screen = window.show_screen("play")
    screen.speed.setCurrentText("Instant")
    yield screen
    screen.stop_game()


def _until_last_call(screen, qtbot):
    """Answer as the scripted person of the engine's tests until a last call is asked
    (the 3-Autarch game of seed 4 asks the person one at its 45th decision)."""
    ask = person()

    def answer():
        decision = screen.pending
        if decision is None:
            return screen.over
        if decision.kind == "last_call":
            return True
        screen.choose(ask(decision))
        return False

    qtbot.waitUntil(answer, timeout=60_000)
    return screen.pending


def test_the_person_is_offered_the_last_call_and_plays_a_flash(screen, qtbot):
    screen.resume_game(table(3, 4, [HUMAN, "quick", "quick"]))
    decision = _until_last_call(screen, qtbot)
    assert decision is not None and decision.seat == 0
    assert screen.prompt.text().startswith("Last call for Flashes before it begins:")
    labels = [screen.moves.item(i).text() for i in range(screen.moves.count())]
    assert labels and all(label.startswith("Play the Flash ") for label in labels)
    assert screen.pass_button.isEnabled() and screen.play_button.isEnabled()
    flash = decision.options[0].value.args[0]
    name = screen.session.game.name(flash)
    before = len(screen.session.game.log)
    screen.moves.setCurrentRow(0)
    screen.play_button.click()
    qtbot.waitUntil(lambda: any(f"plays the Flash {name}" in line
                                for line in screen.session.game.log[before:]), timeout=20_000)
    assert flash not in screen.session.game.state.autarchs[0].hand


def test_passing_the_last_call_keeps_the_flashes(screen, qtbot):
    screen.resume_game(table(3, 4, [HUMAN, "quick", "quick"]))
    decision = _until_last_call(screen, qtbot)
    hand = list(screen.session.game.state.autarchs[0].hand)
    screen.pass_button.click()
    qtbot.waitUntil(lambda: screen.pending is not None and screen.pending is not decision
                    or screen.over, timeout=20_000)
    flashes = {o.value.args[0] for o in decision.options}
    assert flashes <= set(hand) and flashes <= set(screen.session.game.state.autarchs[0].hand)
