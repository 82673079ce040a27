"""The game state of Fire Rescue, and its JSON form.

Secrets (R7.2): `hidden` (identity of each face-down POI) and `pool` (order and content). They leave the
state only through `dump` (the saved game), never through a view.
"""

from __future__ import annotations

from typing import Any

from engines.core import Rng
from engines.rescue.board import (
    CELLS,
    EDGE_CODE,
    EDGE_NAMES,
    EDGES,
    FIRE,
    SIDES,
    SMOKE,
    cell_id,
    edge_id,
    parse_edge,
)

# POI identities (face-down markers and pool entries).
VICTIM, FALSE_ALARM = 1, 2
POI_NAMES = {VICTIM: "victim", FALSE_ALARM: "false_alarm"}
POI_CODE = {name: code for code, name in POI_NAMES.items()}
THREAT_NAMES = {SMOKE: "smoke", FIRE: "fire"}
THREAT_CODE = {name: code for code, name in THREAT_NAMES.items()}

PLACE, ACTIONS, OVER = "place", "actions", "over"
SPEC, PARK = "spec", "park"  # advanced setup: choosing specialists (R4.12 step 9), parking (step 13)


class State:
    __slots__ = (
        "mode", "board", "seats", "order", "play_on", "max_turns", "family_setup",
        "phase", "placing", "active", "turn",
        "edges", "threat", "hidden", "victims", "pool",
        "cell", "ap", "saved",
        "threat_supply", "damage", "rescued", "lost", "false_revealed",
        "last_fire", "result", "rng",
        # advanced game (issue 8)
        "level", "deal", "mod_specialists", "mod_hazmat", "mod_vehicles", "mod_hotspots", "setup_damage",
        "spec", "free", "turn_saved", "acted", "commanded", "cafs_cmd", "gun",
        "treated", "hazmat", "hotspot", "hot_reserve", "hot_out", "hazmat_total", "hazmat_out",
        "engine", "amb", "last_gun",
    )

    def __init__(self) -> None:
        self.mode = "family"
        self.board = "front"
        self.seats = 1
        self.order: list[int] = [0]  # R4.2 turn order (seats)
        self.play_on = False
        self.max_turns = 300
        self.family_setup = "fixed"
        self.phase = PLACE
        self.placing = 0  # index in `order` of the next firefighter to place (R4.4)
        self.active = 0  # index in `order` of the active firefighter
        self.turn = 0  # turns started so far (R8.6)
        self.edges: list[int] = list(SIDES["front"].edges)
        self.threat: list[int] = [0] * CELLS
        self.hidden: list[int] = [0] * CELLS  # face-down POI identity per cell (secret), 0 = none
        self.victims: list[int] = [0] * CELLS  # face-up victims lying per cell
        self.pool: list[int] = []  # next draw first (secret)
        self.cell: list[int] = []  # per seat, -1 before placement
        self.ap: list[int] = []
        self.saved: list[int] = []
        self.threat_supply = 33
        self.damage = 0
        self.rescued = 0
        self.lost = 0
        self.false_revealed = 0
        self.last_fire: dict[str, Any] | None = None  # the last fire-advance roll, for the picture
        self.result: dict[str, Any] | None = None  # Outcome.dump() once the game is over
        self.rng = Rng(0)
        self.level = "recruit"
        self.deal = "choose"  # option `specialists`
        self.mod_specialists = self.mod_hazmat = self.mod_vehicles = self.mod_hotspots = True
        self.setup_damage = True
        self.spec: list[str] = []  # specialist key per seat ("" = basic firefighter / not chosen yet)
        self.free = 0  # the active firefighter's free AP this turn (kind given by its card)
        self.turn_saved = 0  # saved AP the active firefighter started the turn with (crew change, D19)
        self.acted = False  # an action was taken this turn (crew change must be first, R6.10.1)
        self.commanded = 0  # bit per seat commanded by the Captain this turn (R5.5)
        self.cafs_cmd = 0  # AP the Captain spent commanding the CAFS this turn (R6.9.2)
        self.gun: list[int] | None = None  # Driver's pending shot: [red, black, red rerolled, black rerolled]
        self.treated: list[int] = [0] * CELLS  # treated victims lying per cell (R6.9.1)
        self.hazmat: list[int] = [0] * CELLS
        self.hotspot: list[int] = [0] * CELLS  # 0/1 (D8)
        self.hot_reserve = 0
        self.hot_out = 0  # hot spots back in the box (R4.12 step 11)
        self.hazmat_total = 0  # hazmat placed at setup
        self.hazmat_out = 0  # hazmat removed since (disposed, carried out, exploded)
        self.engine = -1  # parking spot index (0 top, 1 right, 2 bottom, 3 left), -1 = not on the board
        self.amb = -1
        self.last_gun: dict[str, Any] | None = None

    @property
    def seat(self) -> int:
        """The active seat."""
        return self.order[self.active]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and dump(self) == dump(other)

    __hash__ = None  # type: ignore[assignment]


