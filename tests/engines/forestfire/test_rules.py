"""Rules R2.1..R11.1 and decisions D1..D13 of rules/forestfire.md, one or more tests each."""

from __future__ import annotations

import json
import re

import pytest

from engines.core import IllegalMove, InvalidOption, Rng, event_text, resolve_options
from engines.forestfire import ENGINE, expand
from tests.engines.forestfire.helpers import CHIEF, FIRE, at, burnt, engine, fires, kinds, mk, new, play, vp

# --- components and geometry ----------------------------------------------------------------------------


def test_r2_1_path_of_eleven_squares_town_first():
    squares = ENGINE.view(new(), None)["squares"]
    assert [sq["square"] for sq in squares] == list(range(1, 12))
    assert [sq["town"] for sq in squares] == [True] + [False] * 10


def test_r2_2_one_fire_marker_on_11_unlimited_supply():
    """R2.2, D6: the supply is unlimited by default: growing never runs out."""
    s = new()
    assert fires(s) == {11: 1}
    assert ENGINE.view(s, None)["fire_supply"] == "unlimited"
    s = mk(fire={i: 5 for i in range(5, 12)})  # 35 markers on the path
    play(s, FIRE, "gust")
    assert fires(s) == {2: 1, 3: 1, 4: 1, **{i: 5 for i in range(5, 12)}}


def test_r2_3_a_square_burns_out_only_once():
    s = mk(fire={5: 1, 6: 1}, burnt=[7])
    play(s, FIRE, "intensify 6", "put 5", "put 5")
    assert burnt(s) == [6, 7]
    refused_reason = _refusal(mk(fire={5: 1}, burnt=[6]), FIRE, "grow 6")
    assert "no fire" in refused_reason


def test_r2_4_engines_start_in_town_empty():
    s = new()
    for name in ("a", "b"):
        assert engine(s, name)["pos"] == 1 and engine(s, name)["water"] == 0 and engine(s, name)["alive"]


def test_r2_5_water_between_0_and_5():
    s = mk(fire={9: 1}, a=(1, 4), phase="chief")
    assert [m for m in ENGINE.legal_moves(s, CHIEF) if m.startswith("load a")] == ["load a 1"]
    assert "at most 1 more" in _refusal(s, CHIEF, "load a 2")


def test_r2_6_d6_rolls_from_the_seeded_rng():
    rolls = []
    for seed in range(40):
        s = mk(fire={3: 5}, a=(2, 5), phase="chief", rng=Rng(seed).dump())
        events = play(s, CHIEF, "spray a 3")
        rolls.append(events[0].params["roll"])
        again = mk(fire={3: 5}, a=(2, 5), phase="chief", rng=Rng(seed).dump())
        assert play(again, CHIEF, "spray a 3")[0].params["roll"] == rolls[-1]
    assert set(rolls) == {1, 2, 3, 4, 5, 6}


def test_r3_1_r3_2_distance_in_both_directions():
    """R3.1 linear path, R3.2 distance |i - j| in both directions for moves and sprays."""
    s = mk(fire={3: 1, 7: 1}, a=(5, 0), b=(5, 3), phase="chief", stack=[6, 6])
    moves = ENGINE.legal_moves(s, CHIEF)
    assert "move a 1" in moves and "move a 10" in moves and "move a 11" not in moves
    assert "spray b 3" in moves and "spray b 7" in moves
    play(s, CHIEF, "spray b 3", "spray b 7")
    assert fires(s) == {}


def test_r3_3_burnt_squares_hold_no_fire_and_do_not_block():
    s = mk(fire={9: 1}, burnt=[2, 3, 4], a=(1, 0), phase="chief")
    play(s, CHIEF, "move a 4")
    assert at(s, "a") == (4, 0)
    play(s, CHIEF, "move b 5")
    assert at(s, "b") == (5, 0)
    squares = ENGINE.view(s, None)["squares"]
    assert all(sq["fire"] == 0 for sq in squares if sq["burnt"])


