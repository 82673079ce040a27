"""Advance fire (spec §6.11): roll, smoke/fire/explosion, shockwaves, flashover, knock-downs, losses.

The advanced game extends this module (hazmat loop R6.11.7, flare-ups R6.11.8, knock-down to the
ambulance): `advance` is the fire phase of both games, the order of R6.11.14 with those steps switched on only
in the advanced game.
"""

from __future__ import annotations

from engines.core import Event
from engines.rescue import poi
from engines.rescue.board import (
    CELLS,
    COLOURS,
    COULEURS,
    DAMAGE_CUBES,
    DIRECTIONS,
    DOOR_CLOSED,
    DOOR_DESTROYED,
    DOOR_OPEN,
    EDGE,
    FIRE,
    IS_WALL,
    NEIGH,
    OUTSIDE,
    PASSABLE,
    SIDES,
    SMOKE,
    cell_id,
    edge_id,
    nearer_cell,
    spot_cells,
)
from engines.rescue.ending import finish
from engines.rescue.state import OVER, State

TOWARDS = ("north", "east", "south", "west")  # the shockwave message's direction, by language
VERS = ("le nord", "l'est", "le sud", "l'ouest")


def place_fire(st: State, cell: int, events: list[Event]) -> None:
    """R6.11.3 "place fire": empty -> new marker fire side up, smoke -> flip, fire -> nothing."""
    threat = st.threat[cell]
    if threat == FIRE:
        return
    if threat == SMOKE:
        st.threat[cell] = FIRE
    elif st.threat_supply > 0:
        st.threat_supply -= 1
        st.threat[cell] = FIRE
    else:
        events.append(Event("supply_empty", {"cell": cell_id(cell)}))  # R6.11.12
        return
    events.append(Event("fire_spreads", {"cell": cell_id(cell)}))


def add_damage(st: State, edge: int, events: list[Event]) -> bool:
    """One damage cube on a standing wall (R6.3.1, R6.11.4). True when it was the 24th: collapse (R8.2)."""
    st.edges[edge] += 1  # wall -> damaged -> destroyed
    st.damage += 1
    events.append(Event("wall_damaged" if IS_WALL[st.edges[edge]] else "wall_destroyed",
                        {"edge": edge_id(edge), "damage": st.damage}))
    if st.damage >= DAMAGE_CUBES:
        events.append(Event("collapse", {"damage": st.damage}))
        finish(st, "collapse", events)
        return True
    return False


def _hit_edge(st: State, edge: int, cubes: bool, events: list[Event]) -> bool:
    """A blast or shockwave meets a wall or closed door: True when it stops there."""
    state = st.edges[edge]
    if IS_WALL[state]:
        if cubes:
            add_damage(st, edge, events)
        return True
    if state == DOOR_CLOSED:
        st.edges[edge] = DOOR_DESTROYED
        events.append(Event("door_destroyed", {"edge": edge_id(edge)}))
        return True
    return False


def explode(st: State, x: int, events: list[Event], cubes: bool = True) -> None:
    """R6.11.4 explosion at x, directions n, e, s, w (D3). `cubes=False`: setup blasts (R4.10, D11)."""
    events.append(Event("explosion", {"cell": cell_id(x)}))
    for d in range(4):
        if st.phase == OVER:  # R6.11.13: the 24th cube ends everything
            return
        edge = EDGE[x][d]
        if edge < 0:
            continue
        if _hit_edge(st, edge, cubes, events):
            continue
        if st.edges[edge] == DOOR_OPEN:  # D2: an open door is destroyed and the blast goes on
            st.edges[edge] = DOOR_DESTROYED
            events.append(Event("door_destroyed", {"edge": edge_id(edge)}))
        n = NEIGH[x][d]
        if st.threat[n] == FIRE:
            shockwave(st, n, d, events, cubes)
        else:
            place_fire(st, n, events)


def shockwave(st: State, y: int, d: int, events: list[Event], cubes: bool = True) -> None:
    """R6.11.5: travels through fire cells in direction d until it meets a wall, a door or a cell to ignite."""
    events.append(Event("shockwave", {"cell": cell_id(y), "dir": DIRECTIONS[d], "towards": TOWARDS[d],
                                      "vers": VERS[d]}))
    while True:
        edge = EDGE[y][d]
        if edge < 0:  # D4: the edge of the grid
            return
        if _hit_edge(st, edge, cubes, events):
            return
        z = NEIGH[y][d]
        if st.threat[z] != FIRE:
            place_fire(st, z, events)
            return
        y = z


def flashover(st: State, events: list[Event]) -> None:
    """R6.11.6: every smoke adjacent to fire flips, repeated until stable (outside fire counts)."""
    threat, edges = st.threat, st.edges
    front = [c for c in range(CELLS) if threat[c] == FIRE]
    flipped: list[str] = []
    while front:
        cell = front.pop()
        for d in range(4):
            edge = EDGE[cell][d]
            if edge >= 0 and PASSABLE[edges[edge]]:
                n = NEIGH[cell][d]
                if threat[n] == SMOKE:
                    threat[n] = FIRE
                    flipped.append(cell_id(n))
                    front.append(n)
    if flipped:
        events.append(Event("flashover", {"cells": ", ".join(sorted(flipped)), "count": len(flipped)}))


