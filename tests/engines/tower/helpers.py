"""Builders for Tower Fire scenario states (spec §12): a setup, then a hand-written board via load()."""

from __future__ import annotations

import pytest

from engines import get
from engines.core import IllegalMove, resolve_options
from engines.tower.game import COLOURS

ENGINE = get("tower")


def fresh(n: int = 3, seed: int = 1, first: int = 0, **options):
    stack = options.pop("stack", {})
    stack = dict(stack, first=first)
    return ENGINE.setup(n, resolve_options(ENGINE, dict(options, stack=stack)), seed)


def build(n: int = 4, *, active: str = "red", cells=None, offices=None, burning=(), car=None, hand=None,
          hands=None, phase: str = "actions", actions_left: int = 4, first: int = 0, options=None,
          clear_offices: bool = False, **extra):
    """A state with the given board. Offices not named keep their setup employees unless clear_offices."""
    st = fresh(n, first=first, **(options or {}))
    d = ENGINE.dump(st)
    colours = COLOURS[:n]
    d["cells"] = dict(cells or {})
    if clear_offices:
        for office in d["offices"].values():
            office.update({c: 0 for c in colours})
    for oid, spec in (offices or {}).items():
        d["offices"][oid] = {"fire": spec.get("fire", 0), **{c: spec.get(c, 0) for c in colours}}
    d["burning"] = list(burning)
    d["car"] = {"floor": 0, **{c: 0 for c in colours}}
    d["car"].update(car or {})
    d["active"] = colours.index(active)
    d["phase"] = phase
    d["actions_left"] = actions_left
    all_hands = dict(hands or {})
    if hand is not None:
        all_hands[active] = hand
    for colour, cards in all_hands.items():
        pile = d["action_pile"]
        pile.extend(d["hands"][colour])  # give the old hand back, take the new one from the pile
        for card in cards:
            pile.remove(card)
        d["hands"][colour] = sorted(cards)
    for key, value in extra.items():
        if key in ("saved", "ambulance", "kept_trucks"):
            d[key].update(value)
        else:
            d[key] = value
    return ENGINE.load(d)


def seat(colour: str) -> int:
    return COLOURS.index(colour)


def play(st, move: str, colour: str | None = None):
    who = st.active if colour is None else seat(colour)
    return ENGINE.play(st, who, move)


def refused(st, move: str, fragment: str = "", colour: str | None = None) -> str:
    """The move is refused with a reason containing `fragment`, and the state is exactly unchanged."""
    before = ENGINE.dump(st)
    with pytest.raises(IllegalMove) as info:
        play(st, move, colour)
    assert ENGINE.dump(st) == before
    assert fragment.lower() in info.value.reason.lower(), info.value.reason
    return info.value.reason


def draw_event(st, card: str):
    """Put `card` on top of the event draw pile (taken from wherever it is) and draw it."""
    d = ENGINE.dump(st)
    for pile in ("event_pile", "pack", "played_events", "out_of_game"):
        if card in d[pile]:
            d[pile].remove(card)
            break
    d["event_pile"].append(card)
    d["phase"] = "event"
    loaded = ENGINE.load(d)
    events = ENGINE.play(loaded, loaded.active, "draw")
    return loaded, events


def cells_of(st) -> dict:
    return ENGINE.view(st, None)["cells"]


def landing(st, f: int) -> dict:
    return {k: v for k, v in cells_of(st).items() if k.startswith(f"L{f}")}


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def moved(events) -> str:
    """The canonical string the log records for the move just played."""
    for e in events:
        if e.kind in ("walk", "card.played"):
            return e.params["move"]
    raise AssertionError("no move event")
