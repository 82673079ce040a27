"""Building Dinofire positions for scenario tests: a setup dump, edited, then load() (the public API)."""

from __future__ import annotations

import json

import pytest

from engines.core import resolve_options
from engines.dinofire import ENGINE, Refusal

CARRIERS = ("w1", "w2", "w3", "w4", "w5", "w6")


def position(players: int = 4, *, turn: str = "nw", phase: int = 1, round: int = 2,
             pieces: dict | None = None, fire: dict | None = None, burnt=(), gact=(), p3act=(),
             dice=(), picks=(), empty: dict | None = None, stun: dict | None = None,
             options: dict | None = None):
    """A mid-game state. `pieces` = {"nw": {"fm1": "g3", "w1": None (removed) / "rider" / "c2"}}."""
    # Positions name seats by territory in the layout's order (R4.1 with the order fixed).
    state = ENGINE.setup(players, resolve_options(ENGINE, {"seat_order": "fixed", **(options or {})}), seed=11)
    d = ENGINE.dump(state)
    terrs = d["territories"]
    seat = {t: i for i, t in enumerate(terrs)}
    d["turn"], d["phase"], d["round"] = seat[turn], phase, round
    for t, changes in (pieces or {}).items():
        d["pieces"][seat[t]].update(changes)
    d["fire"] = dict(fire or {})
    d["burnt"] = list(burnt)
    d["guardians_active"] = [t in gact for t in terrs]
    d["phase3_active"] = [t in p3act for t in terrs]
    d["empty"] = [list((empty or {}).get(t, [])) for t in terrs]
    d["stun"] = [dict((stun or {}).get(t, {})) for t in terrs]
    d["rng"]["stack"] = list(dice)
    d["picks"] = list(picks)
    d["announced"] = [round, seat[turn], phase]
    return ENGINE.load(d)


def seat_of(state, territory: str) -> int:
    return ENGINE.dump(state)["territories"].index(territory)


def where(state, territory: str, piece: str):
    return ENGINE.dump(state)["pieces"][seat_of(state, territory)][piece]


def fire_of(state) -> dict:
    return ENGINE.dump(state)["fire"]


def burnt_of(state) -> set:
    return set(ENGINE.dump(state)["burnt"])


def play(state, territory: str, move: str):
    return ENGINE.play(state, seat_of(state, territory), move)


def refuse(state, territory: str, move: str, code: str, seat: int | None = None) -> Refusal:
    """The move is refused with `code`, a sentence, and the state is exactly unchanged."""
    before = json.dumps(ENGINE.dump(state), sort_keys=True)
    with pytest.raises(Refusal) as caught:
        ENGINE.play(state, seat_of(state, territory) if seat is None else seat, move)
    assert caught.value.code == code, (move, caught.value.code, caught.value.reason)
    assert caught.value.reason and caught.value.reason[0].isupper()
    assert json.dumps(ENGINE.dump(state), sort_keys=True) == before
    return caught.value


def kinds(events) -> list[str]:
    return [e.kind for e in events]
