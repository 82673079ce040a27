"""Building scenario states for Fire Rescue tests (spec §12 conventions) through the public API.

A scenario starts from a *bare board*: no threat markers, no POIs, every door closed, no damage, full
supplies, plus what the scenario lists. It is made by `ENGINE.setup`, then `ENGINE.load` of its dump
edited by hand, so everything goes through the engine's own JSON form.
"""

from __future__ import annotations

import pytest

from engines.core import IllegalMove, resolve_options
from engines.rescue import ENGINE

SEAT = {"red": 0, "blue": 1, "green": 2, "yellow": 3, "orange": 4, "white": 5}
FAR_AWAY = {"61": "false_alarm", "62": "false_alarm", "63": "false_alarm"}  # "3 POIs far away"


def scenario(
    *,
    board: str = "front",
    seats: int = 1,
    active: str = "red",
    firefighters: dict[str, str] | None = None,
    ap: int = 4,
    saved: dict[str, int] | None = None,
    fire: tuple[str, ...] = (),
    smoke: tuple[str, ...] = (),
    facedown: dict[str, str] | None = None,
    victims: dict[str, int] | None = None,
    edges: dict[str, str] | None = None,
    damage: int | None = None,
    dice: tuple[int, ...] = (),
    draws: tuple[str, ...] = (),
    rescued: int = 0,
    lost: int = 0,
    play_on: bool = False,
    max_turns: int = 300,
):
    """A mid-game state in the action phase of `active`, with `ap` regular AP."""
    start = ENGINE.setup(seats, resolve_options(ENGINE, {"board": board, "play_on": play_on,
                                                        "max_turns": max_turns}), 7)
    data = ENGINE.dump(start)
    threats = {c: "fire" for c in fire}
    threats.update({c: "smoke" for c in smoke})
    data["threats"] = threats
    data["threat_supply"] = 33 - len(threats)
    facedown = dict(facedown or {})
    victims = dict(victims or {})
    data["facedown"] = facedown
    data["victims"] = victims
    # The pool holds what is left of 10 victims + 5 false alarms, scripted draws first.
    left_victims = 10 - rescued - lost - sum(victims.values()) - sum(1 for v in facedown.values() if v == "victim")
    left_false = 5 - sum(1 for v in facedown.values() if v == "false_alarm")
    pool = list(draws)
    left_victims -= pool.count("victim")
    left_false -= pool.count("false_alarm")
    assert left_victims >= 0 and left_false >= 0
    data["pool"] = pool + ["victim"] * left_victims + ["false_alarm"] * left_false
    data["edges"].update(edges or {})
    if damage is None:
        damage = sum({"damaged": 1, "destroyed": 2}.get(v, 0) for v in (edges or {}).values())
    data["damage"] = damage
    data["rescued"] = rescued
    data["lost"] = lost
    places = firefighters or {}
    saved = saved or {}
    data["firefighters"] = [
        {"cell": places.get(colour, "00"), "ap": ap if colour == active else 0, "saved": saved.get(colour, 0)}
        for colour in list(SEAT)[:seats]
    ]
    data["phase"] = "actions"
    data["placing"] = seats
    data["active"] = data["order"].index(SEAT[active])
    data["turn"] = 1
    data["rng"]["stack"] = list(dice)
    return ENGINE.load(data)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def threats(state) -> dict[str, str]:
    return ENGINE.view(state, None)["threats"]


def cells_with(state, kind: str) -> list[str]:
    return sorted(c for c, t in threats(state).items() if t == kind)


SIDES = {"top": 0, "right": 1, "bottom": 2, "left": 3}
FREE = {"captain": 2, "cafs": 3, "rescue": 3}


def adv_scenario(
    *,
    specs: dict[str, str] | None = None,
    engine: str | None = "top",
    amb: str | None = "left",
    hazmat: dict[str, int] | None = None,
    hotspots: tuple[str, ...] = (),
    reserve: int = 6,
    treated: dict[str, int] | None = None,
    level: str = "recruit",
    free: int | None = None,
    mods: dict[str, bool] | None = None,
    turn_saved: int = 0,
    **family,
):
    """An advanced-game mid-turn state on a bare board (§12): the family `scenario` plus the advanced pieces.

    `specs` maps colours to specialist keys (others are Generalists); the active firefighter gets its card's
    free AP unless `free` is given; vehicles are parked on the named sides (None = off the board)."""
    data = ENGINE.dump(scenario(**family))
    seats = data["seats"]
    colours = list(SEAT)[:seats]
    specs = specs or {}
    data["mode"] = "advanced"
    data["level"] = level
    data["spec"] = [specs.get(c, "generalist") for c in colours]
    active = family.get("active", "red")
    data["turn_flags"] = {"free": FREE.get(specs.get(active, "generalist"), 0) if free is None else free,
                          "turn_saved": turn_saved, "acted": False, "commanded": 0, "cafs_cmd": 0}
    data["mods"] = {"specialists": True, "hazmat": True, "vehicles": True, "hotspots": True, "setup_damage": True}
    data["mods"].update(mods or {})
    data["vehicles"] = {"engine": -1 if engine is None else SIDES[engine], "amb": -1 if amb is None else SIDES[amb]}
    data["hazmat"] = dict(hazmat or {})
    data["hazmat_total"] = sum(data["hazmat"].values())
    data["hazmat_out"] = 0
    data["hotspots"] = list(hotspots)
    data["hot_reserve"] = reserve
    data["hot_out"] = 24 - reserve - len(hotspots)
    treated = dict(treated or {})
    data["treated"] = treated
    n = sum(treated.values())
    if n:  # treated victims come out of the pool's victims
        pool = data["pool"]
        for _ in range(n):
            pool.remove("victim")
    data["gun"] = None
    data["last_gun"] = None
    return ENGINE.load(data)


def view(state):
    return ENGINE.view(state, None)


def fighter(state, colour):
    return next(f for f in view(state)["firefighters"] if f["colour"] == colour)


def refused(state, seat, move, *fragments):
    """The move is refused with a reason containing every fragment, and the state is unchanged."""
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove) as info:
        ENGINE.play(state, seat, move)
    assert ENGINE.dump(state) == before
    for fragment in fragments:
        assert fragment.lower() in str(info.value).lower(), str(info.value)
    return str(info.value)
