"""A computer Autarch: a :class:`~.order_of_play.Controller` that decides every choice.

It plays any seat of a game of 2 to 4 Autarchs (one works too). Each decision is made
from a :class:`~.public_view.PublicView` built for it, by the functions of
:mod:`.quick_policy` (read the level's rules there), and played through the same
:class:`~.game.Game` methods as a human player's moves, so the rules are enforced the
same way. The stronger level, which looks ahead, is :class:`~.lookahead.StrongAutarch`.

Every controller of a table must know the others (:meth:`ComputerAutarch.join`), so
that its seizures, challenges, Flashes, Dictates and Ally Actions ask the rivals
whether they contest, defend or counter, which maneuvers they play when contesting or
defending, how the victor of a challenge assigns damage, and whether they play Flashes
at the last call before a challenge or contest (:mod:`.last_call`); at that call on a
rival's action it may play a Flash (:mod:`.quick_tactics`). A move the engine refuses
(:class:`~.errors.RuleError`) is recorded in :attr:`ComputerAutarch.illegal` and ends
the step; tests assert it stays empty.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence

from deckbuilder.engine.errors import RuleError
from deckbuilder.engine.game import Game
from deckbuilder.engine.last_call import CHALLENGE, LastCall
from deckbuilder.engine.maneuvers import MAGIC, STRENGTH
from deckbuilder.engine.order_of_play import (
    Controller,
    contest_maneuver_provider,
    contest_provider,
    counter_provider,
    damage_provider,
    defend_maneuver_provider,
    defend_provider,
    last_call_provider,
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
    contest_maneuvers,
    counter_choice,
    defend_choice,
    defend_maneuvers,
    reconciliation_move,
    wants_reshuffle,
)
from deckbuilder.engine.quick_tactics import assign_damage, leads_in_dominions, reaction_flash

#: Moves one Autarch may make in one turn before the step is ended (a safety net).
MAX_MOVES_PER_TURN = 200
#: Moves a rival may counter, with the number of arguments before the counter provider.
_COUNTERABLE = {"play_flash": 2, "play_dictate": 2, "ally_action": 3}


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
        #: Wall-clock seconds of each decision of its own turns (the match JSON's
        #: ``decision_seconds``).
        self.decision_times: list[float] = []
        self._contesting: int | None = None

    def join(self, controllers: Sequence[Controller]) -> None:
        """Tell this controller every seat's controller (itself included), in seat order."""
        self.table = list(controllers)

    def view(self, game: Game, seat: int) -> PublicView:
        return self.view_class(game, seat)

    # -- playing a move --------------------------------------------------------------------
    def engine_args(self, move: Move) -> tuple:
        """The arguments of ``move``'s :class:`~.game.Game` method after the seat, with
        the table's providers (rivals' contests, defences, maneuvers, counters,
        damage) when the table is known."""
        args = move.args
        table = self.table
        if not table:
            return (args[0], args[1], None, args[2]) if move.kind in ("seize", "challenge") \
                else args
        if move.kind == "seize":  # ... counters, the Paths' choices, the last call
            return (args[0], args[1], contest_provider(table), args[2],
                    contest_maneuver_provider(table), counter_provider(table), None,
                    last_call_provider(table))
        if move.kind == "challenge":  # ... assignment, defending maneuvers, counters,
            return (args[0], args[1], defend_provider(table), args[2], None,  # targets
                    defend_maneuver_provider(table), counter_provider(table), None,
                    damage_provider(table), last_call_provider(table))
        if move.kind in _COUNTERABLE:  # pad the optional target, then the counters
            width = _COUNTERABLE[move.kind]
            return (*args, *(None,) * (width - len(args)), counter_provider(table))
        return args

    def play_move(self, game: Game, seat: int, move: Move) -> bool:
        """Play ``move`` for ``seat``; False (and recorded in :attr:`illegal`) if refused."""
        args = self.engine_args(move)
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
            start = time.perf_counter()
            move = decide(self.view(game, seat))
            self.decision_times.append(time.perf_counter() - start)
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
        chosen = contest_choice(self.view(game, seat), seizing_seat, site, allies)
        self.note_contest(site)
        return chosen

    def note_contest(self, site: int) -> None:
        """Remember the Site of the seizure this Autarch is asked to contest (its
        maneuvers there are asked next); a replayed contest notes it too."""
        self._contesting = site

    def defend(
        self, game: Game, seat: int, target: int, challengers: Sequence[int]
    ) -> Sequence[int]:
        return defend_choice(self.view(game, seat), target, challengers)

    def last_call(self, game: Game, seat: int, call: LastCall) -> None:
        """The last call for Flashes (:mod:`.last_call`): a Flash with a Magic or
        Strength penalty on the strongest character opposing it (:mod:`.quick_tactics`)
        when a rival's action involves it (contesting, or its character challenged);
        when not involved, on the strongest acting character only if the acting Autarch
        leads the table in Dominions controlled. At its own action it keeps its Flashes."""
        view = self.view(game, seat)
        if seat == call.acting_seat or not (
                call.involved(seat) or leads_in_dominions(view, call.acting_seat)):
            return
        live = [c for c in call.opposing(seat) if view.visible(c) and not view.pivoted(c)]
        stat = STRENGTH if call.action == CHALLENGE else MAGIC
        flash = reaction_flash(view, live, stat)
        if flash is not None:
            self.play_move(game, seat, Move("play_flash", flash))

    def counter(self, game: Game, seat: int, flash: int, target: int | None) -> int | None:
        return counter_choice(self.view(game, seat).revealing(flash), flash)

    def contest_maneuvers(self, game: Game, seat: int, involved: Sequence[int],
                          opposing: Sequence[int]) -> dict[int, tuple[int, ...]]:
        # The engine asks right after this seat's contest(), which noted the Site.
        if self._contesting is None:
            return {}
        return contest_maneuvers(self.view(game, seat), self._contesting, involved, opposing)

    def defend_maneuvers(self, game: Game, seat: int, involved: Sequence[int],
                         opposing: Sequence[int]) -> dict[int, tuple[int, ...]]:
        return defend_maneuvers(self.view(game, seat), involved, opposing)

    def assign_damage(self, game: Game, seat: int, damage: int,
                      losers: Sequence[int]) -> dict[int, int]:
        return assign_damage(self.view(game, seat), damage, losers)


def seat_table(controllers: Sequence[ComputerAutarch]) -> list[ComputerAutarch]:
    """Join every controller to the others; returns them as a list."""
    table = list(controllers)
    for c in table:
        c.join(table)
    return table
