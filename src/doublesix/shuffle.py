"""Shuffling of our own, so that a seed deals the same tiles on every machine and release.

A Fisher-Yates shuffle driven by SHA-256 in counter mode over ``(seed, hand number)``: nothing
here depends on Python's ``random`` module, whose algorithms may change between releases.

>>> shuffled(28, seed=1, hand_number=0)[:7]
[10, 25, 15, 26, 5, 21, 13]
>>> shuffled(28, 1, 0) == shuffled(28, 1, 0) != shuffled(28, 1, 1)
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Final

_DOMAIN: Final = b"doublesix/deal/v1"


def random_words(seed: int, hand_number: int) -> Iterator[int]:
    """An endless stream of 64-bit words determined by ``seed`` and ``hand_number`` alone."""
    key = _DOMAIN + f"/{seed}/{hand_number}/".encode()
    counter = 0
    while True:
        block = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(block[offset : offset + 8], "big")
        counter += 1


def shuffled(count: int, seed: int, hand_number: int = 0) -> list[int]:
    """The numbers ``0..count-1`` in the order hand ``hand_number`` of match ``seed`` deals them.

    Each swap draws an unbiased index by rejection sampling from 64-bit words.
    """
    order = list(range(count))
    words = random_words(seed, hand_number)
    for i in range(count - 1, 0, -1):
        span = i + 1
        limit = (1 << 64) - (1 << 64) % span
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % span
        order[i], order[j] = order[j], order[i]
    return order