def dump(st: State) -> dict:
    return {
        "mode": st.mode,
        "board": st.board,
        "seats": st.seats,
        "order": list(st.order),
        "play_on": st.play_on,
        "max_turns": st.max_turns,
        "family_setup": st.family_setup,
        "phase": st.phase,
        "placing": st.placing,
        "active": st.active,
        "turn": st.turn,
        "edges": {edge_id(e): EDGE_NAMES[st.edges[e]] for e in EDGES if st.edges[e]},
        "threats": {cell_id(c): THREAT_NAMES[t] for c, t in enumerate(st.threat) if t},
        "facedown": {cell_id(c): POI_NAMES[p] for c, p in enumerate(st.hidden) if p},
        "victims": {cell_id(c): n for c, n in enumerate(st.victims) if n},
        "pool": [POI_NAMES[p] for p in st.pool],
        "firefighters": [
            {"cell": None if c < 0 else cell_id(c), "ap": a, "saved": s}
            for c, a, s in zip(st.cell, st.ap, st.saved, strict=True)
        ],
        "threat_supply": st.threat_supply,
        "damage": st.damage,
        "rescued": st.rescued,
        "lost": st.lost,
        "false_revealed": st.false_revealed,
        "last_fire": st.last_fire,
        "result": st.result,
        "rng": st.rng.dump(),
        "level": st.level,
        "deal": st.deal,
        "mods": {"specialists": st.mod_specialists, "hazmat": st.mod_hazmat, "vehicles": st.mod_vehicles,
                 "hotspots": st.mod_hotspots, "setup_damage": st.setup_damage},
        "spec": list(st.spec),
        "turn_flags": {"free": st.free, "turn_saved": st.turn_saved, "acted": st.acted,
                       "commanded": st.commanded, "cafs_cmd": st.cafs_cmd},
        "gun": None if st.gun is None else list(st.gun),
        "treated": {cell_id(c): n for c, n in enumerate(st.treated) if n},
        "hazmat": {cell_id(c): n for c, n in enumerate(st.hazmat) if n},
        "hotspots": [cell_id(c) for c in range(CELLS) if st.hotspot[c]],
        "hot_reserve": st.hot_reserve,
        "hot_out": st.hot_out,
        "hazmat_total": st.hazmat_total,
        "hazmat_out": st.hazmat_out,
        "vehicles": {"engine": st.engine, "amb": st.amb},
        "last_gun": st.last_gun,
    }


def load(data: dict) -> State:
    st = State()
    st.mode = data["mode"]
    st.board = data["board"]
    st.seats = int(data["seats"])
    st.order = [int(s) for s in data["order"]]
    st.play_on = bool(data["play_on"])
    st.max_turns = int(data["max_turns"])
    st.family_setup = data.get("family_setup", "fixed")
    st.phase = data["phase"]
    st.placing = int(data["placing"])
    st.active = int(data["active"])
    st.turn = int(data["turn"])
    st.edges = [0] * len(st.edges)
    for text, name in data["edges"].items():
        st.edges[parse_edge(text)] = EDGE_CODE[name]
    st.threat = [0] * CELLS
    for text, name in data["threats"].items():
        st.threat[int(text)] = THREAT_CODE[name]
    st.hidden = [0] * CELLS
    for text, name in data["facedown"].items():
        st.hidden[int(text)] = POI_CODE[name]
    st.victims = [0] * CELLS
    for text, n in data["victims"].items():
        st.victims[int(text)] = int(n)
    st.pool = [POI_CODE[name] for name in data["pool"]]
    fighters = data["firefighters"]
    st.cell = [-1 if f["cell"] is None else int(f["cell"]) for f in fighters]
    st.ap = [int(f["ap"]) for f in fighters]
    st.saved = [int(f["saved"]) for f in fighters]
    st.threat_supply = int(data["threat_supply"])
    st.damage = int(data["damage"])
    st.rescued = int(data["rescued"])
    st.lost = int(data["lost"])
    st.false_revealed = int(data["false_revealed"])
    st.last_fire = data.get("last_fire")
    st.result = data.get("result")
    st.rng = Rng.load(data["rng"])
    st.level = data.get("level", "recruit")
    st.deal = data.get("deal", "choose")
    mods = data.get("mods", {})
    st.mod_specialists = bool(mods.get("specialists", True))
    st.mod_hazmat = bool(mods.get("hazmat", True))
    st.mod_vehicles = bool(mods.get("vehicles", True))
    st.mod_hotspots = bool(mods.get("hotspots", True))
    st.setup_damage = bool(mods.get("setup_damage", True))
    st.spec = [str(x) for x in data.get("spec", [""] * st.seats)]
    flags = data.get("turn_flags", {})
    st.free = int(flags.get("free", 0))
    st.turn_saved = int(flags.get("turn_saved", 0))
    st.acted = bool(flags.get("acted", False))
    st.commanded = int(flags.get("commanded", 0))
    st.cafs_cmd = int(flags.get("cafs_cmd", 0))
    gun = data.get("gun")
    st.gun = None if gun is None else [int(x) for x in gun]
    st.treated = [0] * CELLS
    for text, n in data.get("treated", {}).items():
        st.treated[int(text)] = int(n)
    st.hazmat = [0] * CELLS
    for text, n in data.get("hazmat", {}).items():
        st.hazmat[int(text)] = int(n)
    st.hotspot = [0] * CELLS
    for text in data.get("hotspots", []):
        st.hotspot[int(text)] = 1
    st.hot_reserve = int(data.get("hot_reserve", 0))
    st.hot_out = int(data.get("hot_out", 0))
    st.hazmat_total = int(data.get("hazmat_total", 0))
    st.hazmat_out = int(data.get("hazmat_out", 0))
    vehicles = data.get("vehicles", {})
    st.engine = int(vehicles.get("engine", -1))
    st.amb = int(vehicles.get("amb", -1))
    st.last_gun = data.get("last_gun")
    return st
