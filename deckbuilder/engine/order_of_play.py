"""The sequence of play: setup, then rounds of four phases, as a step generator.

Source: rulebook "Game Setup", "Order of Play" (each phase, every Autarch acts once,
in turn order from the leading Autarch, proceeding clockwise), "Summary of Play".

:func:`play` drives a :class:`~.game.Game` with one :class:`Controller` per Autarch and
yields a :class:`Step` after every action, so a caller (a test, the CLI ``--log``, the
GUI's goldfish board) can replay a game step by step. Each step carries the log lines
it produced.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from deckbuilder.engine.game import (
    ALLY_PHASE,
    AUTARCH_PHASE,
    COMING_OF_ORDER,
    RECONCILIATION,
    SETUP,
    Game,
)
from deckbuilder.engine.last_call import LastCall


@dataclass(frozen=True, slots=True)
class Step:
    """One step of play: where it happened and the log lines it produced."""

    round: int
    phase: str
    seat: int | None
    lines: tuple[str, ...]


class Controller:
    """Makes one Autarch's decisions. The base class passes on every option: it places
    the first legal setup Site, never reshuffles, takes no action, and never contests,
    defends or counters. Turn methods are generators that yield after each action."""

    def place_site(self, game: Game, seat: int, dominion: int) -> int:
        for card in game.autarch(seat).set_aside:
            if dominion in game.record(card).dominions:
                return card
        raise ValueError(f"no Site of Dominion {dominion}")

    def reshuffle(self, game: Game, seat: int) -> bool:
        return False

    def autarch_turn(self, game: Game, seat: int) -> Iterable[None]:
        return ()

    def ally_turn(self, game: Game, seat: int) -> Iterable[None]:
        return ()

    def reconciliation_turn(self, game: Game, seat: int) -> Iterable[None]:
        return ()

    def contest(
        self, game: Game, seat: int, seizing_seat: int, site: int, allies: Sequence[int]
    ) -> Sequence[int]:
        return ()

    def defend(
        self, game: Game, seat: int, target: int, challengers: Sequence[int]
    ) -> Sequence[int]:
        return ()

    def counter(self, game: Game, seat: int, flash: int, target: int | None) -> int | None:
        return None

    def contest_maneuvers(
        self, game: Game, seat: int, involved: Sequence[int], opposing: Sequence[int]
    ) -> Mapping[int, Sequence[int]]:
        """Influence maneuvers from ``seat``'s hand per contesting character (none by
        default)."""
        return {}

    def defend_maneuvers(
        self, game: Game, seat: int, involved: Sequence[int], opposing: Sequence[int]
    ) -> Mapping[int, Sequence[int]]:
        """Combat maneuvers from ``seat``'s hand per defending character (the target
        first), when a rival challenges (none by default)."""
        return {}

    def last_call(self, game: Game, seat: int, call: LastCall) -> None:
        """The last call for Flashes before ``call`` begins (:mod:`.last_call`): play
        Flashes now through ``game``, or nothing (the default)."""

    def assign_damage(
        self, game: Game, seat: int, damage: int, losers: Sequence[int]
    ) -> Mapping[int, int] | None:
        """The damage per character ``seat`` assigns as a challenge's victor; ``None``:
        the engine's default (:func:`~.challenge.default_assignment`)."""
        return None


def contest_provider(controllers: Sequence[Controller]):
    """A :data:`~.game.ContestProvider` asking each seat's controller."""
    return lambda game, seat, seizing, site, allies: controllers[seat].contest(
        game, seat, seizing, site, allies
    )


def defend_provider(controllers: Sequence[Controller]):
    return lambda game, seat, target, challengers: controllers[seat].defend(
        game, seat, target, challengers
    )


def contest_maneuver_provider(controllers: Sequence[Controller]):
    """A :data:`~.game.ManeuverProvider` asking each contesting seat's controller."""
    return lambda game, seat, involved, opposing: controllers[seat].contest_maneuvers(
        game, seat, involved, opposing
    )


def defend_maneuver_provider(controllers: Sequence[Controller]):
    """A :data:`~.game.ManeuverProvider` asking the defending seat's controller."""
    return lambda game, seat, involved, opposing: controllers[seat].defend_maneuvers(
        game, seat, involved, opposing
    )


def damage_provider(controllers: Sequence[Controller]):
    """A :data:`~.game.DamageProvider` asking the victor's controller."""
    return lambda game, seat, damage, losers: controllers[seat].assign_damage(
        game, seat, damage, losers
    )


def last_call_provider(controllers: Sequence[Controller]):
    """A :data:`~.last_call.LastCallProvider` asking the seat's controller."""
    return lambda game, seat, call: controllers[seat].last_call(game, seat, call)


def counter_provider(controllers: Sequence[Controller]):
    """Asks every Autarch in turn order from the leader whether it counters."""

    def ask(game: Game, flash: int, target: int | None):
        for seat in game.state.seats_from(game.state.leader):
            ally = controllers[seat].counter(game, seat, flash, target)
            if ally is not None:
                return seat, ally
        return None

    return ask


def play(
    game: Game,
    controllers: Sequence[Controller],
    rounds: int,
    first: int = 0,
) -> Iterator[Step]:
    """Set up and play up to ``rounds`` rounds (stopping when the game is over),
    yielding a :class:`Step` after every action and phase change."""
    if len(controllers) != len(game.state.autarchs):
        raise ValueError("one controller per Autarch")
    mark = len(game.log)

    def step(seat: int | None) -> Step:
        nonlocal mark
        lines = tuple(game.log[mark:])
        mark = len(game.log)
        return Step(game.state.round, game.state.phase, seat, lines)

    game.begin_setup(first)
    yield step(None)
    while (nxt := game.next_placement()) is not None:
        seat, dominion = nxt
        game.place_setup_site(seat, controllers[seat].place_site(game, seat, dominion))
        yield step(seat)
    game.finish_placements()
    yield step(None)
    for seat in range(len(controllers)):
        if game.may_reshuffle(seat) and controllers[seat].reshuffle(game, seat):
            game.reshuffle_hand(seat)
            yield step(seat)
    game.finish_setup()
    for _ in range(rounds):
        if game.state.over:
            return
        game.coming_of_order()
        yield step(None)
        for phase, method in (
            (AUTARCH_PHASE, "autarch_turn"),
            (ALLY_PHASE, "ally_turn"),
            (RECONCILIATION, "reconciliation_turn"),
        ):
            for seat in game.state.seats_from(game.state.leader):
                game.begin_turn(phase, seat)
                for _ in getattr(controllers[seat], method)(game, seat):
                    yield step(seat)
                game.end_turn()
        game.reconcile()
        yield step(None)


__all__ = [
    "ALLY_PHASE",
    "AUTARCH_PHASE",
    "COMING_OF_ORDER",
    "Controller",
    "RECONCILIATION",
    "SETUP",
    "Step",
    "contest_provider",
    "contest_maneuver_provider",
    "counter_provider",
    "damage_provider",
    "defend_maneuver_provider",
    "defend_provider",
    "last_call_provider",
    "play",
]
