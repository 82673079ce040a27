"""S16 and every other class of illegal move: refused with a specific reason, state exactly unchanged."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove, resolve_options
from engines.rescue import ENGINE
from tests.engines.rescue.helpers import FAR_AWAY, scenario


def refused(state, seat, move, *fragments):
    before = ENGINE.dump(state)
    with pytest.raises(IllegalMove) as info:
        ENGINE.play(state, seat, move)
    assert ENGINE.dump(state) == before, move
    reason = info.value.reason
    for fragment in fragments:
        assert fragment in reason, (move, reason)
    assert move not in ENGINE.legal_moves(state, seat)
    return reason


# --- S16 table (family rows) -------------------------------------------------------------------


def test_s16_move_through_closed_door_r3_6():
    st = scenario(firefighters={"red": "13"}, facedown=FAR_AWAY)
    refused(st, 0, "move e", "door between 13 and 14 is closed")


def test_s16_move_through_wall_r3_6():
    st = scenario(firefighters={"red": "33"}, facedown=FAR_AWAY)
    refused(st, 0, "move n", "wall", "33", "23")
    st = scenario(firefighters={"red": "33"}, edges={"23-33": "damaged"}, facedown=FAR_AWAY)
    refused(st, 0, "move n", "damaged")


def test_s16_carry_into_fire_r6_1_4():
    st = scenario(firefighters={"red": "33"}, victims={"33": 1}, fire=("34",), facedown=FAR_AWAY)
    refused(st, 0, "move e carry", "cannot carry a victim into fire")


def test_s16_no_ap_left_for_escape_r5_5():
    st = scenario(firefighters={"red": "44"}, ap=2, fire=("45",), facedown=FAR_AWAY)
    refused(st, 0, "move e", "no AP left to get out")
    st = scenario(firefighters={"red": "44"}, ap=3, fire=("45",), facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move e")


def test_s16_chop_destroyed_wall_r6_3_1():
    st = scenario(firefighters={"red": "33"}, edges={"23-33": "destroyed"}, facedown=FAR_AWAY)
    refused(st, 0, "chop n", "already destroyed")


def test_s16_chop_a_door_r6_3_1():
    st = scenario(firefighters={"red": "13"}, facedown=FAR_AWAY)
    refused(st, 0, "chop e", "door, not a wall")


def test_s16_door_destroyed_r6_2_1():
    st = scenario(firefighters={"red": "33"}, edges={"32-33": "gone"}, facedown=FAR_AWAY)
    refused(st, 0, "open w", "no door any more")
    refused(st, 0, "close w", "no door any more")


def test_s16_extinguish_not_adjacent_r6_4_1():
    st = scenario(firefighters={"red": "13"}, fire=("14",), facedown=FAR_AWAY)
    refused(st, 0, "ext e", "closed")


def test_s16_advanced_only_verbs():
    st = scenario(facedown=FAR_AWAY)
    for move in ("drive amb cw", "gun", "spec paramedic", "treat", "identify 45", "crew cafs",
                 "cmd blue move e", "dispose"):
        refused(st, 0, move, "advanced game")
    st = scenario(firefighters={"red": "44"}, victims={"44": 1}, facedown=FAR_AWAY)
    refused(st, 0, "move e lead", "advanced game")
    refused(st, 0, "move e carry treated", "advanced game")


def test_s16_cannot_pay_r5_4():
    st = scenario(firefighters={"red": "13"}, ap=0, facedown=FAR_AWAY)
    refused(st, 0, "open e", "costs 1 AP; you have 0")
    refused(st, 0, "move w", "costs 1 AP; you have 0")
    st = scenario(firefighters={"red": "33"}, ap=1, facedown=FAR_AWAY)
    refused(st, 0, "chop n", "costs 2 AP")


def test_s16_door_on_fire_leaves_no_escape_r5_5():
    st = scenario(firefighters={"red": "46"}, ap=1, fire=("46",), facedown=FAR_AWAY)
    refused(st, 0, "open e", "no AP left to get out")
    ENGINE.play(scenario(firefighters={"red": "46"}, ap=1, fire=("46",), facedown=FAR_AWAY), 0, "ext here")
    ENGINE.play(scenario(firefighters={"red": "46"}, ap=1, fire=("46",), facedown=FAR_AWAY), 0, "move w")


# --- other classes ------------------------------------------------------------------------------


def test_end_on_fire_r5_5():
    st = scenario(firefighters={"red": "45"}, fire=("45",), facedown=FAR_AWAY)
    refused(st, 0, "end", "cannot end your turn standing in fire")


def test_wrong_seat_and_not_your_turn():
    st = scenario(seats=2, facedown=FAR_AWAY)
    refused(st, 1, "end", "red's turn")
    start = ENGINE.setup(2, resolve_options(ENGINE, {}), 1)
    refused(start, 1, "place 30", "red's turn to place")


def test_malformed_and_unknown():
    st = scenario(firefighters={"red": "44"}, facedown=FAR_AWAY)
    refused(st, 0, "", "Type a move")
    refused(st, 0, "fly n", "Unknown command")
    refused(st, 0, "move", "needs a direction")
    refused(st, 0, "move x", "not a direction")
    refused(st, 0, "move e quickly", "move <dir> carry")
    refused(st, 0, "move e carry cat", "cannot be carried")
    refused(st, 0, "ext", "needs a target")
    refused(st, 0, "ext e some", "ext <target> all")
    refused(st, 0, "end now", "takes nothing")
    refused(st, 0, "open e e", "open <dir>")
    refused(st, 0, "chop e e", "chop <dir>")
    refused(st, 0, "place 00", "already placed")


def test_off_the_board():
    st = scenario(firefighters={"red": "00"}, facedown=FAR_AWAY)
    refused(st, 0, "move n", "edge of the board")


def test_carry_without_victim_r6_1_4():
    st = scenario(firefighters={"red": "44"}, facedown=FAR_AWAY)
    refused(st, 0, "move e carry", "no face-up victim")


def test_extinguish_nothing_or_all_on_smoke_r6_4_1():
    st = scenario(firefighters={"red": "44"}, smoke=("45",), facedown=FAR_AWAY)
    refused(st, 0, "ext here", "no fire or smoke on 44")
    refused(st, 0, "ext e all", "only smoke")
    refused(st, 0, "ext n", "no fire or smoke on 34")


def test_doors_that_are_not_there_or_already_so_r6_2_1():
    st = scenario(firefighters={"red": "44"}, facedown=FAR_AWAY)
    refused(st, 0, "open e", "no door on the east side")
    refused(st, 0, "close s", "already closed")
    st = scenario(firefighters={"red": "44"}, edges={"44-54": "opened"}, facedown=FAR_AWAY)
    refused(st, 0, "open s", "already open")


def test_chop_open_edges_and_entrances_r6_3_1():
    st = scenario(firefighters={"red": "48"}, facedown=FAR_AWAY)
    refused(st, 0, "chop e", "entrance")
    refused(st, 0, "chop w", "no wall")


def test_place_rules_r4_4():
    st = ENGINE.setup(1, resolve_options(ENGINE, {}), 1)
    refused(st, 0, "place 33", "outside the building")
    refused(st, 0, "place 99", "not a cell")
    refused(st, 0, "place", "place <cell>")
    refused(st, 0, "move e", "First place")


def test_after_the_end():
    st = scenario(firefighters={"red": "41"}, damage=23, facedown=FAR_AWAY)
    ENGINE.play(st, 0, "chop s")
    refused(st, 0, "end", "game is over")
