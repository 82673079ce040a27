"""The game state of Au feu les dinosaures ! and its JSON form.

Positions are cell ints (see board.py). Special positions: REMOVED (-1) for a piece out of the game and
RIDER (-2) for a water carrier riding its dinosaur (R9.2). `fire[c]` is the flame count of forest
square c, or BURNT (-1) once it has burnt (R2.4).
"""

from __future__ import annotations

from typing import Any

from engines.core import Rng
from engines.dinofire.board import CELL_COUNT, INDEX, NAMES, TERRITORIES

REMOVED = -1
RIDER = -2
BURNT = -1

FIRE_MAKERS = ("fm1", "fm2", "fm3")
GUARDIANS = ("g1", "g2")
CARRIERS = ("w1", "w2", "w3", "w4", "w5", "w6")
PIECES = ("dino",) + FIRE_MAKERS + GUARDIANS + CARRIERS  # R2.2 order


class State:
    __slots__ = (
        "n", "order", "terr", "owner", "fire", "fm", "stun", "gd", "wc", "full", "dino", "gact", "p3act",
        "round", "turn", "phase", "acted", "attacks", "cursor", "pending", "closing", "resolving",
        "ending", "last_wind", "rng", "picks", "options", "over", "announced", "occ",
    )

    def __init__(self) -> None:
        self.n = 0
        self.terr: list[int] = []          # seat -> territory index (0 nw, 1 ne, 2 se, 3 sw)
        self.owner: list[int] = [-1] * 4   # territory -> seat, -1 when unowned (R4.4)
        self.fire: list[int] = [0] * CELL_COUNT
        self.fm: list[list[int]] = []      # seat -> positions of fm1..fm3
        self.stun: list[list[int]] = []    # seat -> stun counters of fm1..fm3 (R7.5)
        self.gd: list[list[int]] = []      # seat -> positions of g1, g2
        self.wc: list[list[int]] = []      # seat -> positions of w1..w6 (RIDER when on the dinosaur)
        self.full: list[list[bool]] = []   # seat -> bucket full? for w1..w6
        self.dino: list[int] = []          # seat -> dinosaur cell
        self.gact: list[bool] = []         # guardians active (R6.6)
        self.p3act: list[bool] = []        # Phase 3 active (R9.1)
        self.round = 1
        self.turn = 0                      # the seat playing its turn
        self.order: list[int] = []         # the seats in play order (R4.1: seat k of the order, k-th territory)
        self.phase = 1
        self.acted: set[str] = set()       # piece ids that acted in the current phase (R5.3)
        # Phase 2 attacks in move order (R8.4): [guardian idx, target seat, target fm idx, cell, entry, push]
        self.attacks: list[list[int]] = []
        self.cursor = 0                    # the attack being resolved
        self.pending: dict[str, Any] | None = None  # a push/retreat question waiting for an answer
        self.closing = False               # `done` sent: close the current phase
        self.resolving = False             # Phase 2 over, attacks being resolved
        self.ending = False                # `end` sent (R5.5)
        self.last_wind: dict[str, Any] | None = None
        self.rng = Rng(0)
        self.picks: list[int] = []         # forced `pick` results (scenario stack, R13)
        self.options: dict[str, Any] = {}
        self.over = False
        self.announced: list[int] = [0, -1, 0]
        self.occ: Any = None  # cached Occupancy, valid until the next command (never dumped)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and dump_state(self) == dump_state(other)

    __hash__ = None  # type: ignore[assignment]


def _cell(c: int) -> str | None:
    if c == REMOVED:
        return None
    if c == RIDER:
        return "rider"
    return NAMES[c]


def _uncell(value: str | None) -> int:
    if value is None:
        return REMOVED
    if value == "rider":
        return RIDER
    return INDEX[value]


