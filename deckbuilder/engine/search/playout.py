"""Short playouts: the rest of the round by the quick rules, cut off by an evaluation.

A playout continues an imagined table (a :mod:`.determinize` world) from the pending
decision (:func:`~deckbuilder.engine.game.flow.pending`) through the engine's action
interface, every decision answered by the quick rules
(:class:`~deckbuilder.engine.controllers.computer.ComputerController`): the turn
in progress, every other Autarch's turns of the phase, the remaining phases of the round
("Order of Play") and its Reconciliation, and ``rounds`` more whole rounds (the expert
plays none by default: :data:`~.expert.PLAYOUT_ROUNDS`); then the table is scored by
:func:`evaluate`. Cutting a playout there instead of playing to the end of the game is
what makes it quick: a game lasts eleven to sixteen rounds with the demo decks
(``benchmarks/bench_levels.py`` prints playouts per second beside full games per second
and the lean goldfish yardstick)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from deckbuilder.engine.controllers.computer import ComputerController, seat_table
from deckbuilder.engine.game import Game
from deckbuilder.engine.game.decisions import Controller
from deckbuilder.engine.game.flow import pending, resolve
from deckbuilder.engine.rules.cards import dominion_mask, magic
from deckbuilder.engine.rules.victory import dominion_count

#: Score units per unit of tanh argument (10 per Dominion: see :func:`table_score`).
SCALE = 25.0


def quick_table(seats: int) -> list[ComputerController]:
    """One quick-level controller per seat, joined (the playouts' Autarchs)."""
    return seat_table([ComputerController() for _ in range(seats)])


def play_to_round(game: Game, controllers: Sequence[Controller], last_round: int) -> None:
    """Let ``controllers`` answer every pending decision of ``game`` (a game begun with
    :func:`~deckbuilder.engine.game.flow.start`) until round ``last_round`` has ended (its
    Reconciliation done) or the game is over."""
    while (d := pending(game)) is not None and game.table.round <= last_round:
        resolve(game, d, controllers[d.seat].choose(game, d), controllers)


def finish_round(game: Game, controllers: Sequence[Controller]) -> None:
    """Play ``game`` to the end of its current round: the turn in progress, the rest of
    its phase, the later phases and the Reconciliation ("Order of Play")."""
    play_to_round(game, controllers, game.table.round)


def table_score(game: Game, seat: int) -> float:
    """How good the table is for ``seat``, in points: +-1000 for a won or lost game, else
    (10 per Dominion controlled, 2 per Site, 0.5 per Magic of its characters, 0.5 per
    card in hand) minus the same for its best rival ("Object": five Dominions win)."""
    s = game.table
    if s.winner is not None:
        return 1000.0 if s.winner == seat else -1000.0
    if s.autarchs[seat].eliminated:
        return -1000.0

    def worth(k: int) -> float:
        a = s.autarchs[k]
        realm = a.realm
        masks = [dominion_mask(s.cards[e.site]) for e in realm.state]
        allies = sum(magic(s.cards[c]) for c in realm.allies())
        return (10 * dominion_count(masks, s.variant.border_counts_both) + 2 * len(masks)
                + 0.5 * allies + 0.5 * len(a.hand))

    rivals = [worth(a.seat) for a in s.autarchs if a.seat != seat and not a.eliminated]
    return worth(seat) - (max(rivals) if rivals else 0.0)


def evaluate(game: Game, seat: int) -> float:
    """:func:`table_score` squashed into [-1, 1] (a win 1, a loss -1) for the search."""
    return math.tanh(table_score(game, seat) / SCALE)


def playout(game: Game, seat: int, rounds: int = 0,
            controllers: Sequence[Controller] | None = None) -> float:
    """Finish the round of ``game`` by the quick rules (:func:`finish_round`), play
    ``rounds`` more, and return :func:`evaluate` for ``seat``. ``game`` is played on
    (pass a copy)."""
    if controllers is None:
        controllers = quick_table(len(game.table.autarchs))
    play_to_round(game, controllers, game.table.round + rounds)
    return evaluate(game, seat)
