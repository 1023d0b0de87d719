"""Recent decks, remembered in ``QSettings`` (``deck-editor/recent``).

An entry is a saved deck (by name, in the user's database) or a deck file (by path),
most recent first, at most :data:`MAX_RECENT`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

MAX_RECENT = 10
KEY = "deck-editor/recent"
SAVED, FILE = "saved", "file"


@dataclass(frozen=True)
class RecentDeck:
    """``kind`` is :data:`SAVED` (``value`` a deck name) or :data:`FILE` (a path)."""

    kind: str
    value: str

    @property
    def label(self) -> str:
        if self.kind == FILE:
            return f"{Path(self.value).name} — {Path(self.value).parent}"
        return self.value

    def encode(self) -> str:
        return f"{self.kind}:{self.value}"

    @classmethod
    def decode(cls, text: str) -> RecentDeck | None:
        kind, _, value = str(text).partition(":")
        return cls(kind, value) if kind in (SAVED, FILE) and value else None


class RecentDecks:
    """The list in ``settings``."""

    def __init__(self, settings: QSettings):
        self.settings = settings

    def entries(self) -> list[RecentDeck]:
        raw = self.settings.value(KEY, [])
        if isinstance(raw, str):
            raw = [raw]
        decoded = (RecentDeck.decode(item) for item in (raw or []))
        return [entry for entry in decoded if entry is not None][:MAX_RECENT]

    def _store(self, entries: list[RecentDeck]) -> None:
        self.settings.setValue(KEY, [entry.encode() for entry in entries[:MAX_RECENT]])

    def add(self, entry: RecentDeck) -> None:
        """Put ``entry`` first (once)."""
        self._store([entry] + [e for e in self.entries() if e != entry])

    def remove(self, entry: RecentDeck) -> None:
        self._store([e for e in self.entries() if e != entry])

    def rename(self, old: str, new: str) -> None:
        """A saved deck was renamed."""
        self._store([RecentDeck(SAVED, new) if e == RecentDeck(SAVED, old) else e
                     for e in self.entries()])

    def clear(self) -> None:
        self._store([])
