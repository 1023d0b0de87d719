"""Test-wide fixtures. Every test runs against a throw-away user database."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_user_data(tmp_path, monkeypatch):
    """Point the user database and caches at a temporary folder for each test."""
    monkeypatch.setenv("DECKBUILDER_DB", str(tmp_path / "user.sqlite3"))
    monkeypatch.setenv("DECKBUILDER_CACHE", str(tmp_path / "cache"))
    yield