def test_r3_4_engine_state_in_view():
    a = ENGINE.view(mk(fire={9: 1}, a=(3, 2)), None)["engines"]["a"]
    assert (a["pos"], a["water"], a["alive"]) == (3, 2, True)


def test_r3_5_square_and_engine_ids():
    s = mk(fire={9: 1}, phase="chief")
    for move in ENGINE.legal_moves(s, CHIEF):
        assert re.fullmatch(r"(load|move|spray) [ab] \d+|done [ab]|end", move), move
    assert "not a fire engine" in _refusal(s, CHIEF, "move c 3")
    assert "not a square" in _refusal(s, CHIEF, "move a x")


# --- setup ----------------------------------------------------------------------------------------------


def test_r4_1_roles_fixed_or_random():
    assert ENGINE.view(new(roles="fixed"), None)["seats"] == ["Fire", "Chief"]
    fire_seats = set()
    for seed in range(30):
        s = new(seed, roles="random")
        seats = ENGINE.view(s, None)["seats"]
        fire_seat = seats.index("Fire")
        fire_seats.add(fire_seat)
        assert ENGINE.to_move(s) == [fire_seat]  # R4.3 the Fire starts
        assert ENGINE.view(s, None)["roles"] == {"fire": fire_seat, "chief": 1 - fire_seat}
    assert fire_seats == {0, 1}
    with pytest.raises(InvalidOption):
        resolve_options(ENGINE, {"roles": "chief"})


def test_r4_1_random_roles_chief_in_seat_0():
    for seed in range(30):
        s = new(seed, roles="random")
        if ENGINE.to_move(s) == [1]:
            break
    play(s, 1, "gust")
    assert ENGINE.to_move(s) == [0]
    assert ENGINE.legal_moves(s, 1) == [] and "end" in ENGINE.legal_moves(s, 0)
    play(s, 0, "end")
    assert ENGINE.to_move(s) == [1]
    s2 = mk(fire={4: 1}, burnt=[9, 10], a=(4, 1), b=None, phase="chief", fire_seat=1)
    play(s2, 0, "spray a 4")
    assert ENGINE.outcome(s2).winners == (0,)  # the Chief, in seat 0, wins


def test_r4_2_start_position():
    assert ENGINE.dump(new())["fire"] == {"11": 1}
    assert vp(new()) == 0 and burnt(new()) == []


def test_r4_3_fire_first_then_alternate_rounds():
    s = new()
    view = ENGINE.view(s, None)
    assert view["turn"] == "fire" and view["round"] == 1
    play(s, FIRE, "grow 11")
    assert ENGINE.view(s, None)["turn"] == "chief" and ENGINE.view(s, None)["round"] == 1
    play(s, CHIEF, "end")
    assert ENGINE.view(s, None)["turn"] == "fire" and ENGINE.view(s, None)["round"] == 2


# --- turn structure -------------------------------------------------------------------------------------


def test_r5_1_step_a_destroys_engine_on_fire_and_its_water():
    s = mk(fire={7: 1, 9: 1}, a=(7, 3), phase="chief")
    events = play(s, CHIEF, "end")
    assert kinds(events) == ["chief.end", "turn.fire", "engine.destroyed"]
    assert events[-1].params == {"engine": "a", "square": 7, "vp": 5}
    assert engine(s, "a")["alive"] is False and engine(s, "a")["water"] == 0
    assert engine(s, "a")["action"] == "destroyed"
    assert "Engine a was destroyed" in _refusal(mk(fire={7: 1}, a=None, phase="chief"), CHIEF, "move a 2")


def test_r5_2_one_action_then_the_chief():
    s = new()
    play(s, FIRE, "grow 11")
    assert ENGINE.to_move(s) == [CHIEF]
    assert "not your turn" in _refusal(s, FIRE, "grow 11")


