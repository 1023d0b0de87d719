"""Errors raised by the rules engine."""

from __future__ import annotations

from card_db.errors import UserError


class RuleError(UserError, ValueError):
    """An illegal move. ``section`` names the rulebook section that forbids it.

    A player's mistake (the move was asked for), so a :class:`~card_db.errors.UserError`;
    ``message`` includes the section.
    """

    def __init__(self, section: str, message: str):
        self.section = section
        super().__init__(f'{message} (rulebook "{section}")')
