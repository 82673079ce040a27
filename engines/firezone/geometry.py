"""The unbounded hex forest as data (spec §3): axial cells packed into one int, neighbours, cell ids.

A cell (q, r) is stored as the int key (q + 128) * 256 + (r + 128), so a neighbour is one addition.
A forest of 36 tiles reaches at most 35 cells from the origin, far inside that range.
"""

from __future__ import annotations

import re

_OFFSET = 128
_WIDTH = 256

# R3.2, in the spec's direction_order: E, NE, NW, W, SW, SE.
DIRECTIONS = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}
NEIGHBOUR_STEPS = tuple(dq * _WIDTH + dr for dq, dr in DIRECTIONS.values())

COLOURS = ("green", "blue", "yellow", "red")  # R2.3; index = colour number
COLOUR_LETTERS = {"g": 0, "b": 1, "y": 2, "r": 3, "green": 0, "blue": 1, "yellow": 2, "red": 3}

# R2.2 / D2: slots by value (value 0 = firebreak, no slots).
SLOTS = (0, 1, 1, 2, 2, 3, 3)

_NAMES: dict[int, str] = {}
_CELL_RE = re.compile(r"^(-?\d+),(-?\d+)$")


def key(q: int, r: int) -> int:
    return (q + _OFFSET) * _WIDTH + (r + _OFFSET)


def coords(cell: int) -> tuple[int, int]:
    return cell // _WIDTH - _OFFSET, cell % _WIDTH - _OFFSET


def name(cell: int) -> str:
    """The canonical id `q,r` (R3.3)."""
    text = _NAMES.get(cell)
    if text is None:
        q, r = coords(cell)
        text = _NAMES[cell] = f"{q},{r}"
    return text


def parse(text: str) -> int | None:
    """A cell key from `q,r` (already stripped of parentheses and spaces), or None."""
    match = _CELL_RE.match(text)
    if match is None:
        return None
    q, r = int(match.group(1)), int(match.group(2))
    if not (-100 <= q <= 100 and -100 <= r <= 100):
        return None
    return key(q, r)


def sort_key(cell: int) -> tuple[int, int]:
    """Reading order: north to south, then west to east."""
    return cell % _WIDTH, cell // _WIDTH
