"""Shuffling of our own, so that a seed deals the same tiles on every machine and release.

SHA-256 in counter mode over ``(seed, hand number)`` gives each tile a random 64-bit key, and
the tiles are dealt in key order: nothing here depends on Python's ``random`` module, whose
algorithms may change between releases.

>>> shuffled(28, seed=1, hand_number=0)[:7]
[3, 10, 20, 15, 18, 4, 23]
>>> shuffled(28, 1, 0) == shuffled(28, 1, 0) != shuffled(28, 1, 1)
True
"""

from __future__ import annotations

import functools
import hashlib
import struct
from collections.abc import Iterator
from typing import Final

_DOMAIN: Final = b"doublesix/deal/v1"


def random_words(seed: int, hand_number: int) -> Iterator[int]:
    """An endless stream of 64-bit words determined by ``seed`` and ``hand_number`` alone."""
    key = _key(seed, hand_number)
    counter = 0
    while True:
        yield from _block(key, counter)
        counter += 1


def shuffled(count: int, seed: int, hand_number: int = 0) -> list[int]:
    """The numbers ``0..count-1`` in the order hand ``hand_number`` of match ``seed`` deals them.

    Number ``i`` gets the ``i``-th word of :func:`random_words` as its key and the numbers are
    sorted by key: a uniformly random order (two equal 64-bit keys, about one chance in 10**16
    for a double-twelve set, keep their numbers' order).  Sorting runs in C, which makes this
    several times faster than a Fisher-Yates loop in Python, with the same distribution.
    """
    key = _key(seed, hand_number)
    data = b"".join([_sha256(key + counter).digest() for counter in _COUNTERS[: (count + 3) // 4]])
    words = _words(count).unpack_from(data)
    return sorted(range(count), key=words.__getitem__)




_sha256: Final = hashlib.sha256
_COUNTERS: Final = tuple(counter.to_bytes(8, "big") for counter in range(64))


@functools.cache
def _words(count: int) -> struct.Struct:
    return struct.Struct(f">{count}Q")


def _key(seed: int, hand_number: int) -> bytes:
    return _DOMAIN + f"/{seed}/{hand_number}/".encode()


def _block(key: bytes, counter: int) -> tuple[int, int, int, int]:
    """Four words: SHA-256 of the key and a counter, read as big-endian 64-bit numbers."""
    digest = hashlib.sha256(key + counter.to_bytes(8, "big")).digest()
    return struct.unpack(">4Q", digest)
