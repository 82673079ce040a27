"""Au feu les dinosaures ! — the rules (spec: rules/dinofire.md; rule ids R… and N… cited below).

A player's turn is several commands: one per piece action and `done` per phase (§11). The engine keeps
the phase, which pieces have acted, the Phase 2 attacks waiting to be resolved and any push/retreat
question; the flames turn (R10) runs by itself when the turn ends.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engines.core import Event, IllegalMove, Option, Outcome, Rng
from engines.dinofire.board import (
    ADJACENT,
    CAVE,
    CAVES,
    COLOURS,
    DINO_STARTS,
    DIST,
    FIRE_NEIGHBOURS,
    FOREST,
    FOREST_CELLS,
    INDEX,
    IS_PATH,
    KIND,
    LAYOUTS,
    MAIN,
    MAP,
    NAMES,
    NEIGHBOURS,
    SMALL,
    STEP,
    TERR,
    TERRITORIES,
    TERRITORY_FOREST,
    TRIBES,
    direction_between,
)
from engines.dinofire.state import (
    BURNT,
    CARRIERS,
    FIRE_MAKERS,
    GUARDIANS,
    PIECES,
    REMOVED,
    RIDER,
    State,
    dump_state,
    load_state,
)

ROUND_CAP = 100  # R12.6
ATTACK = "attack"
_CELLISH = re.compile(r"^[a-z]\d{1,2}$")
_PIECEISH = re.compile(r"^(fm\d+|g\d+|w\d+)$")

MESSAGES = {
    "bad_command": "That is not a command of this game.",
    "not_your_turn": "It is not your turn.",
    "pending_decision": "A push or retreat must be answered first.",
    "unknown_piece": "There is no such piece.",
    "piece_removed": "That piece is out of the game.",
    "already_acted": "That piece has already acted this phase.",
    "stunned": "That fire-maker is knocked out and stays in its cave.",
    "inactive": "That phase is not active for you yet.",
    "wrong_phase": "That piece does not act in this phase.",
    "bad_route": "Each step of a route must go to an adjacent cell of the board.",
    "too_far": "Not enough movement points for that route.",
    "forbidden_cell": "That piece may not go there.",
    "occupied": "That cell is full for that piece.",
    "too_hot": "That square has 3 flames: the piece may not enter it.",
    "attack_must_end": "An attack on a fire-maker ends the guardian's route.",
    "cannot_ignite": "No ignition is possible there.",
    "cannot_extinguish": "There is nothing this carrier may put out there.",
    "bucket_empty": "That carrier's bucket is empty.",
    "not_rider": "That carrier is not riding the dinosaur.",
    "not_at_dino": "The carrier must end on the dinosaur's cell to get on.",
    "not_adjacent_to_dino": "A rider may douse only a square next to the dinosaur.",
    "no_rider": "The dinosaur moves only with at least one water carrier on its back.",
    "dino_blocked": "The other dinosaur does not give way there.",
    "illegal_push": "The fire-maker cannot be pushed there.",
    "game_over": "The game is over.",
}


class Refusal(IllegalMove):
    """An IllegalMove carrying the spec's reason code (N3) besides the sentence."""

    def __init__(self, code: str, detail: str = ""):
        sentence = MESSAGES[code] if not detail else f"{MESSAGES[code]} {detail}"
        super().__init__(sentence.strip())
        self.code = code


def _bad_command() -> Refusal:
    return Refusal("bad_command", "See the move notation in the rules (`/rules dinofire moves`).")


def seat_label(state: State, seat: int) -> str:
    t = TERRITORIES[state.terr[seat]]
    return f"{TRIBES[t]} ({t.upper()})"


def piece_label(state: State, seat: int, piece: str) -> str:
    return f"{TERRITORIES[state.terr[seat]].upper()} {piece}"


def _route_text(cells) -> str:
    return " ".join(NAMES[c] for c in cells)


# --- occupancy ---------------------------------------------------------------------------------------

_IS_CAVE = tuple(k == CAVE for k in KIND)
# _COUNTED[p]: does a piece at position p stand on a board cell outside the caves? Indexed by p itself:
# REMOVED (-1) and RIDER (-2) read the two False entries at the end of the tuple.
_COUNTED = tuple(not cave for cave in _IS_CAVE) + (False, False)


class Occupancy:
    """Who stands where, outside caves: characters per cell (R6.4), fire-makers + guardians per cell
    (R6.5) and the fire-maker on a cell (R8.3). Riders stand on no cell (R9.2)."""

    __slots__ = ("chars", "fmg", "fm_at", "rider_dests")

    def __init__(self, state: State):
        chars = [0] * 225
        fmg = [0] * 225
        fm_at: dict[int, tuple[int, int]] = {}
        counted = _COUNTED
        for seat in range(state.n):
            i = 0
            for p in state.fm[seat]:
                if counted[p]:
                    chars[p] += 1
                    fmg[p] += 1
                    fm_at[p] = (seat, i)
                i += 1
            for p in state.gd[seat]:
                if counted[p]:
                    chars[p] += 1
                    fmg[p] += 1
            for p in state.wc[seat]:
                if p >= 0:
                    chars[p] += 1
        self.chars = chars
        self.fmg = fmg
        self.fm_at = fm_at
        self.rider_dests: list[tuple[str, bool]] | None = None

    def lift(self, cell: int, fire_or_guard: bool) -> None:
        """Take the moving character off its cell while its route is checked."""
        if cell >= 0 and KIND[cell] != CAVE:
            self.chars[cell] -= 1
            if fire_or_guard:
                self.fmg[cell] -= 1

    def drop(self, cell: int, fire_or_guard: bool) -> None:
        if cell >= 0 and KIND[cell] != CAVE:
            self.chars[cell] += 1
            if fire_or_guard:
                self.fmg[cell] += 1


# --- entry rules (R6.3-R6.5), each returning None (may enter) or a reason code -----------------------

def fm_entry(own: int, cell: int, occ: Occupancy, fire: list[int]) -> str | None:
    kind = KIND[cell]
    if kind == CAVE:
        return None if cell == CAVES[own] else "forbidden_cell"  # A4: enemy caves are closed
    if kind == FOREST and fire[cell] >= 3:
        return "too_hot"
    if occ.fmg[cell] or occ.chars[cell] >= 2:  # R6.5: only one water carrier to share with (A10)
        return "occupied"
    return None


def guardian_entry(seat: int, own: int, cell: int, occ: Occupancy, fire: list[int]) -> str | None:
    kind = KIND[cell]
    if kind == CAVE:
        return None if cell == CAVES[own] else "forbidden_cell"
    if kind == MAIN or TERR[cell] != own:  # R6.3: a guardian never leaves its territory
        return "forbidden_cell"
    if kind == FOREST and fire[cell] >= 3:
        return "too_hot"
    target = occ.fm_at.get(cell)
    if target is not None and target[0] != seat:
        return ATTACK  # R8.3: allowed even on 2 characters
    if occ.chars[cell] >= 2:
        return "occupied"
    return None


def carrier_entry(own: int, cell: int, occ: Occupancy) -> str | None:
    kind = KIND[cell]
    if kind == CAVE or (kind != MAIN and TERR[cell] != own):  # R6.3, A17
        return "forbidden_cell"
    if occ.chars[cell] >= 2:
        return "occupied"
    return None


