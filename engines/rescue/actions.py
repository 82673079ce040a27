"""The move notation of the firefighters' actions (§11) and the family game's legal moves (spec §5, §6.1–§6.6).

Both games play every action through the same checks and effects: the `plan_*` functions and handlers of
`advanced.py` (the family game is that machinery with the advanced modules off). `family_moves` here is the
family game's fast enumeration of the same rules (random playouts call it at every move); the tests play
its moves through those plans.
"""

from __future__ import annotations

from engines.core import IllegalMove
from engines.rescue.board import (
    DIRECTION_OF,
    DIRECTIONS,
    DOOR_CLOSED,
    DOOR_OPEN,
    EDGE,
    FIRE,
    IS_OUTSIDE,
    IS_WALL,
    NEIGH,
    OUTSIDE,
    PASSABLE,
    SIDES,
    SMOKE,
    WALL_DAMAGED,
    cell_id,
)
from engines.rescue.state import State

# Verbs of the advanced game (§11): refused with a clear reason in the family game.
ADVANCED_VERBS = ("spec", "park", "treat", "identify", "dispose", "crew", "drive", "gun", "reroll", "accept",
                  "cmd")
DIRECTION_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


# --- legal moves -----------------------------------------------------------------------------------


def _placement_order(st: State) -> list[int]:
    """Outside cells, those right in front of an entrance first (the useful ones)."""
    side = SIDES[st.board]
    near = []
    for edge in side.entrances:
        a, b = edge // 2, edge // 2 + (1 if edge % 2 == 0 else 10)
        near.append(a if IS_OUTSIDE[a] else b)
    return sorted(set(near)) + [c for c in OUTSIDE if c not in near]


def family_moves(st: State, seat: int) -> list[str]:
    """The family game's legal moves for the active firefighter in the action phase (R5.5, §6.1–§6.6)."""
    here = st.cell[seat]
    ap = st.ap[seat]
    threat, edges = st.threat, st.edges
    burning = threat[here] == FIRE
    keep = 1 if burning else 0  # R5.5: AP an action must leave for the escape from a fire cell
    carries: list[str] = []
    exts: list[str] = []
    moves: list[str] = []
    doors: list[str] = []
    chops: list[str] = []
    # Extinguish the own cell (it is never on fire afterwards).
    if threat[here] == FIRE:
        if ap >= 2:
            exts.append("ext here all")
        if ap >= 1:
            exts.append("ext here")
    elif threat[here] == SMOKE and ap >= 1:
        exts.append("ext here")
    has_victim = st.victims[here] > 0
    for d in range(4):
        edge = EDGE[here][d]
        if edge < 0:
            continue
        state = edges[edge]
        word = DIRECTIONS[d]
        if PASSABLE[state]:
            n = NEIGH[here][d]
            target = threat[n]
            if target == FIRE:
                if ap >= 3:  # 2 AP and 1 left to escape
                    moves.append("move " + word)
                if ap >= 2 + keep:
                    exts.append("ext " + word + " all")
                if ap >= 1 + keep:
                    exts.append("ext " + word)
            else:
                if ap >= 1:
                    moves.append("move " + word)
                if has_victim and ap >= 2:
                    carries.append("move " + word + " carry")
                if target == SMOKE and ap >= 1 + keep:
                    exts.append("ext " + word)
            if state == DOOR_OPEN and ap >= 1 + keep:
                doors.append("close " + word)
        elif state == DOOR_CLOSED:
            if ap >= 1 + keep:
                doors.append("open " + word)
        elif IS_WALL[state] and ap >= 2 + keep:
            chops.append("chop " + word)
    result = carries + exts + moves + doors + chops
    if not burning:
        result.append("end")
    return result


# --- notation ---------------------------------------------------------------------------------------


def _direction(words: list[str], index: int, verb: str) -> int:
    if len(words) <= index:
        raise IllegalMove(f"`{verb}` needs a direction: n, e, s or w (e.g. `{verb} e`).")
    d = DIRECTION_OF.get(words[index])
    if d is None:
        raise IllegalMove(f"`{words[index]}` is not a direction: use n, e, s or w.")
    return d


def _blocked_reason(st: State, here: int, d: int) -> str | None:
    """Why the firefighter cannot reach the neighbour in direction d (R3.6), or None."""
    edge = EDGE[here][d]
    if edge < 0:
        return f"There is no cell {DIRECTION_WORDS[DIRECTIONS[d]]} of {cell_id(here)}: that is the edge of the board."
    state = st.edges[edge]
    if PASSABLE[state]:
        return None
    n = NEIGH[here][d]
    if state == DOOR_CLOSED:
        return (f"The door between {cell_id(here)} and {cell_id(n)} is closed: "
                f"open it first (`open {DIRECTIONS[d]}`).")
    damaged = " (damaged but still standing)" if state == WALL_DAMAGED else ""
    return f"A wall{damaged} separates {cell_id(here)} and {cell_id(n)}: they are not adjacent."
