"""An in-memory, read-only view of the card catalogue: look-up by name and "did you mean".

Pure Python (no database): the deck logic and the rules engine take a
:class:`Catalogue`; :mod:`deckbuilder.services.catalogue` builds one from the user's
database.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from card_db.errors import UserError
from card_db.names import fold_name
from card_db.records import CardRecord


class UnknownCardError(UserError, LookupError):
    """A card name that is not in the catalogue.

    ``name`` is the name as given; ``suggestions`` the closest known names, best first.
    """

    def __init__(self, name: str, suggestions: list[str]):
        self.name = name
        hint = f"; did you mean {', '.join(repr(s) for s in suggestions)}?" if suggestions else ""
        super().__init__(f"unknown card {name!r}{hint}", suggestions=suggestions)
        self.suggestions = suggestions


class Catalogue:
    """Cards by name. Names match by :func:`card_db.names.fold_name`."""

    def __init__(self, records: Iterable[CardRecord]):
        self._records = list(records)
        self._by_folded = {fold_name(r.name): r for r in self._records}

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[CardRecord]:
        return iter(self._records)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and fold_name(name) in self._by_folded

    def get(self, name: str) -> CardRecord | None:
        """The card called ``name``, or ``None``."""
        return self._by_folded.get(fold_name(name))

    def resolve(self, name: str) -> CardRecord:
        """The card called ``name``; raises :class:`UnknownCardError` with suggestions."""
        record = self.get(name)
        if record is None:
            raise UnknownCardError(name, self.suggest(name))
        return record

    def suggest(self, name: str, limit: int = 3, cutoff: float = 60.0) -> list[str]:
        """Up to ``limit`` known names closest to ``name`` (rapidfuzz WRatio >= ``cutoff``)."""
        from rapidfuzz import fuzz, process  # lazy: only for "did you mean", off start-up

        folded = {fold_name(r.name): r.name for r in self._records}
        matches = process.extract(
            fold_name(name), list(folded), scorer=fuzz.WRatio, limit=limit, score_cutoff=cutoff
        )
        return [folded[m[0]] for m in matches]