def test_r5_3_step_c_burns_several_squares_at_once():
    s = mk(fire={5: 5, 6: 1, 7: 5})
    events = play(s, FIRE, "intensify 6", "put 5", "put 7")
    assert kinds(events).count("fire.burnout") == 2
    assert burnt(s) == [5, 6, 7] and vp(s) == 3
    assert ENGINE.outcome(s).kind == "outcome.chief"  # and then R8.2: the path is empty


def test_r5_4_chief_chooses_engine_order():
    s = mk(fire={9: 1}, phase="chief")
    play(s, CHIEF, "move b 3")
    assert engine(s, "b")["action"] == "done" and engine(s, "a")["action"] == "ready"
    play(s, CHIEF, "move a 2")
    assert ENGINE.to_move(s) == [FIRE]


def test_r5_5_end_completes_every_action():
    s = mk(fire={9: 1}, phase="chief")
    play(s, CHIEF, "load a 3")
    events = play(s, CHIEF, "end")
    assert kinds(events)[:2] == ["chief.end", "turn.fire"]
    assert at(s, "a") == (1, 3) and ENGINE.to_move(s) == [FIRE]


def test_r5_5_turn_ends_when_last_living_engine_is_done():
    s = mk(fire={9: 1}, a=None, phase="chief")
    assert ENGINE.legal_moves(s, CHIEF)[-2:] == ["done b", "end"]
    play(s, CHIEF, "done b")
    assert ENGINE.to_move(s) == [FIRE]


# --- actions --------------------------------------------------------------------------------------------


def test_r6_1_gust_three_squares_left_of_leftmost_fire():
    s = mk(fire={8: 2, 11: 3})
    play(s, FIRE, "gust")
    assert fires(s) == {5: 1, 6: 1, 7: 1, 8: 2, 11: 3}


def test_r6_1_gust_not_offered_without_targets():
    s = mk(fire={4: 1}, burnt=[1, 2, 3])
    assert ENGINE.legal_moves(s, FIRE) == ["intensify 4", "grow 4"]


def test_r6_2_grow_always_available():
    s = mk(fire={2: 1, 6: 3})
    moves = ENGINE.legal_moves(s, FIRE)
    assert "grow 2" in moves and "grow 6" in moves
    play(s, FIRE, "grow 6")
    assert fires(s) == {2: 1, 6: 4}


def test_r6_3_intensify_both_directions_repeats_on_engines_and_town():
    s = mk(fire={3: 2}, a=(4, 0))
    play(s, FIRE, "intensify 3")
    assert ENGINE.legal_moves(s, FIRE) == ["put 1", "put 2", "put 4", "put 5"]
    play(s, FIRE, "put 1", "put 4", "put 4", "put 5")
    assert fires(s) == {1: 1, 4: 2, 5: 1}


def test_r6_3_shortcut_lists_exactly_2k_eligible_targets():
    s = mk(fire={8: 3})
    assert "list exactly 6 targets (you listed 5)" in _refusal(s, FIRE, "intensify 8 7 7 9 9 10")
    assert "4 squares from square 8" in _refusal(s, FIRE, "intensify 8 7 7 9 9 10 4")
    play(s, FIRE, "intensify 8 7 7 9 9 10 5")
    assert fires(s) == {5: 1, 7: 2, 9: 2, 10: 1} and ENGINE.to_move(s) == [CHIEF]


def test_r6_3_shortcut_targets_ignored_when_the_burn_ends_the_game():
    """R6.3, R8.1: a shortcut whose burn reaches 10 VP ignores its listed targets, whatever they are."""
    for move in ("intensify 1 2 2 3 3", "intensify 1 13 x", "intensify 1 2"):
        s = mk(fire={1: 2, 3: 1}, burnt=[8, 9])
        events = play(s, FIRE, move)
        assert "fire.put" not in kinds(events) and fires(s) == {3: 1}
        assert ENGINE.outcome(s).kind == "outcome.total"
    # A burn that does not end the game still checks every target.
    assert "There is no square 13" in _refusal(mk(fire={3: 1}), FIRE, "intensify 3 13 2")


