"""A sample hand the player deals, may reshuffle once, and draws from (no Qt).

Built on :class:`deckbuilder.engine.simulation.hands.SampleHand`, so the setup is the engine's
("Game Setup"): the five Sites the goldfish policy places go to the Circle, five
cards are dealt from the rest. The hand is dealt *without* the reshuffle; the player
then decides: "If an Autarch draws no characters, this Autarch may reveal the hand and
reshuffle it into the deck, to draw a final hand of five cards" -- once, before any
other draw. Reshuffling deals the engine's ``reshuffle="auto"`` hand for the same
seed, which reveals exactly the hand shown and draws the final five.
"""

from __future__ import annotations

from collections.abc import Sequence

from card_db.errors import UserError
from card_db.records import CardRecord, CardType
from deckbuilder.engine.simulation.hands import SampleHand


class ReshuffleNotAllowed(UserError, ValueError):
    """The "Game Setup" reshuffle is not open: the hand has a Character, the hand was
    reshuffled already, or cards were drawn since the deal."""


class HandSession:
    """One dealt hand of ``records`` (one per copy of the main deck) under ``seed``.

    Raises ``ValueError`` from the engine if the deck cannot be set up (no Site of
    some Dominion for the Circle).
    """

    def __init__(self, records: Sequence[CardRecord], seed: int):
        self.records = tuple(records)
        self.seed = seed
        self.sample = SampleHand(self.records, seed, reshuffle="never")
        self.sample.deal()

    # -- reading -------------------------------------------------------------------------------

    def cards(self, ids: Sequence[int]) -> list[CardRecord]:
        return [self.records[i] for i in ids]

    @property
    def circle(self) -> list[CardRecord]:
        """The five Sites placed to the Circle at setup."""
        return self.cards(self.sample.circle)

    @property
    def opening(self) -> list[CardRecord]:
        """The (final) opening five."""
        return self.cards(self.sample.hand[: len(self.sample.hand) - self.drawn])

    @property
    def drawn_groups(self) -> list[list[CardRecord]]:
        """The cards drawn since the deal, one group per draw."""
        return [self.cards(group) for group in self.sample.draws]

    @property
    def drawn(self) -> int:
        return sum(len(group) for group in self.sample.draws)

    @property
    def hand(self) -> list[CardRecord]:
        """Every card in hand: the opening five, then the draws."""
        return self.cards(self.sample.hand)

    @property
    def revealed(self) -> list[CardRecord] | None:
        """The first hand, revealed and reshuffled (``None`` if it was kept)."""
        first = self.sample.first_hand
        return self.cards(first) if first is not None else None

    @property
    def destiny_left(self) -> int:
        return len(self.sample.destiny)

    def characters_in_hand(self) -> int:
        return sum(1 for r in self.hand if r.card_type is CardType.CHARACTER)

    @property
    def may_reshuffle(self) -> bool:
        """Whether the "Game Setup" reshuffle is open now."""
        return (self.sample.first_hand is None and not self.sample.draws
                and not any(r.card_type is CardType.CHARACTER for r in self.opening))

    # -- acting ----------------------------------------------------------------------------------

    def reshuffle(self) -> list[CardRecord]:
        """Reveal the hand, reshuffle it into the Destiny and draw a final five.

        Returns the final hand; raises :class:`ReshuffleNotAllowed` when not allowed.
        """
        if not self.may_reshuffle:
            if self.sample.first_hand is not None:
                raise ReshuffleNotAllowed("the hand was reshuffled already; only once")
            if self.sample.draws:
                raise ReshuffleNotAllowed("the reshuffle is only before the first draw")
            raise ReshuffleNotAllowed("the hand has a Character; only a hand with no "
                                      "Character may be reshuffled")
        shown = list(self.sample.hand)
        final = SampleHand(self.records, self.seed, reshuffle="auto")
        final.deal()
        if final.first_hand != shown:  # same seed, same Destiny: cannot happen
            raise RuntimeError("the reshuffle did not reveal the hand shown")
        self.sample = final
        return self.hand

    def draw(self) -> list[CardRecord]:
        """Draw the next card (none if the Destiny is empty)."""
        return self.cards(self.sample.draw(1))

    def draw_round(self) -> list[CardRecord]:
        """Draw a round's two cards ("Phase 1: Coming of Order")."""
        return self.cards(self.sample.draw_round())
