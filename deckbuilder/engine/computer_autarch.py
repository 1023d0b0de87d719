"""A computer Autarch: a :class:`~.order_of_play.Controller` that decides every choice.

It plays any seat of a game of 2 to 4 Autarchs (one works too). Each decision is made
from a :class:`~.public_view.PublicView` built for it, by the functions of
:mod:`.quick_policy` (read the level's rules there), and played through the same
:class:`~.game.Game` methods as a human player's moves, so the rules are enforced the
same way. The stronger level, which looks ahead, is :class:`~.lookahead.StrongAutarch`.

Every controller of a table must know the others (:meth:`ComputerAutarch.join`), so
that its seizures, challenges and Flashes ask the rivals whether they contest, defend
or counter. A move the engine refuses (:class:`~.errors.RuleError`) is recorded in
:attr:`ComputerAutarch.illegal` and ends the step; tests assert it stays empty.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from deckbuilder.engine.errors import RuleError
from deckbuilder.engine.game import Game
from deckbuilder.engine.order_of_play import (
    Controller,
    contest_provider,
    counter_provider,
    defend_provider,
)
from deckbuilder.engine.public_view import PublicView
from deckbuilder.engine.quick_policy import (
    DEFAULT_STYLE,
    Move,
    Style,
    ally_move,
    autarch_move,
    choose_setup_site,
    contest_choice,
    counter_choice,
    defend_choice,
    reconciliation_move,
    wants_reshuffle,
)

#: Moves one Autarch may make in one turn before the step is ended (a safety net).
MAX_MOVES_PER_TURN = 200


class ComputerAutarch(Controller):
    """The "quick" level: the rule-based decisions of :mod:`.quick_policy`.

    ``style``: how boldly its Ally phase is played (the strong level changes it turn
    by turn). ``view_class``: what decisions see (tests pass a recording subclass).
    """

    level = "quick"

    def __init__(self, style: Style = DEFAULT_STYLE, view_class: type[PublicView] = PublicView):
        self.style = style
        self.view_class = view_class
        self.table: list[Controller] = []
        self.illegal: list[str] = []
        self.moves: list[tuple[int, Move]] = []

    def join(self, controllers: Sequence[Controller]) -> None:
        """Tell this controller every seat's controller (itself included), in seat order."""
        self.table = list(controllers)

    def view(self, game: Game, seat: int) -> PublicView:
        return self.view_class(game, seat)

    # -- playing a move --------------------------------------------------------------------
    def play_move(self, game: Game, seat: int, move: Move) -> bool:
        """Play ``move`` for ``seat``; False (and recorded in :attr:`illegal`) if refused."""
        args = move.args
        table = self.table
        if move.kind == "seize" and table:
            args = (args[0], args[1], contest_provider(table), args[2])
        elif move.kind == "challenge" and table:
            args = (args[0], args[1], defend_provider(table), args[2])
        elif move.kind == "play_flash" and table:
            args = (args[0], args[1], counter_provider(table))
        elif move.kind in ("seize", "challenge"):
            args = (args[0], args[1], None, args[2])
        try:
            getattr(game, move.kind)(seat, *args)
        except RuleError as exc:
            self.illegal.append(f"{move.kind}{move.args}: {exc}")
            return False
        self.moves.append((seat, move))
        return True

    def _drive(self, game: Game, seat: int, decide) -> Iterator[None]:
        for _ in range(MAX_MOVES_PER_TURN):
            if game.state.over:
                return
            move = decide(self.view(game, seat))
            if move is None or not self.play_move(game, seat, move):
                return
            yield

    # -- the Controller interface -----------------------------------------------------------
    def place_site(self, game: Game, seat: int, dominion: int) -> int:
        return choose_setup_site(self.view(game, seat), dominion)

    def reshuffle(self, game: Game, seat: int) -> bool:
        return wants_reshuffle(self.view(game, seat))

    def autarch_turn(self, game: Game, seat: int) -> Iterator[None]:
        return self._drive(game, seat, autarch_move)

    def style_for(self, game: Game, seat: int) -> Style:
        """The style of this Ally turn (the quick level keeps its own)."""
        return self.style

    def ally_turn(self, game: Game, seat: int) -> Iterator[None]:
        style = self.style_for(game, seat)
        return self._drive(game, seat, lambda view: ally_move(view, style))

    def reconciliation_turn(self, game: Game, seat: int) -> Iterator[None]:
        return self._drive(game, seat, reconciliation_move)

    def contest(
        self, game: Game, seat: int, seizing_seat: int, site: int, allies: Sequence[int]
    ) -> Sequence[int]:
        return contest_choice(self.view(game, seat), seizing_seat, site, allies)

    def defend(
        self, game: Game, seat: int, target: int, challengers: Sequence[int]
    ) -> Sequence[int]:
        return defend_choice(self.view(game, seat), target, challengers)

    def counter(self, game: Game, seat: int, flash: int, target: int | None) -> int | None:
        return counter_choice(self.view(game, seat), flash)


def seat_table(controllers: Sequence[ComputerAutarch]) -> list[ComputerAutarch]:
    """Join every controller to the others; returns them as a list."""
    table = list(controllers)
    for c in table:
        c.join(table)
    return table
