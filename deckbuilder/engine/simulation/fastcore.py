"""The goldfish core in use: compiled C when it was built, else pure Python.

:func:`make_goldfish` returns the simulator :mod:`.goldfish` and :mod:`.tuning` play on:
a :class:`CompiledGoldfish` (the game of :class:`~.fastpath.FastGoldfish` played by the
C extension ``deckbuilder/engine/simulation/_fastcore.c``, about ten times faster) when the
extension was built at installation and the deck fits its limits, else a
:class:`~.fastpath.FastGoldfish`. Both give the same :class:`~.goldfish_result.GoldfishResult`
and per-round trace for the same seed (``tests/test_engine_fastcore.py`` plays
thousands of seeded games on both); :mod:`.fastpath` and :mod:`.policy` remain the
specification the C code follows.

``pip install`` builds the extension where a C compiler exists and installs without it
where not (``setup.py``); the environment variable ``IMAJICA_GOLDFISH_CORE=python``
chooses the pure-Python core even when the compiled one is there.
"""

from __future__ import annotations

import os

from deckbuilder.engine.powers.registry import goldfish_families
from deckbuilder.engine.rules.errors import EngineError
from deckbuilder.engine.rules.variant import Variant
from deckbuilder.engine.simulation.deck import EngineDeck
from deckbuilder.engine.simulation.fastpath import FastGoldfish
from deckbuilder.engine.simulation.goldfish_result import GoldfishResult
from deckbuilder.engine.simulation.stalls import STALL_REASONS
from deckbuilder.engine.simulation.trace import RoundTrace
from deckbuilder.engine.table.rng import splitmix64

try:
    from deckbuilder.engine.simulation import _fastcore
except ImportError:  # built without a C compiler: the pure-Python core plays
    _fastcore = None

#: Set to ``python`` to play on the pure-Python core even when the compiled one exists.
CORE_ENV = "IMAJICA_GOLDFISH_CORE"

_MASK64 = (1 << 64) - 1
#: The C core's limits (bitmasks in 64-bit words; subset sums in one 64-bit word).
_MAX_BITS = 63
_MAX_CARDS = 1000
_MAX_ALLOWANCE = 200  # the policy's work space grows with allowance x cards


def compiled_available() -> bool:
    """True if the compiled core was built and is not switched off by ``CORE_ENV``."""
    return _fastcore is not None and os.environ.get(CORE_ENV, "").lower() != "python"


def core_name() -> str:
    """``"compiled"`` or ``"pure Python"``: the goldfish core this process plays on."""
    return "compiled" if compiled_available() else "pure Python"


def fits_compiled_core(deck: EngineDeck, variant: Variant) -> bool:
    """True if ``deck`` under ``variant`` is within the C core's limits (``_fastcore.c``):
    at most 63 unique names and 63 "Allies for -N if" conditions, no negative Magic,
    Resistance or Prime, largest Resistance + largest Magic (with every "Acting Ally is
    magic +N" Ally Action and "Target Ally is magic +N" Flash of policy 9) at most 62,
    at most 1,000 cards, a Prime allowance of at most 200."""
    return (
        len(deck) <= _MAX_CARDS
        and max(deck.unique_key, default=-1) < _MAX_BITS
        and len(deck.condition_kinds) < _MAX_BITS
        and min(deck.magic + deck.resistance + deck.prime, default=0) >= 0
        and max(deck.resistance, default=0) + max(deck.magic, default=0)
        + sum(deck.ally_action_magic) + sum(deck.flash_magic) < _MAX_BITS
        and 0 <= variant.prime_allowance <= _MAX_ALLOWANCE
    )


