"""Is a copy of a game complete, what is missing, and can it still be played?

:func:`check_copy` compares the pieces counted in one copy with the parts list of its
:class:`~card_db.games.GameDefinition` and with the game's playability requirements
(the ``[[requires]]`` of its data file, each naming the rule that needs it). Damaged
pieces count as found (a creased card is still played); they are listed apart.
Components with no count given are taken as none found and listed as ``uncounted``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from card_db.errors import UserError
from card_db.games import GameDefinition, Requirement


class InventoryError(UserError):
    """A count that does not fit the game: an unknown component or an impossible number."""


@dataclass(frozen=True)
class ComponentCount:
    """One component of a copy: ``expected`` by the parts list, ``found``, ``damaged``."""

    name: str
    group: tuple[str, ...]
    expected: int
    found: int
    damaged: int = 0

    @property
    def missing(self) -> int:
        return max(0, self.expected - self.found)

    @property
    def surplus(self) -> int:
        return max(0, self.found - self.expected)


@dataclass(frozen=True)
class GroupCount:
    """A group's pieces: ``found`` counts at most the expected number of each component,
    so a surplus in one component does not hide a piece missing from another."""

    path: tuple[str, ...]
    expected: int
    found: int

    @property
    def missing(self) -> int:
        return self.expected - self.found


@dataclass(frozen=True)
class RuleCheck:
    """One playability requirement against the copy.

    ``needed`` is what the smallest game allowed needs (``per_player`` times the
    minimum number of players); ``seats`` is how many players the pieces found allow
    (``None`` for an ``at_least`` requirement).
    """

    requirement: Requirement
    needed: int
    found: int
    seats: int | None

    @property
    def met(self) -> bool:
        return self.found >= self.needed

    @property
    def rule(self) -> str:
        """The rulebook section that states the requirement."""
        return self.requirement.rule.section

    def describe(self) -> str:
        """One line, e.g. ``3.0 Set Up: needs 1 Judgment (white-backed), found 0``."""
        return (f"{self.rule}: needs {self.needed} {self.requirement.target}, "
                f"found {self.found}")


@dataclass(frozen=True)
class CompletenessReport:
    """The completeness of one copy of ``game``."""

    game: str
    components: tuple[ComponentCount, ...]
    groups: tuple[GroupCount, ...]
    checks: tuple[RuleCheck, ...]
    players_supported: int | None
    uncounted: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.missing

    @property
    def missing(self) -> tuple[ComponentCount, ...]:
        return tuple(c for c in self.components if c.missing)

    @property
    def damaged(self) -> tuple[ComponentCount, ...]:
        return tuple(c for c in self.components if c.damaged)

    @property
    def broken_rules(self) -> tuple[RuleCheck, ...]:
        """The requirements the copy does not meet, each naming its rule."""
        return tuple(c for c in self.checks if not c.met)

    @property
    def playable(self) -> bool:
        """Whether the rules' requirements are met for the smallest game allowed."""
        return not self.broken_rules

    def as_dict(self, copy: Any = None) -> dict[str, Any]:
        """The shape of ``shelf missing --json``: game, copy, complete, playable, missing."""
        return {
            "game": self.game, "copy": copy, "complete": self.complete,
            "playable": self.playable,
            "missing": [{"name": c.name, "group": list(c.group), "expected": c.expected,
                         "found": c.found} for c in self.missing],
        }


def _resolve(game: GameDefinition, name: str) -> str:
    try:
        return game.component(name).name
    except KeyError:
        names = [n for c in game.components for n in (c.name, *c.also_called)]
        raise InventoryError(f"{game.name} has no component called {name!r}",
                             suggestions=difflib.get_close_matches(name, names)) from None


def _counts(game: GameDefinition, counts: Mapping[str, int], what: str) -> dict[str, int]:
    resolved: dict[str, int] = {}
    for name, count in counts.items():
        key = _resolve(game, name)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise InventoryError(f"{what} count of {name!r} must be a whole number >= 0, "
                                 f"not {count!r}")
        if key in resolved:
            raise InventoryError(f"{key!r} is counted twice")
        resolved[key] = count
    return resolved


def _check(game: GameDefinition, requirement: Requirement, found: Mapping[str, int]):
    if requirement.component is not None:
        have = found.get(requirement.component, 0)
    else:
        have = sum(found.get(c.name, 0) for c in game.in_group(requirement.group))
    if requirement.per_player:
        return RuleCheck(requirement, requirement.per_player * game.players.min, have,
                         have // requirement.per_player)
    return RuleCheck(requirement, requirement.at_least, have, None)


def _players_supported(game: GameDefinition, checks: tuple[RuleCheck, ...]) -> int | None:
    if any(not c.met for c in checks):
        return 0
    bounds = [c.seats for c in checks if c.seats is not None]
    if game.players.max is not None:
        bounds.append(game.players.max)
    return min(bounds) if bounds else None


def check_copy(
    game: GameDefinition,
    found: Mapping[str, int],
    damaged: Mapping[str, int] | None = None,
) -> CompletenessReport:
    """The completeness report of a copy of ``game``.

    ``found`` maps component names (or their other names) to the number of pieces found;
    ``damaged`` to how many of those are damaged. Raises :class:`InventoryError` for an
    unknown name (with the closest names as suggestions), a negative count, or more
    damaged pieces than found.
    """
    counted = _counts(game, found, "found")
    broken = _counts(game, damaged or {}, "damaged")
    for name, count in broken.items():
        if count > counted.get(name, 0):
            raise InventoryError(f"{count} damaged {name!r} but only "
                                 f"{counted.get(name, 0)} found")
    components = tuple(ComponentCount(c.name, c.group, c.count, counted.get(c.name, 0),
                                      broken.get(c.name, 0)) for c in game.components)
    groups = tuple(
        GroupCount(path, sum(c.expected for c in components if c.group[:len(path)] == path),
                   sum(min(c.found, c.expected) for c in components
                       if c.group[:len(path)] == path))
        for path in game.group_paths())
    checks = tuple(_check(game, r, counted) for r in game.requires)
    return CompletenessReport(
        game=game.name, components=components, groups=groups, checks=checks,
        players_supported=_players_supported(game, checks),
        uncounted=tuple(c.name for c in game.components if c.name not in counted),
    )


def complete_counts(game: GameDefinition) -> dict[str, int]:
    """The counts of a complete copy, by component name (a starting point to edit)."""
    return {c.name: c.count for c in game.components}
