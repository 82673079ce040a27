"""Random playouts to the end (issue 7: 1–6 firefighters × both boards × 300 games), with invariants,
determinism, dump/load round trips and secrecy of face-down POIs (R7.2–R7.4)."""

from __future__ import annotations

import pytest

from engines.core import Rng, resolve_options
from engines.rescue import ENGINE
from engines.rescue.board import EDGES, FIRE, IS_DOOR, IS_WALL
from engines.rescue.state import FALSE_ALARM, VICTIM
from tests.playouts import playout_count

FULL = 300
WALL_DAMAGE = {1: 0, 2: 1, 3: 2}  # wall, damaged, destroyed


def conserved(st) -> None:
    """Markers, cubes, victims and false alarms are conserved (R4.3, §2)."""
    on_board = sum(1 for t in st.threat if t)
    assert 0 <= st.threat_supply and st.threat_supply + on_board == 33
    assert 0 <= st.damage <= 24
    assert st.damage == sum(WALL_DAMAGE.get(st.edges[e], 0) for e in EDGES)
    victims = st.pool.count(VICTIM) + st.hidden.count(VICTIM) + sum(st.victims) + st.rescued + st.lost
    assert victims == 10
    assert st.pool.count(FALSE_ALARM) + st.hidden.count(FALSE_ALARM) + st.false_revealed == 5


def never_repaired(before: list[int], after: list[int]) -> None:
    """Walls only take damage; doors once destroyed stay destroyed; entrances and open edges never change."""
    for e in EDGES:
        a, b = before[e], after[e]
        if a == b:
            continue
        if IS_WALL[a] or a == 3:
            assert b > a and b <= 3, (e, a, b)
        elif IS_DOOR[a]:
            assert IS_DOOR[b] or b == 6, (e, a, b)
        else:
            raise AssertionError(f"edge {e} changed from {a} to {b}")


def swapped_secrets(st):
    """The same public position with the hidden identities (face-down POIs + pool) dealt differently."""
    data = ENGINE.dump(st)
    cells = sorted(data["facedown"])
    secrets = [data["facedown"][c] for c in cells] + list(data["pool"])
    Rng(len(secrets) + st.turn).shuffle(secrets)
    secrets.reverse()
    data["facedown"] = dict(zip(cells, secrets[: len(cells)], strict=True))
    data["pool"] = secrets[len(cells):]
    return ENGINE.load(data)


def play_game(seats: int, board: str, seed: int, check_secrets: bool):
    options = resolve_options(ENGINE, {"board": board, "family_setup": ("fixed", "random")[seed % 2],
                                       "first_player": ("seat1", "random")[seed % 3 == 0]})
    st = ENGINE.setup(seats, options, seed)
    rng = Rng(seed * 7919 + seats)
    log: list[tuple[int, str]] = []
    damage = 0
    while ENGINE.outcome(st) is None:
        to_move = ENGINE.to_move(st)
        assert len(to_move) == 1
        seat = to_move[0]
        moves = ENGINE.legal_moves(st, seat)
        assert moves, "no legal move"
        assert all(ENGINE.legal_moves(st, s) == [] for s in range(seats) if s != seat)
        move = rng.choice(moves)
        edges = list(st.edges)
        ENGINE.play(st, seat, move)
        log.append((seat, move))
        never_repaired(edges, st.edges)
        conserved(st)
        assert st.damage >= damage
        damage = st.damage
        if st.phase == "actions":
            # R5.5: only the active firefighter may stand on fire, and then with AP to escape.
            for s, cell in enumerate(st.cell):
                if st.threat[cell] == FIRE:
                    assert s == st.order[st.active] and st.ap[s] >= 1
        if check_secrets and len(log) % 17 == 0 and st.phase != "over":
            other = swapped_secrets(st)
            assert ENGINE.view(other, None) == ENGINE.view(st, None)
            assert ENGINE.view(other, seat) == ENGINE.view(st, seat)
            assert ENGINE.legal_moves(other, seat) == ENGINE.legal_moves(st, seat)
        if len(log) % 25 == 0:
            assert ENGINE.load(ENGINE.dump(st)) == st
    assert ENGINE.to_move(st) == [] and ENGINE.legal_moves(st, 0) == []
    assert ENGINE.outcome(st).params["reason"] in ("rescued7", "collapse", "lost4", "turn_limit",
                                                   "all_victims_resolved")
    return log, ENGINE.dump(st), options


@pytest.mark.slow
@pytest.mark.parametrize("board", ["front", "back"])
@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5, 6])
def test_random_playouts_reach_the_end(seats, board):
    games = playout_count(FULL)
    reasons = set()
    for seed in range(games):
        log, final, options = play_game(seats, board, seed, check_secrets=seed % 5 == 0)
        reasons.add(final["result"]["params"]["reason"])
        assert ENGINE.dump(ENGINE.load(final)) == final
        if seed % 10 == 0:  # determinism: same seed + same moves = same game, bit for bit
            again = ENGINE.setup(seats, options, seed)
            for seat, move in log:
                ENGINE.play(again, seat, move)
            assert ENGINE.dump(again) == final
    assert "collapse" in reasons
