"""Errors raised by the rules engine."""

from __future__ import annotations


class RuleError(ValueError):
    """An illegal move. ``section`` names the rulebook section that forbids it."""

    def __init__(self, section: str, message: str):
        self.section = section
        super().__init__(f'{message} (rulebook "{section}")')
