"""Exact draw probabilities: multivariate hypergeometric, integer arithmetic only.

Assumptions (the goldfish setup, "Game Setup"): five of the deck's Sites went to the
Circle (the ones :func:`~.policy.choose_circle_sites` places), so the opening hand of
five comes from a Destiny of the other cards (55 for a 60-card deck). Draws are
counted at each Coming of Order, two per round starting in round 1, so by the end of
round ``r``'s Coming of Order ``5 + 2r`` cards have been drawn ("Phase 1: Coming of
Order"). Replacement draws for revealed Sites are NOT counted (with them, the true
chances are a little higher). Round 0 means the opening hand.

With ``reshuffle=True``, a first hand with no Character is revealed and reshuffled
into the Destiny for a final five, once ("Game Setup"); the Autarch always takes it.

Every answer is an exact :class:`fractions.Fraction` computed from ``math.comb``
integers (no floating point, no scipy); a query takes tens of microseconds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from card_db.records import CardRecord, CardType
from deckbuilder.engine.rules.errors import DestinyTooSmallError, EngineError
from deckbuilder.engine.rules.setup import OPENING_HAND
from deckbuilder.engine.simulation.deck import SITE, EngineDeck
from deckbuilder.engine.simulation.policy import choose_circle_sites

DRAWS_PER_ROUND = 2


def _at_least(k: int, draws: int, good: int, population: int) -> int:
    """Number of ``draws``-subsets of ``population`` with at least ``k`` of ``good``."""
    if k <= 0:
        return comb(population, draws)
    bad = population - good
    return sum(comb(good, i) * comb(bad, draws - i) for i in range(k, min(good, draws) + 1))


def cards_seen(round_: int, hand: int = OPENING_HAND, per_round: int = DRAWS_PER_ROUND) -> int:
    """Cards drawn by round ``round_`` (0 = the opening hand), replacements not counted."""
    if round_ < 0:
        raise EngineError("round must be >= 0")
    return hand + per_round * round_


def p_at_least_counts(
    k: int,
    round_: int,
    population: int,
    matching_characters: int,
    matching_others: int,
    characters: int,
    reshuffle: bool = True,
    hand: int = OPENING_HAND,
    per_round: int = DRAWS_PER_ROUND,
) -> Fraction:
    """P(at least ``k`` matching cards among those drawn by round ``round_``).

    The Destiny has ``population`` cards: ``characters`` Characters, of which
    ``matching_characters`` match, and ``matching_others`` matching non-Characters.
    Categories: A matching Characters, B other Characters, C matching others, D the rest.
    The reshuffle happens when the first hand has no Character (no A and no B).
    Raises :class:`~deckbuilder.engine.rules.errors.DestinyTooSmallError` if more cards are
    drawn than the Destiny holds.
    """
    n = cards_seen(round_, hand, per_round)
    a, b, c = matching_characters, characters - matching_characters, matching_others
    d = population - a - b - c
    if min(a, b, c, d) < 0:
        raise EngineError("category counts do not fit the population")
    if n > population:
        raise DestinyTooSmallError(n, population)
    matches = a + c
    m = n - hand
    rest = population - hand
    total_first = comb(population, hand)
    denominator = total_first * comb(rest, m)
    numerator = 0
    reshuffled_ways = 0
    for xa in range(min(a, hand) + 1):
        for xb in range(min(b, hand - xa) + 1):
            for xc in range(min(c, hand - xa - xb) + 1):
                xd = hand - xa - xb - xc
                if xd > d:
                    continue
                ways = comb(a, xa) * comb(b, xb) * comb(c, xc) * comb(d, xd)
                if reshuffle and xa + xb == 0:
                    reshuffled_ways += ways
                else:
                    got = xa + xc
                    numerator += ways * _at_least(k - got, m, matches - got, rest)
    p = Fraction(numerator, denominator)
    if reshuffled_ways:
        # After the reshuffle the final hand and later draws are a fresh n-card sample.
        fresh = Fraction(_at_least(k, n, matches, population), comb(population, n))
        p += Fraction(reshuffled_ways, total_first) * fresh
    return p


@dataclass(frozen=True, slots=True)
class DestinyProfile:
    """The Destiny after the goldfish setup: its records (one per copy)."""

    cards: tuple[CardRecord, ...]

    @classmethod
    def from_deck(cls, records: Sequence[CardRecord]) -> DestinyProfile:
        """Remove the five setup Sites chosen by the goldfish policy. If the deck cannot
        set up (no Site for some Dominion), five Sites are still removed if it has them,
        else every Site: the assumption is only about the Destiny's size."""
        deck = EngineDeck.from_records(records)
        try:
            placed = set(choose_circle_sites(deck))
        except ValueError:
            sites = [i for i, t in enumerate(deck.ctype) if t == SITE]
            placed = set(sites[:OPENING_HAND])
        return cls(tuple(r for i, r in enumerate(records) if i not in placed))

    def p_at_least(
        self,
        predicate: Callable[[CardRecord], bool],
        k: int = 1,
        round_: int = 0,
        reshuffle: bool = True,
    ) -> Fraction:
        """P(at least ``k`` cards matching ``predicate`` drawn by round ``round_``)."""
        chars = [r for r in self.cards if r.card_type is CardType.CHARACTER]
        matching_chars = sum(1 for r in chars if predicate(r))
        matching_others = sum(
            1 for r in self.cards if r.card_type is not CardType.CHARACTER and predicate(r)
        )
        return p_at_least_counts(
            k, round_, len(self.cards), matching_chars, matching_others, len(chars), reshuffle
        )

    def max_round(self) -> int:
        """The last round whose draws the Destiny can still supply."""
        return max(0, (len(self.cards) - OPENING_HAND) // DRAWS_PER_ROUND)


def is_character(r: CardRecord) -> bool:
    return r.card_type is CardType.CHARACTER


def is_cheap_character(r: CardRecord, allowance: int = 7) -> bool:
    """A Character that fits the Prime allowance (Prime 7 or less by default)."""
    return r.card_type is CardType.CHARACTER and (r.prime or 0) <= allowance


def is_maestro(r: CardRecord) -> bool:
    return r.card_type is CardType.CHARACTER and r.has_affiliation("Maestro")


def p_character_opening(profile: DestinyProfile, reshuffle: bool) -> Fraction:
    """P(at least one Character in the (final) opening hand)."""
    return profile.p_at_least(is_character, 1, 0, reshuffle)


def odds_report(records: Sequence[CardRecord], rounds: int = 10) -> dict:
    """The ``deckbuilder odds --json`` object: opening-hand chances and by-round tables
    (rounds 0..``rounds``, capped by the Destiny's size) as floats, with the reshuffle."""
    profile = DestinyProfile.from_deck(records)
    last = min(rounds, profile.max_round())
    characters = sum(1 for r in profile.cards if is_character(r))

    def table(pred, k=1):
        return {str(r): float(profile.p_at_least(pred, k, r)) for r in range(last + 1)}

    return {
        "destiny_size": len(profile.cards),
        "characters_in_destiny": characters,
        "assumptions": (
            "goldfish setup: five Sites in the Circle, opening hand of 5 from the rest;"
            " 2 draws per Coming of Order from round 1; replacement draws for revealed"
            " Sites not counted; the reshuffle is taken whenever the first hand has no"
            " Character (tables)"
        ),
        "p_character_opening": float(p_character_opening(profile, False)),
        "p_character_opening_with_reshuffle": float(p_character_opening(profile, True)),
        "p_at_least_1_character_by_round": table(is_character),
        "p_at_least_2_characters_by_round": table(is_character, 2),
        "p_at_least_3_characters_by_round": table(is_character, 3),
        "p_character_prime_7_or_less_by_round": table(is_cheap_character),
        "p_maestro_by_round": table(is_maestro),
    }
