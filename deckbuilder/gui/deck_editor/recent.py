"""Recent decks, remembered in the setting :data:`deckbuilder.gui.settings.RECENT_DECKS`.

An entry is a saved deck (by name, in the user's database) or a deck file (by path),
most recent first, at most :data:`MAX_RECENT`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSettings

from deckbuilder.gui.settings import RECENT_DECKS

MAX_RECENT = 10
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
        decoded = (RecentDeck.decode(item) for item in RECENT_DECKS.read(self.settings))
        return [entry for entry in decoded if entry is not None][:MAX_RECENT]

    def _store(self, entries: list[RecentDeck]) -> None:
        RECENT_DECKS.write(self.settings, [entry.encode() for entry in entries[:MAX_RECENT]])

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
