"""Zones and their values (R3.9, R8.3–R8.6). Pure functions over the forest data."""

from __future__ import annotations

from engines.firezone.geometry import NEIGHBOUR_STEPS


class Zone:
    """A maximal connected set of face-up tiles holding men of one colour (R3.9)."""

    __slots__ = ("colour", "cells", "total", "divisor", "value", "has_open_one")

    def __init__(self, colour: int, cells: list[int], total: int, divisor: int | None, value: int,
                 has_open_one: bool):
        self.colour = colour
        self.cells = cells
        self.total = total
        self.divisor = divisor
        self.value = value
        self.has_open_one = has_open_one


def zone_value(total: int, divisor: int | None, round_down: bool) -> int:
    """R8.3: ⌈S/D⌉ (⌊S/D⌋ under "C'est chaud !", R9.3); 0 when no tile of the zone is open."""
    if not divisor:
        return 0
    if round_down:
        return total // divisor
    return -(-total // divisor)


def zones(board: dict[int, int], men: dict[int, list[int]], free: dict[int, int], colour: int,
          round_down: bool = False) -> list[Zone]:
    """Every zone of `colour`, each with S, D and its value. Firebreaks hold no men, so never join."""
    held = [cell for cell, counts in men.items() if counts[colour]]
    seen: set[int] = set()
    found = []
    for start in held:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        cells = []
        while stack:
            cell = stack.pop()
            cells.append(cell)
            for step in NEIGHBOUR_STEPS:
                nb = cell + step
                if nb not in seen:
                    counts = men.get(nb)
                    if counts is not None and counts[colour]:
                        seen.add(nb)
                        stack.append(nb)
        total = 0
        divisor = None
        open_one = False
        for cell in cells:
            value = board[cell]
            total += value
            if free[cell] >= 1:
                if divisor is None or value < divisor:
                    divisor = value
                if value == 1:
                    open_one = True
        cells.sort(key=lambda c: (c % 256, c // 256))
        found.append(Zone(colour, cells, total, divisor, zone_value(total, divisor, round_down), open_one))
    return found
