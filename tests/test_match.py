"""Matchups: statistics, fairness between seats, and ``deckbuilder match``/``gauntlet``."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from card_db.catalogue import Catalogue
from card_db.checklist import load_bundled_records
from card_db.records import CardType
from deckbuilder.cli.main import cli
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.simulation.match import (
    MatchStats,
    play_match_game,
    run_gauntlet,
    run_match,
    wilson_interval,
)
from deckbuilder.engine.simulation.policy import SetupError
from deckbuilder.formats import read_file

DECKS = Path(__file__).resolve().parents[1] / "card_db" / "data" / "decks"


@pytest.fixture(scope="module")
def demo():
    catalogue = Catalogue(load_bundled_records())
    out = {}
    for path in sorted(DECKS.glob("*.txt")):
        records = []
        for name, count in read_file(path).main:
            records += [catalogue.resolve(name)] * count
        out[path.stem] = records
    return out


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(3.8415 / 13.8415, abs=1e-4)
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_deck_against_itself_wins_about_half_over_both_seats(demo):
    deck = demo["oviate-swarm"]
    games = 120
    # By symmetry (seats and turn orders alternate) A wins exactly half in expectation;
    # any seed is a fair draw, this one is fixed for reproducibility.
    stats = run_match(deck, deck, games, seed=3)
    decided = stats.wins["a"] + stats.wins["b"]
    assert decided >= games * 0.9
    # Both sides play the same deck with the same rules, from both seats and both
    # turn orders, so A's share is a fair coin's: at this N a fair coin's share lies
    # within 2.576 standard errors of 1/2 (a 99% interval, +-0.12) with prob. 0.99.
    tolerance = 2.576 * math.sqrt(0.25 / decided)
    assert abs(stats.p_a_wins - 0.5) <= tolerance, stats.to_json()
    lo, hi = stats.ci95
    assert lo < 0.5 < hi


def test_sites_and_a_few_characters_lose_nearly_every_game(demo):
    strong = demo["maestro-reconciliation"]
    sites = [r for r in demo["vassal-oethac-strength"] if r.card_type is CardType.SITE]
    chars = sorted({r for r in demo["vassal-oethac-strength"]
                    if r.card_type is CardType.CHARACTER},
                   key=lambda r: (r.magic or 0, r.name))[:3]
    weak = (sites * 6)[:57] + chars
    stats = run_match(weak, strong, 40, seed=1)
    assert stats.wins["b"] >= 38, stats.to_json()


def test_match_json_shape_seats_and_endings(demo):
    a, b = demo["maestro-reconciliation"], demo["vassal-oethac-strength"]
    stats = run_match(a, b, 12, seed=4, names=("M", "V"))
    data = stats.to_json()
    for key in ("games", "seed", "level", "decks", "wins", "draws", "p_a_wins", "ci95",
                "by_first_player", "mean_rounds", "endings"):
        assert key in data
    assert data["decks"] == ["M", "V"] and data["level"] == "quick" and data["seed"] == 4
    assert data["wins"]["a"] + data["wins"]["b"] + data["draws"] == 12
    assert sum(data["endings"].values()) == 12
    assert set(data["endings"]) == {"victory", "exhausted_destiny", "round_limit"}
    assert data["by_first_player"]["a"]["games"] == data["by_first_player"]["b"]["games"] == 6
    assert sum(data["rounds_histogram"].values()) == 12
    lo, hi = data["ci95"]
    assert lo <= data["p_a_wins"] <= hi
    # Each game is reproducible from (seed, index) alone.
    again = play_match_game(a, b, 4, 7)
    assert again == stats.games[7]


def test_same_arguments_same_games_for_any_worker_count(demo):
    a, b = demo["oviate-swarm"], demo["vassal-oethac-strength"]
    one = run_match(a, b, 8, seed=9, workers=1)
    two = run_match(a, b, 8, seed=9, workers=2)
    first, second = one.to_json(), two.to_json()
    # decision times are wall clock: measured, never reproducible
    assert set(first.pop("decision_seconds")) == set(second.pop("decision_seconds")) == {"a", "b"}
    assert json.dumps(first) == json.dumps(second)


def test_strong_level_plays_a_match(demo):
    a, b = demo["oviate-swarm"], demo["vassal-oethac-strength"]
    stats = run_match(a, b, 1, seed=2, level="strong", max_rounds=5)
    assert isinstance(stats, MatchStats) and len(stats.games) == 1
    with pytest.raises(EngineError):  # a bug of the caller: the CLI offers the levels
        run_match(a, b, 2, level="grandmaster")


def test_a_deck_missing_a_dominion_cannot_play(demo):
    deck = [r for r in demo["oviate-swarm"]
            if not (r.card_type is CardType.SITE and 3 in r.dominions)]
    with pytest.raises(SetupError):
        run_match(deck, demo["oviate-swarm"], 2)


def test_gauntlet_matrix_is_complementary(demo):
    decks = [(name, demo[name]) for name in sorted(demo)]
    stats = run_gauntlet(decks, 4, seed=3)
    m = stats.matrix()
    assert len(stats.matches) == 3
    for i in range(3):
        assert m[i][i] is None
        for j in range(3):
            if i != j and m[i][j] is not None:
                assert m[i][j] + m[j][i] == pytest.approx(1.0)


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_cli_match_json_is_byte_identical_for_any_workers():
    args = ["match", str(DECKS / "oviate-swarm.txt"), "vassal-oethac-strength",
            "--games", "6", "--seed", "5", "--json"]
    first = run(*args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    again = json.loads(run(*args, "--workers", "2").stdout)
    # all but the decision times (wall clock, issue 24) are identical
    assert set(data.pop("decision_seconds")) == set(again.pop("decision_seconds")) == {"a", "b"}
    assert json.dumps(again) == json.dumps(data)
    assert data["games"] == 6 and data["decks"] == ["Oviate Swarm", "Vassal and Oethac Strength"]


def test_cli_match_text_and_gauntlet_text():
    text = run("match", "oviate-swarm", "maestro-reconciliation", "--games", "4")
    assert text.exit_code == 0, text.output
    assert "95% CI" in text.stdout and "By who acted first" in text.stdout
    assert "Endings: victory" in text.stdout
    g = run("gauntlet", "oviate-swarm", "maestro-reconciliation", "vassal-oethac-strength",
            "--games", "2", "--json")
    assert g.exit_code == 0, g.output
    data = json.loads(g.stdout)
    assert len(data["matrix"]) == 3 and len(data["matches"]) == 3


def test_cli_match_unknown_deck_exits_2():
    result = CliRunner().invoke(cli, ["match", "no such deck", "oviate-swarm"])
    assert result.exit_code == 2
    assert "demo decks" in result.output


def test_cli_levels_per_side_and_decision_times_in_the_json():
    """Issue 24's contract: --level-a/--level-b, --iterations; the JSON's "levels" and
    "decision_seconds" (median <= p95 <= max, per side)."""
    out = run("match", "oviate-swarm", "maestro-reconciliation", "--games", "2",
              "--level-a", "expert", "--level-b", "casual", "--iterations", "4",
              "--max-rounds", "4", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["levels"] == {"a": "expert", "b": "casual"}
    for side in ("a", "b"):
        t = data["decision_seconds"][side]
        assert 0 <= t["median"] <= t["p95"] <= t["max"]
    again = json.loads(run("match", "oviate-swarm", "maestro-reconciliation", "--games", "2",
                           "--level-a", "expert", "--level-b", "casual", "--iterations",
                           "4", "--max-rounds", "4", "--json").stdout)
    del data["decision_seconds"], again["decision_seconds"]
    assert again == data  # the same seed and iterations give the same games
    both = json.loads(run("match", "oviate-swarm", "maestro-reconciliation", "--games", "1",
                          "--level", "novice", "--max-rounds", "3", "--json").stdout)
    assert both["levels"] == {"a": "novice", "b": "novice"}
    bad = run("match", "oviate-swarm", "maestro-reconciliation", "--level-b", "grandmaster")
    assert bad.exit_code == 2
    text = run("gauntlet", "oviate-swarm", "maestro-reconciliation", "--games", "1",
               "--level-a", "casual", "--level-b", "quick", "--max-rounds", "3")
    assert text.exit_code == 0 and "row casual, column quick" in text.stdout
