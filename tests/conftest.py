"""Test-wide fixtures. Every test runs against a throw-away user database."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path, monkeypatch):
    """Point the user database and caches at a temporary folder for each test."""
    monkeypatch.setenv("DECKBUILDER_DB", str(tmp_path / "user.sqlite3"))
    monkeypatch.setenv("DECKBUILDER_CACHE", str(tmp_path / "cache"))
    yield


@pytest.fixture(scope="session")
def postgres_server():
    """A real PostgreSQL server (from the ``pgserver`` wheel), started once per session."""
    from tests.postgres_server import start_server

    server = start_server()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres_template(postgres_server) -> str:
    """The name of a PostgreSQL database at the head migration with the bundled cards,
    built once per session (tests copy it with :func:`postgres_database`)."""
    from card_db.userdb import ensure_database

    ensure_database(postgres_server.create_database("deckbuilder_template"))
    return "deckbuilder_template"


_PG_DATABASES = iter(range(1, 1_000_000))


@pytest.fixture
def postgres_url(postgres_server, postgres_template) -> str:
    """The URL of a new PostgreSQL user database (a copy of the template) for one test."""
    return postgres_server.create_database(f"deckbuilder_{next(_PG_DATABASES)}",
                                           postgres_template)


def pytest_generate_tests(metafunc):
    """A module listing ``DB_ENGINES = ("sqlite", "postgresql")`` runs each test that uses
    ``db`` once per engine."""
    engines = getattr(metafunc.module, "DB_ENGINES", None)
    if engines and "db_engine" in metafunc.fixturenames:
        metafunc.parametrize("db_engine", engines, indirect=True)


@pytest.fixture
def db_engine(request) -> str:
    """The engine of ``db``: ``"sqlite"`` unless the module's ``DB_ENGINES`` says more."""
    return getattr(request, "param", "sqlite")


@pytest.fixture
def db(tmp_path, tmp_path_factory, monkeypatch, db_engine, request) -> Path | str:
    """The user database (a copy of one built once per session) and a private settings file.

    On PostgreSQL (``db_engine``) the URL of a new database on the session's server.
    Modules that need another starting database override this fixture.
    """
    from card_db.userdb import ensure_database

    if db_engine == "postgresql":
        url = request.getfixturevalue("postgres_url")
        monkeypatch.setenv("DECKBUILDER_DB", url)
        monkeypatch.setenv("DECKBUILDER_SETTINGS", str(tmp_path / "settings.ini"))
        return url

    template = tmp_path_factory.getbasetemp() / "gui-template.sqlite3"
    if not template.exists():
        os.replace(ensure_database(template.with_suffix(".building")), template)
    target = Path(os.environ["DECKBUILDER_DB"])
    shutil.copy(template, target)
    monkeypatch.setenv("DECKBUILDER_SETTINGS", str(tmp_path / "settings.ini"))
    return target


@pytest.fixture
def userdb(db):
    """The handle on ``db`` (the services' first argument), closed after the test."""
    from card_db.userdb import UserDatabase

    with UserDatabase(db) as handle:
        yield handle


@pytest.fixture
def window(qtbot, db, request):
    """A shown, started main window on ``db``, every screen built (lazy ones too, as
    :meth:`MainWindow.build_all_screens` does; ``test_gui_main_window`` tests building
    them when first shown). A test module may set ``SCREEN_KEYS`` to load only those
    screens (the others are tested by their own modules)."""
    from deckbuilder.gui.app import create_main_window
    from deckbuilder.gui.screens import registered_screens

    keys = getattr(request.module, "SCREEN_KEYS", None)
    specs = None if keys is None else [s for s in registered_screens() if s.key in keys]
    win = create_main_window(db, specs)
    qtbot.addWidget(win)
    win.build_all_screens()
    win.show()
    win.start()
    assert win.context.wait_idle()
    yield win
    win.context.close()
