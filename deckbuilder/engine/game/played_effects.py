"""Executing the printed effects of played cards (:mod:`.card_effects`) on the table.

:class:`PlayedEffects` is a part of :class:`~deckbuilder.engine.game.Game` (it uses the
game's ``state``, ``record``, ``_say``, ``_draw``, ``apply_damage`` and
``controller_of``); it is kept apart so that each concept has its module.

Sources: rulebook "Card Powers, Traits, and Special Rules", "Permanents and Instants"
(a permanent keeps its effect while it stays in play, an instant's effect ends as
printed), "Target Characters and Acting Allies", "Damage Outside of Challenges",
"Pivoted Cards", "Discarding", "Timing and Countering", "Phase 4: The Reconciliation"
("until end of round" effects end). Ruling ``played-effects`` in :mod:`.rulings` says
how the choices the text leaves open are made.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from card_db.names import fold_name
from card_db.records import CardRecord
from deckbuilder.engine.powers.card_effects import (
    CLOSED_ROADS,
    COUNTER,
    DAMAGE,
    DISCARD,
    DRAW,
    GAIN,
    LEAVE_CHALLENGE,
    LOOK_PATHS,
    LOSE_POWERS,
    MOVE_FORWARD,
    NO_CHALLENGE,
    ON_BEARER,
    PIVOT_SITE,
    RECOVER,
    RESISTANCE,
    SIDE_BONUS,
    STAT,
    STAY_IN_RESERVE,
    UNPIVOT,
    CardEffect,
    card_effects,
    effects_of,
    needs_target,
    sentence_effect,
    timed_executable,
)
from deckbuilder.engine.powers.maneuvers import OTHER_TEXT
from deckbuilder.engine.powers.modelled import not_modelled
from deckbuilder.engine.rules.cards import is_character, is_site
from deckbuilder.engine.rules.errors import RuleError

TARGETS = "Target Characters and Acting Allies"
#: Effects on a character target.
_ON_CHARACTER = frozenset({STAT, UNPIVOT, DAMAGE, NO_CHALLENGE, STAY_IN_RESERVE, LOSE_POWERS})
#: Effects on a Site target.
_ON_SITE = frozenset({PIVOT_SITE, RESISTANCE, CLOSED_ROADS, LOOK_PATHS})
#: Effects of a permanent that last while it stays in play (checked when they matter).
_WHILE_IN_PLAY = {
    NO_CHALLENGE: "cannot challenge while it stays in play",
    STAY_IN_RESERVE: "must remain in the Reserve while it stays in play",
    CLOSED_ROADS: "no Path may be played on it while it stays in play",
    LOSE_POWERS: "has no powers while it stays in play",
}


class PlayedEffects:
    """The part of :class:`~deckbuilder.engine.game.Game` that checks and executes the
    effects of Dictates, Flashes, Ally Action cards and maneuvers."""

    # ---------------------------------------------------------------- checks
    def _permanent_in_play(self, card: int) -> bool:
        s = self.table  # type: ignore[attr-defined]
        return (any(card in perms for perms in s.attached.values())
                or any(card in a.effects for a in s.autarchs))

    def _fits(self, e: CardEffect, target: int, seat: int) -> bool:
        """True if ``target`` is a card ``e`` may be played on."""
        s = self.table  # type: ignore[attr-defined]
        trec = self.record(target)  # type: ignore[attr-defined]
        if e.kind in _ON_CHARACTER:
            return (is_character(trec) and self.controller_of(target) is not None  # type: ignore[attr-defined]
                    and (e.subject is None or trec.has_affiliation(e.subject)))
        if e.kind in _ON_SITE:
            in_circle = target in s.circle
            return is_site(trec) and (e.condition != "circle" or in_circle)
        if e.kind == DISCARD:
            return (trec.permanent and fold_name(str(trec.card_type)) == fold_name(e.subject or "")
                    and self._permanent_in_play(target))
        if e.kind == MOVE_FORWARD:
            mine = self.table.autarchs[seat].realm.reserve  # type: ignore[attr-defined]
            reserves = [a.realm.reserve for a in s.autarchs]
            return target in mine if e.condition == "your" else any(target in r for r in reserves)
        return True

    def check_played_target(self, rec: CardRecord, seat: int, target: int | None,
                            required: bool = False) -> None:
        """Raise :class:`RuleError` ("Target Characters and Acting Allies") if ``target``
        is not a card ``rec``'s targeted effects may be played on, or, when ``required``
        (a Flash or Dictate, which has no acting Ally to receive the effect), if it is
        ``None`` for a card whose effect names a target. Called before the card leaves
        the hand, so an illegal play changes nothing."""
        if target is None:
            if required and needs_target(rec):
                raise RuleError(TARGETS, f"{rec.name} is played on a target")
            return
        for e in card_effects(rec):
            if e.kind in (GAIN, DRAW, RECOVER, SIDE_BONUS) or e.condition == "involved":
                continue
            if not self._fits(e, target, seat):
                raise RuleError(TARGETS, f"{rec.name} cannot be played on"
                                f" {self.name(target)}")  # type: ignore[attr-defined]
        if effects_of(rec, MOVE_FORWARD) and self.restricted(target, STAY_IN_RESERVE):
            raise RuleError(TARGETS, f"{self.name(target)} must remain in the Reserve")  # type: ignore[attr-defined]

    def played_targets(self, rec: CardRecord, seat: int) -> list[int]:
        """The cards in play ``rec``'s targeted effects may be played on by ``seat`` (to
        offer as choices), in id order; ``[]`` for a card with no targeted effect."""
        if not needs_target(rec):
            return []
        out = []
        for t in sorted(self.targetable()):  # type: ignore[attr-defined]
            try:
                self.check_played_target(rec, seat, t)
            except RuleError:
                continue
            out.append(t)
        return out

    def restricted(self, card: int, kind: str) -> bool:
        """True if a permanent attached to ``card`` imposes ``kind`` (one of
        :data:`~.card_effects.NO_CHALLENGE`, ``STAY_IN_RESERVE``, ``CLOSED_ROADS``)."""
        perms = self.table.attached.get(card)  # type: ignore[attr-defined]
        if not perms:
            return False
        cards = self.table.cards  # type: ignore[attr-defined]
        return any(e.kind == kind for p in perms for e in card_effects(cards[p]))

    # ---------------------------------------------------------------- lasting effects
    def side_strength(self, card: int, defending: bool = False) -> int:
        """Strength from "Your <kind>s are strength +N [while defending]" permanents of
        the Autarch controlling ``card`` (in its effects or attached anywhere)."""
        s = self.table  # type: ignore[attr-defined]
        if not s.attached and not any(a.effects for a in s.autarchs):
            return 0
        seat = self.controller_of(card)  # type: ignore[attr-defined]
        if seat is None:
            return 0
        perms = list(s.autarchs[seat].effects)
        perms += [p for ps in s.attached.values() for p in ps if s.owners[p] == seat]
        rec = self.record(card)  # type: ignore[attr-defined]
        total = 0
        for p in perms:
            for e in effects_of(s.cards[p], SIDE_BONUS):
                if e.condition == "defending" and not defending:
                    continue
                if e.subject is None or rec.has_affiliation(e.subject):
                    total += e.amount
        return total

    def refresh_altered(self) -> None:
        """Recompute the records changed by effects: affiliations gained (from attached
        permanents, or until end of round) and powers lost (Eclipse of Names)."""
        s = self.table  # type: ignore[attr-defined]
        changes: dict[int, tuple[list[str], list[bool]]] = {}
        for bearer, perms in s.attached.items():
            for p in perms:
                for e in card_effects(s.cards[p]):
                    if e.kind == GAIN and not e.lasting:
                        changes.setdefault(bearer, ([], []))[0].append(e.subject or "")
                    elif e.kind == LOSE_POWERS:
                        changes.setdefault(bearer, ([], []))[1].append(True)
        for c, names in s.gained.items():
            changes.setdefault(c, ([], []))[0].extend(names)
        altered = {}
        for c, (names, lose) in changes.items():
            base = s.cards[c]
            add = tuple(dict.fromkeys(n for n in names if not base.has_affiliation(n)))
            if not add and not lose:
                continue
            prev = s.altered.get(c)
            affiliations = base.affiliations + add
            powers = "" if lose else base.powers
            if prev is not None and prev.affiliations == affiliations and prev.powers == powers:
                altered[c] = prev  # keep the same record, so per-record caches stay warm
                continue
            kept = tuple(a for a in base.abilities
                         if a.text and a.text.casefold() in (base.traits or "").casefold())
            extra = {"powers": "", "abilities": kept} if lose else {}
            altered[c] = dataclasses.replace(base, affiliations=affiliations, **extra)
        s.altered = altered

    # ---------------------------------------------------------------- resolution
    def resolve_played(self, card: int, seat: int, target: int | None,
                       actor: int | None = None, site: int | None = None) -> list[str]:
        """Execute ``card``'s effects (it has resolved, not countered, and its target is
        not immune). ``target``: the card named, ``actor``: the acting Ally (Ally Action
        cards, maneuvers), ``site``: the Site seized (for "Target involved Site").
        Returns what happened, for the log, one phrase per effect."""
        rec = self.table.cards[card]  # type: ignore[attr-defined]
        done = []
        for e in card_effects(rec):
            phrase = self._resolve_one(e, rec, seat, target, actor, site)
            if phrase:
                done.append(phrase)
        return done

    def _resolve_one(self, e: CardEffect, rec: CardRecord, seat: int, target: int | None,
                     actor: int | None, site: int | None) -> str:
        s = self.table  # type: ignore[attr-defined]
        name = self.name  # type: ignore[attr-defined]
        on = target
        if on is None and actor is not None and e.kind in _ON_CHARACTER and (
                e.condition != "involved" and self._fits(e, actor, seat)):
            on = actor  # "only the acting Ally may receive the card's effect"
        if e.kind == DRAW:
            drawn = [c for c in (self._draw(seat) for _ in range(e.amount)) if c is not None]  # type: ignore[attr-defined]
            return f"{s.autarchs[seat].name} draws {len(drawn)} card(s)"
        if e.kind == RECOVER:
            return self._recover(seat, e.subject)
        if e.kind == GAIN:
            if actor is None:
                return ""
            if e.lasting:
                s.gained.setdefault(actor, []).append(e.subject or "")
            self.refresh_altered()
            until = "until end of round" if e.lasting else "while it stays in play"
            return f"{name(actor)} gains the {e.subject} affiliation {until}"
        if e.kind == LEAVE_CHALLENGE:
            return f"{name(actor)} leaves the challenge, not pivoted" if actor is not None else ""
        if e.kind == SIDE_BONUS:
            who = f"{e.subject}s" if e.subject else "Allies"
            cond = " while defending" if e.condition == "defending" else ""
            return f"{s.autarchs[seat].name}'s {who} are Strength {e.amount:+d}{cond}" \
                   " while it stays in play"
        if e.kind == RESISTANCE and e.condition == "involved":
            on = site
        if e.kind == STAT and not e.lasting:
            return ""  # a bonus for the action or while attached: engine.maneuvers
        if e.kind == COUNTER:
            return "nothing to counter: no effect"
        if on is None:
            return "no target named: no effect"
        return self._on_target(e, rec, on)

    def _on_target(self, e: CardEffect, rec: CardRecord, on: int) -> str:
        s = self.table  # type: ignore[attr-defined]
        name = self.name(on)  # type: ignore[attr-defined]
        if e.kind == STAT:
            mods = s.magic_mods if e.stat == "magic" else s.strength_mods
            mods[on] = mods.get(on, 0) + e.amount
            return f"{name} is {e.stat.title()} {e.amount:+d} until end of round"  # type: ignore[union-attr]
        if e.kind == UNPIVOT:
            s.pivoted.discard(on)
            return f"{name} unpivots"
        if e.kind == PIVOT_SITE:
            s.pivoted.add(on)
            return f"{name} pivots"
        if e.kind == DAMAGE:
            died = self.apply_damage(on, e.amount)  # type: ignore[attr-defined]
            return f"{name} takes {e.amount} damage" + (" and dies" if died else "")
        if e.kind == DISCARD:
            self._remove_permanent(on)
            return f"{name} is discarded to its owner's In Ovo"
        if e.kind == RESISTANCE:
            s.resistance_mods[on] = s.resistance_mods.get(on, 0) + e.amount
            return (f"{name} is Resistance {e.amount:+d} until end of round (now"
                    f" {self.current_resistance(on)})")  # type: ignore[attr-defined]
        if e.kind == MOVE_FORWARD:
            realm = next(a.realm for a in s.autarchs if on in a.realm.reserve)
            realm.reserve.remove(on)
            realm.active.append(on)
            return f"{name} moves to the active area"
        if e.kind == LOOK_PATHS:
            paths = s.paths.get(on, [])
            return f"the Paths on {name} are looked at: {self._names(paths)}"  # type: ignore[attr-defined]
        if e.kind == LOSE_POWERS:
            self.refresh_altered()
        return f"{name} {_WHILE_IN_PLAY.get(e.kind, e.kind)}"

    def resolve_timed(self, card: int, seat: int, text: str) -> str | None:
        """Carry out the effect ``text`` of ``card``'s "at the beginning/end of a turn"
        sentence for ``seat``; ``None`` if the engine does not model it. An effect on a
        character acts on the character the permanent is attached to."""
        s = self.table  # type: ignore[attr-defined]
        rec = s.cards[card]
        e = sentence_effect(text)
        if e is None or not timed_executable(e, rec.permanent):
            return None
        bearer = next((k for k, perms in s.attached.items() if card in perms), None)
        if e.kind in ON_BEARER and (bearer is None or not self._fits(e, bearer, seat)):
            return "no character to act on: no effect"
        return self._resolve_one(e, rec, seat, bearer, None, None)

    def _recover(self, seat: int, kind: str | None) -> str:
        """"Return an X from your In Ovo to your hand": the X most recently put into the
        In Ovo (ruling ``played-effects``)."""
        a = self.table.autarchs[seat]  # type: ignore[attr-defined]
        cards = self.table.cards  # type: ignore[attr-defined]
        found = next((c for c in reversed(a.in_ovo) if is_character(cards[c])
                      and (kind is None or cards[c].has_affiliation(kind))), None)
        if found is None:
            return f"no {kind or 'character'} in {a.name}'s In Ovo: no effect"
        a.in_ovo.remove(found)
        a.hand.append(found)
        return f"{cards[found].name} returns from the In Ovo to {a.name}'s hand"

    def _remove_permanent(self, card: int) -> None:
        """Send a permanent in play (attached, or among an Autarch's effects) to its
        owner's In Ovo, with whatever is attached to it."""
        s = self.table  # type: ignore[attr-defined]
        holder = next((k for k, perms in s.attached.items() if card in perms), None)
        if holder is not None:
            s.attached[holder].remove(card)
            if not s.attached[holder]:
                del s.attached[holder]
        else:
            next(a for a in s.autarchs if card in a.effects).effects.remove(card)
        self._to_in_ovo(card)  # type: ignore[attr-defined]
        if s.altered:
            self.refresh_altered()

    def played_note(self, rec: CardRecord, done: Sequence[str], fallback: str) -> str:
        """The log's account of a resolved card: what its effects did, and whether any
        of its text is not modelled; ``fallback`` when it has no effect of its own."""
        if not done:
            return fallback if not_modelled(rec) else fallback.replace(OTHER_TEXT, "")
        rest = "; other text not modelled by the engine" if not_modelled(rec) else ""
        return "; ".join(done) + rest
