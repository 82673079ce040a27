"""Shared helpers for the Forest Fire tests: build states from hand-written dumps, read them back."""

from __future__ import annotations

from engines.core import Rng, resolve_options
from engines.forestfire import ENGINE

FIRE, CHIEF = 0, 1  # default seats (roles "fixed")


def new(seed: int = 1, **options):
    """A fresh game through the public API (options validated like the service does)."""
    return ENGINE.setup(2, resolve_options(ENGINE, options), seed)


def mk(fire=None, burnt=(), a=(1, 0), b=(1, 0), phase="fire", stack=None, **extra):
    """A mid-game state from a hand-written dump. `a`/`b` = (pos, water), or None when destroyed."""
    engines = {}
    for name, spec in (("a", a), ("b", b)):
        if spec is None:
            engines[name] = {"pos": 1, "water": 0, "alive": False}
        else:
            engines[name] = {"pos": spec[0], "water": spec[1], "alive": True}
    data = {
        "fire": {str(k): v for k, v in (fire or {}).items()},
        "burnt": list(burnt),
        "engines": engines,
        "phase": phase,
        "rng": Rng(7, stack).dump(),
    }
    data.update(extra)
    return ENGINE.load(data)


def fires(state) -> dict[int, int]:
    return {int(k): v for k, v in ENGINE.dump(state)["fire"].items()}


def burnt(state) -> list[int]:
    return ENGINE.dump(state)["burnt"]


def vp(state) -> int:
    return ENGINE.view(state, None)["vp"]["total"]


def engine(state, name: str) -> dict:
    return ENGINE.view(state, None)["engines"][name]


def at(state, name: str) -> tuple[int, int]:
    e = engine(state, name)
    return e["pos"], e["water"]


def play(state, seat: int, *moves: str) -> list:
    events = []
    for move in moves:
        events.extend(ENGINE.play(state, seat, move))
    return events


def kinds(events) -> list[str]:
    return [e.kind for e in events]
