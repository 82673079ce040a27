"""The spec's acceptance scenarios F1..F12 (rules/forestfire.md §12), played through the public API."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove
from engines.forestfire import ENGINE
from tests.engines.forestfire.helpers import CHIEF, FIRE, at, burnt, engine, fires, kinds, mk, new, play, vp


def refused(state, seat, move, reason):
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove, match=reason):
        ENGINE.play(state, seat, move)
    assert ENGINE.dump(state) == before


# --- F1 -------------------------------------------------------------------------------------------------

def test_f1_opening_step_a_does_nothing():
    """F1, R4.2, D10: the first Step A changes nothing; the Fire is to move."""
    s = new()
    assert fires(s) == {11: 1} and burnt(s) == [] and vp(s) == 0
    assert at(s, "a") == (1, 0) and at(s, "b") == (1, 0)
    assert engine(s, "a")["alive"] and engine(s, "b")["alive"]
    assert ENGINE.to_move(s) == [FIRE]
    assert ENGINE.legal_moves(s, FIRE) == ["gust", "intensify 11", "grow 11"]


def test_f1a_gust():
    s = new()
    events = play(s, FIRE, "gust")
    assert fires(s) == {8: 1, 9: 1, 10: 1, 11: 1} and vp(s) == 0
    assert events[0].params["squares"] == "10, 9, 8"
    assert ENGINE.to_move(s) == [CHIEF]


def test_f1b_grow():
    s = new()
    play(s, FIRE, "grow 11")
    assert fires(s) == {11: 2}


def test_f1c_intensify_then_puts():
    s = new()
    refused(s, FIRE, "grow 10", "Square 10 has no fire")
    refused(s, FIRE, "intensify 10", "Square 10 has no fire")
    play(s, FIRE, "intensify 11")
    assert burnt(s) == [11] and vp(s) == 1
    assert ENGINE.to_move(s) == [FIRE]
    assert ENGINE.legal_moves(s, FIRE) == ["put 10"]
    assert ENGINE.view(s, None)["placing"]["left"] == 2
    refused(s, FIRE, "put 9", "2 squares from square 11: markers go at most 1 away")
    play(s, FIRE, "put 10", "put 10")
    assert fires(s) == {10: 2} and burnt(s) == [11] and vp(s) == 1
    assert ENGINE.to_move(s) == [CHIEF]


# --- F2 -------------------------------------------------------------------------------------------------

def test_f2_first_chief_turn():
    s = new()
    play(s, FIRE, "gust")
    play(s, CHIEF, "load a 2")
    assert at(s, "a") == (1, 2)
    refused(s, CHIEF, "move a 5", "at most 3 square")
    play(s, CHIEF, "move a 4")
    assert at(s, "a") == (4, 2)
    play(s, CHIEF, "load b 5")
    assert at(s, "b") == (1, 5)
    refused(s, CHIEF, "move b 2", "full .*cannot move")
    refused(s, CHIEF, "spray b 3", "Square 3 has no fire")
    events = play(s, CHIEF, "done b")
    # Next Fire Step A: a on 4 and b on 1 stand on no fire.
    assert "engine.destroyed" not in kinds(events)
    assert engine(s, "a")["alive"] and engine(s, "b")["alive"]
    assert ENGINE.to_move(s) == [FIRE] and ENGINE.view(s, None)["round"] == 2


# --- F3 -------------------------------------------------------------------------------------------------

def test_f3_spraying_and_dice():
    s = mk(fire={6: 1, 7: 2, 8: 1, 9: 1}, a=(6, 3), phase="chief", stack=[2, 5])
    refused(s, CHIEF, "spray a 9", "3 squares from engine a: sprays reach at most 2")
    events = play(s, CHIEF, "spray a 6")
    assert events[0].kind == "engine.spray_auto" and "roll" not in events[0].params
    assert fires(s) == {7: 2, 8: 1, 9: 1} and at(s, "a") == (6, 2)
    refused(s, CHIEF, "move a 4", "sprayed this turn: it can no longer move")
    events = play(s, CHIEF, "spray a 7")
    assert events[0].kind == "engine.spray_miss"
    assert events[0].params == {"engine": "a", "square": 7, "distance": 1, "water": 1, "need": 3, "roll": 2}
    assert at(s, "a") == (6, 1) and fires(s) == {7: 2, 8: 1, 9: 1}
    refused(s, CHIEF, "spray a 9", "sprays reach at most 2")
    events = play(s, CHIEF, "spray a 8")
    assert events[0].kind == "engine.spray_hit" and events[0].params["roll"] == 5
    assert fires(s) == {7: 2, 9: 1} and at(s, "a") == (6, 0)
    assert engine(s, "a")["action"] == "done"  # no water left: the action completed by itself
    refused(s, CHIEF, "spray a 7", "completed its action")


# --- F4 -------------------------------------------------------------------------------------------------

def test_f4_engine_destroyed():
    s = mk(fire={7: 1}, burnt=[5, 10, 11], a=(5, 0), b=(7, 2), phase="chief")
    assert vp(s) == 3
    events = play(s, CHIEF, "end")
    assert "engine.destroyed" in kinds(events)
    assert not engine(s, "b")["alive"] and engine(s, "a")["alive"]
    assert vp(s) == 8
    assert ENGINE.outcome(s) is None and ENGINE.to_move(s) == [FIRE]


def test_f4_both_engines_destroyed_total_victory():
    s = mk(fire={6: 1, 7: 1}, burnt=[5, 10, 11], a=(6, 0), b=(7, 2), phase="chief")
    events = play(s, CHIEF, "end")
    assert kinds(events).count("engine.destroyed") == 2
    assert vp(s) == 13
    result = ENGINE.outcome(s)
    assert result.kind == "outcome.total" and result.winners == (FIRE,)
    assert ENGINE.to_move(s) == [] and ENGINE.legal_moves(s, FIRE) == []


# --- F5 -------------------------------------------------------------------------------------------------

def test_f5_burnout_then_gust_over_burnt_square():
    s = mk(fire={9: 5, 10: 1})
    events = play(s, FIRE, "grow 9")
    assert "fire.burnout" in kinds(events)
    assert fires(s) == {10: 1} and burnt(s) == [9] and vp(s) == 1
    play(s, CHIEF, "end")
    play(s, FIRE, "gust")
    assert fires(s) == {7: 1, 8: 1, 10: 1}


# --- F6 -------------------------------------------------------------------------------------------------

def test_f6_intensify_with_burnt_squares_in_range():
    s = mk(fire={8: 3, 10: 1}, burnt=[6])
    assert vp(s) == 1
    play(s, FIRE, "intensify 8")
    assert vp(s) == 2
    assert ENGINE.legal_moves(s, FIRE) == ["put 5", "put 7", "put 9", "put 10", "put 11"]
    refused(s, FIRE, "put 4", "4 squares from square 8")
    refused(s, FIRE, "put 6", "Square 6 is burnt out")
    play(s, FIRE, "put 7", "put 7", "put 7", "put 5", "put 10")
    assert ENGINE.to_move(s) == [FIRE]
    events = play(s, FIRE, "put 10")
    assert fires(s) == {5: 1, 7: 3, 10: 3} and burnt(s) == [6, 8] and vp(s) == 2
    assert "fire.burnout" not in kinds(events)  # Step C: nothing reaches 6
    assert ENGINE.to_move(s) == [CHIEF]


# --- F7 -------------------------------------------------------------------------------------------------

def test_f7a_gust_reaches_the_town():
    s = mk(fire={3: 2})
    play(s, FIRE, "gust")
    assert fires(s) == {1: 1, 2: 1, 3: 2}


def test_f7b_gust_illegal_when_fire_in_town():
    s = mk(fire={1: 1, 5: 2})
    assert "gust" not in ENGINE.legal_moves(s, FIRE)
    refused(s, FIRE, "gust", "A gust would place nothing")


def test_f7c_gust_skips_burnt_square_without_extending():
    s = mk(fire={6: 1}, burnt=[4])
    play(s, FIRE, "gust")
    assert fires(s) == {3: 1, 5: 1, 6: 1}


# --- F8 -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("move", ["intensify 1", "intensify 1 2 2 3 3"])
def test_f8_burning_the_town(move):
    s = mk(fire={1: 2, 3: 1}, burnt=[8, 9])
    assert vp(s) == 2
    events = play(s, FIRE, move)
    assert "town.burnt" in kinds(events) and "fire.put" not in kinds(events)
    assert vp(s) == 12 and fires(s) == {3: 1}
    result = ENGINE.outcome(s)
    assert result.kind == "outcome.total" and result.winners == (FIRE,)
    assert result.params["town"] == 10 and result.params["reason"] == "vp"


# --- F9 -------------------------------------------------------------------------------------------------

def test_f9a_fire_out_marginal_victory():
    s = mk(fire={4: 1}, burnt=[8, 9, 10], a=(4, 1), b=None, phase="chief")
    assert vp(s) == 8
    events = play(s, CHIEF, "spray a 4")
    assert kinds(events) == ["engine.spray_auto", "game.out"]
    result = ENGINE.outcome(s)
    assert result.kind == "outcome.marginal" and result.winners == (FIRE,) and result.params["vp"] == 8


def test_f9b_fire_out_chief_wins():
    s = mk(fire={4: 1}, burnt=[9, 10], a=(4, 1), b=None, phase="chief")
    assert vp(s) == 7
    play(s, CHIEF, "spray a 4")
    result = ENGINE.outcome(s)
    assert result.kind == "outcome.chief" and result.winners == (CHIEF,)


def test_f9c_fire_out_before_second_engine_acts():
    s = mk(fire={4: 1}, burnt=[8, 9, 10], a=(4, 1), b=(1, 0), phase="chief")
    assert vp(s) == 3
    play(s, CHIEF, "spray a 4")
    result = ENGINE.outcome(s)
    assert result.kind == "outcome.chief" and result.winners == (CHIEF,)
    assert ENGINE.to_move(s) == [] and ENGINE.legal_moves(s, CHIEF) == []
    refused(s, CHIEF, "load b 1", "The game is over")


# --- F10 ------------------------------------------------------------------------------------------------

def test_f10_load_only_in_town():
    s = mk(fire={9: 1}, a=(2, 0), phase="chief")
    refused(s, CHIEF, "load a 1", "on square 2: water is loaded only in the town")


def test_f10_load_capacity():
    s = mk(fire={9: 1}, b=(1, 3), phase="chief")
    refused(s, CHIEF, "load b 3", "at most 2 more")
    play(s, CHIEF, "load b 2")
    assert at(s, "b") == (1, 5)


def test_f10_one_load_per_action():
    s = mk(fire={9: 1}, b=(1, 3), phase="chief")
    play(s, CHIEF, "load b 1")
    assert at(s, "b") == (1, 4)
    refused(s, CHIEF, "load b 1", "one load per action")


def test_f10_load_then_spray_from_town():
    s = mk(fire={2: 1, 3: 2}, b=(1, 0), phase="chief", stack=[5])
    play(s, CHIEF, "load b 5")
    assert "spray b 3" in ENGINE.legal_moves(s, CHIEF)
    events = play(s, CHIEF, "spray b 3")
    assert events[0].kind == "engine.spray_hit" and events[0].params["need"] == 5
    assert fires(s) == {2: 1, 3: 1} and at(s, "b") == (1, 4)


# --- F11 ------------------------------------------------------------------------------------------------

def test_f11_engine_order():
    s = mk(fire={9: 1}, phase="chief")
    play(s, CHIEF, "load a 2")
    events = play(s, CHIEF, "move b 5")
    assert at(s, "b") == (5, 0) and at(s, "a") == (1, 2)
    # Both actions are complete, so the turn ended by itself and the Fire moves.
    assert "turn.fire" in kinds(events) and ENGINE.to_move(s) == [FIRE]
    refused(s, CHIEF, "move a 3", "not your turn")


def test_f11_left_action_cannot_resume():
    """F11, D9: naming the other engine completes the first engine's action."""
    s = mk(fire={9: 1}, phase="chief")
    play(s, CHIEF, "load a 2", "load b 1")
    assert engine(s, "a")["action"] == "done" and engine(s, "b")["action"] == "acting"
    refused(s, CHIEF, "move a 3", "Engine a has completed its action")


# --- F12 ------------------------------------------------------------------------------------------------

def test_f12_intensify_with_nowhere_to_place():
    s = mk(fire={11: 1}, burnt=[5, 10], a=None)
    assert vp(s) == 7
    refused(s, FIRE, "intensify 11 10 10", "No square can take the markers")
    events = play(s, FIRE, "intensify 11")
    assert kinds(events) == ["fire.intensify", "fire.intensified", "fire.discarded", "game.out"]
    assert vp(s) == 8 and fires(s) == {}
    result = ENGINE.outcome(s)
    assert result.kind == "outcome.marginal" and result.winners == (FIRE,)
