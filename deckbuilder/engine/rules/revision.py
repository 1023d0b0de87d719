"""Rules revisions: which of the engine's rule changes a game is played under.

A saved game replays through the engine to the log it was recorded with only if the
engine applies the rules it was played under. When a ruling changes what happens in
play (issue 22, section 3), the change gets a flag here and the revision number is
raised; a :class:`~deckbuilder.engine.game.Game` built with an older
:class:`RulesRevision` applies the older reading of each flag that is off. New games
are played under :data:`CURRENT`. A saved game records the number of the revision it
was begun under (:mod:`~deckbuilder.engine.records.play_record`, ``"rules"``) and keeps
it to its end, resumed or replayed.

Revision 0: the rules of the app's saved-game formats 1 to 3 (before issue 22).
Revision 1 (issue 22, section 3), each flag naming the ruling in
:mod:`.rulings` that says what is decided and why:

- ``beginning_effects_in_coming_of_order`` (ruling ``turn-effects``): "at the beginning
  of a turn" effects take effect in the Coming of Order, before the cards unpivot and
  the two draws; before, at the start of each Autarch's Autarch-phase turn, after them.
- ``maestro_with_companions`` (ruling ``maestro-alone``): a Maestro among the seizing
  Allies or the Holders meets the Resistance with or without companions; before, only a
  Maestro by itself did (so a companion reassigned beside a Maestro holding a Site
  above the group's influence made the Site lost, "Losing Controlled Sites").
- ``one_action_per_ally`` (ruling ``one-action-per-turn``): an Ally a Flash unpivots
  after its action does not act again that turn; before, it could.
- ``versus_raises_strength`` ("Some Special Traits: +N Versus X"): a character's "+N
  versus X" raises the Strength damage must exceed against X, as well as its combat
  strength; before, damage was measured against the printed Strength and its lasting
  modifiers only.
- ``last_autarch_wins`` (ruling ``last-autarch-wins``): in a game of three or more,
  the last Autarch left after removals wins at once; before, only in a two-player game.
- ``flashes_after_damage`` ("Challenge Summary", step 6): every Autarch may play Flashes
  once a challenge's damage is dealt, before the dead are discarded; before, not.
- ``counters_countered`` (ruling ``counter-chains``): a card played to counter is itself
  offered for countering; before, it was not.

The last two add decisions, which games saved before format 4 did not record: while
their recorded decisions are played back the replay does not ask them
(:attr:`~deckbuilder.engine.records.play_record.PlayRecord.v3_choices`); the flags keep
them unasked when such a game is resumed, as the other flags keep the older readings.

The three goldfish cores play one Autarch under the current rules; they need no flag.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckbuilder.engine.rules.errors import EngineError


@dataclass(frozen=True, slots=True)
class RulesRevision:
    """One revision of the engine's rules: its ``number`` and one flag per rule change
    (module doc); a flag that is False applies the older reading."""

    number: int
    beginning_effects_in_coming_of_order: bool
    maestro_with_companions: bool
    one_action_per_ally: bool
    versus_raises_strength: bool
    last_autarch_wins: bool
    flashes_after_damage: bool
    counters_countered: bool


#: Every revision, by number: revision ``n`` is ``REVISIONS[n]``.
REVISIONS: tuple[RulesRevision, ...] = (
    RulesRevision(0, beginning_effects_in_coming_of_order=False,
                  maestro_with_companions=False, one_action_per_ally=False,
                  versus_raises_strength=False, last_autarch_wins=False,
                  flashes_after_damage=False, counters_countered=False),
    RulesRevision(1, beginning_effects_in_coming_of_order=True,
                  maestro_with_companions=True, one_action_per_ally=True,
                  versus_raises_strength=True, last_autarch_wins=True,
                  flashes_after_damage=True, counters_countered=True),
)
#: The rules of new games.
CURRENT = REVISIONS[-1]
#: The revision of games saved in formats 1 to 3 (before issue 22).
BEFORE_ISSUE_22 = REVISIONS[0]


def revision(number: int) -> RulesRevision:
    """The revision called ``number``; :class:`~.errors.EngineError` if there is none
    (a saved game's number is checked by the record's reader before it gets here)."""
    if not 0 <= number < len(REVISIONS):
        raise EngineError(f"no rules revision {number}")
    return REVISIONS[number]


__all__ = ["BEFORE_ISSUE_22", "CURRENT", "REVISIONS", "RulesRevision", "revision"]