def test_r6_4_move_completes_action_and_allowance_counts_loaded_water():
    s = mk(fire={9: 1}, phase="chief")
    play(s, CHIEF, "load a 1")
    assert [m for m in ENGINE.legal_moves(s, CHIEF) if m.startswith("move a")] == [
        "move a 2", "move a 3", "move a 4", "move a 5"]
    play(s, CHIEF, "move a 5")
    assert engine(s, "a")["action"] == "done"


def test_r6_4_spray_stops_when_no_fire_in_reach():
    s = mk(fire={5: 2, 9: 1}, a=(5, 4), phase="chief")
    play(s, CHIEF, "spray a 5")
    assert engine(s, "a")["action"] == "acting"
    play(s, CHIEF, "spray a 5")
    assert engine(s, "a")["action"] == "done" and at(s, "a") == (5, 2)


def test_r6_4_done_after_load_alone():
    s = mk(fire={9: 1}, phase="chief")
    play(s, CHIEF, "load a 5", "done a")
    assert engine(s, "a")["action"] == "done" and at(s, "a") == (1, 5)


def test_r6_5_end_with_nothing_done():
    s = mk(fire={9: 1}, a=(3, 2), b=(4, 1), phase="chief")
    play(s, CHIEF, "end")
    assert at(s, "a") == (3, 2) and at(s, "b") == (4, 1) and ENGINE.to_move(s) == [FIRE]


def test_r6_6_fire_on_engine_square_harmless_during_chief_turn():
    """R6.6, D10: an engine standing in fire can still act and leave; only Step A destroys it."""
    s = mk(fire={6: 2}, a=(6, 0), b=(1, 0), phase="chief")
    play(s, CHIEF, "move b 6")  # b drives into the fire and survives the Chief's turn
    assert engine(s, "b")["alive"]
    events = play(s, CHIEF, "move a 2")  # a leaves the fire
    assert kinds(events).count("engine.destroyed") == 1
    assert engine(s, "a")["alive"] and not engine(s, "b")["alive"]


# --- victory points, randomness, information --------------------------------------------------------------


def test_r7_1_vp_breakdown_and_town_worth_10_instead_of_1():
    """R7.1, D4."""
    s = mk(fire={6: 1}, burnt=[2, 3], a=None)
    assert ENGINE.view(s, None)["vp"] == {"total": 7, "burnt_squares": 2, "town": 0, "engines": 5}
    s = mk(fire={6: 1}, burnt=[1, 2])
    assert ENGINE.view(s, None)["vp"] == {"total": 11, "burnt_squares": 1, "town": 10, "engines": 0}


def test_r7_2_roll_logged_publicly():
    s = mk(fire={3: 1}, a=(1, 2), phase="chief", stack=[4])
    events = play(s, CHIEF, "spray a 3")
    assert events[0].to is None
    assert events[0].params == {"engine": "a", "square": 3, "distance": 2, "water": 1, "need": 5, "roll": 4}
    text = event_text("forestfire", events[0].kind, events[0].params)
    assert "rolls 4" in text and "needs 5+" in text and "miss" in text


def test_r7_3_no_hidden_information():
    s = mk(fire={3: 1}, phase="put", placing={"square": 5, "k": 2, "left": 3}, burnt=[5])
    public = ENGINE.view(s, None)
    for seat in (0, 1):
        seat_view = ENGINE.view(s, seat)
        assert seat_view["viewer"] == seat
        assert {**seat_view, "viewer": None} == public
    assert public["placing"]["left"] == 3
    # The Rng (future rolls) is the only unseen part of the state: it never reaches the view.
    other = ENGINE.load({**ENGINE.dump(s), "rng": Rng(999, [6, 6]).dump()})
    assert ENGINE.view(other, None) == public
    json.dumps(public)


# --- end of game ----------------------------------------------------------------------------------------


def test_r8_1_total_victory_at_step_c():
    s = mk(fire={5: 5, 7: 1}, burnt=[2, 3, 4, 8], a=None)
    assert vp(s) == 9
    events = play(s, FIRE, "grow 5")
    assert kinds(events)[-2:] == ["fire.burnout", "game.vp"]
    assert ENGINE.outcome(s).kind == "outcome.total" and vp(s) == 10


