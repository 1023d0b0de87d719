"""Sample hands: the opening five (with the reshuffle option), then draw on.

Same setup as the goldfish game and the odds ("Game Setup"): the five Sites the
goldfish policy places go to the Circle, the opening hand comes from the rest, and a
hand with no Character may be revealed and reshuffled once. Draws use the same
:class:`~.destiny.Destiny` as the engine, so a seed always deals the same cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from card_db.records import CardRecord, CardType
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.setup import OPENING_HAND
from deckbuilder.engine.simulation.deck import SITE, EngineDeck
from deckbuilder.engine.simulation.policy import choose_circle_sites
from deckbuilder.engine.table.destiny import Destiny
from deckbuilder.engine.table.rng import make_rng

DRAWS_PER_ROUND = 2


class SampleHand:
    """A dealt sample hand, reproducible by ``seed``.

    ``reshuffle``: "auto" reveals and reshuffles a first hand with no Character (the
    default, what a player would do), "never" keeps it. After :meth:`deal`,
    :attr:`circle` holds the setup Sites, :attr:`first_hand` the revealed hand if there
    was a reshuffle, :attr:`hand` the cards in hand, :attr:`draws` the cards drawn since,
    grouped per call (one group per :meth:`draw` or :meth:`draw_round`).
    """

    def __init__(self, records: Sequence[CardRecord], seed: int, reshuffle: str = "auto"):
        if reshuffle not in ("auto", "never"):
            raise EngineError("reshuffle must be 'auto' or 'never'")
        self.records = tuple(records)
        self.seed = seed
        self.reshuffle = reshuffle
        deck = EngineDeck.from_records(self.records)
        self.circle = list(choose_circle_sites(deck))
        placed = set(self.circle)
        order = [i for i, t in enumerate(deck.ctype) if t != SITE] + [
            i for i, t in enumerate(deck.ctype) if t == SITE and i not in placed
        ]
        self.destiny = Destiny(order, make_rng(seed))
        self.hand: list[int] = []
        self.first_hand: list[int] | None = None
        self.draws: list[list[int]] = []
        self.round = 0

    def _has_character(self, cards: Sequence[int]) -> bool:
        return any(self.records[c].card_type is CardType.CHARACTER for c in cards)

    def deal(self) -> list[int]:
        """Deal the opening five (and the final five after a reshuffle). Returns card
        indexes into the deck."""
        if self.hand or self.first_hand is not None:
            raise RuntimeError("already dealt")
        self.hand = [c for c in (self.destiny.draw() for _ in range(OPENING_HAND))
                     if c is not None]
        if self.reshuffle == "auto" and not self._has_character(self.hand):
            self.first_hand = self.hand
            self.destiny.shuffle_in(self.hand)
            self.hand = [c for c in (self.destiny.draw() for _ in range(OPENING_HAND))
                         if c is not None]
        return list(self.hand)

    def draw(self, count: int = 1) -> list[int]:
        """Draw ``count`` more cards one at a time (fewer if the Destiny runs out)."""
        got = [c for c in (self.destiny.draw() for _ in range(count)) if c is not None]
        self.hand += got
        self.draws.append(got)
        return got

    def draw_round(self) -> list[int]:
        """Draw a round's two cards (Coming of Order)."""
        self.round += 1
        return self.draw(DRAWS_PER_ROUND)

    def names(self, cards: Sequence[int]) -> list[str]:
        return [self.records[c].name for c in cards]

    def to_json(self) -> dict:
        """Plain JSON: seed, Circle, (first hand), opening hand and draws by round."""
        return {
            "seed": self.seed,
            "circle": self.names(self.circle),
            "reshuffled": self.first_hand is not None,
            "first_hand": self.names(self.first_hand) if self.first_hand is not None else None,
            "opening_hand": self.names(self.hand[:OPENING_HAND]),
            "draws_by_round": {str(i + 1): self.names(d) for i, d in enumerate(self.draws)},
        }