def adjacent_to_fire(st: State, cell: int) -> bool:
    for d in range(4):
        edge = EDGE[cell][d]
        if edge >= 0 and PASSABLE[st.edges[edge]] and st.threat[NEIGH[cell][d]] == FIRE:
            return True
    return False


def advance_at(st: State, target: int, events: list[Event]) -> None:
    """R6.11.2: smoke on an empty cell (fire at once next to fire), smoke -> fire, fire -> explosion."""
    threat = st.threat[target]
    if threat == FIRE:
        explode(st, target, events)
    elif threat == SMOKE:
        st.threat[target] = FIRE
        events.append(Event("smoke_ignites", {"cell": cell_id(target)}))
    elif st.threat_supply > 0:
        st.threat_supply -= 1
        if adjacent_to_fire(st, target):
            st.threat[target] = FIRE
            events.append(Event("fire_next_to_fire", {"cell": cell_id(target)}))
        else:
            st.threat[target] = SMOKE
            events.append(Event("smoke_placed", {"cell": cell_id(target)}))
    else:
        events.append(Event("supply_empty", {"cell": cell_id(target)}))  # R6.11.12


def roll_target(st: State) -> tuple[int, int]:
    """R6.11.1: red d6 = row, black d8 = column."""
    red = st.rng.die(6)
    black = st.rng.die(8)
    return red, black


def knock_down(st: State, events: list[Event]) -> None:
    """R6.11.9: firefighters on fire go to the nearest ambulance parking cell (family table, D5), or in the
    advanced game with vehicles onto the ambulance, its nearer cell (D6)."""
    side = SIDES[st.board]
    table = side.knockdown
    amb = spot_cells(side, "amb", st.amb) if st.mode == "advanced" and st.mod_vehicles and st.amb >= 0 else None
    for seat, cell in enumerate(st.cell):
        if cell >= 0 and st.threat[cell] == FIRE:
            to = nearer_cell(cell, amb) if amb else table[cell]
            st.cell[seat] = to
            events.append(Event("knocked_down", {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat],
                                                 "from": cell_id(cell), "to": cell_id(to)}))


def remove_outside_fire(st: State, events: list[Event]) -> None:
    """R6.11.11: fire outside the building goes back to the supply."""
    removed = []
    for cell in OUTSIDE:
        if st.threat[cell]:
            st.threat[cell] = 0
            st.threat_supply += 1
            removed.append(cell_id(cell))
    if removed:
        events.append(Event("outside_fire_removed", {"cells": ", ".join(removed)}))


def add_hotspot(st: State, cell: int, events: list[Event]) -> None:
    """A hot spot from the reserve, if any is left and the cell has none (D8)."""
    if st.hot_reserve > 0 and not st.hotspot[cell]:
        st.hot_reserve -= 1
        st.hotspot[cell] = 1
        events.append(Event("hotspot_added", {"cell": cell_id(cell), "reserve": st.hot_reserve}))


def hazmat_loop(st: State, events: list[Event]) -> None:
    """R6.11.7 (D7): hazmat on fire explode one at a time, lowest cell first, each followed by a flashover."""
    hazmat, threat = st.hazmat, st.threat
    while st.phase != OVER:
        cell = next((c for c in range(CELLS) if hazmat[c] and threat[c] == FIRE), -1)
        if cell < 0:
            return
        hazmat[cell] -= 1
        st.hazmat_out += 1
        events.append(Event("hazmat_explodes", {"cell": cell_id(cell)}))
        explode(st, cell, events)
        if st.phase == OVER:
            return
        if st.mod_hotspots:
            add_hotspot(st, cell, events)
        flashover(st, events)


def _advance_once(st: State, events: list[Event], flare: bool) -> tuple[int, bool]:
    """R6.11.1–R6.11.7 for one target; returns (target, it had a hot spot when rolled)."""
    red, black = roll_target(st)
    target = 10 * red + black
    hot = bool(st.hotspot[target])
    before = st.threat[target]
    events.append(Event("flare_up_roll" if flare else "fire_roll",
                        {"red": red, "black": black, "cell": cell_id(target)}))
    advance_at(st, target, events)
    if before == FIRE:
        result = "explosion"
    elif before == SMOKE:
        result = "ignite"
    else:
        result = ("nothing", "smoke", "fire")[st.threat[target]]
    st.last_fire = {"red": red, "black": black, "cell": cell_id(target), "result": result}
    if st.phase == OVER:
        return target, hot
    flashover(st, events)
    if st.mode == "advanced" and st.mod_hazmat:
        hazmat_loop(st, events)
    return target, hot


def advance(st: State, events: list[Event]) -> None:
    """The whole fire phase (R6.11.14), stopping as soon as the game ends: the roll's advance (R6.11.1–R6.11.7);
    in the advanced game targets with a hot spot flare up again (R6.11.8), then one hot spot on the last target;
    knock-downs (to the ambulance with vehicles), lost POIs, outside fire removed. The family game has no hot
    spots and no hazmat, so it is the first roll and the steps after it."""
    flares = 0
    while True:
        target, hot = _advance_once(st, events, flares > 0)
        if st.phase == OVER:
            return
        if not (hot and st.mod_hotspots):
            break
        flares += 1
        events.append(Event("flare_up", {"cell": cell_id(target)}))
    if flares:
        st.last_fire["flares"] = flares
        add_hotspot(st, target, events)
    knock_down(st, events)
    poi.lose_on_fire(st, events)
    if st.phase == OVER:
        return
    remove_outside_fire(st, events)

