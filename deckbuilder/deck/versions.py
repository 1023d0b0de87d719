"""Versions of a saved deck: a deck's cards as stored with each version, and the change
from one version to another as card counts before and after (issue 23, section 1).

Pure Python: the services store and read the versions (:mod:`deckbuilder.services.
deck_versions`); this module only turns a :class:`DeckList` into the stored JSON text
``{"main": [[name, count], ...], "side": [...]}`` and back, and compares two lists.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from card_db.names import fold_name
from deckbuilder.deck.decklist import MAIN, SIDEBOARD, DeckList

ZONE_KEYS = {MAIN: "main", SIDEBOARD: "side"}


@dataclass(frozen=True)
class CardChange:
    """One card whose count differs between two versions: ``name``, ``zone`` (``"main"``
    or ``"side"``), copies ``before`` and ``after`` (0: absent)."""

    name: str
    zone: str
    before: int
    after: int

    def to_json(self) -> dict:
        """``{"name", "from", "to", "zone"}``."""
        return {"name": self.name, "from": self.before, "to": self.after, "zone": self.zone}

    def describe(self) -> str:
        """``"+2 Gentle (1 -> 3)"``, ``"-1 Judith (sideboard, 2 -> 1)"``."""
        delta = self.after - self.before
        where = "sideboard, " if self.zone == SIDEBOARD else ""
        return f"{delta:+d} {self.name} ({where}{self.before} → {self.after})"


def cards_to_json(deck: DeckList) -> str:
    """The stored JSON text of ``deck``'s cards (entries of one card added together)."""
    merged = deck.merged()
    return json.dumps({"main": [list(e) for e in merged.main],
                       "side": [list(e) for e in merged.sideboard]}, ensure_ascii=False)


def deck_from_json(text: str, name: str = "", notes: str = "", author: str = "") -> DeckList:
    """The deck list stored as ``text`` (see :func:`cards_to_json`), named ``name``.
    ``ValueError`` (``json.JSONDecodeError``) if the text is not that JSON."""
    data = json.loads(text or "{}")
    return DeckList(name=name, notes=notes, author=author,
                    main=[(n, c) for n, c in data.get("main", [])],
                    sideboard=[(n, c) for n, c in data.get("side", [])])


def card_changes(before: DeckList | None, after: DeckList) -> list[CardChange]:
    """What changed from ``before`` (``None``: an empty deck) to ``after``: one
    :class:`CardChange` per card whose count differs, main deck first, then the
    sideboard, each in name order (case and accents ignored)."""
    out: list[CardChange] = []
    for zone in (MAIN, SIDEBOARD):
        old = {fold_name(n): (n, c) for n, c in (before.counts(zone) if before else {}).items()}
        new = {fold_name(n): (n, c) for n, c in after.counts(zone).items()}
        for key in sorted(old.keys() | new.keys()):
            was = old.get(key, ("", 0))
            now = new.get(key, ("", 0))
            if was[1] != now[1]:
                out.append(CardChange(now[0] or was[0], zone, was[1], now[1]))
    return out
