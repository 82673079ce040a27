"""The firefighters' actions of both games, and the advanced game (spec §4.4, §5, §6.8–§6.12): random setup
by level, specialists, vehicles, hazmat, hot spots, treated victims, the Captain's commands, the Driver's re-rolls.

Every action is checked by a `plan_*` function (raises IllegalMove, changes nothing) and then applied.
`legal_moves` calls the very same checks on the candidates it builds, so both always agree. R5.5 (no one may
be left in fire without a paid escape) is `escapable`, evaluated on the state an action would leave.

The family game plays through the same `play`: it is this machinery with the advanced modules off (basic
firefighters with no specialist, no free AP, no vehicles, rescue on any outside cell). Where the family game
words a refusal or an event differently, `st.mode == "family"` picks its words; its `legal_moves` is the fast
enumeration in `actions.py`.
"""

from __future__ import annotations

from engines.core import Event, IllegalMove
from engines.rescue import fire, poi
from engines.rescue.actions import (
    ADVANCED_VERBS,
    DIRECTION_WORDS,
    _blocked_reason,
    _direction,
    _placement_order,
    family_moves,
)
from engines.rescue.board import (
    COLOURS,
    COULEURS,
    DIRECTIONS,
    DOOR_CLOSED,
    DOOR_DESTROYED,
    DOOR_OPEN,
    EDGE,
    ENTRANCE,
    FIRE,
    FIRST_EXPLOSION,
    INTERIOR,
    IS_DOOR,
    IS_OUTSIDE,
    IS_WALL,
    MAX_SAVED_AP,
    NEIGH,
    OPEN,
    PASSABLE,
    QUADRANT_CELLS,
    QUADRANTS,
    SIDES,
    SMOKE,
    SPOT_SIDES,
    WALL_DESTROYED,
    cell_id,
    edge_id,
    parse_cell,
    spot_cells,
)
from engines.rescue.ending import check_rescued, finish
from engines.rescue.state import ACTIONS, OVER, PARK, PLACE, SPEC, State

# --- specialists (§6.9) -------------------------------------------------------------------------------

SPECIALISTS = ("paramedic", "captain", "imaging", "cafs", "hazmat", "generalist", "rescue", "driver")
BASE_AP = {"paramedic": 4, "captain": 4, "imaging": 4, "cafs": 3, "hazmat": 4, "generalist": 5, "rescue": 4,
           "driver": 4, "": 4}
FREE_AP = {"captain": 2, "cafs": 3, "rescue": 3}
FREE_KIND = {"captain": "cmd", "cafs": "ext", "rescue": "move"}
NAMES = {"paramedic": "Paramedic", "captain": "Fire Captain", "imaging": "Imaging Technician",
         "cafs": "CAFS Firefighter", "hazmat": "Hazmat Technician", "generalist": "Generalist",
         "rescue": "Rescue Specialist", "driver": "Driver/Operator", "": "firefighter"}
NOMS = {"paramedic": "Médecin", "captain": "Commandant des opérations de secours", "imaging": "Technicien imagerie",
        "cafs": "Pompier CAFS", "hazmat": "Spécialiste NRBC", "generalist": "Généraliste",
        "rescue": "Spécialiste secours aux victimes", "driver": "Conducteur", "": "pompier"}
LEVELS = {"recruit": (3, 3, 6), "veteran": (3, 4, 6), "heroic": (4, 5, 12)}  # explosions, hazmat, reserve (R4.11)
COTES = {"top": "haut", "right": "droit", "bottom": "bas", "left": "gauche"}
HEAL_MARKERS = 3
HOT_SPOTS = 24
KINDS = ("victim", "treated", "hazmat")
VERBS = ("move", "open", "close", "ext", "chop", "end", "treat", "identify", "dispose", "crew", "drive", "gun",
         "reroll", "accept", "cmd")


def who(st: State, seat: int) -> dict:
    """The event parameters naming a firefighter (and, in the advanced game, its specialist)."""
    params = {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat]}
    if st.mode == "advanced":
        spec = st.spec[seat] if seat < len(st.spec) else ""
        params["name"], params["nom"] = NAMES[spec], NOMS[spec]
    return params


def vehicles(st: State) -> bool:
    return st.mode == "advanced" and st.mod_vehicles


def cards_allowed(st: State) -> list[str]:
    """The cards in the game: no Hazmat Technician without hazmat, no Driver without vehicles (§9)."""
    return [s for s in SPECIALISTS
            if not (s == "hazmat" and not st.mod_hazmat) and not (s == "driver" and not st.mod_vehicles)]


def cards_free(st: State) -> list[str]:
    taken = set(st.spec)
    return [s for s in cards_allowed(st) if s not in taken]


def ext_factor(spec: str) -> int:
    return 2 if spec in ("paramedic", "rescue") else 1  # R6.9.1, R6.9.7


def engine_cells(st: State) -> tuple[int, int]:
    return spot_cells(SIDES[st.board], "engine", st.engine) if st.engine >= 0 else (-1, -1)


def amb_cells(st: State) -> tuple[int, int]:
    return spot_cells(SIDES[st.board], "amb", st.amb) if st.amb >= 0 else (-1, -1)


def quadrant(st: State) -> str:
    return SIDES[st.board].engine_spots[st.engine]["quadrant"]


def is_safety(st: State, cell: int) -> bool:
    """R6.1.6: the ambulance's cells (advanced with vehicles), any outside cell otherwise."""
    if vehicles(st):
        return cell in amb_cells(st)
    return IS_OUTSIDE[cell]


# --- setup (R4.11–R4.14) --------------------------------------------------------------------------------


def _roll(st: State) -> int:
    return 10 * st.rng.die(6) + st.rng.die(8)


def _setup_explosion(st: State, target: int, events: list[Event]) -> None:
    fire.place_fire(st, target, events)
    if st.mod_hotspots:
        st.hotspot[target] = 1
    fire.explode(st, target, events, cubes=st.setup_damage)


