"""Deck statistics: type and Dominion counts, the Prime curve, Magic and Strength, how
many Characters it takes to secure the deck's Sites, and the permanent/instant split.

All figures count copies in the main deck. Definitions:

* ``by_type``: copies per card type, all eight types in the rulebook's order ("Types
  of Cards").
* ``by_dominion``: copies per Home Dominion, keys ``"1"``..``"5"`` and ``"none"``
  (Oviates and other cards without a Home Dominion). A Border Site is listed under
  *both* of its Dominions, as it counts for both in play ("Border Sites and
  Adjacency"), so these counts add up to more than the deck size by the number of
  Border Site copies.
* ``prime_curve``: Character copies per Prime value, ascending.
* ``magic_total`` / ``magic_average`` and ``strength_total`` / ``strength_average``:
  over Character copies with a known value (``None`` average if there are none).
* Securing a Site ("Securing the Site"): influence is the total Magic of the seizing
  Allies, and the Site is secured when "the influence is equal to or greater than the
  target Site's resistance" (the Seizing Sites summary says "exceeds"; the main text is
  followed here). With the deck's mean Character Magic *m*, a Site of Resistance *R*
  takes ``max(1, ceil(R / m))`` Characters (one at least, since a Site is seized by
  Allies). ``characters_to_secure`` is that figure for the mean Resistance of the
  deck's Site copies; ``sites`` gives it per Site. Card powers ("+N versus", "may
  hold alone", influence maneuvers) are not counted. ``None`` when the deck has no
  Site with a Resistance or its Characters' mean Magic is 0 or unknown.
* ``permanent`` / ``instant``: copies by the permanent flag ("Permanents and
  Instants"; Sites and Characters are always permanent).
* ``estimated``: for each figure above, the cards whose characteristic feeding it is an
  estimated value, not a printed one, so a display can mark the figure.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field

from card_db.catalogue import Catalogue
from card_db.records import DOMINIONS, CardRecord, CardType
from deckbuilder.deck.decklist import MAIN, DeckList
from deckbuilder.deck.resolve import resolve_deck


@dataclass(frozen=True)
class SiteSecuring:
    """One Site of the deck: its copies, Resistance and the Characters of mean Magic it
    takes to secure it (``None`` if unknown)."""

    name: str
    copies: int
    resistance: int | None
    characters: int | None
    estimated: bool


@dataclass
class DeckStats:
    """Statistics of one main deck; see the module docstring for each figure."""

    card_count: int
    by_type: dict[str, int]
    by_dominion: dict[str, int]
    prime_curve: dict[int, int]
    characters: int
    magic_total: int
    magic_average: float | None
    strength_total: int
    strength_average: float | None
    mean_resistance: float | None
    characters_to_secure: int | None
    sites: list[SiteSecuring]
    permanent: int
    instant: int
    estimated: dict[str, list[str]] = field(default_factory=dict)

    def to_dict(self) -> dict:
        """A JSON-ready dict (Prime curve keys become strings)."""
        data = asdict(self)
        data["prime_curve"] = {str(k): v for k, v in self.prime_curve.items()}
        return data


def characters_to_secure(resistance: float, mean_magic: float | None) -> int | None:
    """Characters of Magic ``mean_magic`` needed for influence >= ``resistance``; at least 1.

    ``None`` if ``mean_magic`` is ``None`` or not positive.
    """
    if mean_magic is None or mean_magic <= 0:
        return None
    return max(1, math.ceil(resistance / mean_magic - 1e-9))


def _mean(total: float, n: int) -> float | None:
    return total / n if n else None


def deck_stats(deck: DeckList, catalogue: Catalogue) -> DeckStats:
    """Compute :class:`DeckStats` for ``deck``'s main deck.

    Raises :class:`deckbuilder.deck.resolve.UnknownCardsError` for unknown names.
    """
    resolved = resolve_deck(deck, catalogue)
    cards: list[tuple[CardRecord, int]] = [
        (catalogue.resolve(name), count) for name, count in resolved.zone(MAIN)
    ]
    return stats_of(cards)


def stats_of(cards: list[tuple[CardRecord, int]]) -> DeckStats:
    """:class:`DeckStats` from ``(record, copies)`` pairs (no name look-up)."""
    estimated: dict[str, list[str]] = {
        k: []
        for k in (
            "by_type", "by_dominion", "prime_curve", "magic", "strength",
            "resistance", "permanent",
        )
    }

    def mark(key: str, record: CardRecord, field_name: str) -> None:
        if record.is_estimated(field_name) and record.name not in estimated[key]:
            estimated[key].append(record.name)

    by_type = {t.value: 0 for t in CardType}
    by_dominion = {str(d): 0 for d in DOMINIONS} | {"none": 0}
    prime_curve: dict[int, int] = {}
    n_characters = magic_total = magic_n = strength_total = strength_n = 0
    permanent = instant = 0
    site_rows: list[tuple[CardRecord, int]] = []

    for record, count in cards:
        by_type[record.card_type.value] += count
        mark("by_type", record, "card_type")
        homes = [d for d in record.dominions if d in DOMINIONS]
        for d in homes:
            by_dominion[str(d)] += count
        if not homes:
            by_dominion["none"] += count
        mark("by_dominion", record, "dominions")
        if record.permanent:
            permanent += count
        else:
            instant += count
        mark("permanent", record, "permanent")
        if record.card_type is CardType.CHARACTER:
            n_characters += count
            if record.prime is not None:
                prime_curve[record.prime] = prime_curve.get(record.prime, 0) + count
                mark("prime_curve", record, "prime")
            if record.magic is not None:
                magic_total += record.magic * count
                magic_n += count
                mark("magic", record, "magic")
            if record.strength is not None:
                strength_total += record.strength * count
                strength_n += count
                mark("strength", record, "strength")
        elif record.card_type is CardType.SITE:
            site_rows.append((record, count))

    magic_average = _mean(magic_total, magic_n)
    sites = []
    resistance_total = resistance_n = 0
    for record, count in site_rows:
        if record.resistance is not None:
            resistance_total += record.resistance * count
            resistance_n += count
            mark("resistance", record, "resistance")
        sites.append(
            SiteSecuring(
                name=record.name,
                copies=count,
                resistance=record.resistance,
                characters=(
                    None
                    if record.resistance is None
                    else characters_to_secure(record.resistance, magic_average)
                ),
                estimated=record.is_estimated("resistance"),
            )
        )
    mean_resistance = _mean(resistance_total, resistance_n)
    return DeckStats(
        card_count=sum(count for _, count in cards),
        by_type=by_type,
        by_dominion=by_dominion,
        prime_curve=dict(sorted(prime_curve.items())),
        characters=n_characters,
        magic_total=magic_total,
        magic_average=magic_average,
        strength_total=strength_total,
        strength_average=_mean(strength_total, strength_n),
        mean_resistance=mean_resistance,
        characters_to_secure=(
            None if mean_resistance is None
            else characters_to_secure(mean_resistance, magic_average)
        ),
        sites=sites,
        permanent=permanent,
        instant=instant,
        estimated=estimated,
    )
