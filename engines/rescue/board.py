"""The building: both board sides as data (spec §3), precomputed for fast play.

Cells are integers `10 * row + column` (0..79), so a cell's id as players type it is `f"{cell:02d}"`.
Edges are integers too: `2 * cell` is the edge east of `cell`, `2 * cell + 1` the edge south of it.
The JSON in `board.json` is the spec's §3.5 block, loaded verbatim.
"""

from __future__ import annotations

import json
from pathlib import Path

ROWS, COLS = 8, 10
CELLS = ROWS * COLS
N, E, S, W = 0, 1, 2, 3
DIRECTIONS = "nesw"
DIRECTION_OF = {"n": N, "e": E, "s": S, "w": W}

# Edge states (R3.4, R3.5). A wall keeps its damage in its code; destroyed walls and doors stay
# distinguishable for the picture but are passable like an open edge.
OPEN, WALL, WALL_DAMAGED, WALL_DESTROYED, DOOR_CLOSED, DOOR_OPEN, DOOR_DESTROYED, ENTRANCE = range(8)
EDGE_NAMES = ("open", "wall", "damaged", "destroyed", "closed", "opened", "gone", "entrance")
EDGE_CODE = {name: code for code, name in enumerate(EDGE_NAMES)}
PASSABLE = (True, False, False, True, False, True, True, True)  # R3.6, indexed by edge state
IS_WALL = (False, True, True, False, False, False, False, False)  # still standing: takes a cube
IS_DOOR = (False, False, False, False, True, True, False, False)  # a door marker to operate

# Threat markers per cell.
NONE, SMOKE, FIRE = 0, 1, 2

DATA = json.loads((Path(__file__).resolve().parent / "board.json").read_text(encoding="utf-8"))


CELL_IDS = tuple(f"{c:02d}" for c in range(80))


def cell_id(cell: int) -> str:
    return CELL_IDS[cell] if cell >= 0 else f"{cell:02d}"


def parse_cell(text: str) -> int | None:
    """'36' or '3,6' -> 36; None when it is not a cell of the 8x10 grid."""
    text = text.strip()
    if "," in text:
        parts = text.split(",")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            return None
        row, col = int(parts[0]), int(parts[1])
    elif len(text) == 2 and text.isdigit():
        row, col = int(text[0]), int(text[1])
    else:
        return None
    if 0 <= row < ROWS and 0 <= col < COLS:
        return row * COLS + col
    return None


def is_interior(cell: int) -> bool:
    row, col = divmod(cell, COLS)
    return 1 <= row <= 6 and 1 <= col <= 8


INTERIOR = tuple(c for c in range(CELLS) if is_interior(c))
OUTSIDE = tuple(c for c in range(CELLS) if not is_interior(c))
IS_OUTSIDE = tuple(not is_interior(c) for c in range(CELLS))


def _neighbour(cell: int, d: int) -> int:
    row, col = divmod(cell, COLS)
    row, col = (row - 1, col) if d == N else (row, col + 1) if d == E else (row + 1, col) if d == S else (row, col - 1)
    if 0 <= row < ROWS and 0 <= col < COLS:
        return row * COLS + col
    return -1


# NEIGH[cell][d] = the cell in direction d or -1; EDGE[cell][d] = the edge index on that side or -1.
NEIGH = tuple(tuple(_neighbour(c, d) for d in range(4)) for c in range(CELLS))


def _edge(cell: int, d: int) -> int:
    other = NEIGH[cell][d]
    if other < 0:
        return -1
    if d == E:
        return 2 * cell
    if d == S:
        return 2 * cell + 1
    if d == W:
        return 2 * other
    return 2 * other + 1


EDGE = tuple(tuple(_edge(c, d) for d in range(4)) for c in range(CELLS))
EDGES = tuple(sorted({e for row in EDGE for e in row if e >= 0}))
EDGE_COUNT = 2 * CELLS


def edge_cells(edge: int) -> tuple[int, int]:
    cell = edge // 2
    return cell, cell + (1 if edge % 2 == 0 else COLS)


def _edge_text(edge: int) -> str:
    a, b = edge_cells(edge)
    return f"{a:02d}-{b:02d}"


EDGE_IDS = tuple(_edge_text(e) if 0 <= edge_cells(e)[1] < CELLS else "" for e in range(EDGE_COUNT))


def edge_id(edge: int) -> str:
    return EDGE_IDS[edge]