def setup(st: State) -> None:
    """R4.12 steps 1–11 (step 9 when dealt at random); the seats then choose, place and park."""
    events: list[Event] = []
    explosions, hazmat_count, reserve = LEVELS[st.level]
    rng = st.rng
    # Step 2: the first explosion, black die only (D10).
    _setup_explosion(st, FIRST_EXPLOSION[rng.die(8)], events)
    # Step 3.
    while True:
        red, black = rng.die(6), rng.die(8)
        if st.threat[10 * red + black] != FIRE:
            break
    _setup_explosion(st, 10 * red + black, events)
    # Step 4: the opposite face of explosion 2's black die; re-roll only the red die.
    column = 9 - black
    if all(st.threat[10 * r + column] == FIRE for r in range(1, 7)):  # a whole column on fire: roll both
        while True:
            target = _roll(st)
            if st.threat[target] != FIRE:
                break
    else:
        while True:
            target = 10 * rng.die(6) + column
            if st.threat[target] != FIRE:
                break
    _setup_explosion(st, target, events)
    # Step 5 (Heroic).
    for _ in range(explosions - 3):
        while True:
            target = _roll(st)
            if st.threat[target] != FIRE:
                break
        _setup_explosion(st, target, events)
    # Step 6.
    fire.remove_outside_fire(st, events)
    # Step 7: hazmat.
    if st.mod_hazmat:
        for _ in range(hazmat_count):
            while True:
                target = _roll(st)
                if st.threat[target] != FIRE and not st.hazmat[target]:
                    break
            st.hazmat[target] = 1
        st.hazmat_total = hazmat_count
    # Step 8: POIs.
    for _ in range(3):
        while True:
            target = _roll(st)
            if st.threat[target] != FIRE and not st.hidden[target]:
                break
        poi.setup_place(st, target)
    # Step 9 when dealt at random (otherwise the SPEC phase).
    if st.mod_specialists and st.deal == "random":
        cards = cards_allowed(st)
        rng.shuffle(cards)
        st.spec = cards[: st.seats]
    # Steps 10–11: additional hot spots, the reserve.
    if st.mod_hotspots:
        extra = (3 if st.level != "recruit" else 0) + (2 if st.seats == 3 else 3 if st.seats >= 4 else 0)
        for _ in range(extra):
            while True:
                target = _roll(st)
                if not st.hotspot[target]:
                    break
            st.hotspot[target] = 1
        placed = sum(st.hotspot)
        st.hot_reserve = min(reserve, HOT_SPOTS - placed)
        st.hot_out = HOT_SPOTS - placed - st.hot_reserve
    else:
        st.hot_out = HOT_SPOTS
    st.phase = SPEC if st.mod_specialists and st.deal == "choose" else PLACE


def _after_setup_step(st: State, events: list[Event]) -> None:
    """Move on from a finished setup phase: specialists -> placement -> parking -> the first turn."""
    if st.phase == SPEC and st.placing >= len(st.order):
        st.phase, st.placing = PLACE, 0
    if st.phase == PLACE and st.placing >= len(st.order):
        st.phase = PARK if vehicles(st) else ACTIONS
    if st.phase == PARK and st.engine >= 0 and st.amb >= 0:
        st.phase = ACTIONS
    if st.phase == ACTIONS:
        st.active = 0
        start_turn(st, events)


# --- R5.5 escapes ---------------------------------------------------------------------------------------


def _has_exit(st: State, cell: int, edge: int, estate: int, tcell: int, tthreat: int) -> bool:
    edges, threat = st.edges, st.threat
    for d in range(4):
        e = EDGE[cell][d]
        if e < 0 or not PASSABLE[estate if e == edge else edges[e]]:
            continue
        n = NEIGH[cell][d]
        if (tthreat if n == tcell else threat[n]) != FIRE:
            return True
    return False


def escapable(st: State, ap: int, free: int, moved: int = -1, to: int = -1, edge: int = -1, estate: int = 0,
              tcell: int = -1, tthreat: int = 0, commanded: int = -1) -> bool:
    """R5.5 / D15 on the state an action would leave: every firefighter on fire can escape, all paid together."""
    active = st.order[st.active]
    if commanded < 0:
        commanded = st.commanded
    threat, cells = st.threat, st.cell
    here = to if moved == active else cells[active]
    on_fire = (tthreat if here == tcell else threat[here]) == FIRE
    k = 0
    if commanded:
        for s in range(st.seats):
            if commanded >> s & 1 and s != active:
                c = to if moved == s else cells[s]
                if (tthreat if c == tcell else threat[c]) == FIRE:
                    if not _has_exit(st, c, edge, estate, tcell, tthreat):
                        return False
                    k += 1
    if not on_fire and not k:
        return True
    spec = st.spec[active]
    e = 0
    if on_fire:
        e = ext_factor(spec)
        if spec == "cafs":
            e = max(0, e - free)
        if _has_exit(st, here, edge, estate, tcell, tthreat):
            e = min(e, max(0, 1 - free) if spec == "rescue" else 1)
    command = free if spec == "captain" else 0
    return ap >= e and command + ap - e >= k


_ESCAPE = ("That would leave a firefighter standing in fire without the AP to get out "
           "(keep enough AP to escape: no ending a turn in fire).")


def _stuck(st: State, cell: int) -> IllegalMove:
    """The R5.5 refusal. The family game names the cell: its only firefighter in fire is the active one."""
    if st.mode == "family":
        return IllegalMove(f"You would stand in fire on {cell_id(cell)} with no AP left to get out: "
                           "keep 1 AP to move out or extinguish (no ending a turn in fire).")
    return IllegalMove(_ESCAPE)


def _split(st: State, seat: int, cost: int, kind: str, what: str) -> tuple[int, int]:
    """R5.4 / D22: usable free AP first, then regular AP; (regular, free) paid, or IllegalMove."""
    free = st.free if FREE_KIND.get(st.spec[seat]) == kind else 0
    f = min(free, cost)
    if cost - f > st.ap[seat]:
        extra = f" ({free} of them free)" if free else ""
        raise IllegalMove(f"{what} costs {cost} AP; you have {st.ap[seat] + free}{extra}.")
    return cost - f, f


# --- plans (checks only) ---------------------------------------------------------------------------------


def _pay_for(st: State, actor: int, cost: int, kind: str, what: str, cafs_limit: str) -> tuple[int, int, int]:
    """(regular AP, free AP, commanded seats) the active firefighter pays for `actor`'s action: its own, or a
    Captain's command (R6.9.2: free command AP, at most 1 AP a turn on the CAFS firefighter)."""
    active = st.order[st.active]
    if actor == active:
        return (*_split(st, active, cost, kind, what), -1)
    if st.spec[actor] == "cafs" and st.cafs_cmd + cost > 1:
        raise IllegalMove("The Captain may spend at most 1 AP per turn commanding the CAFS firefighter" + cafs_limit)
    return (*_split(st, active, cost, "cmd", "Commanding " + ("this move" if kind == "move" else "a door")),
            st.commanded | (1 << actor))


