"""One goldfish game shown step by step, by phase or by round (no Qt).

Wraps :class:`deckbuilder.engine.simulation.goldfish.GoldfishGame`, whose :meth:`steps` yields a
:class:`~deckbuilder.engine.game.order_of_play.Step` after every action ("Order of Play").
A phase's end is only known once the next step is in another phase, so the session
plays one step ahead and keeps a board snapshot of each step: what is shown is
always the board as it was right after the last step shown.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from card_db.records import CardRecord
from deckbuilder.engine.game.order_of_play import Step
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.goldfish_game import GoldfishGame
from deckbuilder.engine.simulation.goldfish_result import DEFAULT_ROUNDS, GoldfishResult
from deckbuilder.gui.goldfish.snapshot import BoardSnapshot, take_snapshot
from deckbuilder.presentation import STALL_TEXT


class GoldfishSession:
    """A game of ``records`` (one per copy) under ``seed`` for ``rounds`` rounds.

    Raises ``ValueError`` (from the engine) if the deck cannot be set up.
    """

    def __init__(self, records: Sequence[CardRecord], seed: int,
                 rounds: int = DEFAULT_ROUNDS, variant: Variant | None = None):
        self.seed = seed
        self.rounds = rounds
        self.game = GoldfishGame(tuple(records), seed, rounds, variant)
        self._steps: Iterator[Step] = self.game.steps()
        self.shown: list[Step] = []
        self.board: BoardSnapshot = take_snapshot(self.game.game)
        self._next = self._advance()

    def _advance(self) -> tuple[Step, BoardSnapshot] | None:
        step = next(self._steps, None)
        return None if step is None else (step, take_snapshot(self.game.game))

    @property
    def finished(self) -> bool:
        """The game is over, or its last round was played."""
        return self._next is None

    @property
    def next_step(self) -> Step | None:
        return self._next[0] if self._next is not None else None

    def step(self) -> Step | None:
        """Show the next step (one action); ``None`` when the game is finished."""
        if self._next is None:
            return None
        step, board = self._next
        self.shown.append(step)
        self.board = board
        self._next = self._advance()
        return step

    def _step_while(self, same) -> list[Step]:
        first = self.step()
        if first is None:
            return []
        taken = [first]
        while self._next is not None and same(first, self._next[0]):
            taken.append(self.step())
        return taken

    def step_phase(self) -> list[Step]:
        """Show the rest of the next phase: steps until one of another phase would come."""
        return self._step_while(lambda a, b: (a.round, a.phase) == (b.round, b.phase))

    def step_round(self) -> list[Step]:
        """Show the rest of the next round (or of "Game Setup")."""
        return self._step_while(lambda a, b: a.round == b.round)

    def play_rounds(self, rounds: int) -> None:
        """Show setup and then ``rounds`` whole rounds (fewer if the game ends)."""
        while not self.finished and (self.board.round < rounds
                                     or self.next_step.round <= rounds):
            self.step_round()

    def lines(self) -> list[str]:
        """The log lines of the steps shown, in order."""
        return [line for step in self.shown for line in step.lines]

    @property
    def result(self) -> GoldfishResult | None:
        """The game's result once it is finished."""
        return self.game.run() if self.finished else None

    def outcome(self) -> str:
        """One sentence about how the game ended ("" while it goes on)."""
        result = self.result
        if result is None:
            return ""
        if result.win_round is not None:
            return f"Victory in round {result.win_round}."
        if result.destiny_exhausted:
            return "The Destiny ran out: the Autarch is removed from the game."
        reason = STALL_TEXT.get(result.stall_reason or "", result.stall_reason or "")
        return f"No victory in {result.rounds} rounds: {reason}."
