"""``cards import`` has a stated size cap, bounded memory, progress and is
all-or-nothing, as collection imports are (issue 26, point 2).

A 204 MB checklist used to be read whole (1.26 GB at its peak) and an endless stream
ended in a MemoryError: now a file over :data:`card_db.checklist.MAX_FILE_BYTES` is
refused before it is read, a stream is read no further than the cap, and a file of
more than :data:`card_db.checklist.MAX_ROWS` cards is refused; nothing is written then.
"""

from __future__ import annotations

import csv
import os
import subprocess
import sys
import threading

import pytest

import card_db.checklist.schema as schema
from card_db.checklist import MAX_FILE_BYTES, MAX_ROWS, ChecklistError
from deckbuilder.services.cards import export_checklist, import_checklist
from tests.fault_kit import ROOT, cli_command


def _checklist(userdb, tmp_path, copies: int = 1):
    """A checklist adding every card again ``copies`` times under new names."""
    exported = tmp_path / "exported.csv"
    export_checklist(userdb, exported)
    with exported.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    path = tmp_path / "more.csv"
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for copy in range(copies):
            for row in rows:
                writer.writerow(row | {"key": f"{row['key']}-{copy}",
                                       "name": f"{row['name']} {'I' * (copy + 2)}"})
    return path, copies * len(rows)


def test_the_caps_are_stated():
    """The checklist caps are 10 MiB and 20,000 cards (as stated in the docs)."""
    assert MAX_FILE_BYTES == 10 * 1024 * 1024 and MAX_ROWS == 20_000


def test_a_checklist_over_the_size_cap_is_refused_before_it_is_read(userdb, tmp_path):
    """A 204 MB checklist is refused at once, before it is read, naming the cap."""
    big = tmp_path / "huge.csv"
    with big.open("wb") as handle:
        handle.truncate(204 * 1000 * 1000)
    before = len(userdb.catalogue())
    with pytest.raises(ChecklistError, match="too large") as caught:
        import_checklist(userdb, big)
    assert "10,485,760 bytes" in str(caught.value) and str(big) in str(caught.value)
    userdb.forget_catalogue()
    assert len(userdb.catalogue()) == before


def test_an_endless_stream_is_read_no_further_than_the_cap(userdb, tmp_path):
    """An endless stream (a named pipe) is read no further than the cap: a clear error
    in bounded memory (the child's peak stays far below what the stream sends)."""
    fifo = tmp_path / "endless.csv"
    os.mkfifo(fifo)
    stop = threading.Event()

    def feed():
        line = b"key,name,type\n" + b"k,Name,Ally\n" * 5000
        try:
            with fifo.open("wb") as handle:
                while not stop.is_set():
                    handle.write(line)
        except BrokenPipeError:
            pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    # VmHWM, the child's own peak: ru_maxrss would start from this (large) test process's
    # size at the fork, which Linux keeps across exec
    code = ("import re, sys\n"
            "from deckbuilder.cli.main import main\n"
            "try:\n"
            "    main()\n"
            "finally:\n"
            "    status = open('/proc/self/status').read()\n"
            "    print('peak', re.search(r'VmHWM:\\s+(\\d+)', status).group(1), "
            "file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, "--db", str(userdb.path), "cards",
                           "import", str(fifo)], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    stop.set()
    feeder.join(10)
    assert done.returncode == 2, done.stderr
    assert "too large" in done.stderr and "Traceback" not in done.stderr
    peak_kib = int(done.stderr.rsplit("peak", 1)[1])
    assert peak_kib < 400 * 1024, f"peak {peak_kib} KiB"


def test_a_checklist_of_too_many_cards_is_refused_and_nothing_written(userdb, tmp_path,
                                                                       monkeypatch):
    """A checklist of more cards than the cap (lowered here) is refused, nothing written."""
    path, count = _checklist(userdb, tmp_path)
    monkeypatch.setattr(schema, "MAX_ROWS", count - 1)
    before = len(userdb.catalogue())
    with pytest.raises(ChecklistError, match=f"more than {count - 1:,} cards"):
        import_checklist(userdb, path)
    userdb.forget_catalogue()
    assert len(userdb.catalogue()) == before


def test_an_import_reports_its_progress(userdb, tmp_path):
    """An import reports its progress by stage, ``read`` (bytes) then ``write``
    (cards), ending at the total."""
    path, count = _checklist(userdb, tmp_path)
    calls = []
    result = import_checklist(userdb, path, progress=lambda *a: calls.append(a))
    assert result.added == count
    stages = [stage for stage, _, _ in calls]
    assert stages[0] == "read" and stages[-1] == "write"
    assert calls[-1] == ("write", count, count)
    assert [c for c in calls if c[0] == "read"][-1][1] == path.stat().st_size



def test_a_cancelled_import_writes_nothing(userdb, tmp_path):
    """A progress callback that raises half-way through the write (Cancel, Ctrl+C)
    leaves the database as it was."""
    path, _ = _checklist(userdb, tmp_path)
    before = len(userdb.catalogue())

    def cancel(stage, done, total):
        if stage == "write" and done > total // 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        import_checklist(userdb, path, progress=cancel)
    userdb.forget_catalogue()
    assert len(userdb.catalogue()) == before


def test_the_cli_shows_progress_on_a_terminal(db, tmp_path, userdb):
    """On a terminal (a pseudo-terminal here) ``cards import`` draws progress bars on
    stderr; piped, it prints only its summary."""
    import pty

    path, count = _checklist(userdb, tmp_path)
    leader, follower = pty.openpty()
    process = subprocess.Popen(cli_command("--db", str(db), "cards", "import", str(path)),
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=follower, text=True)
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:
            break
        if not chunk:
            break
        shown += chunk
    out, _ = process.communicate(timeout=300)
    os.close(leader)
    assert process.returncode == 0
    assert f"{count} cards added" in out
    assert b"Writing" in shown and b"100%" in shown