def _carry_kind(st: State, here: int, kind: str | None) -> str | None:
    counts = {"victim": st.victims[here], "treated": st.treated[here], "hazmat": st.hazmat[here]}
    if kind is None:
        return None
    if kind == "auto":
        present = [k for k in KINDS if counts[k]]
        if not present:
            raise IllegalMove(f"There is nothing to carry on {cell_id(here)} (no face-up victim, no hazmat).")
        if len(present) > 1:
            raise IllegalMove(f"Several things lie on {cell_id(here)}: write `carry victim`, `carry treated` or "
                              "`carry hazmat`.")
        return present[0]
    if not counts[kind]:
        what = "face-up victim" if st.mode == "family" else {"victim": "untreated victim", "treated": "treated victim",
                                                              "hazmat": "hazmat"}[kind]
        raise IllegalMove(f"There is no {what} on {cell_id(here)} to carry.")
    return kind


def plan_move(st: State, actor: int, d: int, kind: str | None, lead: bool) -> tuple:
    """R6.1.1–R6.1.5 (and R6.9.2 when `actor` is not the active firefighter: a command)."""
    active = st.order[st.active]
    here = st.cell[actor]
    reason = _blocked_reason(st, here, d)
    if reason:
        raise IllegalMove(reason)
    target = NEIGH[here][d]
    into_fire = st.threat[target] == FIRE
    kind = _carry_kind(st, here, kind)
    family = st.mode == "family"
    if kind and into_fire:
        raise IllegalMove(f"You cannot carry {'a victim' if family else 'anything'} into fire: "
                          f"{cell_id(target)} is burning.")
    if lead:
        if st.treated[here] - (kind == "treated") < 1:
            raise IllegalMove(f"There is no treated victim on {cell_id(here)} to lead (besides what is carried).")
        if into_fire:
            raise IllegalMove(f"A led victim cannot enter fire: {cell_id(target)} is burning.")
    cost = 2 if (kind or into_fire) else 1
    what = ("Carrying a victim" if family else "Carrying") if kind else "Moving into fire" if into_fire else "Moving"
    reg, free, commanded = _pay_for(st, actor, cost, "move", what,
                                    f" ({st.cafs_cmd} spent already, this costs {cost}).")
    if not escapable(st, st.ap[active] - reg, st.free - free, moved=actor, to=target, commanded=commanded):
        raise _stuck(st, target)
    return target, kind, lead, cost, reg, free


def plan_door(st: State, actor: int, verb: str, d: int) -> tuple:
    """R6.2.1 (own cell of the actor; a command when the actor is not the active firefighter)."""
    active = st.order[st.active]
    here = st.cell[actor]
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
    new = DOOR_OPEN if verb == "open" else DOOR_CLOSED
    reg, free, commanded = _pay_for(st, actor, 1, "door", "Opening or closing a door", ".")
    if not escapable(st, st.ap[active] - reg, st.free - free, edge=edge, estate=new, commanded=commanded):
        raise _stuck(st, here)
    return edge, new, reg, free


def plan_ext(st: State, seat: int, target: int, whole: bool) -> tuple:
    """R6.4.1 with the Paramedic's and Rescue Specialist's double cost and the CAFS's free AP."""
    threat = st.threat[target]
    if not threat:
        raise IllegalMove(f"There is no fire or smoke on {cell_id(target)} to extinguish.")
    if whole and threat != FIRE:
        raise IllegalMove(f"`all` removes a fire; {cell_id(target)} has only smoke: extinguish it without `all`.")
    cost = (2 if whole else 1) * ext_factor(st.spec[seat])
    reg, free = _split(st, seat, cost, "ext", "Removing a fire" if whole else "Extinguishing")
    new = SMOKE if threat == FIRE and not whole else 0
    if not escapable(st, st.ap[seat] - reg, st.free - free, tcell=target, tthreat=new):
        raise _stuck(st, st.cell[seat])
    return new, reg, free


def plan_chop(st: State, seat: int, d: int) -> tuple:
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
    cost = 1 if st.spec[seat] == "rescue" else 2  # R6.9.7
    reg, free = _split(st, seat, cost, "chop", "Chopping a wall")
    if not escapable(st, st.ap[seat] - reg, st.free - free, edge=edge, estate=state + 1):
        raise _stuck(st, here)
    return edge, reg


def _plain(st: State, seat: int, cost: int, what: str) -> int:
    reg, free = _split(st, seat, cost, "other", what)
    if not escapable(st, st.ap[seat] - reg, st.free):
        raise IllegalMove(_ESCAPE)
    return reg


def _need(st: State, seat: int, spec: str, verb: str) -> None:
    if not st.mod_specialists or st.spec[seat] != spec:
        raise IllegalMove(f"`{verb}` is the {NAMES[spec]}'s ability; you are the {NAMES[st.spec[seat]]}.")


def plan_treat(st: State, seat: int) -> int:
    _need(st, seat, "paramedic", "treat")
    here = st.cell[seat]
    if not st.victims[here]:
        raise IllegalMove(f"There is no untreated face-up victim on {cell_id(here)} to treat.")
    if sum(st.treated) >= HEAL_MARKERS:
        raise IllegalMove("All 3 heal markers are in use: no victim can be treated now.")
    return _plain(st, seat, 1, "Treating a victim")


def plan_identify(st: State, seat: int, cell: int) -> int:
    _need(st, seat, "imaging", "identify")
    if not st.hidden[cell]:
        raise IllegalMove(f"There is no face-down POI on {cell_id(cell)} to identify.")
    return _plain(st, seat, 1, "Identifying a POI")


def plan_dispose(st: State, seat: int) -> int:
    _need(st, seat, "hazmat", "dispose")
    here = st.cell[seat]
    if not st.hazmat[here]:
        raise IllegalMove(f"There is no hazmat on {cell_id(here)} to dispose of.")
    return _plain(st, seat, 2, "Disposing of hazmat")


