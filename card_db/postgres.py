"""The user database on a PostgreSQL server, named by a ``postgresql://`` URL.

The same tables, migrations and bundled-data sync as the SQLite file
(:mod:`card_db.database`); what differs lives here:

* reads go through :class:`PostgresReader`, a read-only psycopg connection whose
  :meth:`~PostgresReader.execute` takes the ``?`` placeholders the app's SQL is written
  with, so the same statements run on both engines;
* every write transaction first takes one transaction-level advisory lock
  (:data:`WRITE_LOCK`): writers queue one after another as they do on SQLite with
  ``BEGIN IMMEDIATE``, so a read-modify-write (adding copies to the collection) never
  loses another machine's update; a writer waits at most :data:`LOCK_TIMEOUT_MS`;
* the password is never part of the URL the app is given: libpq reads it from
  ``PGPASSWORD`` or ``~/.pgpass`` (:func:`check_url` refuses a URL holding one), or
  the app passes the one kept in the system keyring (the optional ``keyring``
  package, :func:`store_password`) or typed for this session (:func:`use_password`)
  to the driver directly, never on a command line.

psycopg is an optional dependency (``pip install 'imajica-deckbuilder[postgres]'``);
it is imported only when a PostgreSQL URL is opened.
"""

from __future__ import annotations

import os
import re
import threading
from urllib.parse import urlsplit

from card_db.errors import UserError

SCHEMES = ("postgresql://", "postgres://", "postgresql+psycopg://")

#: The key of the advisory lock every write transaction takes first (any fixed number).
WRITE_LOCK = 15_001_997

#: Milliseconds a writer waits for another writer's lock before giving up (SQLite: 5 s).
LOCK_TIMEOUT_MS = 5000

_PROBLEMS = (  # (SQLSTATE class or code prefix, what to tell the user)
    ("55P03", "the database is busy (another window or command is writing); try again"),
    ("42501", "this database role may only read (ask the database's owner for write rights); "
              "nothing was saved"),
    ("25006", "this database role may only read (ask the database's owner for write rights); "
              "nothing was saved"),
    ("53", "the database server is out of disk space or memory; nothing was saved"),
    ("28", "the database server refused the login; check the user name in the URL and the "
           "password in ~/.pgpass or PGPASSWORD"),
    ("3D000", "the database named in the URL does not exist; create it first (createdb)"),
    ("08", "cannot reach the database server, or the connection to it was lost; check the "
           "address and the network, and try again (nothing was saved)"),
    ("57P", "the database server closed the connection (it was stopped or restarted, or an "
            "administrator ended the session); try again (nothing was saved)"),
)


#: SQLSTATE prefixes of problems that may pass: trying again later can succeed.
_PASSING = ("55P03", "53", "08", "57P")


class PostgresError(UserError):
    """The PostgreSQL database cannot be reached, read or written (the message says why).

    ``retryable``: the problem may pass (a lost connection, a busy or full server), so
    the app offers to try again; a refused login or a read-only role does not pass.
    """

    retryable = False


def is_url(target: object) -> bool:
    """True if ``target`` (a ``--db`` value) names a PostgreSQL database rather than a file."""
    return isinstance(target, str) and target.lower().startswith(SCHEMES)


def check_url(url: str) -> str:
    """``url`` normalised to ``postgresql://...``; :class:`PostgresError` if it holds a
    password (a command line is visible to every user of the machine) or no database."""
    parts = urlsplit(url)
    if parts.password is not None:
        raise PostgresError(
            "do not put the password in the database URL (other users can read command "
            "lines); put it in ~/.pgpass or the PGPASSWORD environment variable"
        )
    if not parts.path.strip("/"):
        raise PostgresError(f"{url}: name the database after the host, e.g. "
                            "postgresql://user@host/deckbuilder")
    return "postgresql://" + url.split("://", 1)[1]


#: The service name under which passwords are kept in the system keyring.
KEYRING_SERVICE = "imajica-deckbuilder-postgresql"

_session_passwords: dict[str, str] = {}
_passwords_lock = threading.Lock()


