"""Challenge Rival's Ally, as a pure function of the sides.

Source: rulebook "Challenge Rival's Ally" and "Challenge Summary" (combat strength is
the total Strength of a side's involved characters plus bonuses; the higher total is
the victor and assigns damage equal to the difference, whole or in part, to any
involved characters; a character receiving more damage than its Strength goes to the
In Ovo; leftover damage is lost; challengers and the target pivot, defenders do not),
"Pivoted Cards" (pivoted characters do not participate, but a pivoted target still
adds its Strength), "Combat maneuvers" (bonuses, e.g. Sartori 7 + Pneuma 6 = 13),
"Some Special Traits: +N Versus X" (when X is in opposition, as challenger, target or
defender; traits on characters are not cumulative, so the largest one applies),
"Affiliations" (Vassal: cannot be challenged by characters with Prime below 5, except
Oviates; Aphrodyte: may defend while pivoted).

Ruling ``maneuver-strength`` (:mod:`.rulings`): "more damage than its Strength"
compares with the Strength characteristic (printed Strength plus lasting modifiers,
such as attached permanents, passed as ``strength_mod``), not with instant
combat-maneuver bonuses, which add to the side's combat strength only. Ruling
``versus-cumulative``: only the largest "+N Versus X" applies.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from card_db.names import refers_to
from card_db.records import CardRecord
from deckbuilder.engine.rules.cards import prime, strength
from deckbuilder.engine.rules.errors import EngineError


@dataclass(frozen=True, slots=True)
class Combatant:
    """A character involved in a challenge.

    ``maneuver_bonus``: Strength added to its side's combat strength by combat
    maneuvers played from it (e.g. Pneuma's +6). ``strength_mod``: lasting Strength
    modifiers, which also count toward surviving damage.
    """

    card: int
    record: CardRecord
    pivoted: bool = False
    maneuver_bonus: int = 0
    strength_mod: int = 0


def versus_bonus(record: CardRecord, opponents: Sequence[CardRecord]) -> int:
    """The "+N Versus X" bonus of ``record`` against ``opponents`` (largest one only)."""
    best: int | None = None
    for a in record.abilities:
        if a.kind != "versus":
            continue
        if a.target_kind == "affiliation":
            hit = any(o.has_affiliation(a.target) for o in opponents)
        else:
            hit = any(refers_to(a.target, o.name) for o in opponents)
        if hit and (best is None or a.amount > best):
            best = a.amount
    return best or 0


def can_challenge(challenger: CardRecord, target: CardRecord) -> bool:
    """"Affiliations: Vassal": a Vassal cannot be challenged by a character with a Prime
    below 5, unless that character is an Oviate ("Affiliations: Oviate")."""
    if target.has_affiliation("Vassal") and prime(challenger) < 5:
        return challenger.is_oviate
    return True


def counts_in_challenge(c: Combatant, is_target: bool) -> bool:
    """Whether ``c`` adds its Strength: unpivoted, or the target, or a pivoted Aphrodyte
    defender."""
    return not c.pivoted or is_target or c.record.has_affiliation("Aphrodyte")


def combat_strength(
    side: Sequence[Combatant], opponents: Sequence[Combatant], target: int | None = None
) -> int:
    """Combat strength of ``side`` against ``opponents``. ``target``: the card id of the
    challenged character if it is on this side."""
    opp_records = [o.record for o in opponents]
    total = 0
    for c in side:
        if not counts_in_challenge(c, c.card == target):
            continue
        total += (
            strength(c.record) + c.strength_mod + c.maneuver_bonus
            + versus_bonus(c.record, opp_records)
        )
    return total


@dataclass(frozen=True, slots=True)
class ChallengeResult:
    """``victor``: "challengers", "defenders" or ``None`` (equal strengths, no damage).
    ``damage_assigned``: card id -> damage; ``killed``: cards that go to the In Ovo;
    ``pivot``: challengers and the target (defenders do not pivot)."""

    challenger_strength: int
    defending_strength: int
    victor: str | None
    damage: int
    damage_assigned: dict[int, int]
    killed: tuple[int, ...]
    pivot: tuple[int, ...]


def toughness(c: Combatant, opponents: Sequence[Combatant] = ()) -> int:
    """The Strength that damage to ``c`` must exceed: its Strength with its lasting
    modifiers and its "+N Versus X" against ``opponents`` ("Some Special Traits: +N
    Versus X": "this character's strength is adjusted by N"). ``opponents`` empty: the
    Strength without it (rules revision 0, :mod:`.revision`)."""
    return (strength(c.record) + c.strength_mod
            + versus_bonus(c.record, [o.record for o in opponents]))


def default_assignment(damage: int, losers: Sequence[Combatant], target: int,
                       victors: Sequence[Combatant] = ()) -> dict[int, int]:
    """The victor's assignment when none is given: kill as many as possible, the target
    first if it can be killed, then the weakest; damage that kills no one is lost.
    ``victors``: the winning side, against which a loser's "+N Versus X" counts (none:
    it does not count)."""
    order = sorted(losers, key=lambda c: (c.card != target, toughness(c, victors)))
    out: dict[int, int] = {}
    left = damage
    for c in order:
        needed = max(0, toughness(c, victors) + 1)  # never negative damage
        if needed <= left:
            out[c.card] = needed
            left -= needed
    return out


def resolve_challenge(
    challengers: Sequence[Combatant],
    target: Combatant,
    defenders: Sequence[Combatant] = (),
    assignment: Mapping[int, int] | None = None,
    versus_raises_strength: bool = True,
) -> ChallengeResult:
    """Resolve a challenge of ``target`` by ``challengers``, with ``defenders``.

    ``assignment``: the victor's damage per card id (must total at most the damage and
    name only involved characters); default :func:`default_assignment`.
    ``versus_raises_strength`` False: rules revision 0 (:mod:`.revision`), where a
    character's "+N Versus X" counts in the combat total only, not in the Strength
    damage must exceed.
    Raises :class:`~.errors.EngineError` for an impossible assignment (a bug of the caller).
    """
    if not challengers:
        raise EngineError("a challenge names at least one challenger")
    defending = [target, *defenders]
    ours = combat_strength(challengers, defending)
    theirs = combat_strength(defending, challengers, target=target.card)
    pivot = tuple(c.card for c in challengers) + (target.card,)
    if ours == theirs:
        return ChallengeResult(ours, theirs, None, 0, {}, (), pivot)
    victor = "challengers" if ours > theirs else "defenders"
    damage = abs(ours - theirs)
    involved = {c.card: c for c in [*challengers, *defending]}
    losers = defending if victor == "challengers" else list(challengers)
    winners = list(challengers) if victor == "challengers" else defending
    if assignment is None:
        assignment = default_assignment(damage, losers, target.card,
                                        winners if versus_raises_strength else ())
    if sum(assignment.values()) > damage or any(v < 0 for v in assignment.values()):
        raise EngineError(f"damage assignment exceeds the damage of {damage}")
    unknown = [c for c in assignment if c not in involved]
    if unknown:
        raise EngineError(f"damage assigned to characters not in the challenge: {unknown}")
    killed = dead(assignment, losers, winners, versus_raises_strength)
    return ChallengeResult(ours, theirs, victor, damage, dict(assignment), killed, pivot)


def dead(assignment: Mapping[int, int], losers: Sequence[Combatant],
         winners: Sequence[Combatant], versus_raises_strength: bool = True
         ) -> tuple[int, ...]:
    """The characters ``assignment`` kills: more damage than the Strength it must exceed
    (:func:`toughness` against the other side; without "+N Versus X" when
    ``versus_raises_strength`` is False, rules revision 0). A card in neither side is
    not killed (it has left the challenge)."""
    versus = versus_raises_strength
    side_of = {c.card: (c, winners if versus else ()) for c in losers}
    side_of.update({c.card: (c, losers if versus else ()) for c in winners})
    return tuple(c for c, dmg in assignment.items()
                 if c in side_of and dmg > toughness(*side_of[c]))
