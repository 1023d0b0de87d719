"""Saved games (issue 13, section 2: "A game can be saved and resumed ... and a finished
game can be replayed step by step"): the record as JSON, resuming to the same end as
an uninterrupted game, replaying every step, refusing what cannot be read."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest

from card_db.errors import UserError
from deckbuilder.engine.controllers.computer import ComputerController
from deckbuilder.engine.controllers.lookahead import StrongController
from deckbuilder.engine.controllers.person import PersonController
from deckbuilder.engine.game import AUTARCH_PHASE
from deckbuilder.engine.game.actions import Contest, RevealSite, Seize
from deckbuilder.engine.game.table_snapshot import snapshot
from deckbuilder.engine.records.play_record import (
    FORMAT_VERSION,
    HUMAN,
    Choice,
    PlayRecordError,
    card_from_data,
    card_to_data,
    dumps,
    loads,
    new_record,
    to_data,
)
from deckbuilder.engine.records.replay import (
    RecordedGame,
    ReplayError,
    replay_steps,
    restore,
)
from deckbuilder.engine.simulation.match import computer_controller
from deckbuilder.engine.simulation.sample_decks import generated_deck

FIXTURE = Path(__file__).parent / "fixtures" / "games" / "saved_game_v1.json"
EXPECTED = Path(__file__).parent / "fixtures" / "games" / "saved_game_v1.expected.json"


class Abandon(Exception):
    """The person stops answering (the game is saved here)."""


def person(stop_after: int | None = None):
    """A scripted person whose answer depends only on the decision asked (so a resumed
    game is answered as the uninterrupted one); raises Abandon at decision
    ``stop_after``."""
    asked = []

    def ask(decision):
        if stop_after is not None and len(asked) == stop_after:
            raise Abandon
        asked.append(decision)
        text = decision.prompt + "|" + "|".join(o.label for o in decision.options)
        pick = zlib.crc32(text.encode()) % (len(decision.options) + 1)
        return None if pick == len(decision.options) else pick

    return ask


def fresh(level="quick", max_rounds=30):
    record = new_record([generated_deck(1), generated_deck(2)], ["You", "Computer"],
                        [HUMAN, level], seed=7, max_rounds=max_rounds)
    return record


def computer(level: str):
    if level in ("casual", "expert"):  # issue 24's levels: seeded by their decisions too
        return computer_controller(level, 7, iterations=4)
    return ComputerController() if level == "quick" else StrongController(seed=7, samples=2,
                                                                     horizon=1)


def run(record, ask, level="quick"):
    """Play ``record`` on with a person and a computer; returns the game and every
    snapshot (seat 0's view) after each step, whether or not the person abandoned."""
    game = RecordedGame(record, [PersonController(ask), computer(level)])
    snaps = []
    try:
        for _ in game.play():
            snaps.append(snapshot(game.game, 0))
    except Abandon:
        pass
    return game, snaps


@pytest.mark.parametrize("level", ["quick", "strong", "casual", "expert"])
def test_a_game_saved_halfway_and_resumed_ends_as_the_uninterrupted_game(level):
    rounds = 30 if level == "quick" else 5
    whole, _ = run(fresh(level, rounds), person(), level)
    assert whole.game.table.over or level != "quick"
    total = len([c for c in whole.tape.log if c.seat == 0])
    assert total > 16

    halfway, _ = run(fresh(level, rounds), person(stop_after=12), level)
    saved = halfway.record()
    assert not saved.over and 0 < len(saved.choices) < len(whole.tape.log)
    if level != "quick":  # it has counted its decisions: the seeds of what it imagines
        assert saved.seats[1].memory > 0
    text = dumps(saved)

    resumed, _ = run(loads(text), person(), level)
    assert resumed.game.log == whole.game.log
    assert dumps(resumed.record()) == dumps(whole.record())
    assert resumed.game.table.winner == whole.game.table.winner


def test_replay_steps_reproduce_every_snapshot_of_the_game_as_played():
    played, snaps = run(fresh(), person())
    steps = replay_steps(loads(dumps(played.record())), seat=0)
    assert [s.table for s in steps] == snaps
    assert [line for s in steps for line in s.lines] == played.game.log
    assert steps[-1].table.over


def test_a_record_replays_without_the_computer_being_asked():
    """The computer's decisions are played back from the record: a computer that would
    now decide otherwise (here: one that never moves) does not change the saved game."""
    played, _ = run(fresh(), person(stop_after=30))
    saved = played.record()

    class Idle(ComputerController):
        def next_move(self, game, seat, phase):
            return None

    again = RecordedGame(saved, [PersonController(person(stop_after=0)), Idle()])
    with pytest.raises(Abandon):
        for _ in again.play():
            pass
    assert again.game.log == played.game.log
    assert restore(saved).log == played.game.log


def test_a_record_the_engine_plays_differently_is_refused_with_a_user_error():
    played, _ = run(fresh(), person(stop_after=20))
    saved = played.record()
    # A choice by the wrong seat where the engine asks the first seat.
    broken = type(saved)(saved.seats, saved.seed, saved.first, saved.max_rounds,
                         (Choice(1, "place_site", 0),) + saved.choices[1:])
    with pytest.raises(ReplayError, match="does not replay") as info:
        replay_steps(broken)
    assert isinstance(info.value, UserError)


def test_card_records_survive_the_json_round_trip():
    for record in generated_deck(3, abilities=True):
        assert card_from_data(json.loads(json.dumps(card_to_data(record)))) == record


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(version=FORMAT_VERSION + 1), "newer version"),
    (lambda d: d.update(format="something else"), "not a saved Imajica game"),
    (lambda d: d.update(version=0), "no valid format version"),
    (lambda d: d["choices"].append([5, "move", None]), "damaged"),
    (lambda d: d["cards"][0].update(colour="red"), "damaged"),
])
def test_a_text_that_cannot_be_read_is_refused_clearly(change, message):
    data = to_data(fresh())
    change(data)
    with pytest.raises(PlayRecordError, match=message):
        loads(json.dumps(data))
    with pytest.raises(PlayRecordError, match="not valid JSON"):
        loads("{")


