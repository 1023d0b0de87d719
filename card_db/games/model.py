"""The game definition: a box's parts list as its rulebook states it (see the package)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from card_db.errors import UserError

SCHEMA_VERSION = 1

KINDS = ("card", "deck", "token", "die", "board", "mat", "tile", "screen", "sheet", "model")
# stated: the count is written in the evidence; single: the evidence names the item once,
# without a number (count 1); rest-of-group: the stated total of the component's group
# less its other components; estimated: not stated, worked out as the notes explain.
COUNT_BASES = ("stated", "single", "rest-of-group", "estimated")


class GameFileError(UserError):
    """A game file that cannot be read or does not follow the schema.

    ``field`` is the path of the offending value (``components[3].count``) or ``None``.
    """

    def __init__(self, message: str, *, field: str | None = None, **location: Any):
        self.field = field
        super().__init__(f"{field}: {message}" if field else message, **location)


@dataclass(frozen=True)
class Source:
    """Where the rulebook states a fact: a section ``heading`` and a verbatim ``evidence``."""

    section: str
    evidence: str


@dataclass(frozen=True)
class Stated:
    """One stated value (publisher, year, core game) with its source."""

    value: str | int
    source: Source


@dataclass(frozen=True)
class Players:
    """The player counts; ``max`` is ``None`` where the rulebook gives no upper bound."""

    min: int
    max: int | None
    source: Source
    estimated: tuple[str, ...] = ()


@dataclass(frozen=True)
class Component:
    """One kind of piece in the box: ``count`` of them, in ``group`` (outermost first)."""

    name: str
    group: tuple[str, ...]
    kind: str
    count: int
    source: Source
    count_basis: str = "stated"
    back: str | None = None
    also_called: tuple[str, ...] = ()
    summary: str | None = None
    notes: tuple[str, ...] = ()

    @property
    def path(self) -> tuple[str, ...]:
        """The group path followed by the component's name."""
        return (*self.group, self.name)

    @property
    def estimated(self) -> tuple[str, ...]:
        """The fields whose value the rulebook does not state (``("count",)`` or ``()``)."""
        return ("count",) if self.count_basis == "estimated" else ()

    def in_group(self, path: Sequence[str]) -> bool:
        """Whether the component lies in the group ``path`` (a prefix of its group)."""
        return tuple(self.group[: len(path)]) == tuple(path)


@dataclass(frozen=True)
class GroupTotal:
    """A total the rulebook states for a group of components."""

    path: tuple[str, ...]
    total: int
    source: Source


@dataclass(frozen=True)
class Requirement:
    """What the rules need to play: ``at_least`` pieces, or ``per_player`` per player.

    It concerns one component (``component``) or a whole group (``group``).
    """

    rule: Source
    why: str
    component: str | None = None
    group: tuple[str, ...] | None = None
    at_least: int = 0
    per_player: int = 0

    @property
    def target(self) -> str:
        """The component's name or the group path joined with `` > ``."""
        return self.component if self.component is not None else " > ".join(self.group or ())


@dataclass(frozen=True)
class Statement:
    """One side of a contradiction, with the number it gives where it gives one."""

    source: Source
    value: int | None = None


@dataclass(frozen=True)
class Contradiction:
    """Two or more statements of the rulebook that disagree; ``used`` is the app's choice."""

    subject: str
    statements: tuple[Statement, ...]
    used: int
    why: str
    group: tuple[str, ...] | None = None


@dataclass(frozen=True)
class GameDefinition:
    """A game's box as its rulebook describes it."""

    name: str
    rulebook: str
    players: Players
    components: tuple[Component, ...]
    groups: tuple[GroupTotal, ...] = ()
    requires: tuple[Requirement, ...] = ()
    contradictions: tuple[Contradiction, ...] = ()
    publisher: Stated | None = None
    year: Stated | None = None
    expansion_of: Stated | None = None
    notes: tuple[str, ...] = ()

    @property
    def total_components(self) -> int:
        """How many pieces a complete copy holds."""
        return sum(c.count for c in self.components)

    def component(self, name: str) -> Component:
        """The component called ``name`` (or one of its other names); KeyError if none."""
        for component in self.components:
            if name == component.name or name in component.also_called:
                return component
        raise KeyError(name)

    def in_group(self, path: Sequence[str]) -> tuple[Component, ...]:
        """The components in the group ``path`` (and its subgroups)."""
        return tuple(c for c in self.components if c.in_group(path))

    def as_dict(self) -> dict[str, Any]:
        """The shape of ``shelf show --json``: game, publisher, year, players, source
        (the rulebook), components (name, group, kind, count, source, estimated),
        total_components, notes."""
        return {
            "game": self.name,
            "publisher": self.publisher.value if self.publisher else None,
            "year": self.year.value if self.year else None,
            "players": {"min": self.players.min, "max": self.players.max},
            "source": self.rulebook,
            "components": [{"name": c.name, "group": list(c.group), "kind": c.kind,
                            "count": c.count, "source": c.source.section,
                            "estimated": list(c.estimated)} for c in self.components],
            "total_components": self.total_components,
            "notes": list(self.notes),
        }

    def group_paths(self) -> tuple[tuple[str, ...], ...]:
        """Every group path and its prefixes, in the order they first appear."""
        seen: dict[tuple[str, ...], None] = {}
        for component in self.components:
            for depth in range(1, len(component.group) + 1):
                seen.setdefault(component.group[:depth], None)
        return tuple(seen)
