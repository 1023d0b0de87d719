"""The quick level's tactics: maneuvers, Flashes and damage, on its turns and rivals'.

Like :mod:`.quick_policy`, every function reads only a :class:`~.public_view.PublicView`.
In plain words:

* **Maneuvers.** In its own challenge, when no group of free Allies is sure to kill the
  target, it adds combat maneuvers from hand (the largest bonus first) until one is.
  Contesting a rival's seizure, it plays influence maneuvers from its contesters when
  their influence alone would not stop the seizers (a tie goes to the contesters).
  Defending, it plays combat maneuvers from the defending characters until the damage
  the challengers could deal kills none of them, or wins the challenge outright; none
  when that cannot be reached. A maneuver is played from a character it may be played
  from (an "Acting Maestro" card only from a Maestro), the fewest cards first.
* **Damage.** As the victor of a challenge it kills the characters worth the most
  (Magic; a Maestro counts as at least 10) that the damage can kill, then the most of
  them; damage that kills no one is not assigned.
* **Flashes.** A Flash's printed words say whom it helps. One that helps (a Strength or
  Magic bonus, "unpivot", "move to the active area") goes on its own Ally: a bonus on
  the active Ally with the most Magic in the Autarch phase; "unpivot" on a pivoted
  active Ally during its Ally phase, once its Allies have acted; "move to the active
  area" on a reserve in the Autarch phase. One that hurts is kept for rivals' turns
  ("all Autarchs have one last chance to play Flashes"): when a rival challenges its
  character it goes on the strongest challenger, when it contests a rival's seizure on
  the seizer with the most Magic; a hurting Flash without a Strength or Magic penalty
  ("cannot challenge", damage, "pivot target Site") is played in its own Autarch phase
  on the rival's best target (the strongest character, one the damage kills, an
  unpivoted controlled Site). A Flash that only counters is kept (the engine counters
  with Allies only), and one that names no target is played in the Autarch phase.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from card_db.records import CardRecord, CardType
from deckbuilder.engine.game.public_view import PublicView
from deckbuilder.engine.powers.card_effects import STAY_IN_RESERVE
from deckbuilder.engine.powers.maneuvers import (
    MAGIC,
    STRENGTH,
    may_receive,
    stat_bonus,
    stat_bonuses,
)
from deckbuilder.engine.rules.cards import is_maestro, magic, strength
from deckbuilder.engine.rules.victory import dominion_count

#: Worth of a Maestro when choosing whom to kill (it secures any Site alone).
MAESTRO_WORTH = 10

HELPS = "helps"
HURTS = "hurts"
HOLD = "hold"
UNTARGETED = "untargeted"

_DAMAGE = re.compile(r"deal\s+(\d+)\s+damage", re.IGNORECASE)


def worth(rec: CardRecord) -> int:
    return max(magic(rec), MAESTRO_WORTH) if is_maestro(rec) else magic(rec)


# --------------------------------------------------------------------------- damage
def assign_damage(view: PublicView, damage: int, losers: Sequence[int]) -> dict[int, int]:
    """The victor's damage per character: the set of ``losers`` worth the most that
    ``damage`` can kill (each needs its Strength characteristic plus one), then the
    most characters; a knapsack over the damage."""
    best: dict[int, tuple[int, int, tuple[int, ...]]] = {0: (0, 0, ())}
    for card in sorted(set(losers)):
        rec = view.record(card)
        need = _lethal(view, card)
        value = worth(rec) + 1
        for used, (w, n, group) in sorted(best.items(), reverse=True):
            total = used + need
            if total > damage:
                continue
            cand = (w + value, n + 1, group + (card,))
            if total not in best or cand[:2] > best[total][:2]:
                best[total] = cand
    _, _, chosen = max(best.values(), key=lambda b: (b[0], b[1]))
    return {c: _lethal(view, c) for c in chosen}


def _lethal(view: PublicView, card: int) -> int:
    """The damage that kills ``card``: its Strength plus one, at least 0 (a penalty may
    bring Strength below zero; damage is never negative)."""
    return max(0, strength(view.record(card)) + view.strength_mod(card) + 1)


# --------------------------------------------------------------------------- maneuvers
def maneuver_plan(
    view: PublicView, involved: Sequence[int], kind: CardType, need: int,
    hand: Iterable[int] | None = None,
) -> dict[int, tuple[int, ...]] | None:
    """Maneuvers of ``kind`` from hand, each played from an involved character it may
    be played from, whose bonuses total at least ``need`` (the largest first, so the
    fewest cards); ``{}`` when ``need <= 0``; ``None`` when the hand cannot reach it."""
    if need <= 0:
        return {}
    stat = STRENGTH if kind is CardType.COMBAT_MANEUVER else MAGIC
    records = [view.record(c) for c in involved]
    options = []
    for card in sorted(view.hand if hand is None else hand):
        rec = view.record(card)
        if rec.card_type is not kind:
            continue
        best = max(((stat_bonus(rec, stat, a, records), -i) for i, a in enumerate(records)
                    if may_receive(rec, a)), default=None)
        if best is not None and best[0] > 0:
            options.append((best[0], card, involved[-best[1]]))
    plan: dict[int, tuple[int, ...]] = {}
    total = 0
    for amount, card, actor in sorted(options, key=lambda o: (-o[0], o[1])):
        plan[actor] = plan.get(actor, ()) + (card,)
        total += amount
        if total >= need:
            return plan
    return None


def hand_bonus(view: PublicView, involved: Sequence[int], kind: CardType) -> int:
    """The most ``kind`` maneuvers in hand could add for ``involved``."""
    stat = STRENGTH if kind is CardType.COMBAT_MANEUVER else MAGIC
    records = [view.record(c) for c in involved]
    total = 0
    for card in view.hand:
        rec = view.record(card)
        if rec.card_type is kind:
            total += max((stat_bonus(rec, stat, a, records) for a in records
                          if may_receive(rec, a)), default=0)
    return max(total, 0)


# --------------------------------------------------------------------------- Flashes
def flash_kind(rec: CardRecord) -> str:
    """Whom a Flash helps, from its printed words: :data:`HELPS`, :data:`HURTS`,
    :data:`HOLD` (it only counters) or :data:`UNTARGETED`."""
    text = (rec.powers or "").casefold()
    if text.startswith("counters"):
        return HOLD
    if "target" not in text:
        return UNTARGETED
    amounts = [b.amount for b in stat_bonuses(rec)]
    if any(a > 0 for a in amounts) or "unpivot" in text or "active area" in text:
        return HELPS
    return HURTS


def stat_penalty(rec: CardRecord) -> bool:
    """True if the Flash's effect is a Strength or Magic penalty (kept for rivals' turns)."""
    return any(b.amount < 0 for b in stat_bonuses(rec))


def _best(cards: Iterable[int], key) -> int | None:
    ranked = sorted(cards, key=lambda c: (key(c), -c), reverse=True)
    return ranked[0] if ranked else None


def _rival_characters(view: PublicView) -> list[int]:
    return [c for r in view.rivals() for c in view.realm(r).active]


def helping_target(view: PublicView, rec: CardRecord, ally_phase: bool) -> int | None:
    """The own Ally a helping Flash goes on now, or ``None`` (not now)."""
    realm = view.realm(view.seat)
    text = (rec.powers or "").casefold()
    if "unpivot" in text:
        if not ally_phase:
            return None
        return _best((c for c in realm.active if view.pivoted(c)),
                     lambda c: magic(view.record(c)))
    if "active area" in text:
        if ally_phase:
            return None
        return _best((c for c in realm.reserve if not view.pivoted(c)
                      and not view.restricted(c, STAY_IN_RESERVE)),
                     lambda c: worth(view.record(c)))
    if ally_phase:
        return None
    return _best(realm.active, lambda c: (worth(view.record(c)), strength(view.record(c))))


def hurting_target(view: PublicView, rec: CardRecord) -> int | None:
    """The rival's card a hurting Flash without a Strength or Magic penalty goes on."""
    text = (rec.powers or "").casefold()
    if "site" in text:
        sites = [e.site for r in view.rivals() for e in view.realm(r).state
                 if not view.pivoted(e.site)]
        return _best(sites, lambda c: len(view.record(c).dominions))
    found = _DAMAGE.search(text)
    if found:
        dmg = int(found.group(1))
        return _best((c for c in _rival_characters(view)
                      if dmg > strength(view.record(c)) + view.strength_mod(c)),
                     lambda c: worth(view.record(c)))
    return _best(_rival_characters(view), lambda c: (worth(view.record(c)),
                                                     strength(view.record(c))))


