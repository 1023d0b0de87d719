"""Manual adjustments: a power the engine does not play, applied by hand.

A played card (a Dictate, a Flash, an Ally Action, a maneuver, a revealed Path) whose
printed text the engine does not read (:func:`~..powers.modelled.not_modelled`) is
never dropped silently: when it resolves, the log says its power was not applied and
quotes it (:meth:`ManualAdjustments.note_unapplied`), and the card is remembered until
the end of the round (``Table.unapplied``). Until then the Autarch whose turn it is may
apply that card's effect by hand, as players of a virtual table (Cockatrice) do, with
a :class:`~.actions.ManualAdjustment`: a change of a character's Magic or Strength, a
draw, or a discard, logged as a manual adjustment naming the card. The engine checks
only that the adjustment is of a kind the rules have (a character in play, an
Autarch's hand and Destiny); what the card's text means is the person's reading.

When it may be made (ruling ``manual-adjustment`` in :mod:`~..rules.rulings`): at any
move of one's own turn in the round the card was played, in any phase ("Order of
Play"). A Magic or Strength adjustment lasts until the end of the round, as the
engine's other "until end of round" changes (they end with "Phase 4: The
Reconciliation"); an instant card has "an immediate effect" ("Permanents and
Instants"), so its effect outlasting the challenge or seizure it was played in is the
person's call. A draw comes from the Autarch's Destiny, as every draw does ("Phase 1:
Coming of Order"); a discard goes to the owner's In Ovo ("Discarding"). Computer
controllers never make one: it is not among the legal moves listed
(:func:`~.legal.turn_actions`), only accepted when a person chooses it.
"""

from __future__ import annotations

from functools import lru_cache

from card_db.records import CardRecord
from deckbuilder.engine.game.core import GameCore
from deckbuilder.engine.powers.modelled import not_modelled
from deckbuilder.engine.rules.cards import is_character
from deckbuilder.engine.rules.errors import RuleError

MAGIC, STRENGTH, DRAW, DISCARD = "magic", "strength", "draw", "discard"
#: The kinds of manual adjustment, in the order the Play screen offers them.
CHANGES = (MAGIC, STRENGTH, DRAW, DISCARD)
#: Largest Magic/Strength change of one adjustment (either way).
MAX_STAT_CHANGE = 9
#: Most cards drawn or discarded by one adjustment.
MAX_CARDS = 5
#: The section a refused adjustment names.
SECTION = "Card Powers, Traits, and Special Rules"


@lru_cache(maxsize=4096)
def _unplayed(record: CardRecord) -> tuple[str, ...]:
    """The sentences of ``record`` the engine does not play (cached: a card is judged
    once, however often it is played in games and their trial copies)."""
    return tuple(not_modelled(record))


