"""Saved games record every decision of the newer computer Autarch (issue 13, section 2:
"A game can be saved and resumed ... and a finished game can be replayed step by
step"): maneuvers when contesting or defending, the victor's damage, counters of every
card, and Flashes a computer plays inside a rival's action. Games of 2 and 3 Autarchs
with the demo decks, computer against computer and a person against computers, saved
at several points and resumed, end as the uninterrupted games did."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.controllers.lookahead import StrongController
from deckbuilder.engine.controllers.person import PersonController
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.decisions import COUNTER_KIND
from deckbuilder.engine.game.order_of_play import play
from deckbuilder.engine.game.table_snapshot import snapshot
from deckbuilder.engine.records.play_record import (
    FORMAT_VERSION,
    HUMAN,
    V2_KINDS,
    dumps,
    loads,
    new_record,
)
from deckbuilder.engine.records.replay import RecordedGame, replay_steps
from deckbuilder.services.deck_sources import demo_deck_files, play_deck_file
from tests.test_engine_replay import Abandon, person

FIXTURE = Path(__file__).parent / "fixtures" / "games" / "saved_game_v2.json"
EXPECTED = Path(__file__).parent / "fixtures" / "games" / "saved_game_v2.expected.json"
# (Autarchs, seed): games in which a computer plays a Flash inside a rival's action.
REACTING = [(2, 1), (2, 7), (3, 1), (3, 9)]


@cache
def demo_decks() -> tuple[tuple, ...]:
    catalogue = Catalogue(load_bundled_records())
    return tuple(tuple(play_deck_file(d, catalogue).records) for d in demo_deck_files())


def table(n: int, seed: int, players=None, max_rounds: int = 30):
    decks = demo_decks()
    return new_record([decks[(i + seed) % len(decks)] for i in range(n)],
                      [f"Autarch {i + 1}" for i in range(n)],
                      players or ["quick"] * n, seed=seed, max_rounds=max_rounds)


def finish(game: RecordedGame) -> RecordedGame:
    for _ in game.play():
        pass
    return game


def reactions(choices, closing=("last_call",)) -> int:
    """Moves a seat played just before its own ``closing`` choice, counters between:
    Flashes at the last call (format 3), or inside a contest or defence (format 2)."""
    found = 0
    for i, c in enumerate(choices):
        if c.kind in closing:
            j = i - 1
            while j >= 0 and choices[j].kind == "counter":
                j -= 1
            found += j >= 0 and choices[j].kind == "move" and choices[j].seat == c.seat
    return found


@pytest.mark.parametrize(("n", "seed"), REACTING)
def test_recorded_computers_play_the_game_unrecorded_computers_play(n, seed):
    """Every new decision goes through the tape: the computer's game is unchanged."""
    record = table(n, seed)
    plain = Game(record.decks, seed=seed, names=record.names)
    for _ in play(plain, seat_table([ComputerController() for _ in range(n)]), rounds=30):
        pass
    recorded = finish(RecordedGame(record, [ComputerController() for _ in range(n)]))
    assert recorded.game.log == plain.log and recorded.game.table.over
    kinds = {c.kind for c in recorded.tape.log}  # contest_maneuvers: the v2 fixture
    assert {"defend_maneuvers", "assign_damage", "counter"} <= kinds
    assert reactions(recorded.tape.log) > 0


@pytest.mark.parametrize(("n", "seed"), REACTING)
@pytest.mark.parametrize("part", [0.02, 0.3, 0.6, 0.9])
def test_computer_games_saved_between_steps_resume_to_the_same_end(n, seed, part):
    whole = RecordedGame(table(n, seed), [ComputerController() for _ in range(n)])
    steps = max(1, int(part * sum(1 for _ in whole.play())))
    halfway = RecordedGame(table(n, seed), [ComputerController() for _ in range(n)])
    for k, _ in enumerate(halfway.play()):
        if k + 1 == steps:
            break
    saved = loads(dumps(halfway.record()))
    assert 0 < len(saved.choices) < len(whole.tape.log)
    resumed = finish(RecordedGame(saved, [ComputerController() for _ in range(n)]))
    assert resumed.game.log == whole.game.log
    assert dumps(resumed.record()) == dumps(whole.record())


