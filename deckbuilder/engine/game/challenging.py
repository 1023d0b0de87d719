""""Challenge Rival's Ally" and its "Challenge Summary": defenders, the last call,
maneuvers, combat and damage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from card_db.records import CardRecord, CardType
from deckbuilder.engine.game.core import (
    CounterProvider,
    DamageProvider,
    DefendProvider,
    GameCore,
    LastCallProvider,
    ManeuverProvider,
    Turn,
)
from deckbuilder.engine.game.responses import _still_involved
from deckbuilder.engine.powers.card_effects import (
    NO_CHALLENGE,
)
from deckbuilder.engine.rules.challenge import (
    ChallengeResult,
    Combatant,
    can_challenge,
    dead,
    resolve_challenge,
)
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.last_call import AFTER_DAMAGE, CHALLENGE, LastCall


class Challenging(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def challenge(
        self,
        seat: int,
        challengers: Sequence[int],
        target: int,
        defend_provider: DefendProvider | None = None,
        maneuvers: Mapping[int, Sequence[int]] | None = None,
        assignment: Mapping[int, int] | None = None,
        defending_maneuvers: ManeuverProvider | None = None,
        counter_provider: CounterProvider | None = None,
        maneuver_targets: Mapping[int, int] | None = None,
        damage_provider: DamageProvider | None = None,
        last_call: LastCallProvider | None = None,
    ) -> ChallengeResult:
        """Challenge a rival's active character ("Challenge Rival's Ally"). The target's
        Autarch may name defenders through ``defend_provider``; then ``last_call``
        asks every Autarch holding a Flash, in turn order, whether it plays Flashes
        ("Challenge Summary", step 3; :mod:`.last_call`). When the challenge
        formally begins (after the defenders are named), the challengers' ``maneuvers``
        and then the defending Autarch's (``defending_maneuvers``) are played ("Challenge
        Summary": only combat maneuvers, only from the involved Autarchs); each may be
        countered through ``counter_provider``. ``maneuver_targets``: card -> the
        involved character a maneuver's "target involved character" names. A character
        a maneuver removes from the challenge (or discards) leaves it unpivoted; if the
        target or every challenger leaves, the challenge ends without combat. The victor
        assigns the damage: ``assignment`` if given, else ``damage_provider``'s answer
        for the victor's seat, else the default. Dead characters are discarded;
        challengers and the target pivot, defenders do not."""
        t = self._start_action(seat)
        s = self.table
        owner, trec = self._check_challenge(t, seat, challengers, target)
        self.check_maneuvers(seat, challengers, maneuvers, CardType.COMBAT_MANEUVER)
        defenders = list(defend_provider(self, owner, target, list(challengers))) if (
            defend_provider) else []
        self._check_defenders(owner, target, defenders)
        self._say(
            f"{self._who(seat)} challenges {trec.name} with {self._names(challengers)};"
            f" defenders: {self._names(defenders)}."
        )
        defending = [target, *defenders]
        everyone = [*challengers, *defending]
        if any(t not in everyone for t in (maneuver_targets or {}).values()):
            raise RuleError("Target Characters and Acting Allies", "a maneuver's target must"
                            " be involved in the challenge")
        t.acted.update(challengers)  # ruling ``one-action-per-turn``
        left: list[int] = []
        if last_call is not None:
            self._last_call(last_call, LastCall(CHALLENGE, seat, tuple(challengers), owner,
                                                tuple(defending), target))
            # a challenger a Flash pivoted or removed is out ("Challenge Summary", 4)
            left += [c for c in challengers if c in s.pivoted or not self._in_action(c)]
            maneuvers = _still_involved(maneuvers, [c for c in challengers if c not in left],
                                        self.autarch(seat).hand)
        counter = (counter_provider, (seat, owner)) if counter_provider else None
        bonus = self._play_maneuvers(seat, challengers, maneuvers, CardType.COMBAT_MANEUVER,
                                     None, counter, defending, maneuver_targets, left)
        theirs = defending_maneuvers(self, owner, defending, list(challengers)) if (
            defending_maneuvers) else None
        dbonus = self._play_maneuvers(owner, defending, theirs, CardType.COMBAT_MANEUVER,
                                      None, counter, challengers, maneuver_targets, left)
        if left or maneuvers or theirs:
            challengers = [c for c in challengers if c not in left and self._in_action(c)]
            defenders = [d for d in defenders if d not in left and self._in_action(d)]
            if not challengers or target in left or not self._in_action(target):
                s.pivoted.update(challengers)
                self._say("The challenge ends without combat.")
                return ChallengeResult(0, 0, None, 0, {}, (), tuple(challengers))
        sides = self._combat_sides(list(challengers), target, defenders, bonus, dbonus)
        if assignment is None and damage_provider is not None:
            assignment = self._victors_assignment(sides, damage_provider, seat, owner)
        result = resolve_challenge(*sides, assignment, self.rules.versus_raises_strength)
        self._say(
            f"Combat strength {result.challenger_strength} against {result.defending_strength}:"
            f" {result.damage} damage"
            + (f", {self._names(result.killed)} killed." if result.killed else ", nobody dies.")
        )
        return self._conclude(result, last_call, seat, owner, list(challengers), target,
                              defenders)

    def _conclude(self, result: ChallengeResult, last_call: LastCallProvider | None,
                  seat: int, owner: int, challengers: list[int], target: int,
                  defenders: list[int]) -> ChallengeResult:
        """"Challenge Summary", steps 5 and 6: the challengers and the target pivot; the
        Flashes after the damage (:meth:`_after_damage`); the dead are discarded."""
        self.table.pivoted.update(result.pivot)
        if last_call is not None and result.damage_assigned and self.rules.flashes_after_damage:
            result = self._after_damage(last_call, result, seat, owner, challengers,
                                        target, defenders)
        for card in result.killed:
            self.discard(card)
        return result

    def _after_damage(self, last_call: LastCallProvider, result: ChallengeResult, seat: int,
                      owner: int, challengers: list[int], target: int, defenders: list[int]
                      ) -> ChallengeResult:
        """"Challenge Summary", step 6: every Autarch may play Flashes once the damage is
        dealt, before the dead are discarded ("possibly saving a life, or finishing one
        off"); who dies is then decided on the Strengths as the Flashes leave them."""
        mark = len(self.log)
        self._last_call(last_call, LastCall(AFTER_DAMAGE, seat, tuple(challengers), owner,
                                            (target, *defenders), target))
        if len(self.log) == mark:
            return result
        live = [c for c in challengers if self.controller_of(c) is not None]
        holders = [d for d in defenders if self.controller_of(d) is not None]
        ours, them, rest = self._combat_sides(live, target, holders, {}, {})
        theirs = [them, *rest] if self.controller_of(target) is not None else rest
        won = result.victor == "challengers"
        killed = dead(result.damage_assigned, theirs if won else ours, ours if won else theirs,
                      self.rules.versus_raises_strength)
        self._say("After the Flashes, " + (f"{self._names(killed)} killed." if killed
                                           else "nobody dies."))
        return replace(result, killed=killed)

    def _check_challenge(self, t: Turn, seat: int, challengers: Sequence[int],
                         target: int) -> tuple[int, CardRecord]:
        """Raise :class:`RuleError` unless ``challengers`` may challenge ``target``
        ("Challenge Rival's Ally", "Affiliations": a Vassal by Prime 5 or more); the
        target's Autarch and record."""
        owner = self.controller_of(target)
        if owner is None or owner == seat or target not in self.autarch(owner).realm.active:
            raise RuleError(
                "Challenge Rival's Ally", "the target must be a rival's active character"
            )
        if not challengers or len(set(challengers)) != len(challengers):
            raise RuleError("Challenge Rival's Ally", "name one or more different challengers")
        trec = self.record(target)
        for c in challengers:
            self._check_actor(t, seat, c, "Challenge Rival's Ally")
            if not can_challenge(self.record(c), trec):
                raise RuleError("Affiliations", f"{self.name(c)} cannot challenge the Vassal"
                                f" {trec.name} (Prime below 5)")
            if self.restricted(c, NO_CHALLENGE):
                raise RuleError("Challenge Rival's Ally", f"{self.name(c)} cannot challenge")
        return owner, trec

    def _victors_assignment(self, sides: tuple[list[Combatant], Combatant, list[Combatant]],
                            damage_provider: DamageProvider, seat: int, owner: int
                            ) -> Mapping[int, int] | None:
        """The damage per character the victor's Autarch assigns ("Challenge Summary":
        the victor assigns the damage among the losing characters); ``None``: no victor
        or the default."""
        trial = resolve_challenge(*sides, None, self.rules.versus_raises_strength)
        if trial.victor is None:
            return None
        won = trial.victor == "challengers"
        challengers, target, defenders = sides
        losers = [target.card, *(d.card for d in defenders)] if won else [
            c.card for c in challengers]
        return damage_provider(self, seat if won else owner, trial.damage, losers)

    def _check_defenders(self, owner: int, target: int, defenders: Sequence[int]) -> None:
        """Defenders are the target's Autarch's other active characters, unpivoted (a
        pivoted Aphrodyte may defend)."""
        orealm = self.autarch(owner).realm
        for d in defenders:
            if d == target or d not in orealm.active:
                raise RuleError("Challenge Rival's Ally", f"{self.name(d)} cannot defend")
            if d in self.table.pivoted and not self.record(d).has_affiliation("Aphrodyte"):
                raise RuleError("Pivoted Cards", f"{self.name(d)} is pivoted and cannot defend")

    def _combat_sides(self, challengers: list[int], target: int, defenders: list[int],
                      bonus: dict[int, int], dbonus: dict[int, int]
                      ) -> tuple[list[Combatant], Combatant, list[Combatant]]:
        """The two sides as :func:`~..rules.challenge.resolve_challenge` takes them, with
        the maneuvers' bonuses and the permanents' "+N versus" ones."""
        s = self.table
        defending = [target, *defenders]
        # A permanent's "+N versus" adjusts the character's Strength ("Some Special
        # Traits: +N Versus X"): it counts in the total and in the Strength damage must
        # exceed, so it is a Strength modifier here, not a maneuver's bonus (rules
        # revision 0, :mod:`~..rules.revision`: a bonus to the total only).
        raises = self.rules.versus_raises_strength

        def side(c: int, pivoted: bool, extra: int, defends: bool) -> Combatant:
            own, opponents = (defending, challengers) if defends else (challengers, defending)
            versus = self.attached_versus(c, opponents)
            mod = self.strength_mod(c, own, defending=defends)
            return Combatant(c, self.record(c), pivoted, extra + (0 if raises else versus),
                             mod + (versus if raises else 0))

        return (
            [side(c, False, bonus.get(c, 0), False) for c in challengers],
            side(target, target in s.pivoted, dbonus.get(target, 0), True),
            [side(d, d in s.pivoted, dbonus.get(d, 0), True) for d in defenders],
        )