def plan_crew(st: State, seat: int, spec: str) -> int:
    """R6.10.1: first action, on the engine since the turn began, a card not in play; 2 AP."""
    if not st.mod_specialists:
        raise IllegalMove("There are no specialists in this game (module switched off): no crew change.")
    if not st.mod_vehicles:
        raise IllegalMove("Crew change happens at the engine, and this game has no vehicles.")
    if spec not in SPECIALISTS:
        raise IllegalMove(f"`{spec}` is not a specialist: {', '.join(SPECIALISTS)}.")
    if st.acted:
        raise IllegalMove("A crew change must be the first action of your turn.")
    if st.cell[seat] not in engine_cells(st):
        raise IllegalMove("A crew change needs you on the engine at the start of your turn.")
    if spec == st.spec[seat]:
        raise IllegalMove(f"You already are the {NAMES[spec]}.")
    if spec not in cards_free(st):
        raise IllegalMove(f"The {NAMES[spec]} card is not available (in play or not used in this game).")
    if st.ap[seat] < 2:
        raise IllegalMove(f"A crew change costs 2 AP; you have {st.ap[seat]}.")
    return 2


def _flip(value: int, bounds: tuple[int, int], sides: int) -> int:
    """R6.8.4: a die outside the quadrant's range shows its opposite face (d6: 7 - v, d8: 9 - v)."""
    return value if bounds[0] <= value <= bounds[1] else sides + 1 - value


def plan_gun(st: State, seat: int) -> int:
    if not st.mod_vehicles:
        raise IllegalMove("This game has no vehicles: no deck gun.")
    if st.cell[seat] not in engine_cells(st):
        raise IllegalMove("The deck gun is fired from the engine: stand on one of its cells first.")
    name = quadrant(st)
    cells = set(QUADRANT_CELLS[name])
    blocking = [COLOURS[s] for s, c in enumerate(st.cell) if c in cells]
    if blocking:
        raise IllegalMove(f"A firefighter ({', '.join(blocking)}) is in the target quadrant {name}: "
                          "the deck gun cannot fire.")
    return _plain(st, seat, 2 if st.spec[seat] == "driver" else 4, "The deck gun")


def _parse_riders(st: State, text: str) -> list[int]:
    riders = []
    for word in text.split(","):
        if word not in COLOURS or COLOURS.index(word) >= st.seats:
            raise IllegalMove(f"`{word}` is not a firefighter of this game.")
        seat = COLOURS.index(word)
        if seat in riders:
            raise IllegalMove(f"{word} is listed twice.")
        riders.append(seat)
    return sorted(riders)


def plan_drive(st: State, seat: int, kind: str, way: str, riders: list[int], at: int | None) -> tuple:
    """R6.8.2–R6.8.3: 2 AP to the next spot cw/ccw; riders on the vehicle get off on one cell of the new spot."""
    if not st.mod_vehicles:
        raise IllegalMove("This game has no vehicles.")
    cells = engine_cells(st) if kind == "engine" else amb_cells(st)
    name = "engine" if kind == "engine" else "ambulance"
    if kind == "engine":
        if st.cell[seat] not in cells:
            raise IllegalMove("The engine's driver must be on the engine.")
        if seat in riders:
            raise IllegalMove("You drive the engine: you always go with it, do not list yourself in `ride`.")
    for r in riders:
        if st.cell[r] not in cells:
            raise IllegalMove(f"{COLOURS[r]} is not on the {name}: only firefighters on it can ride.")
    spot = (st.engine if kind == "engine" else st.amb) + (1 if way == "cw" else -1)
    spot %= 4
    new = spot_cells(SIDES[st.board], kind, spot)
    going = riders + ([seat] if kind == "engine" else [])
    if at is None:
        at = new[0]
    elif at not in new:
        raise IllegalMove(f"The {name} will stand on {cell_id(new[0])} and {cell_id(new[1])}: "
                          f"get off on one of them, not {cell_id(at)}.")
    elif not going:
        raise IllegalMove("Nobody rides along, so there is nobody to get off: drop `at`.")
    reg = _plain(st, seat, 2, f"Driving the {name}")
    return spot, going, at, reg


# --- legal moves -------------------------------------------------------------------------------------------


def _ok(fn, *args) -> bool:
    try:
        fn(*args)
    except IllegalMove:
        return False
    return True


def _move_candidates(st: State, actor: int) -> list[tuple[int, str | None, bool, str]]:
    """(dir, carry kind or None, lead, suffix) for every passable direction."""
    here = st.cell[actor]
    present = [k for k in KINDS if (st.victims, st.treated, st.hazmat)[KINDS.index(k)][here]]
    treated = st.treated[here]
    out = []
    for d in range(4):
        e = EDGE[here][d]
        if e < 0 or not PASSABLE[st.edges[e]]:
            continue
        word = DIRECTIONS[d]
        fire_there = st.threat[NEIGH[here][d]] == FIRE
        if not fire_there:
            for k in present:
                suffix = " carry" if len(present) == 1 else " carry " + k
                out.append((d, k, False, word + suffix))
                if treated - (k == "treated") >= 1:
                    out.append((d, k, True, word + suffix + " lead"))
            if treated:
                out.append((d, None, True, word + " lead"))
        out.append((d, None, False, word))
    return out


def _subsets(items: list[int]) -> list[list[int]]:
    result: list[list[int]] = [[]]
    for item in items:
        result += [s + [item] for s in result]
    return sorted(result, key=lambda s: (len(s), s))


