"""One goldfish game on the full engine, replayable step by step with a readable log.

:class:`GoldfishGame` drives :class:`~.game.Game` with :class:`~.autopilot.GoldfishAutopilot`.
Statistics over many games use the fast path instead (:mod:`.goldfish`, :mod:`.fastpath`),
which tests show gives identical results; this module is imported only where a game is
shown or replayed, because the full engine takes about 85 ms to import.

Sources: rulebook "Game Setup", "Order of Play", "Phase 4: The Reconciliation",
"Exhausted Destiny"; the policy is in :mod:`.policy`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from card_db.records import CardRecord
from deckbuilder.engine.controllers.autopilot import GoldfishAutopilot
from deckbuilder.engine.game import RECONCILIATION, Game
from deckbuilder.engine.game.order_of_play import Step, play
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.record_cache import per_record
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import CHARACTER, EngineDeck
from deckbuilder.engine.simulation.goldfish_result import DEFAULT_ROUNDS, GoldfishResult
from deckbuilder.engine.simulation.stalls import stall_reason
from deckbuilder.engine.simulation.trace import RoundTrace, sites_by_dominion


@per_record
def _deck_of(records: tuple[CardRecord, ...]) -> EngineDeck:
    """One :class:`EngineDeck` per tuple of records (so its setup plan is cached too)."""
    return EngineDeck.from_records(records)


def _as_deck(deck: EngineDeck | Sequence[CardRecord]) -> EngineDeck:
    if isinstance(deck, EngineDeck):
        return deck
    return _deck_of(deck) if isinstance(deck, tuple) else EngineDeck.from_records(deck)


class GoldfishGame:
    """One goldfish game on the full engine, replayable step by step.

    Iterate :meth:`steps` for :class:`~.order_of_play.Step` objects (each with its log
    lines), or call :meth:`run` for the :class:`GoldfishResult`. :attr:`log` holds every
    readable line so far; :attr:`game` is the live :class:`~.game.Game`.
    """

    def __init__(
        self,
        deck: EngineDeck | Sequence[CardRecord],
        seed: int,
        rounds: int = DEFAULT_ROUNDS,
        variant: Variant | None = None,
        trace: bool = False,
    ):
        if rounds < 1:
            raise EngineError("rounds must be >= 1")
        self.deck = _as_deck(deck)
        self.seed = seed
        self.rounds = rounds
        self.variant = variant or Variant()
        self.game = Game([self.deck.records], seed=seed, variant=self.variant, names=["Autarch"])
        self.autopilot = GoldfishAutopilot(self.deck, self.variant)
        self._allies: list[int] = []
        self._sites: list[int] = []
        self._result: GoldfishResult | None = None
        self._started = False
        #: One :class:`~.trace.RoundTrace` per round played, if ``trace`` was asked for.
        self.trace: list[RoundTrace] | None = [] if trace else None

    @property
    def log(self) -> list[str]:
        return self.game.log

    def steps(self) -> Iterator[Step]:
        """Play the game, yielding each step. Can be consumed once."""
        if self._started:
            raise RuntimeError("a goldfish game can be played once; make a new one to replay")
        self._started = True
        for step in play(self.game, [self.autopilot], self.rounds):
            if step.seat is None and step.phase == RECONCILIATION:
                self._allies.append(self.game.established[0])
                self._sites.append(len(self.game.autarch(0).realm.state))
                if self.trace is not None:
                    self._record_trace()
            yield step
        self._result = self._finish()

    def _record_trace(self) -> None:
        a = self.game.autarch(0)
        masks = [self.deck.dmask[e.site] for e in a.realm.state]
        self.trace.append(RoundTrace(self.game.table.round, len(a.hand), self._allies[-1],
                                     sites_by_dominion(masks), len(a.destiny)))

    def run(self) -> GoldfishResult:
        """Play to the end (if not done) and return the result."""
        if self._result is None:
            for _ in self.steps():
                pass
        assert self._result is not None
        return self._result

    def _finish(self) -> GoldfishResult:
        s = self.game.table
        a = s.autarchs[0]
        won = s.winner == 0
        allies = self._allies + [self._allies[-1] if self._allies else 0] * (
            self.rounds - len(self._allies)
        )
        sites = self._sites + [self._sites[-1] if self._sites else 0] * (
            self.rounds - len(self._sites)
        )
        reason = None
        if not won:
            deck = self.deck
            reason = stall_reason(
                [deck.dmask[c] for c in s.circle],
                [deck.dmask[e.site] for e in a.realm.state],
                len(a.realm.active) + len(a.realm.reserve),
                sum(1 for c in a.hand if deck.ctype[c] == CHARACTER),
                self.variant,
            )
        return GoldfishResult(
            seed=self.seed,
            rounds=self.rounds,
            win_round=s.round if won else None,
            reshuffled=a.reshuffled,
            allies_by_round=tuple(allies),
            sites_by_round=tuple(sites),
            stall_reason=reason,
            destiny_exhausted=a.eliminated,
        )