def keyring_available() -> bool:
    """Whether the optional ``keyring`` package is installed (a keyring can be used)."""
    from importlib.util import find_spec  # lazy: only the connect dialog asks

    return find_spec("keyring") is not None


def _account(url: str) -> str:
    """The keyring account of ``url``: ``user@host:port/database``."""
    parts = urlsplit(url)
    return f"{parts.username or ''}@{parts.hostname or ''}:{parts.port or 5432}{parts.path}"


def use_password(url: str, password: str) -> None:
    """Use ``password`` for ``url`` in this process only (typed in the connect dialog)."""
    with _passwords_lock:
        _session_passwords[_account(url)] = password


def store_password(url: str, password: str) -> None:
    """Keep ``password`` for ``url`` in the system keyring (and use it now).
    :class:`PostgresError` if the ``keyring`` package or a keyring is missing."""
    use_password(url, password)
    try:
        import keyring  # lazy: optional package, only when asked to remember a password

        keyring.set_password(KEYRING_SERVICE, _account(url), password)
    except Exception as exc:  # ImportError, or the keyring's own errors
        raise PostgresError(f"the password could not be kept in the system keyring ({exc}); "
                            "put it in ~/.pgpass instead") from exc


def password_for(url: str) -> str | None:
    """The password the app passes to the driver for ``url``: ``None`` when
    ``PGPASSWORD`` is set (libpq uses it), else the one typed this session, else the
    one in the system keyring if the ``keyring`` package is installed, else ``None``
    (libpq then reads ``~/.pgpass``)."""
    if os.environ.get("PGPASSWORD"):
        return None
    account = _account(url)
    with _passwords_lock:
        if account in _session_passwords:
            return _session_passwords[account]
    if not keyring_available():
        return None
    try:
        import keyring  # lazy: optional package, only for a PostgreSQL URL

        found = keyring.get_password(KEYRING_SERVICE, account)
    except Exception:  # no usable keyring on this machine: libpq's own places remain
        return None
    if found is not None:
        use_password(url, found)
    return found


def connect_options(url: str) -> dict[str, str]:
    """Keyword arguments for ``psycopg.connect`` besides the URL: the password from
    :func:`password_for`, if any."""
    password = password_for(url)
    return {} if password is None else {"password": password}


#: A connection that was working and broke during a write (the server stopped or was
#: killed, the network dropped): said apart from a server that cannot be reached.
LOST_MESSAGE = ("the connection to the database server was lost during the write (the server "
                "stopped or the network dropped); nothing was saved: try again when it is back")


def postgres_error(exc: BaseException, url: str, *, writing: bool = False) -> PostgresError | None:
    """The :class:`PostgresError` for a psycopg error ``exc`` (or a SQLAlchemy error
    wrapping one), or ``None`` if it is not a problem of the server, the connection or
    the role's rights (a bug in a statement stays a bug). ``writing``: the error came
    from an open write session, so a broken connection was lost, not unreachable
    (:data:`LOST_MESSAGE`)."""
    cause = getattr(exc, "orig", None) or exc
    module = type(cause).__module__ or ""
    if not module.startswith("psycopg"):
        return None
    code = getattr(cause, "sqlstate", None) or ""
    if not code and type(cause).__name__ == "OperationalError":
        code = _connect_failure(str(cause))
        if writing and code == "08" and _lost(str(cause)):
            problem = PostgresError(f"{LOST_MESSAGE} ({url}: {_first_line(cause, code)})")
            problem.retryable = True
            return problem
    for prefix, message in _PROBLEMS:
        if code.startswith(prefix):
            problem = PostgresError(f"{message} ({url}: {_first_line(cause, code)})")
            problem.retryable = prefix in _PASSING
            return problem
    return None


def _first_line(cause: BaseException, default: str) -> str:
    text = str(cause).strip()
    return text.splitlines()[0] if text else default


def _lost(text: str) -> bool:
    """True if libpq's words say an open connection broke (not that none was made)."""
    return "connection failed" not in text and "Connection refused" not in text


