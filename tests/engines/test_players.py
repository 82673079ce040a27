"""Computer players: the random player and the playout (flat Monte Carlo) player, which plays fair."""

from __future__ import annotations

import pytest

import engines
from engines.core import Rng, resolve_options
from engines.players import PlayoutPlayer, RandomPlayer
from tests.engines.forestfire.helpers import mk

FIRE, CHIEF = 0, 1
FOREST_FIRE = engines.get("forestfire")


def test_playout_player_takes_a_sure_win():
    """F9b's position: spraying a 4 puts the fire out with 7 VP, a certain win for the Chief."""
    state = mk(fire={4: 1}, burnt=[9, 10], a=(4, 1), b=None, phase="chief")
    assert PlayoutPlayer(playouts=8).choose(FOREST_FIRE, state, CHIEF, Rng(1)) == "spray a 4"


def test_playout_player_burns_the_town_when_it_can():
    """F8's position: intensifying the town ends the game in a total victory for the Fire."""
    state = mk(fire={1: 2, 3: 1}, burnt=[8, 9])
    assert PlayoutPlayer(playouts=8).choose(FOREST_FIRE, state, FIRE, Rng(1)).startswith("intensify 1")


def test_playout_player_leaves_the_real_game_alone_and_is_reproducible():
    state = FOREST_FIRE.setup(2, resolve_options(FOREST_FIRE, {}), 3)
    before = FOREST_FIRE.dump(state)
    first = PlayoutPlayer(playouts=4).choose(FOREST_FIRE, state, FIRE, Rng(9))
    assert FOREST_FIRE.dump(state) == before
    assert PlayoutPlayer(playouts=4).choose(FOREST_FIRE, state, FIRE, Rng(9)) == first


def test_playout_player_plays_whole_games_against_the_random_player():
    for seed in range(3):
        state, rng = FOREST_FIRE.setup(2, resolve_options(FOREST_FIRE, {}), 100 + seed), Rng(seed)
        players = {FIRE: RandomPlayer(), CHIEF: PlayoutPlayer(playouts=6)}
        moves = 0
        while FOREST_FIRE.outcome(state) is None:
            seat = FOREST_FIRE.to_move(state)[0]
            move = players[seat].choose(FOREST_FIRE, state, seat, rng)
            assert move in FOREST_FIRE.legal_moves(state, seat)
            FOREST_FIRE.play(state, seat, move)
            moves += 1
        assert moves > 0 and FOREST_FIRE.outcome(state).winners


def test_playout_player_only_plays_where_it_cannot_cheat():
    """Hidden piles, hands and POIs would be visible in the copies it imagines: those games use the
    random player unless they learn to re-deal what a seat can't see (`determinize`)."""
    fair = {game_id for game_id, engine in engines.ALL.items() if PlayoutPlayer.can_play(engine)}
    assert {"forestfire", "firezone"} <= fair
    assert not fair & {"tower", "rescue"}


@pytest.mark.parametrize("game_id", [g for g, e in engines.ALL.items() if hasattr(e, "determinize")])
def test_determinize_deals_again_only_what_the_seat_cannot_see(game_id):
    """What a seat sees is the same in every re-dealt copy; the rest is a fresh deal of the same pieces."""
    engine, rng, player = engines.get(game_id), Rng(5), RandomPlayer()
    changed = 0
    for seed in range(8):
        seats = max(engine.seats)
        options = {"firebreaks": "true"} if game_id == "firezone" else {}
        state = engine.setup(seats, resolve_options(engine, options), seed)
        while engine.outcome(state) is None:
            for viewer in range(seats):
                dumped = engine.dump(state)
                dealt = engine.determinize(dumped, viewer, rng)
                assert engine.dump(state) == dumped  # the real game is untouched
                assert engine.view(engine.load(dealt), viewer) == engine.view(state, viewer)
                changed += dealt != dumped
            seat = engine.to_move(state)[0]
            engine.play(state, seat, player.choose(engine, state, seat, rng))
    assert changed, "nothing hidden was ever dealt again"


def test_playout_player_beats_the_random_player_at_fire_zones():
    engine, wins = engines.get("firezone"), 0
    for seed in range(3):
        state, rng = engine.setup(2, resolve_options(engine, {}), 50 + seed), Rng(seed)
        players = {0: PlayoutPlayer(playouts=4), 1: RandomPlayer()}
        while engine.outcome(state) is None:
            seat = engine.to_move(state)[0]
            engine.play(state, seat, players[seat].choose(engine, state, seat, rng))
        wins += 0 in engine.outcome(state).winners
    assert wins == 3
