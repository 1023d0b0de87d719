"""The matchup panel of the Play screen (issue 13 section 3): your deck against each chosen
rival in the background, with progress and Cancel keeping partial results; the figures
equal ``deckbuilder match``'s (:func:`run_match`) for the same seed and level."""

from __future__ import annotations

import pytest

from deckbuilder.engine.simulation.match import run_match
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.gui.play.matchup import COLUMNS, row_values
from deckbuilder.services.deck_sources import DEMO, demo_deck_files
from deckbuilder.services.matchups import MatchupsCancelled, Opponent, play_matchups

SCREEN_KEYS = ("play",)


def figures(stats) -> dict:
    """A match's JSON without the decision times (wall clock: never reproducible)."""
    data = stats.to_json()
    del data["decision_seconds"]
    return data


def _decks():
    return tuple(generated_deck(1)), tuple(generated_deck(2)), tuple(generated_deck(3))


def test_play_matchups_equals_run_match_for_each_rival_and_reports_each_game():
    mine, b, c = _decks()
    seen = []
    results = play_matchups("Mine", mine, [Opponent("B", b), Opponent("C", c)], 6, seed=3,
                            progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, 12) for k in range(1, 13)]
    for stats, deck, name in zip(results, (b, c), ("B", "C"), strict=True):
        expected = run_match(mine, deck, 6, seed=3, names=("Mine", name))
        assert figures(stats) == figures(expected)


def test_cancelling_keeps_the_games_finished():
    mine, b, c = _decks()
    asked = 0

    def cancelled() -> bool:
        nonlocal asked
        asked += 1
        return asked > 8  # stop before game 9: the 3rd game against the second rival

    with pytest.raises(MatchupsCancelled) as caught:
        play_matchups("Mine", mine, [Opponent("B", b), Opponent("C", c)], 6, seed=3,
                      cancelled=cancelled)
    partial = caught.value.partial
    assert [len(s.games) for s in partial] == [6, 2]
    assert figures(partial[1]) == figures(run_match(mine, c, 2, seed=3, names=("Mine", "C")))


def test_bad_arguments_are_refused():
    mine, b, _ = _decks()
    with pytest.raises(ValueError):
        play_matchups("Mine", mine, [], 4)
    with pytest.raises(ValueError):
        play_matchups("Mine", mine, [Opponent("B", b, "wizard")], 4)


def test_a_row_shows_win_rate_with_its_interval_wins_by_first_player_and_endings():
    mine, b, _ = _decks()
    stats = run_match(mine, b, 10, seed=1, names=("Mine", "B"))
    data = stats.to_json()
    row = dict(zip(COLUMNS, row_values(stats), strict=True))
    assert row["Rival"] == "B" and row["Games"] == "10"
    assert row["Your wins"] == str(data["wins"]["a"])
    lo, hi = data["ci95"]
    assert row["Your win rate (95% CI)"] == (
        f"{100 * data['p_a_wins']:.0f}% ({100 * lo:.0f}%–{100 * hi:.0f}%)")
    first = data["by_first_player"]["a"]
    assert row["You acted first: W–L–D"] == (
        f"{first['wins']['a']}–{first['wins']['b']}–{first['draws']}")
    assert row["Mean rounds"] == f"{data['mean_rounds']:.1f}"
    assert int(row["Victory"]) + int(row["Exhausted Destiny"]) + int(row["Round limit"]) == 10


# -- the panel on the screen --------------------------------------------------------------------


@pytest.fixture
def screen(window):
    return window.show_screen("play")


def _choose_demo_decks(screen, rivals: int) -> None:
    demos = demo_deck_files()
    assert screen.mine.select(DEMO, str(demos[0]))
    screen.rivals.count.setValue(rivals)
    for k, chooser in enumerate(screen.rivals.choosers()):
        assert chooser.select(DEMO, str(demos[(k + 1) % len(demos)]))


