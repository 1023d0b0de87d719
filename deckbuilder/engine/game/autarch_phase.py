""""Phase 2: Autarch Phase": revealing Sites, playing Paths, then one Dictate, a Site's
Dictate-icon power or a reassignment of Allies.
"""

from __future__ import annotations

from collections.abc import Sequence

from card_db.names import fold_name
from card_db.records import CardType
from deckbuilder.engine.game.core import (
    AUTARCH_PHASE,
    CounterProvider,
    GameCore,
    Turn,
)
from deckbuilder.engine.powers.card_effects import (
    CLOSED_ROADS,
    STAY_IN_RESERVE,
)
from deckbuilder.engine.powers.immunity import immunity
from deckbuilder.engine.powers.maneuvers import (
    effect_note,
)
from deckbuilder.engine.powers.site_traits import (
    DRAW,
    MOVE_FORWARD,
    site_power,
)
from deckbuilder.engine.rules.cards import (
    describe,
    is_site,
)
from deckbuilder.engine.rules.errors import RuleError
from deckbuilder.engine.rules.paths import path_fits_site


class AutarchPhase(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for this part of play
    (module doc)."""

    def can_reveal(self, seat: int, card: int) -> bool:
        rec = self.record(card)
        return (
            card in self.autarch(seat).hand
            and is_site(rec)
            and not (rec.unique and fold_name(rec.name) in self.unique_names_in_play())
        )

    def reveal_site(self, seat: int, site: int) -> int | None:
        """Place a Site from hand to the Circle and draw its replacement ("Reveal Sites").
        Returns the replacement card (``None`` if the Destiny is empty)."""
        self._require_before_dictate(seat, "Sites")
        a = self.autarch(seat)
        rec = self.record(site)
        if site not in a.hand or not is_site(rec):
            raise RuleError("Reveal Sites", f"{rec.name} is not a Site in {a.name}'s hand")
        if rec.unique and fold_name(rec.name) in self.unique_names_in_play():
            raise RuleError("Unique Cards", f"{rec.name} is already in play")
        a.hand.remove(site)
        self.table.circle.append(site)
        new = self._draw(seat)
        drew = f"draws {self.name(new)}" if new is not None else "cannot draw (empty Destiny)"
        self._say(f"{a.name} reveals {describe(rec)} to the Circle and {drew}.")
        return new

    def play_path(self, seat: int, path: int, site: int) -> None:
        """Play a Path face down on a Site of its Dominion in the Circle ("Play Paths")."""
        self._require_before_dictate(seat, "Paths")
        a = self.autarch(seat)
        prec, srec = self.record(path), self.record(site)
        if path not in a.hand or prec.card_type is not CardType.PATH:
            raise RuleError("Play Paths", f"{prec.name} is not a Path in {a.name}'s hand")
        if site not in self.table.circle:
            raise RuleError("Play Paths", f"{srec.name} is not in the Circle")
        if not path_fits_site(prec, srec):
            raise RuleError("Play Paths", f"{prec.name} does not match {srec.name}'s Dominion")
        if self.restricted(site, CLOSED_ROADS):
            raise RuleError("Play Paths", f"Paths cannot be played on {srec.name}")
        a.hand.remove(path)
        self.table.paths.setdefault(site, []).append(path)
        self._say(f"{a.name} plays a Path face down on {srec.name}.")

    def _require_before_dictate(self, seat: int, what: str) -> Turn:
        """"Phase 2: Autarch Phase": after a Dictate or a reassignment the turn is over
        (ruling ``dictate-ends-turn``)."""
        t = self._require_turn(seat, AUTARCH_PHASE)
        if t.dictate_used:
            raise RuleError("Phase 2: Autarch Phase", f"{self._who(seat)} made the turn's"
                            f" Dictate: the turn is over, no more {what} this round")
        return t

    def _use_dictate(self, t: Turn) -> None:
        if t.dictate_used:
            raise RuleError("Dictate", "only one Dictate, or one reassignment, per turn")
        t.dictate_used = True

    def play_dictate(
        self,
        seat: int,
        card: int,
        target: int | None = None,
        counter_provider: CounterProvider | None = None,
    ) -> bool:
        """Play one Dictate (it is the turn's Dictate even if countered). An instant
        Dictate goes to the In Ovo; a permanent one stays in play, under ``target`` if
        given, else among the cards affecting its Autarch. Its printed effect is modelled
        only as :mod:`.maneuvers` and :mod:`.turn_effects` read it. Returns True if it
        resolved (not countered)."""
        t = self._require_turn(seat, AUTARCH_PHASE)
        a = self.autarch(seat)
        rec = self.record(card)
        if card not in a.hand or rec.card_type is not CardType.DICTATE:
            raise RuleError("Dictate", f"{rec.name} is not a Dictate in {a.name}'s hand")
        if target is not None and target not in self.targetable():
            raise RuleError("Dictate", f"{self.name(target)} is not a card in play to target")
        self.check_played_target(rec, seat, target, required=True)
        self._use_dictate(t)
        a.hand.remove(card)
        self._say(f"{a.name} plays the Dictate {rec.name}.")
        if self._countered(card, target, counter_provider):
            a.in_ovo.append(card)
            return False
        self.resolve_and_log(card, seat, target, f"{rec.name}: ")
        return True

    def use_site_power(self, seat: int, site: int, target: int | None = None) -> None:
        """Use the Dictate-icon power of a Site in ``seat``'s State, as the turn's Dictate;
        the Site pivots after ("Card Powers, Traits, and Special Rules": Site powers need
        the Site secured; ruling ``site-power-dictate``). ``target``: the reserve Ally to
        move for "Target Ally in your reserve may move to your active area"."""
        section = "Card Powers, Traits, and Special Rules"
        t = self._require_turn(seat, AUTARCH_PHASE)
        a = self.autarch(seat)
        rec = self.record(site)
        if a.realm.secured(site) is None:
            raise RuleError(section, f"{rec.name} is not secured in {a.name}'s State")
        if site in self.table.pivoted:
            raise RuleError("Pivoted Cards", f"{rec.name} is pivoted")
        power = site_power(rec)
        if power is None or (rec.activation_icon or "").casefold() != "dictate":
            raise RuleError(section, f"{rec.name} has no Dictate power the engine models")
        kind, n = power
        if kind == MOVE_FORWARD and (target not in a.realm.reserve or target in self.table.pivoted
                                     or self.restricted(target, STAY_IN_RESERVE)):
            raise RuleError(section, "name an unpivoted Ally in your Reserve free to move")
        self._use_dictate(t)
        if kind == DRAW:
            drawn = [c for c in (self._draw(seat) for _ in range(n)) if c is not None]
            done = f"{a.name} draws {self._names(drawn)}"
        elif kind == MOVE_FORWARD:
            a.realm.reserve.remove(target)  # type: ignore[arg-type]
            a.realm.active.append(target)  # type: ignore[arg-type]
            done = f"{self.name(target)} moves to the active area"  # type: ignore[arg-type]
        else:
            done = f"{a.name} looks at {self._names(a.destiny.cards[:n])}"
        self.table.pivoted.add(site)
        self._say(f"{a.name} uses {rec.name}'s power: {done}; {rec.name} pivots.")

    def resolve_and_log(self, card: int, seat: int, target: int | None, said: str, *,
                        actor: int | None = None) -> None:
        """Place a played Dictate, Flash or Ally Action (:meth:`_place_played`: on
        ``actor`` when it names no ``target``), resolve its effects and log them after
        ``said`` ("Name: " or "Name resolves: "); a power not applied is noted
        (:meth:`note_unapplied`)."""
        rec = self.record(card)
        if self._place_played(card, actor if target is None else target, seat):
            done = self.resolve_played(card, seat, target, actor=actor)
            targeted = target is not None or actor is not None
            self._say(f"{said}{self.played_note(rec, done, effect_note(rec, targeted))}.")
            self.note_unapplied(card)

    def _place_played(self, card: int, target: int | None, seat: int) -> bool:
        """Put a played non-character card where the rules send it ("Permanents and
        Instants"): instants to the owner's In Ovo, permanents under their target.
        A target immune to the card ("Affiliations": Adorer, Oviate) is not affected:
        the card is used and goes to the In Ovo. Returns False in that case."""
        rec = self.record(card)
        immune = immunity(self.record(target), rec) if target is not None else None
        if immune is not None:
            self.autarch(self.table.owners[card]).in_ovo.append(card)
            self._say(f"{self.name(target)} is immune to {rec.name} ({immune});"  # type: ignore[arg-type]
                      " the card is used without effect.")
            return False
        if not rec.permanent:
            self.autarch(self.table.owners[card]).in_ovo.append(card)
        elif target is not None:
            self.table.attached.setdefault(target, []).append(card)
        else:
            self.autarch(seat).effects.append(card)
        return True

    def reassign(self, seat: int, moves: Sequence[tuple[int, int | None]]) -> list[int]:
        """Reassign Allies (uses the turn's Dictate): each move is ``(ally, site)`` to a
        Site in the State, or ``(ally, None)`` for the Reserve. Allowed: Site to Site,
        active area to Site, State to Reserve, pivoted or not. After each move a Site
        whose remaining Holders lack the influence to secure it becomes uncontrolled
        ("Reassign Allies", "Losing Controlled Sites"). Returns the Sites lost."""
        t = self._require_turn(seat, AUTARCH_PHASE)
        realm = self.autarch(seat).realm
        for ally, dest in moves:
            src = next((e for e in realm.state if ally in e.holders), None)
            if src is None and ally not in realm.active:
                raise RuleError("Reassign Allies", f"{self.name(ally)} is not a Holder or active")
            if dest is None and src is None:
                raise RuleError("Reassign Allies", "only Holders in the State go to the Reserve")
            if dest is not None and realm.secured(dest) is None:
                raise RuleError("Reassign Allies", f"{self.name(dest)} is not in the State")
        self._use_dictate(t)
        lost: list[int] = []
        for ally, dest in moves:
            src = next((e for e in realm.state if ally in e.holders), None)
            if dest is not None and realm.secured(dest) is None:
                continue  # its Site was lost by an earlier move this turn
            if src is None:
                if ally not in realm.active:
                    continue
                realm.active.remove(ally)
            else:
                src.holders.remove(ally)
            if dest is None:
                realm.reserve.append(ally)
                where = "the Reserve"
            else:
                realm.secured(dest).holders.append(ally)  # type: ignore[union-attr]
                where = self.name(dest)
            self._say(f"{self._who(seat)} reassigns {self.name(ally)} to {where}.")
            if src is not None and not self.is_held(src):
                lost.append(src.site)
                self.lose_site(seat, src.site)
        return lost
