"""A throw-away PostgreSQL server for the tests and benchmarks, from the ``pgserver`` wheel.

``pgserver`` (a test dependency) bundles the PostgreSQL binaries, so no system package
is needed. Its own server class adds a system user and opens up the permissions of
every parent folder when run as root, so this module runs the bundled ``initdb`` and
``pg_ctl`` itself: in a temporary folder, on a free port of 127.0.0.1, trusting local
connections, with the C locale (text sorts by code point, as SQLite's ``BINARY``).
PostgreSQL refuses to run as root; as root the server runs as the ``nobody`` user.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import socket
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path

#: The PostgreSQL programs bundled in the pgserver wheel (its package is not imported:
#: importing it makes folders as a side effect).
from card_db import postgres

POSTGRES_BIN_PATH = Path(find_spec("pgserver").origin).parent / "pginstall" / "bin"


@dataclass
class PostgresServer:
    """A running server: ``url`` of its ``postgres`` database, ``folder`` holding its data."""

    folder: Path
    port: int
    user: str | None

    def url(self, database: str = "postgres") -> str:
        """``postgresql://postgres@127.0.0.1:<port>/<database>`` (no password: trusted)."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str, template: str = "template0") -> str:
        """Create the database ``name`` (dropped first if it exists) as a copy of
        ``template`` (which nobody may be connected to); returns its URL."""
        import psycopg  # lazy: only tests that need a fresh database load the driver

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (if it runs) and delete its folder."""
        if (self.folder / "data" / "postmaster.pid").exists():
            _run(["pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop"],
                 self.user)
        shutil.rmtree(self.folder, ignore_errors=True)

    def kill(self) -> None:
        """``kill -9`` the server: its main process and every backend at once, as a crash
        or a power cut would end them (the data folder stays; :meth:`restart` recovers).
        Linux only (the backends are found in ``/proc``)."""
        data = self.folder / "data"
        pid = int((data / "postmaster.pid").read_text().split()[0])
        os.kill(pid, signal.SIGSTOP)  # no new backend while the others are found
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        for child in map(int, children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGKILL)
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 30
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.01)

    def restart(self) -> None:
        """Start the server again after :meth:`kill` (it recovers from its log first)."""
        _start(self.folder / "data", self.port, self.user)


def _run(command: list[str], user: str | None) -> None:
    executable = str(POSTGRES_BIN_PATH / command[0])
    group = pwd.getpwnam(user).pw_gid if user else None
    subprocess.run([executable, *command[1:]], check=True, capture_output=True,
                   user=user, group=group, cwd="/", timeout=60)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server() -> PostgresServer:
    """Initialise and start a new server; the caller calls :meth:`PostgresServer.stop`.

    Raises ``subprocess.CalledProcessError`` (with the server's output) if it cannot start.
    """
    user = "nobody" if os.geteuid() == 0 else None
    folder = Path(tempfile.mkdtemp(prefix="deckbuilder-pg-"))
    folder.chmod(0o755)
    data = folder / "data"
    data.mkdir(mode=0o700)
    if user:
        shutil.chown(data, user, pwd.getpwnam(user).pw_gid)
    _run(["initdb", "-D", str(data), "-U", "postgres", "--auth=trust", "--encoding=UTF8",
          "--locale=C", "--no-sync"], user)
    port = _free_port()
    _start(data, port, user)
    return PostgresServer(folder, port, user)


def _start(data: Path, port: int, user: str | None) -> None:
    options = f"-h 127.0.0.1 -p {port} -k {data} -c fsync=off -c max_connections=200"
    try:
        _run(["pg_ctl", "-D", str(data), "-o", options, "-l", str(data / "log"), "-w",
              "start"], user)
    except subprocess.CalledProcessError as exc:
        log = (data / "log").read_text(errors="replace") if (data / "log").exists() else ""
        raise RuntimeError(f"PostgreSQL did not start: {exc.stderr!r}\n{log}") from exc


@contextmanager
def open_connection(target: Path | str) -> Iterator:
    """A read-write connection on a SQLite file or a PostgreSQL URL, both taking ``?``
    placeholders; committed and closed when the block ends."""
    if postgres.is_url(target):
        conn = postgres.PostgresReader(str(target), writable=True)
    else:
        conn = sqlite3.connect(target)
    try:
        yield conn
        conn.commit()
    finally:
        conn.close()
