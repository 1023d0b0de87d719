"""Seeds: one master seed gives every goldfish game its own reproducible seed.

Per-game seeds depend only on (master seed, game index), never on how games are split
between processes, so statistics are identical whatever the worker count. The
generator for a game is :class:`random.Random` (Mersenne Twister), whose output for an
integer seed is stable across CPython versions.
"""

from __future__ import annotations

import random

from deckbuilder.engine.rules.errors import EngineError

_MASK64 = (1 << 64) - 1


def splitmix64(x: int) -> int:
    """One SplitMix64 step of ``x`` (any int, reduced mod 2**64) -> a 64-bit int."""
    z = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def game_seed(master_seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a run started with ``master_seed``."""
    if index < 0:
        raise EngineError("game index must be >= 0")
    return splitmix64(splitmix64(master_seed & _MASK64) ^ (index & _MASK64))


def game_seeds(master_seed: int, start: int, stop: int) -> list[int]:
    """``[game_seed(master_seed, i) for i in range(start, stop)]``, computed faster."""
    base = splitmix64(master_seed & _MASK64)
    return [splitmix64(base ^ i) for i in range(start, stop)]


def make_rng(seed: int) -> random.Random:
    """A fresh generator for one game or one sample hand."""
    return random.Random(seed)
