"""The 15×15 board of §3, loaded once from `board.json` (the spec's R3.10 block, verbatim).

Cells are ints 0..224 in canonical order (R3.1): index = (row - 1) * 15 + column index, so `a1` is 0,
`o1` is 14 and `o15` is 224. Everything a move needs (neighbours, fire neighbours, territories,
distances to the main path) is computed here at import, so the engine never recomputes geometry.
"""

from __future__ import annotations

import json
from pathlib import Path

BOARD = json.loads((Path(__file__).resolve().parent / "board.json").read_text(encoding="utf-8"))

COLUMNS: str = BOARD["grid"]["columns"]
SIZE = 15
CELL_COUNT = SIZE * SIZE
MAP: list[str] = BOARD["map"]

TERRITORIES = ("nw", "ne", "se", "sw")  # clockwise order (R3.7, A25)
TRIBES = {t: BOARD["territories"][t]["tribe"] for t in TERRITORIES}
COLOURS = {t: BOARD["territories"][t]["colour"] for t in TERRITORIES}
LAYOUTS = BOARD["layouts"]

FOREST, SMALL, MAIN, CAVE = "F", "S", "M", "C"

# Directions in the order N, E, S, W (N1, R8.4).
DIRECTIONS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def cell_name(cell: int) -> str:
    return COLUMNS[cell % SIZE] + str(cell // SIZE + 1)


NAMES: tuple[str, ...] = tuple(cell_name(c) for c in range(CELL_COUNT))
INDEX: dict[str, int] = {name: c for c, name in enumerate(NAMES)}

KIND: tuple[str, ...] = tuple(MAP[c // SIZE][c % SIZE] for c in range(CELL_COUNT))
IS_PATH: tuple[bool, ...] = tuple(k in (SMALL, MAIN) for k in KIND)


def _quadrant(cell: int) -> int:
    """Territory index 0..3 (nw, ne, se, sw) of a non-main cell; -1 on the main path (R3.3)."""
    if KIND[cell] == MAIN:
        return -1
    x, y = cell % SIZE, cell // SIZE
    if y < 7:
        return 0 if x < 7 else 1
    return 3 if x < 7 else 2


TERR: tuple[int, ...] = tuple(_quadrant(c) for c in range(CELL_COUNT))
CAVES: tuple[int, ...] = tuple(INDEX[BOARD["territories"][t]["cave"]] for t in TERRITORIES)
DINO_STARTS: tuple[int, ...] = tuple(INDEX[BOARD["territories"][t]["dino_start"]] for t in TERRITORIES)
FOREST_CELLS: tuple[int, ...] = tuple(c for c in range(CELL_COUNT) if KIND[c] == FOREST)
TERRITORY_FOREST: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in FOREST_CELLS if TERR[c] == t) for t in range(4)
)


def _step(cell: int, direction: int) -> int:
    dx, dy = DIRECTIONS[direction]
    x, y = cell % SIZE + dx, cell // SIZE + dy
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return y * SIZE + x
    return -1


# STEP[c][d]: the neighbour of c in direction d, or -1 off the board.
STEP: tuple[tuple[int, ...], ...] = tuple(tuple(_step(c, d) for d in range(4)) for c in range(CELL_COUNT))
# NEIGHBOURS[c]: orthogonal neighbours in N, E, S, W order (R3.4).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in STEP[c] if n >= 0) for c in range(CELL_COUNT))
ADJACENT: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)


def direction_between(a: int, b: int) -> int:
    """The direction index from a to its neighbour b."""
    return STEP[a].index(b)


def _fire_neighbours(cell: int) -> tuple[int, ...]:
    """R3.5: the adjacent forest square, or the forest square just beyond one adjacent path cell."""
    found = []
    for d in range(4):
        n = STEP[cell][d]
        if n < 0:
            continue
        if KIND[n] == FOREST:
            found.append(n)
        elif IS_PATH[n]:
            beyond = STEP[n][d]
            if beyond >= 0 and KIND[beyond] == FOREST:
                found.append(beyond)
    return tuple(found)


FIRE_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _fire_neighbours(c) if KIND[c] == FOREST else () for c in range(CELL_COUNT)
)


def _distances() -> tuple[int, ...]:
    """R3.6: steps along path cells to the nearest main-path cell (-1 off the paths)."""
    dist = [-1] * CELL_COUNT
    frontier = [c for c in range(CELL_COUNT) if KIND[c] == MAIN]
    for c in frontier:
        dist[c] = 0
    while frontier:
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if IS_PATH[n] and dist[n] < 0:
                    dist[n] = dist[c] + 1
                    nxt.append(n)
        frontier = nxt
    return tuple(dist)


DIST: tuple[int, ...] = _distances()
