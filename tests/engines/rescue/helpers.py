"""Building scenario states for Fire Rescue tests (spec §12 conventions) through the public API.

A scenario starts from a *bare board*: no threat markers, no POIs, every door closed, no damage, full
supplies, plus what the scenario lists. It is made by `ENGINE.setup`, then `ENGINE.load` of its dump
edited by hand, so everything goes through the engine's own JSON form.
"""

from __future__ import annotations

from engines.core import resolve_options
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
