"""The game definition: a box's parts list as its rulebook states it (see the package)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from card_db.errors import UserError

SCHEMA_VERSION = 1

KINDS = ("card", "deck", "token", "die", "board", "mat", "tile", "screen", "sheet", "model",
         "bag")
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

    def as_dict(self) -> dict[str, Any]:
        """subject, group, statements (source, evidence, value), used, why."""
        return {
            "subject": self.subject,
            "group": list(self.group) if self.group is not None else None,
            "statements": [{"source": s.source.section, "evidence": s.source.evidence,
                            "value": s.value} for s in self.statements],
            "used": self.used,
            "why": self.why,
        }

    def describe(self) -> list[str]:
        """Lines for a person: the subject, each statement (the used one marked), why."""
        lines = [f"contradiction: {self.subject}"]
        for index, statement in enumerate(self.statements):
            mark = "used" if index == self.used else "not used"
            value = f" = {statement.value}" if statement.value is not None else ""
            lines.append(f"  {statement.source.section}: \"{statement.source.evidence}\""
                         f"{value} ({mark})")
        lines.append(f"  why: {self.why}")
        return lines


@dataclass(frozen=True)
class Edition:
    """One edition of the game's box: its short ``name`` (``"retail"``), a ``title`` for
    people, the ``source`` its parts list is read from (a rulebook file of
    ``../shared/rulebook`` or the address of the publisher's page), its own
    ``components`` and ``notes``."""

    name: str
    title: str
    source: str
    components: tuple[Component, ...]
    notes: tuple[str, ...] = ()

    @property
    def total_components(self) -> int:
        """How many pieces a complete copy of this edition holds."""
        return sum(c.count for c in self.components)

    def as_dict(self) -> dict[str, Any]:
        """name, title, source, components (as :meth:`GameDefinition.as_dict`),
        total_components, notes."""
        return {"name": self.name, "title": self.title, "source": self.source,
                "components": [_component_dict(c) for c in self.components],
                "total_components": self.total_components, "notes": list(self.notes)}


def _component_dict(c: Component) -> dict[str, Any]:
    return {"name": c.name, "group": list(c.group), "kind": c.kind, "count": c.count,
            "source": c.source.section, "estimated": list(c.estimated)}


@dataclass(frozen=True)
class GameDefinition:
    """A game's box as its rulebook describes it.

    A game printed in several editions names the one its top-level parts list
    describes (``edition``, ``edition_title``; the rulebook is its source) and lists
    the others in ``editions``, each with its own parts list and source;
    :meth:`for_edition` gives the definition of one of them.
    """

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
    edition: str | None = None
    edition_title: str | None = None
    editions: tuple[Edition, ...] = ()

    def all_editions(self) -> tuple[Edition, ...]:
        """Every edition, this definition's own first; ``()`` for a game without
        editions."""
        if self.edition is None:
            return ()
        own = Edition(self.edition, self.edition_title or self.edition, self.rulebook,
                      self.components, self.notes)
        return (own, *self.editions)

    def edition_names(self) -> tuple[str, ...]:
        """The names of :meth:`all_editions`."""
        return tuple(e.name for e in self.all_editions())

    def for_edition(self, name: str | None) -> GameDefinition:
        """The definition of the edition ``name`` (``None``, ``""`` or this definition's
        own edition: itself): its parts list, source and notes, the requirements
        whose component or group it has, no group totals or contradictions (those
        are the rulebook's). KeyError for an edition the game does not have."""
        if not name or name == self.edition:
            return self
        edition = next((e for e in self.editions if e.name == name), None)
        if edition is None:
            raise KeyError(name)
        variant = replace(self, components=edition.components, groups=(),
                          contradictions=(), notes=edition.notes, rulebook=edition.source,
                          edition=edition.name, edition_title=edition.title, editions=())
        kept = tuple(r for r in self.requires
                     if (r.component is not None and any(
                         r.component in (c.name, *c.also_called) for c in variant.components))
                     or (r.group is not None and variant.in_group(r.group)))
        return replace(variant, requires=kept)

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
        total_components, notes, contradictions (subject, group or ``None``, the
        statements each with source section, evidence and value or ``None``, the
        index of the one ``used`` and ``why``), edition (name and title of the edition
        this parts list describes, or ``None``) and editions (the others, each with
        its name, title, source, components, total_components and notes)."""
        return {
            "game": self.name,
            "publisher": self.publisher.value if self.publisher else None,
            "year": self.year.value if self.year else None,
            "players": {"min": self.players.min, "max": self.players.max},
            "source": self.rulebook,
            "components": [_component_dict(c) for c in self.components],
            "total_components": self.total_components,
            "notes": list(self.notes),
            "contradictions": [c.as_dict() for c in self.contradictions],
            "edition": ({"name": self.edition, "title": self.edition_title or self.edition}
                        if self.edition else None),
            "editions": [e.as_dict() for e in self.editions],
        }

    def group_paths(self) -> tuple[tuple[str, ...], ...]:
        """Every group path and its prefixes, in the order they first appear."""
        seen: dict[tuple[str, ...], None] = {}
        for component in self.components:
            for depth in range(1, len(component.group) + 1):
                seen.setdefault(component.group[:depth], None)
        return tuple(seen)
