"""Running the search language for the browser: debounced, off the GUI thread.

Each keystroke restarts a :data:`DEBOUNCE_MS` timer. When it fires, the text is
parsed on the GUI thread (pure Python, well under a millisecond), so a syntax error
is shown at once; a valid query, combined with the quick filters, runs in a worker
thread with its own read-only connection. Results of a query overtaken by a newer
one are dropped.

In name order the first :data:`FIRST_SCREEN` rows come first (the search walks the
name order and stops there: milliseconds even on 500,000 cards), marked incomplete,
then every id; other orders need every match sorted, so they come in one go.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from card_db.database import connect
from card_db.records import CardType
from card_db.search import SearchSyntaxError, explain, parse, search_card_ids
from card_db.userdb import UserDatabase
from deckbuilder.services.collection import owned_by_card_id

#: Pause after the last keystroke before searching, in ms.
DEBOUNCE_MS = 150
#: The ``order`` key sorting by copies owned (done here, not in SQL).
OWNED_ORDER = "owned"
#: Rows delivered first in name order, before the full result.
FIRST_SCREEN = 200


def type_term(card_type: CardType) -> str:
    """The search term for a quick type filter, e.g. ``t:allyaction``."""
    return "t:" + "".join(ch for ch in card_type.value.casefold() if ch.isalnum())


def compose_query(text: str, card_type: CardType | None, dominion: int | None) -> str:
    """The query the browser runs: the user's ``text`` and the quick filters.

    ``dominion`` 0 means no Home Dominion (Oviates and Dominion-less cards), as ``d:0``.
    """
    terms = []
    if text.strip():
        terms.append(f"({text})")
    if card_type is not None:
        terms.append(type_term(card_type))
    if dominion is not None:
        terms.append(f"d:{dominion}")
    return " ".join(terms)


@dataclass(frozen=True)
class SearchRequest:
    """What to search: the typed ``text``, quick filters, and the sort order."""

    text: str = ""
    card_type: CardType | None = None
    dominion: int | None = None
    order: str = "name"
    descending: bool = False

    @property
    def query(self) -> str:
        return compose_query(self.text, self.card_type, self.dominion)


@dataclass(frozen=True)
class SearchResult:
    """Card ids in display order, copies owned by card id, and the worker's time in s.

    ``complete`` is false for a first screen: ``ids`` are the first matches in order,
    and more follow in a complete result.
    """

    request: SearchRequest
    ids: tuple[int, ...]
    owned: dict[int, int]
    seconds: float
    complete: bool = True


def run_search(
    db: UserDatabase | Path, request: SearchRequest, limit: int | None = None
) -> SearchResult:
    """Run ``request`` on a fresh read-only connection (in a worker thread), keeping at
    most ``limit`` ids (``None``: all; only for orders other than copies owned).
    ``db``: the handle (SQLite or PostgreSQL), or a SQLite file's path."""
    start = time.perf_counter()
    # read-write open of a file: any path; SQLite recovers a hot journal
    conn = db.connect() if isinstance(db, UserDatabase) else connect(Path(db))
    try:
        if request.order == OWNED_ORDER:
            sql_order = "name"
        else:
            sql_order = ("-" if request.descending else "") + request.order
        if request.order == OWNED_ORDER:
            limit = None
        ids = search_card_ids(conn, request.query, limit=limit, order_by=sql_order)
        owned = owned_by_card_id(conn)
    finally:
        conn.close()
    if request.order == OWNED_ORDER:
        ids.sort(key=lambda i: owned.get(i, 0), reverse=request.descending)
    complete = limit is None or len(ids) < limit
    return SearchResult(request, tuple(ids), owned, time.perf_counter() - start, complete)


class CardSearch(QObject):
    """The browser's search state and runner.

    Signals: ``results_ready(SearchResult)``; ``error_changed(object)`` with the
    :class:`~card_db.search.SearchSyntaxError` of the typed text, or ``None`` when
    it parses; ``explained(str)`` with the plain-English reading of each query run
    (:func:`card_db.search.explain`, quick filters included); ``busy(bool)`` while a
    query runs.
    """

    results_ready = Signal(object)
    error_changed = Signal(object)
    explained = Signal(str)
    busy = Signal(bool)

    def __init__(self, context, parent=None, debounce_ms: int = DEBOUNCE_MS):
        super().__init__(parent)
        self._context = context
        self._request = SearchRequest()
        self._generation = 0
        self._running = 0
        self.error: SearchSyntaxError | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self.run_now)

    @property
    def request(self) -> SearchRequest:
        return self._request

    @property
    def pending(self) -> bool:
        """True while a keystroke waits for the timer or a query runs."""
        return self._timer.isActive() or self._running > 0

    def set_text(self, text: str) -> None:
        """The user typed: search after the debounce pause."""
        self._request = replace(self._request, text=text)
        self._timer.start()

    def set_filters(self, card_type: CardType | None, dominion: int | None) -> None:
        self._request = replace(self._request, card_type=card_type, dominion=dominion)
        self.run_now()

    def set_order(self, order: str, descending: bool) -> None:
        self._request = replace(self._request, order=order, descending=descending)
        self.run_now()

    def run_now(self) -> None:
        """Parse the text (errors reported at once) and start the query in the background."""
        self._timer.stop()
        request = self._request
        try:
            parse(request.text)
            explanation = explain(parse(request.query))
        except SearchSyntaxError as exc:
            self._generation += 1  # a query still running answers an older text
            self.error = exc
            self.error_changed.emit(exc)
            return
        if self.error is not None:
            self.error = None
            self.error_changed.emit(None)
        self.explained.emit(explanation)
        self._generation += 1
        first_screen = FIRST_SCREEN if request.order == "name" else None
        self._start(self._generation, request, first_screen)

    def _start(self, generation: int, request: SearchRequest, limit: int | None) -> None:
        self._running += 1
        if self._running == 1:
            self.busy.emit(True)
        self._context.run(
            run_search,
            self._context.db,
            request,
            limit,
            on_done=lambda result: self._deliver(generation, result),
            on_error=lambda exc, details: self._failed(exc, details),
        )

    def _finished(self) -> None:
        self._running -= 1
        if self._running == 0:
            self.busy.emit(False)

    def _deliver(self, generation: int, result: SearchResult) -> None:
        current = generation == self._generation
        if current and not result.complete:
            self._start(generation, result.request, None)  # the rest, before busy ends
        self._finished()
        if current:
            self.results_ready.emit(result)

    def _failed(self, exc: BaseException, details: str) -> None:
        self._finished()
        self._context.report_error("Search failed", exc, details)

