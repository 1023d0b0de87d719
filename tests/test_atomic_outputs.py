"""Every file the app writes is replaced atomically: a failed write (here a full disk at
the rename) keeps the old file whole and leaves no temporary file behind
(issue 10, section 3, "Atomic outputs")."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from card_db.atomic import replace_file
from deckbuilder.cli.main import cli
from deckbuilder.services.collection import CollectionRow, add_rows, export_collection_csv

ROOT = Path(__file__).resolve().parent.parent
DEMO = sorted((ROOT / "card_db" / "data" / "decks").glob("*.txt"))[0]
OLD = b"the old content, which must survive\n"


@pytest.fixture
def full_disk(monkeypatch):
    """``os.replace`` fails as on a full disk, for every writer."""

    def no_space(src, dst, *args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(dst))

    monkeypatch.setattr(os, "replace", no_space)


def _old_file(tmp_path: Path, name: str) -> Path:
    target = tmp_path / "out" / name
    target.parent.mkdir()
    target.write_bytes(OLD)
    return target


def _assert_kept(target: Path) -> None:
    assert target.read_bytes() == OLD
    assert sorted(p.name for p in target.parent.iterdir()) == [target.name]


@pytest.mark.parametrize(
    "name, command",
    [
        ("deck.cod", ["deck", "convert", str(DEMO)]),
        ("deck.txt", ["deck", "convert", str(DEMO)]),
        ("deck.pdf", ["deck", "convert", str(DEMO)]),
        ("deck.png", ["deck", "convert", str(DEMO)]),
        ("gentle.png", ["cards", "image", "Gentle", "--out"]),
        ("collection.csv", ["collection", "export"]),
        ("cards.csv", ["cards", "export"]),
    ],
)
def test_a_failed_cli_write_keeps_the_old_file(db, tmp_path, full_disk, name, command):
    target = _old_file(tmp_path, name)
    result = CliRunner().invoke(cli, [*command, str(target)])
    assert result.exit_code == 2, result.output
    assert name in result.output and "No space left" in result.output
    _assert_kept(target)


def test_a_failed_collection_export_keeps_the_old_file(userdb, tmp_path, full_disk):
    add_rows(userdb, [CollectionRow("Gentle", 2)])
    target = _old_file(tmp_path, "collection.csv")
    with pytest.raises(OSError) as caught:
        export_collection_csv(userdb, target)
    assert caught.value.errno == errno.ENOSPC and caught.value.filename == str(target)
    _assert_kept(target)


def test_replace_file_names_the_target_when_the_folder_is_missing(tmp_path):
    target = tmp_path / "missing" / "deck.cod"
    with pytest.raises(FileNotFoundError) as caught:
        replace_file(target, b"x")
    assert caught.value.filename == str(target)


def test_writes_succeed_without_the_fault(db, tmp_path):
    target = _old_file(tmp_path, "deck.cod")
    result = CliRunner().invoke(cli, ["deck", "convert", str(DEMO), str(target)])
    assert result.exit_code == 0, result.output
    assert target.read_bytes() != OLD and target.read_bytes().startswith(b"<?xml")
    assert sorted(p.name for p in target.parent.iterdir()) == ["deck.cod"]
