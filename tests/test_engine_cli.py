"""``deckbuilder hand``, ``odds`` and ``goldfish`` on the bundled demo decks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckbuilder.cli.main import cli

DECKS = Path(__file__).resolve().parents[1] / "card_db" / "data" / "decks"
DEMO = DECKS / "maestro-reconciliation.txt"


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_goldfish_json_has_the_issue_keys_and_is_byte_identical_for_any_workers():
    args = ["goldfish", str(DEMO), "--games", "400", "--rounds", "8", "--seed", "3", "--json"]
    first = run(*args)
    assert first.exit_code == 0, first.output
    again = run(*args, "--workers", "2")
    assert again.stdout == first.stdout
    data = json.loads(first.stdout)
    for key in ("games", "rounds", "seed", "p_win_by_round", "win_round_histogram", "no_win",
                "reshuffle_rate", "mean_win_round", "stall_reasons"):
        assert key in data
    assert data["mulligan_rate"] == data["reshuffle_rate"]  # the old key, for one release
    assert (data["games"], data["rounds"], data["seed"]) == (400, 8, 3)
    assert list(data["p_win_by_round"]) == [str(r) for r in range(1, 9)]
    assert data["no_win"] + sum(data["win_round_histogram"].values()) == 400
    assert set(data["stall_reasons"]) == {
        "no_character", "prime_too_high", "too_little_magic", "dominion_missing"}


def test_goldfish_log_and_shorter_games():
    result = run("goldfish", str(DEMO), "--games", "50", "--log", "--shorter", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["log"][0].startswith("Game Setup:")
    assert data["variant"].startswith("shorter games")
    text = run("goldfish", str(DEMO), "--games", "20", "--rounds", "4")
    assert "Round  wins" in text.stdout and text.exit_code == 0


def test_odds_json_and_no_scipy():
    result = run("odds", str(DEMO), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert 0 < data["p_character_opening"] <= data["p_character_opening_with_reshuffle"] <= 1
    assert data["destiny_size"] == 55
    assert "p_maestro_by_round" in data and "10" in data["p_at_least_1_character_by_round"]
    # in a fresh interpreter: other tests of this process may load scipy (imagehash does)
    code = ("import sys\nfrom deckbuilder.cli.main import main\nsys.argv = ['deckbuilder', "
            f"'odds', {str(DEMO)!r}, '--json']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "assert 'scipy' not in sys.modules, 'odds loaded scipy'\n")
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=120, check=False)
    assert child.returncode == 0, child.stderr


def test_hand_is_reproducible_by_seed():
    a = run("hand", str(DEMO), "--seed", "12", "--json")
    b = run("hand", str(DEMO), "--seed", "12", "--json")
    assert a.exit_code == 0 and a.stdout == b.stdout
    data = json.loads(a.stdout)
    assert len(data["opening_hand"]) == 5 and len(data["circle"]) == 5
    assert list(data["draws_by_round"]) == ["1", "2", "3"]
    text = run("hand", str(DEMO))
    assert text.stdout.startswith("Seed ")


@pytest.mark.parametrize("command", ["hand", "odds", "goldfish"])
def test_bad_files_exit_2_with_a_message(tmp_path, command):
    missing = run(command, str(tmp_path / "nope.txt"))
    assert missing.exit_code == 2 and "nope.txt" in missing.stderr
    unknown = tmp_path / "deck.txt"
    unknown.write_text("3 Gek-A-Gekk\n", encoding="utf-8")
    result = run(command, str(unknown))
    assert result.exit_code == 2
    assert "Gek-A-Gekk" in result.stderr and "Traceback" not in result.output


def test_a_deck_without_a_site_for_every_dominion_exits_2(tmp_path):
    deck = tmp_path / "no-sites.txt"
    deck.write_text("4 Gek-A-Gek\n", encoding="utf-8")
    result = run("goldfish", str(deck), "--games", "5")
    assert result.exit_code == 2 and "Dominion" in result.stderr