def legal_moves(st: State, seat: int) -> list[str]:
    if st.phase == SPEC:
        return ["spec " + s for s in cards_free(st)] if st.order[st.placing] == seat else []
    if st.phase == PLACE:
        if st.order[st.placing] != seat:
            return []
        return ["place " + cell_id(c) for c in _placement_order(st)]
    if st.phase == PARK:
        if st.order[0] != seat:
            return []
        # R4.12 step 13: either vehicle may be parked first (play accepts both orders).
        kinds = [k for k, spot in (("engine", st.engine), ("amb", st.amb)) if spot < 0]
        return [f"park {kind} {side}" for kind in kinds for side in SPOT_SIDES]
    if st.phase != ACTIONS or st.order[st.active] != seat:
        return []
    if st.mode == "family":
        return family_moves(st, seat)
    if st.gun is not None:
        out = ["accept"]
        if not st.gun[2]:
            out.append("reroll red")
        if not st.gun[3]:
            out.append("reroll black")
        return out
    spec = st.spec[seat]
    here = st.cell[seat]
    first: list[str] = []
    vehicle: list[str] = []
    exts: list[str] = []
    moves: list[str] = []
    doors: list[str] = []
    chops: list[str] = []
    cmds: list[str] = []
    rest: list[str] = []
    for d, kind, lead, text in _move_candidates(st, seat):
        if _ok(plan_move, st, seat, d, kind, lead):
            (first if kind or lead else moves).append("move " + text)
    if spec == "paramedic" and _ok(plan_treat, st, seat):
        first.append("treat")
    if spec == "hazmat" and _ok(plan_dispose, st, seat):
        first.append("dispose")
    if st.mod_vehicles:
        if _ok(plan_gun, st, seat):
            vehicle.append("gun")
        for kind, cells in (("engine", engine_cells(st)), ("amb", amb_cells(st))):
            if kind == "engine" and here not in cells:
                continue
            if st.ap[seat] < 2 or not escapable(st, st.ap[seat] - 2, st.free):
                continue
            aboard = [s for s in range(st.seats) if st.cell[s] in cells and not (kind == "engine" and s == seat)]
            for way in ("cw", "ccw"):
                spot = ((st.engine if kind == "engine" else st.amb) + (1 if way == "cw" else -1)) % 4
                new = spot_cells(SIDES[st.board], kind, spot)
                for riders in _subsets(aboard):
                    text = f"drive {kind} {way}"
                    if riders:
                        text += " ride " + ",".join(COLOURS[r] for r in riders)
                    vehicle.append(text)
                    if riders or kind == "engine":
                        vehicle.append(text + " at " + cell_id(new[1]))
    targets = [(here, "here")]
    for d in range(4):
        e = EDGE[here][d]
        if e >= 0 and PASSABLE[st.edges[e]]:
            targets.append((NEIGH[here][d], DIRECTIONS[d]))
    for cell, word in targets:
        threat = st.threat[cell]
        if threat == FIRE and _ok(plan_ext, st, seat, cell, True):
            exts.append(f"ext {word} all")
        if threat and _ok(plan_ext, st, seat, cell, False):
            exts.append(f"ext {word}")
    for d in range(4):
        e = EDGE[here][d]
        if e < 0:
            continue
        state = st.edges[e]
        if state == DOOR_CLOSED and _ok(plan_door, st, seat, "open", d):
            doors.append("open " + DIRECTIONS[d])
        elif state == DOOR_OPEN and _ok(plan_door, st, seat, "close", d):
            doors.append("close " + DIRECTIONS[d])
        elif IS_WALL[state] and _ok(plan_chop, st, seat, d):
            chops.append("chop " + DIRECTIONS[d])
    if spec == "imaging":
        for cell in INTERIOR:
            if st.hidden[cell] and _ok(plan_identify, st, seat, cell):
                rest.append("identify " + cell_id(cell))
    if spec == "captain":
        for other in range(st.seats):
            if other == seat:
                continue
            name = COLOURS[other]
            for d, kind, lead, text in _move_candidates(st, other):
                if _ok(plan_move, st, other, d, kind, lead):
                    cmds.append(f"cmd {name} move {text}")
            for d in range(4):
                e = EDGE[st.cell[other]][d]
                if e < 0:
                    continue
                state = st.edges[e]
                if state == DOOR_CLOSED and _ok(plan_door, st, other, "open", d):
                    cmds.append(f"cmd {name} open {DIRECTIONS[d]}")
                elif state == DOOR_OPEN and _ok(plan_door, st, other, "close", d):
                    cmds.append(f"cmd {name} close {DIRECTIONS[d]}")
    if st.mod_specialists and st.mod_vehicles and not st.acted and here in engine_cells(st) and st.ap[seat] >= 2:
        rest += ["crew " + s for s in cards_free(st)]
    result = first + vehicle + exts + moves + doors + chops + cmds + rest
    if not _someone_on_fire(st):
        result.append("end")
    return result


def _someone_on_fire(st: State) -> int:
    """The first firefighter standing on fire (R5.5), or -1... returned as seat + 1 (0 = nobody)."""
    for s, c in enumerate(st.cell):
        if c >= 0 and st.threat[c] == FIRE:
            return s + 1
    return 0


# --- playing ------------------------------------------------------------------------------------------------


def play(st: State, seat: int, move: str) -> list[Event]:
    if st.phase == OVER:
        raise IllegalMove("The game is over.")
    words = move.strip().lower().split()
    if not words:
        raise IllegalMove("Type a move, for example `move e` or `end`.")
    verb = words[0]
    family = st.mode == "family"
    if st.phase in (SPEC, PLACE, PARK):
        expected = st.order[0] if st.phase == PARK else st.order[st.placing]
        if seat != expected:
            doing = "place a firefighter" if family else "set up"
            raise IllegalMove(f"It is {COLOURS[expected]}'s turn to {doing}, not yours.")
        wanted = {SPEC: "spec", PLACE: "place", PARK: "park"}[st.phase]
        if verb != wanted:
            raise IllegalMove({
                SPEC: "First take a specialist card: `spec <name>`, e.g. `spec paramedic`.",
                PLACE: "First place your firefighter on an outside cell: `place <cell>`, e.g. `place 30`.",
                PARK: "First park the vehicles: `park engine <side>` and `park amb <side>` (top/right/bottom/left).",
            }[st.phase])
        return {SPEC: _spec, PLACE: _place, PARK: _park}[st.phase](st, seat, words)
    active = st.order[st.active]
    if seat != active:
        raise IllegalMove(f"It is {COLOURS[active]}'s turn, not yours.")
    if st.gun is not None and verb not in ("reroll", "accept"):
        raise IllegalMove("The deck gun is waiting for your decision: `reroll red`, `reroll black` or `accept`.")
    handler = _HANDLERS.get(verb)
    if family and (handler is None or verb in ADVANCED_VERBS):
        if verb in ADVANCED_VERBS:
            raise IllegalMove(f"`{verb}` belongs to the advanced game; this is the family game.")
        if verb == "place":
            raise IllegalMove("Every firefighter is already placed.")
        raise IllegalMove(f"Unknown command `{verb}`. Commands: move, open, close, ext, chop, end.")
    if handler is None:
        if verb in ("spec", "place", "park"):
            raise IllegalMove("The setup is over.")
        raise IllegalMove(f"Unknown command `{verb}`. Commands: {', '.join(VERBS)}.")
    return handler(st, seat, words)


def _spec(st: State, seat: int, words: list[str]) -> list[Event]:
    if len(words) != 2:
        raise IllegalMove("Write `spec <name>`, e.g. `spec paramedic`.")
    spec = words[1]
    if spec not in SPECIALISTS:
        raise IllegalMove(f"`{spec}` is not a specialist: {', '.join(SPECIALISTS)}.")
    if spec not in cards_free(st):
        raise IllegalMove(f"The {NAMES[spec]} card is not available (taken, or not used in this game).")
    st.spec[seat] = spec
    events = [Event("spec_chosen", {**who(st, seat), "spec": spec})]
    st.placing += 1
    _after_setup_step(st, events)
    return events


