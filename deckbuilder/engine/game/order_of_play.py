"""The sequence of play driven by controllers, as a step generator.

Source: rulebook "Game Setup", "Order of Play" (each phase, every Autarch acts once,
in turn order from the leading Autarch, proceeding clockwise), "Summary of Play".

:func:`play` drives a :class:`~.game.Game` with one
:class:`~.decisions.Controller` per Autarch: it asks the pending decision
(:func:`~.flow.pending`) of its seat's controller (:meth:`~.decisions.Controller.choose`)
and applies the chosen :class:`~.actions.Action` (:func:`~.flow.take`), yielding a
:class:`Step` after every action and phase change, so a caller (a test, the CLI
``--log``, the GUI's goldfish board) can replay a game step by step. Each step carries
the log lines it produced.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from deckbuilder.engine.game import (
    ALLY_PHASE,
    AUTARCH_PHASE,
    COMING_OF_ORDER,
    RECONCILIATION,
    SETUP,
    Game,
)
from deckbuilder.engine.game.decisions import Controller, Decision
from deckbuilder.engine.game.flow import pending, start, take
from deckbuilder.engine.rules.errors import EngineError


@dataclass(frozen=True, slots=True)
class Step:
    """One step of play: where it happened and the log lines it produced."""

    round: int
    phase: str
    seat: int | None
    lines: tuple[str, ...]


def play(
    game: Game,
    controllers: Sequence[Controller],
    rounds: int,
    first: int = 0,
) -> Iterator[Step]:
    """Set up and play up to ``rounds`` rounds (stopping when the game is over),
    yielding a :class:`Step` after every action and phase change."""
    if len(controllers) != len(game.table.autarchs):
        raise EngineError("one controller per Autarch")
    mark = len(game.log)

    def step(seat: int | None) -> Step:
        nonlocal mark
        lines = tuple(game.log[mark:])
        mark = len(game.log)
        return Step(game.table.round, game.table.phase, seat, lines)

    start(game, first, rounds)
    yield step(None)
    while (d := pending(game)) is not None:
        action = controllers[d.seat].choose(game, d)
        for seat in take(game, d, action, controllers):
            yield step(seat)


__all__ = [
    "ALLY_PHASE",
    "AUTARCH_PHASE",
    "COMING_OF_ORDER",
    "Controller",
    "Decision",
    "RECONCILIATION",
    "SETUP",
    "Step",
    "play",
]
