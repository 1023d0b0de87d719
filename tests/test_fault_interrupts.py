"""An interrupted write ends in its own clear message, never in a bug report (issue 26,
point 1): a PostgreSQL server killed mid-import, a connection the server drops, and
Ctrl+C, during ``cards import`` and ``collection import``, on both engines.

Each trial runs the real command in a child process and does the fault after a random
delay spread over the time the command takes (:func:`tests.fault_kit.cli_under_fault`).
It must end ``done`` (exit 0: the fault came after the commit), ``clear`` (exit 2 with
a message saying what happened) or ``interrupted`` (exit 130) — never exit 70 — and
the database holds all of the import or none of it.

The server killed here is this module's own (the session's server stays up).
``FAULT_TRIALS`` faults per case (default 3).
"""

from __future__ import annotations

import csv
import random
import subprocess
import time
from collections import Counter

import pytest

from card_db.checklist import load_bundled_records
from card_db.userdb import UserDatabase, ensure_database
from deckbuilder.formats.collection_csv import write_collection_csv
from deckbuilder.services.cards import export_checklist
from deckbuilder.services.collection import CollectionRow, owned_counts
from tests.fault_kit import cli_under_fault, interrupt, record, timed_cli, trials

TRIALS = trials(3)
BUNDLED = len(load_bundled_records())
_LOST = "the connection to the database server was lost"


@pytest.fixture(scope="module")
def inputs(tmp_path_factory):
    """A checklist adding every bundled card again under a new name, and a collection
    CSV of five copies of every card in five boxes."""
    folder = tmp_path_factory.mktemp("inputs")
    db = UserDatabase(ensure_database(folder / "source.sqlite3"))
    exported = folder / "exported.csv"
    export_checklist(db, exported)
    with exported.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    checklist = folder / "more.csv"
    with checklist.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        for copy in range(3):
            for row in rows:
                writer.writerow(row | {"key": f"{row['key']}-{copy}",
                                       "name": f"{row['name']} {'I' * (copy + 2)}"})
    names = [r.name for r in db.catalogue()]
    collection = folder / "collection.csv"
    collection.write_text(write_collection_csv(
        [CollectionRow(n, 1, location=f"box {b}") for b in range(5) for n in names]),
        encoding="utf-8")
    return {"cards": (checklist, 3 * len(rows)), "collection": (collection, 5 * len(names))}


def _amount(target, what: str) -> int:
    """The cards (``cards``) or owned copies (``collection``) in the database."""
    db = UserDatabase(target)
    if what == "cards":
        return len(db.catalogue()) - BUNDLED
    return sum(owned_counts(db).values())


@pytest.fixture(scope="module")
def crash_server():
    """A PostgreSQL server of this module's own, to be killed."""
    from tests.postgres_server import start_server

    server = start_server()
    ensure_database(server.create_database("faults_template"))
    yield server
    server.stop()


def _assert_clear(endings, expected: set[str], fault: str, target: str, engine: str) -> None:
    record(fault, target, engine, Counter(e.kind for e in endings), expected)
    bugs = [e for e in endings if e.kind == "bug"]
    assert not bugs, "\n".join(f"exit {e.code}: {e.stderr}" for e in bugs)
    assert {e.kind for e in endings} <= expected, endings


