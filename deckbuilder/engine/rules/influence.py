"""Influence, and whether a group of Allies meets a Site's Resistance.

Sources: rulebook "Contesting the Seizure" (influence is the total Magic of the
involved Allies, with bonuses from traits, powers, influence maneuvers and
permanents), "Securing the Site", "Card Powers, Traits, and Special Rules"
("+N versus Y Sites", "May hold Y alone"), "Affiliations: Maestro", Glossary
("Influence", "Maestro").

Ruling ``secure-on-equal`` (:mod:`.rulings`, tested): the main text of "Securing the
Site" says "equal to or greater than", the summary box "exceeds"; the engine follows
the main text: ``influence >= resistance`` secures.

"May hold Y alone" is read as satisfying the Resistance requirement for Y both when
securing and when holding: "Seize a Site" calls controlling a Site "secure or hold
it", and the Glossary's Maestro "seize and hold a Site alone" is the affiliation
text's "seize and secure a Site alone".

Ruling ``maestro-alone`` (issue 22): "alone" means the same in both traits, "by itself,
whatever the others' influence": a Maestro among the Allies securing or holding a Site
meets its Resistance as "May hold Y alone" does for Y, with or without companions.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from card_db.abilities import Ability
from card_db.names import reference_key, refers_to
from card_db.records import CardRecord
from deckbuilder.engine.rules.cards import is_maestro, magic


def versus_site_applies(ability: Ability, site: CardRecord) -> bool:
    """True if a ``versus_sites`` ability ("+N versus Y Sites") names ``site``.

    ``target_kind`` "site": a named Site; "dominion": Sites of that Dominion (a Border
    Site is "affected as either" of its Dominions); "border": Border Sites; "sites":
    any Site.
    """
    kind = ability.target_kind
    if kind == "site":
        return refers_to(ability.target, site.name)
    if kind == "dominion":
        return ability.target.isdigit() and int(ability.target) in site.dominions
    if kind == "border":
        return len(site.dominions) == 2
    return kind == "sites"


def site_bonus(ally: CardRecord, site: CardRecord) -> int:
    """Total of the Ally's "+N versus Y Sites" powers that name ``site``.

    These are powers, and powers without an icon are cumulative ("Card Powers,
    Traits, and Special Rules"), so matching bonuses add up.
    """
    return sum(
        a.amount
        for a in ally.abilities
        if a.kind == "versus_sites" and versus_site_applies(a, site)
    )


def may_hold_alone(ally: CardRecord, site: CardRecord) -> bool:
    """True if the Ally's text says "May hold Y alone" with Y naming ``site``."""
    wanted = reference_key(site.name)
    return any(
        a.kind == "may_hold_alone" and reference_key(a.target) == wanted for a in ally.abilities
    )


def ally_influence(ally: CardRecord, site: CardRecord, magic_modifier: int = 0) -> int:
    """One Ally's influence toward ``site``: Magic + modifiers + "+N versus Y Sites"."""
    return magic(ally) + magic_modifier + site_bonus(ally, site)


def total_influence(allies: Iterable[tuple[CardRecord, int]], site: CardRecord) -> int:
    """Influence of a group: the sum of :func:`ally_influence` over ``(record, magic
    modifier)`` pairs. The caller passes only the Allies that count (unpivoted ones in
    a seizure or contest; every Holder when holding, since "Pivoting the Holder of a
    Site will not change its influence")."""
    return sum(ally_influence(r, site, m) for r, m in allies)


def meets_resistance(
    allies: Sequence[CardRecord], site: CardRecord, influence: int, resistance: int,
    maestro_with_companions: bool = True,
) -> bool:
    """True if ``allies`` (the seizing Allies remaining, or a Site's Holders) secure or
    hold ``site``.

    Met when ``influence >= resistance`` ("Securing the Site", main text), when one of
    them is a Maestro ("Affiliations: Maestro") or "may hold" the Site "alone" (ruling
    ``maestro-alone``: either suffices by itself, companions or not). An empty group
    never meets it: a seizure names Allies, and a Site with no Holders is not held.
    ``maestro_with_companions`` False: rules revision 0 (:mod:`.revision`), where the
    Maestro's waiver needed the Maestro by itself.
    """
    if not allies:
        return False
    if influence >= resistance:
        return True
    if not maestro_with_companions:
        return (len(allies) == 1 and is_maestro(allies[0])) or any(
            may_hold_alone(a, site) for a in allies)
    return any(is_maestro(a) or may_hold_alone(a, site) for a in allies)