def _reach(start: int, mp: int, entry, goal: int = -1) -> tuple[dict[int, int], dict[int, int], set[int]]:
    """Breadth-first search N, E, S, W (N1) up to `mp` steps: depth and parent of every cell the piece
    may reach, and the attack cells (reached but never passed through). Stops early at `goal`."""
    depth = {start: 0}
    parent: dict[int, int] = {}
    attacks: set[int] = set()
    frontier = [start]
    d = 0
    while frontier and d < mp:
        d += 1
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if n in depth:
                    continue
                code = entry(n)
                if code is None:
                    depth[n] = d
                    parent[n] = c
                    nxt.append(n)
                elif code is ATTACK:
                    depth[n] = d
                    parent[n] = c
                    attacks.add(n)
                else:
                    depth[n] = -1
                    continue
                if n == goal:
                    return depth, parent, attacks
        frontier = nxt
    return depth, parent, attacks


# CARRIER_ZONE[t][c]: may a water carrier of territory t stand on cell c (R6.3, A17)?
CARRIER_ZONE = tuple(tuple(KIND[c] != CAVE and (KIND[c] == MAIN or TERR[c] == t) for c in range(225))
                     for t in range(4))


def _carrier_reach(own: int, start: int, mp: int, occ: Occupancy) -> dict[int, int]:
    """Cells a water carrier may reach, with their step counts (carrier_entry inlined)."""
    depth = {start: 0}
    zone, chars = CARRIER_ZONE[own], occ.chars
    frontier = [start]
    for d in range(1, mp + 1):
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if n in depth:
                    continue
                if zone[n] and chars[n] < 2:
                    depth[n] = d
                    nxt.append(n)
                else:
                    depth[n] = -1
        frontier = nxt
    return depth


# GUARD_ZONE[t][c]: may a guardian of territory t stand on cell c (R6.3)? Its forest, small path and cave.
GUARD_ZONE = tuple(tuple(KIND[c] != MAIN and TERR[c] == t and (KIND[c] != CAVE or c == CAVES[t])
                         for c in range(225)) for t in range(4))


def _guardian_reach(seat: int, own: int, start: int, mp: int, occ: Occupancy, fire: list[int]
                    ) -> tuple[list[int], dict[int, int], set[int]]:
    """`_reach` with guardian_entry inlined: the cells a guardian may reach (attack cells included,
    never passed through), their BFS parents, and the attack cells."""
    seen = {start}
    parent: dict[int, int] = {}
    attacks: set[int] = set()
    found: list[int] = []
    zone, chars, fm_at = GUARD_ZONE[own], occ.chars, occ.fm_at
    frontier = [start]
    for _ in range(mp):
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if n in seen:
                    continue
                seen.add(n)
                if not zone[n] or fire[n] >= 3:
                    continue
                target = fm_at.get(n)
                if target is not None and target[0] != seat:
                    attacks.add(n)
                elif chars[n] >= 2:
                    continue
                else:
                    nxt.append(n)
                parent[n] = c
                found.append(n)
        frontier = nxt
    return found, parent, attacks


def _dino_reach(start: int, others) -> set[int]:
    """Path cells a dinosaur reaches in 6 steps without bumping another dinosaur."""
    seen = {start}
    found = set()
    frontier = [start]
    for _ in range(6):
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if n in seen:
                    continue
                seen.add(n)
                if IS_PATH[n] and n not in others:
                    found.add(n)
                    nxt.append(n)
        frontier = nxt
    return found


def _fm_reach(own: int, start: int, mp: int, occ: Occupancy, fire: list[int]) -> list[int]:
    """The cells a fire-maker may reach (fm_entry inlined: the hot path of random playouts)."""
    seen = {start}
    found = []
    frontier = [start]
    chars, fmg, cave = occ.chars, occ.fmg, CAVES[own]
    for _ in range(mp):
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if n in seen:
                    continue
                seen.add(n)
                kind = KIND[n]
                if kind == CAVE:
                    if n != cave:
                        continue
                elif (kind == FOREST and fire[n] >= 3) or fmg[n] or chars[n] >= 2:
                    continue
                found.append(n)
                nxt.append(n)
        frontier = nxt
    return found


def _path_to(parent: dict[int, int], start: int, dest: int) -> list[int]:
    route = [dest]
    while route[-1] != start:
        route.append(parent[route[-1]])
    route.pop()
    route.reverse()
    return route


def backing_cell(state_dino: list[int], seat_s: int, x: int, a: int) -> int:
    """R9.9: where dinosaur S on small-path cell x backs up to, avoiding cell a and small-path cells
    holding another dinosaur: the nearest main-path cell, ties in canonical order; -1 if none."""
    others = {d for s, d in enumerate(state_dino) if s != seat_s and KIND[d] == SMALL}
    seen = {x}
    frontier = [x]
    while frontier:
        found = []
        nxt = []
        for c in frontier:
            for n in NEIGHBOURS[c]:
                if n in seen or n == a or not IS_PATH[n] or n in others:
                    continue
                seen.add(n)
                if KIND[n] == MAIN:
                    found.append(n)
                else:
                    nxt.append(n)
        if found:
            return min(found)
        frontier = nxt
    return -1


# --- move strings (N2), built once: legal_moves lists hundreds of them per call ----------------------

def _strings(template: str) -> dict[str, tuple[str, ...]]:
    return {piece: tuple(template.format(piece=piece, cell=name) for name in NAMES) for piece in PIECES}


_MOVE = _strings("{piece} {cell}")
_MOVE_IGNITE = _strings("{piece} {cell} ignite")
_MOVE_EXT = _strings("{piece} {cell} ext")
_MOVE_ON = _strings("{piece} {cell} on")
_MOVE_OFF = _strings("{piece} off {cell}")
_MOVE_OFF_EXT = _strings("{piece} off {cell} ext")
_MOVE_DOUSE = _strings("{piece} douse {cell}")
_IGNITE = {piece: f"{piece} ignite" for piece in PIECES}
_EXT = {piece: f"{piece} ext" for piece in PIECES}
_ON = {piece: f"{piece} on" for piece in PIECES}
_OFF = {piece: f"{piece} off" for piece in PIECES}

_IGNITABLE: dict[tuple[int, ...], tuple[bool, ...]] = {}


def _ignitable(state: State, seat: int) -> tuple[bool, ...]:
    """Is c a forest square of a territory an opponent owns (R7.2, R7.3)? One table per layout and seat."""
    key = (*state.owner, seat)
    table = _IGNITABLE.get(key)
    if table is None:
        owner = state.owner
        table = _IGNITABLE[key] = tuple(KIND[c] == FOREST and owner[TERR[c]] not in (-1, seat) for c in range(225))
    return table


# --- the engine --------------------------------------------------------------------------------------

