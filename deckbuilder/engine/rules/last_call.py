"""The last call for Flashes before a challenge or a contest formally begins.

Rulebook, "Challenge Rival's Ally" and its "Challenge Summary" (step 3), and "Seizing
Sites and Contests": once the defenders of a challenge are named, or once a contest
of a seizure is announced and the Site's Paths are revealed and resolved, every
Autarch at the table, whether involved or not, gets one more chance to play Flashes.
After it, only the involved Autarchs act, and only with maneuvers. Once a challenge's
damage is dealt, every Autarch may play Flashes again before the dead are discarded
("Challenge Summary", step 6; "Autarchs have the opportunity to play Flashes after
damage is dealt, possibly saving a life, or finishing one off"): a second call,
:data:`AFTER_DAMAGE`.

The engine (:meth:`~.game.Game.challenge`, :meth:`~.game.Game.seize`) asks each
Autarch in turn order from the leader, once, through a :data:`~.game.LastCallProvider`;
an Autarch holding no Flash has nothing to play and is not asked. An Autarch answers by
playing its Flashes (:meth:`~.game.Game.play_flash`) while it is asked.
"""

from __future__ import annotations

from dataclasses import dataclass

CHALLENGE = "challenge"
CONTEST = "contest"
#: The Flashes after a challenge's damage is dealt and before the dead are discarded
#: ("Challenge Summary", step 6: "possibly saving a life, or finishing one off").
AFTER_DAMAGE = "after damage"


@dataclass(frozen=True, slots=True)
class LastCall:
    """What is about to begin. ``action``: :data:`CHALLENGE`, :data:`CONTEST` or
    :data:`AFTER_DAMAGE` (the challenge's damage dealt, the dead not yet discarded);
    ``acting_seat``: the challenging or seizing Autarch, with its involved characters
    ``acting``; ``rival_seat``: the defending or contesting Autarch, with ``rival``
    (the target first in a challenge); ``about``: the target of a challenge or the
    Site being seized (card ids)."""

    action: str
    acting_seat: int
    acting: tuple[int, ...]
    rival_seat: int
    rival: tuple[int, ...]
    about: int

    def involved(self, seat: int) -> bool:
        return seat in (self.acting_seat, self.rival_seat)

    def opposing(self, seat: int) -> tuple[int, ...]:
        """The characters opposing ``seat``'s side (the acting side for anyone else)."""
        return self.rival if seat == self.acting_seat else self.acting


__all__ = ["AFTER_DAMAGE", "CHALLENGE", "CONTEST", "LastCall"]
