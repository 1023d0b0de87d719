"""What any Autarch may do inside another's action ("Timing and Countering"): Flashes,
the last call for Flashes before a challenge or contest (:mod:`..rules.last_call`),
countering, and the maneuvers played in a seizure or challenge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from card_db.records import CardType
from deckbuilder.engine.game.core import (
    ALLY_PHASE,
    AUTARCH_PHASE,
    CounterProvider,
    GameCore,
    LastCallProvider,
)
from deckbuilder.engine.powers.card_effects import (
    COUNTER,
    LEAVE_CHALLENGE,
    MANEUVER_DAMAGE,
    effects_of,
)
from deckbuilder.engine.powers.countering import counters, names_card, only_counters
from deckbuilder.engine.powers.maneuvers import (
    MAGIC,
    STRENGTH,
    may_receive,
    stat_bonus,
)
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.influence import site_bonus
from deckbuilder.engine.rules.last_call import LastCall


def _still_involved(
    maneuvers: Mapping[int, Sequence[int]] | None, live: Sequence[int], hand: Sequence[int]
) -> dict[int, Sequence[int]] | None:
    """The maneuvers named for characters still in the action, that are still in
    ``hand``. A character a Path pivoted or removed has left the action ("No pivoted
    characters may participate"), and the cards named for it stay in hand. Maneuvers
    are played only once the Paths have resolved ("Seizing Sites and Contests"), so a
    card a Path made its Autarch discard (e.g. at random) is no longer there to play."""
    if not maneuvers:
        return None
    held = set(hand)
    return {ally: [c for c in cards if c in held] for ally, cards in maneuvers.items()
            if ally in live}



class Responses(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def _last_call(self, provider: LastCallProvider | None, call: LastCall) -> None:
        """The last call for Flashes (:mod:`.last_call`): each Autarch holding a Flash,
        in turn order from the leader, is asked once."""
        if provider is None:
            return
        for seat in self.table.seats_from(self.table.leader):
            hand = self.autarch(seat).hand
            if not self.table.over and any(
                    self.record(c).card_type is CardType.FLASH for c in hand):
                provider(self, seat, call)

    def _countered(
        self,
        card: int,
        target: int | None,
        counter_provider: CounterProvider | None,
        action: tuple[CardType, Sequence[int]] | None = None,
    ) -> bool:
        """Offer every Autarch the chance to counter ``card`` ("Timing and Countering");
        True if an Ally with a matching "Counters P" pivots to counter it, or a Flash
        from hand whose power is "Counters P" is played to counter it. The answer
        ``(seat, card)`` names the Ally or the Flash. ``action``: during a challenge or a
        seizure, the kind of maneuver it allows and the seats involved; an involved
        Autarch may then counter with such a maneuver ("Counters any Influence
        Maneuver")."""
        answer = counter_provider(self, card, target) if counter_provider else None
        if answer is None:
            return False
        cseat, ally = answer
        rec = self.record(card)
        if ally in self.autarch(cseat).hand:
            return self._counter_with_flash(cseat, ally, card, action, counter_provider)
        self._require_active_unpivoted(cseat, ally, "Timing and Countering")
        if not counters(self.record(ally), rec):
            raise RuleError("Counter P", f"{self.name(ally)} cannot counter {rec.name}")
        self.table.pivoted.add(ally)
        self._say(f"{self.name(ally)} counters {rec.name} and pivots; {rec.name} is discarded.")
        return True

    def _counter_with_flash(self, seat: int, flash: int, card: int,
                            action: tuple[CardType, Sequence[int]] | None = None,
                            counter_provider: CounterProvider | None = None) -> bool:
        """Play the Flash ``flash`` from ``seat``'s hand to counter ``card`` ("Some
        Special Powers: Counter P": a Flash such as Sudden Clarity, "Counters any
        Flash"), or, for an Autarch involved in the ``action``, a maneuver of the kind
        it allows (Counter-Glyph, "Counters any Influence Maneuver": "Seizing Sites and
        Contests", only the involved Autarchs play influence maneuvers). The card goes
        to its owner's In Ovo. The counter is itself offered for countering through
        ``counter_provider`` before it takes effect ("Timing and Countering": "All
        Autarchs must have the opportunity to respond to any action"; ruling
        ``counter-chains``; not under rules revision 0): countered, ``card`` is not
        countered (False)."""
        frec, rec = self.record(flash), self.record(card)
        maneuver = action is not None and frec.card_type is action[0] and seat in action[1]
        if not maneuver and (frec.card_type is not CardType.FLASH or self.table.phase not in (
                AUTARCH_PHASE, ALLY_PHASE)):
            raise RuleError("Timing and Countering", f"{frec.name} cannot be played now")
        if not any(names_card(e.subject or "", rec) for e in effects_of(frec, COUNTER)):
            raise RuleError("Counter P", f"{frec.name} cannot counter {rec.name}")
        a = self.autarch(seat)
        a.hand.remove(flash)
        a.in_ovo.append(flash)
        if counter_provider is not None and self.rules.counters_countered:
            self.countering_depth += 1
            try:
                undone = self._countered(flash, card, counter_provider, action)
            finally:
                self.countering_depth -= 1
            if undone:
                self._say(f"{a.name}'s {frec.name} is countered: {rec.name} is not.")
                return False
        self._say(f"{a.name} plays the {frec.card_type} {frec.name} to counter {rec.name};"
                  f" {rec.name} is discarded.")
        return True

    def check_maneuvers(
        self,
        seat: int,
        allies: Sequence[int],
        maneuvers: Mapping[int, Sequence[int]] | None,
        kind: CardType,
    ) -> None:
        """Raise :class:`RuleError` unless every maneuver is a ``kind`` card in ``seat``'s
        hand, played from an involved Ally it may be played from."""
        if not maneuvers:
            return
        hand = self.autarch(seat).hand
        cards = [c for cs in maneuvers.values() for c in cs]
        if len(set(cards)) != len(cards):
            raise RuleError(str(kind), "each card is played once")
        for ally, cs in maneuvers.items():
            if ally not in allies:
                raise RuleError(str(kind), f"{self.name(ally)} is not involved")
            actor = self.record(ally)
            for card in cs:
                rec = self.record(card)
                if card not in hand or rec.card_type is not kind:
                    raise RuleError(str(kind), f"{rec.name} is not a {kind} in hand")
                if not may_receive(rec, actor):
                    raise RuleError("Target Characters and Acting Allies",
                                    f"{rec.name} cannot be played from {actor.name}")

    def _play_maneuvers(
        self,
        seat: int,
        allies: Sequence[int],
        maneuvers: Mapping[int, Sequence[int]] | None,
        kind: CardType,
        site: int | None = None,
        counter: tuple[CounterProvider, Sequence[int]] | None = None,
        opponents: Sequence[int] = (),
        targets: Mapping[int, int] | None = None,
        left: list[int] | None = None,
    ) -> dict[int, int]:
        """Play maneuver cards from hand through involved Allies; returns the bonus per
        Ally of the instant ones, whose effects end with the action. A permanent one
        attaches to its Ally and keeps its effect while it stays there (counted by
        :meth:`magic_mod`/:meth:`strength_mod`; "Permanents and Instants"). A printed
        condition applies as printed ("Target Characters and Acting Allies"): a card
        for an "Acting Maestro" cannot be played from another Ally. Other printed
        effects (:mod:`.card_effects`, e.g. "Target involved Site is Resistance -2 until
        end of round" on ``site``, the Site seized) resolve as the card is played.
        ``counter``: the counter provider and the seats involved; each card may be
        countered before it resolves ("Timing and Countering"). In a challenge:
        ``opponents`` (the other side), ``targets`` (card -> the involved character a
        "Deal N damage to target involved character" hits; default the opponent of the
        lowest Strength), ``left`` (receives the Allies that "Remove acting Ally from
        the challenge")."""
        bonus: dict[int, int] = {}
        if not maneuvers:
            return bonus
        self.check_maneuvers(seat, allies, maneuvers, kind)
        a = self.autarch(seat)
        stat = STRENGTH if kind is CardType.COMBAT_MANEUVER else MAGIC
        involved = [self.record(x) for x in allies]
        for ally, cards in maneuvers.items():
            actor = self.record(ally)
            for card in cards:
                rec = self.record(card)
                amount = stat_bonus(rec, stat, actor, involved)
                if not rec.permanent:  # an attached one counts through attached_versus
                    amount += self._instant_versus(rec, site, opponents)
                a.hand.remove(card)
                if counter is not None and self._countered(card, ally, counter[0],
                                                           (kind, counter[1])):
                    a.in_ovo.append(card)
                    continue
                self._place_played(card, ally, seat)
                if not rec.permanent:
                    bonus[ally] = bonus.get(ally, 0) + amount
                lasts = " while it stays in play" if rec.permanent else ""
                hit = self._maneuver_target(card, opponents, targets)
                done = self.resolve_played(card, seat, hit, actor=ally, site=site)
                if left is not None and effects_of(rec, LEAVE_CHALLENGE):
                    left.append(ally)
                if rec.permanent and site is not None and (
                        versus := site_bonus(rec, self.record(site))):
                    done = [f"{versus:+d} versus {self.name(site)}{lasts}", *done]
                what = "; ".join([f"{amount:+d}{lasts}"] * bool(amount or not done) + done)
                self._say(f"{self.name(ally)} plays {rec.name} ({what}).")
                self.note_unapplied(card)
        return bonus

    def _maneuver_target(self, card: int, opponents: Sequence[int],
                         targets: Mapping[int, int] | None) -> int | None:
        """The involved character a maneuver's "target involved character" names: the
        one in ``targets``, else the live opponent of the lowest Strength (ruling
        ``played-effects``); ``None`` for a card naming no such target."""
        if not any(e.condition == "involved"
                   for e in effects_of(self.record(card), MANEUVER_DAMAGE)):
            return None
        if targets and card in targets:
            return targets[card]
        live = self._live(opponents)
        return min(live, key=lambda c: ((self.record(c).strength or 0) + self.strength_mod(c), c),
                   default=None)

    def play_flash(
        self,
        seat: int,
        card: int,
        target: int | None = None,
        counter_provider: CounterProvider | None = None,
    ) -> bool:
        """Play a Flash in the Autarch or Ally phase. Before it resolves, an Autarch may
        counter it with an unpivoted active Ally whose "Counters P" names it; then the
        Flash is discarded and the Ally pivots. Returns True if the Flash resolved (its
        effect is not modelled: an instant goes to the In Ovo, a permanent attaches to
        ``target``)."""
        s = self.table
        if s.phase not in (AUTARCH_PHASE, ALLY_PHASE) or s.over:
            raise RuleError("Types of Cards: Flashes", "Flashes are played in the Autarch or"
                            " Ally phase")
        a = self.autarch(seat)
        rec = self.record(card)
        if card not in a.hand or rec.card_type is not CardType.FLASH:
            raise RuleError("Types of Cards: Flashes", f"{rec.name} is not a Flash in hand")
        if only_counters(rec):
            raise RuleError("Timing and Countering", f"{rec.name} is played only to counter a"
                            " card or action, after it is played")
        if target is not None and target not in self.targetable():
            raise RuleError("Types of Cards: Flashes",
                            f"{self.name(target)} is not a card in play to target")
        self.check_played_target(rec, seat, target, required=True)
        a.hand.remove(card)
        on = f" on {self.name(target)}" if target is not None else ""
        self._say(f"{a.name} plays the Flash {rec.name}{on}.")
        try:
            countered = self._countered(card, target, counter_provider)
        except RuleError:
            a.hand.append(card)
            raise
        if countered:
            a.in_ovo.append(card)
            return False
        self.resolve_and_log(card, seat, target, f"{rec.name} resolves: ")
        return True