def _place(st: State, seat: int, words: list[str]) -> list[Event]:
    if len(words) != 2:
        raise IllegalMove("Write `place <cell>`, e.g. `place 30`.")
    cell = parse_cell(words[1])
    if cell is None:
        raise IllegalMove(f"`{words[1]}` is not a cell: use two digits, row then column, e.g. 30.")
    if not IS_OUTSIDE[cell]:
        raise IllegalMove(f"Firefighters start outside the building: {cell_id(cell)} is inside.")
    st.cell[seat] = cell
    events = [Event("placed", {"seat": seat, "colour": COLOURS[seat], "couleur": COULEURS[seat],
                               "cell": cell_id(cell)})]
    st.placing += 1
    _after_setup_step(st, events)
    return events


def _park(st: State, seat: int, words: list[str]) -> list[Event]:
    if len(words) != 3 or words[1] not in ("engine", "amb") or words[2] not in SPOT_SIDES:
        raise IllegalMove("Write `park engine <side>` or `park amb <side>`, side = top, right, bottom or left.")
    kind, side = words[1], SPOT_SIDES.index(words[2])
    if (st.engine if kind == "engine" else st.amb) >= 0:
        raise IllegalMove(f"The {'engine' if kind == 'engine' else 'ambulance'} is already parked.")
    if kind == "engine":
        st.engine = side
    else:
        st.amb = side
    cells = spot_cells(SIDES[st.board], kind, side)
    events = [Event("parked_engine" if kind == "engine" else "parked_amb",
                    {"side": words[2], "cote": COTES[words[2]], "cells": f"{cell_id(cells[0])}-{cell_id(cells[1])}"})]
    _after_setup_step(st, events)
    return events


def _parse_family_tail(rest: list[str]) -> str | None:
    """`move <dir> [carry [victim]]`: the family game carries only victims and leads none."""
    if not rest:
        return None
    if "lead" in rest:
        raise IllegalMove("Leading treated victims belongs to the advanced game; this is the family game.")
    if rest[0] != "carry" or len(rest) > 2:
        raise IllegalMove("Write `move <dir>` or `move <dir> carry`.")
    if len(rest) == 2:
        if rest[1] in ("treated", "hazmat"):
            raise IllegalMove(f"Carrying {rest[1]} belongs to the advanced game; this is the family game.")
        if rest[1] != "victim":
            raise IllegalMove(f"`{rest[1]}` cannot be carried: write `move <dir> carry`.")
    return "victim"


def _parse_move_tail(rest: list[str]) -> tuple[str | None, bool]:
    kind: str | None = None
    lead = False
    i = 0
    if i < len(rest) and rest[i] == "carry":
        kind = "auto"
        i += 1
        if i < len(rest) and rest[i] in KINDS:
            kind = rest[i]
            i += 1
    if i < len(rest) and rest[i] == "lead":
        lead = True
        i += 1
    if i != len(rest):
        raise IllegalMove("Write `move <dir>`, `move <dir> carry [victim|treated|hazmat]`, optionally ending "
                          "with `lead`.")
    return kind, lead


def _move(st: State, seat: int, words: list[str], actor: int | None = None) -> list[Event]:
    """R6.1.1–R6.1.7; a command when `actor` is not the active firefighter (R6.9.2)."""
    d = _direction(words, 1, "move")
    if st.mode == "family":
        kind, lead = _parse_family_tail(words[2:]), False
    else:
        kind, lead = _parse_move_tail(words[2:])
    actor = seat if actor is None else actor
    target, kind, lead, cost, reg, free = plan_move(st, actor, d, kind, lead)
    here = st.cell[actor]
    _spend(st, seat, reg, free)
    events = _commanded(st, seat, actor, cost)
    st.cell[actor] = target
    params = {**who(st, actor), "from": cell_id(here), "to": cell_id(target), "ap": st.ap[seat]}
    base = {"victim": "moved_carrying", "treated": "moved_carrying_treated", "hazmat": "moved_carrying_hazmat",
            None: "moved"}[kind]
    events.append(Event(base + ("_leading" if lead else ""), params))
    items = [kind] if kind else []
    if lead:
        items.append("treated")
    for item in items:
        if item == "hazmat":
            st.hazmat[here] -= 1
            if IS_OUTSIDE[target]:  # R6.1.7
                st.hazmat_out += 1
                events.append(Event("hazmat_removed", {"cell": cell_id(target)}))
            else:
                st.hazmat[target] += 1
            continue
        counts = st.victims if item == "victim" else st.treated
        counts[here] -= 1
        if is_safety(st, target):  # R6.1.6
            st.rescued += 1
            events.append(Event("rescued", {**who(st, actor), "cell": cell_id(target), "rescued": st.rescued}))
            if check_rescued(st, events):
                return events
        else:
            counts[target] += 1
    if st.hidden[target]:
        poi.reveal(st, target, events)
    return events


def _bare(words: list[str]) -> None:
    if len(words) != 1:
        raise IllegalMove(f"`{words[0]}` takes nothing after it.")


def _spend(st: State, seat: int, reg: int, free: int = 0) -> None:
    """Pay a planned action; the advanced game notes that the turn has begun (no crew change now, R6.10.1)."""
    st.ap[seat] -= reg
    st.free -= free
    if st.mode == "advanced":
        st.acted = True


def _commanded(st: State, seat: int, actor: int, cost: int) -> list[Event]:
    """R6.9.2: note a Captain's command of `actor` (and the AP spent on the CAFS firefighter)."""
    if actor == seat:
        return []
    st.commanded |= 1 << actor
    if st.spec[actor] == "cafs":
        st.cafs_cmd += cost
    return [Event("commanded", {**who(st, seat), "other": COLOURS[actor], "autre": COULEURS[actor]})]


def _door(st: State, seat: int, words: list[str], actor: int | None = None) -> list[Event]:
    """R6.2.1: open or close a door on an edge of the actor's cell."""
    verb = words[0]
    d = _direction(words, 1, verb)
    if len(words) > 2:
        raise IllegalMove(f"Write `{verb} <dir>`, e.g. `{verb} e`.")
    actor = seat if actor is None else actor
    edge, new, reg, free = plan_door(st, actor, verb, d)
    _spend(st, seat, reg, free)
    events = _commanded(st, seat, actor, 1)
    st.edges[edge] = new
    events.append(Event("door_opened" if verb == "open" else "door_closed",
                        {**who(st, actor), "edge": edge_id(edge), "ap": st.ap[seat]}))
    return events


