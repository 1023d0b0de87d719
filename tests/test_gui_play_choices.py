"""A person's choices on the Play screen beyond the turn's moves.

The last call for Flashes (rulebook "Challenge Summary", step 3, and "Seizing Sites and
Contests": every Autarch, involved or not, has one last chance to play Flashes before a
challenge or contest begins): the person holding a Flash is asked with the Flashes it
may play listed and "Done / Pass" to play none.

A reassignment of several Allies ("Phase 2: Autarch Phase", "Reassign Allies": the
Dictate may be taken as a reassignment moving any Allies): "Reassign several Allies"
lists the legal moves one at a time, shows the plan so far, and "Done / Pass" plays it
as one reassignment."""

from __future__ import annotations

import pytest

from deckbuilder.engine.controllers.person import SEVERAL_LABEL
from deckbuilder.engine.records.play_record import HUMAN
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
    (the 3-Autarch game of seed 25 asks the person one at its 14th decision)."""
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
    screen.resume_game(table(3, 25, [HUMAN, "quick", "quick"]))
    decision = _until_last_call(screen, qtbot)
    assert decision is not None and decision.seat == 0
    assert screen.prompt.text().startswith("Last call for Flashes before it begins:")
    # the log already shows the action the last call comes in, up to the last line
    assert screen.log.toPlainText().splitlines() == screen.session.game.log
    labels = [screen.moves.item(i).text() for i in range(screen.moves.count())]
    assert labels and all(label.startswith("Play the Flash ") for label in labels)
    assert screen.pass_button.isEnabled() and not screen.play_button.isEnabled()
    flash = decision.options[0].value.card
    name = screen.session.game.name(flash)
    before = len(screen.session.game.log)
    screen.moves.setCurrentRow(0)
    screen.play_button.click()
    qtbot.waitUntil(lambda: any(f"plays the Flash {name}" in line
                                for line in screen.session.game.log[before:]), timeout=20_000)
    assert flash not in screen.session.game.table.autarchs[0].hand


def test_passing_the_last_call_keeps_the_flashes(screen, qtbot):
    screen.resume_game(table(3, 25, [HUMAN, "quick", "quick"]))
    decision = _until_last_call(screen, qtbot)
    hand = list(screen.session.game.table.autarchs[0].hand)
    screen.pass_button.click()
    qtbot.waitUntil(lambda: screen.pending is not None and screen.pending is not decision
                    or screen.over, timeout=20_000)
    flashes = {o.value.card for o in decision.options}
    assert flashes <= set(hand) and flashes <= set(screen.session.game.table.autarchs[0].hand)


# --- several Allies in one reassignment ----------------------------------------------

def labels(screen):
    return [screen.moves.item(i).text() for i in range(screen.moves.count())]


def until_several_offered(screen, qtbot):
    """Play the first option (passing otherwise) until "Reassign several Allies" is
    offered."""

    def answer():
        decision = screen.pending
        if decision is None:
            return screen.over
        if SEVERAL_LABEL in labels(screen):
            return True
        screen.choose(0 if decision.options else None)
        return False

    qtbot.waitUntil(answer, timeout=60_000)
    assert not screen.over


def pick(screen, qtbot, label):
    decision = screen.pending
    screen.moves.setCurrentRow(labels(screen).index(label))
    screen.play_button.click()
    qtbot.waitUntil(lambda: screen.pending is not None and screen.pending is not decision,
                    timeout=20_000)


def test_several_allies_are_reassigned_on_the_play_screen(screen, qtbot):
    screen.resume_game(table(2, 3, [HUMAN, "quick"], max_rounds=12))
    until_several_offered(screen, qtbot)
    pick(screen, qtbot, SEVERAL_LABEL)
    assert screen.pending.kind == "reassign"
    assert "Planned: nothing yet" in screen.prompt.text()
    first = [t for t in labels(screen) if t.startswith("Reassign ")]
    assert first and labels(screen)[-1] == "Cancel this reassignment"
    pick(screen, qtbot, first[0])
    moved = first[0].removeprefix("Reassign ").split(" to ")[0]
    assert f"Planned: {first[0].removeprefix('Reassign ')}" in screen.prompt.text()
    second = [t for t in labels(screen) if t.startswith("Reassign ")]
    assert second and not any(t.startswith(f"Reassign {moved} to") for t in second)
    assert f"Take back the last move ({first[0]})" in labels(screen)
    pick(screen, qtbot, second[0])
    before = len(screen.session.game.log)
    screen.pass_button.click()  # Done: the plan is played as one reassignment
    qtbot.waitUntil(lambda: sum("reassigns" in line for line in
                                screen.session.game.log[before:]) >= 2, timeout=20_000)
    lines = [line for line in screen.session.game.log[before:] if "reassigns" in line]
    assert lines[0].endswith(f"reassigns {first[0].removeprefix('Reassign ')}.")
    assert lines[1].endswith(f"reassigns {second[0].removeprefix('Reassign ')}.")


def test_cancel_returns_to_the_turns_moves(screen, qtbot):
    screen.resume_game(table(2, 3, [HUMAN, "quick"], max_rounds=12))
    until_several_offered(screen, qtbot)
    offered = labels(screen)
    pick(screen, qtbot, SEVERAL_LABEL)
    pick(screen, qtbot, "Cancel this reassignment")
    assert screen.pending.kind == "move"  # the same moves; "several" given up this turn
    assert labels(screen) == [label for label in offered if label != SEVERAL_LABEL]