def test_the_panel_plays_the_open_deck_against_two_rivals_in_the_background(screen, qtbot):
    _choose_demo_decks(screen, 2)
    panel = screen.matchup
    panel.games.setValue(4)
    panel.run_button.click()
    qtbot.waitUntil(lambda: panel.running, timeout=10_000)
    assert not panel.run_button.isEnabled() and panel.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: not panel.running, timeout=60_000)
    assert panel.table.columnCount() == 2 and not panel.partial
    rivals = [s.decks[1] for s in panel.results]
    assert len(set(rivals)) == 2 and "Maestro" in panel.results[0].decks[0]
    headings = [panel.table.horizontalHeaderItem(c).text() for c in range(2)]
    assert headings == [f"Against {name}" for name in rivals]
    assert [panel.figure("Games", c) for c in range(2)] == ["4", "4"]
    for c, stats in enumerate(panel.results):
        assert panel.figure("Your wins", c) == str(stats.wins["a"])
    assert panel.progress.value() == 8
    assert "8 games played" in panel.summary.text()
    # no power silently dropped: each deck's count of cards the engine does not play
    assert "Your deck: Cards with powers the engine does not play: none" in \
        panel.summary.text()


def test_the_panel_says_how_many_cards_of_each_deck_have_powers_not_played(screen, qtbot):
    from dataclasses import replace

    from card_db.records import CardType

    mine, b, _c = _decks()
    unplayed = "Look at the top three cards of your Destiny and put them back in any order."
    mine = tuple(replace(r, powers=unplayed) if r.card_type is CardType.DICTATE else r
                 for r in mine)
    panel = screen.matchup
    panel.games.setValue(1)
    panel.run_with("Mine", mine, [Opponent("B", b)])
    qtbot.waitUntil(lambda: not panel.running and bool(panel.results), timeout=60_000)
    text = panel.summary.text()
    dictates = sum(r.card_type is CardType.DICTATE for r in mine)
    assert f"Your deck: Cards with powers the engine does not play: {dictates} (" in text
    assert "B: Cards with powers the engine does not play: none" in text


def test_cancel_shows_the_partial_result(screen, qtbot):
    _choose_demo_decks(screen, 1)
    panel = screen.matchup
    panel.games.setValue(100_000)
    panel.run_button.click()
    qtbot.waitUntil(lambda: panel.progress.value() >= 2, timeout=30_000)
    panel.cancel_button.click()
    qtbot.waitUntil(lambda: not panel.running, timeout=30_000)
    assert panel.partial and panel.table.columnCount() == 1
    played = len(panel.results[0].games)
    assert 2 <= played < 100_000
    assert panel.figure("Games", 0) == str(played)
    assert "Partial result" in panel.summary.text()
    assert panel.run_button.isEnabled()


def test_your_level_plays_your_deck_and_the_rivals_keep_theirs():
    """Issue 24: the matchup takes levels; the figures equal ``run_match`` with
    ``level`` for deck A and ``level_b`` for the rival."""
    mine, b, _c = _decks()
    [stats] = play_matchups("Mine", mine, [Opponent("B", b, "quick")], 2, seed=5,
                            level="casual")
    assert stats.levels == {"a": "casual", "b": "quick"}
    expected = run_match(mine, b, 2, seed=5, level="casual", level_b="quick",
                         names=("Mine", "B"))
    assert figures(stats) == figures(expected)
    assert row_values(stats)[1] == "quick (yours: casual)"
    with pytest.raises(ValueError):
        play_matchups("Mine", mine, [Opponent("B", b)], 1, level="grandmaster")


def test_the_panel_offers_every_level_for_your_deck(screen):
    from deckbuilder.engine.controllers.levels import LEVELS

    combo = screen.matchup.level
    assert [combo.itemText(i) for i in range(combo.count())] == ["as the rival", *LEVELS]
    rival = screen.rivals.rows[0].level
    assert [rival.itemText(i) for i in range(rival.count())] == list(LEVELS)
    assert rival.currentText() == "quick"
