"""Points of interest (spec §6.5, §6.12): the secret pool, reveals, losses and replenishment.

Family placement is R6.12.2; the advanced game adds the arrow-grid placement of R6.12.3 as another
`place_one` strategy, keeping the count/draw loop of `replenish`.
"""

from __future__ import annotations

from engines.core import Event
from engines.rescue.board import ARROW, CELLS, FIRE, INTERIOR, POI_ON_BOARD, cell_id
from engines.rescue.ending import check_lost
from engines.rescue.state import OVER, VICTIM, State


def on_board(st: State) -> int:
    """R6.12.1: face-down POIs + victims lying anywhere on the board."""
    return sum(1 for p in st.hidden if p) + sum(st.victims) + sum(st.treated)


def draw(st: State) -> int:
    """The next POI of the secret pool (its order was shuffled at setup)."""
    return st.pool.pop(0)


def reveal(st: State, cell: int, events: list[Event]) -> None:
    """R6.1.2 / R6.5.1: a face-down POI turns face up; a false alarm leaves the board, a victim stays."""
    identity = st.hidden[cell]
    if not identity:
        return
    st.hidden[cell] = 0
    if identity == VICTIM:
        st.victims[cell] += 1
        events.append(Event("poi_victim", {"cell": cell_id(cell)}))
    else:
        st.false_revealed += 1  # D32: removed, counted apart, never a rescued victim
        events.append(Event("poi_false_alarm", {"cell": cell_id(cell)}))


def lose_on_fire(st: State, events: list[Event]) -> None:
    """R6.11.10: every POI on a fire cell is lost (face-down ones revealed first). 4 lost = defeat."""
    threat, hidden, victims, treated = st.threat, st.hidden, st.victims, st.treated
    for cell in range(CELLS):
        if threat[cell] != FIRE or not (hidden[cell] or victims[cell] or treated[cell]):
            continue
        reveal(st, cell, events)
        count = victims[cell] + treated[cell]  # a treated victim's heal marker returns (D23)
        if count:
            victims[cell] = 0
            treated[cell] = 0
            st.lost += count
            events.append(Event("victim_lost", {"cell": cell_id(cell), "count": count, "lost": st.lost}))
            if check_lost(st, events):
                return


def _roll(st: State, events: list[Event]) -> int:
    """R6.12.2: red d6 = row, black d8 = column of the new POI's target."""
    red, black = st.rng.die(6), st.rng.die(8)
    target = 10 * red + black
    events.append(Event("poi_roll", {"red": red, "black": black, "cell": cell_id(target)}))
    return target


def family_place(st: State, events: list[Event]) -> None:
    """R6.12.2: roll until the target holds no POI/victim; clear a threat there (D35); reveal on a firefighter."""
    while True:
        target = _roll(st, events)
        if not (st.hidden[target] or st.victims[target]):
            break
    if st.threat[target]:
        st.threat[target] = 0
        st.threat_supply += 1
        events.append(Event("poi_clears_threat", {"cell": cell_id(target)}))
    st.hidden[target] = draw(st)
    events.append(Event("poi_placed", {"cell": cell_id(target), "pool": len(st.pool)}))
    if target in st.cell:
        reveal(st, target, events)


def advanced_place(st: State, events: list[Event]) -> bool:
    """R6.12.3: a valid cell has no threat, no firefighter, no POI/victim; an invalid target follows the arrows
    to the first valid cell, a loop back re-rolls. False when no interior cell is valid at all (D29)."""
    occupied = set(st.cell)
    threat, hidden, victims, treated = st.threat, st.hidden, st.victims, st.treated

    def valid(c: int) -> bool:
        return not (threat[c] or hidden[c] or victims[c] or treated[c] or c in occupied)

    if not any(valid(c) for c in INTERIOR):
        events.append(Event("poi_no_room", {}))
        return False
    while True:
        target = _roll(st, events)
        seen = set()
        cell = target
        while not valid(cell) and cell not in seen:
            seen.add(cell)
            cell = ARROW[cell]
        if valid(cell):
            break
        events.append(Event("poi_arrow_loop", {"cell": cell_id(target)}))
    if cell != target:
        events.append(Event("poi_follows_arrows", {"from": cell_id(target), "to": cell_id(cell)}))
    st.hidden[cell] = draw(st)
    events.append(Event("poi_placed", {"cell": cell_id(cell), "pool": len(st.pool)}))
    return True


def replenish(st: State, events: list[Event]) -> None:
    """R6.12.1: top the POIs on the board up to 3 while the pool lasts (R6.12.4)."""
    if st.phase == OVER:
        return
    if st.mode == "advanced":
        while st.pool and on_board(st) < POI_ON_BOARD:
            if not advanced_place(st, events):
                return
        return
    while st.pool and on_board(st) < POI_ON_BOARD:
        family_place(st, events)


def setup_place(st: State, cell: int) -> None:
    """R4.7: a POI drawn from the pool, face down, at setup."""
    st.hidden[cell] = draw(st)
