"""The goldfish board (issue "The desktop app", section 6): one game step by step, by
phase ("Order of Play") and by round, auto-play, the board's zones ("Game Layout"), and
a statistics run in the background with progress and Cancel."""

from __future__ import annotations

import dataclasses
import time

import pytest

from card_db.userdb import UserDatabase
from deckbuilder import formats
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.goldfish import run_games
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.gui.goldfish.session import GoldfishSession
from deckbuilder.gui.goldfish.snapshot import take_snapshot
from deckbuilder.services import deck_sources
from deckbuilder.services.catalogue import load_catalogue
from deckbuilder.services.deck_sources import DEMO

DEMO_DECK = deck_sources.demo_deck_files()[0]


# -- the session and the statistics (no Qt) ----------------------------------------------------


def test_steps_replay_the_engine_game_and_its_log():
    records = generated_deck(2)
    session = GoldfishSession(records, seed=11, rounds=6)
    reference = GoldfishGame(records, 11, 6)
    expected = list(reference.steps())
    shown = []
    while not session.finished:
        shown.append(session.step())
    assert shown == expected
    assert session.lines() == reference.log
    assert session.result == reference.run()
    assert session.step() is None


def test_a_phase_step_stops_where_the_next_phase_begins():
    session = GoldfishSession(generated_deck(2), seed=4, rounds=5)
    setup = session.step_phase()
    assert {s.phase for s in setup} == {"Game Setup"} and session.board.round == 0
    assert session.next_step.phase != "Game Setup"
    assert len(session.board.circle) == 5
    while not session.finished:
        taken = session.step_phase()
        assert len({(s.round, s.phase) for s in taken}) == 1
        if session.next_step is not None:
            assert (session.next_step.round, session.next_step.phase) != \
                (taken[-1].round, taken[-1].phase)


def test_a_round_step_plays_one_whole_round_and_the_board_matches_the_engine():
    records = generated_deck(5)
    session = GoldfishSession(records, seed=8, rounds=10)
    session.play_rounds(3)
    assert session.board.round == 3 and session.next_step.round == 4
    reference = GoldfishGame(records, 8, 10)
    steps = reference.steps()
    assert [next(steps) for _ in session.shown] == session.shown
    assert session.board == take_snapshot(reference.game)
    board = session.board
    autarch = reference.game.table.autarchs[0]
    assert [r.name for r in board.hand] == [reference.game.name(c) for c in autarch.hand]
    assert board.destiny == len(autarch.destiny)
    assert [len(s.holders) for s in board.state] == [len(e.holders)
                                                      for e in autarch.realm.state]
    assert len(board.circle) + len(board.state) >= 5


def test_the_outcome_names_the_victory_round_or_the_stall():
    records = generated_deck(1)
    session = GoldfishSession(records, seed=2, rounds=10)
    assert session.outcome() == ""
    while not session.finished:
        session.step_round()
    result = GoldfishGame(records, 2, 10).run()
    if result.win_round is not None:
        assert session.outcome() == f"Victory in round {result.win_round}."
    else:
        assert session.outcome().startswith("No victory in 10 rounds")
    one_round = GoldfishSession(records, seed=2, rounds=1)
    one_round.play_rounds(1)
    assert one_round.finished and one_round.outcome().startswith("No victory in 1 rounds")


# -- the screen ---------------------------------------------------------------------------------


@pytest.fixture
def screen(window):
    screen = window.show_screen("goldfish")
    screen.chooser.select(DEMO, str(DEMO_DECK))
    screen.new_game(3)
    assert window.context.wait_idle()
    return screen


@pytest.fixture
def demo_records(db):
    return formats.read_file(DEMO_DECK).expand(load_catalogue(UserDatabase(db)))


def test_a_goldfish_step_shows_the_board_and_the_log(screen, demo_records):
    assert screen.session is not None and screen.seed.value() == 3
    reference = GoldfishGame(demo_records, 3, 10)
    steps = reference.steps()
    screen.step_button.click()
    first = next(steps)
    assert screen.log.toPlainText().splitlines() == list(first.lines)
    screen.phase_button.click()  # the rest of Game Setup: five Sites, then the hand
    board = screen.board
    assert [z for z in board.circle.names()] == [v.record.name
                                                 for v in screen.session.board.circle]
    assert len(board.circle.names()) == 5 and len(board.hand.names()) == 5
    assert board.destiny.count == 60 - 10
    assert "Game Setup" in board.header.text()
    screen.round_button.click()
    assert screen.session.board.round == 1
    assert "Round 1" in board.header.text()
    assert board.hand.names() == [r.name for r in screen.session.board.hand]
    assert board.active.names() + board.reserve.names() == \
        [v.record.name for v in (*screen.session.board.active, *screen.session.board.reserve,
                                 *screen.session.board.effects)]
    assert screen.log.toPlainText().splitlines() == screen.session.lines()


def test_the_state_shows_each_site_with_its_holders(screen):
    # Round 3: the autopilot (issue 12, section 3) wins this seed in round 4, after which
    # there is no step left to show.
    screen.session.play_rounds(3)
    screen.step()  # shows the session's board
    held = screen.session.board.state
    assert held, "this seed secures Sites by round 3"
    slots = screen.board.state.slots
    assert [s.view.record.name for s in slots] == [h.site.record.name for h in held]
    assert [[u.record.name for u in s.under] for s in slots] == \
        [[v.record.name for v in h.holders] for h in held]
    assert screen.board.state.minimumSizeHint().height() > \
        screen.board.hand.minimumSizeHint().height()


