"""The action interface: legal actions, apply, clone, the text form and the record form.

Property: at 2, 3 and 4 Autarchs, a game in which every decision (the turn's moves,
setup, and the decisions inside seizures and challenges: contests, defenders,
counters, maneuvers, damage, last calls) is a random pick among the legal actions
offered is never refused by the engine. Bounded examples; more through
``IMAJICA_ACTION_EXAMPLES``.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from card_db.records import CardType
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.actions import (
    ACTION_TYPES,
    AssignDamage,
    Challenge,
    Contest,
    Counter,
    Pass,
    PlaceSite,
    PlayManeuvers,
    Reassign,
    Seize,
    from_data,
    to_data,
)
from deckbuilder.engine.game.clone import clone
from deckbuilder.engine.game.decisions import MOVE, Controller
from deckbuilder.engine.game.flow import apply, legal_actions, pending, start, take
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.engine.table.zones import check_conservation

EXAMPLES = int(os.environ.get("IMAJICA_ACTION_EXAMPLES", "2"))
ROUNDS = 3


def table(players: int, seed: int) -> Game:
    decks = [[replace(r, name=f"P{i} {r.name}") if r.card_type is CardType.SITE else r
              for r in generated_deck(seed * 10 + i, abilities=True)]
             for i in range(players)]
    return Game(decks, seed=seed)


class RandomLegal(Controller):
    """Picks uniformly among the legal actions of every decision; a refusal fails."""

    def __init__(self, rnd: random.Random):
        self.rnd = rnd
        self.kinds: set[str] = set()

    def choose(self, game, decision):
        self.kinds.add(decision.kind)
        legal = decision.legal
        assert legal, f"no legal action for {decision!r}"
        if decision.kind == MOVE and self.rnd.random() < 0.15:
            return Pass()  # end turns now and then, so games move on
        return self.rnd.choice(legal)

    def refused(self, game, seat, action, error):
        raise AssertionError(f"a legal action was refused: {action!r}: {error}")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("example", range(EXAMPLES))
def test_random_legal_actions_are_never_refused(players, example):
    seed = players * 100 + example
    game = table(players, seed)
    rnd = random.Random(seed)
    controllers = [RandomLegal(rnd) for _ in range(players)]
    start(game, first=seed % players, rounds=ROUNDS)
    decisions = 0
    while (d := pending(game)) is not None:
        for _ in take(game, d, controllers[d.seat].choose(game, d), controllers):
            check_conservation(game.table)
        decisions += 1
    assert decisions > 20
    assert game.table.round == ROUNDS or game.table.over
    asked = set().union(*(c.kinds for c in controllers))
    assert {"place_site", "move"} <= asked


def _first(game: Game) -> None:
    """Play to the end choosing the first legal action (deterministic)."""
    while (d := pending(game)) is not None:
        apply(game, d.legal[0])


@pytest.mark.parametrize("players", [2, 3])
def test_a_clone_at_any_decision_goes_on_exactly_as_the_original(players):
    game = table(players, 7)
    start(game, rounds=2)
    rnd = random.Random(3)
    for k in range(60):
        d = pending(game)
        if d is None:
            break
        if k % 15 == 5:
            copy = clone(game)
            assert legal_actions(copy, d.seat) == legal_actions(game, d.seat)
            mark = len(game.log)
            reference = clone(game)
            _first(reference)
            _first(copy)
            assert copy.log == reference.log and game.log[mark:] == game.log[mark:]
            assert copy.table.round == reference.table.round
        apply(game, rnd.choice(d.legal))


def test_legal_actions_are_the_pending_seats_and_end_with_pass():
    game = table(2, 1)
    start(game, rounds=1)
    d = pending(game)
    assert d.kind == "place_site"
    assert all(isinstance(a, PlaceSite) for a in legal_actions(game, d.seat))
    assert legal_actions(game, 1 - d.seat) == []
    while (d := pending(game)) is not None and d.kind != MOVE:
        apply(game, d.legal[0])
    actions = legal_actions(game, d.seat)
    assert actions[-1] == Pass() and len(actions) > 1
    assert legal_actions(game, 1 - d.seat) == []


def test_apply_with_no_pending_decision_is_an_internal_error():
    game = table(2, 1)
    start(game, rounds=0)
    while (d := pending(game)) is not None:
        apply(game, d.legal[0])
    with pytest.raises(EngineError):
        apply(game, Pass())
    assert not isinstance(EngineError("x"), ValueError)


def test_every_action_reads_in_rulebook_words_and_survives_the_record_form():
    game = table(2, 1)
    site = next(c for c in range(60) if game.record(c).card_type is CardType.SITE)
    ally = next(c for c in range(60) if game.record(c).card_type is CardType.CHARACTER)
    samples = [Seize(site, (ally,), ((ally, (3, 4)),)), Challenge((ally,), 70),
               Reassign(((ally, None),)), Contest((ally,)), Counter(None),
               PlayManeuvers(((ally, (5,)),)), AssignDamage(((ally, 3),)), AssignDamage(None)]
    for action in samples:
        assert from_data(to_data(action)) == action
    name = game.name(site)
    assert samples[0].describe(game).startswith(f"Seize {name} with {game.name(ally)}")
    assert samples[2].describe(game) == f"Reassign {game.name(ally)} to the Reserve"
    assert samples[6].describe(game) == f"Deal 3 damage to {game.name(ally)}"
    assert len(ACTION_TYPES) >= 23
    with pytest.raises(ValueError):
        from_data(["no such move"])


def test_the_stored_version_4_game_still_loads_and_replays_to_the_same_table():
    """A game saved in format version 4 (tests/fixtures/games: every value an action,
    the last calls after a challenge's damage among its decisions): a change that would
    break users' saved games fails here."""
    import json
    from pathlib import Path

    from deckbuilder.engine.records.play_record import FORMAT_VERSION, dumps, loads
    from deckbuilder.engine.records.replay import replay_steps

    games = Path(__file__).parent / "fixtures" / "games"
    text = (games / "saved_game_v4.json").read_text(encoding="utf-8").strip()
    expected = json.loads((games / "saved_game_v4.expected.json").read_text(encoding="utf-8"))
    record = loads(text)
    assert json.loads(text)["version"] == 4 and record.v3_choices == 0
    assert all(c.value is None or c.value.kind for c in record.choices)
    assert any(c.kind == "last_call" and c.seat == 0 for c in record.choices)
    steps = replay_steps(record)
    assert [line for s in steps for line in s.lines] == expected["log"]
    assert len(record.choices) == expected["choices"]
    # Written back as format 5 (4 -> 5 changes only the version) with the rules revision,
    # noted since (format 4 came with revision 1, the rules of issue 22).
    assert record.rules == 1
    assert json.loads(dumps(record)) == {**json.loads(text), "version": FORMAT_VERSION,
                                         "rules": 1}
