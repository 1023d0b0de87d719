"""``deckbuilder deck add`` and ``deck remove``: real deck files in every readable
format edited in place through :mod:`deckbuilder.deck.edits`, names checked against
the catalogue of a real user database, the file replaced atomically."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckbuilder import formats
from deckbuilder.cli.main import cli
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList
from deckbuilder.services.deck_sources import demo_deck_files

DEMO = demo_deck_files()[0]


def run(*args: str):
    result = CliRunner().invoke(cli, ["deck", *args])
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture
def demo(db) -> DeckList:
    return formats.read_file(DEMO)


@pytest.fixture
def folder(tmp_path) -> Path:
    """A folder holding only the deck file under test."""
    path = tmp_path / "decks"
    path.mkdir()
    return path


@pytest.fixture
def card(demo) -> str:
    """A card of the demo deck that is in the catalogue."""
    return demo.main[0].name


def write(folder: Path, deck: DeckList, extension: str) -> Path:
    target = folder / f"deck{extension}"
    formats.write_file(deck, target)
    return target


READABLE = [f.extensions[0] for f in formats.all_formats() if f.readable]


@pytest.mark.parametrize("extension", READABLE)
def test_add_then_remove_rewrites_the_file_in_its_own_format(folder, demo, card, extension):
    path = write(folder, demo, extension)
    before = formats.read_file(path)

    result = run("add", str(path), card.upper(), "--count", "2")
    assert result.exit_code == 0, result.output
    after = formats.read_file(path)  # still readable as its own format
    assert after.count_of(card) == before.count_of(card) + 2
    assert after.total() == before.total() + 2
    assert after.sideboard == before.sideboard and after.name == before.name
    assert f"Add 2 × {card}" in result.output
    assert f"now {after.count_of(card)} in the main deck" in result.output

    result = run("remove", str(path), card, "--count", "2")
    assert result.exit_code == 0, result.output
    assert formats.read_file(path).merged() == before.merged()
    assert f"Remove 2 × {card}" in result.output


def test_side_adds_to_the_sideboard_and_keeps_the_order(folder, demo, card):
    path = write(folder, demo, ".txt")
    result = run("add", str(path), card, "--side")
    assert result.exit_code == 0, result.output
    after = formats.read_file(path)
    assert after.count_of(card, SIDEBOARD) == demo.count_of(card, SIDEBOARD) + 1
    assert [e.name for e in after.main] == [e.name for e in demo.main]
    assert "to the sideboard" in result.output and "in the sideboard" in result.output


def test_remove_takes_at_most_what_is_there(folder, demo, card):
    path = write(folder, demo, ".json")
    held = demo.count_of(card)
    result = run("remove", str(path), card, "--count", "50")
    assert result.exit_code == 0, result.output
    assert formats.read_file(path).count_of(card) == 0
    assert (f"Remove {held} × {card}" if held > 1 else f"Remove {card}") in result.output


def test_an_unknown_name_exits_2_with_the_closest_names(folder, demo, card):
    path = write(folder, demo, ".txt")
    original = path.read_bytes()
    misspelt = card[:-1] + ("x" if card[-1] != "x" else "y")
    for command in ("add", "remove"):
        result = run(command, str(path), misspelt)
        assert result.exit_code == 2
        assert f"unknown card {misspelt!r}" in result.output
        assert repr(card) in result.output  # the closest name is suggested
    assert path.read_bytes() == original


def test_removing_a_card_not_in_the_zone_exits_2_and_leaves_the_file(folder, demo, card):
    path = write(folder, demo, ".txt")
    original = path.read_bytes()
    result = run("remove", str(path), card, "--side")
    assert demo.count_of(card, SIDEBOARD) == 0
    assert result.exit_code == 2
    assert f"no {card} in the sideboard" in result.output
    assert path.read_bytes() == original


def test_a_card_the_catalogue_does_not_know_can_still_be_removed(folder, db):
    path = write(folder, DeckList(main=[("Homebrew Card", 2)], sideboard=[]), ".txt")
    result = run("remove", str(path), "homebrew card")
    assert result.exit_code == 0, result.output
    assert formats.read_file(path).count_of("Homebrew Card", MAIN) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["add", "{missing}", "{card}"], "cannot read the file"),
        (["add", "{bad}", "{card}"], "deck.pdf"),
        (["add", "{deck}", "{card}", "--count", "999"], "outside"),
        (["add", "{deck}", "{card}", "--count", "0"], "--count"),
    ],
)
def test_bad_input_exits_2_and_changes_nothing(folder, demo, card, args, message):
    path = write(folder, demo, ".txt")
    original = path.read_bytes()
    values = {"missing": str(folder / "none.txt"), "bad": str(folder / "deck.pdf"),
              "deck": str(path), "card": card}
    result = run(*[arg.format(**values) for arg in args])
    assert result.exit_code == 2
    assert message in result.output
    assert path.read_bytes() == original
    assert sorted(os.listdir(folder)) == ["deck.txt"]  # no temporary file left


def test_the_file_keeps_its_permissions_and_no_temporary_file_remains(folder, demo, card):
    path = write(folder, demo, ".o8d")
    path.chmod(0o600)
    assert run("add", str(path), card).exit_code == 0
    assert path.stat().st_mode & 0o777 == 0o600
    assert sorted(os.listdir(folder)) == ["deck.o8d"]


def test_a_failed_write_leaves_the_old_file(folder, demo, card, monkeypatch):
    path = write(folder, demo, ".txt")
    original = path.read_bytes()

    def refuse(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    result = run("add", str(path), card)
    assert result.exit_code == 2
    assert "No space left on device" in result.output
    assert path.read_bytes() == original
    assert sorted(os.listdir(folder)) == ["deck.txt"]
