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


class State:
    __slots__ = (
        "mode", "board", "seats", "order", "play_on", "max_turns", "family_setup",
        "phase", "placing", "active", "turn",
        "edges", "threat", "hidden", "victims", "pool",
        "cell", "ap", "saved",
        "threat_supply", "damage", "rescued", "lost", "false_revealed",
        "last_fire", "result", "rng",
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
    return st
