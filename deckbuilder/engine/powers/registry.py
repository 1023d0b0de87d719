"""The registry of card power families: one place that says, for every kind of printed
power the engine knows, how it is written and what becomes of it.

A *family* (:class:`PowerFamily`) declares its rulebook section, the grammar a person
types it in (:attr:`~PowerFamily.grammar`, with an :attr:`~PowerFamily.example`), how it
is recognised in printed text (:attr:`~PowerFamily.read`: a sentence's reading in words,
through the same parsers the engine plays cards with), the card types the full engine
applies it on and the module that does (:attr:`~PowerFamily.applied_by`), and, when the
goldfish autopilot plays it, how it is encoded for the fast cores
(:class:`GoldfishCode`: one integer per card in the
:class:`~deckbuilder.engine.simulation.deck.EngineDeck`, passed to the C core in the slot
its generated header names).

Every family is one module of :mod:`deckbuilder.engine.powers.families` defining
``FAMILY``; :func:`families` finds them all. :mod:`.modelled` (what the engine says it
plays), the deck encoding, the Python fast path, the compiled core's arguments
(:mod:`deckbuilder.engine.simulation.fastcore`) and its header
(:mod:`deckbuilder.engine.simulation.gen_header`) read this registry.

Sources: rulebook "Card Powers, Traits, and Special Rules" and the sections each family
names.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from card_db.records import CardRecord, CardType


@dataclass(frozen=True, slots=True)
class GoldfishCode:
    """How the goldfish cores see a family: ``encode(record)`` is the card's integer
    (0: the autopilot does not play it as this family), stored per card as
    ``EngineDeck.<deck_field>`` and handed to the C core in slot ``SLOT_<c_name>``.
    ``constants``: ``(C macro, value)`` pairs the C core's case for it uses."""

    deck_field: str
    c_name: str
    encode: Callable[[CardRecord], int]
    constants: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PowerFamily:
    """One family of card powers (see the module doc).

    ``read(sentence, abilities)``: the engine's reading of one printed sentence in
    words, or ``None`` if the sentence is not in this family's form (``abilities``: the
    card's parsed keyword abilities, which know the catalogue's Site names and
    affiliations; ``()`` for a sentence typed alone). ``card_types``: the types on
    which the full engine applies it (``()``: any). ``example_type`` and
    ``example_permanent``: a card on which :attr:`example` is played. ``order``: its
    place in listings and in the C core's slots (lower first; more specific forms before
    the general ones they overlap)."""

    name: str
    title: str
    section: str
    grammar: str
    example: str
    applied_by: str
    read: Callable[..., str | None]
    card_types: tuple[CardType, ...] = ()
    example_type: CardType = CardType.CHARACTER
    example_permanent: bool = False
    goldfish: GoldfishCode | None = None
    order: int = 100
    notes: tuple[str, ...] = field(default=())

    def applies_to(self, record: CardRecord) -> bool:
        return not self.card_types or record.card_type in self.card_types


@cache
def families() -> tuple[PowerFamily, ...]:
    """Every family, from the modules of :mod:`deckbuilder.engine.powers.families`, by
    ``(order, name)``. Raises ``RuntimeError`` if two share a name or a C name."""
    from deckbuilder.engine.powers import families as package  # lazy: they import us

    found = []
    for info in pkgutil.iter_modules(package.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        found.append(module.FAMILY)
    found.sort(key=lambda f: (f.order, f.name))
    names = [f.name for f in found]
    c_names = [f.goldfish.c_name for f in found if f.goldfish]
    if len(set(names)) != len(names) or len(set(c_names)) != len(c_names):
        raise RuntimeError("two power families share a name")
    return tuple(found)


def goldfish_families() -> tuple[PowerFamily, ...]:
    """The families the goldfish autopilot plays, in the C core's slot order."""
    return tuple(f for f in families() if f.goldfish is not None)


def family(name: str) -> PowerFamily:
    """The family called ``name``; ``KeyError`` if none is."""
    for f in families():
        if f.name == name:
            return f
    raise KeyError(f"no power family {name!r}")


def reading(record: CardRecord, sentence: str) -> tuple[PowerFamily, str] | None:
    """The first family that reads ``sentence`` on ``record``'s card type, with its
    reading in words; ``None`` if none does."""
    for f in families():
        if f.applies_to(record) and (words := f.read(sentence, record.abilities)) is not None:
            return f, words
    return None


def goldfish_plays(record: CardRecord, f: PowerFamily) -> bool:
    """True if the goldfish autopilot plays ``record`` as family ``f``."""
    return f.goldfish is not None and bool(f.goldfish.encode(record))
