"""Firefighter actions (spec §5, §6.1–§6.6): parsing the move notation (§11), legality, effects.

Every action is validated completely before anything changes, so an IllegalMove leaves the state as it
was. The advanced game adds its verbs (drive, gun, treat, cmd, …) to `ADVANCED_VERBS`' handlers and its
costs to `Costs`; the family verbs below stay as they are.
"""

from __future__ import annotations

from engines.core import Event, IllegalMove
from engines.rescue import fire, poi
from engines.rescue.board import (
    BASE_AP,
    COLOURS,
    COULEURS,
    DIRECTION_OF,
    DIRECTIONS,
    DOOR_CLOSED,
    DOOR_DESTROYED,
    DOOR_OPEN,
    EDGE,
    ENTRANCE,
    FIRE,
    IS_DOOR,
    IS_OUTSIDE,
    IS_WALL,
    MAX_SAVED_AP,
    NEIGH,
    OPEN,
    OUTSIDE,
    PASSABLE,
    SIDES,
    SMOKE,
    WALL_DAMAGED,
    WALL_DESTROYED,
    cell_id,
    edge_id,
    parse_cell,
)
from engines.rescue.ending import check_rescued, finish
from engines.rescue.state import ACTIONS, OVER, PLACE, State

# Verbs of the advanced game (§11): refused with a clear reason in the family game.
ADVANCED_VERBS = ("spec", "park", "treat", "identify", "dispose", "crew", "drive", "gun", "reroll", "accept",
                  "cmd")
DIRECTION_WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def colour(seat: int) -> str:
    return COLOURS[seat]


# --- legal moves -----------------------------------------------------------------------------------


def _placement_order(st: State) -> list[int]:
    """Outside cells, those right in front of an entrance first (the useful ones)."""
    side = SIDES[st.board]
    near = []
    for edge in side.entrances:
        a, b = edge // 2, edge // 2 + (1 if edge % 2 == 0 else 10)
        near.append(a if IS_OUTSIDE[a] else b)
    return sorted(set(near)) + [c for c in OUTSIDE if c not in near]


def legal_moves(st: State, seat: int) -> list[str]:
    if st.phase == PLACE:
        if st.order[st.placing] != seat:
            return []
        return ["place " + cell_id(c) for c in _placement_order(st)]
    if st.phase != ACTIONS or st.order[st.active] != seat:
        return []
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


# --- playing ------------------------------------------------------------------------------------------


def play(st: State, seat: int, move: str) -> list[Event]:
    if st.phase == OVER:
        raise IllegalMove("The game is over.")
    words = move.strip().lower().split()
    if not words:
        raise IllegalMove("Type a move, for example `move e` or `end`.")
    verb = words[0]
    if st.phase == PLACE:
        expected = st.order[st.placing]
        if seat != expected:
            raise IllegalMove(f"It is {colour(expected)}'s turn to place a firefighter, not yours.")
        if verb != "place":
            raise IllegalMove("First place your firefighter on an outside cell: `place <cell>`, e.g. `place 30`.")
        return _place(st, seat, words)
    if seat != st.order[st.active]:
        raise IllegalMove(f"It is {colour(st.order[st.active])}'s turn, not yours.")
    handler = _HANDLERS.get(verb)
    if handler is None:
        if verb in ADVANCED_VERBS:
            raise IllegalMove(f"`{verb}` belongs to the advanced game; this is the family game.")
        if verb == "place":
            raise IllegalMove("Every firefighter is already placed.")
        raise IllegalMove(f"Unknown command `{verb}`. Commands: move, open, close, ext, chop, end.")
    return handler(st, seat, words)


def _place(st: State, seat: int, words: list[str]) -> list[Event]:
    """R4.4: firefighters start on any outside cell, in turn order."""
    if len(words) != 2:
        raise IllegalMove("Write `place <cell>`, e.g. `place 30`.")
    cell = parse_cell(words[1])
    if cell is None:
        raise IllegalMove(f"`{words[1]}` is not a cell: use two digits, row then column, e.g. 30.")
    if not IS_OUTSIDE[cell]:
        raise IllegalMove(f"Firefighters start outside the building: {cell_id(cell)} is inside.")
    st.cell[seat] = cell
    events = [Event("placed", {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat], "cell": cell_id(cell)})]
    st.placing += 1
    if st.placing >= len(st.order):
        st.phase = ACTIONS
        st.active = 0
        start_turn(st, events)
    return events


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


