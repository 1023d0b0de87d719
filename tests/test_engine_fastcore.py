"""The compiled goldfish core plays the pure-Python fast path's games, game for game
(issue 12, section 5 "A core fast enough to tune decks").

``IMAJICA_FASTCORE_GAMES`` (default 1500) sets the seeded games per demo deck and
variant (random legal decks get half as many); set it higher for a long check.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation import fastcore, fastpath
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastcore import CompiledGoldfish, FastGoldfish, make_goldfish
from deckbuilder.engine.simulation.goldfish import StatsAccumulator, run_games
from deckbuilder.engine.simulation.sample_decks import generated_deck, make_character, make_site
from deckbuilder.engine.simulation.trace import RoundTrace
from deckbuilder.engine.table.rng import game_seeds
from deckbuilder.formats import read_file

ROOT = Path(__file__).resolve().parents[1]
GAMES = int(os.environ.get("IMAJICA_FASTCORE_GAMES", "1500"))
DECKS_DIR = ROOT / "card_db" / "data" / "decks"
VARIANTS = (Variant(), Variant.shorter_games())


def demo_decks() -> dict[str, EngineDeck]:
    catalogue = Catalogue(load_bundled_records())
    return {
        path.stem: EngineDeck.from_records(
            [catalogue.resolve(n) for n, c in read_file(path).main for _ in range(c)])
        for path in sorted(DECKS_DIR.glob("*.txt"))
    }


def characters_deck() -> EngineDeck:
    """5 Sites, 1 Path and 54 Characters (issue 12's deck for speed and memory)."""
    return EngineDeck.from_records(generated_deck(0, characters=54, sites=5))


def same_games(deck: EngineDeck, seeds, rounds: int = 10, variant: Variant | None = None):
    python, compiled = FastGoldfish(deck, variant), CompiledGoldfish(deck, variant)
    for seed in seeds:
        python_trace: list[RoundTrace] = []
        compiled_trace: list[RoundTrace] = []
        expected = python.play(seed, rounds, python_trace)
        assert compiled.play(seed, rounds, compiled_trace) == expected, f"seed {seed}"
        assert compiled_trace == python_trace, f"seed {seed}"


def test_the_compiled_core_is_built_here():
    # The test environment is installed with `pip install -e .` on a machine with a C
    # compiler; without the extension every comparison below would be meaningless.
    assert fastcore.compiled_available(), "build it: pip install -e . (needs a C compiler)"
    assert fastcore.core_name() == "compiled"


def test_version_names_the_goldfish_core(monkeypatch):
    from click.testing import CliRunner

    from deckbuilder.cli.main import cli

    lines = CliRunner().invoke(cli, ["--version"]).output.splitlines()
    assert lines[0].endswith(", version " + importlib.metadata.version("imajica-deckbuilder"))
    assert lines[1] == "goldfish core: compiled"
    monkeypatch.setenv(fastcore.CORE_ENV, "python")
    assert CliRunner().invoke(cli, ["--version"]).output.splitlines()[1] == (
        "goldfish core: pure Python")


def test_same_games_and_traces_on_the_demo_decks():
    decks = demo_decks()
    assert len(decks) >= 3
    for deck in decks.values():
        for variant in VARIANTS:
            same_games(deck, game_seeds(11, 0, GAMES), variant=variant)


def test_same_games_on_random_legal_decks_and_the_54_character_deck():
    for deck_seed in range(8):
        deck = EngineDeck.from_records(generated_deck(
            deck_seed, abilities=deck_seed % 2 == 1, playable=deck_seed % 4 >= 2))
        for variant in VARIANTS:
            same_games(deck, game_seeds(deck_seed, 0, GAMES // 2), rounds=15, variant=variant)
    same_games(characters_deck(), game_seeds(3, 0, GAMES))


@settings(max_examples=40, deadline=None)
@given(
    deck_seed=st.integers(0, 5000),
    seed=st.integers(0, 2**64 - 1),
    characters=st.integers(5, 40),
    sites=st.integers(6, 18),
    abilities=st.booleans(),
    playable=st.booleans(),
    variant=st.sampled_from([*VARIANTS, Variant(prime_allowance=3, dominions_to_win=4)]),
    rounds=st.integers(1, 30),
)
def test_same_games_on_generated_decks(deck_seed, seed, characters, sites, abilities,
                                       playable, variant, rounds):
    deck = EngineDeck.from_records(
        generated_deck(deck_seed, characters, sites, abilities, playable))
    same_games(deck, [seed], rounds, variant)


def test_seeds_at_the_edges_of_the_generator_and_outside_it():
    # random.Random seeds from |seed| in 32-bit words: one word, two words, and beyond
    # 64 bits or negative (played on the Python code, same results).
    deck = demo_decks()["maestro-reconciliation"]
    same_games(deck, [0, 1, 2**32 - 1, 2**32, 2**63, 2**64 - 1, -5, 2**64, 3**50])


def test_tally_and_win_rounds_match_the_python_core():
    deck = demo_decks()["oviate-swarm"]
    for variant in VARIANTS:
        python, compiled = FastGoldfish(deck, variant), CompiledGoldfish(deck, variant)
        # a start and a length that are not multiples of the generators seeded at once
        for start, stop in ((0, 1), (3, 250), (1000, 1013)):
            expected, got = StatsAccumulator(10), StatsAccumulator(10)
            python.tally(expected, 42, start, stop, 10)
            compiled.tally(got, 42, start, stop, 10)
            assert got.stats(42, variant) == expected.stats(42, variant)
            assert compiled.win_rounds(42, start, stop, 10) == python.win_rounds(
                42, start, stop, 10)


def test_run_games_gives_the_same_statistics_on_both_cores(monkeypatch):
    deck = demo_decks()["vassal-oethac-strength"]
    compiled = run_games(deck, 3000, 10, seed=9)
    monkeypatch.setenv(fastcore.CORE_ENV, "python")
    monkeypatch.setattr("deckbuilder.engine.simulation.goldfish._SIMULATORS", {})
    assert fastcore.core_name() == "pure Python"
    assert type(make_goldfish(deck)) is FastGoldfish
    assert run_games(deck, 3000, 10, seed=9) == compiled


def test_decks_outside_the_compiled_limits_play_on_the_python_core():
    records = generated_deck(2)
    giant = make_site("Generated Site 1", (1,), 70)  # Resistance + Magic over 62
    deck = EngineDeck.from_records([giant if r.name == "Generated Site 1" else r
                                    for r in records])
    sim = make_goldfish(deck)
    assert type(sim) is FastGoldfish
    assert not fastcore.fits_compiled_core(deck, Variant())
    uniques = [make_character(f"U{i}", 9, 1, unique=True) for i in range(64)]
    wide = EngineDeck.from_records(generated_deck(2)[:40] + uniques)
    assert type(make_goldfish(wide)) is FastGoldfish
    generous = Variant(prime_allowance=500)
    assert type(make_goldfish(EngineDeck.from_records(records), generous)) is FastGoldfish
    assert type(make_goldfish(EngineDeck.from_records(records))) is CompiledGoldfish


def test_python_decision_caches_stay_bounded(monkeypatch):
    deck = characters_deck()
    seeds = game_seeds(5, 0, 600)
    unbounded = FastGoldfish(deck)
    expected = [unbounded.play(s, 10) for s in seeds]
    assert len(unbounded._hand_cache) > 50
    monkeypatch.setattr(fastpath, "CACHE_LIMIT", 50)
    bounded = FastGoldfish(deck)
    assert [bounded.play(s, 10) for s in seeds] == expected
    for cache in (bounded._hand_cache, bounded._circle_cache, bounded._alliance_cache,
                  bounded._seizure_cache):
        assert len(cache) <= 50


def test_without_the_extension_the_python_core_plays():
    script = (
        "import sys; sys.modules['deckbuilder.engine.simulation._fastcore'] = None\n"
        "from deckbuilder.engine.simulation import fastcore\n"
        "from deckbuilder.engine.simulation.goldfish import run_games\n"
        "from deckbuilder.engine.simulation.sample_decks import generated_deck\n"
        "print(fastcore.core_name(), type(fastcore.make_goldfish(\n"
        "    fastcore.EngineDeck.from_records(generated_deck(1)))).__name__,\n"
        "    run_games(generated_deck(1), 50, 10, seed=1).games)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.split() == ["pure", "Python", "FastGoldfish", "50"]


def test_a_failed_compilation_installs_without_the_extension(tmp_path, monkeypatch, capsys):
    # setup.py's build_ext, with a compiler that always fails (CC=false): no error, a note.
    spec = importlib.util.spec_from_file_location("project_setup", ROOT / "setup.py")
    setup_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup_module)
    from setuptools import Distribution

    monkeypatch.setenv("CC", "false")
    monkeypatch.chdir(ROOT)
    dist = Distribution({"name": "probe", "ext_modules": [setup_module.FASTCORE]})
    command = setup_module.OptionalBuildExt(dist)
    command.build_lib = str(tmp_path / "lib")
    command.build_temp = str(tmp_path / "temp")
    command.ensure_finalized()
    command.run()
    assert not list(tmp_path.rglob("_fastcore*.so"))
    assert "the pure-Python core will be used" in capsys.readouterr().out