def _extinguish(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.4.1: smoke -> removed, fire -> smoke, fire -> removed (`all`); the cell here or an adjacent one."""
    if len(words) < 2 or len(words) > 3 or (len(words) == 3 and words[2] != "all"):
        if st.mode == "family":
            raise IllegalMove("`ext` needs a target: here, n, e, s or w (e.g. `ext e` or `ext e all`)."
                              if len(words) < 2 else "Write `ext <target>` or `ext <target> all`.")
        raise IllegalMove("Write `ext <target>` or `ext <target> all` (target: here, n, e, s or w).")
    whole = len(words) == 3
    here = st.cell[seat]
    if words[1] == "here":
        target = here
    else:
        d = _direction(words, 1, "ext")
        reason = _blocked_reason(st, here, d)
        if reason:
            raise IllegalMove(reason.replace("they are not adjacent", "you cannot reach it to extinguish"))
        target = NEIGH[here][d]
    before = st.threat[target]
    new, reg, free = plan_ext(st, seat, target, whole)
    _spend(st, seat, reg, free)
    st.threat[target] = new
    if not new:
        st.threat_supply += 1
    kind = "fire_to_smoke" if new else "fire_removed" if before == FIRE else "smoke_removed"
    return [Event(kind, {**who(st, seat), "cell": cell_id(target), "ap": st.ap[seat]})]


def _chop(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.3.1: a damage cube on a standing wall of the own cell; the 24th cube collapses (R6.3.2)."""
    d = _direction(words, 1, "chop")
    if len(words) > 2:
        raise IllegalMove("Write `chop <dir>`, e.g. `chop s`.")
    edge, reg = plan_chop(st, seat, d)
    _spend(st, seat, reg)
    events = [Event("chopped", {**who(st, seat), "edge": edge_id(edge), "ap": st.ap[seat]})]
    fire.add_damage(st, edge, events)
    return events


def _treat(st: State, seat: int, words: list[str]) -> list[Event]:
    _bare(words)
    reg = plan_treat(st, seat)
    here = st.cell[seat]
    _spend(st, seat, reg)
    st.victims[here] -= 1
    st.treated[here] += 1
    return [Event("treated", {**who(st, seat), "cell": cell_id(here), "ap": st.ap[seat],
                              "heal": HEAL_MARKERS - sum(st.treated)})]


def _identify(st: State, seat: int, words: list[str]) -> list[Event]:
    if len(words) != 2:
        raise IllegalMove("Write `identify <cell>`, e.g. `identify 45`.")
    cell = parse_cell(words[1])
    if cell is None:
        raise IllegalMove(f"`{words[1]}` is not a cell: use two digits, row then column, e.g. 45.")
    reg = plan_identify(st, seat, cell)
    _spend(st, seat, reg)
    events = [Event("identified", {**who(st, seat), "cell": cell_id(cell), "ap": st.ap[seat]})]
    poi.reveal(st, cell, events)
    return events


def _dispose(st: State, seat: int, words: list[str]) -> list[Event]:
    _bare(words)
    reg = plan_dispose(st, seat)
    here = st.cell[seat]
    _spend(st, seat, reg)
    st.hazmat[here] -= 1
    st.hazmat_out += 1
    return [Event("disposed", {**who(st, seat), "cell": cell_id(here), "ap": st.ap[seat]})]


def _crew(st: State, seat: int, words: list[str]) -> list[Event]:
    if len(words) != 2:
        raise IllegalMove("Write `crew <specialist>`, e.g. `crew cafs`.")
    plan_crew(st, seat, words[1])
    old = st.spec[seat]
    st.spec[seat] = words[1]
    st.ap[seat] = BASE_AP[words[1]] + st.turn_saved - 2  # D19
    st.free = FREE_AP.get(words[1], 0)
    st.acted = True
    return [Event("crew_change", {**who(st, seat), "old": NAMES[old], "ancien": NOMS[old], "ap": st.ap[seat],
                                  "free": st.free})]


def _gun(st: State, seat: int, words: list[str]) -> list[Event]:
    _bare(words)
    reg = plan_gun(st, seat)
    _spend(st, seat, reg)
    rows, cols = QUADRANTS[quadrant(st)]
    red, black = st.rng.die(6), st.rng.die(8)
    fred, fblack = _flip(red, rows, 6), _flip(black, cols, 8)
    events = [Event("gun_roll", {**who(st, seat), "quadrant": quadrant(st), "red": red, "black": black,
                                 "red_flipped": fred, "black_flipped": fblack, "cell": cell_id(10 * fred + fblack),
                                 "ap": st.ap[seat]})]
    if st.spec[seat] == "driver":  # R6.9.8
        st.gun = [fred, fblack, 0, 0]
        events.append(Event("gun_pending", {**who(st, seat), "cell": cell_id(10 * fred + fblack)}))
        return events
    _shoot(st, 10 * fred + fblack, events)
    return events


def _reroll(st: State, seat: int, words: list[str]) -> list[Event]:
    if st.gun is None:
        raise IllegalMove("There is no deck-gun shot waiting for a re-roll.")
    if len(words) != 2 or words[1] not in ("red", "black"):
        raise IllegalMove("Write `reroll red` or `reroll black`.")
    index = 0 if words[1] == "red" else 1
    if st.gun[2 + index]:
        raise IllegalMove(f"The {words[1]} die was already re-rolled: each die at most once.")
    rows, cols = QUADRANTS[quadrant(st)]
    value = st.rng.die(6) if index == 0 else st.rng.die(8)
    flipped = _flip(value, rows, 6) if index == 0 else _flip(value, cols, 8)
    st.gun[index] = flipped
    st.gun[2 + index] = 1
    target = 10 * st.gun[0] + st.gun[1]
    events = [Event("gun_reroll", {**who(st, seat), "die": words[1], "de": "rouge" if index == 0 else "noir",
                                   "value": value, "flipped": flipped, "cell": cell_id(target)})]
    if st.gun[2] and st.gun[3]:
        st.gun = None
        _shoot(st, target, events)
    return events


def _accept(st: State, seat: int, words: list[str]) -> list[Event]:
    if st.gun is None:
        raise IllegalMove("There is no deck-gun shot waiting for a decision.")
    _bare(words)
    target = 10 * st.gun[0] + st.gun[1]
    st.gun = None
    events: list[Event] = []
    _shoot(st, target, events)
    return events


def _shoot(st: State, target: int, events: list[Event]) -> None:
    """R6.8.4: every threat marker on the target and its adjacent cells (R3.6) goes back to the supply."""
    cells = [target] + [NEIGH[target][d] for d in range(4)
                        if EDGE[target][d] >= 0 and PASSABLE[st.edges[EDGE[target][d]]]]
    cleared = []
    for c in sorted(cells):
        if st.threat[c]:
            st.threat[c] = 0
            st.threat_supply += 1
            cleared.append(cell_id(c))
    st.last_gun = {"cell": cell_id(target), "cleared": cleared}
    events.append(Event("gun_hits", {"cell": cell_id(target), "cells": ", ".join(cleared) or "-",
                                     "count": len(cleared)}))


def _drive(st: State, seat: int, words: list[str]) -> list[Event]:
    usage = "Write `drive engine|amb cw|ccw [ride <colour>,...] [at <cell>]`."
    if len(words) < 3 or words[1] not in ("engine", "amb") or words[2] not in ("cw", "ccw"):
        raise IllegalMove(usage)
    kind, way = words[1], words[2]
    rest = words[3:]
    riders: list[int] = []
    at = None
    if rest and rest[0] == "ride":
        if len(rest) < 2:
            raise IllegalMove(usage)
        riders = _parse_riders(st, rest[1])
        rest = rest[2:]
    if rest and rest[0] == "at":
        if len(rest) != 2:
            raise IllegalMove(usage)
        at = parse_cell(rest[1])
        if at is None:
            raise IllegalMove(f"`{rest[1]}` is not a cell.")
        rest = rest[2:]
    if rest:
        raise IllegalMove(usage)
    spot, going, at, reg = plan_drive(st, seat, kind, way, riders, at)
    _spend(st, seat, reg)
    if kind == "engine":
        st.engine = spot
    else:
        st.amb = spot
    for s in going:
        st.cell[s] = at
    new = spot_cells(SIDES[st.board], kind, spot)
    events = [Event("drove_engine" if kind == "engine" else "drove_amb",
                    {**who(st, seat), "side": SPOT_SIDES[spot], "cote": COTES[SPOT_SIDES[spot]], "cells": f"{cell_id(new[0])}-{cell_id(new[1])}",
                     "riders": ", ".join(COLOURS[s] for s in going) or "-",
                     "passagers": ", ".join(COULEURS[s] for s in going) or "-", "ap": st.ap[seat]})]
    if kind == "amb":  # R6.8.5: victims lying on the new spot are rescued at once
        for c in new:
            for counts in (st.victims, st.treated):
                while counts[c]:
                    counts[c] -= 1
                    st.rescued += 1
                    events.append(Event("rescued_by_ambulance", {"cell": cell_id(c), "rescued": st.rescued}))
                    if check_rescued(st, events):
                        return events
    return events


def _cmd(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.9.2: `cmd <colour> move ...` / `cmd <colour> open|close <dir>`."""
    if not st.mod_specialists or st.spec[seat] != "captain":
        raise IllegalMove(f"Only the Fire Captain gives commands; you are the {NAMES[st.spec[seat]]}.")
    if len(words) < 3:
        raise IllegalMove("Write `cmd <colour> move <dir>` or `cmd <colour> open|close <dir>`.")
    name = words[1]
    if name not in COLOURS or COLOURS.index(name) >= st.seats:
        raise IllegalMove(f"`{name}` is not a firefighter of this game.")
    other = COLOURS.index(name)
    if other == seat:
        raise IllegalMove("The Captain commands the others; play your own actions directly.")
    verb = words[2]
    if verb == "move":
        return _move(st, seat, words[2:], actor=other)
    if verb in ("open", "close"):
        return _door(st, seat, words[2:], actor=other)
    raise IllegalMove("The Captain can only command a move or a door (open/close).")


def _end(st: State, seat: int, words: list[str]) -> list[Event]:
    """R6.6.1, R5.3 (free AP are never saved), the advanced fire phase and POIs, the next turn."""
    _bare(words)
    burning = _someone_on_fire(st)
    if burning:
        s = burning - 1
        if st.mode == "family":
            raise IllegalMove(f"You cannot end your turn standing in fire on {cell_id(st.cell[s])}: "
                              "move out or extinguish it first.")
        raise IllegalMove(f"You cannot end the turn while {COLOURS[s]} stands in fire on {cell_id(st.cell[s])}: "
                          "get out or extinguish it first.")
    st.saved[seat] = min(MAX_SAVED_AP, st.ap[seat])
    wasted = st.ap[seat] - st.saved[seat]
    st.ap[seat] = 0
    st.free = 0
    events = [Event("turn_ended", {**who(st, seat), "saved": st.saved[seat], "wasted": wasted})]
    fire.advance(st, events)
    poi.replenish(st, events)
    if st.phase == OVER:
        return events
    if st.max_turns and st.turn >= st.max_turns:  # R8.6
        finish(st, "turn_limit", events)
        return events
    st.active = (st.active + 1) % len(st.order)
    start_turn(st, events)
    return events


def start_turn(st: State, events: list[Event]) -> None:
    """R5.2: base AP + saved AP, the saved AP used up; in the advanced game the specialist's base AP and free AP."""
    seat = st.order[st.active]
    spec = st.spec[seat]
    st.turn += 1
    saved = st.saved[seat]
    st.ap[seat] = BASE_AP[spec] + saved
    st.saved[seat] = 0
    if st.mode == "family":
        events.append(Event("turn_started", {**who(st, seat), "turn": st.turn, "ap": st.ap[seat]}))
        return
    st.turn_saved = saved
    st.free = FREE_AP.get(spec, 0)
    st.acted = False
    st.commanded = 0
    st.cafs_cmd = 0
    st.gun = None
    events.append(Event("turn_started_spec", {**who(st, seat), "turn": st.turn, "ap": st.ap[seat], "free": st.free}))


_HANDLERS = {
    "move": _move,
    "open": _door,
    "close": _door,
    "ext": _extinguish,
    "chop": _chop,
    "end": _end,
    "treat": _treat,
    "identify": _identify,
    "dispose": _dispose,
    "crew": _crew,
    "drive": _drive,
    "gun": _gun,
    "reroll": _reroll,
    "accept": _accept,
    "cmd": _cmd,
}
