"""The office building of Tower Fire as data (spec §3).

Cells are small ints so the hot path works on flat lists:
- landing cell L<f><X><n> -> (f-1)*6 + side*3 + (n-1)          (0..23)
- flight cell  S<X><f><k> -> 24 + (f-1)*6 + side*3 + (k-1)     (24..47)
- the street G -> STREET (-1)
Fire sections: L<f><X>3 -> (f-1)*4 + side*2, L<f><X>12 -> (f-1)*4 + side*2 + 1.
Offices: O<f><X> -> (f-1)*2 + side.  side 0 = A (left), 1 = B (right).
"""

from __future__ import annotations

SIDES = "AB"
FLOORS = (1, 2, 3, 4)
STREET = -1
NCELLS = 48
CAPACITY = 4  # R3.9


def lcell(f: int, side: int, n: int) -> int:
    return (f - 1) * 6 + side * 3 + (n - 1)


def fcell(side: int, f: int, k: int) -> int:
    return 24 + (f - 1) * 6 + side * 3 + (k - 1)


def sec3(f: int, side: int) -> int:
    return (f - 1) * 4 + side * 2


def sec12(f: int, side: int) -> int:
    return (f - 1) * 4 + side * 2 + 1


CELL_IDS: list[str] = [""] * NCELLS
IS_LANDING = [False] * NCELLS
FLOOR = [0] * NCELLS  # landing: its floor; flight S<X><f>k: f
SIDE = [0] * NCELLS
NUM = [0] * NCELLS  # landing: n (distance to the elevator); flight: step k
SECTION = [-1] * NCELLS  # landing cell -> its fire section
for _f in FLOORS:
    for _s in (0, 1):
        for _n in (1, 2, 3):
            c = lcell(_f, _s, _n)
            CELL_IDS[c] = f"L{_f}{SIDES[_s]}{_n}"
            IS_LANDING[c] = True
            FLOOR[c], SIDE[c], NUM[c] = _f, _s, _n
            SECTION[c] = sec3(_f, _s) if _n == 3 else sec12(_f, _s)
            c = fcell(_s, _f, _n)
            CELL_IDS[c] = f"S{SIDES[_s]}{_f}{_n}"
            FLOOR[c], SIDE[c], NUM[c] = _f, _s, _n
CELL_INDEX = {name: i for i, name in enumerate(CELL_IDS)}

SECTION_IDS = [""] * 16
for _f in FLOORS:
    for _s in (0, 1):
        SECTION_IDS[sec3(_f, _s)] = f"L{_f}{SIDES[_s]}3"
        SECTION_IDS[sec12(_f, _s)] = f"L{_f}{SIDES[_s]}12"
SECTION_CELLS = [[c for c in range(24) if SECTION[c] == s] for s in range(16)]
SECTION_FLOOR = [s // 4 + 1 for s in range(16)]

OFFICE_IDS = [f"O{f}{s}" for f in FLOORS for s in SIDES]  # index order == ASCII order
OFFICE_INDEX = {name: i for i, name in enumerate(OFFICE_IDS)}
OFFICE_FLOOR = [i // 2 + 1 for i in range(8)]
OFFICE_SIDE = [i % 2 for i in range(8)]
OFFICE_SPREAD = [(sec3(OFFICE_FLOOR[o], OFFICE_SIDE[o]), sec12(OFFICE_FLOOR[o], OFFICE_SIDE[o])) for o in range(8)]

# Landing cells in placement order: n = 1, 2, 3, side A first on ties (R6.2, R6.3).
LANDING_ORDER = {f: [lcell(f, s, n) for n in (1, 2, 3) for s in (0, 1)] for f in FLOORS}
# Pairs of equal-numbered cells (A, B) per floor, n = 1, 2, 3.
LANDING_PAIRS = {f: [(lcell(f, 0, n), lcell(f, 1, n)) for n in (1, 2, 3)] for f in FLOORS}
DOORS = {f: (lcell(f, 0, 1), lcell(f, 1, 1)) for f in FLOORS}  # R3.9

# R3.7 stair paths, top to bottom, ending in the street.
PATHS: list[list[int]] = []
for _s in (0, 1):
    path = []
    for _f in (4, 3, 2, 1):
        path.append(lcell(_f, _s, 3))
        path += [fcell(_s, _f, k) for k in (1, 2, 3)]
    path.append(STREET)
    PATHS.append(path)
PATH_POS = [{c: i for i, c in enumerate(p)} for p in PATHS]


def landing_links(f: int) -> list[tuple[int, int]]:
    """(flight end cell, side whose L<f><X>3 fire cuts the link) for landing f (R3.8)."""
    links = []
    for s in (0, 1):
        links.append((fcell(s, f, 1), s))
        if f <= 3:
            links.append((fcell(s, f + 1, 3), s))
    return links


LANDING_LINKS = {f: landing_links(f) for f in FLOORS}


def flight_end_landing(c: int) -> int | None:
    """The landing floor a flight end cell touches (None for a middle cell or SX13's street end)."""
    k, f = NUM[c], FLOOR[c]
    if k == 1:
        return f
    if k == 3 and f >= 2:
        return f - 1
    return None


def cell_id(c: int) -> str:
    return "G" if c == STREET else CELL_IDS[c]