def own_turn_flash(view: PublicView, ally_phase: bool) -> tuple[int, int | None] | None:
    """``(flash, target)`` to play now in the Autarch's own turn, or ``None``."""
    for card in sorted(view.hand):
        rec = view.record(card)
        if rec.card_type is not CardType.FLASH:
            continue
        kind = flash_kind(rec)
        if kind == UNTARGETED and not ally_phase:
            return card, None
        if kind == HELPS:
            target = helping_target(view, rec, ally_phase)
        elif kind == HURTS and not ally_phase and not stat_penalty(rec):
            target = hurting_target(view, rec)
        else:
            continue
        if target is not None:
            return card, target
    return None


def leads_in_dominions(view: PublicView, seat: int) -> bool:
    """Whether ``seat`` controls more Dominions than every other Autarch still in the
    game ("Victory": the Autarch nearest to controlling all five)."""
    def count(k: int) -> int:
        return dominion_count(view.controlled_masks(k))

    mine = count(seat)
    return all(count(k) < mine for k in range(view.seats)
               if k != seat and not view.eliminated(k))


def reaction_flash(view: PublicView, opposing: Sequence[int], stat: str
                   ) -> tuple[int, int] | None:
    """``(flash, target)``: a Flash with a ``stat`` penalty from hand on the opposing
    character with the most of ``stat``, at a rival's challenge or seizure."""
    if not opposing:
        return None
    pick = STRENGTH if stat == STRENGTH else MAGIC
    for card in sorted(view.hand):
        rec = view.record(card)
        if rec.card_type is CardType.FLASH and any(
                b.amount < 0 and b.stat == pick for b in stat_bonuses(rec)):
            value = strength if pick == STRENGTH else magic
            return card, max(opposing, key=lambda c: (value(view.record(c)), -c))
    return None


__all__ = [
    "HELPS",
    "HOLD",
    "HURTS",
    "UNTARGETED",
    "assign_damage",
    "flash_kind",
    "hand_bonus",
    "helping_target",
    "hurting_target",
    "leads_in_dominions",
    "maneuver_plan",
    "own_turn_flash",
    "reaction_flash",
    "worth",
]