def dump_state(s: State) -> dict:
    pieces = []
    for seat in range(s.n):
        p: dict[str, Any] = {"dino": NAMES[s.dino[seat]]}
        for i, name in enumerate(FIRE_MAKERS):
            p[name] = _cell(s.fm[seat][i])
        for i, name in enumerate(GUARDIANS):
            p[name] = _cell(s.gd[seat][i])
        for i, name in enumerate(CARRIERS):
            p[name] = _cell(s.wc[seat][i])
        pieces.append(p)
    return {
        "game": "dinofire",
        "version": 1,
        "players": s.n,
        "territories": [TERRITORIES[t] for t in s.terr],
        "options": dict(s.options),
        "round": s.round,
        "turn": s.turn,
        "order": list(s.order),
        "phase": s.phase,
        "fire": {NAMES[c]: f for c, f in enumerate(s.fire) if f > 0},
        "burnt": [NAMES[c] for c, f in enumerate(s.fire) if f == BURNT],
        "pieces": pieces,
        "empty": [[CARRIERS[i] for i in range(6) if not s.full[seat][i]] for seat in range(s.n)],
        "stun": [{FIRE_MAKERS[i]: v for i, v in enumerate(s.stun[seat]) if v} for seat in range(s.n)],
        "guardians_active": list(s.gact),
        "phase3_active": list(s.p3act),
        "acted": sorted(s.acted, key=PIECES.index),
        "attacks": [
            {"guardian": GUARDIANS[a[0]], "seat": a[1], "target": FIRE_MAKERS[a[2]], "cell": NAMES[a[3]],
             "entry": NAMES[a[4]], "push": None if a[5] < 0 else NAMES[a[5]]}
            for a in s.attacks
        ],
        "cursor": s.cursor,
        "pending": None if s.pending is None else _dump_pending(s.pending),
        "closing": s.closing,
        "resolving": s.resolving,
        "ending": s.ending,
        "last_wind": None if s.last_wind is None else dict(s.last_wind),
        "rng": s.rng.dump(),
        "picks": [NAMES[c] for c in s.picks],
        "over": s.over,
        "announced": list(s.announced),
    }


def _dump_pending(p: dict) -> dict:
    out = dict(p)
    out["cells"] = [NAMES[c] for c in p["cells"]]
    return out


def load_state(d: dict) -> State:
    s = State()
    s.n = int(d["players"])
    s.terr = [TERRITORIES.index(t) for t in d["territories"]]
    s.owner = [-1] * 4
    for seat, t in enumerate(s.terr):
        s.owner[t] = seat
    s.options = dict(d.get("options", {}))
    s.round = int(d.get("round", 1))
    s.turn = int(d.get("turn", 0))
    s.order = [int(x) for x in d.get("order", range(s.n))]
    s.phase = int(d.get("phase", 1))
    s.fire = [0] * CELL_COUNT
    for name, f in d.get("fire", {}).items():
        s.fire[INDEX[name]] = int(f)
    for name in d.get("burnt", []):
        s.fire[INDEX[name]] = BURNT
    s.fm, s.gd, s.wc, s.dino = [], [], [], []
    for p in d["pieces"]:
        s.fm.append([_uncell(p[k]) for k in FIRE_MAKERS])
        s.gd.append([_uncell(p[k]) for k in GUARDIANS])
        s.wc.append([_uncell(p[k]) for k in CARRIERS])
        s.dino.append(INDEX[p["dino"]])
    empty = d.get("empty", [[] for _ in range(s.n)])
    s.full = [[CARRIERS[i] not in empty[seat] for i in range(6)] for seat in range(s.n)]
    stun = d.get("stun", [{} for _ in range(s.n)])
    s.stun = [[int(stun[seat].get(k, 0)) for k in FIRE_MAKERS] for seat in range(s.n)]
    s.gact = [bool(x) for x in d.get("guardians_active", [False] * s.n)]
    s.p3act = [bool(x) for x in d.get("phase3_active", [False] * s.n)]
    s.acted = set(d.get("acted", []))
    s.attacks = [
        [GUARDIANS.index(a["guardian"]), int(a["seat"]), FIRE_MAKERS.index(a["target"]), INDEX[a["cell"]],
         INDEX[a["entry"]], -1 if a.get("push") is None else INDEX[a["push"]]]
        for a in d.get("attacks", [])
    ]
    s.cursor = int(d.get("cursor", 0))
    pending = d.get("pending")
    if pending is not None:
        pending = dict(pending)
        pending["cells"] = [INDEX[c] for c in pending["cells"]]
    s.pending = pending
    s.closing = bool(d.get("closing", False))
    s.resolving = bool(d.get("resolving", False))
    s.ending = bool(d.get("ending", False))
    s.last_wind = None if d.get("last_wind") is None else dict(d["last_wind"])
    s.rng = Rng.load(d["rng"]) if "rng" in d else Rng(0)
    s.picks = [INDEX[c] for c in d.get("picks", [])]
    s.over = bool(d.get("over", False))
    s.announced = list(d.get("announced", [0, -1, 0]))
    return s