def _connect_failure(text: str) -> str:
    """The SQLSTATE of a failed connection, which libpq reports only in words."""
    if "does not exist" in text:
        return "3D000"
    if "password" in text or "authentication" in text:
        return "28"
    return "08"  # no server answered: refused, unknown host, dropped


_PLACEHOLDER = re.compile(r"'[^']*'|\"[^\"]*\"|%|\?")


def to_pyformat(sql: str) -> str:
    """``sql`` written with ``?`` placeholders as psycopg wants it: ``%s``, ``%`` doubled
    (quoted literals and names are left alone)."""

    def swap(match: re.Match) -> str:
        token = match.group(0)
        return {"?": "%s", "%": "%%"}.get(token, token)

    return _PLACEHOLDER.sub(swap, sql)


class PostgresReader:
    """A read-only connection with the :mod:`sqlite3` calls the app's reads use:
    ``execute(sql, params)`` with ``?`` placeholders, returning a cursor (iterate it or
    call ``fetchone``/``fetchall``), and ``close()``. ``dialect`` is ``"postgresql"``.

    Each statement runs in its own read-only transaction (autocommit), so an open
    reader never holds back other connections.
    """

    dialect = "postgresql"

    def __init__(self, url: str, *, writable: bool = False):
        """Connect to ``url``; ``writable``: statements may write, in one transaction
        the caller ends with :meth:`commit` (for copies and tests)."""
        self.url = url
        self._options = {} if writable else {"options": "-c default_transaction_read_only=on"}
        self._writable = writable
        self._conn = self._connect()

    def _connect(self):
        import psycopg  # lazy: psycopg is optional, loaded only for a PostgreSQL URL

        try:
            return psycopg.connect(self.url, autocommit=not self._writable, connect_timeout=10,
                                   **self._options, **connect_options(self.url))
        except psycopg.Error as exc:
            raise postgres_error(exc, self.url) or PostgresError(str(exc)) from exc

    def commit(self) -> None:
        self._conn.commit()

    def execute(self, sql: str, params=()):
        """Run ``sql`` (``?`` placeholders); the cursor. A lost connection raises
        :class:`PostgresError` (``retryable``); the next call connects again."""
        if self._conn.broken and not self._writable:
            self._conn = self._connect()
        try:
            return self._conn.execute(to_pyformat(sql), tuple(params))
        except Exception as exc:
            problem = postgres_error(exc, self.url)
            if problem is None:
                raise
            raise problem from exc

    def close(self) -> None:
        self._conn.close()


def make_engine(url: str, *, write_lock: bool = True):
    """A SQLAlchemy engine on ``url`` (psycopg 3) whose every transaction begins by taking
    the advisory lock :data:`WRITE_LOCK` (unless ``write_lock`` is false), waiting at
    most :data:`LOCK_TIMEOUT_MS`."""
    # lazy: SQLAlchemy loads only when the database is written
    from sqlalchemy import create_engine, event
    from sqlalchemy.engine import make_url

    address = make_url(url).set(drivername="postgresql+psycopg")
    engine = create_engine(
        address, connect_args={"options": f"-c lock_timeout={LOCK_TIMEOUT_MS}",
                               "connect_timeout": 10, **connect_options(url)},
        pool_pre_ping=True,
    )
    if write_lock:

        @event.listens_for(engine, "begin")
        def _begin(conn) -> None:
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({WRITE_LOCK})")

    return engine


def current_revision(url: str) -> str | None:
    """The migration the database at ``url`` is at, or ``None`` if it has no tables yet."""
    reader = PostgresReader(url)
    try:
        exists = reader.execute("SELECT to_regclass('alembic_version')").fetchone()[0]
        if exists is None:
            return None
        row = reader.execute("SELECT version_num FROM alembic_version").fetchone()
    finally:
        reader.close()
    return row[0] if row else None


def stored_bundled_hash(url: str) -> str | None:
    """The hash of the bundled card data last synced into ``url`` (``None``: never)."""
    reader = PostgresReader(url)
    try:
        row = reader.execute("SELECT value FROM meta WHERE key = 'bundled_hash'").fetchone()
    finally:
        reader.close()
    return row[0] if row else None
