"""Establishing alliances: bringing Characters from hand into the Reserve.

Sources: rulebook "Phase 3: Ally Phase / Establishing alliances" (a Prime allowance of
7 per turn; or ALWAYS exactly one Ally of any Prime from the Dominion of a controlled
Site, and then no other alliance that turn; no duplicates of unique characters in
play), "Some Special Traits: Allies for -N if..." (the Prime is reduced when the card
is brought into play if the condition holds; traits on characters are not cumulative,
so only the largest met reduction applies), "Unique Cards", "Shorter Games" (the
allowance is an agreed parameter).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from card_db.names import fold_name, refers_to
from card_db.records import CardRecord, CardType
from deckbuilder.engine.rules.cards import dominion_mask, is_female, is_male, prime
from deckbuilder.engine.rules.errors import RuleError

SECTION = "Establishing alliances"


def condition_met_by(kind: str, target: str, record: CardRecord) -> bool:
    """True if controlling ``record`` meets an "Allies for -N if" condition.

    ``kind``/``target`` as parsed by :mod:`card_db.abilities`: "gender" (female/male),
    "affiliation", "card" (a named card is controlled); "text" conditions are not
    modelled and are never met.
    """
    if record.card_type is not CardType.CHARACTER:
        return False
    if kind == "gender":
        return is_female(record) if target == "female" else is_male(record)
    if kind == "affiliation":
        return record.has_affiliation(target)
    if kind == "card":
        return refers_to(target, record.name)
    return False


def effective_prime(record: CardRecord, controlled: Sequence[CardRecord]) -> int:
    """Prime of ``record`` when brought into play by an Autarch controlling the
    characters ``controlled`` (never below 0)."""
    best = 0
    for a in record.abilities:
        if a.kind == "allies_for" and a.amount < best:
            if any(condition_met_by(a.target_kind, a.target, c) for c in controlled):
                best = a.amount
    return max(0, prime(record) + best)


@dataclass(slots=True)
class AllowanceTracker:
    """What an Autarch has established in the current turn."""

    allowance: int
    spent: int = 0
    count: int = 0
    exception_used: bool = False


def check_and_spend(
    record: CardRecord,
    controlled: Sequence[CardRecord],
    tracker: AllowanceTracker,
    controlled_site_mask: int,
    unique_names_in_play: Collection[str],
    use_exception: bool,
) -> int:
    """Validate establishing ``record`` now and record it in ``tracker``.

    Returns the Prime counted. Raises :class:`RuleError` if the card is not a
    Character, duplicates a unique card in play, exceeds the allowance, or breaks the
    exception's "no other alliances" rule.
    """
    if record.card_type is not CardType.CHARACTER:
        raise RuleError(SECTION, f"{record.name} is not a Character")
    if record.unique and fold_name(record.name) in unique_names_in_play:
        raise RuleError("Unique Cards", f"a duplicate of {record.name} is already in play")
    if tracker.exception_used:
        raise RuleError(
            SECTION, "an Ally was brought in from a controlled Site's Dominion; no other alliance"
        )
    p = effective_prime(record, controlled)
    if use_exception:
        if tracker.count:
            raise RuleError(SECTION, "the controlled-Dominion exception brings exactly one Ally")
        if not dominion_mask(record) & controlled_site_mask:
            raise RuleError(
                SECTION, f"{record.name} is not from the Dominion of a Site the Autarch controls"
            )
        tracker.exception_used = True
        tracker.count = 1
        return p
    if tracker.spent + p > tracker.allowance:
        raise RuleError(
            SECTION,
            f"{record.name} (Prime {p}) would bring the total to {tracker.spent + p},"
            f" over the allowance of {tracker.allowance}",
        )
    tracker.spent += p
    tracker.count += 1
    return p
