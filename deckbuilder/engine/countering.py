"""Countering: "Counters P" powers, such as Little Ease's "Counters Amnesia".

Source: rulebook "Some Special Powers: Counter P" (countering negates the card or
action; it prevents the effect, not the pivot), "Timing and Countering" (a counter is
played after its target and before it resolves; a countered card is removed from
the cards to be resolved; the Little Ease example: unpivoted, he pivots to counter the
permanent Flash Amnesia played on Gentle, and Amnesia is discarded), "Card Powers,
Traits, and Special Rules" (activation powers on characters are used only while the
character is active and unpivoted).
"""

from __future__ import annotations

from card_db.names import refers_to
from card_db.records import CardRecord


def counters(counterer: CardRecord, played: CardRecord) -> bool:
    """True if ``counterer`` has a "Counters P" power naming ``played``."""
    return any(
        a.kind == "counters" and refers_to(a.target, played.name) for a in counterer.abilities
    )
