"""The influence maneuvers the goldfish autopilot plays in a seizure, and what each adds.

Sources: rulebook "Seizing Sites and Contests" (influence is the involved Allies' Magic
with the bonuses of influence maneuvers), "Influence maneuvers" (an involved, acting Ally
may use as many as its Autarch plays from hand; they do not pivot it; instant ones end
with the seizure), "Target Characters and Acting Allies" (a card is played from an acting
Ally and only on the targets it names; "Acting Maestro" only from a Maestro) and
"Permanents and Instants" (a permanent one stays attached to its Ally, which becomes a
Holder of the Site, so in a goldfish game it adds the same as an instant one).

A card the autopilot plays is an influence maneuver whose printed text is exactly one
"+N versus Y Sites" keyword ability on a permanent card ("+2 versus Sites", Silver Tongue:
:func:`versus_sites_maneuver`; it stays attached to its acting Ally, so the Site's
Holders keep the bonus toward it, :meth:`~.game.Game.holding_influence`), or exactly one
Resistance cut on the Site seized ("Target involved Site is Resistance -2 until end of
round", :func:`resistance_cut`: played only when it brings victory this round, since the
engine takes a Site back from Holders who cannot secure it once the round's effects end),
or exactly one Magic bonus in a form :mod:`.maneuvers` reads ("Acting Ally is magic
+3", "Acting Ally is magic +2, or +4 if it is an Artist", "Acting Maestro is magic +4",
"Acting Ally is magic +1 for each involved Oviate you control"), with no other effect
and no keyword ability.
Other influence maneuvers are held (their other effects are not part of the goldfish
policy; see :mod:`.policy`). An instant "+N versus Y Sites" maneuver is held too (no
bundled card is one): the engine counts it in the seizure it is played in, but the
goldfish cores model only the permanent ones, whose bonus also keeps counting toward
the Holders' influence.

What a card ``m`` adds to a group ``G`` when played from its best actor:
``max(base(m, a) for a in G) * mult(m, G)``, where ``base`` is the printed amount for that
actor (0 if the card cannot be played from it, the "or +M" amount for the named kind) and
``mult`` is the number of involved characters of the named kind for "for each involved X
you control", else 1. A "+N versus Y Sites" card adds ``versus(m, site)`` whatever its
actor, so it is played from the group's first Ally.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.card_effects import RESISTANCE, card_effects
from deckbuilder.engine.powers.maneuvers import MAGIC, StatBonus, bonus_amount, stat_bonuses
from deckbuilder.engine.rules.influence import site_bonus


def goldfish_bonus(record: CardRecord) -> StatBonus | None:
    """The Magic bonus of an influence maneuver the goldfish autopilot may play, or
    ``None`` for any other card (see the module doc)."""
    if record.card_type is not CardType.INFLUENCE_MANEUVER or record.abilities:
        return None
    if record.permanent and record.unique:
        return None  # it would stay in play as a unique card
    if card_effects(record):
        return None
    bonuses = stat_bonuses(record)
    magic = [b for b in bonuses if b.stat == MAGIC]
    if len(magic) != 1 or len(bonuses) != 1:
        return None
    b = magic[0]
    if max(b.amount, b.alt_amount or 0) <= 0:
        return None
    return b


def resistance_cut(record: CardRecord) -> int:
    """N of an instant influence maneuver whose only text is "Target involved Site is
    Resistance -N until end of round"; 0 for any other card."""
    if (record.card_type is not CardType.INFLUENCE_MANEUVER or record.abilities
            or record.permanent or stat_bonuses(record)):
        return 0
    effects = card_effects(record)
    if len(effects) != 1:
        return 0
    e = effects[0]
    if e.kind != RESISTANCE or e.condition != "involved" or not e.lasting or e.amount >= 0:
        return 0
    return -e.amount


def versus_sites_maneuver(record: CardRecord) -> bool:
    """True for a permanent, non-unique influence maneuver whose only printed text is
    "+N versus Y Sites" keyword abilities (Silver Tongue: "+2 versus Sites")."""
    if (record.card_type is not CardType.INFLUENCE_MANEUVER or not record.permanent
            or record.unique or not record.abilities):
        return False
    if any(a.kind != "versus_sites" or a.amount <= 0 for a in record.abilities):
        return False
    return not stat_bonuses(record) and not card_effects(record)


@dataclasses.dataclass(frozen=True, slots=True)
class ManeuverTables:
    """Per pair of kinds: ``base[(maneuver kind, character kind)]`` (absent: 0);
    ``per[maneuver kind]``: the character kinds counted by "for each involved X you
    control" (only for such cards); ``cut[maneuver kind]``: :func:`resistance_cut`;
    ``versus[(maneuver kind, Site kind)]``: the "+N versus Y Sites" of a
    :func:`versus_sites_maneuver` toward that Site (absent: 0); ``kinds``: the maneuver
    kinds the autopilot plays."""

    kinds: frozenset[int]
    base: dict[tuple[int, int], int]
    per: dict[int, frozenset[int]]
    cut: dict[int, int]
    versus: dict[tuple[int, int], int]


def maneuver_tables(kind_records: Sequence[CardRecord]) -> ManeuverTables:
    """The :class:`ManeuverTables` of a deck's distinct records (indexes are kinds)."""
    chars = [k for k, r in enumerate(kind_records) if r.card_type is CardType.CHARACTER]
    sites = [k for k, r in enumerate(kind_records) if r.card_type is CardType.SITE]
    kinds = set()
    base: dict[tuple[int, int], int] = {}
    per: dict[int, frozenset[int]] = {}
    cut: dict[int, int] = {}
    versus: dict[tuple[int, int], int] = {}
    for mk, r in enumerate(kind_records):
        if versus_sites_maneuver(r):
            kinds.add(mk)
            for sk in sites:
                if n := site_bonus(r, kind_records[sk]):
                    versus[(mk, sk)] = n
            continue
        if n := resistance_cut(r):
            kinds.add(mk)
            cut[mk] = n
            continue
        b = goldfish_bonus(r)
        if b is None:
            continue
        kinds.add(mk)
        single = dataclasses.replace(b, per_kind=None)
        for ck in chars:
            actor = kind_records[ck]
            amount = bonus_amount(single, actor, (actor,))
            if amount > 0:
                base[(mk, ck)] = amount
        if b.per_kind is not None:
            per[mk] = frozenset(ck for ck in chars
                                if kind_records[ck].has_affiliation(b.per_kind))
    return ManeuverTables(frozenset(kinds), base, per, cut, versus)