@pytest.mark.parametrize(("n", "seed"), REACTING)
def test_a_game_saved_while_a_computers_flash_waits_resumes_to_the_same_end(n, seed):
    """Saved while seat 1 is asked to counter a Flash a rival plays inside its contest
    or defence: saved before that answer, asked again the same way on resuming."""

    class Leaving(ComputerController):
        tape = None

        def choose(self, game, decision):
            if decision.kind == COUNTER_KIND and self.tape.open and \
                    self.tape.open[0][0] < len(self.tape.log):
                raise Abandon
            return super().choose(game, decision)

    whole = finish(RecordedGame(table(n, seed), [ComputerController() for _ in range(n)]))
    leaving = Leaving()
    halfway = RecordedGame(table(n, seed), [leaving, *(ComputerController() for _ in range(n - 1))])
    leaving.tape = halfway.tape
    with pytest.raises(Abandon):
        finish(halfway)
    saved = halfway.record()
    assert len(saved.choices) < len(halfway.tape.log)  # the Flash is not in the save
    resumed = finish(RecordedGame(loads(dumps(saved)), [ComputerController() for _ in range(n)]))
    assert resumed.game.log == whole.game.log
    assert dumps(resumed.record()) == dumps(whole.record())


def against_computers(record, ask) -> RecordedGame:
    """``record`` played by a person at seat 1 answering through ``ask`` and quick
    computers, to the end or until the person abandons it."""
    n = len(record.seats)
    game = RecordedGame(record, [PersonController(ask),
                                 *(ComputerController() for _ in range(n - 1))])
    try:
        finish(game)
    except Abandon:
        pass
    return game


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (2, 9), (3, 3), (3, 11)])
@pytest.mark.parametrize("stop_after", [0, 5, 12, 20])
def test_a_person_against_computers_saved_and_resumed_ends_the_same(n, seed, stop_after):
    players = [HUMAN] + ["quick"] * (n - 1)
    run = against_computers
    whole = run(table(n, seed, players), person())
    halfway = run(table(n, seed, players), person(stop_after=stop_after))
    saved = halfway.record()
    assert not saved.over and len(saved.choices) < len(whole.tape.log)
    resumed = run(loads(dumps(saved)), person())
    assert resumed.game.log == whole.game.log
    assert dumps(resumed.record()) == dumps(whole.record())
    steps = replay_steps(loads(dumps(whole.record())), seat=n - 1)
    assert [line for s in steps for line in s.lines] == whole.game.log


def test_a_strong_computer_game_saved_and_resumed_ends_the_same():
    def strong():
        return [StrongController(seed=7, samples=2, horizon=1), ComputerController(),
                StrongController(seed=7, samples=2, horizon=1)]

    record = table(3, 1, ["strong", "quick", "strong"], max_rounds=4)
    whole = finish(RecordedGame(record, strong()))
    halfway = RecordedGame(record, strong())
    for k, _ in enumerate(halfway.play()):
        if k == 60:
            break
    resumed = finish(RecordedGame(loads(dumps(halfway.record())), strong()))
    assert resumed.game.log == whole.game.log
    assert dumps(resumed.record()) == dumps(whole.record())


@pytest.mark.parametrize(("n", "seed"), REACTING[1:3])
def test_replay_steps_match_the_tables_of_the_game_as_played(n, seed):
    game = RecordedGame(table(n, seed), [ComputerController() for _ in range(n)])
    snaps = [snapshot(game.game, 1) for _ in game.play()]
    steps = replay_steps(loads(dumps(game.record())), seat=1)
    assert [s.table for s in steps] == snaps


def test_the_stored_version_2_game_still_loads_and_replays_to_the_same_table():
    """A game saved in format version 2 (tests/fixtures/games) with maneuvers when
    defending, damage, counters of Dictates and Paths and a Flash inside a rival's
    action: a change that would break users' saved games fails here."""
    text = FIXTURE.read_text(encoding="utf-8").strip()
    record = loads(text)
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    assert json.loads(text)["version"] == 2 and record.v1_choices == 0
    assert set(V2_KINDS) <= {c.kind for c in record.choices}
    assert reactions(record.choices, ("contest", "defend")) > 0
    steps = replay_steps(record)
    assert [line for s in steps for line in s.lines] == expected["log"]
    assert len(record.choices) == expected["choices"]
    # Upgraded to format 3: the same data, every choice made before the last call.
    dumped, stored = json.loads(dumps(record)), json.loads(text)
    assert [c[:2] for c in dumped.pop("choices")] == [c[:2] for c in stored.pop("choices")]
    assert dumped == {**stored, "version": FORMAT_VERSION, "v2_choices": expected["choices"],
                      "v3_choices": expected["choices"], "rules": 0}
    assert record.v2_choices == len(record.choices) and "last_call" not in {
        c.kind for c in record.choices}
