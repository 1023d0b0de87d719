"""The rulebook's worked examples on the Play screen (issue 13 section 4): each opens
on the table with the person at the acting seat and the others answering as in the
rulebook or as the quick computer, and the person's choices play it out as the
rulebook says."""

from __future__ import annotations

import pytest

from deckbuilder.engine.controllers.scenarios import SCENARIOS

SCREEN_KEYS = ("play",)


@pytest.fixture
def screen(window):
    screen = window.show_screen("play")
    yield screen
    screen.stop_game()


def _open(screen, qtbot, key, rivals="as in the rulebook"):
    screen.speed.setCurrentText("Instant")
    assert screen.examples.select(key)
    screen.examples.rivals.setCurrentText(rivals)
    screen.examples.button.click()
    qtbot.waitUntil(lambda: screen.pending is not None, timeout=20_000)
    return screen.session


@pytest.mark.parametrize("key", list(SCENARIOS))
def test_each_worked_example_opens_its_table_with_the_person_to_decide(screen, qtbot, key):
    sc = SCENARIOS[key]
    _open(screen, qtbot, key)
    snap = screen.board.snap
    assert snap is not None and snap.acting == 0 and snap.seat == 0
    for side, seat in zip(snap.autarchs, sc.seats, strict=True):
        assert side.name == seat.name
        assert sorted(f.name for f in side.active) == sorted(seat.active)
    assert snap.autarchs[0].hand == sc.seats[0].hand
    assert [site.name for site, _paths in snap.circle] == list(sc.circle)
    assert sc.title in screen.status.text() and sc.source in screen.status.text()
    assert screen.pending.kind == "move" and screen.moves.count() >= 1
    assert not screen.saved.save_button.isEnabled()  # a worked example is not saved


def _play_script(screen, qtbot, script):
    """Answer each decision with the next ``script`` entry of its kind, else pass."""

    def answer():
        decision = screen.pending
        if decision is not None:
            if script and script[0][0] == decision.kind:
                _kind, label = script.pop(0)
                labels = [o.label for o in decision.options]
                assert label in labels
                screen.choose(labels.index(label))
            else:
                screen.choose(None)
        return screen.over

    qtbot.waitUntil(answer, timeout=30_000)


@pytest.mark.parametrize("key", list(SCENARIOS))
def test_choosing_the_rulebooks_options_gives_the_rulebooks_outcome(screen, qtbot, key):
    sc = SCENARIOS[key]
    session = _open(screen, qtbot, sc.key)
    script = [entry for entry in sc.script if entry[0] == "move"]
    _play_script(screen, qtbot, script)
    assert script == []
    log = screen.log.toPlainText().splitlines()
    for expected in sc.expect:
        assert any(line.endswith(expected) for line in log), expected
    assert screen.status.text().startswith("Game over.") and sc.title in screen.status.text()
    assert not session.is_running()
    with pytest.raises(RuntimeError):
        session.record()


def test_against_the_computer_the_person_plays_the_example_to_its_end(screen, qtbot):
    sc = SCENARIOS["gek-a-gek"]
    _open(screen, qtbot, sc.key, "the computer (quick)")
    assert "the computer (quick)" in screen.status.text()
    script = list(sc.script)
    _play_script(screen, qtbot, script)
    assert script == []
    log = screen.log.toPlainText()
    assert "Stephen challenges Gentle with Gek-A-Gek, Gek-A-Gek" in log
    assert "Combat strength 16 against" in log


def test_the_person_plays_influence_maneuvers_in_their_own_seizure(screen, qtbot, monkeypatch):
    """Issue 25: on the Play screen a person seizing may play an influence maneuver from
    hand on the Site being seized ("Seizing Sites and Contests": the involved Autarchs
    play influence maneuvers), as when contesting."""
    from deckbuilder.engine.controllers.scenarios import Scenario, SeatSetup

    sc = Scenario("own-maneuver", "Own seizure with a maneuver", "Seizing Sites and Contests",
                  (SeatSetup("Eric", active=("Henry Holland", "Horace Thyrtwit"),
                             hand=("Whispered Word of Power",)),
                   SeatSetup("Brian", active=("Huzzah Aping",))),
                  (), (), circle=("Slew",), acting=0)
    monkeypatch.setitem(SCENARIOS, sc.key, sc)
    screen.speed.setCurrentText("Instant")
    screen.start_scenario(sc.key)
    qtbot.waitUntil(lambda: screen.pending is not None, timeout=20_000)
    labels = [o.label for o in screen.pending.options]
    with_maneuver = [x for x in labels if x.startswith("Seize Slew with")
                     and ", playing Whispered Word of Power from " in x]
    assert with_maneuver, labels
    assert any(screen.moves.item(i).text() == with_maneuver[0]
               for i in range(screen.moves.count()))
    screen.choose(labels.index(with_maneuver[0]))
    log = screen.session.game.log
    qtbot.waitUntil(lambda: any("plays Whispered Word of Power (+3)" in line for line in log),
                    timeout=20_000)
    hand = screen.session.game.table.autarchs[0].hand
    assert not any(screen.session.game.name(c) == "Whispered Word of Power" for c in hand)
