"""Random advanced playouts to the end (issue 8: 1–6 firefighters × 3 levels × both boards × 200 games), with
the family invariants plus hot spots, hazmat and heal markers conserved and vehicles only on their spots;
determinism, dump/load round trips, secrecy of face-down POIs (R7.2–R7.4)."""

from __future__ import annotations

import pytest

from engines.core import Rng, resolve_options
from engines.rescue import ENGINE
from engines.rescue.advanced import escapable
from engines.rescue.board import FIRE
from engines.rescue.state import FALSE_ALARM, VICTIM
from tests.engines.rescue.test_playouts import never_repaired, swapped_secrets
from tests.playouts import playout_count

FULL = 200
LEVELS = ("recruit", "veteran", "heroic")


def conserved(st, spots) -> None:
    on_board = sum(1 for t in st.threat if t)
    assert 0 <= st.threat_supply and st.threat_supply + on_board == 33
    assert 0 <= st.damage <= 24
    victims = (st.pool.count(VICTIM) + st.hidden.count(VICTIM) + sum(st.victims) + sum(st.treated)
               + st.rescued + st.lost)
    assert victims == 10
    assert st.pool.count(FALSE_ALARM) + st.hidden.count(FALSE_ALARM) + st.false_revealed == 5
    assert sum(st.hotspot) + st.hot_reserve + st.hot_out == 24 and st.hot_reserve >= 0
    assert sum(st.hazmat) + st.hazmat_out == st.hazmat_total and min(st.hazmat) >= 0
    assert sum(st.treated) <= 3 and min(st.treated) >= 0 and min(st.victims) >= 0
    if st.phase == "actions" and st.mod_vehicles:  # vehicles only on their spots (the view checked in play_game)
        assert 0 <= st.engine < 4 and 0 <= st.amb < 4


def options_for(seed: int, level: str, board: str) -> dict:
    opts = {"mode": "advanced", "level": level, "board": board,
            "specialists": ("choose", "random")[seed % 2], "first_player": ("seat1", "random")[seed % 3 == 0]}
    if seed % 20 == 7:
        opts["mod_vehicles"] = False
    if seed % 20 == 11:
        opts["mod_specialists"] = False
    if seed % 20 == 13:
        opts.update(mod_hotspots=False, mod_hazmat=False, setup_explosion_damage=False)
    return resolve_options(ENGINE, opts)


def play_game(seats: int, level: str, board: str, seed: int, check_secrets: bool):
    options = options_for(seed, level, board)
    st = ENGINE.setup(seats, options, seed)
    side = ENGINE.view(st, None)
    spots = side["spots"]
    rng = Rng(seed * 7919 + seats)
    log: list[tuple[int, str]] = []
    damage = 0
    while st.result is None:
        seat = ENGINE.to_move(st)[0]
        moves = ENGINE.legal_moves(st, seat)
        assert moves, "no legal move"
        move = rng.choice(moves)
        edges = list(st.edges)
        ENGINE.play(st, seat, move)
        log.append((seat, move))
        never_repaired(edges, st.edges)
        conserved(st, spots)
        assert st.damage >= damage
        damage = st.damage
        if st.phase == "actions":
            active = st.order[st.active]
            for s, cell in enumerate(st.cell):  # R5.5: only the active or a commanded firefighter in fire
                if st.threat[cell] == FIRE:
                    assert s == active or st.commanded >> s & 1
            assert escapable(st, st.ap[active], st.free)
        if check_secrets and len(log) % 17 == 0 and st.phase != "over":
            other = swapped_secrets(st)
            assert ENGINE.view(other, None) == ENGINE.view(st, None)
            assert ENGINE.legal_moves(other, seat) == ENGINE.legal_moves(st, seat)
        if len(log) % 25 == 0:
            assert ENGINE.load(ENGINE.dump(st)) == st
            if st.phase == "actions" and st.mod_vehicles:
                vehicles = ENGINE.view(st, None)["vehicles"]
                assert vehicles["engine"]["cells"] in spots["engine"] and vehicles["amb"]["cells"] in spots["amb"]
    assert ENGINE.to_move(st) == [] and ENGINE.legal_moves(st, 0) == []
    return log, ENGINE.dump(st), options


@pytest.mark.slow
@pytest.mark.parametrize("board", ["front", "back"])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seats", [1, 2, 3, 4, 5, 6])
def test_advanced_random_playouts_reach_the_end(seats, level, board):
    games = playout_count(FULL)
    reasons = set()
    verbs = set()
    for seed in range(games):
        log, final, options = play_game(seats, level, board, seed, check_secrets=seed % 5 == 0)
        reasons.add(final["result"]["params"]["reason"])
        verbs.update(move.split()[0] for _, move in log)
        assert ENGINE.dump(ENGINE.load(final)) == final
        if seed % 10 == 0:
            again = ENGINE.setup(seats, options, seed)
            for seat, move in log:
                ENGINE.play(again, seat, move)
            assert ENGINE.dump(again) == final
    assert "collapse" in reasons
    assert {"move", "ext", "end", "drive", "place"} <= verbs
