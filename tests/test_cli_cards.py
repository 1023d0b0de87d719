"""``deckbuilder cards`` and ``deckbuilder collection`` through click's runner
(issue "The card database", section 7)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from deckbuilder.cli.main import cli
from deckbuilder.presentation import JSON_KEYS

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_search_sites_of_third_dominion_lists_real_rows():
    result = run("cards", "search", "t:site d:3", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert rows, "expected Sites of the Third Dominion"
    for row in rows:
        assert tuple(row) == JSON_KEYS
        assert row["type"] == "Site" and 3 in row["dominions"]


def test_search_json_marks_estimated_fields():
    rows = json.loads(run("cards", "search", "Gentle", "--json").stdout)
    gentle = next(r for r in rows if r["name"] == "Gentle")
    assert gentle["prime"] == 11 and gentle["strength"] == 7
    assert "prime" not in gentle["estimated"] and "strength" not in gentle["estimated"]
    assert gentle["source"].startswith("rulebook")


def test_empty_query_lists_every_card_and_limit_cuts():
    everything = json.loads(run("cards", "search", "", "--json").stdout)
    limited = json.loads(run("cards", "search", "", "--json", "--limit", "5").stdout)
    assert len(limited) == 5 and len(everything) > 100


def test_search_syntax_error_exits_2_with_position():
    result = run("cards", "search", "prime<=")
    assert result.exit_code == 2
    assert "^" in result.stderr and "Traceback" not in result.output


def test_show_unknown_name_suggests_closest():
    result = run("cards", "show", "Gentel")
    assert result.exit_code == 2
    assert "Gentle" in result.stderr


def test_show_marks_estimated_values():
    result = run("cards", "show", "Judith")
    assert result.exit_code == 0
    assert "Prime:" in result.stdout and "7" in result.stdout
    assert "estimated" in result.stdout


def test_image_writes_png(tmp_path):
    out = tmp_path / "gentle.png"
    result = run("cards", "image", "Gentle", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_import_bad_file_exits_2_and_changes_nothing(tmp_path):
    before = len(json.loads(run("cards", "search", "", "--json").stdout))
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "name,type,dominions,gender,magic,strength,prime\nNew One,Character,1,male,1,2,4\n"
        "New Two,Characterr,1,male,1,2,5\n"
    )
    result = run("cards", "import", str(bad))
    assert result.exit_code == 2
    assert "bad.csv:3" in result.stderr and "Traceback" not in result.output
    assert len(json.loads(run("cards", "search", "", "--json").stdout)) == before


def test_cards_export_then_import_round_trips(tmp_path):
    out = tmp_path / "all.json"
    assert run("cards", "export", str(out)).exit_code == 0
    result = run("cards", "import", str(out))
    assert result.exit_code == 0
    assert "0 cards added" in result.stdout  # issue 10: no "(s)"


def test_collection_add_export_missing(tmp_path):
    assert run("collection", "add", "Gentle", "--qty", "2", "--condition", "LP").exit_code == 0
    out = tmp_path / "col.csv"
    assert run("collection", "export", str(out)).exit_code == 0
    assert "Gentle,2,Lightly Played" in out.read_text()
    missing = run("collection", "missing")
    assert "Gentle\n" not in missing.stdout and "Judith" in missing.stdout
    owned = json.loads(run("cards", "search", "owned>0", "--json").stdout)
    assert [r["name"] for r in owned] == ["Gentle"]


def test_collection_add_unknown_card_suggests(tmp_path):
    result = run("collection", "add", "Gek A Gek")
    assert result.exit_code == 2 and "Gek-A-Gek" in result.stderr


def test_cli_search_does_not_import_qt_or_sqlalchemy(tmp_path):
    code = (
        "import sys; from deckbuilder.cli.main import main; sys.argv=['deckbuilder','cards',"
        "'search','t:site','--json'];\ntry:\n main()\nexcept SystemExit: pass\n"
        "bad=[m for m in ('PySide6','sqlmodel','sqlalchemy','alembic','deckbuilder.engine')"
        " if m in sys.modules]\n"
        "print('LOADED', bad, file=sys.stderr)"
    )
    # first run creates the database (that may load alembic); the second must be lean
    subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert "LOADED []" in done.stderr


def test_closed_pipe_stops_quietly():
    """`deckbuilder odds DECK | head -1` must not print an error when head exits."""
    import os

    deck = ROOT / "card_db" / "data" / "decks" / "oviate-swarm.txt"
    command = f"{sys.executable} -m deckbuilder.cli.main odds '{deck}' | head -1 > /dev/null"
    env = dict(os.environ, PYTHONUNBUFFERED="1")  # each line is written at once
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert "Broken pipe" not in done.stderr and "Traceback" not in done.stderr


def test_search_columns_stay_aligned_past_a_long_name():
    result = run("cards", "search", "type:character")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    longest = max(lines, key=lambda line: len(line.split("  ")[0]))
    name = longest.split("  ")[0].rstrip()
    assert len(name) > 32  # a name longer than the old fixed column
    # the type column starts at the same place on every line, after a space
    starts = {line.index("Character") for line in lines}
    assert len(starts) == 1 and longest[starts.pop() - 1] == " "