class DinofireEngine:
    id = "dinofire"
    title = "Au feu les dinosaures !"
    seats = range(2, 5)
    options = [
        Option("round_limit", 25, "Game ends after this many rounds (0 = until nothing can burn, max 100).",
               kind="int", minimum=0, maximum=99),
        Option("wind_spread", "square", "Wind adds a flame to every burning square, or one per burning territory.",
               choices=("square", "territory")),
        Option("retreat_choice", "owner", "Who picks a pushed fire-maker's retreat: its owner, or auto.",
               choices=("owner", "auto")),
        Option("two_player_layout", "opposite", "Two players: opposite corners (nw+se) or adjacent (nw+ne).",
               choices=("opposite", "adjacent")),
        Option("seat_order", "random", "Play order and territories drawn at random, or fixed in join order.",
               choices=("random", "fixed")),
    ]

    # --- setup (R4) ---------------------------------------------------------------------------------

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if seats not in self.seats:
            raise ValueError(f"{self.title} is for 2 to 4 players, not {seats}.")
        options = dict(options or {})
        opts = {
            "round_limit": int(options.get("round_limit", 25)),
            "wind_spread": options.get("wind_spread", "square"),
            "retreat_choice": options.get("retreat_choice", "owner"),
            "two_player_layout": options.get("two_player_layout", "opposite"),
            "seat_order": options.get("seat_order", "random"),
        }
        stack = options.get("stack")
        dice: list[int] = []
        picks: list[str] = []
        if isinstance(stack, Mapping):
            dice = list(stack.get("dice", []))
            picks = list(stack.get("picks", []))
        elif stack:
            dice = list(stack)
        key = "2_adjacent" if seats == 2 and opts["two_player_layout"] == "adjacent" else str(seats)
        s = State()
        s.n = seats
        s.options = opts
        s.rng = Rng(seed, dice)
        # R4.1: the seats are put in a random order (unless fixed); the k-th of that order plays k-th and
        # takes the k-th territory of the layout.
        s.order = list(range(seats))
        if opts["seat_order"] == "random":
            s.rng.shuffle(s.order)
        layout = LAYOUTS[key]
        s.terr = [0] * seats
        for k, seat in enumerate(s.order):
            s.terr[seat] = TERRITORIES.index(layout[k])
        s.turn = s.order[0]
        s.owner = [-1] * 4
        for seat, t in enumerate(s.terr):
            s.owner[t] = seat
        s.fm = [[CAVES[t]] * 3 for t in s.terr]  # R4.2
        s.stun = [[0, 0, 0] for _ in s.terr]
        s.gd = [[CAVES[t]] * 2 for t in s.terr]
        s.wc = [[RIDER] * 6 for _ in s.terr]
        s.full = [[True] * 6 for _ in s.terr]
        s.dino = [DINO_STARTS[t] for t in s.terr]
        s.gact = [False] * seats  # R4.3
        s.p3act = [False] * seats
        s.picks = [INDEX[c] for c in picks]
        self._run(s, [])
        return s

    # --- reading the state -------------------------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        if state.over:
            return []
        if state.pending is not None:
            return [state.pending["seat"]]
        return [state.turn]

    def outcome(self, state: State) -> Outcome | None:
        if not state.over:
            return None
        rows = self._standings(state)
        winners = tuple(seat for seat, _, _, place in rows if place == 1)
        standings = " · ".join(f"{place}. {seat_label(state, seat)} ({burnt}, {flames})"
                               for seat, burnt, flames, place in rows)
        scores = {seat: burnt for seat, burnt, _, _ in rows}
        if len(winners) == 1:
            return Outcome(winners, "outcome.win", {"winner": seat_label(state, winners[0]),
                                                    "standings": standings}, scores)
        names = ", ".join(seat_label(state, w) for w in winners)
        return Outcome(winners, "outcome.shared", {"winners": names, "standings": standings}, scores)

    def _standings(self, state: State) -> list[tuple[int, int, int, int]]:
        """R12.4: (seat, burnt, flames, place), best first; ties share a place."""
        counts = []
        for seat in range(state.n):
            burnt, flames = self._territory_counts(state, state.terr[seat])
            counts.append((burnt, flames, seat))
        counts.sort()
        rows = []
        for burnt, flames, seat in counts:
            place = 1 + sum(1 for b, f, _ in counts if (b, f) < (burnt, flames))
            rows.append((seat, burnt, flames, place))
        return rows

    @staticmethod
    def _territory_counts(state: State, t: int) -> tuple[int, int]:
        burnt = flames = 0
        fire = state.fire
        for c in TERRITORY_FOREST[t]:
            f = fire[c]
            if f == BURNT:
                burnt += 1
            else:
                flames += f
        return burnt, flames

    def dump(self, state: State) -> dict:
        return dump_state(state)

    def load(self, data: dict) -> State:
        return load_state(data)

    def view(self, state: State, seat: int | None) -> dict:
        """Everything is public (R11.2) except the Rng, which would reveal future dice."""
        out = self.outcome(state)
        players = []
        for s in range(state.n):
            t = TERRITORIES[state.terr[s]]
            burnt, flames = self._territory_counts(state, state.terr[s])
            players.append({
                "seat": s, "territory": t, "tribe": TRIBES[t], "colour": COLOURS[t],
                "burnt": burnt, "flames": flames,
                "guardians_active": state.gact[s], "phase3_active": state.p3act[s],
            })
        territories = {}
        for t, name in enumerate(TERRITORIES):
            burnt, flames = self._territory_counts(state, t)
            owner = state.owner[t]
            territories[name] = {"owner": None if owner < 0 else owner, "tribe": TRIBES[name],
                                 "colour": COLOURS[name], "burnt": burnt, "flames": flames}
        pieces = []
        for s in range(state.n):
            for i, p in enumerate(state.fm[s]):
                pieces.append({"seat": s, "piece": FIRE_MAKERS[i], "kind": "fire_maker",
                               "cell": None if p < 0 else NAMES[p], "stun": state.stun[s][i]})
            for i, p in enumerate(state.gd[s]):
                pieces.append({"seat": s, "piece": GUARDIANS[i], "kind": "guardian",
                               "cell": None if p < 0 else NAMES[p]})
            for i, p in enumerate(state.wc[s]):
                pieces.append({"seat": s, "piece": CARRIERS[i], "kind": "water_carrier",
                               "cell": None if p == REMOVED else (NAMES[state.dino[s]] if p == RIDER else NAMES[p]),
                               "rider": p == RIDER, "full": state.full[s][i]})
        dinos = []
        for s in range(state.n):
            riders = [i for i in range(6) if state.wc[s][i] == RIDER]
            dinos.append({"seat": s, "cell": NAMES[state.dino[s]],
                          "riders_full": sum(1 for i in riders if state.full[s][i]),
                          "riders_empty": sum(1 for i in riders if not state.full[s][i])})
        pending = None
        if state.pending is not None:
            p = state.pending
            pending = {"kind": p["kind"], "seat": p["seat"], "piece": piece_label(state, p["target"], p["fm"]),
                       "cell": NAMES[state.fm[p["target"]][FIRE_MAKERS.index(p["fm"])]],
                       "cells": [NAMES[c] for c in p["cells"]]}
        return {
            "game": self.id,
            "seats": [seat_label(state, s) for s in range(state.n)],
            "to_move": self.to_move(state),
            "over": state.over,
            "outcome": None if out is None else out.dump(),
            "viewer": seat,
            "map": list(MAP),
            "round": state.round,
            "round_limit": state.options.get("round_limit", 25),
            "wind_spread": state.options.get("wind_spread", "square"),
            "retreat_choice": state.options.get("retreat_choice", "owner"),
            "active": state.turn,
            "phase": state.phase,
            "resolving": state.resolving,
            "pending": pending,
            "acted": sorted(state.acted, key=PIECES.index),
            "players": players,
            "territories": territories,
            "fire": {NAMES[c]: state.fire[c] for c in FOREST_CELLS if state.fire[c] > 0},
            "burnt": [NAMES[c] for c in FOREST_CELLS if state.fire[c] == BURNT],
            "pieces": pieces,
            "dinos": dinos,
            "last_wind": None if state.last_wind is None else dict(state.last_wind),
        }

    # --- legal moves (N2) ----------------------------------------------------------------------------

    def legal_moves(self, state: State, seat: int) -> list[str]:
        if state.over or seat not in self.to_move(state):
            return []
        if state.pending is not None:
            return [f"{state.pending['kind']} {NAMES[c]}" for c in state.pending["cells"]]
        occ = state.occ or Occupancy(state)
        occ.rider_dests = None
        moves: list[str] = []
        for piece in self._phase_pieces(state):
            moves.extend(self._piece_moves(state, occ, seat, piece))
        moves.append("done")
        moves.append("end")
        return moves

    def _phase_pieces(self, state: State) -> tuple[str, ...]:
        if state.phase == 1:
            return FIRE_MAKERS
        if state.phase == 2:
            return GUARDIANS if state.gact[state.turn] else ()
        return (("dino",) + CARRIERS) if state.p3act[state.turn] else ()

    def _has_action(self, state: State) -> bool:
        """R5.4: does any piece still have a legal action in the current phase? (`done`/`end` aside)"""
        pieces = self._phase_pieces(state)
        if not pieces:
            return False
        occ = state.occ = Occupancy(state)
        seat = state.turn
        return any(self._piece_has_move(state, occ, seat, piece) for piece in pieces)

    def _piece_has_move(self, state: State, occ: Occupancy, seat: int, piece: str) -> bool:
        """Equivalent to `bool(_piece_moves(...))`, looking only one step around the piece."""
        if piece in state.acted:
            return False
        own = state.terr[seat]
        fire = state.fire
        if piece[0] == "f":
            i = FIRE_MAKERS.index(piece)
            start = state.fm[seat][i]
            if start < 0 or state.stun[seat][i]:
                return False
            return self._can_ignite(state, seat, start) or any(
                fm_entry(own, n, occ, fire) is None for n in NEIGHBOURS[start])
        if piece[0] == "g":
            start = state.gd[seat][GUARDIANS.index(piece)]
            return start >= 0 and any(
                guardian_entry(seat, own, n, occ, fire) in (None, ATTACK) for n in NEIGHBOURS[start])
        dino = state.dino[seat]
        if piece == "dino":
            if RIDER not in state.wc[seat]:
                return False
            others = {d for s, d in enumerate(state.dino) if s != seat and KIND[d] == SMALL}
            for x in NEIGHBOURS[dino]:
                if not IS_PATH[x]:
                    continue
                if x not in others:
                    return True
                if DIST[x] < DIST[dino] and backing_cell(state.dino, -1, x, dino) >= 0:
                    return True
            return False
        i = CARRIERS.index(piece)
        pos = state.wc[seat][i]
        if pos == REMOVED:
            return False
        full = state.full[seat][i]
        if pos == RIDER:
            return carrier_entry(own, dino, occ) is None or (
                full and any(self._can_extinguish(state, seat, n) for n in NEIGHBOURS[dino]))
        if pos == dino or (full and self._can_extinguish(state, seat, pos)):
            return True
        return any(carrier_entry(own, n, occ) is None for n in NEIGHBOURS[pos])

    def _piece_moves(self, state: State, occ: Occupancy, seat: int, piece: str) -> list[str]:
        if piece in state.acted:
            return []
        own = state.terr[seat]
        fire = state.fire
        moves: list[str] = []
        if piece[0] == "f":
            i = FIRE_MAKERS.index(piece)
            start = state.fm[seat][i]
            if start < 0 or state.stun[seat][i]:
                return moves
            mp = 2 if KIND[start] == FOREST else 4
            occ.lift(start, True)
            found = _fm_reach(own, start, mp, occ, fire)
            occ.drop(start, True)
            if self._can_ignite(state, seat, start):
                moves.append(_IGNITE[piece])
            found.sort()
            names, ignites = _MOVE[piece], _MOVE_IGNITE[piece]
            # R7.2/R7.3: a 0-flame, unburnt forest square of a territory an opponent owns
            ignitable = _ignitable(state, seat)
            append = moves.append
            for c in found:
                append(names[c])
                if ignitable[c] and fire[c] == 0:
                    append(ignites[c])
            return moves
        if piece[0] == "g":
            i = GUARDIANS.index(piece)
            start = state.gd[seat][i]
            if start < 0:
                return moves
            mp = 2 if KIND[start] == FOREST else 4
            occ.lift(start, True)
            found, parent, attacks = _guardian_reach(seat, own, start, mp, occ, fire)
            found.sort()
            names = _MOVE[piece]
            for c in found:
                moves.append(names[c])
                if c in attacks:
                    route = _path_to(parent, start, c)
                    entry = route[-2] if len(route) > 1 else start
                    pushes = self._push_cells(state, occ, c, entry)
                    if len(pushes) >= 2:
                        moves.extend(f"{names[c]} push {NAMES[p]}" for p in pushes)
            occ.drop(start, True)
            return moves
        dino = state.dino[seat]
        if piece == "dino":
            if RIDER not in state.wc[seat]:
                return moves
            others = {d for s, d in enumerate(state.dino) if s != seat and KIND[d] == SMALL}
            dests = _dino_reach(dino, others)
            for x in NEIGHBOURS[dino]:  # a single step may make another dinosaur back up (R9.9)
                if x in others and DIST[x] < DIST[dino] and backing_cell(state.dino, -1, x, dino) >= 0:
                    dests.add(x)
            names = _MOVE[piece]
            moves.extend(names[c] for c in sorted(dests) if c != dino)
            return moves
        i = CARRIERS.index(piece)
        pos = state.wc[seat][i]
        if pos == REMOVED:
            return moves
        full = state.full[seat][i]
        if pos == RIDER:
            if carrier_entry(own, dino, occ) is None:  # `off` onto the dinosaur's cell (R9.4)
                # every rider shares these destinations: computed once per listing
                dests = occ.rider_dests
                if dests is None:
                    depth = _carrier_reach(own, dino, 2, occ)
                    dests = occ.rider_dests = [(c, self._can_extinguish(state, seat, c))
                                               for c in sorted(depth) if depth[c] > 0]
                moves.append(_OFF[piece])
                offs, off_exts = _MOVE_OFF[piece], _MOVE_OFF_EXT[piece]
                for c, can_ext in dests:
                    moves.append(offs[c])
                    if full and can_ext:
                        moves.append(off_exts[c])
            if full:
                douses = _MOVE_DOUSE[piece]
                for c in sorted(NEIGHBOURS[dino]):
                    if self._can_extinguish(state, seat, c):
                        moves.append(douses[c])
            return moves
        mp = 1 if KIND[pos] == FOREST else 3
        occ.lift(pos, False)
        depth = _carrier_reach(own, pos, mp, occ)
        occ.drop(pos, False)
        if full and self._can_extinguish(state, seat, pos):
            moves.append(_EXT[piece])
        if pos == dino:
            moves.append(_ON[piece])
        terr = TERR
        names, exts, ons = _MOVE[piece], _MOVE_EXT[piece], _MOVE_ON[piece]
        append = moves.append
        for c in sorted(depth):
            if depth[c] <= 0:
                continue
            append(names[c])
            if full and fire[c] > 0 and terr[c] == own:
                append(exts[c])
            if c == dino and depth[c] < mp:
                append(ons[c])
        return moves

    def _can_ignite(self, state: State, seat: int, cell: int) -> bool:
        """R7.2/R7.3: a 0-flame, unburnt forest square of a territory an opponent owns."""
        if KIND[cell] != FOREST or state.fire[cell] != 0:
            return False
        owner = state.owner[TERR[cell]]
        return owner >= 0 and owner != seat

    def _can_extinguish(self, state: State, seat: int, cell: int) -> bool:
        """R9.5/R9.6: a forest square of the carrier's own territory with at least 1 flame."""
        return KIND[cell] == FOREST and TERR[cell] == state.terr[seat] and state.fire[cell] > 0

    def _push_cells(self, state: State, occ: Occupancy, cell: int, entry: int) -> list[int]:
        """R8.4 step 2: cells next to the attacked fire-maker it could enter, minus the entry cell."""
        target_seat = occ.fm_at[cell][0]
        own = state.terr[target_seat]
        occ.lift(cell, True)
        cells = [n for n in NEIGHBOURS[cell] if n != entry and fm_entry(own, n, occ, state.fire) is None]
        occ.drop(cell, True)
        return cells

    # --- playing ---------------------------------------------------------------------------------------

    def play(self, state: State, seat: int, move: str) -> list[Event]:
        if state.over:
            raise Refusal("game_over")
        tokens = move.strip().lower().split() if isinstance(move, str) else []
        if not tokens:
            raise Refusal("bad_command", "Type a piece id and a route, `done` or `end`.")
        command = self._parse(tokens)
        verb = command["verb"]
        events: list[Event] = []
        # N4 group 1
        if verb in ("push", "retreat"):
            if state.pending is None or state.pending["kind"] != verb:
                raise Refusal("bad_command", f"No `{verb}` is awaited now.")
            if seat != state.pending["seat"]:
                raise Refusal("not_your_turn", "Another player must answer this question.")
            self._answer(state, command["cell"], events)
            self._run(state, events)
            return events
        if state.pending is not None:
            if seat in (state.turn, state.pending["seat"]):
                cells = ", ".join(NAMES[c] for c in state.pending["cells"])
                raise Refusal("pending_decision", f"Send `{state.pending['kind']} <cell>` ({cells}).")
            raise Refusal("not_your_turn")
        if seat != state.turn:
            raise Refusal("not_your_turn", f"{seat_label(state, state.turn)} is playing.")
        if verb == "done":
            state.closing = True
            self._run(state, events)
            return events
        if verb == "end":
            state.ending = True
            self._run(state, events)
            return events
        if verb == "unknown_piece":
            raise Refusal("unknown_piece", f"`{tokens[0]}` is none of fm1-fm3, g1, g2, w1-w6, dino.")
        piece = verb
        piece_phase = 1 if piece[0] == "f" else 2 if piece[0] == "g" else 3
        if self._removed(state, seat, piece):
            raise Refusal("piece_removed", f"{piece} was removed from the game.")
        if piece_phase != state.phase:
            if piece_phase == 2 and not state.gact[seat] or piece_phase == 3 and not state.p3act[seat]:
                raise Refusal("inactive")
            raise Refusal("wrong_phase", f"It is phase {state.phase}; {piece} acts in phase {piece_phase}.")
        if piece[0] == "f" and state.stun[seat][FIRE_MAKERS.index(piece)]:
            raise Refusal("stunned")
        if piece in state.acted:
            raise Refusal("already_acted")
        occ = state.occ or Occupancy(state)  # the handler may lift its piece: the cache is spent
        state.occ = None
        if piece[0] == "f":
            self._play_fire_maker(state, seat, piece, command, occ, events)
        elif piece[0] == "g":
            self._play_guardian(state, seat, piece, command, occ, events)
        elif piece == "dino":
            self._play_dino(state, seat, command, events)
        else:
            self._play_carrier(state, seat, piece, command, occ, events)
        state.acted.add(piece)
        self._run(state, events)
        return events

    @staticmethod
    def _parse(tokens: list[str]) -> dict[str, Any]:
        """N5 grammar. Cell-like tokens that are not on the board become -1 (refused bad_route later)."""

        def cells(words: list[str]) -> list[int]:
            out = []
            for w in words:
                if not _CELLISH.match(w):
                    raise _bad_command()
                out.append(INDEX.get(w, -1))
            return out

        verb, rest = tokens[0], tokens[1:]
        if verb in ("done", "end"):
            if rest:
                raise _bad_command()
            return {"verb": verb}
        if verb in ("push", "retreat"):
            if len(rest) != 1:
                raise _bad_command()
            return {"verb": verb, "cell": cells(rest)[0]}
        if verb in FIRE_MAKERS:
            ignite = bool(rest) and rest[-1] == "ignite"
            route = cells(rest[:-1] if ignite else rest)
            if not route and not ignite:
                raise _bad_command()
            return {"verb": verb, "route": route, "ignite": ignite}
        if verb in GUARDIANS:
            push = None
            if len(rest) >= 2 and rest[-2] == "push":
                push = cells(rest[-1:])[0]
                rest = rest[:-2]
            route = cells(rest)
            if not route:
                raise _bad_command()
            return {"verb": verb, "route": route, "push": push}
        if verb == "dino":
            route = cells(rest)
            if not route:
                raise _bad_command()
            return {"verb": verb, "route": route}
        if verb in CARRIERS:
            if not rest:
                raise _bad_command()
            if rest[0] == "douse":
                if len(rest) != 2:
                    raise _bad_command()
                return {"verb": verb, "form": "douse", "cell": cells(rest[1:])[0]}
            off = rest[0] == "off"
            if off:
                rest = rest[1:]
            ending = None
            if rest and rest[-1] in ("ext", "on"):
                ending = rest[-1]
                rest = rest[:-1]
            route = cells(rest)
            if off and ending == "on":
                raise _bad_command()  # R9.4: off and on may not be combined
            if not off and not route and ending is None:
                raise _bad_command()
            return {"verb": verb, "form": "off" if off else "foot", "route": route, "ending": ending}
        if _PIECEISH.match(verb):
            return {"verb": "unknown_piece"}
        raise _bad_command()

    @staticmethod
    def _removed(state: State, seat: int, piece: str) -> bool:
        if piece[0] == "f":
            return state.fm[seat][FIRE_MAKERS.index(piece)] == REMOVED
        if piece[0] == "g":
            return state.gd[seat][GUARDIANS.index(piece)] == REMOVED
        if piece == "dino":
            return False
        return state.wc[seat][CARRIERS.index(piece)] == REMOVED

    def _expand(self, start: int, route: list[int], entry, attack_dest: bool = False) -> list[int]:
        """N1: a one-cell route that is not adjacent is the canonical shortest legal route to it."""
        if len(route) != 1:
            return route
        dest = route[0]
        if dest < 0:
            raise Refusal("bad_route", "Unknown cell.")
        if dest == start:
            raise Refusal("bad_route", "The piece is already there.")
        if dest in ADJACENT[start]:
            return route
        depth, parent, _ = _reach(start, 1000, entry, dest)
        if depth.get(dest, -1) > 0:
            return _path_to(parent, start, dest)
        code = entry(dest)
        if code is None or code == ATTACK:
            raise Refusal("too_far", "No route within reach.")
        raise Refusal(code)

    def _walk(self, start: int, route: list[int], mp: int, used: int, entry, guardian: bool = False) -> int:
        """Check a route one entered cell at a time (N4 step 3); returns the MP used."""
        prev = start
        attacked = False
        for c in route:
            if c < 0 or c not in ADJACENT[prev]:
                raise Refusal("bad_route", f"{NAMES[prev]} to {NAMES[c] if c >= 0 else '?'} is not one step.")
            if attacked:
                raise Refusal("attack_must_end")
            used += 1
            if used > mp:
                raise Refusal("too_far", f"The piece has {mp} movement points.")
            code = entry(c)
            if code == ATTACK and guardian:
                attacked = True
            elif code is not None:
                raise Refusal(code, f"({NAMES[c]})")
            prev = c
        return used

    def _enter(self, state: State, seat: int, route, events: list[Event]) -> None:
        """R6.6: entering a territory another player owns wakes that player's guardians."""
        for c in route:
            t = TERR[c]
            if t >= 0:
                owner = state.owner[t]
                if owner >= 0 and owner != seat and not state.gact[owner]:
                    state.gact[owner] = True
                    events.append(Event("guardians_awake", {"player": seat_label(state, owner)}))

    def _flame_placed(self, state: State, cell: int, events: list[Event]) -> None:
        """R7.4/R9.1/R10.8: the first flame on a territory activates its owner's Phase 3."""
        owner = state.owner[TERR[cell]]
        if owner >= 0 and not state.p3act[owner]:
            state.p3act[owner] = True
            events.append(Event("phase3_active", {"player": seat_label(state, owner)}))

    def _play_fire_maker(self, state: State, seat: int, piece: str, cmd: dict, occ: Occupancy,
                         events: list[Event]) -> None:
        i = FIRE_MAKERS.index(piece)
        start = state.fm[seat][i]
        own = state.terr[seat]
        mp = 2 if KIND[start] == FOREST else 4  # R6.1
        occ.lift(start, True)

        fire, chars, fmg, cave = state.fire, occ.chars, occ.fmg, CAVES[own]

        def entry(c: int) -> str | None:  # fm_entry, inlined for speed
            kind = KIND[c]
            if kind == CAVE:
                return None if c == cave else "forbidden_cell"
            if kind == FOREST and fire[c] >= 3:
                return "too_hot"
            if fmg[c] or chars[c] >= 2:
                return "occupied"
            return None

        route = self._expand(start, cmd["route"], entry) if cmd["route"] else []
        self._walk(start, route, mp, 0, entry)
        end = route[-1] if route else start
        if cmd["ignite"] and not self._can_ignite(state, seat, end):
            raise Refusal("cannot_ignite", self._ignite_reason(state, seat, end))
        label = piece_label(state, seat, piece)
        if route:
            state.fm[seat][i] = end
            events.append(Event("move", {"piece": label, "route": _route_text(route)}))
            self._enter(state, seat, route, events)
        if cmd["ignite"]:
            roll = state.rng.die()  # R7.2
            if roll >= 4:
                state.fire[end] = 1
                events.append(Event("ignite_success", {"piece": label, "cell": NAMES[end], "roll": roll}))
                self._flame_placed(state, end, events)
            else:
                events.append(Event("ignite_fail", {"piece": label, "cell": NAMES[end], "roll": roll}))

    def _ignite_reason(self, state: State, seat: int, cell: int) -> str:
        if KIND[cell] != FOREST:
            return "Fire starts only on a forest square, not on a path or in a cave."
        if state.fire[cell] == BURNT:
            return f"{NAMES[cell]} is burnt out."
        if state.fire[cell] > 0:
            return f"{NAMES[cell]} already burns."
        owner = state.owner[TERR[cell]]
        if owner == seat:
            return f"{NAMES[cell]} is in your own territory."
        return f"{NAMES[cell]} is in a territory nobody owns."

    def _play_guardian(self, state: State, seat: int, piece: str, cmd: dict, occ: Occupancy,
                       events: list[Event]) -> None:
        i = GUARDIANS.index(piece)
        start = state.gd[seat][i]
        own = state.terr[seat]
        mp = 2 if KIND[start] == FOREST else 4
        occ.lift(start, True)

        def entry(c: int) -> str | None:
            return guardian_entry(seat, own, c, occ, state.fire)

        route = self._expand(start, cmd["route"], entry)
        self._walk(start, route, mp, 0, entry, guardian=True)
        end = route[-1]
        attack = entry(end) == ATTACK
        push = cmd["push"]
        entry_cell = route[-2] if len(route) > 1 else start
        if push is not None:
            if not attack:
                raise Refusal("bad_command", "`push` follows only an attack on an enemy fire-maker.")
            if push < 0 or push not in self._push_cells(state, occ, end, entry_cell):
                raise Refusal("illegal_push", "Pick a free cell next to it, not the one the guardian came from.")
        label = piece_label(state, seat, piece)
        state.gd[seat][i] = end
        if attack:
            tseat, tfm = occ.fm_at[end]
            state.attacks.append([i, tseat, tfm, end, entry_cell, -1 if push is None else push])
            events.append(Event("attack", {"piece": label, "route": _route_text(route),
                                           "target": piece_label(state, tseat, FIRE_MAKERS[tfm])}))
        else:
            events.append(Event("move", {"piece": label, "route": _route_text(route)}))

    def _play_dino(self, state: State, seat: int, cmd: dict, events: list[Event]) -> None:
        start = state.dino[seat]
        if RIDER not in state.wc[seat]:
            raise Refusal("no_rider")  # R9.3
        positions = list(state.dino)

        def entry(c: int) -> str | None:
            if not IS_PATH[c]:
                return "forbidden_cell"
            if KIND[c] == SMALL and any(d == c for s, d in enumerate(positions) if s != seat):
                return "dino_blocked"
            return None

        route = self._expand(start, cmd["route"], entry)
        prev = start
        bumps = []
        for used, c in enumerate(route, 1):
            if c < 0 or c not in ADJACENT[prev]:
                raise Refusal("bad_route", "Each step must go to an adjacent cell.")
            if used > 6:
                raise Refusal("too_far", "A dinosaur has 6 movement points.")
            if not IS_PATH[c]:
                raise Refusal("forbidden_cell", "A dinosaur never enters the forest.")
            if KIND[c] == SMALL:
                other = next((s for s, d in enumerate(positions) if s != seat and d == c), -1)
                if other >= 0:  # R9.9
                    if DIST[c] >= DIST[prev]:
                        raise Refusal("dino_blocked", "Your dinosaur is the one nearer the main path.")
                    positions[seat] = prev
                    back = backing_cell(positions, other, c, prev)
                    if back < 0:
                        raise Refusal("dino_blocked", "The other dinosaur has nowhere to back up to.")
                    positions[other] = back
                    bumps.append((other, back))
            positions[seat] = c
            prev = c
        events.append(Event("move", {"piece": piece_label(state, seat, "dino"), "route": _route_text(route)}))
        for other, back in bumps:
            state.dino[other] = back
            events.append(Event("dino_backs", {"piece": piece_label(state, other, "dino"), "cell": NAMES[back]}))
        state.dino[seat] = route[-1]
        self._enter(state, seat, route, events)

    def _play_carrier(self, state: State, seat: int, piece: str, cmd: dict, occ: Occupancy,
                      events: list[Event]) -> None:
        i = CARRIERS.index(piece)
        pos = state.wc[seat][i]
        own = state.terr[seat]
        dino = state.dino[seat]
        full = state.full[seat][i]
        label = piece_label(state, seat, piece)
        form = cmd["form"]
        if form in ("douse", "off") and pos != RIDER:
            raise Refusal("not_rider")
        if form == "foot" and pos == RIDER:
            raise Refusal("bad_command", f"{piece} rides the dinosaur: start with `{piece} off`.")
        if form == "douse":  # R9.6
            cell = cmd["cell"]
            if cell < 0:
                raise Refusal("bad_route", "Unknown cell.")
            if not full:
                raise Refusal("bucket_empty")
            if cell not in ADJACENT[dino]:
                raise Refusal("not_adjacent_to_dino")
            if not self._can_extinguish(state, seat, cell):
                raise Refusal("cannot_extinguish")
            removed = min(2, state.fire[cell])
            state.fire[cell] -= removed
            state.full[seat][i] = False
            events.append(Event("douse", {"piece": label, "cell": NAMES[cell], "removed": removed,
                                          "flames": state.fire[cell]}))
            return

        zone, chars = CARRIER_ZONE[own], occ.chars

        def entry(c: int) -> str | None:  # carrier_entry, inlined for speed
            if not zone[c]:
                return "forbidden_cell"
            return "occupied" if chars[c] >= 2 else None

        if form == "off":
            mp = 3
            code = entry(dino)  # the off step: onto the dinosaur's cell for 1 MP
            if code is not None:
                raise Refusal(code, f"({NAMES[dino]}, the dinosaur's cell)")
            start, used = dino, 1
        else:
            mp = 1 if KIND[pos] == FOREST else 3
            occ.lift(pos, False)
            start, used = pos, 0
        route = self._expand(start, cmd["route"], entry) if cmd["route"] else []
        used = self._walk(start, route, mp, used, entry)
        end = route[-1] if route else start
        ending = cmd["ending"]
        if ending == "on":
            if end != dino:
                raise Refusal("not_at_dino")
            if used + 1 > mp:
                raise Refusal("too_far", "Getting on the dinosaur costs 1 movement point.")
        elif ending == "ext":
            if not full:
                raise Refusal("bucket_empty")
            if not self._can_extinguish(state, seat, end):
                raise Refusal("cannot_extinguish")
        # apply
        if form == "off":
            events.append(Event("dismount", {"piece": label, "cell": NAMES[dino]}))
        if route:
            events.append(Event("move", {"piece": label, "route": _route_text(route)}))
        state.wc[seat][i] = end
        if ending == "on":  # R9.4, R9.7
            state.wc[seat][i] = RIDER
            state.full[seat][i] = True
            events.append(Event("mount", {"piece": label, "cell": NAMES[dino]}))
        elif ending == "ext":  # R9.5
            state.fire[end] -= 1
            state.full[seat][i] = False
            events.append(Event("extinguish", {"piece": label, "cell": NAMES[end], "flames": state.fire[end]}))

    # --- attacks (R8.4) ------------------------------------------------------------------------------

    def _knock_out(self, state: State, tseat: int, tfm: int, events: list[Event]) -> None:
        """R8.5: back to its cave, stunned for its owner's next two Phase 1s."""
        state.fm[tseat][tfm] = CAVES[state.terr[tseat]]
        state.stun[tseat][tfm] = 2
        events.append(Event("knockout", {"target": piece_label(state, tseat, FIRE_MAKERS[tfm])}))

    def _resolve(self, state: State, events: list[Event]) -> None:
        """Resolve the attacks from the cursor on, stopping at a question (pending)."""
        while state.cursor < len(state.attacks):
            g, tseat, tfm, cell, entry, pre = state.attacks[state.cursor]
            if state.fm[tseat][tfm] != cell:
                state.cursor += 1
                continue
            same = [a for a in state.attacks if a[1] == tseat and a[2] == tfm]
            if len({a[0] for a in same}) >= 2:  # step 1: double attack
                self._knock_out(state, tseat, tfm, events)
                state.cursor += 1
                continue
            occ = Occupancy(state)
            cells = self._push_cells(state, occ, cell, entry)
            if not cells:
                self._knock_out(state, tseat, tfm, events)
                state.cursor += 1
                continue
            if len(cells) == 1:
                choice = cells[0]
            elif pre in cells:
                choice = pre
            else:
                state.pending = {"kind": "push", "seat": state.turn, "target": tseat, "fm": FIRE_MAKERS[tfm],
                                 "cells": sorted(cells)}
                events.append(Event("ask_push", {"player": seat_label(state, state.turn),
                                                 "target": piece_label(state, tseat, FIRE_MAKERS[tfm]),
                                                 "cells": ", ".join(NAMES[c] for c in sorted(cells))}))
                return
            if not self._push(state, tseat, tfm, choice, events):
                return
            state.cursor += 1
        state.attacks = []
        state.cursor = 0

    def _push(self, state: State, tseat: int, tfm: int, cell: int, events: list[Event]) -> bool:
        """Apply a push (step 2) and then the retreat (step 3); False when the retreat is asked."""
        old = state.fm[tseat][tfm]
        state.fm[tseat][tfm] = cell
        label = piece_label(state, tseat, FIRE_MAKERS[tfm])
        events.append(Event("push", {"target": label, "cell": NAMES[cell]}))
        self._enter(state, tseat, (cell,), events)
        direction = direction_between(old, cell)
        occ = Occupancy(state)
        own = state.terr[tseat]
        occ.lift(cell, True)
        cells = [n for n in NEIGHBOURS[cell] if fm_entry(own, n, occ, state.fire) is None]
        if not cells:
            self._knock_out(state, tseat, tfm, events)
            return True
        if len(cells) > 1 and state.options.get("retreat_choice") != "auto":
            state.pending = {"kind": "retreat", "seat": tseat, "target": tseat, "fm": FIRE_MAKERS[tfm],
                             "cells": sorted(cells)}
            events.append(Event("ask_retreat", {"player": seat_label(state, tseat), "target": label,
                                                "cells": ", ".join(NAMES[c] for c in sorted(cells))}))
            return False
        if len(cells) == 1:
            choice = cells[0]
        else:  # retreat_choice=auto: straight on, then N, E, S, W
            straight = STEP[cell][direction]
            choice = straight if straight in cells else next(STEP[cell][d] for d in range(4) if STEP[cell][d] in cells)
        self._retreat(state, tseat, tfm, choice, events)
        return True

    def _retreat(self, state: State, tseat: int, tfm: int, cell: int, events: list[Event]) -> None:
        state.fm[tseat][tfm] = cell
        events.append(Event("retreat", {"target": piece_label(state, tseat, FIRE_MAKERS[tfm]), "cell": NAMES[cell]}))
        self._enter(state, tseat, (cell,), events)

    def _answer(self, state: State, cell: int, events: list[Event]) -> None:
        p = state.pending
        assert p is not None
        if cell not in p["cells"]:
            raise Refusal("illegal_push", "Choose one of: " + ", ".join(NAMES[c] for c in p["cells"]) + ".")
        tseat, tfm = p["target"], FIRE_MAKERS.index(p["fm"])
        state.pending = None
        if p["kind"] == "push":
            if not self._push(state, tseat, tfm, cell, events):
                return
        else:
            self._retreat(state, tseat, tfm, cell, events)
        state.cursor += 1

    # --- the turn machine (R5) -----------------------------------------------------------------------

    def _run(self, state: State, events: list[Event]) -> None:
        """Close phases that are over (R5.4, R5.5), run flames turns, and stop where input is awaited."""
        guard = 0
        while not state.over and state.pending is None:
            state.occ = None
            guard += 1
            if guard > 10_000:
                raise RuntimeError("dinofire: the turn machine does not settle")
            if state.resolving:
                self._resolve(state, events)
                if state.pending is not None:
                    return
                state.resolving = False
                self._start_phase(state, 3, events)
                continue
            if not state.closing and not state.ending and self._has_action(state):
                key = [state.round, state.turn, state.phase]
                if state.announced != key:
                    state.announced = key
                    events.append(Event(f"phase{state.phase}", {"player": seat_label(state, state.turn),
                                                                 "round": state.round}))
                return
            state.closing = False
            if state.phase == 1:
                seat = state.turn
                for i in range(3):  # R7.5
                    if state.stun[seat][i]:
                        state.stun[seat][i] -= 1
                self._start_phase(state, 2, events)
            elif state.phase == 2:
                state.acted = set()
                if state.attacks:
                    state.resolving = True
                    state.cursor = 0
                else:
                    self._start_phase(state, 3, events)
            else:
                self._flames_turn(state, events)
                self._check_end(state, events)
                if state.over:
                    return
                k = state.order.index(state.turn) + 1
                if k == state.n:
                    k = 0
                    state.round += 1
                state.turn = state.order[k]
                self._start_phase(state, 1, events)
                state.ending = False

    def _start_phase(self, state: State, phase: int, events: list[Event]) -> None:
        state.phase = phase
        state.acted = set()
        if phase == 3 and state.p3act[state.turn]:  # R9.7: riders refill at the start of Phase 3
            seat = state.turn
            refilled = 0
            for i in range(6):
                if state.wc[seat][i] == RIDER and not state.full[seat][i]:
                    state.full[seat][i] = True
                    refilled += 1
            if refilled:
                events.append(Event("refill", {"player": seat_label(state, seat), "count": refilled}))

    # --- flames turn (R10) ---------------------------------------------------------------------------

    def _flames_turn(self, state: State, events: list[Event]) -> None:
        fire = state.fire
        burning = [c for c in FOREST_CELLS if fire[c] > 0]
        player = seat_label(state, state.turn)
        if not burning:  # R10.1
            return
        roll = state.rng.die()  # R10.2
        wind = roll >= 4
        state.last_wind = {"roll": roll, "wind": wind, "after": state.turn, "round": state.round}
        events.append(Event("wind" if wind else "calm", {"player": player, "roll": roll}))
        if wind:
            if state.options.get("wind_spread") == "territory":  # R13
                started = {TERR[c] for c in burning}
                for c in burning:
                    if fire[c] == 3:
                        fire[c] = 4
                for t in range(4):
                    if t not in started:
                        continue
                    candidates = [c for c in TERRITORY_FOREST[t] if 1 <= fire[c] <= 2]
                    if not candidates:
                        continue
                    if len(candidates) == 1:
                        chosen = candidates[0]
                    else:
                        chosen = self._pick(state, candidates)
                        events.append(Event("wind_pick", {"territory": TERRITORIES[t].upper(),
                                                          "cell": NAMES[chosen]}))
                    fire[chosen] += 1
            else:  # R10.3
                for c in burning:
                    fire[c] += 1
        self._casualties(state, lambda c: fire[c] >= 3, events)  # R10.4
        newly: list[int] = []
        if not wind:  # R10.5
            for c in burning:
                if fire[c] >= 3:
                    fire[c] = BURNT
                    newly.append(c)
        else:  # R10.6
            queue = [c for c in FOREST_CELLS if fire[c] >= 4]
            spread: list[int] = []
            k = 0
            while k < len(queue):
                c = queue[k]
                k += 1
                if fire[c] == BURNT:
                    continue
                fire[c] = BURNT
                newly.append(c)
                for nb in FIRE_NEIGHBOURS[c]:
                    f = fire[nb]
                    if f == BURNT:
                        continue
                    fire[nb] = f + 1
                    spread.append(nb)
                    if f == 0:
                        self._flame_placed(state, nb, events)  # R10.8
                    if f + 1 == 4:
                        queue.append(nb)
            if spread:
                events.append(Event("spread", {"cells": ", ".join(NAMES[c] for c in sorted(set(spread))
                                                                  if fire[c] > 0)}))
        if newly:
            newly_set = set(newly)
            self._casualties(state, lambda c: c in newly_set, events)  # R10.7
            events.append(Event("burnt", {"cells": ", ".join(NAMES[c] for c in sorted(newly)),
                                          "count": len(newly)}))

    def _pick(self, state: State, candidates: list[int]) -> int:
        if state.picks:
            forced = state.picks.pop(0)
            if forced in candidates:
                return forced
        return state.rng.choice(candidates)

    def _casualties(self, state: State, doomed, events: list[Event]) -> None:
        """Characters on doomed forest squares leave the game; riders and path/cave pieces never do."""
        for seat in range(state.n):
            for i, p in enumerate(state.fm[seat]):
                if p >= 0 and KIND[p] == FOREST and doomed(p):
                    state.fm[seat][i] = REMOVED
                    state.stun[seat][i] = 0
                    events.append(Event("casualty", {"piece": piece_label(state, seat, FIRE_MAKERS[i]),
                                                     "cell": NAMES[p]}))
            for i, p in enumerate(state.gd[seat]):
                if p >= 0 and KIND[p] == FOREST and doomed(p):
                    state.gd[seat][i] = REMOVED
                    events.append(Event("casualty", {"piece": piece_label(state, seat, GUARDIANS[i]),
                                                     "cell": NAMES[p]}))
            for i, p in enumerate(state.wc[seat]):
                if p >= 0 and KIND[p] == FOREST and doomed(p):
                    state.wc[seat][i] = REMOVED
                    events.append(Event("casualty", {"piece": piece_label(state, seat, CARRIERS[i]),
                                                     "cell": NAMES[p]}))

    # --- end (R12) -----------------------------------------------------------------------------------

    def _check_end(self, state: State, events: list[Event]) -> None:
        last_seat = state.turn == state.order[-1]
        limit = state.options.get("round_limit", 25)
        done = last_seat and ((limit and state.round >= limit) or state.round >= ROUND_CAP)
        if not done and max(state.fire) <= 0:  # R12.3
            done = True
            for seat in range(state.n):
                if any(p >= 0 for p in state.fm[seat]):
                    for other in range(state.n):
                        if other != seat and any(state.fire[c] != BURNT
                                                 for c in TERRITORY_FOREST[state.terr[other]]):
                            done = False
        if done:
            state.over = True
            out = self.outcome(state)
            assert out is not None
            events.append(Event(out.kind, dict(out.params)))


ENGINE = DinofireEngine()