def test_auto_play_runs_to_the_end(screen, qtbot, demo_records):
    screen.speed.setCurrentText("Fast")
    screen.timer.setInterval(1)
    screen.auto_button.click()
    assert screen.timer.isActive()
    qtbot.waitUntil(lambda: screen.session.finished, timeout=10_000)
    assert not screen.timer.isActive() and not screen.step_button.isEnabled()
    result = GoldfishGame(demo_records, 3, 10).run()
    assert screen.outcome.text() == screen.session.outcome()
    assert screen.session.result == result


def test_a_statistics_run_fills_the_charts(window, screen, demo_records, qtbot):
    panel = screen.stats
    panel.games.setValue(300)
    panel.seed.setValue(9)
    panel.run_button.click()
    qtbot.waitUntil(lambda: panel.stats is not None, timeout=20_000)
    reference = run_games(demo_records, 300, 10, seed=9)
    assert panel.stats.to_json() == reference.to_json()
    assert panel.progress.value() == 300 and panel.progress.maximum() == 300
    histogram = panel.histogram.shown()
    assert {int(k): v for k, v in histogram.items() if v} == reference.win_round_histogram
    assert sum(histogram.values()) == 300 - reference.no_win
    line = panel.cumulative.shown()
    assert [x for x, _ in line] == list(range(1, 11))
    assert line[-1][1] == pytest.approx(min(100 * reference.p_win_by_round[-1], 100), abs=0.1)
    assert panel.run_button.isEnabled() and not panel.cancel_button.isEnabled()
    assert "300 games of 10 rounds" in panel.summary.text()
    # every power of the demo deck is played: the summary says so rather than staying silent
    assert "Cards with powers the engine does not play: none." in panel.summary.text()


def test_a_statistics_run_counts_the_cards_whose_powers_are_not_played(screen, demo_records,
                                                                       qtbot):
    unread = "Shuffle your In Ovo into your Destiny."
    first = demo_records[0]
    records = [dataclasses.replace(r, traits="", powers=unread) if r == first else r
               for r in demo_records]
    copies = sum(r == first for r in demo_records)
    panel = screen.stats
    panel.games.setValue(20)
    panel.run_with(records, 10, Variant())
    qtbot.waitUntil(lambda: panel.stats is not None, timeout=20_000)
    assert (f"Cards with powers the engine does not play: {copies} ({first.name})."
            in panel.summary.text())


def test_cancel_stops_a_long_run_and_keeps_the_games_played(window, screen, qtbot,
                                                           demo_records):
    panel = screen.stats
    panel.games.setValue(1_000_000)
    screen.run_statistics()
    qtbot.waitUntil(lambda: panel.running, timeout=5000)
    started = time.perf_counter()
    qtbot.waitUntil(lambda: panel.progress.value() > 0, timeout=10_000)
    assert panel.cancel_button.isEnabled()
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: not panel.running, timeout=10_000)
    assert time.perf_counter() - started < 10
    # the games finished are kept and shown, marked partial (issue 10)
    assert panel.stats is not None and panel.partial
    assert "Cancelled after" in panel.summary.text() and "Partial" in panel.summary.text()
    assert panel.run_button.isEnabled() and window.context.last_error is None
    done = panel.stats.games
    assert 0 < done < 1_000_000 and f"{done:,} of 1,000,000 games" in panel.summary.text()
    assert panel.stats.to_json() == run_games(demo_records, done, 10, seed=0).to_json()


def test_changing_the_rules_sets_the_same_game_up_again(window, screen):
    screen.step_round()
    screen.variant.setCurrentText("Shorter Games")
    assert window.context.wait_idle()
    assert screen.session.game.variant == Variant.shorter_games()
    assert screen.session.seed == 3 and screen.session.shown == []
    assert screen.log.toPlainText() == ""


def test_before_any_run_the_panel_shows_no_false_count_nor_empty_charts(screen):
    panel = screen.stats
    assert "/ 1 games" not in panel.progress.text() and "No games" in panel.progress.text()
    assert not panel.histogram.isVisible() and not panel.cumulative.isVisible()


def test_large_counts_are_labelled_in_full_not_in_scientific_notation():
    from deckbuilder.gui.deck_editor.bar_chart import BarChartView

    chart = BarChartView("Victories by round")
    chart.set_data(["1", "2"], [123456, 7])
    label = chart.series.labelsFormat() or "@value"
    from deckbuilder.gui.goldfish.stats_panel import MAX_GAMES

    # a count up to the most games a run plays is printed digit by digit
    assert "@value" in label and chart.series.labelsPrecision() >= len(str(MAX_GAMES))


def test_the_victory_line_leaves_room_above_100_percent_for_its_labels(screen):
    axis = screen.stats.cumulative.y_axis
    assert axis.max() > 110 and axis.min() == 0
    assert axis.tickInterval() == 20 and axis.tickAnchor() == 0  # ticks stop at 100%


def test_the_victory_line_needs_no_axis_title_that_a_short_panel_would_cut(screen):
    chart = screen.stats.cumulative
    assert chart.x_axis.titleText() == "" and "round r" in chart.chart().title()