def test_r8_1_total_victory_at_intensify_burn():
    s = mk(fire={6: 2}, burnt=[2, 3, 4, 5], a=None)
    assert vp(s) == 9
    events = play(s, FIRE, "intensify 6")
    assert kinds(events) == ["fire.intensify", "fire.intensified", "game.vp"]
    assert ENGINE.outcome(s).kind == "outcome.total" and fires(s) == {}


def test_r8_2_fire_out_after_step_c():
    s = mk(fire={6: 5}, burnt=[2])
    play(s, FIRE, "grow 6")
    assert fires(s) == {} and ENGINE.outcome(s).kind == "outcome.chief"
    assert ENGINE.outcome(s).params["reason"] == "out"


def test_r8_2_not_checked_between_burn_and_puts():
    s = mk(fire={6: 1})
    play(s, FIRE, "intensify 6")
    assert fires(s) == {} and ENGINE.outcome(s) is None and ENGINE.to_move(s) == [FIRE]


def test_r8_3_round_limit():
    """R8.3, D8: the game is judged after max_rounds rounds."""
    s = new(max_rounds=10)
    play(s, FIRE, "gust")
    play(s, CHIEF, "end")
    for square in (8, 9, 10, 11, 8, 9, 10, 11):
        play(s, FIRE, f"grow {square}")
        play(s, CHIEF, "end")
    assert ENGINE.outcome(s) is None and ENGINE.view(s, None)["round"] == 10
    play(s, FIRE, "gust")
    events = play(s, CHIEF, "end")
    assert kinds(events) == ["chief.end", "game.rounds"]
    result = ENGINE.outcome(s)
    assert result.kind == "outcome.chief" and result.params["rounds"] == 10
    assert result.params["reason"] == "rounds"
    with pytest.raises(InvalidOption):
        resolve_options(ENGINE, {"max_rounds": 9})


def test_r8_4_result_record():
    s = mk(fire={4: 1}, burnt=[8, 9, 10], a=(4, 1), b=None, phase="chief", round=17)
    play(s, CHIEF, "spray a 4")
    params = ENGINE.outcome(s).params
    assert params == {
        "tier": "marginal", "reason": "out", "winner_role": "fire", "winner": FIRE, "fire_seat": FIRE,
        "chief_seat": CHIEF, "vp": 8, "burnt_squares": 3, "town": 0, "engines": 5, "engines_destroyed": 1,
        "rounds": 17,
    }
    dumped = ENGINE.outcome(s).dump()
    assert json.loads(json.dumps(dumped))["winners"] == [FIRE]
    assert ENGINE.view(s, None)["outcome"] == dumped


# --- options (§9) ---------------------------------------------------------------------------------------


def test_fire_supply_option_limits_markers():
    """§9, D6: a finite supply caps gusts, grows and intensifies; removed markers come back."""
    assert resolve_options(ENGINE, {"fire_supply": "12"})["fire_supply"] == 12
    assert resolve_options(ENGINE, {"fire_supply": "Unlimited"})["fire_supply"] == "unlimited"
    for bad in ("0", "lots", -3):
        with pytest.raises(InvalidOption):
            resolve_options(ENGINE, {"fire_supply": bad})
    s = mk(fire={9: 3}, fire_supply=5)
    assert ENGINE.view(s, None)["supply_left"] == 2
    play(s, FIRE, "gust")  # only 2 markers left: 8 and 7 get one, 6 nothing
    assert fires(s) == {7: 1, 8: 1, 9: 3}
    play(s, CHIEF, "end")
    events = play(s, FIRE, "grow 9")
    assert kinds(events)[0] == "fire.grow_empty" and fires(s)[9] == 3
    play(s, CHIEF, "end")
    assert kinds(play(s, FIRE, "gust"))[0] == "fire.gust_empty"  # legal, but the supply is empty
    play(s, CHIEF, "end")
    play(s, FIRE, "intensify 9")  # 3 markers come back, so min(6, 3) = 3 are placed
    assert ENGINE.view(s, None)["placing"]["left"] == 3
    assert "list exactly 3 targets" in _refusal(
        mk(fire={9: 3, 7: 1, 8: 1}, fire_supply=5), FIRE, "intensify 9 10 10 10 10 10 10")