def test_the_stored_version_1_game_still_loads_and_replays_to_the_same_table():
    """A game saved by this format version (tests/fixtures/games): a change of the
    format or of the rules that would break users' saved games fails here."""
    record = loads(FIXTURE.read_text(encoding="utf-8"))
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    steps = replay_steps(record)
    assert [line for s in steps for line in s.lines] == expected["log"]
    assert len(record.choices) == expected["choices"]
    # Upgraded to the current format: the same data, every choice made by version 1.
    stored = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert stored["version"] == 1
    dumped = json.loads(dumps(record))  # the decisions in order, each value an action
    assert [c[:2] for c in dumped.pop("choices")] == [c[:2] for c in stored.pop("choices")]
    assert dumped == {**stored, "version": FORMAT_VERSION, "v1_choices": expected["choices"],
                      "v2_choices": expected["choices"], "v3_choices": expected["choices"],
                      "rules": 0}  # played before issue 22 (rules revision 0)
    assert record.v1_choices == record.v2_choices == len(record.choices)


def test_moves_with_maneuvers_survive_the_json_round_trip():
    """A seizure with maneuvers carries a mapping Ally -> cards (JSON keys are text)."""
    move = Seize(63, (36,), ((36, (49, 50)),))
    choice = Choice(0, "move", move)
    record = fresh().with_progress([choice, Choice(1, "contest", Contest((92, 93)))], [0, 0],
                                   False)
    again = loads(dumps(record))
    assert again.choices[0].value == move and again.choices[1].value == Contest((92, 93))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_computer_against_computer_games_replay_step_for_step(seed):
    decks = [generated_deck(seed, abilities=True), generated_deck(seed + 10, abilities=True)]
    record = new_record(decks, ["A", "B"], ["quick", "quick"], seed=seed)
    game = RecordedGame(record, [ComputerController(), ComputerController()])
    snaps = [snapshot(game.game, 1) for _ in game.play()]
    played = game.record()
    assert played.over or len(played.choices) > 100
    steps = replay_steps(loads(dumps(played)), seat=1)
    assert [s.table for s in steps] == snaps


@pytest.mark.parametrize("stop_after", [0, 1, 2, 6, 25, 45])
def test_saved_at_any_decision_a_game_resumes_to_the_same_end(stop_after):
    """Saved at a setup decision, a move, a contest or a defence: the same end."""
    whole, _ = run(fresh(), person())
    halfway, _ = run(fresh(), person(stop_after=stop_after))
    resumed, _ = run(loads(dumps(halfway.record())), person())
    assert resumed.game.log == whole.game.log


def test_a_refused_move_is_recorded_and_replays_as_refused():
    class Clumsy(ComputerController):
        """Tries to reveal a card that is not in its hand before each Autarch turn."""

        def next_move(self, game, seat, phase):
            if phase == AUTARCH_PHASE and game.table.round != getattr(self, "tried", 0):
                self.tried = game.table.round
                return RevealSite(-1)
            return super().next_move(game, seat, phase)

    record = new_record([generated_deck(1), generated_deck(2)], ["A", "B"],
                        ["quick", "quick"], seed=4, max_rounds=4)
    game = RecordedGame(record, [Clumsy(), ComputerController()])
    snaps = [snapshot(game.game, 0) for _ in game.play()]
    played = game.record()
    assert any(c.kind == "refused" for c in played.choices)
    assert [s.table for s in replay_steps(loads(dumps(played)))] == snaps


def test_a_controller_recorded_twice_writes_only_to_the_last_tape():
    """A resumed Play session records its person again: the first tape stays as it was."""
    human = PersonController(person(stop_after=8))
    first = RecordedGame(fresh(), [human, ComputerController()])
    second = RecordedGame(fresh(), [human, ComputerController()])
    with pytest.raises(Abandon):
        for _ in second.play():
            pass
    assert first.tape.log == [] and second.tape.log
