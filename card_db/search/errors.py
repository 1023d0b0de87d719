"""The one error the search language raises for a query it cannot read."""

from __future__ import annotations

from card_db.errors import UserError


class SearchSyntaxError(UserError, ValueError):
    """A query string that does not follow the search language.

    ``position`` is the 0-based character offset in the query where reading stopped
    (``len(query)`` when the query ended too early); ``expected`` says what would
    have been valid there, e.g. ``"a number after 'prime<='"``. ``str(error)`` is
    ``"position 7: expected a number after 'prime<='"``, ready to show beside a
    caret under the query. As a :class:`~card_db.errors.UserError`, ``column`` is the
    1-based column (``position + 1``) and ``message`` is ``detail``.
    """

    def __init__(self, position: int, expected: str, detail: str | None = None):
        self.position = position
        self.expected = expected
        self.detail = detail or f"expected {expected}"
        super().__init__(self.detail, column=position + 1)

    def full_message(self) -> str:
        """``"position N: detail"`` (the query is not a file, so no file:line)."""
        return f"position {self.position}: {self.detail}"
