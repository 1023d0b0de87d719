"""Every command that reads a deck file reads standard input (``-``) and takes ``--from
FORMAT`` when the extension says nothing (issue 11), through the one road
:func:`deckbuilder.services.deck_sources.read_deck_list`: ``hand``, ``odds``,
``goldfish``, ``match``, ``gauntlet`` and ``tune`` here; ``deck ...`` in
``test_deck_cli_input.py``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckbuilder import formats
from deckbuilder.cli.main import cli

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "card_db" / "data" / "decks" / "oviate-swarm.txt"
#: The formats a deck can come in on standard input, with or without --from.
PIPED = ["cockatrice", "octgn", "lackey", "json", "forge", "text"]


def run(*args: str, stdin: bytes | None = None):
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception
    return result


def _demo_as(name: str) -> bytes:
    output = formats.get(name).write(formats.read_file(DEMO))
    return output if isinstance(output, bytes) else output.encode("utf-8")


def _hand(*args: str, stdin: bytes | None = None) -> dict:
    result = run("hand", *args, "--seed", "11", "--rounds", "2", "--json", stdin=stdin)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("name", PIPED)
def test_hand_from_standard_input_deals_what_the_file_deals(db, name):
    from_file = _hand(str(DEMO))
    assert _hand("-", stdin=_demo_as(name)) == from_file
    assert _hand("-", "--from", name, stdin=_demo_as(name)) == from_file


def test_from_reads_a_file_whose_extension_says_nothing(db, tmp_path):
    odd = tmp_path / "deck.list"
    odd.write_bytes(_demo_as("octgn"))
    refused = run("odds", str(odd), "--json")
    assert refused.exit_code == 2 and "deck.list" in refused.output
    by_extension = json.loads(run("odds", str(DEMO), "--json").stdout)
    result = run("odds", str(odd), "--from", "octgn", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == by_extension


def test_odds_and_goldfish_read_standard_input(db):
    odds = run("odds", "-", "--json", stdin=_demo_as("cockatrice"))
    assert json.loads(odds.stdout) == json.loads(run("odds", str(DEMO), "--json").stdout)
    args = ["--games", "30", "--rounds", "5", "--seed", "4", "--json"]
    piped = run("goldfish", "-", *args, stdin=_demo_as("lackey"))
    assert piped.exit_code == 0, piped.output
    assert json.loads(piped.stdout) == json.loads(run("goldfish", str(DEMO), *args).stdout)


def test_bad_standard_input_is_named_and_exits_2(db):
    result = run("hand", "-", stdin=b"3 Gek-A-Geek\n")
    assert result.exit_code == 2 and "<stdin>:1: unknown card 'Gek-A-Geek'" in result.output
    result = run("goldfish", "-", "--from", "nope", stdin=_demo_as("text"))
    assert result.exit_code == 2 and "unknown deck format 'nope'" in result.output
    result = run("odds", "-", "--from", "cockatrice", stdin=_demo_as("text"))
    assert result.exit_code == 2 and result.output.startswith("deckbuilder: <stdin>")


def test_match_and_gauntlet_take_standard_input_once(db):
    args = ["--games", "4", "--seed", "2", "--json"]
    by_file = json.loads(run("match", str(DEMO), "maestro-reconciliation", *args).stdout)
    piped = run("match", "-", "maestro-reconciliation", *args, stdin=_demo_as("octgn"))
    assert piped.exit_code == 0, piped.output
    data = json.loads(piped.stdout)
    assert data["wins"] == by_file["wins"] and data["rounds_histogram"] == by_file[
        "rounds_histogram"]
    gauntlet = run("gauntlet", "-", "maestro-reconciliation", "vassal-oethac-strength",
                   "--from", "forge", *args, stdin=_demo_as("forge"))
    assert gauntlet.exit_code == 0, gauntlet.output
    assert len(json.loads(gauntlet.stdout)["decks"]) == 3
    twice = run("gauntlet", "-", "-", *args, stdin=_demo_as("text"))
    assert twice.exit_code == 2 and "standard input (-)" in twice.output


def test_tune_reads_standard_input_with_from(db):
    args = ["--games", "10", "--max-candidates", "2", "--top", "2", "--json"]
    by_file = json.loads(run("tune", str(DEMO), *args).stdout)
    piped = run("tune", "-", "--from", "json", *args, stdin=_demo_as("json"))
    assert piped.exit_code == 0, piped.output
    data = json.loads(piped.stdout)
    assert data["suggestions"] == by_file["suggestions"]
    assert data["baseline"] == by_file["baseline"]


def test_a_real_pipe_into_the_installed_command(db):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "deckbuilder.cli.main", "hand", "-", "--seed", "11",
         "--rounds", "2", "--json"],
        input=_demo_as("cockatrice"), capture_output=True, env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == _hand(str(DEMO))
