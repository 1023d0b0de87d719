""""Phase 4: The Reconciliation": moving reserves forward, victory, "Exhausted
Destiny" and the end of "until end of round" effects.
"""

from __future__ import annotations

from deckbuilder.engine.game.core import (
    RECONCILIATION,
    GameCore,
)
from deckbuilder.engine.powers.card_effects import (
    STAY_IN_RESERVE,
)
from deckbuilder.engine.rules.cards import (
    dominion_mask,
)
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.victory import decide_winner, has_victory


class Reconciliation(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def move_forward(self, seat: int, ally: int) -> None:
        """Move an unpivoted reserve to the active area (Reconciliation)."""
        self._require_turn(seat, RECONCILIATION)
        realm = self.autarch(seat).realm
        if ally not in realm.reserve:
            raise RuleError("Phase 4: The Reconciliation", f"{self.name(ally)} is not a reserve")
        if ally in self.table.pivoted:
            raise RuleError("Pivoted Cards", "pivoted characters may not move forward")
        if self.restricted(ally, STAY_IN_RESERVE):
            raise RuleError("Phase 4: The Reconciliation", f"{self.name(ally)} must remain in"
                            " the Reserve")
        realm.reserve.remove(ally)
        realm.active.append(ally)
        self._say(f"{self.name(ally)} moves forward to the active area.")

    def unpivoted_site_masks(self, seat: int) -> list[int]:
        return [
            dominion_mask(self.record(e.site))
            for e in self.autarch(seat).realm.state
            if e.site not in self.table.pivoted
        ]

    def reconcile(self) -> int | None:
        """End of the Reconciliation: victory ("Phase 4: The Reconciliation"), then
        Exhausted Destiny, then "until end of round" effects end. Returns the winner."""
        s = self.table
        s.phase = RECONCILIATION
        qualifying = {}
        for a in s.autarchs:
            if a.eliminated:
                continue
            masks = self.unpivoted_site_masks(a.seat)
            if has_victory(masks, s.variant):
                qualifying[a.seat] = len(masks)
        winner = decide_winner(qualifying)
        if winner is not None:
            s.winner = winner
            s.over = True
            self._say(f"{self._who(winner)} controls unpivoted Sites of the Dominions needed"
                      " and wins.")
        elif len(qualifying) > 1:
            self._say("Several Autarchs qualify with as many unpivoted Sites: no winner yet.")
        if not s.over:
            self._remove_exhausted()
        lapsed = bool(s.resistance_mods or s.magic_mods or s.gained)
        s.resistance_mods.clear()
        s.magic_mods.clear()
        s.strength_mods.clear()
        s.unapplied.clear()  # manual adjustments for them end with the round
        if s.gained:
            s.gained.clear()
            self.refresh_altered()
        if lapsed and not s.over:
            self._recheck_holders()
        return s.winner

    def _recheck_holders(self) -> None:
        """When "until end of round" effects lapse, a Site whose Holders no longer have
        the influence to secure it becomes uncontrolled ("Securing the Site": Holders
        "MAY be targeted by cards which might adjust the influence enough to make the
        Site unsecured"; "Losing Controlled Sites")."""
        for a in self.table.autarchs:
            for entry in list(a.realm.state):
                if not self.is_held(entry):
                    self._say(f"The round's effects end: {self.name(entry.site)}'s Holders lack"
                              " the influence to hold it.")
                    self.lose_site(a.seat, entry.site)

    def _remove_exhausted(self) -> None:
        """"Exhausted Destiny" for every Autarch whose Destiny ran out this round, all at
        once (ruling ``exhausted-together``): when that is every Autarch still in the
        game, the game ends without a winner."""
        s = self.table
        exhausted = [a.seat for a in s.autarchs if not a.eliminated and a.destiny.exhausted]
        remaining = [a.seat for a in s.autarchs if not a.eliminated]
        if exhausted and len(exhausted) == len(remaining):
            for seat in exhausted:
                self.autarch(seat).eliminated = True
            s.over = True
            self._say("Every remaining Autarch drew the last card of the Destiny without"
                      " victory: the game ends with no winner.")
            return
        for seat in exhausted:
            self._eliminate(seat)

    def _eliminate(self, seat: int) -> None:
        """"Exhausted Destiny": the Autarch is removed from the game."""
        s = self.table
        a = self.autarch(seat)
        a.eliminated = True
        self._say(f"{a.name} drew the last card of the Destiny without victory and is"
                  " removed from the game.")
        remaining = [x.seat for x in s.autarchs if not x.eliminated]
        # ruling ``last-autarch-wins``; before rules revision 1, a two-player game only
        wins_alone = len(s.autarchs) >= 2 if self.rules.last_autarch_wins else len(
            s.autarchs) == 2
        if wins_alone and len(remaining) == 1:
            s.winner = remaining[0]
            s.over = True
            self._say(f"{self._who(remaining[0])} wins automatically.")
            return
        if not remaining:
            s.over = True
            return
        for ally in list(a.realm.active) + list(a.realm.reserve) + a.realm.holders():
            if s.owners[ally] == seat:
                self.discard(ally)