# --- notation -------------------------------------------------------------------------------------------


def test_r11_1_shortcut_recorded_like_step_by_step():
    one = mk(fire={8: 3, 10: 1}, burnt=[6])
    two = mk(fire={8: 3, 10: 1}, burnt=[6])
    events_one = play(one, FIRE, "intensify 8 7 7 7 5 10 10")
    steps = expand("intensify 8 7 7 7 5 10 10")
    assert steps == ["intensify 8", "put 7", "put 7", "put 7", "put 5", "put 10", "put 10"]
    events_two = play(two, FIRE, *steps)
    assert ENGINE.dump(one) == ENGINE.dump(two)
    assert [e.dump() for e in events_one] == [e.dump() for e in events_two]
    assert expand("  Grow   7 ") == ["grow 7"]


def test_r11_1_log_form_canonical_and_only_markers_placed():
    """R11.1: the log form uses plain numbers and, given the events, lists only the markers placed."""
    assert ENGINE.log_form("grow 08") == ["grow 8"]
    assert ENGINE.log_form("load a 03") == ["load a 3"]
    assert ENGINE.log_form("Intensify 011 010 10") == ["intensify 11", "put 10", "put 10"]
    s = mk(fire={8: 3, 10: 1}, burnt=[6])
    events = ENGINE.play(s, FIRE, "intensify 8 7 7 7 5 10 10")
    assert ENGINE.log_form("intensify 8 7 7 7 5 10 10", events) == [
        "intensify 8", "put 7", "put 7", "put 7", "put 5", "put 10", "put 10"]
    # The burn ends the game (R8.1): no marker is placed, so the log holds the intensify alone and replays.
    s = mk(fire={1: 2, 3: 1}, burnt=[8, 9])
    events = ENGINE.play(s, FIRE, "intensify 1 2 2 3 3")
    steps = ENGINE.log_form("intensify 1 2 2 3 3", events)
    assert steps == ["intensify 1"]
    replay = mk(fire={1: 2, 3: 1}, burnt=[8, 9])
    play(replay, FIRE, *steps)
    assert ENGINE.dump(replay) == ENGINE.dump(s)
    # Step by step, `intensify <sq>` alone places nothing yet and is logged as it is.
    s = mk(fire={8: 3})
    assert ENGINE.log_form("intensify 8", ENGINE.play(s, FIRE, "intensify 8")) == ["intensify 8"]


def test_r11_1_legal_moves_canonical_and_all_accepted():
    states = [new(), mk(fire={3: 2, 5: 1}, a=(4, 2), b=(1, 0), phase="chief"),
              mk(fire={8: 3}, burnt=[9], phase="put", placing={"square": 7, "k": 2, "left": 2})]
    for s in states:
        seat = ENGINE.to_move(s)[0]
        moves = ENGINE.legal_moves(s, seat)
        assert len(moves) == len(set(moves))
        for move in moves:
            assert move == " ".join(move.split()) and move == move.lower()
            copy = ENGINE.load(ENGINE.dump(s))
            ENGINE.play(copy, seat, move)


# --- decisions ------------------------------------------------------------------------------------------


def test_d1_gust_skips_and_does_not_extend():
    s = mk(fire={7: 1}, burnt=[5, 6])
    play(s, FIRE, "gust")
    assert fires(s) == {4: 1, 7: 1}


def test_d2_leftmost_fire_ignores_burnt_squares_beyond():
    s = mk(fire={4: 1, 9: 2}, burnt=[6, 7])
    play(s, FIRE, "gust")
    assert fires(s) == {1: 1, 2: 1, 3: 1, 4: 1, 9: 2}


