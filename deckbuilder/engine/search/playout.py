"""Short playouts: the rest of the round by the quick rules, cut off by an evaluation.

A playout continues an imagined table (a :mod:`.determinize` world) from wherever a
decision left it: the turn in progress is finished by its Autarch's quick rules
(:class:`~deckbuilder.engine.computer_autarch.ComputerAutarch`), then every other
Autarch's turns of the phase, the remaining phases of the round ("Order of Play") and
its Reconciliation, and ``rounds`` more whole rounds; then the table is scored by
:func:`evaluate`. Cutting a playout at the end of the round instead of playing to the
end of the game is what makes it quick: a game lasts about eleven rounds with the demo
decks, a playout about one (``benchmarks/bench_levels.py`` prints playouts per second
beside full games per second and the lean goldfish yardstick).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from deckbuilder.engine.cards import dominion_mask, magic
from deckbuilder.engine.computer_autarch import ComputerAutarch, seat_table
from deckbuilder.engine.game import ALLY_PHASE, AUTARCH_PHASE, RECONCILIATION, Game
from deckbuilder.engine.victory import dominion_count

PHASES = ((AUTARCH_PHASE, "autarch_turn"), (ALLY_PHASE, "ally_turn"),
          (RECONCILIATION, "reconciliation_turn"))
#: Score units per unit of tanh argument (10 per Dominion: see :func:`table_score`).
SCALE = 25.0


def quick_table(seats: int) -> list[ComputerAutarch]:
    """One quick-level controller per seat, joined (the playouts' Autarchs)."""
    return seat_table([ComputerAutarch() for _ in range(seats)])


def _drain(turns) -> None:
    for _ in turns:
        pass


def _turns(game: Game, controllers: Sequence[ComputerAutarch], phase: str, method: str,
           seats: Sequence[int]) -> None:
    for k in seats:
        if game.state.over:
            return
        if game.state.autarchs[k].eliminated:
            continue
        game.begin_turn(phase, k)
        _drain(getattr(controllers[k], method)(game, k))
        game.end_turn()


def finish_round(game: Game, controllers: Sequence[ComputerAutarch],
                 finish_turn: bool = True) -> None:
    """Play ``game`` (begun: past "Game Setup") to the end of its current round: the turn
    in progress (its Autarch's quick rules go on unless ``finish_turn`` is False: the
    turn ends now), the rest of its phase, the later phases and the Reconciliation."""
    s = game.state
    t = game.turn
    phase_index = 0
    if t is not None:
        phase_index = [p for p, _ in PHASES].index(t.phase)
        method = PHASES[phase_index][1]
        if finish_turn:
            _drain(getattr(controllers[t.seat], method)(game, t.seat))
        if s.over:
            return
        game.end_turn()
        order = s.seats_from(s.leader)
        _turns(game, controllers, t.phase, method, order[order.index(t.seat) + 1:])
        phase_index += 1
    for phase, method in PHASES[phase_index:]:
        _turns(game, controllers, phase, method, s.seats_from(s.leader))
    if not s.over:
        game.reconcile()


def play_rounds(game: Game, controllers: Sequence[ComputerAutarch], rounds: int) -> None:
    """Play up to ``rounds`` whole rounds (stopping when the game is over)."""
    for _ in range(rounds):
        if game.state.over:
            return
        game.coming_of_order()
        for phase, method in PHASES:
            _turns(game, controllers, phase, method, game.state.seats_from(game.state.leader))
        if not game.state.over:
            game.reconcile()


def table_score(game: Game, seat: int) -> float:
    """How good the table is for ``seat``, in points: +-1000 for a won or lost game, else
    (10 per Dominion controlled, 2 per Site, 0.5 per Magic of its characters, 0.5 per
    card in hand) minus the same for its best rival ("Object": five Dominions win)."""
    s = game.state
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
            controllers: Sequence[ComputerAutarch] | None = None,
            finish_turn: bool = True) -> float:
    """Finish the round of ``game`` by the quick rules (:func:`finish_round`), play
    ``rounds`` more, and return :func:`evaluate` for ``seat``. ``game`` is played on
    (pass a copy)."""
    if controllers is None:
        controllers = quick_table(len(game.state.autarchs))
    if not game.state.over:
        finish_round(game, controllers, finish_turn)
        play_rounds(game, controllers, rounds)
    return evaluate(game, seat)
