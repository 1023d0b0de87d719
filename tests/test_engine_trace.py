"""The fast path and the full engine agree round by round, and the full engine's setup
plan is cached (issue 12, section 4 "One source of truth, checked round by round").

``IMAJICA_TRACE_GAMES`` (default 100) sets the seeded games per deck and variant: CI
plays a few hundred in all; set it to thousands for a long check.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict
from pathlib import Path

import pytest

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from deckbuilder.engine.controllers import autopilot
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastpath import FastGoldfish
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.policy import choose_circle_sites
from deckbuilder.engine.simulation.sample_decks import generated_deck
from deckbuilder.engine.simulation.trace import RoundTrace, sites_by_dominion
from deckbuilder.engine.table.rng import game_seed
from deckbuilder.formats import read_file

GAMES = int(os.environ.get("IMAJICA_TRACE_GAMES", "100"))
DECKS_DIR = Path(__file__).resolve().parents[1] / "card_db" / "data" / "decks"


def demo_decks() -> dict[str, EngineDeck]:
    catalogue = Catalogue(load_bundled_records())
    return {
        path.stem: EngineDeck.from_records(
            [catalogue.resolve(n) for n, c in read_file(path).main for _ in range(c)])
        for path in sorted(DECKS_DIR.glob("*.txt"))
    }


def compare(deck: EngineDeck, seeds, rounds: int = 10, variant: Variant | None = None):
    fast = FastGoldfish(deck, variant)
    for seed in seeds:
        fast_trace: list[RoundTrace] = []
        fast_result = fast.play(seed, rounds, fast_trace)
        game = GoldfishGame(deck, seed, rounds, variant, trace=True)
        result = game.run()
        for f, g in zip(fast_trace, game.trace, strict=True):
            assert f == g, f"seed {seed}: fast path {f} != full engine {g}"
        assert fast_result == result
        assert [t.allies for t in fast_trace] == list(result.allies_by_round[:len(fast_trace)])


@pytest.mark.parametrize("variant", [Variant(), Variant.shorter_games()])
def test_traces_agree_round_by_round_on_the_demo_decks(variant):
    decks = demo_decks()
    assert len(decks) >= 3
    for deck in decks.values():
        compare(deck, range(GAMES), variant=variant)


@pytest.mark.parametrize("deck_seed", range(6))
@pytest.mark.parametrize("playable", [False, True])
def test_traces_agree_round_by_round_on_random_legal_decks(deck_seed, playable):
    # playable: decks with maneuvers and Dictates the autopilot plays
    deck = EngineDeck.from_records(
        generated_deck(deck_seed, abilities=deck_seed % 2 == 1, playable=playable))
    compare(deck, [game_seed(deck_seed, i) for i in range(GAMES // 2)], rounds=15)


def test_a_trace_counts_cards_and_sites_by_dominion():
    deck = demo_decks()["maestro-reconciliation"]
    game = GoldfishGame(deck, 7, 10, trace=True)
    game.run()
    first = game.trace[0]
    assert first.round == 1 and first.hand >= 0
    # 60 cards: 5 placed in the Circle, the rest in Destiny, hand, Circle or in play.
    assert first.destiny + first.hand < len(deck) - 5
    assert [t.round for t in game.trace] == list(range(1, len(game.trace) + 1))
    assert sites_by_dominion([0b00011, 0b00100]) == (1, 1, 1, 0, 0)


def test_no_trace_unless_asked():
    deck = EngineDeck.from_records(generated_deck(0))
    assert GoldfishGame(deck, 1, 5).trace is None
    assert FastGoldfish(deck).play(1, 5) == FastGoldfish(deck).play(1, 5, [])


def test_setup_plan_is_cached_per_deck_and_bounded():
    autopilot._PLANS.clear()
    decks = [EngineDeck.from_records(generated_deck(s)) for s in range(3)]
    plan = autopilot.circle_plan(decks[0], Variant())
    assert plan == choose_circle_sites(decks[0], Variant())
    assert autopilot.circle_plan(decks[0], Variant()) is plan
    for d in decks:
        autopilot.circle_plan(d, Variant.shorter_games())
    assert len(autopilot._PLANS) == 4
    for s in range(autopilot.PLAN_LIMIT + 5):
        autopilot.circle_plan(EngineDeck.from_records(generated_deck(s % 3)), Variant())
    assert len(autopilot._PLANS) <= autopilot.PLAN_LIMIT


def test_cached_plan_gives_byte_identical_games():
    deck = demo_decks()["oviate-swarm"]

    def played(seed: int) -> tuple[str, list[str]]:
        game = GoldfishGame(deck, seed, 10)
        return json.dumps(asdict(game.run()), sort_keys=True), list(game.log)

    cold = []
    for seed in range(10):
        autopilot._PLANS.clear()
        cold.append(played(seed))
    warm = [played(seed) for seed in range(10)]
    assert warm == cold
