"""Random playouts to the end (1-4 players x firebreaks on/off x coop), with every invariant checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.core import Rng, resolve_options
from engines.firezone import ENGINE
from engines.firezone import geometry as geo
from engines.firezone.geometry import SLOTS
from tests.playouts import playout_count

FULL = 300
GAMES = playout_count(FULL)

CONFIGS = [
    (1, {}),
    (2, {}), (3, {}), (4, {}),
    (2, {"firebreaks": True}), (3, {"firebreaks": True}), (4, {"firebreaks": True}),
    (2, {"mode": "coop"}), (3, {"mode": "coop"}), (4, {"mode": "coop"}),
]
CATALOG = Path(__file__).resolve().parents[3] / "engines" / "firezone" / "messages"
ALL_TILES = sorted(v for v in range(1, 7) for _ in range(6))


def check_invariants(state, before_men: dict[int, list[int]] | None) -> None:
    # R2.1: 36 tiles, six of each value, wherever they are
    values = list(state.pile) + ([state.drawn] if state.drawn is not None else [])
    if state.phase == "setup":
        values += state.setup_draws
    for cell, shown in state.board.items():
        values.append(state.hidden[cell][0] if cell in state.hidden else shown)
    assert sorted(values) == ALL_TILES
    # R2.3 / R4.2 / R6.6: men conserved per colour (forest + supplies + box = 12)
    for colour in range(4):
        total = sum(m[colour] for m in state.men.values())
        total += sum(s[colour] for s in state.supply) + sum(s[colour] for s in state.sacrificed)
        assert total == 12
        assert all(s[colour] >= 0 for s in state.supply)
    for cell, counts in state.men.items():
        assert cell not in state.hidden
        assert sum(counts) <= SLOTS[state.board[cell]]  # R3.8: never above the slots
        if before_men is not None:
            old = before_men.get(cell, [0, 0, 0, 0])
            assert all(n >= o for n, o in zip(counts, old, strict=True))  # R6.6 nothing removed
            assert sum(counts) - sum(old) <= 3
    assert len(state.board) + len(state.pile) + (state.drawn is not None) + (
        len(state.setup_draws) if state.phase == "setup" else 0) == 36


def random_game(players: int, options: dict, seed: int, kinds: set[str]):
    state = ENGINE.setup(players, resolve_options(ENGINE, options), seed)
    rng = Rng(seed * 7919 + 1)
    moves = []
    while ENGINE.outcome(state) is None:
        seats = ENGINE.to_move(state)
        assert len(seats) == 1
        seat = seats[0]
        legal = ENGINE.legal_moves(state, seat)
        assert legal, "to move without a legal move"
        for other in range(players):
            if other != seat:
                assert ENGINE.legal_moves(state, other) == []
        move = rng.choice(legal)
        if move.startswith("men "):  # R3.8 / R6.4: the cap holds at the moment of placement
            n, cell = int(move.split()[1]), geo.parse(move.split()[2])
            assert sum(state.men[cell]) + n <= min(SLOTS[state.board[cell]], state.free[cell])
        before = {c: m[:] for c, m in state.men.items()}
        for event in ENGINE.play(state, seat, move):
            kinds.add(event.kind)
            if event.to is None and event.kind in ("draw.hidden", "firebreak"):
                assert "value" not in event.params
        moves.append((seat, move))
        check_invariants(state, before)
        assert len(moves) < 400
    assert ENGINE.to_move(state) == []
    return state, moves


@pytest.mark.slow
@pytest.mark.parametrize("players, options", CONFIGS, ids=[f"{p}p-{o}" for p, o in CONFIGS])
def test_random_playouts_reach_an_outcome(players, options):
    kinds: set[str] = set()
    results = set()
    for seed in range(GAMES):
        state, moves = random_game(players, options, seed, kinds)
        result = ENGINE.outcome(state)
        results.add(result.kind)
        data = ENGINE.dump(state)
        assert json.loads(json.dumps(data)) == data
        assert ENGINE.dump(ENGINE.load(data)) == data  # dump/load round trip, Rng included
        if result.scores is not None:
            assert set(result.scores) == set(range(players)) and result.winners
            top = max(result.scores.values())
            assert all(result.scores[w] == top for w in result.winners)
        else:
            assert result.winners in ((), tuple(range(players)))
        if seed % 10 == 0:  # determinism: same seed + same moves -> same game, bit for bit
            again = ENGINE.setup(players, resolve_options(ENGINE, options), seed)
            for seat, move in moves:
                ENGINE.play(again, seat, move)
            assert ENGINE.dump(again) == data
    for locale in ("en", "fr"):
        catalog = json.loads((CATALOG / f"{locale}.json").read_text(encoding="utf-8"))
        assert kinds <= set(catalog), kinds - set(catalog)
    assert results


@pytest.mark.slow
def test_mid_game_dump_load_continues_identically():
    for seed in range(max(4, GAMES // 20)):
        state = ENGINE.setup(3, resolve_options(ENGINE, {"firebreaks": True}), seed)
        rng = Rng(seed)
        for step in range(200):
            if ENGINE.outcome(state) is not None:
                break
            if step % 17 == 5:
                data = ENGINE.dump(state)
                copy = ENGINE.load(json.loads(json.dumps(data)))
                assert ENGINE.dump(copy) == data
                assert ENGINE.view(copy, None) == ENGINE.view(state, None)
                seat = ENGINE.to_move(state)[0]
                assert ENGINE.legal_moves(copy, seat) == ENGINE.legal_moves(state, seat)
            seat = ENGINE.to_move(state)[0]
            ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)))
