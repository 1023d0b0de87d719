"""``deckbuilder deck`` reads standard input (``-``) and takes ``--from FORMAT`` when
the file's extension says nothing (issue 11); Windows-1252 and UTF-16 files read."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from deckbuilder import formats
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import DeckList


@pytest.fixture(scope="module")
def shared_db(tmp_path_factory):
    return tmp_path_factory.mktemp("db") / "user.sqlite3"


@pytest.fixture
def db(shared_db, monkeypatch):
    monkeypatch.setenv("DECKBUILDER_DB", str(shared_db))
    return shared_db


def run(*args: str, stdin: bytes | None = None):
    result = CliRunner().invoke(cli, ["deck", *args], input=stdin)
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception
    return result


DECK = DeckList(name="Piped", main=[("Gek-A-Gek", 3), ("Amnesia", 2)], sideboard=[("Slew", 1)])


@pytest.mark.parametrize("name", ["text", "json", "cockatrice", "octgn", "lackey", "forge"])
def test_stats_reads_standard_input_in_any_format(db, name):
    data = formats.get(name).write(DECK).encode("utf-8")
    result = run("stats", "-", "--json", stdin=data)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["card_count"] == 5


def test_convert_from_standard_input_with_from(db, tmp_path):
    target = tmp_path / "out.json"
    data = formats.get("csv").write(DECK).encode("utf-8")
    result = run("convert", "-", str(target), "--from", "csv", stdin=data)
    assert result.exit_code == 0, result.output
    back = formats.read_file(target)
    assert back.main == DECK.main and back.sideboard == DECK.sideboard


def test_from_reads_a_file_whose_extension_says_nothing(db, tmp_path):
    odd = tmp_path / "deck.list"
    odd.write_text(formats.get("cockatrice").write(DECK), encoding="utf-8")
    assert run("validate", str(odd)).exit_code == 2
    result = run("validate", str(odd), "--from", "cockatrice", "--json")
    assert json.loads(result.output)["card_count"] == 5


def test_unknown_from_format_and_bad_stdin_exit_2(db):
    result = run("stats", "-", "--from", "nope", stdin=b"3 Gek-A-Gek\n")
    assert result.exit_code == 2 and "unknown deck format 'nope'" in result.output
    result = run("stats", "-", stdin=b"3 Gek-A-Geek\n")
    assert result.exit_code == 2 and "<stdin>:1: unknown card 'Gek-A-Geek'" in result.output


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16", "utf-8-sig"])
def test_encodings_other_tools_write(db, tmp_path, encoding):
    path = tmp_path / "deck.txt"
    path.write_bytes("// Caf\u00e9 deck\r\n\r\n3 Gek-A-Gek\r\n2 Amnesia\r\n".encode(encoding))
    deck = formats.read_file(path)
    assert deck.name == "Caf\u00e9 deck"
    assert deck.main == [("Gek-A-Gek", 3), ("Amnesia", 2)]
