"""Test helpers: build Fire Zones positions through setup/load and replay the rulebook example."""

from __future__ import annotations

from engines.core import resolve_options
from engines.firezone import ENGINE
from engines.firezone.engine import OWN_COLOURS, SEAT_COLOURS

COLOUR_OF = {"G": 0, "B": 1, "Y": 2, "R": 3}

# S2 + S3: the rulebook's 4-player example (setup 3,4,6,6; T1..T12 draws), then filler tiles.
EXAMPLE_STACK = [3, 4, 6, 6, 2, 1, 2, 5, 2, 5, 4, 1, 2, 2, 3, 6]
# (seat, tile cell or None when auto-placed / compared, men move) for T1..T4 (S2) and T5..T12 (S3).
S2_TURNS = [
    (0, "2,0", "men 1 0,1"),
    (1, "0,2", "men 1 0,1"),
    (2, "-1,1", "men 2 1,0"),
    (3, "1,-1", "men 1 1,-1"),
]
S3_TURNS = [
    (0, "2,-1", "men 1 0,2"),
    (1, "-1,2", "men 2 1,1"),
    (2, "0,-1", "men 1 -1,1"),
    (3, "-1,0", "men 1 -1,0"),
    (0, "1,-2", "men 1 -1,2"),
    (1, "2,-2", "men 1 2,0"),
    (2, "-2,2", "men 1 -1,2"),
    (3, "-2,3", "men 1 2,-1"),
]


def new_game(players: int, seed: int = 1, **options):
    return ENGINE.setup(players, resolve_options(ENGINE, options), seed)


def place_tile(state, seat: int, cell: str) -> list:
    """Play `tile cell`, or check that the engine already auto-placed the drawn tile there (R5.3b)."""
    if state.phase == "tile":
        return ENGINE.play(state, seat, f"tile {cell}")
    assert state.last == {"cell": cell, "kind": "tile"}, state.last
    return []


def example_game(turns: int = 4, **options):
    """The 4-player example through public moves: setup 6 6, then `turns` turns of S2/S3."""
    options.setdefault("stack", list(EXAMPLE_STACK))
    state = new_game(4, **options)
    ENGINE.play(state, 3, "setup 6 6")
    for seat, cell, men in (S2_TURNS + S3_TURNS)[:turns]:
        place_tile(state, seat, cell)
        ENGINE.play(state, seat, men)
    return state


def build(players: int, tiles: dict[str, int], men: dict[str, str] | None = None, *, mode: str = "competitive",
          firebreaks: bool = False, hidden: dict[str, tuple[int, int]] | None = None, pile: list[int] | None = None,
          phase: str = "men", current: int = 0, drawn: int | None = None, drew: bool = True, passes: int = 0,
          supply: list[list[int]] | None = None, round_down: bool = False, auto_forced: bool = True):
    """A mid-game state via load() of a hand-written dump.

    `tiles` maps "q,r" -> value, in placement order; `hidden` maps "q,r" -> (value, placer) for firebreaks;
    `men` maps "q,r" -> letters (e.g. "GGB"). `pile` is in draw order. Default supplies are the R4.2
    supplies minus the men on the forest (taken from the colour's first controlling seat).
    """
    men = men or {}
    hidden = hidden or {}
    entries = []
    for cell, value in tiles.items():
        q, r = (int(x) for x in cell.split(","))
        counts = [0, 0, 0, 0]
        for letter in men.get(cell, ""):
            counts[COLOUR_OF[letter]] += 1
        entries.append([q, r, value, counts])
    for cell, (value, placer) in hidden.items():
        q, r = (int(x) for x in cell.split(","))
        entries.append([q, r, 0, value, placer])
    if supply is None:
        supply = [[0, 0, 0, 0] for _ in range(players)]
        for seat in range(players):
            for colour in OWN_COLOURS[players][seat]:
                supply[seat][colour] = 12
            if players == 3:
                supply[seat][3] = 4
        for letters in men.values():
            for letter in letters:
                colour = COLOUR_OF[letter]
                seat = next(s for s in range(players) if colour in SEAT_COLOURS[players][s] and supply[s][colour])
                supply[seat][colour] -= 1
    dump = {
        "players": players, "mode": mode, "firebreaks": firebreaks, "round_down": round_down,
        "auto_forced": auto_forced, "rng": {"state": 7, "stack": []},
        "pile": list(reversed(pile or [])), "tiles": entries, "supply": supply,
        "sacrificed": [[0, 0, 0, 0] for _ in range(players)], "phase": phase, "current": current,
        "drawn": drawn, "drew": drew, "passes": passes, "turn": 1, "setup_draws": [], "last": {},
        "result": None,
    }
    return ENGINE.load(dump)


def refused(state, seat: int, move: str, fragment: str) -> str:
    """Assert that `move` raises IllegalMove mentioning `fragment` and leaves the state unchanged."""
    import pytest

    from engines.core import IllegalMove

    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove) as info:
        ENGINE.play(state, seat, move)
    assert ENGINE.dump(state) == before
    assert fragment.lower() in info.value.reason.lower(), info.value.reason
    return info.value.reason
