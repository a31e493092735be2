"""The search's random numbers: SplitMix64, written so that the pure Python search and the
compiled core (:mod:`doublesix.ai._core`) draw exactly the same numbers from the same seed.

Python's :class:`random.Random` cannot be matched bit for bit in C without copying its
internals, so the search carries its own small generator: Steele, Lea and Flood's SplitMix64
(the seeding generator of xoshiro), 64-bit integer arithmetic only.  Numbers below ``n`` are
taken from the high 32 bits by multiplication (Lemire's method without the rejection step: a
bias below one part in 2**26 for the sizes the search asks for), floats from the high 53 bits.

>>> rng = Rng(1)
>>> [rng.below(10) for _ in range(5)]
[5, 7, 9, 4, 4]
>>> 0.0 <= Rng(2).random() < 1.0
True
"""

from __future__ import annotations

import random

_M64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_TO_FLOAT = 1.0 / (1 << 53)


class Rng:
    """A SplitMix64 generator: ``seed`` is any int (taken modulo 2**64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _M64

    @classmethod
    def from_random(cls, rng: random.Random) -> Rng:
        """A generator seeded from ``rng`` (64 bits of it).

        >>> Rng.from_random(random.Random(3)).state == random.Random(3).getrandbits(64)
        True
        """
        return cls(rng.getrandbits(64))

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = z = (self.state + _GAMMA) & _M64
        z = ((z ^ (z >> 30)) * _MIX1) & _M64
        z = ((z ^ (z >> 27)) * _MIX2) & _M64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number from 0 to ``n - 1`` (``n`` below 2**32)."""
        return ((self.next() >> 32) * n) >> 32

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next() >> 11) * _TO_FLOAT

    def shuffle(self, items: list[int]) -> None:
        """Shuffle ``items`` in place (Fisher and Yates, from the back).

        >>> items = list(range(6))
        >>> Rng(5).shuffle(items)
        >>> sorted(items) == list(range(6))
        True
        """
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def pick(self, pool: list[int], need: int) -> int:
        """``need`` distinct items of ``pool``, as a mask of ``1 << item`` (a partial shuffle
        of ``pool``, which it reorders).

        >>> Rng(4).pick([1, 3, 5, 7], 2).bit_count()
        2
        """
        size = len(pool)
        mask = 0
        for i in range(need):
            j = i + self.below(size - i)
            pool[i], pool[j] = pool[j], pool[i]
            mask |= 1 << pool[i]
        return mask