def parse_edge(text: str) -> int:
    a, b = sorted(int(x) for x in text.split("-"))
    if b == a + 1:
        return 2 * a
    if b == a + COLS:
        return 2 * a + 1
    raise ValueError(f"{text} is not an edge between neighbours")


class Side:
    """One printed side of the board: its initial edges and fixed tables."""

    __slots__ = ("name", "edges", "knockdown", "ambulance_cells", "engine_spots", "ambulance_spots", "doors",
                 "entrances")

    def __init__(self, name: str, data: dict):
        self.name = name
        edges = [OPEN] * EDGE_COUNT
        # R3.4: between interior and outside, a wall unless listed as an entrance.
        for cell in INTERIOR:
            for d in range(4):
                other = NEIGH[cell][d]
                if other >= 0 and IS_OUTSIDE[other]:
                    edges[EDGE[cell][d]] = WALL
        for text in data["walls"]:
            edges[parse_edge(text)] = WALL
        for text in data["entrances"]:
            edges[parse_edge(text)] = ENTRANCE
        for text in data["doors"]:
            edges[parse_edge(text)] = DOOR_CLOSED  # R4.5: every door closed at the start
        self.edges = tuple(edges)
        self.doors = tuple(parse_edge(t) for t in data["doors"])
        self.entrances = tuple(parse_edge(t) for t in data["entrances"])
        table = [int(x) for line in data["family_knockdown_cell"] for x in line.split()]
        self.knockdown = tuple(table)  # R6.11.9 family table
        self.engine_spots = tuple(dict(s) for s in data["engine_spots"])
        self.ambulance_spots = tuple(dict(s) for s in data["ambulance_spots"])
        self.ambulance_cells = tuple(int(c) for s in data["ambulance_spots"] for c in s["cells"])


SIDES = {name: Side(name, data) for name, data in DATA["boards"].items()}
FAMILY_FIRE = tuple(int(c) for c in DATA["family_setup"]["fire"])  # R4.6
FAMILY_POI = tuple(int(c) for c in DATA["family_setup"]["poi"])  # R4.7

THREAT_MARKERS = 33
DAMAGE_CUBES = 24
VICTIMS = 10
FALSE_ALARMS = 5
POI_ON_BOARD = 3
BASE_AP = 4
MAX_SAVED_AP = 4
RESCUES_TO_WIN = 7
LOSSES_TO_LOSE = 4
COLOURS = ("red", "blue", "green", "yellow", "orange", "white")
COULEURS = ("rouge", "bleu", "vert", "jaune", "orange", "blanc")  # the French catalog's colour words


# --- advanced geometry (R3.7–R3.9) ------------------------------------------------------------------

QUADRANTS = {name: (tuple(q["rows"]), tuple(q["cols"])) for name, q in DATA["quadrants"].items()}
QUADRANT_CELLS = {
    name: tuple(10 * r + c for r in range(rows[0], rows[1] + 1) for c in range(cols[0], cols[1] + 1))
    for name, (rows, cols) in QUADRANTS.items()
}
SPOT_SIDES = ("top", "right", "bottom", "left")  # clockwise order of the parking spots (R3.8)
_STEP = {"N": -10, "NE": -9, "E": 1, "SE": 11, "S": 10, "SW": 9, "W": -1, "NW": -11}
# ARROW[cell] = the cell its POI arrow points to (R3.9), -1 outside the building.
ARROW = tuple(
    (cell + _STEP[DATA["poi_arrows"][cell // 10 - 1].split()[cell % 10 - 1]]) if is_interior(cell) else -1
    for cell in range(CELLS)
)
FIRST_EXPLOSION = {int(k): int(v) for k, v in DATA["first_explosion_black_die"].items()}  # R4.12 step 2


def spot_cells(side: Side, kind: str, index: int) -> tuple[int, int]:
    """The two cells (clockwise order) of a parking spot; kind is 'engine' or 'amb'."""
    spots = side.engine_spots if kind == "engine" else side.ambulance_spots
    a, b = spots[index]["cells"]
    return int(a), int(b)


def nearer_cell(cell: int, pair: tuple[int, int]) -> int:
    """R6.11.9 advanced / D6: the nearer of the ambulance's two cells (straight line), tie -> first clockwise."""
    r, c = divmod(cell, COLS)
    d = [(r - p // COLS) ** 2 + (c - p % COLS) ** 2 for p in pair]
    return pair[1] if d[1] < d[0] else pair[0]
