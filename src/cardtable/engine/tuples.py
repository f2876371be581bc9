"""State fields held as tuples (and frozensets): replaced on write, never changed in
place, so `clone()` shares them instead of copying them.

A clone is a few dozen small containers copied; with the rules compiled, most of its
time goes to allocating and freeing them. A field written a few times a round but
cloned at every search iteration is cheaper as a value rebuilt when it changes. These
helpers build the new value; the caller assigns it to the field.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def replace_at(row: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """`row` with entry `i` replaced by `value`."""
    # one list and one tuple built: fewer allocations than joining slices
    out = list(row)
    out[i] = value
    return tuple(out)


def add_to(rows: tuple[tuple[T, ...], ...], i: int, item: T) -> tuple[tuple[T, ...], ...]:
    """`rows` with `item` added at the end of row `i`."""
    return (*rows[:i], (*rows[i], item), *rows[i + 1:])


def without(row: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`row` without the first entry equal to `item` (ValueError if there is none, as
    `list.remove`)."""
    i = row.index(item)
    return row[:i] + row[i + 1:]


def unchain(node: tuple[Any, T] | None) -> list[T]:
    """The entries of a chain of pairs (the chain before, the newest entry), oldest
    first: how both games keep their history, so that a clone shares it whole."""
    out: list[T] = []
    while node is not None:
        out.append(node[1])
        node = node[0]
    out.reverse()
    return out