def _when_writing(url: str, rng: random.Random, then) -> object:
    """A fault for :func:`cli_under_fault`: wait until the command's write transaction
    runs on the database of ``url`` (it holds the write lock), a random moment more
    (0 to 0.15 s), then call ``then()``; nothing if the command ends first."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"

    def fault(process) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            while process.poll() is None:
                writing = conn.execute(
                    "SELECT count(*) FROM pg_locks l JOIN pg_database d ON d.oid = l.database "
                    "WHERE l.locktype = 'advisory' AND l.granted AND d.datname = %s",
                    (name,)).fetchone()[0]
                if writing:
                    break
                time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.15))
        if process.poll() is None:
            then()

    return fault


@pytest.mark.parametrize("what", ["cards", "collection"])
def test_a_server_killed_mid_import_gets_a_clear_message(crash_server, inputs, what):
    """``kill -9`` of the whole server during the import's write: exit 2 saying the
    connection was lost during the write, nothing half-written."""
    file, total = inputs[what]
    rng = random.Random(1)
    endings, amounts = [], set()
    for trial in range(TRIALS):
        url = crash_server.create_database(f"faults_{trial}", "faults_template")
        endings.append(cli_under_fault(["--db", url, what, "import", str(file)],
                                       _when_writing(url, rng, crash_server.kill), 0))
        if not (crash_server.folder / "data" / "postmaster.pid").exists() or _down(url):
            crash_server.restart()
        amounts.add(_amount(url, what))
    _assert_clear(endings, {"done", "clear"}, "PostgreSQL server killed (kill -9)",
                  f"{what} import", "PostgreSQL")
    assert any(e.kind == "clear" for e in endings), "the kills should land during the work"
    for ending in endings:
        if ending.kind == "clear":
            assert _LOST in ending.stderr and "nothing was saved" in ending.stderr
            assert url.split("/")[2] in ending.stderr
    assert amounts <= {0, total}


def _down(url: str) -> bool:
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=2).close()
    except psycopg.OperationalError:
        return True
    return False


def _terminate_backends(url: str) -> None:
    """End every other connection to the database of ``url`` (an administrator's
    ``pg_terminate_backend``, or a server restarting its sessions)."""
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                     "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))


@pytest.mark.parametrize("what", ["cards", "collection"])
def test_a_dropped_connection_mid_import_gets_a_clear_message(postgres_server, postgres_template,
                                                              inputs, what):
    """The server ends the command's connection during its write (an administrator's
    ``pg_terminate_backend``): exit 2 saying the server closed the connection."""
    file, total = inputs[what]
    rng = random.Random(2)
    endings, amounts = [], set()
    for trial in range(TRIALS):
        url = postgres_server.create_database(f"drop_{what}_{trial}", postgres_template)
        drop = _when_writing(url, rng, lambda u=url: _terminate_backends(u))
        endings.append(cli_under_fault(["--db", url, what, "import", str(file)], drop, 0))
        amounts.add(_amount(url, what))
    _assert_clear(endings, {"done", "clear"}, "connection dropped by the server",
                  f"{what} import", "PostgreSQL")
    assert any(e.kind == "clear" for e in endings), "the drops should land during the work"
    for ending in endings:
        if ending.kind == "clear":
            assert "closed the connection" in ending.stderr
    assert amounts <= {0, total}


@pytest.mark.parametrize("what, engine", [("cards", "sqlite"), ("collection", "sqlite"),
                                          ("collection", "postgresql")])
def test_ctrl_c_mid_import_says_interrupted(tmp_path, request, inputs, engine, what):
    """SIGINT at a random moment: exit 130 "interrupted" (or 0 when it came after the
    commit), never a bug report; all of the import or none."""
    file, total = inputs[what]
    rng = random.Random(3)

    def fresh(name: str):
        if engine == "postgresql":
            server = request.getfixturevalue("postgres_server")
            template = request.getfixturevalue("postgres_template")
            return server.create_database(f"ctrl_c_{what}_{name}", template)
        return str(ensure_database(tmp_path / f"{name}.sqlite3"))

    duration = timed_cli(["--db", fresh("reference"), what, "import", str(file)])
    endings, amounts = [], set()
    for trial in range(TRIALS):
        target = fresh(str(trial))
        endings.append(cli_under_fault(["--db", target, what, "import", str(file)],
                                       interrupt, rng.uniform(0.3, duration)))
        amounts.add(_amount(target, what))
    _assert_clear(endings, {"done", "interrupted"}, "Ctrl+C (SIGINT)", f"{what} import",
                  "PostgreSQL" if engine == "postgresql" else "SQLite")
    assert amounts <= {0, total}


def test_interrupt_during_rollback_is_still_an_interruption():
    """A second error raised while Ctrl+C unwinds (the rollback of a connection the
    signal broke) is reported as the interruption, not as a bug."""
    code = (
        "from deckbuilder.cli.errors import handles_errors\n"
        "@handles_errors\n"
        "def command():\n"
        "    try:\n"
        "        raise KeyboardInterrupt\n"
        "    finally:\n"
        "        raise RuntimeError('cannot rollback - no transaction is active')\n"
        "command()\n"
    )
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 130, done.stderr
    assert "interrupted" in done.stderr and "Traceback" not in done.stderr
