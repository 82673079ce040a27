"""Random playouts to the end: every game reaches an outcome, invariants hold, replays are exact."""

from __future__ import annotations

import json

from engines.core import Rng, resolve_options
from engines.forestfire import ENGINE
from engines.players import RandomPlayer, playout
from tests.playouts import playout_count

FULL = 1000
VARIANTS = [
    {},
    {"roles": "random"},
    {"fire_supply": 20},
    {"max_rounds": 10},
    {"roles": "random", "fire_supply": 8, "max_rounds": 12},
]


def check_invariants(state) -> None:
    data = ENGINE.dump(state)
    fire = {int(k): v for k, v in data["fire"].items()}
    assert all(count > 0 for count in fire.values())  # dump lists non-zero counts: never negative
    assert all(1 <= sq <= 11 for sq in fire)
    assert not set(fire) & set(data["burnt"])  # R3.3 burnt squares hold no fire
    for info in data["engines"].values():
        assert 0 <= info["water"] <= 5 and 1 <= info["pos"] <= 11
        if not info["alive"]:
            assert info["water"] == 0
    if data["fire_supply"] != "unlimited":
        assert sum(fire.values()) <= data["fire_supply"]
    if data["phase"] in ("fire", "put"):
        assert all(count < 6 for count in fire.values()) or data["phase"] == "put"
    assert data["round"] <= data["max_rounds"]


def play_game(seed: int, options: dict, check: bool = True):
    state = ENGINE.setup(2, resolve_options(ENGINE, options), seed)
    rng = Rng(seed * 7919 + 1)
    player = RandomPlayer()
    moves = []
    while ENGINE.outcome(state) is None:
        (seat,) = ENGINE.to_move(state)
        move = player.choose(ENGINE, state, seat, rng)
        ENGINE.play(state, seat, move)
        moves.append((seat, move))
        if check:
            check_invariants(state)
        assert len(moves) < 5000
    return state, moves


def test_random_playouts_all_reach_an_outcome():
    """R8.1-R8.3, D13: every game ends with one winner; the fire-count invariants hold after every move."""
    tiers = {}
    for seed in range(playout_count(FULL)):
        options = VARIANTS[seed % len(VARIANTS)]
        state, moves = play_game(seed, options)
        result = ENGINE.outcome(state)
        assert len(result.winners) == 1
        vp = ENGINE.view(state, None)["vp"]["total"]
        assert result.params["vp"] == vp
        expected = "total" if vp >= 10 else "marginal" if vp >= 8 else "chief"
        assert result.kind == f"outcome.{expected}"
        fire_seat = ENGINE.view(state, None)["roles"]["fire"]
        assert result.winners == ((1 - fire_seat,) if expected == "chief" else (fire_seat,))
        assert ENGINE.to_move(state) == [] and ENGINE.legal_moves(state, 0) == ENGINE.legal_moves(state, 1) == []
        tiers[expected] = tiers.get(expected, 0) + 1
    assert "total" in tiers and "chief" in tiers


def test_players_playout_helper_finishes():
    for seed in range(playout_count(100)):
        state = ENGINE.setup(2, resolve_options(ENGINE, {}), seed)
        assert playout(ENGINE, state, Rng(seed)) > 0
        assert ENGINE.outcome(state) is not None


def test_same_seed_same_moves_identical_dump():
    for seed in range(playout_count(200)):
        options = VARIANTS[seed % len(VARIANTS)]
        state, moves = play_game(seed, options, check=False)
        replay = ENGINE.setup(2, resolve_options(ENGINE, options), seed)
        for seat, move in moves:
            ENGINE.play(replay, seat, move)
        assert ENGINE.dump(replay) == ENGINE.dump(state)


def test_load_dump_round_trip_mid_game():
    """load(dump(s)) equals s at every step, Rng included, and play continues identically from the copy."""
    for seed in range(playout_count(100)):
        options = VARIANTS[seed % len(VARIANTS)]
        _final, moves = play_game(seed, options, check=False)
        state = ENGINE.setup(2, resolve_options(ENGINE, options), seed)
        for i, (seat, move) in enumerate(moves):
            data = ENGINE.dump(state)
            assert json.loads(json.dumps(data)) == data
            copy = ENGINE.load(json.loads(json.dumps(data)))
            assert copy == state and ENGINE.dump(copy) == data
            events = ENGINE.play(state, seat, move)
            if i % 5 == 0:
                assert [e.dump() for e in ENGINE.play(copy, seat, move)] == [e.dump() for e in events]
                assert ENGINE.dump(copy) == ENGINE.dump(state)


def test_views_public_and_json_ready_during_playouts():
    """R7.3: every view is JSON-ready; seat views equal the public view (nothing is hidden)."""
    for seed in range(playout_count(50)):
        _final, moves = play_game(seed, VARIANTS[seed % len(VARIANTS)], check=False)
        state = ENGINE.setup(2, resolve_options(ENGINE, VARIANTS[seed % len(VARIANTS)]), seed)
        for seat, move in moves:
            public = ENGINE.view(state, None)
            json.dumps(public)
            assert "rng" not in json.dumps(public)
            assert public["to_move"] == ENGINE.to_move(state) == [seat]
            assert {**ENGINE.view(state, seat), "viewer": None} == public
            ENGINE.play(state, seat, move)