def _escape_check(st: State, seat: int, cell: int, ap_left: int) -> None:
    """R5.5 / D15: an action may not leave the firefighter on fire without 1 AP to get out."""
    if st.threat[cell] == FIRE and ap_left < 1:
        raise IllegalMove(f"You would stand in fire on {cell_id(cell)} with no AP left to get out: "
                          "keep 1 AP to move out or extinguish (no ending a turn in fire).")


def _pay(st: State, seat: int, cost: int, what: str) -> None:
    if st.ap[seat] < cost:
        raise IllegalMove(f"{what} costs {cost} AP; you have {st.ap[seat]}.")


def _move(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.1.1–R6.1.4, R6.1.6 (family rescue: any outside cell)."""
    d = _direction(words, 1, "move")
    rest = words[2:]
    carry = False
    if rest:
        if rest[0] == "lead" or "lead" in rest:
            raise IllegalMove("Leading treated victims belongs to the advanced game; this is the family game.")
        if rest[0] != "carry" or len(rest) > 2:
            raise IllegalMove("Write `move <dir>` or `move <dir> carry`.")
        if len(rest) == 2:
            if rest[1] in ("treated", "hazmat"):
                raise IllegalMove(f"Carrying {rest[1]} belongs to the advanced game; this is the family game.")
            if rest[1] != "victim":
                raise IllegalMove(f"`{rest[1]}` cannot be carried: write `move <dir> carry`.")
        carry = True
    here = st.cell[seat]
    reason = _blocked_reason(st, here, d)
    if reason:
        raise IllegalMove(reason)
    target = NEIGH[here][d]
    into_fire = st.threat[target] == FIRE
    if carry:
        if st.victims[here] == 0:
            raise IllegalMove(f"There is no face-up victim on {cell_id(here)} to carry.")
        if into_fire:
            raise IllegalMove(f"You cannot carry a victim into fire: {cell_id(target)} is burning.")
        _pay(st, seat, 2, "Carrying a victim")
        cost = 2
    elif into_fire:
        _pay(st, seat, 2, "Moving into fire")
        cost = 2
    else:
        _pay(st, seat, 1, "Moving")
        cost = 1
    _escape_check(st, seat, target, st.ap[seat] - cost)
    # Valid: apply.
    st.ap[seat] -= cost
    st.cell[seat] = target
    events = [Event("moved_carrying" if carry else "moved",
                    {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat], "from": cell_id(here), "to": cell_id(target), "ap": st.ap[seat]})]
    if carry:
        st.victims[here] -= 1
        if IS_OUTSIDE[target]:  # R6.1.6 family: any outside cell is safety
            st.rescued += 1
            events.append(Event("rescued", {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat], "cell": cell_id(target), "rescued": st.rescued}))
            if check_rescued(st, events):
                return events
        else:
            st.victims[target] += 1
    if st.hidden[target]:
        poi.reveal(st, target, events)  # R6.1.2: free reveal on entry
    return events


def _door(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.2.1: open or close a door on an edge of the own cell (1 AP)."""
    verb = words[0]
    d = _direction(words, 1, verb)
    if len(words) > 2:
        raise IllegalMove(f"Write `{verb} <dir>`, e.g. `{verb} e`.")
    here = st.cell[seat]
    edge = EDGE[here][d]
    state = st.edges[edge] if edge >= 0 else OPEN
    side = DIRECTION_WORDS[DIRECTIONS[d]]
    if state == DOOR_DESTROYED:
        raise IllegalMove(f"The door {side} of {cell_id(here)} was destroyed: there is no door any more.")
    if not IS_DOOR[state]:
        raise IllegalMove(f"There is no door on the {side} side of {cell_id(here)}.")
    if verb == "open" and state == DOOR_OPEN:
        raise IllegalMove(f"The door {side} of {cell_id(here)} is already open.")
    if verb == "close" and state == DOOR_CLOSED:
        raise IllegalMove(f"The door {side} of {cell_id(here)} is already closed.")
    _pay(st, seat, 1, "Opening or closing a door")
    _escape_check(st, seat, here, st.ap[seat] - 1)
    st.ap[seat] -= 1
    st.edges[edge] = DOOR_OPEN if verb == "open" else DOOR_CLOSED
    return [Event("door_opened" if verb == "open" else "door_closed",
                  {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat], "edge": edge_id(edge), "ap": st.ap[seat]})]


