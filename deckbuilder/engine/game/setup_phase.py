""""Game Setup": separating the Sites, placing five to the Circle in turn, the opening
hands and the one reshuffle of a hand with no Character.
"""

from __future__ import annotations

from card_db.names import fold_name
from deckbuilder.engine.game.core import (
    COMING_OF_ORDER,
    SETUP,
    GameCore,
)
from deckbuilder.engine.rules.cards import (
    describe,
    is_character,
    is_site,
)
from deckbuilder.engine.rules.errors import EngineError, RuleError
from deckbuilder.engine.rules.setup import (
    OPENING_HAND,
    first_round_leader,
    placement_order,
)


class SetupPhase(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def begin_setup(self, first: int = 0) -> None:
        """Separate every Autarch's Sites from its deck ("Game Setup"). ``first``: the
        seat that places the first Site (the rulebook suggests Rock-Scissors-Paper)."""
        s = self.table
        if not 0 <= first < len(s.autarchs):
            raise EngineError(f"no seat {first}")
        s.setup_first = first
        s.phase = SETUP
        for a in s.autarchs:
            sites = [c for c in a.destiny.cards if is_site(self.record(c))]
            keep = [c for c in a.destiny.cards if not is_site(self.record(c))]
            a.destiny.cards[:] = keep
            a.set_aside.extend(sites)
        self._placements = placement_order(len(s.autarchs), first)
        self._say(f"Sites separated from the decks; {self._who(first)} places first.")

    def next_placement(self) -> tuple[int, int] | None:
        """``(seat, Dominion)`` of the next setup placement, or ``None`` when done."""
        done = len(self.table.circle)
        return self._placements[done] if done < len(self._placements) else None

    def place_setup_site(self, seat: int, site: int) -> None:
        """Place ``site`` to the Circle as the next setup Site (it must stand for the
        Dominion whose turn it is; a Border Site may stand for either of its own)."""
        nxt = self.next_placement()
        if self.table.phase != SETUP or nxt is None:
            raise RuleError(SETUP, "no Site placement is due")
        want_seat, dominion = nxt
        a = self.autarch(seat)
        if seat != want_seat:
            raise RuleError(SETUP, f"{self._who(want_seat)} places the next Site")
        if site not in a.set_aside:
            raise RuleError(SETUP, f"{self.name(site)} is not among {a.name}'s separated Sites")
        rec = self.record(site)
        if dominion not in rec.dominions:
            raise RuleError(SETUP, f"{rec.name} is not a Site of Dominion {dominion}")
        if rec.unique and fold_name(rec.name) in self.unique_names_in_play():
            raise RuleError("Unique Cards", f"{rec.name} is already in play")
        a.set_aside.remove(site)
        self.table.circle.append(site)
        self._say(f"{a.name} places {describe(rec)} to the Circle for Dominion {dominion}.")

    def finish_placements(self) -> None:
        """Return the remaining Sites to the decks, shuffle, and draw five cards each."""
        if self.next_placement() is not None:
            raise RuleError(SETUP, "five Sites must be placed first")
        for seat in range(len(self.table.autarchs)):
            a = self.autarch(seat)
            a.destiny.shuffle_in(a.set_aside)
            a.set_aside.clear()
            for _ in range(OPENING_HAND):
                self._draw(seat)
            self._say(f"{a.name} draws {self._names(a.hand)}.")

    def may_reshuffle(self, seat: int) -> bool:
        a = self.autarch(seat)
        return (
            self.table.phase == SETUP
            and not a.reshuffled
            and not any(is_character(self.record(c)) for c in a.hand)
        )

    def reshuffle_hand(self, seat: int) -> None:
        """Reveal a hand with no Character, reshuffle it into the Destiny and draw a final
        five (once per game, "Game Setup")."""
        if not self.may_reshuffle(seat):
            raise RuleError(SETUP, "only a first hand with no Character may be reshuffled, once")
        a = self.autarch(seat)
        self._say(f"{a.name} reveals a hand with no Character ({self._names(a.hand)}) "
                  "and reshuffles it.")
        a.destiny.shuffle_in(a.hand)
        a.hand.clear()
        a.reshuffled = True
        for _ in range(OPENING_HAND):
            self._draw(seat)
        self._say(f"{a.name} draws a final hand: {self._names(a.hand)}.")

    def finish_setup(self) -> None:
        s = self.table
        s.leader = first_round_leader(len(s.autarchs), s.setup_first)
        s.phase = COMING_OF_ORDER
