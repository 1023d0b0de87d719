"""A reassignment of several Allies on the Play screen (rulebook "Phase 2: Autarch
Phase", "Reassign Allies": the Dictate may be taken as a reassignment moving any
Allies): "Reassign several Allies" lists the legal moves one at a time, shows the plan
so far, and "Done / Pass" plays it as one reassignment."""

from __future__ import annotations

import pytest

from deckbuilder.engine.human_autarch import SEVERAL_LABEL
from deckbuilder.engine.play_record import HUMAN
from tests.test_engine_replay_decisions import table

SCREEN_KEYS = ("play",)


@pytest.fixture
def screen(window):
    screen = window.show_screen("play")
    screen.speed.setCurrentText("Instant")
    yield screen
    screen.stop_game()


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
    assert screen.pending.kind == "move" and labels(screen) == offered