def _extinguish(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.4.1: smoke -> removed (1), fire -> smoke (1), fire -> removed (`all`, 2)."""
    if len(words) < 2:
        raise IllegalMove("`ext` needs a target: here, n, e, s or w (e.g. `ext e` or `ext e all`).")
    whole = False
    if len(words) == 3:
        if words[2] != "all":
            raise IllegalMove("Write `ext <target>` or `ext <target> all`.")
        whole = True
    elif len(words) > 3:
        raise IllegalMove("Write `ext <target>` or `ext <target> all`.")
    here = st.cell[seat]
    if words[1] == "here":
        target = here
    else:
        d = _direction(words, 1, "ext")
        reason = _blocked_reason(st, here, d)
        if reason:
            raise IllegalMove(reason.replace("they are not adjacent", "you cannot reach it to extinguish"))
        target = NEIGH[here][d]
    threat = st.threat[target]
    if not threat:
        raise IllegalMove(f"There is no fire or smoke on {cell_id(target)} to extinguish.")
    if whole and threat != FIRE:
        raise IllegalMove(f"`all` removes a fire; {cell_id(target)} has only smoke: extinguish it without `all`.")
    cost = 2 if whole else 1
    _pay(st, seat, cost, "Removing a fire" if whole else "Extinguishing")
    if target != here:
        _escape_check(st, seat, here, st.ap[seat] - cost)
    st.ap[seat] -= cost
    if threat == FIRE and not whole:
        st.threat[target] = SMOKE
        kind = "fire_to_smoke"
    else:
        st.threat[target] = 0
        st.threat_supply += 1  # R6.4.2
        kind = "fire_removed" if threat == FIRE else "smoke_removed"
    return [Event(kind, {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat], "cell": cell_id(target), "ap": st.ap[seat]})]


def _chop(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.3.1: a damage cube on a standing wall of the own cell (2 AP); the 24th cube collapses (R6.3.2)."""
    d = _direction(words, 1, "chop")
    if len(words) > 2:
        raise IllegalMove("Write `chop <dir>`, e.g. `chop s`.")
    here = st.cell[seat]
    edge = EDGE[here][d]
    side = DIRECTION_WORDS[DIRECTIONS[d]]
    state = st.edges[edge] if edge >= 0 else OPEN
    if state == WALL_DESTROYED:
        raise IllegalMove(f"The wall {side} of {cell_id(here)} is already destroyed.")
    if state in (DOOR_CLOSED, DOOR_OPEN, DOOR_DESTROYED):
        raise IllegalMove(f"The {side} side of {cell_id(here)} is a door, not a wall: doors cannot be chopped.")
    if state == ENTRANCE:
        raise IllegalMove(f"The {side} side of {cell_id(here)} is an entrance: there is no wall to chop.")
    if not IS_WALL[state]:
        raise IllegalMove(f"There is no wall on the {side} side of {cell_id(here)}.")
    _pay(st, seat, 2, "Chopping a wall")
    _escape_check(st, seat, here, st.ap[seat] - 2)
    st.ap[seat] -= 2
    events = [Event("chopped", {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat], "edge": edge_id(edge), "ap": st.ap[seat]})]
    fire.add_damage(st, edge, events)
    return events


def _end(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.6.1 end of the action phase, R5.3 saving, then fire (§6.11) and POIs (§6.12), then the next turn."""
    if len(words) > 1:
        raise IllegalMove("`end` takes nothing after it.")
    here = st.cell[seat]
    if st.threat[here] == FIRE:
        raise IllegalMove(f"You cannot end your turn standing in fire on {cell_id(here)}: "
                          "move out or extinguish it first.")
    st.saved[seat] = min(MAX_SAVED_AP, st.ap[seat])
    lost_ap = st.ap[seat] - st.saved[seat]
    st.ap[seat] = 0
    events = [Event("turn_ended", {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat], "saved": st.saved[seat], "wasted": lost_ap})]
    fire.advance(st, events)
    poi.replenish(st, events)
    if st.phase == OVER:
        return events
    if st.max_turns and st.turn >= st.max_turns:  # R8.6, D37
        finish(st, "turn_limit", events)
        return events
    st.active = (st.active + 1) % len(st.order)
    start_turn(st, events)
    return events


def start_turn(st: State, events: list[Event]) -> None:
    """R5.2: ap = base AP + saved AP; the saved AP are used up."""
    seat = st.order[st.active]
    st.turn += 1
    st.ap[seat] = BASE_AP + st.saved[seat]
    st.saved[seat] = 0
    events.append(Event("turn_started", {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat], "turn": st.turn, "ap": st.ap[seat]}))


_HANDLERS = {
    "move": _move,
    "open": _door,
    "close": _door,
    "ext": _extinguish,
    "chop": _chop,
    "end": _end,
}
