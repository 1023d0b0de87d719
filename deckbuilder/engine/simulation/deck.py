"""A deck as per-card integer arrays: the data the policy and the fast path read.

Built once per deck from its :class:`~card_db.records.CardRecord` list (one record per
copy). Card ``i`` of the deck has type code ``ctype[i]``, ``prime[i]``, ``magic[i]``,
``dmask[i]`` (Dominion bitmask), and so on: plain lists of ints and bools, no per-card
objects in hot loops. Identical records share a *kind* (``kind[i]``); copies of one
kind are interchangeable, which lets the policy work on kinds.

Also precomputed, per pair of kinds: "+N versus Y Sites" bonuses and "May hold Y
alone" ("Card Powers, Traits, and Special Rules"), for each "Allies for -N if"
condition the kinds whose control meets it, and what the influence maneuvers the goldfish
autopilot plays add per acting character kind (:mod:`.seizure_maneuvers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from card_db.names import fold_name
from card_db.records import CardRecord, CardType
from deckbuilder.engine.powers.registry import goldfish_families
from deckbuilder.engine.powers.seizure_maneuvers import ManeuverTables, maneuver_tables
from deckbuilder.engine.rules.alliances import condition_met_by
from deckbuilder.engine.rules.cards import (
    dominion_mask,
    is_maestro,
    magic,
    prime,
    resistance,
    strength,
)
from deckbuilder.engine.rules.influence import may_hold_alone, site_bonus

OTHER, CHARACTER, SITE, PATH = 0, 1, 2, 3
TYPE_CODES = {CardType.CHARACTER: CHARACTER, CardType.SITE: SITE, CardType.PATH: PATH}


@dataclass(frozen=True, slots=True)
class EngineDeck:
    """Precomputed arrays of one deck (see module doc). Build with :meth:`from_records`.

    ``allies_for[i]``: tuple of ``(amount, condition index)`` of card ``i``;
    ``condition_kinds[c]``: kinds whose control meets condition ``c``;
    ``site_bonus[(character kind, site kind)]``: total "+N versus Y Sites" bonus;
    ``hold_alone``: pairs ``(character kind, site kind)`` where "May hold Y alone" applies;
    ``unique_key[i]``: -1 if card ``i`` is not unique, else an id shared by every card
    with the same (folded) name. ``maneuvers``: the influence maneuvers the goldfish
    autopilot plays (:class:`~.seizure_maneuvers.ManeuverTables`); ``seizure_maneuver[i]``:
    card ``i`` is one. ``dictate_draws[i]``: the cards a Dictate the autopilot plays draws
    (:mod:`.draw_dictates`; 0 for other cards). ``turn_draws[i]``: the cards a permanent
    Dictate the autopilot plays draws at the beginning of every turn (Census of the
    Dominions, :mod:`.draw_dictates`; 0 for other cards). ``artist_power[i]``: card ``i``
    is an Artist that is not a Maestro and may pivot to give another Ally Magic +3 until end
    of round ("Affiliations: Artist"). ``ally_action_magic[i]``: N of an Ally Action the
    autopilot plays, "Acting Ally is magic +N" for good (:mod:`.magic_ally_actions`; 0
    for other cards). ``flash_magic[i]``: N of a Flash the autopilot plays, "Target Ally
    is magic +N" for good (:mod:`.magic_flashes`; 0 for other cards). ``profile[i]``: an
    id shared by cards identical in everything a seizure reads (Magic, Maestro, "+N
    versus Y Sites" and "May hold Y alone" toward each Site kind, what each such
    maneuver adds played from it and whether it counts for one); ids are numbered in the
    order of those characteristics, so the order of two profiles does not depend on
    where their cards sit in the deck. ``powers``: every goldfish power family's per-card
    codes by its ``deck_field`` (:func:`~deckbuilder.engine.powers.registry.goldfish_families`);
    ``dictate_draws``, ``artist_power``, ``ally_action_magic``, ``turn_draws`` and
    ``flash_magic`` are the same codes under the names the policy reads.
    """

    records: tuple[CardRecord, ...]
    kind: tuple[int, ...]
    kind_records: tuple[CardRecord, ...]
    ctype: tuple[int, ...]
    prime: tuple[int, ...]
    magic: tuple[int, ...]
    strength: tuple[int, ...]
    resistance: tuple[int, ...]
    dmask: tuple[int, ...]
    maestro: tuple[bool, ...]
    unique_key: tuple[int, ...]
    allies_for: tuple[tuple[tuple[int, int], ...], ...]
    condition_kinds: tuple[frozenset[int], ...]
    site_bonus: dict[tuple[int, int], int]
    hold_alone: frozenset[tuple[int, int]]
    maneuvers: ManeuverTables
    seizure_maneuver: tuple[bool, ...]
    dictate_draws: tuple[int, ...]
    artist_power: tuple[bool, ...]
    ally_action_magic: tuple[int, ...]
    turn_draws: tuple[int, ...]
    flash_magic: tuple[int, ...]
    profile: tuple[int, ...]
    powers: dict[str, tuple[int, ...]]

    def __len__(self) -> int:
        return len(self.records)

    @classmethod
    def from_records(cls, records: Sequence[CardRecord]) -> EngineDeck:
        records = tuple(records)
        kinds, kind_records = _kinds(records)
        allies_for, conditions = _allies_for(records)
        condition_kinds = tuple(
            frozenset(k for k, r in enumerate(kind_records) if condition_met_by(ck, ct, r))
            for (ck, ct) in conditions
        )
        sites = [k for k, r in enumerate(kind_records) if r.card_type is CardType.SITE]
        bonus, alone = _site_pairs(kind_records, sites)
        unique_key = _unique_keys(records)
        tables = maneuver_tables(kind_records)
        codes = power_codes(records)
        artists = tuple(bool(a) for a in codes["artist_power"])
        profile = _profiles(records, kinds, sites, bonus, alone, tables, artists)
        return cls(
            records=records,
            kind=tuple(kinds),
            kind_records=tuple(kind_records),
            ctype=tuple(TYPE_CODES.get(r.card_type, OTHER) for r in records),
            prime=tuple(prime(r) for r in records),
            magic=tuple(magic(r) for r in records),
            strength=tuple(strength(r) for r in records),
            resistance=tuple(resistance(r) for r in records),
            dmask=tuple(dominion_mask(r) for r in records),
            maestro=tuple(is_maestro(r) for r in records),
            unique_key=tuple(unique_key),
            allies_for=tuple(allies_for),
            condition_kinds=condition_kinds,
            site_bonus=bonus,
            hold_alone=frozenset(alone),
            maneuvers=tables,
            seizure_maneuver=tuple(k in tables.kinds for k in kinds),
            dictate_draws=codes["dictate_draws"],
            artist_power=artists,
            ally_action_magic=codes["ally_action_magic"],
            flash_magic=codes["flash_magic"],
            turn_draws=codes["turn_draws"],
            profile=profile,
            powers=codes,
        )

    def effective_prime(self, card: int, met_conditions: int) -> int:
        """Prime of ``card`` when brought into play, given the bitmask of met
        "Allies for -N if" conditions. Traits on characters are not cumulative ("Card
        Powers, Traits, and Special Rules"), so only the largest met reduction applies.
        Never below 0."""
        best = 0
        for amount, cond in self.allies_for[card]:
            if met_conditions >> cond & 1 and amount < best:
                best = amount
        return max(0, self.prime[card] + best)

    def conditions_met(self, controlled_kinds: Sequence[int]) -> int:
        """Bitmask of conditions met when the Autarch controls characters of these kinds."""
        mask = 0
        for c, kinds in enumerate(self.condition_kinds):
            if any(k in kinds for k in controlled_kinds):
                mask |= 1 << c
        return mask


def power_codes(records: Sequence[CardRecord]) -> dict[str, tuple[int, ...]]:
    """Per goldfish power family (by its ``deck_field``), each card's code
    (:class:`~deckbuilder.engine.powers.registry.GoldfishCode`; 0: not played as it)."""
    return {f.goldfish.deck_field: tuple(f.goldfish.encode(r) for r in records)
            for f in goldfish_families()}


def _kinds(records: Sequence[CardRecord]) -> tuple[list[int], list[CardRecord]]:
    """Each card's kind (equal records share one) and the record of each kind."""
    kind_of: dict[CardRecord, int] = {}
    kind_records: list[CardRecord] = []
    kinds = []
    for r in records:
        if r not in kind_of:
            kind_of[r] = len(kind_records)
            kind_records.append(r)
        kinds.append(kind_of[r])
    return kinds, kind_records


def _unique_keys(records: Sequence[CardRecord]) -> list[int]:
    """Per card, the id of its unique name ("Unique Cards"), or -1."""
    unique_ids: dict[str, int] = {}
    return [unique_ids.setdefault(fold_name(r.name), len(unique_ids)) if r.unique else -1
            for r in records]


def _allies_for(records: Sequence[CardRecord]
                ) -> tuple[list[tuple[tuple[int, int], ...]], dict[tuple[str, str], int]]:
    """Per card, its "Allies for -N if" entries ``(amount, condition index)``, and the
    conditions by index."""
    conditions: dict[tuple[str, str], int] = {}
    allies_for = []
    for r in records:
        entries = []
        for a in r.abilities:
            if a.kind == "allies_for":
                cond = conditions.setdefault((a.target_kind, a.target), len(conditions))
                entries.append((a.amount, cond))
        allies_for.append(tuple(entries))
    return allies_for, conditions


def _site_pairs(kind_records: Sequence[CardRecord], sites: Sequence[int]
                ) -> tuple[dict[tuple[int, int], int], set[tuple[int, int]]]:
    """The "+N versus" bonus and the "May hold Y alone" pairs per (character kind, Site
    kind)."""
    chars = [k for k, r in enumerate(kind_records) if r.card_type is CardType.CHARACTER]
    bonus: dict[tuple[int, int], int] = {}
    alone = set()
    for ck in chars:
        cr = kind_records[ck]
        if not cr.abilities:
            continue
        for sk in sites:
            sr = kind_records[sk]
            b = site_bonus(cr, sr)
            if b:
                bonus[(ck, sk)] = b
            if may_hold_alone(cr, sr):
                alone.add((ck, sk))
    return bonus, alone


def _profiles(records, kinds, site_kinds, bonus, alone, tables: ManeuverTables,
              artists: Sequence[bool]) -> tuple[int, ...]:
    """``EngineDeck.profile``: cards with equal seizure characteristics share an id; ids
    follow the sorted order of those characteristics."""
    mkinds = sorted(tables.kinds)
    sigs = []
    for r, k, artist in zip(records, kinds, artists, strict=True):
        sigs.append((magic(r), is_maestro(r), artist,
                     tuple(bonus.get((k, sk), 0) for sk in site_kinds),
                     tuple((k, sk) in alone for sk in site_kinds),
                     tuple(tables.base.get((mk, k), 0) for mk in mkinds),
                     tuple(k in tables.per.get(mk, ()) for mk in mkinds)))
    ids = {sig: i for i, sig in enumerate(sorted(set(sigs)))}
    return tuple(ids[sig] for sig in sigs)
