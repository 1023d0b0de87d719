"""The one error the search language raises for a query it cannot read."""

from __future__ import annotations


class SearchSyntaxError(ValueError):
    """A query string that does not follow the search language.

    ``position`` is the 0-based character offset in the query where reading stopped
    (``len(query)`` when the query ended too early); ``expected`` says what would
    have been valid there, e.g. ``"a number after 'prime<='"``. ``str(error)`` is
    ``"position 7: expected a number after 'prime<='"``, ready to show beside a
    caret under the query.
    """

    def __init__(self, position: int, expected: str, detail: str | None = None):
        self.position = position
        self.expected = expected
        self.detail = detail or f"expected {expected}"
        super().__init__(f"position {position}: {self.detail}")
