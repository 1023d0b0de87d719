""""Phase 1: Coming of Order" (the leader, unpivoting, two draws each) and the
beginning and end of each Autarch's turn, with its "at the beginning/end of a turn"
effects.

Under rules revision 0 (:mod:`~..rules.revision`, games saved before issue 22) the
"at the beginning of a turn" effects took effect at the start of each Autarch's
Autarch-phase turn, after the unpivot and the draws, not in the Coming of Order.
"""

from __future__ import annotations

from deckbuilder.engine.game.core import (
    ALLY_PHASE,
    AUTARCH_PHASE,
    COMING_OF_ORDER,
    DRAWS_PER_ROUND,
    RECONCILIATION,
    GameCore,
    Turn,
)
from deckbuilder.engine.powers.turn_effects import BEGINNING, END, timed_effects
from deckbuilder.engine.rules import alliances
from deckbuilder.engine.rules.errors import EngineError, RuleError
from deckbuilder.engine.rules.setup import (
    next_leader,
)


class ComingOfOrder(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def coming_of_order(self) -> None:
        """Start a round ("Phase 1: Coming of Order"): set the leading Autarch; every
        card "at the beginning of a turn" takes effect (each Autarch's in turn order from
        the leader; ruling ``turn-effects``); then all cards unpivot and each Autarch
        draws two, in turn order."""
        s = self.table
        if s.over:
            raise RuleError("Object", "the game is over")
        if s.round > 0:
            s.leader = next_leader(len(s.autarchs), s.leader)
            while s.autarchs[s.leader].eliminated:
                s.leader = next_leader(len(s.autarchs), s.leader)
        s.round += 1
        s.phase = COMING_OF_ORDER
        self._say(f"{self._who(s.leader)} acts first; all cards unpivot.")
        if self.rules.beginning_effects_in_coming_of_order:
            for seat in s.seats_from(s.leader):
                self._timed_effects(seat, BEGINNING)
        s.pivoted.clear()
        for seat in s.seats_from(s.leader):
            drawn = [c for c in (self._draw(seat) for _ in range(DRAWS_PER_ROUND)) if c is not None]
            self._say(f"{self._who(seat)} draws {self._names(drawn)}.")

    def begin_turn(self, phase: str, seat: int) -> None:
        if phase not in (AUTARCH_PHASE, ALLY_PHASE, RECONCILIATION):
            raise EngineError(f"unknown phase {phase!r}")
        self.table.phase = phase
        self.turn = Turn(seat, phase)
        if phase == ALLY_PHASE:
            self.turn.allowance = alliances.AllowanceTracker(self.table.variant.prime_allowance)
        elif phase == AUTARCH_PHASE and not self.rules.beginning_effects_in_coming_of_order:
            self._timed_effects(seat, BEGINNING)  # rules revision 0 (module doc)

    def end_turn(self) -> None:
        t = self.turn
        if t is not None and t.phase == RECONCILIATION and not self.table.over:
            self._timed_effects(t.seat, END)
        self.turn = None

    def _cards_affecting(self, seat: int) -> list[int]:
        """Cards in play whose effects belong to ``seat``: its Realm (Allies and secured
        Sites), the permanents affecting it, and permanents it owns attached anywhere."""
        a = self.autarch(seat)
        cards = a.realm.allies() + [e.site for e in a.realm.state] + a.effects
        owners = self.table.owners
        for perms in self.table.attached.values():
            cards += [p for p in perms if owners[p] == seat]
        return cards

    def _timed_effects(self, seat: int, when: str) -> None:
        """"At the beginning/end of a turn" effects of ``seat``'s cards (ruling
        ``turn-effects``): beginning in the Coming of Order, end at its Reconciliation
        turn."""
        if not self._any_timed:
            return
        for card in self._cards_affecting(seat):
            for w, draws, text in timed_effects(self.record(card)):
                if w != when:
                    continue
                if draws is None:
                    done = self.resolve_timed(card, seat, text)
                    said = done if done is not None else f"{text} (not modelled by the engine)"
                    self._say(f"{self.name(card)}: at the {when} of a turn, {said}.")
                    continue
                drawn = [c for c in (self._draw(seat) for _ in range(draws)) if c is not None]
                self._say(f"{self.name(card)}: at the {when} of a turn, {self._who(seat)}"
                          f" draws {self._names(drawn)}.")
