"""Fire Rescue (Flash Point rules): the engine object that the registry exposes.

Family game (issue 7). The advanced game (issue 8) extends the same state, fire and POI modules and adds
"advanced" to the `mode` choices.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Event, Option, Outcome, Rng
from engines.rescue import advanced, fire, poi
from engines.rescue.board import (
    CELLS,
    COLOURS,
    DAMAGE_CUBES,
    EDGE_NAMES,
    EDGES,
    FALSE_ALARMS,
    FAMILY_FIRE,
    FAMILY_POI,
    FIRE,
    OUTSIDE,
    SIDES,
    SPOT_SIDES,
    THREAT_MARKERS,
    VICTIMS,
    cell_id,
    edge_id,
)
from engines.rescue.state import (
    ACTIONS,
    FALSE_ALARM,
    OVER,
    PARK,
    PLACE,
    POI_CODE,
    SPEC,
    THREAT_NAMES,
    VICTIM,
    State,
)
from engines.rescue.state import dump as dump_state
from engines.rescue.state import load as load_state

OPTIONS = [
    Option("mode", "family", "Rule level: family game, or advanced (specialists, vehicles, hazmat, hot spots).",
           choices=("family", "advanced")),
    Option("board", "front", "Building side: front (4 entrances) or back (2 entrances, harder).",
           choices=("front", "back")),
    Option("family_setup", "fixed", "Setup: fixed fire and POIs, or random (3 explosions).",
           choices=("fixed", "random")),
    Option("play_on", False, "Keep playing after the 7th rescue, for a perfect 10.", kind="bool"),
    Option("max_turns", 300, "Turn limit (every seat's turn counts); 0 means no limit.", kind="int",
           minimum=0),
    Option("first_player", "seat1", "Turn order: seat order from seat 1, or a random order.",
           choices=("seat1", "random")),
    Option("level", "recruit", "Advanced difficulty: recruit, veteran or heroic.",
           choices=("recruit", "veteran", "heroic")),
    Option("specialists", "choose", "Advanced: each player chooses a specialist card, or they are dealt at random.",
           choices=("choose", "random")),
    Option("mod_specialists", True, "Advanced module: specialist cards (off = basic 4-AP firefighters).",
           kind="bool"),
    Option("mod_hazmat", True, "Advanced module: hazardous materials.", kind="bool"),
    Option("mod_vehicles", True, "Advanced module: engine, ambulance, deck gun, crew change.", kind="bool"),
    Option("mod_hotspots", True, "Advanced module: hot spots and flare-ups.", kind="bool"),
    Option("setup_explosion_damage", True, "Advanced setup explosions place damage cubes.", kind="bool"),
]


def _parse_stack(stack: Any) -> tuple[list[int], list[int]]:
    """Scenario hook: a list of die results, or {"dice": [...], "pool": ["victim", "false_alarm", ...]}.

    `pool` lists the first POI draws in order; the rest of the pool follows, shuffled.
    """
    if stack is None:
        return [], []
    if isinstance(stack, Mapping):
        dice = [int(x) for x in stack.get("dice", [])]
        draws = [POI_CODE[str(x)] for x in stack.get("pool", [])]
        return dice, draws
    return [int(x) for x in stack], []


class RescueEngine:
    id = "rescue"
    title = "Fire Rescue"
    seats = range(1, 7)
    # R1.1: one seat is one firefighter; in this cooperative game one person may hold several seats.
    cooperative = True
    # Events that turn a face-down POI over (R7.2): a move that caused one can't be undone.
    revealing_events = frozenset({"poi_false_alarm", "poi_victim"})
    options = OPTIONS

    # --- setup ----------------------------------------------------------------------------------

    def setup(self, seats: int, options: Mapping[str, Any], seed: int) -> State:
        if seats not in self.seats:
            raise ValueError(f"Fire Rescue is played by 1 to 6 firefighters, not {seats}.")
        opts = {opt.name: opt.default for opt in OPTIONS}
        opts.update({k: v for k, v in options.items() if k != "stack"})
        dice, draws = _parse_stack(options.get("stack"))
        st = State()
        st.mode = opts["mode"]
        st.board = opts["board"]
        st.seats = seats
        st.play_on = bool(opts["play_on"])
        st.max_turns = int(opts["max_turns"])
        st.family_setup = opts["family_setup"]
        st.rng = Rng(seed, dice)
        st.order = list(range(seats))
        if opts["first_player"] == "random":  # R4.2, D34
            st.rng.shuffle(st.order)
        # R4.3: the secret pool, 10 victims + 5 false alarms.
        rest = [VICTIM] * VICTIMS + [FALSE_ALARM] * FALSE_ALARMS
        for code in draws:
            rest.remove(code)
        st.rng.shuffle(rest)
        st.pool = draws + rest
        st.edges = list(SIDES[st.board].edges)  # R4.5 doors closed
        st.threat_supply = THREAT_MARKERS
        st.spec = [""] * seats
        st.cell = [-1] * seats
        if st.mode == "advanced":
            st.level = opts["level"]
            st.deal = opts["specialists"]
            st.mod_specialists = bool(opts["mod_specialists"])
            st.mod_hazmat = bool(opts["mod_hazmat"])
            st.mod_vehicles = bool(opts["mod_vehicles"])
            st.mod_hotspots = bool(opts["mod_hotspots"])
            st.setup_damage = bool(opts["setup_explosion_damage"])
            st.ap = [0] * seats
            st.saved = [0] * seats
            advanced.setup(st)  # R4.12
            return st
        if st.family_setup == "random":
            self._random_setup(st)
        else:
            for cell in FAMILY_FIRE:  # R4.6, D38
                st.threat[cell] = FIRE
            st.threat_supply -= len(FAMILY_FIRE)
            for cell in FAMILY_POI:  # R4.7
                poi.setup_place(st, cell)
        st.cell = [-1] * seats
        st.ap = [0] * seats
        st.saved = [0] * seats  # R4.4
        st.phase = PLACE
        return st

    @staticmethod
    def _random_setup(st: State) -> None:
        """R4.10 (D14): three explosions without damage cubes, outside fire removed, then 3 POIs."""
        events: list[Event] = []
        for _ in range(3):
            while True:
                target = 10 * st.rng.die(6) + st.rng.die(8)
                if st.threat[target] != FIRE:
                    break
            fire.place_fire(st, target, events)
            fire.explode(st, target, events, cubes=False)
        fire.remove_outside_fire(st, events)
        for _ in range(3):
            while True:
                target = 10 * st.rng.die(6) + st.rng.die(8)
                if st.threat[target] != FIRE and not st.hidden[target]:
                    break
            poi.setup_place(st, target)

    # --- the contract ---------------------------------------------------------------------------

    def to_move(self, state: State) -> list[int]:
        if state.phase in (PLACE, SPEC):
            return [state.order[state.placing]]
        if state.phase == PARK:
            return [state.order[0]]
        if state.phase == ACTIONS:
            return [state.order[state.active]]
        return []

    def legal_moves(self, state: State, seat: int) -> list[str]:
        return advanced.legal_moves(state, seat)

    def play(self, state: State, seat: int, move: str) -> list[Event]:
        return advanced.play(state, seat, move)  # both games: the same plans and effects

    def outcome(self, state: State) -> Outcome | None:
        return None if state.result is None else Outcome.load(state.result)

    def dump(self, state: State) -> dict:
        return dump_state(state)

    def load(self, data: dict) -> State:
        return load_state(data)

    def view(self, state: State, seat: int | None) -> dict:
        """Everything public (R6.13.1). There are no private hands: a seat's view adds only `viewer`.

        Face-down POIs appear only as cells (R7.4); the pool only as its size and the combined unrevealed
        composition (R7.3).
        """
        st = state
        facedown = [cell_id(c) for c in range(CELLS) if st.hidden[c]]
        faceup = sum(st.victims)
        walls, doors, entrances = {}, {}, []
        for e in EDGES:
            name = EDGE_NAMES[st.edges[e]]
            if name in ("wall", "damaged", "destroyed"):
                walls[edge_id(e)] = ("wall", "damaged", "destroyed").index(name)
            elif name in ("closed", "opened", "gone"):
                doors[edge_id(e)] = {"closed": "closed", "opened": "open", "gone": "destroyed"}[name]
            elif name == "entrance":
                entrances.append(edge_id(e))
        active = st.order[st.active] if st.phase == ACTIONS else None
        side = SIDES[st.board]
        view = {
            "game": self.id,
            "seats": [COLOURS[s] for s in range(st.seats)],
            "to_move": self.to_move(st),
            "over": st.phase == OVER,
            "outcome": st.result,
            "viewer": seat,
            "mode": st.mode,
            "board": st.board,
            "phase": st.phase,
            "turn": st.turn,
            "max_turns": st.max_turns,
            "play_on": st.play_on,
            "active": active,
            "order": list(st.order),
            "threats": {cell_id(c): THREAT_NAMES[t] for c, t in enumerate(st.threat) if t},
            "facedown": facedown,
            "victims": {cell_id(c): n for c, n in enumerate(st.victims) if n},
            "walls": walls,
            "doors": doors,
            "entrances": entrances,
            "ambulance_cells": [cell_id(c) for c in side.ambulance_cells],
            "outside": [cell_id(c) for c in OUTSIDE],
            "firefighters": [
                {"seat": s, "colour": COLOURS[s], "cell": None if st.cell[s] < 0 else cell_id(st.cell[s]),
                 "ap": st.ap[s], "saved": st.saved[s]}
                for s in range(st.seats)
            ],
            "rescued": st.rescued,
            "lost": st.lost,
            "damage": st.damage,
            "damage_max": DAMAGE_CUBES,
            "threat_supply": st.threat_supply,
            "threat_markers": THREAT_MARKERS,
            "pool": len(st.pool),
            "unrevealed": {"victims": VICTIMS - st.rescued - st.lost - faceup,
                           "false_alarms": FALSE_ALARMS - st.false_revealed},
            "false_alarms_revealed": st.false_revealed,
            "last_fire": st.last_fire,
        }
        if st.mode == "advanced":
            self._advanced_view(st, view, side)
        return view

    @staticmethod
    def _advanced_view(st: State, view: dict, side) -> None:
        """The advanced pieces (R6.13.1): specialists and free AP, vehicles, hazmat, hot spots, treated victims."""
        active = st.order[st.active] if st.phase == ACTIONS else None
        treated = sum(st.treated)
        view["unrevealed"]["victims"] -= treated
        view["level"] = st.level
        view["mods"] = {"specialists": st.mod_specialists, "hazmat": st.mod_hazmat, "vehicles": st.mod_vehicles,
                        "hotspots": st.mod_hotspots}
        for f in view["firefighters"]:
            spec = st.spec[f["seat"]]
            f["spec"] = spec
            f["base_ap"] = advanced.BASE_AP[spec]
            f["free"] = st.free if f["seat"] == active else 0
            f["free_kind"] = advanced.FREE_KIND.get(spec)
            f["commanded"] = bool(st.commanded >> f["seat"] & 1) and f["seat"] != active
        view["treated"] = {cell_id(c): n for c, n in enumerate(st.treated) if n}
        view["hazmat"] = {cell_id(c): n for c, n in enumerate(st.hazmat) if n}
        view["hotspots"] = [cell_id(c) for c in range(CELLS) if st.hotspot[c]]
        view["hot_reserve"] = st.hot_reserve
        view["hazmat_on_board"] = sum(st.hazmat)
        view["heal_free"] = advanced.HEAL_MARKERS - treated
        view["specialists_free"] = advanced.cards_free(st) if st.mod_specialists else []
        spots = {"engine": [[cell_id(int(c)) for c in s["cells"]] for s in side.engine_spots],
                 "amb": [[cell_id(int(c)) for c in s["cells"]] for s in side.ambulance_spots]}
        view["spots"] = spots if st.mod_vehicles else {"engine": [], "amb": []}
        view["vehicles"] = {
            "engine": None if st.engine < 0 else {"side": SPOT_SIDES[st.engine], "cells": spots["engine"][st.engine],
                                                  "quadrant": side.engine_spots[st.engine]["quadrant"]},
            "amb": None if st.amb < 0 else {"side": SPOT_SIDES[st.amb], "cells": spots["amb"][st.amb]},
        }
        if st.mod_vehicles:
            view["ambulance_cells"] = [] if st.amb < 0 else spots["amb"][st.amb]
        view["gun"] = None if st.gun is None else {
            "cell": cell_id(10 * st.gun[0] + st.gun[1]), "red": st.gun[0], "black": st.gun[1],
            "red_rerolled": bool(st.gun[2]), "black_rerolled": bool(st.gun[3])}
        view["last_gun"] = st.last_gun
        view["cafs_commanded"] = st.cafs_cmd
        view["crew_possible"] = not st.acted


ENGINE = RescueEngine()
