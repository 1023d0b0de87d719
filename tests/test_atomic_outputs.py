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


def _run_slow_write(command: list[str], db_path: str) -> None:
    """Run the CLI ``command`` with each ``fsync`` slowed down, so that a kill can land
    while the output is being written (fault injection in the child only)."""
    import time  # lazy: only the forked child sleeps

    real_fsync = os.fsync

    def slow_fsync(fd):
        time.sleep(0.05)
        real_fsync(fd)

    os.fsync = slow_fsync
    result = CliRunner().invoke(cli, ["--db", db_path, *command])
    assert result.exit_code == 0, result.output


def _complete(target: Path, reference: bytes) -> bool:
    data = target.read_bytes()
    if target.suffix == ".pdf":  # PDFs carry their creation time
        return data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    return data == reference


def _kill_when_writing(context, args, folder: Path, rng) -> None:
    """Start the child, wait until its temporary ``.part`` file appears, kill it soon after."""
    import time  # lazy: only the kill trials wait

    child = context.Process(target=_run_slow_write, args=args)
    child.start()
    deadline = time.monotonic() + 60
    while not any(p.suffix == ".part" for p in folder.iterdir()) and child.is_alive():
        assert time.monotonic() < deadline
        time.sleep(0.001)
    time.sleep(rng.uniform(0, 0.06))
    child.kill()
    child.join(60)


@pytest.mark.parametrize(
    "name, command",
    [
        ("deck.pdf", ["deck", "convert", str(DEMO)]),
        ("deck.png", ["deck", "convert", str(DEMO)]),
        ("deck.cod", ["deck", "convert", str(DEMO)]),
        ("collection.csv", ["collection", "export"]),
    ],
)
def test_kill_9_aimed_at_the_write_leaves_the_old_file_or_the_new_one(db, tmp_path, name, command):
    """20 SIGKILLs while the output file is being written: never a torn or empty file."""
    import multiprocessing  # lazy: only these tests fork
    import random

    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    rng = random.Random(10)
    target = _old_file(tmp_path, name)
    args = ([*command, str(target)], str(db))
    reference_run = context.Process(target=_run_slow_write, args=args)
    reference_run.start()
    reference_run.join(120)
    assert reference_run.exitcode == 0
    reference = target.read_bytes()
    outcomes = {"old": 0, "new": 0}
    for _ in range(20):
        for leftover in target.parent.glob(".*.part"):  # a killed writer cannot clean up
            leftover.unlink()
        target.write_bytes(OLD)
        _kill_when_writing(context, args, target.parent, rng)
        if target.read_bytes() == OLD:
            outcomes["old"] += 1
        else:
            assert _complete(target, reference), "a torn or empty output file"
            outcomes["new"] += 1
    assert outcomes["old"] >= 5, outcomes  # most kills land before the rename


def _killed_at_the_rename(target: str) -> None:
    """Write ``target`` and die by SIGKILL just before the final rename (forked child)."""
    import signal  # lazy: only the forked child kills itself

    def die(*_args, **_kwargs):
        os.kill(os.getpid(), signal.SIGKILL)

    os.replace = die
    replace_file(target, b"the new content")


def test_a_kill_at_the_rename_leaves_a_leftover_the_next_write_removes(tmp_path):
    """A writer killed at the final rename leaves a hidden ``.part`` file: the next write
    to that folder (of any file) removes it (issue 26, point 8)."""
    import multiprocessing  # lazy: only this test forks

    target = _old_file(tmp_path, "deck.cod")
    context = multiprocessing.get_context("fork")
    child = context.Process(target=_killed_at_the_rename, args=(str(target),))
    child.start()
    child.join(60)
    assert child.exitcode == -9
    leftovers = sorted(p.name for p in target.parent.glob(".*.part"))
    assert len(leftovers) == 1 and leftovers[0].startswith(".deck.cod.")
    assert target.read_bytes() == OLD
    replace_file(target.parent / "other.csv", b"x")
    assert sorted(p.name for p in target.parent.iterdir()) == ["deck.cod", "other.csv"]


def test_a_live_writers_temporary_file_is_not_taken_for_a_leftover(tmp_path):
    """A temporary file whose writer is still at work (it holds the file's lock) stays."""
    import fcntl  # POSIX; the app falls back to the file's age elsewhere

    from card_db.atomic import clean_leftovers

    live = tmp_path / ".deck.cod.abcd1234.part"
    with live.open("wb") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        assert clean_leftovers(tmp_path) == []
        assert live.exists()
    assert clean_leftovers(tmp_path) == [live]
    assert not live.exists()