class ManualAdjustments(GameCore):
    """The methods of :class:`~deckbuilder.engine.game.Game` for manual adjustments
    (module doc)."""

    def note_unapplied(self, card: int) -> None:
        """If ``card`` (just played and resolved) has printed text the engine does not
        play: log that its power was not applied, quoting it, and remember the card
        until the end of the round. Nothing for a card whose text is all played."""
        rec = self.record(card)
        texts = _unplayed(rec)
        if not texts:
            return
        s = self.table
        if card not in s.unapplied:
            s.unapplied.append(card)
        quoted = " ".join(texts)
        self._say(f"{rec.name}: its power was not applied: \u201c{quoted}\u201d It may be "
                  "applied by hand this round (a manual adjustment).")

    def adjustable(self, seat: int) -> list[int]:
        """The cards for which ``seat`` may make a manual adjustment now: those played
        this round whose power was not applied, during ``seat``'s own turn (module doc);
        empty otherwise."""
        t = self.turn
        if t is None or t.seat != seat or self.table.over:
            return []
        return list(self.table.unapplied)

    def manual_adjustment(self, seat: int, card: int, change: str, amount: int,
                          target: int | None = None, autarch: int | None = None) -> str:
        """Apply by hand, for ``seat``, an effect of ``card`` (played this round, its
        power not applied): ``change`` one of :data:`CHANGES`.

        - ``magic``/``strength``: ``target`` (a character in play) is Magic/Strength
          ``amount`` (-9..+9, not 0) until end of round.
        - ``draw``: ``autarch`` (a seat; default ``seat``) draws ``amount`` (1..5) cards.
        - ``discard``: ``autarch`` (default ``seat``) discards to the In Ovo ``target``
          (a card in ``seat``'s own hand: only your own hand is seen), or, with no
          ``target``, ``amount`` (1..5) cards at random.

        Returns the log line; :class:`~..errors.RuleError` naming the section for an
        adjustment not allowed now (module doc)."""
        if card not in self.adjustable(seat):
            raise RuleError("Order of Play", f"no manual adjustment for {self.name(card)} now:"
                            " only in your turn, in the round the card was played with its"
                            " power not applied")
        if change in (MAGIC, STRENGTH):
            done = self._adjust_stat(change, amount, target)
        elif change == DRAW:
            done = self._adjust_draw(self._adjusted_seat(seat, autarch), amount)
        elif change == DISCARD:
            done = self._adjust_discard(seat, self._adjusted_seat(seat, autarch), amount, target)
        else:
            raise RuleError(SECTION, f"{change!r} is not a manual adjustment "
                            f"({', '.join(CHANGES)})")
        line = (f"Manual adjustment by {self._who(seat)} for {self.name(card)} "
                f"(its power applied by hand): {done}.")
        self._say(line)
        return line

    def _adjusted_seat(self, seat: int, autarch: int | None) -> int:
        if autarch is None:
            return seat
        s = self.table
        if not 0 <= autarch < len(s.autarchs) or s.autarchs[autarch].eliminated:
            raise RuleError(SECTION, f"there is no Autarch in seat {autarch + 1}")
        return autarch

    def _adjust_stat(self, stat: str, amount: int, target: int | None) -> str:
        if target is None or target not in self.targetable() or \
                not is_character(self.record(target)):
            raise RuleError("Target Characters and Acting Allies",
                            "a Magic or Strength adjustment names a character in play")
        if amount == 0 or abs(amount) > MAX_STAT_CHANGE:
            raise RuleError(SECTION, f"a {stat.title()} adjustment is -{MAX_STAT_CHANGE} to "
                            f"+{MAX_STAT_CHANGE}, not 0")
        s = self.table
        mods = s.magic_mods if stat == MAGIC else s.strength_mods
        mods[target] = mods.get(target, 0) + amount
        return f"{self.name(target)} is {stat.title()} {amount:+d} until end of round"

    def _count(self, amount: int, what: str) -> None:
        if not 1 <= amount <= MAX_CARDS:
            raise RuleError(SECTION, f"{what} 1 to {MAX_CARDS} cards by hand, not {amount}")

    def _adjust_draw(self, autarch: int, amount: int) -> str:
        self._count(amount, "draw")
        drawn = [c for c in (self._draw(autarch) for _ in range(amount)) if c is not None]
        return f"{self._who(autarch)} draws {len(drawn)} card(s)"

    def _adjust_discard(self, seat: int, autarch: int, amount: int, target: int | None) -> str:
        a = self.autarch(autarch)
        if target is not None:
            if autarch != seat or target not in a.hand:
                raise RuleError("Discarding", f"{self.name(target)} is not a card in "
                                f"{self._who(seat)}'s hand")
            a.hand.remove(target)
            a.in_ovo.append(target)
            return f"{a.name} discards {self.name(target)} to the In Ovo"
        self._count(amount, "discard")
        gone = []
        for _ in range(min(amount, len(a.hand))):
            pick = self.rng.choice(a.hand)
            a.hand.remove(pick)
            a.in_ovo.append(pick)
            gone.append(self.name(pick))
        if not gone:
            return f"{a.name} has no card in hand to discard"
        return f"{a.name} discards {', '.join(gone)} at random to the In Ovo"


__all__ = ["CHANGES", "DISCARD", "DRAW", "MAGIC", "MAX_CARDS", "MAX_STAT_CHANGE",
           "ManualAdjustments", "STRENGTH"]
