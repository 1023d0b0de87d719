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


class DestinyTooSmallError(UserError, ValueError):
    """More cards would be drawn than the Destiny holds: the deck is too small for the
    rounds asked. ``draws`` and ``population`` are the two numbers."""

    def __init__(self, draws: int, population: int):
        self.draws = draws
        self.population = population
        super().__init__(
            f"the deck is too small: {draws} draws from a Destiny of only {population} cards"
        )


class EngineError(RuntimeError):
    """A programming error in the engine or in the code driving it (a decision asked
    out of turn, an action of the wrong kind, a seat that does not exist): a bug,
    reported as an internal error, never as the user's mistake (not a
    :class:`~card_db.errors.UserError`)."""