def test_d3_intensify_range_excludes_chosen_square():
    s = mk(fire={6: 2})
    play(s, FIRE, "intensify 6")
    assert "put 6" not in ENGINE.legal_moves(s, FIRE)
    assert "has just burnt out" in _refusal(s, FIRE, "put 6")


def test_d4_town_burns_at_six_in_step_c():
    s = mk(fire={1: 5, 4: 1})
    events = play(s, FIRE, "grow 1")
    assert "town.burnt" in kinds(events)
    assert ENGINE.outcome(s).kind == "outcome.total" and ENGINE.outcome(s).params["town"] == 10


def test_d5_load_then_move_allowance_after_loading():
    s = mk(fire={9: 1}, phase="chief")
    play(s, CHIEF, "load b 4")
    assert "at most 1 square" in _refusal(s, CHIEF, "move b 3")
    play(s, CHIEF, "move b 2")
    assert at(s, "b") == (2, 4)


def test_d6_unlimited_markers():
    s = mk(fire={i: 5 for i in range(2, 12)})
    play(s, FIRE, "intensify 6")
    assert ENGINE.view(s, None)["placing"]["left"] == 10 and ENGINE.view(s, None)["supply_left"] is None


def test_d7_spray_offered_only_with_water_and_fire_in_reach():
    s = mk(fire={6: 1}, a=(3, 0), b=(3, 2), phase="chief")
    assert not [m for m in ENGINE.legal_moves(s, CHIEF) if m.startswith("spray")]
    s = mk(fire={5: 1}, a=(3, 0), b=(3, 2), phase="chief")
    sprays = [m for m in ENGINE.legal_moves(s, CHIEF) if m.startswith("spray")]
    assert sprays == ["spray b 5"]


def test_d8_max_rounds_default_100():
    assert resolve_options(ENGINE, {})["max_rounds"] == 100
    assert ENGINE.view(new(), None)["max_rounds"] == 100


def test_d9_action_once_left_is_complete():
    s = mk(fire={5: 3}, a=(4, 3), b=(1, 0), phase="chief", stack=[6])
    play(s, CHIEF, "spray a 5", "load b 2")
    assert engine(s, "a")["action"] == "done"
    assert "completed its action" in _refusal(s, CHIEF, "spray a 5")
    assert "completed its action" in _refusal(s, CHIEF, "done a")


def test_d10_engines_checked_only_at_fire_turn_start():
    s = mk(fire={6: 1}, a=(6, 0), phase="chief")
    assert engine(s, "a")["alive"]
    play(s, CHIEF, "done a")
    assert engine(s, "a")["alive"]  # still the Chief's turn
    play(s, CHIEF, "done b")
    assert not engine(s, "a")["alive"]


def test_d11_marginal_victory_is_a_chief_loss():
    s = mk(fire={4: 1}, burnt=[2, 3, 5], a=(4, 1), b=None, phase="chief")
    play(s, CHIEF, "spray a 4")
    result = ENGINE.outcome(s)
    assert result.kind == "outcome.marginal" and CHIEF not in result.winners


def test_d12_fire_out_is_immediate_mid_chief_turn():
    s = mk(fire={4: 1}, a=(4, 1), b=(1, 0), phase="chief")
    play(s, CHIEF, "spray a 4")
    assert ENGINE.outcome(s) is not None and ENGINE.legal_moves(s, CHIEF) == []
    assert engine(s, "b")["pos"] == 1


def test_d13_exactly_one_winner():
    for tier_state in (
        mk(fire={4: 1}, burnt=[2], a=(4, 1), phase="chief"),
        mk(fire={4: 1}, burnt=[2, 3, 5], a=(4, 1), b=None, phase="chief"),
    ):
        play(tier_state, CHIEF, "spray a 4")
        assert len(ENGINE.outcome(tier_state).winners) == 1


def _refusal(state, seat, move) -> str:
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(state, seat, move)
    assert ENGINE.dump(state) == before
    return caught.value.reason