def _core_arguments(sim: FastGoldfish) -> tuple:
    """The arguments of ``_fastcore.Core``: FastGoldfish's precomputed arrays, in the
    order of :data:`.fastcore_layout.BASE_ARRAYS` then the goldfish power families'."""
    deck = sim.deck
    kinds = len(deck.kind_records)
    af_start, af_amount, af_cond = [0], [], []
    for entries in deck.allies_for:
        for amount, cond in entries:
            af_amount.append(amount)
            af_cond.append(cond)
        af_start.append(len(af_amount))
    bonus = [deck.site_bonus.get((a, b), 0) for a in range(kinds) for b in range(kinds)]
    alone = [int((a, b) in deck.hold_alone) for a in range(kinds) for b in range(kinds)]
    tables = deck.maneuvers
    mbase = [tables.base.get((m, a), 0) for m in range(kinds) for a in range(kinds)]
    mper = [int(a in tables.per.get(m, ())) for m in range(kinds) for a in range(kinds)]
    base = (
        deck.ctype, deck.unique_key, deck.dmask, deck.kind, deck.resistance, deck.magic,
        deck.prime, [int(m) for m in deck.maestro], sim.profile,
        [int(a) for a in sim.can_alone], sim.max_influence, af_start, af_amount, af_cond,
        bonus, alone, sim.circle0, sim.pool0, [int(p) for p in deck.seizure_maneuver],
        mbase, mper, [int(m in tables.per) for m in range(kinds)],
        [tables.cut.get(m, 0) for m in range(kinds)],
        [tables.versus.get((m, s), 0) for m in range(kinds) for s in range(kinds)],
    )
    # then each goldfish power family's per-card codes, at the slots _powers.h names
    arrays = base + tuple(deck.powers[f.goldfish.deck_field] for f in goldfish_families())
    variant = sim.variant
    return (
        arrays,
        (sim.card_conditions, sim.kind_cond_bits),
        sim.uniq_bits0,
        variant.prime_allowance,
        variant.dominions_to_win,
        int(variant.border_counts_both),
        int(bool(deck.site_bonus)),
        int(bool(deck.hold_alone)),
        GoldfishResult,
        RoundTrace,
        STALL_REASONS,
    )


class CompiledGoldfish(FastGoldfish):
    """:class:`~.fastpath.FastGoldfish` with its games played by the C core.

    Same constructor and results; seeds outside ``0 <= seed < 2**64`` (never produced
    by :mod:`.rng`) play on the Python code. Raises :class:`RuntimeError` when the
    compiled core is missing, :class:`~..rules.errors.EngineError` for a deck outside its
    limits (:func:`make_goldfish` checks them first).
    """

    def __init__(self, deck: EngineDeck, variant: Variant | None = None):
        super().__init__(deck, variant)
        if _fastcore is None:
            raise RuntimeError("the compiled goldfish core was not built")
        if not fits_compiled_core(self.deck, self.variant):
            raise EngineError("this deck is outside the compiled core's limits")
        self.core = _fastcore.Core(*_core_arguments(self))

    def play(self, seed: int, rounds: int = 10, trace: list[RoundTrace] | None = None
             ) -> GoldfishResult:
        if type(seed) is int and 0 <= seed <= _MASK64 and 1 <= rounds <= 100_000:
            return self.core.play(seed, rounds, trace)
        return super().play(seed, rounds, trace)

    def tally(self, acc, master_seed: int, start: int, stop: int, rounds: int) -> None:
        if not 1 <= rounds <= 100_000 or stop <= start:
            super().tally(acc, master_seed, start, stop, rounds)
            return
        base = splitmix64(master_seed & _MASK64)
        hist, reshuffles, allies, sites, stalls, exhausted = self.core.tally(
            base, start, stop, rounds)
        acc.add_totals(stop - start, hist, reshuffles, allies, sites,
                       dict(zip(STALL_REASONS, stalls, strict=True)), exhausted)

    def win_rounds(self, master_seed: int, start: int, stop: int, rounds: int) -> bytes:
        if not 1 <= rounds <= 127 or stop <= start:
            return super().win_rounds(master_seed, start, stop, rounds)
        return self.core.win_rounds(splitmix64(master_seed & _MASK64), start, stop, rounds)


def make_goldfish(deck: EngineDeck, variant: Variant | None = None) -> FastGoldfish:
    """The fastest simulator for ``deck``: compiled when available and the deck fits
    its limits (:func:`fits_compiled_core`), else pure Python. Raises
    :class:`~.policy.SetupError` for a deck that cannot be set up."""
    variant = variant or Variant()
    if compiled_available() and fits_compiled_core(deck, variant):
        return CompiledGoldfish(deck, variant)
    return FastGoldfish(deck, variant)
