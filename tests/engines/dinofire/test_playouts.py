"""Random playouts to the end (issue 6): 2, 3, 4 players × both wind options, with invariants."""

from __future__ import annotations

import json

import pytest

from engines.core import Rng, resolve_options
from engines.dinofire import ENGINE
from engines.dinofire.board import CAVES, FOREST_CELLS, IS_PATH, KIND, MAIN, TERR
from engines.dinofire.state import REMOVED, RIDER
from tests.playouts import playout_count

FULL = 300
NON_FOREST = [c for c in range(225) if KIND[c] != "F"]


def check_pieces(s) -> None:
    """No piece off the board or out of its zone (R6.3); at most 2 characters per cell (R6.4), except
    where an attack put a guardian (R8.3, R8.6)."""
    chars = [0] * 225
    guarded = [False] * 225
    for seat in range(s.n):
        own = s.terr[seat]
        cave = CAVES[own]
        for p in s.fm[seat]:
            if p != REMOVED:
                assert 0 <= p < 225 and (p == cave or KIND[p] != "C")
                if p != cave:
                    chars[p] += 1
        for p in s.gd[seat]:
            if p != REMOVED:
                assert 0 <= p < 225 and (p == cave or (KIND[p] != MAIN and KIND[p] != "C" and TERR[p] == own))
                if p != cave:
                    chars[p] += 1
                    guarded[p] = True
        for p in s.wc[seat]:
            if p >= 0:
                assert p < 225 and KIND[p] != "C" and (KIND[p] == MAIN or TERR[p] == own)
                chars[p] += 1
            else:
                assert p in (REMOVED, RIDER)
        assert IS_PATH[s.dino[seat]]
    if max(chars) > 2:  # only where a guardian attacked (R8.3), possibly both guardians (R8.6)
        for c, n in enumerate(chars):
            assert n <= 2 or (guarded[c] and n <= 4), (c, n)


def check_fire(s, burnt_before: set[int]) -> set[int]:
    """Paths and caves never burn (R3.3); burnt squares never un-burn (R10.8); 0..3 flames at rest."""
    fire = s.fire
    assert not any(fire[c] for c in NON_FOREST)
    forest = [fire[c] for c in FOREST_CELLS]
    assert min(forest) >= -1 and max(forest) <= 3
    burnt = {c for c, f in zip(FOREST_CELLS, forest, strict=True) if f == -1}
    assert burnt_before <= burnt
    return burnt


def run_game(players: int, wind: str, seed: int, deep: bool, every_move: bool):
    """One random game; pieces are checked after every move when `every_move`, else after every turn."""
    options = resolve_options(ENGINE, {"wind_spread": wind})
    s = ENGINE.setup(players, options, seed)
    rng = Rng(seed * 7919 + players)
    moves: list[tuple[int, str]] = []
    burnt: set[int] = set()
    turn_key = None
    while ENGINE.outcome(s) is None:
        seats = ENGINE.to_move(s)
        assert len(seats) == 1
        seat = seats[0]
        legal = ENGINE.legal_moves(s, seat)
        assert legal
        move = rng.choice(legal)
        ENGINE.play(s, seat, move)
        moves.append((seat, move))
        if every_move:
            check_pieces(s)
        key = (s.round, s.turn)
        if key != turn_key:
            turn_key = key
            check_pieces(s)
            burnt = check_fire(s, burnt)
            if deep:
                assert len(legal) == len(set(legal))
                d = ENGINE.dump(s)
                assert ENGINE.dump(ENGINE.load(json.loads(json.dumps(d)))) == d
                view = ENGINE.view(s, None)
                text = json.dumps(view)
                assert "rng" not in view and (s.rng.state < 10**6 or str(s.rng.state) not in text)
        assert len(moves) < 20_000
    check_fire(s, burnt)
    out = ENGINE.outcome(s)
    assert out.winners and set(out.winners) <= set(range(players))
    assert s.round <= min(s.options["round_limit"] or 100, 100)
    assert ENGINE.to_move(s) == [] and all(ENGINE.legal_moves(s, k) == [] for k in range(players))
    return s, moves


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("wind", ["square", "territory"])
def test_random_playouts_reach_an_outcome_with_invariants(players, wind):
    for seed in range(playout_count(FULL)):
        deep = seed % 15 == 0
        s, moves = run_game(players, wind, seed, deep, every_move=seed % 5 == 0)
        if deep:  # determinism: same seed + same moves -> identical dump
            again = ENGINE.setup(players, resolve_options(ENGINE, {"wind_spread": wind}), seed)
            for seat, move in moves:
                ENGINE.play(again, seat, move)
            assert ENGINE.dump(again) == ENGINE.dump(s)


def test_round_limit_zero_games_end_by_the_rules():
    """R12.3/R12.6: with no round limit, random games still end (nothing left to burn, or round 100)."""
    for seed in range(max(2, playout_count(20))):
        s = ENGINE.setup(2, resolve_options(ENGINE, {"round_limit": 0}), seed)
        rng = Rng(seed)
        while ENGINE.outcome(s) is None:
            seat = ENGINE.to_move(s)[0]
            ENGINE.play(s, seat, rng.choice(ENGINE.legal_moves(s, seat)))
        assert s.round <= 100
