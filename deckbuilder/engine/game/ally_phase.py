""""Phase 3: Ally Phase": establishing alliances, then each Ally's action (an Ally Action
card, an activation power, Tabula Rasa, retreat, idle; seizing and challenging are
:mod:`.seizing` and :mod:`.challenging`).
"""

from __future__ import annotations

from card_db.records import CardType
from deckbuilder.engine.game.core import (
    ALLY_PHASE,
    CounterProvider,
    GameCore,
    Turn,
)
from deckbuilder.engine.powers.maneuvers import (
    may_receive,
    names_a_target,
)
from deckbuilder.engine.powers.recognised import (
    ARTIST_MAGIC_BONUS,
    is_artist,
    site_resistance_power,
)
from deckbuilder.engine.rules import alliances
from deckbuilder.engine.rules.cards import (
    describe,
    is_character,
    is_site,
)
from deckbuilder.engine.rules.errors import RuleError


class AllyPhase(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def establish(self, seat: int, card: int, use_exception: bool = False) -> int:
        """Establish an alliance: a Character from hand goes to the Reserve. Returns the
        Prime counted. ``use_exception``: bring it in as the one Ally from the Dominion
        of a controlled Site ("Establishing alliances")."""
        t = self._require_turn(seat, ALLY_PHASE)
        if t.actions_started:
            raise RuleError("Phase 3: Ally Phase", "alliances are established before actions")
        a = self.autarch(seat)
        rec = self.record(card)
        if card not in a.hand:
            raise RuleError(alliances.SECTION, f"{rec.name} is not in {a.name}'s hand")
        controlled = [self.record(c) for c in a.realm.allies()]
        assert t.allowance is not None
        p = alliances.check_and_spend(
            rec,
            controlled,
            t.allowance,
            self.controlled_site_mask(seat),
            self.unique_names_in_play(),
            use_exception,
        )
        a.hand.remove(card)
        a.realm.reserve.append(card)
        self.established[seat] += 1
        how = "from the Dominion of a controlled Site" if use_exception else f"for Prime {p}"
        self._say(f"{a.name} establishes {describe(rec)} in the Reserve {how}.")
        return p

    def _start_action(self, seat: int) -> Turn:
        t = self._require_turn(seat, ALLY_PHASE)
        t.actions_started = True
        return t

    def _check_actor(self, t: Turn, seat: int, ally: int, section: str,
                     acting: bool = True) -> None:
        self._require_active_unpivoted(seat, ally, section)
        if ally in t.idled:
            raise RuleError("Idle", f"{self.name(ally)} is idled for the rest of this turn")
        if acting and self.rules.one_action_per_ally and ally in t.acted:
            # ruling ``one-action-per-turn`` (rules revision 1)
            raise RuleError("Phase 3: Ally Phase", f"{self.name(ally)} has taken its one"
                            " action this turn")

    def ally_action(
        self,
        seat: int,
        ally: int,
        card: int,
        target: int | None = None,
        counter_provider: CounterProvider | None = None,
    ) -> bool:
        """Play an Ally Action card through an unpivoted active Ally, which pivots (even
        if countered: "a counter prevents the effect of the card, but does not prevent
        the pivot"). A permanent one attaches to ``target``, which only a card naming a
        "target" may give; default the acting Ally ("Target Characters and Acting
        Allies"). Its Magic/Strength bonuses are modelled (:mod:`.maneuvers`), other
        text is not. Returns True if it resolved."""
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, "Ally Action")
        a = self.autarch(seat)
        rec = self.record(card)
        if card not in a.hand or rec.card_type is not CardType.ALLY_ACTION:
            raise RuleError("Ally Action", f"{rec.name} is not an Ally Action card in hand")
        if target is not None and target not in self.targetable():
            raise RuleError("Ally Action", f"{self.name(target)} is not a card in play to target")
        if target not in (None, ally) and not names_a_target(rec):
            raise RuleError("Target Characters and Acting Allies", f"{rec.name} names no"
                            " target: only the acting Ally receives its effect")
        if not may_receive(rec, self.record(ally if target is None else target)):
            raise RuleError("Target Characters and Acting Allies",
                            f"{rec.name} cannot be played from {self.name(ally)}")
        self.check_played_target(rec, seat, target)
        a.hand.remove(card)
        self._say(f"{self.name(ally)} performs {rec.name}.")
        self.table.pivoted.add(ally)
        t.acted.add(ally)
        if self._countered(card, target, counter_provider):
            a.in_ovo.append(card)
            return False
        self.resolve_and_log(card, seat, target, f"{rec.name}: ", actor=ally)
        return True

    def use_power(self, seat: int, ally: int, target: int) -> None:
        """Use an activation power in place of an Ally action; the Ally pivots after.
        Recognised: "Target Site is Resistance -N until end of round" (General
        Rosengarten) and the Artist affiliation's Magic +3 to another Ally until the end
        of the round."""
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, "Card Powers, Traits, and Special Rules")
        rec = self.record(ally)
        amount = site_resistance_power(rec)
        s = self.table
        if amount is not None:
            if target not in s.in_play() or not is_site(self.record(target)):
                raise RuleError("Card Powers, Traits, and Special Rules", "target a Site in play")
            s.resistance_mods[target] = s.resistance_mods.get(target, 0) + amount
            self._say(f"{rec.name} makes {self.name(target)} Resistance {amount:+d} until end"
                      f" of round (now {self.current_resistance(target)}) and pivots.")
        elif is_artist(rec):
            if target == ally or self.controller_of(target) != seat or not is_character(
                self.record(target)
            ):
                raise RuleError("Affiliations: Artist", "give the bonus to another Ally")
            s.magic_mods[target] = s.magic_mods.get(target, 0) + ARTIST_MAGIC_BONUS
            self._say(f"{rec.name} (Artist) gives {self.name(target)} Magic"
                      f" +{ARTIST_MAGIC_BONUS} until the end of the round and pivots.")
        else:
            raise RuleError("Card Powers, Traits, and Special Rules",
                            f"{rec.name} has no activation power the engine models")
        s.pivoted.add(ally)
        t.acted.add(ally)

    def take_back_tabula_rasa(self, seat: int, ally: int, card: int) -> None:
        """"Affiliations: Tabula Rasa": as an Ally action, take an active, unpivoted Tabula
        Rasa Ally back into the hand to send a permanent Ally Action or permanent Flash
        in play to its owner's In Ovo (ruling ``tabula-rasa``)."""
        section = "Affiliations: Tabula Rasa"
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, section)
        arec, crec = self.record(ally), self.record(card)
        if not arec.has_affiliation("Tabula Rasa"):
            raise RuleError(section, f"{arec.name} is not a Tabula Rasa Ally")
        s = self.table
        holder = next((k for k, perms in s.attached.items() if card in perms), None)
        owner_effects = next((x for x in s.autarchs if card in x.effects), None)
        if (crec.card_type not in (CardType.ALLY_ACTION, CardType.FLASH) or not crec.permanent
                or (holder is None and owner_effects is None)):
            raise RuleError(section, f"{crec.name} is not a permanent Ally Action or Flash"
                            " in play")
        self._remove_permanent(card)
        realm = self.autarch(seat).realm
        realm.active.remove(ally)
        self._detach_all(ally)
        self.autarch(s.owners[ally]).hand.append(ally)
        self._say(f"{arec.name} (Tabula Rasa) returns to the hand and sends {crec.name} to"
                  " its owner's In Ovo.")

    def retreat(self, seat: int, ally: int) -> None:
        """Retreat: the Ally moves from the active area to the Reserve and pivots."""
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, "Retreat")
        realm = self.autarch(seat).realm
        realm.active.remove(ally)
        realm.reserve.append(ally)
        self.table.pivoted.add(ally)
        t.acted.add(ally)
        self._say(f"{self.name(ally)} retreats to the Reserve.")

    def idle(self, seat: int, ally: int) -> None:
        """Idle: the Ally takes no action this turn and does not pivot; it may still
        defend or contest on other Autarchs' turns."""
        t = self._start_action(seat)
        self._check_actor(t, seat, ally, "Idle", acting=False)  # idling is no action
        t.idled.add(ally)
        self._say(f"{self.name(ally)} idles.")
