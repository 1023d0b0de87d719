"""The Destiny: an Autarch's face-down draw pile ("Game Layout", "Game Setup").

The pile is kept uniformly shuffled and drawn lazily: each draw takes a uniformly
random remaining card (one step of a Fisher-Yates shuffle, consuming one number from
the game's generator). This has the same distribution as shuffling once and drawing
from the top, costs one random number per card actually drawn, and makes "reshuffle
the hand into the deck" (``shuffle_in``) exact with no extra work. Card effects that
put a card on top of the Destiny are not modelled, so no card's position is ever
known in advance.

The fast goldfish path (:mod:`.fastpath`) draws with exactly the same arithmetic:
``j = int(random() * len(pile))``, take ``pile[j]``, move the last card into slot
``j``. Tests check that both give the same cards for the same seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterable


class Destiny:
    """A shuffled draw pile of card ids.

    ``cards`` is the pile's content in storage order (meaningless as a play order).
    ``exhausted`` becomes True when the last card is drawn ("Exhausted Destiny").
    """

    __slots__ = ("cards", "exhausted", "_random")

    def __init__(self, cards: Iterable[int], rng: random.Random):
        self.cards: list[int] = list(cards)
        self.exhausted = False
        self._random = rng.random

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self) -> int | None:
        """Draw one card; ``None`` if the Destiny is empty (nothing is drawn)."""
        cards = self.cards
        n = len(cards)
        if n == 0:
            return None
        j = int(self._random() * n)
        card = cards[j]
        cards[j] = cards[-1]
        cards.pop()
        if n == 1:
            self.exhausted = True
        return card

    def shuffle_in(self, cards: Iterable[int]) -> None:
        """Return cards to the Destiny and shuffle (the pile stays uniformly shuffled)."""
        self.cards.extend(cards)
