"""The games' own random generator: SplitMix64, whose whole state is one integer, so
cloning a game state copies it for free (random.Random's state is 625 words) and a
saved game replays bit for bit from its seed."""

from __future__ import annotations

from typing import Final

MASK: Final = (1 << 64) - 1


def step(x: int) -> tuple[int, int]:
    """SplitMix64: the next state and a 64-bit output."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return x, z ^ (z >> 31)


def shuffle(x: int, items: list[int]) -> int:
    """Fisher-Yates shuffle of `items` in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        x, z = step(x)
        j = z % (i + 1)
        items[i], items[j] = items[j], items[i]
    return x


def derive_seed(*parts: int) -> int:
    """A 31-bit seed from a run's seed and the indexes that place one game or decision
    in it (a tournament's game and role, an analysis's decision), stable across Python
    versions and processes (no reliance on `hash`)."""
    value = 0x9E3779B1
    for part in parts:
        value = (value * 1_000_003 + part + 0x7F4A7C15) % (1 << 61)
        value ^= value >> 29
    return value % (1 << 31)
