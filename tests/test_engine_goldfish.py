"""Goldfishing: the policy, the fast path's equivalence with the full engine, statistics."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.abilities import parse_abilities
from card_db.records import CardType
from deckbuilder.engine.game.order_of_play import Step
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastpath import FastGoldfish
from deckbuilder.engine.simulation.goldfish import StatsAccumulator, run_games
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.policy import MAESTRO_WORTH, choose_alliances, plan_seizures
from deckbuilder.engine.simulation.sample_decks import (
    generated_deck,
    make_card,
    make_character,
    make_site,
)
from deckbuilder.engine.simulation.stalls import stall_reason
from deckbuilder.engine.table.rng import game_seed, game_seeds

DECK = EngineDeck.from_records(generated_deck(0))
DECKS_DIR = Path(__file__).resolve().parents[1] / "card_db" / "data" / "decks"


# ---------------------------------------------------------------- the policy
def test_policy_sends_maestros_alone_to_the_hardest_needed_site():
    recs = [
        make_character("Maestro", 8, 3, affiliations=("Maestro",)),
        make_character("Helper", 2, 4),
        make_site("Easy", (1,), 3),
        make_site("Hard", (2,), 9),
    ]
    deck = EngineDeck.from_records(recs)
    plan = plan_seizures(deck, [0, 1], [2, 3], [])
    assert plan == [(3, (0,), (), ()), (2, (1,), (), ())]


def test_policy_seizes_with_the_least_magic_tied_up_per_new_dominion():
    recs = [make_character(f"M{m}", 2, m) for m in (1, 2, 3, 5)]
    recs += [make_site("Res4", (1,), 4), make_site("Res5", (2,), 5),
             make_site("Border", (3, 4), 8), make_site("Covered", (5,), 1)]
    deck = EngineDeck.from_records(recs)
    # Dominion 5 is already covered: "Covered" adds nothing and is never seized.
    plan = plan_seizures(deck, [0, 1, 2, 3], [4, 5, 6, 7], [0b10000])
    seized = [p.site for p in plan]
    assert 7 not in seized
    # Border (8 Magic for 2 Dominions = 4 per Dominion) beats Res4 (4 per Dominion) on
    # the tie-break (more Dominions); then nothing left covers Res4 (1+... < 4).
    site, group = plan[0].site, plan[0].allies
    assert site == 6 and sum(deck.magic[a] for a in group) == 8
    for s, group, *_ in plan:
        assert sum(deck.magic[a] for a in group) >= deck.resistance[s]
    used = [a for p in plan for a in p.allies]
    assert len(used) == len(set(used))


def test_policy_never_plans_a_seizure_that_would_fail():
    for seed in range(30):
        deck = EngineDeck.from_records(generated_deck(seed))
        chars = [i for i, t in enumerate(deck.ctype) if t == 1][:6]
        sites = [i for i, t in enumerate(deck.ctype) if t == 2]
        for s, group, *_ in plan_seizures(deck, chars, sites, []):
            alone = len(group) == 1 and deck.maestro[group[0]]
            assert alone or sum(deck.magic[a] for a in group) >= deck.resistance[s]


def test_policy_uses_versus_site_bonuses_and_hold_alone():
    tower = make_site("Roxborough Tower", (5,), 6)
    thomas = make_character("Thomas Roxborough", 4, 0, abilities=parse_abilities(
        "May hold Roxborough Tower alone", site_names=["Roxborough Tower"]))
    charlotte = make_character("Charlotte Feaver", 3, 2, abilities=parse_abilities(
        "+4 versus Roxborough Tower", site_names=["Roxborough Tower"]))
    deck = EngineDeck.from_records([tower, thomas, charlotte])
    assert plan_seizures(deck, [1, 2], [0], []) == [(0, (1,), (), ())]  # Thomas alone, Magic 0
    assert plan_seizures(deck, [2], [0], []) == [(0, (2,), (), ())]  # 2 + 4 = 6


def test_policy_prefers_the_exception_only_when_it_is_worth_more():
    recs = [make_character("Big", 9, 6, dominion=3), make_character("Small", 3, 1, dominion=3)]
    deck = EngineDeck.from_records(recs)
    assert choose_alliances(deck, [0, 1], 7, 0b00100, 0, set()) == ((0,), True)
    assert choose_alliances(deck, [0, 1], 7, 0b00001, 0, set()) == ((1,), False)
    maestro = make_character("Mae", 9, 1, dominion=3, affiliations=("Maestro",))
    deck = EngineDeck.from_records([maestro, recs[1]])
    assert choose_alliances(deck, [0, 1], 7, 0b00100, 0, set()) == ((0,), True)
    assert MAESTRO_WORTH > 6


def test_policy_chooses_allies_by_magic_rather_than_prime_spent():
    # "Establishing alliances": 7 Prime buys Dull alone or Sharp and Keen (6 Prime);
    # the policy takes the 5 Magic over the Prime spent (issue 12, section 3).
    deck = EngineDeck.from_records([
        make_character("Dull", 7, 1), make_character("Sharp", 3, 3),
        make_character("Keen", 3, 2)])
    assert choose_alliances(deck, [0, 1, 2], 7, 0, 0, set()) == ((1, 2), False)


def test_policy_counts_site_bonuses_toward_uncovered_dominions_only():
    # "+N versus Y Sites": Scout's +3 toward a First Dominion Site counts while such a
    # Site in the Circle still adds a Dominion.
    first = make_site("First Keep", (1,), 6)
    scout = make_character("Scout", 3, 2, abilities=parse_abilities(
        "+3 versus First Dominion Sites"))
    deck = EngineDeck.from_records([first, scout, make_character("Sage", 3, 3)])
    assert choose_alliances(deck, [1, 2], 3, 0, 0, set(), sites=[0]) == ((1,), False)
    assert choose_alliances(deck, [1, 2], 3, 0, 0, set(), sites=[]) == ((2,), False)


def test_policy_brings_in_the_ally_that_enables_a_reduction_first():
    # "Allies for -N if...": the condition is read when the Tyrant is brought into
    # play, so with the Larva established first it enters for Prime 4, not 7.
    tyrant = make_character("Tyrant", 7, 4, affiliations=("Oviate",), abilities=parse_abilities(
        "Allies for -3 if any Oviates are controlled", affiliations=["Oviate"]))
    larva = make_character("Larva", 1, 0, affiliations=("Oviate",))
    deck = EngineDeck.from_records([tyrant, larva, larva])
    assert deck.effective_prime(0, 0) == 7
    assert choose_alliances(deck, [0, 1, 2], 7, 0, 0, set()) == ((1, 0, 2), False)
    # The full engine accepts that order: the Larva is controlled when the Tyrant enters.
    records = [tyrant] + [larva] * 20 + [make_site(f"Keep {d}", (d,), 2) for d in range(1, 6)]
    records += [make_card(f"Path {d}", CardType.PATH, dominions=(d,)) for d in range(1, 6)]
    game = GoldfishGame(EngineDeck.from_records(records), 0, 10)
    game.run()
    fast = FastGoldfish(EngineDeck.from_records(records))
    for seed in range(60):
        assert fast.play(seed, 10) == GoldfishGame(EngineDeck.from_records(records), seed,
                                                   10).run()


def test_stall_reasons():
    assert stall_reason([], [0b00111], 2, 0) == "dominion_missing"
    assert stall_reason([0b11000], [0b00111], 0, 0) == "no_character"
    assert stall_reason([0b11000], [0b00111], 0, 3) == "prime_too_high"
    assert stall_reason([0b11000], [0b00111], 1, 0) == "too_little_magic"
    # Shorter Games: a Border Site counts once.
    assert stall_reason([0b00011], [], 1, 0, Variant.shorter_games()) == "dominion_missing"


def test_a_deck_of_only_expensive_characters_stalls_on_prime():
    recs = [make_site(f"S{d}", (d,), 3) for d in range(1, 6)]
    recs += [make_character(f"Giant {i}", 9, 5, dominion=(i % 5) + 1) for i in range(20)]
    recs += [make_card(f"D{i}", CardType.DICTATE) for i in range(35)]
    result = GoldfishGame(recs, seed=3, rounds=5).run()
    assert result.win_round is None and result.allies_by_round == (0,) * 5
    assert result.stall_reason == "prime_too_high"


# ---------------------------------------------------------------- one game, step by step
def test_goldfish_game_replays_step_by_step_with_a_readable_log():
    game = GoldfishGame(DECK, seed=11, rounds=10)
    steps = list(game.steps())
    assert all(isinstance(s, Step) for s in steps)
    assert sum(len(s.lines) for s in steps) == len(game.log)
    assert game.log[0].startswith("Game Setup:")
    assert any("Coming of Order" in line for line in game.log)
    again = GoldfishGame(DECK, seed=11, rounds=10)
    again.run()
    assert again.log == game.log  # deterministic under a seed


def test_goldfish_result_tables_are_cumulative_per_round():
    for seed in range(20):
        r = GoldfishGame(DECK, seed=seed, rounds=10).run()
        assert len(r.allies_by_round) == len(r.sites_by_round) == 10
        assert list(r.allies_by_round) == sorted(r.allies_by_round)
        assert (r.win_round is None) == (r.stall_reason is not None)
        if r.win_round is not None:
            assert r.sites_by_round[r.win_round - 1] >= 3


# ---------------------------------------------------------------- fast path == full engine
@settings(max_examples=60, deadline=None)
@given(
    deck_seed=st.integers(0, 5000),
    seed=st.integers(0, 2**40),
    characters=st.integers(5, 30),
    sites=st.integers(6, 18),
    shorter=st.booleans(),
    rounds=st.integers(1, 25),
    abilities=st.booleans(),
)
def test_fast_path_equals_full_engine(
    deck_seed, seed, characters, sites, shorter, rounds, abilities
):
    deck = EngineDeck.from_records(generated_deck(deck_seed, characters, sites, abilities))
    variant = Variant.shorter_games() if shorter else Variant()
    full = GoldfishGame(deck, seed, rounds, variant).run()
    assert FastGoldfish(deck, variant).play(seed, rounds) == full


def test_fast_path_equals_full_engine_on_many_seeds():
    for deck_seed, abilities in ((1, False), (2, True), (3, True)):
        deck = EngineDeck.from_records(generated_deck(deck_seed, abilities=abilities))
        if abilities:
            assert deck.site_bonus and deck.allies_for
        fast = FastGoldfish(deck)
        for i in range(150):
            seed = game_seed(deck_seed, i)
            assert fast.play(seed, 10) == GoldfishGame(deck, seed, 10).run()


def test_fast_path_equals_full_engine_on_the_bundled_demo_decks():
    from card_db.catalogue import Catalogue
    from card_db.checklist import load_bundled_records
    from deckbuilder.formats import read_file

    catalogue = Catalogue(load_bundled_records())
    paths = sorted(DECKS_DIR.glob("*.txt"))
    assert len(paths) >= 3
    for path in paths:
        records = [catalogue.resolve(n) for n, c in read_file(path).main for _ in range(c)]
        deck = EngineDeck.from_records(records)
        for variant in (Variant(), Variant.shorter_games()):
            fast = FastGoldfish(deck, variant)
            for seed in range(40):
                assert fast.play(seed, 10) == GoldfishGame(deck, seed, 10, variant).run()


def test_fast_path_equals_full_engine_with_unique_duplicates_and_tiny_destiny():
    # Two copies of a unique Site and of a unique Maestro; 30 rounds exhaust the Destiny.
    recs = [make_site(f"S{d}", (d,), 4 + d) for d in range(1, 6)]
    recs += [make_site("S3", (3,), 8)] * 0 + [make_site("Twin", (2,), 2)] * 2
    recs += [make_character("Solo Maestro", 6, 2, dominion=2, unique=True,
                            affiliations=("Maestro",))] * 2
    recs += [make_character(f"C{i}", 1 + i % 7, i % 5, dominion=1 + i % 5) for i in range(10)]
    recs += [make_card(f"D{i}", CardType.DICTATE) for i in range(8)]
    deck = EngineDeck.from_records(recs)
    for seed in range(40):
        full = GoldfishGame(deck, seed, 30).run()
        assert FastGoldfish(deck).play(seed, 30) == full


def test_exhausted_destiny_ends_a_goldfish_game_without_victory():
    recs = [make_site(f"S{d}", (d,), 30) for d in range(1, 6)]
    recs += [make_card(f"D{i}", CardType.DICTATE) for i in range(9)] + [make_character("X", 1, 0)]
    result = GoldfishGame(recs, seed=0, rounds=10).run()
    assert result.destiny_exhausted and result.win_round is None
    assert FastGoldfish(EngineDeck.from_records(recs)).play(0, 10) == result


# ---------------------------------------------------------------- statistics and the runner
def test_run_games_is_identical_for_any_worker_count_and_matches_the_full_engine():
    one = run_games(DECK, games=300, rounds=10, seed=5, workers=1)
    assert one == run_games(DECK, games=300, rounds=10, seed=5, workers=2)
    assert one == run_games(DECK, games=300, rounds=10, seed=5, fast=False)
    assert one.games == 300
    assert one.no_win + sum(one.win_round_histogram.values()) == 300
    assert list(one.p_win_by_round) == sorted(one.p_win_by_round)
    assert one.p_win_by_round[-1] == (300 - one.no_win) / 300
    assert sum(one.stall_reasons.values()) == one.no_win


def test_chunks_merge_to_the_same_totals_whatever_the_split(monkeypatch):
    import deckbuilder.engine.simulation.goldfish as gf

    whole = run_games(DECK, games=250, seed=9)
    monkeypatch.setattr(gf, "CHUNK_GAMES", 7)
    assert run_games(DECK, games=250, seed=9) == whole


def test_game_seeds_depend_only_on_master_seed_and_index():
    assert game_seeds(7, 3, 9) == [game_seed(7, i) for i in range(3, 9)]
    assert game_seed(7, 3) != game_seed(8, 3) and game_seed(7, 3) != game_seed(7, 4)


def test_stats_json_has_the_issue_keys():
    stats = run_games(DECK, games=50, rounds=6, seed=1)
    data = stats.to_json()
    for key in ("games", "rounds", "seed", "p_win_by_round", "win_round_histogram", "no_win",
                "reshuffle_rate", "mean_win_round", "stall_reasons"):
        assert key in data
    assert data["mulligan_rate"] == data["reshuffle_rate"]  # the old key, for one release
    assert list(data["p_win_by_round"]) == [str(r) for r in range(1, 7)]
    acc = StatsAccumulator(3)
    empty = acc.stats(0, Variant())
    assert empty.mean_win_round is None and empty.to_json()["mean_win_round"] is None


@pytest.mark.parametrize("workers", [1, 2])
def test_run_games_stops_when_cancelled(workers):
    from deckbuilder.engine.simulation.goldfish import CHUNK_GAMES, RunCancelled, run_games

    asked = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 2

    with pytest.raises(RunCancelled) as info:
        run_games(generated_deck(0), 100 * CHUNK_GAMES, 10, workers=workers, cancelled=cancelled)
    assert info.value.games_done == 2 * CHUNK_GAMES


def test_run_games_reports_progress_per_chunk():
    from deckbuilder.engine.simulation.goldfish import CHUNK_GAMES, run_games

    seen = []
    run_games(generated_deck(0), CHUNK_GAMES + 7, 3, progress=seen.append)
    assert seen == [CHUNK_GAMES, 7]
