"""Random playouts to the end for 2-4 players and every extreme option (issue #5: 300 games each).

Invariants (spec R6.7, R2, R6.3, R8.4): employees conserved (16 per colour), fire tokens conserved (36),
cards conserved (26 event + 99 or 96 action), landings compacted, determinism, dump/load round trip,
no secret in the public view.
"""

from __future__ import annotations

import json

import pytest

from engines.core import Rng, resolve_options
from engines.players import RandomPlayer
from engines.tower.game import COLOURS, LANDING_ORDER, NUM, SECTION
from tests.playouts import playout_count

from .helpers import ENGINE

FULL = 300
CONFIGS = [
    ("2p", 2, {}),
    ("3p", 3, {}),
    ("4p", 4, {}),
    ("extreme_opening", None, {"extreme_opening": True}),
    ("pompier_removed", None, {"pompier_removed": True}),
    ("fire_not_occupied", None, {"fire_not_occupied": True}),
    ("shove_into_burnt", None, {"shove_into_burnt": True}),
    ("extreme", None, {"extreme": True}),
    ("expel_count_6", None, {"expel_count": 6}),
]


def check_invariants(st) -> None:
    n = st.n
    for s in range(n):
        where = (sum(st.opeople[o * n + s] for o in range(8)) + st.cells.count(s) + st.car[s]
                 + st.saved[s] + st.amb[s])
        assert where == 16, f"{COLOURS[s]} has {where} employees"
    tokens = st.reserve + sum(st.ofire) + sum(st.sec) + st.timer + int(st.first_token)
    assert tokens == 36
    events = len(st.epile) + len(st.pack) + len(st.played) + len(st.out) + sum(st.kept)
    events += st.current_event is not None
    assert events == 26
    actions = len(st.apile) + len(st.discard) + sum(len(h) for h in st.hands)
    assert actions == 90 + st.expel_count
    assert sum(st.car) <= 4 and (st.car_floor > 0 or sum(st.car) == 0)
    for o in range(8):
        assert 0 <= st.ofire[o] <= 4
        if st.ofire[o] == 4:
            assert not any(st.opeople[o * n:(o + 1) * n])
    for f, order in LANDING_ORDER.items():  # R6.3 invariant
        occupied = [NUM[c] for c in order if st.cells[c] >= 0]
        for c in order:
            if st.sec[SECTION[c]]:
                assert st.cells[c] < 0
            elif st.cells[c] < 0 and occupied:
                assert NUM[c] >= max(occupied), f"landing {f} not compacted"
    if st.phase in ("event", "pompier", "truck"):
        assert all(len(h) == 5 for h in st.hands)
    else:
        assert len(st.hands[st.active]) >= 5 - (4 - st.actions_left)


def check_public(st) -> None:
    view = ENGINE.view(st, None)
    text = json.dumps(view)
    assert "\"hand\"" not in text and "legal_moves" not in view and "rng" not in text
    for key in ("event_pile", "pack", "action_pile", "discard", "hands", "rng"):
        assert key not in view


def run(n: int, options: dict, seed: int, check_every: int = 7):
    st = ENGINE.setup(n, resolve_options(ENGINE, options), seed)
    rng = Rng(seed * 7919 + 1)
    player = RandomPlayer()
    moves = []
    check_invariants(st)
    while ENGINE.outcome(st) is None:
        seat = ENGINE.to_move(st)[0]
        move = player.choose(ENGINE, st, seat, rng)
        ENGINE.play(st, seat, move)
        moves.append((seat, move))
        if len(moves) % check_every == 0:
            check_invariants(st)
        assert len(moves) < 2000
    check_invariants(st)
    assert ENGINE.to_move(st) == [] and ENGINE.legal_moves(st, 0) == []
    return st, moves


@pytest.mark.parametrize("name,n,options", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_random_playouts_reach_an_outcome(name, n, options):
    """R8.4: every random game ends; R6.7/R2 conservation; R8.2 outcome shape."""
    count = playout_count(FULL)
    turns = []
    for i in range(count):
        players = n if n is not None else 2 + i % 3
        st, moves = run(players, options, seed=1000 * i + len(name))
        out = ENGINE.outcome(st)
        assert out.scores == {s: st.saved[s] for s in range(players)}
        best = max(out.scores.values())
        assert all(out.scores[w] == best for w in out.winners) and out.winners
        assert st.turn <= 8 * players + 18 + 2 * players  # R6.14 / R8.4 bound
        turns.append(st.turn)
        if i < 3:
            check_public(st)
    assert max(turns) > 1


@pytest.mark.parametrize("name,n,options", CONFIGS[:3] + CONFIGS[-2:], ids=[c[0] for c in CONFIGS[:3] + CONFIGS[-2:]])
def test_determinism_and_round_trip(name, n, options):
    """R7.1: same seed + same moves -> identical dumps; load(dump()) round-trips mid-game and at the end."""
    players = n or 3
    st, moves = run(players, options, seed=42)
    replay = ENGINE.setup(players, resolve_options(ENGINE, options), 42)
    for i, (seat, move) in enumerate(moves):
        if i == len(moves) // 2:
            data = ENGINE.dump(replay)
            again = ENGINE.load(json.loads(json.dumps(data)))
            assert ENGINE.dump(again) == data
            assert ENGINE.legal_moves(again, again.active) == ENGINE.legal_moves(replay, replay.active)
            check_public(replay)
        ENGINE.play(replay, seat, move)
    assert ENGINE.dump(replay) == ENGINE.dump(st)
    data = ENGINE.dump(st)
    assert ENGINE.dump(ENGINE.load(json.loads(json.dumps(data)))) == data


def test_legal_moves_all_accepted_and_distinct():
    """R11.3-R11.5: every listed string is accepted by play, canonical, distinct in result."""
    for seed in range(playout_count(12)):
        st = ENGINE.setup(2 + seed % 3, resolve_options(ENGINE, {"extreme": seed % 2 == 1}), seed)
        rng = Rng(seed)
        steps = 0
        while ENGINE.outcome(st) is None and steps < 90:
            moves = ENGINE.legal_moves(st, st.active)
            assert len(moves) == len(set(moves)) and moves
            if st.phase == "actions" and steps % 4 == 0:
                results = {}
                for m in moves:
                    if m.startswith("redraw"):
                        continue
                    copy = ENGINE.load(ENGINE.dump(st))
                    events = ENGINE.play(copy, copy.active, m)
                    logged = [e.params["move"] for e in events if e.kind in ("walk", "card.played")]
                    assert not logged or logged[0] == m
                    board = ENGINE.view(copy, None)
                    key = json.dumps({k: board[k] for k in ("cells", "offices", "burning", "car", "saved",
                                                            "ambulance", "reserve", "kept_trucks",
                                                            "actions_left", "hand_sizes", "action_pile_size",
                                                            "discard_size", "turn")}, sort_keys=True)
                    key += json.dumps(copy.hands[st.active])
                    assert key not in results, (m, results.get(key))
                    results[key] = m
            ENGINE.play(st, st.active, rng.choice(moves))
            steps += 1
