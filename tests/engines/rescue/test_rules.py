"""Fire Rescue family rules, one test (or more) per rule id of the spec."""

from __future__ import annotations

import json

import pytest

from engines import get
from engines.core import InvalidOption, Rng, event_text, resolve_options
from engines.players import playout
from engines.rescue import ENGINE
from engines.rescue.board import SIDES, parse_cell
from tests.engines.rescue.helpers import FAR_AWAY, cells_with, kinds, scenario


def view(state):
    return ENGINE.view(state, None)


def new(seats=1, seed=1, **options):
    return ENGINE.setup(seats, resolve_options(ENGINE, options), seed)


def fighter(state, colour):
    return next(f for f in view(state)["firefighters"] if f["colour"] == colour)


def test_registry_and_options_r4_1_r1_1():
    """R1.1 1–6 firefighters; R4.1 options fixed at creation; unknown / bad values refused."""
    assert get("rescue") is ENGINE and list(ENGINE.seats) == [1, 2, 3, 4, 5, 6]
    assert all(len(o.help) <= 90 for o in ENGINE.options)
    opts = resolve_options(ENGINE, {"board": "back", "play_on": "on"})
    assert opts["board"] == "back" and opts["play_on"] is True and opts["mode"] == "family"
    with pytest.raises(InvalidOption):
        resolve_options(ENGINE, {"board": "side"})
    assert resolve_options(ENGINE, {"mode": "advanced", "level": "heroic"})["level"] == "heroic"
    with pytest.raises(InvalidOption):
        resolve_options(ENGINE, {"mode": "expert"})


def test_cells_and_directions_r3_1_r3_2_r3_3():
    """R3.1 two-digit ids (also `r,c`); R3.2 48 interior cells; R3.3 n/e/s/w."""
    assert parse_cell("36") == 36 and parse_cell("3,6") == 36 and parse_cell("86") is None
    v = view(new())
    assert len(v["outside"]) == 32 and "00" in v["outside"] and "79" in v["outside"]
    assert "11" not in v["outside"] and "68" not in v["outside"]


def test_board_sides_r3_4_r4_5():
    """R3.4 walls/doors/entrances of both sides (§3.4 counts); R4.5 every door closed."""
    for side, walls, doors, entrances in (("front", 42, 8, 4), ("back", 45, 7, 2)):
        v = view(new(board=side))
        assert len(v["walls"]) == walls, side
        assert len(v["doors"]) == doors and set(v["doors"].values()) == {"closed"}
        assert len(v["entrances"]) == entrances
    assert sorted(view(new())["entrances"]) == ["06-16", "30-31", "48-49", "63-73"]


def test_adjacency_r3_6_r3_5():
    """R3.6: a damaged wall or a closed door blocks; a destroyed wall, open or destroyed door passes."""
    st = scenario(firefighters={"red": "23"}, edges={"23-33": "damaged"}, facedown=FAR_AWAY)
    assert "move s" not in ENGINE.legal_moves(st, 0)
    st = scenario(firefighters={"red": "23"}, edges={"23-33": "destroyed"}, facedown=FAR_AWAY)
    assert "move s" in ENGINE.legal_moves(st, 0)
    st = scenario(firefighters={"red": "32"}, edges={"32-33": "gone"}, facedown=FAR_AWAY)
    assert "move e" in ENGINE.legal_moves(st, 0) and "open e" not in ENGINE.legal_moves(st, 0)
    st = scenario(firefighters={"red": "32"}, edges={"32-33": "opened"}, facedown=FAR_AWAY)
    assert {"move e", "close e"} <= set(ENGINE.legal_moves(st, 0))


def test_outside_ring_r6_1_3():
    """R6.1.3: outside cells are adjacent all around; the building is entered only through gaps."""
    st = scenario(firefighters={"red": "09"}, facedown=FAR_AWAY)
    moves = ENGINE.legal_moves(st, 0)
    assert "move s" in moves and "move w" in moves and "move n" not in moves and "move e" not in moves
    st = scenario(firefighters={"red": "05"}, facedown=FAR_AWAY)
    assert "move s" not in ENGINE.legal_moves(st, 0)  # wall 05-15
    assert "chop s" in ENGINE.legal_moves(st, 0)  # exterior walls can be chopped from outside (R6.3.1)


def test_fixed_family_setup_r4_3_r4_6_r4_7_r4_8():
    """R4.6 ten fires (supply 23), R4.7 three POIs face down on 24 51 58, R4.3 pool of 12 left."""
    for side in ("front", "back"):  # D38: same cells on the back
        v = view(new(board=side))
        assert cells_with(new(board=side), "fire") == ["22", "23", "32", "33", "34", "35", "44", "56", "57", "66"]
        assert v["threat_supply"] == 23 and v["damage"] == 0
        assert v["facedown"] == ["24", "51", "58"] and v["pool"] == 12
        assert v["unrevealed"] == {"victims": 10, "false_alarms": 5}
        assert v["rescued"] == v["lost"] == 0
        assert v["phase"] == "place" and v["to_move"] == [0]


def test_random_family_setup_r4_10_d14():
    """R4.10: three blasts without damage cubes, no fire outside, 3 POIs on cells without fire."""
    for seed in range(60):
        st = new(seed=seed, family_setup="random", board=("front", "back")[seed % 2])
        v = view(st)
        assert v["damage"] == 0 and set(v["walls"].values()) == {0}
        fires = cells_with(st, "fire")
        assert len(fires) >= 3 and not set(fires) & set(v["outside"])
        assert len(v["facedown"]) == 3 and not set(v["facedown"]) & set(fires)
        assert v["threat_supply"] == 33 - len(v["threats"])


def test_random_setup_blast_stops_at_walls_r4_10():
    """R4.10 with scripted dice: 33 explodes twice; the wall 23-33 stops the blast without a cube."""
    st = new(family_setup="random", stack={"dice": [3, 3, 3, 3, 3, 4, 1, 1, 6, 8, 6, 8, 6, 7, 6, 6]})
    v = view(st)
    # 33 blasts: wall 23-33 stops it (no cube), 34 and 43 ignite, the closed door 32-33 is blown away.
    # 33 and 34 (on fire) are re-rolled; 11 blasts; 68 blasts (door 67-68 blown away, 58 ignites).
    assert v["doors"]["32-33"] == "destroyed" and v["doors"]["67-68"] == "destroyed"
    assert v["damage"] == 0 and set(v["walls"].values()) == {0}
    assert cells_with(st, "fire") == ["11", "12", "21", "33", "34", "43", "58", "68"]
    # POIs: 68 is on fire (re-rolled), then 67, 66.
    assert {"66", "67"} <= set(v["facedown"]) and len(v["facedown"]) == 3


def test_placement_r4_4_r4_9():
    """R4.4: each firefighter on an outside cell, in seat order; then seat 1 begins with 4 AP."""
    st = new(seats=2)
    assert ENGINE.to_move(st) == [0] and ENGINE.legal_moves(st, 1) == []
    moves = ENGINE.legal_moves(st, 0)
    assert len(moves) == 32 and moves[:4] == ["place 06", "place 30", "place 49", "place 73"] and "place 11" not in moves
    ENGINE.play(st, 0, "place 30")
    assert ENGINE.to_move(st) == [1]
    events = ENGINE.play(st, 1, "place 3,0")
    assert kinds(events) == ["placed", "turn_started"]
    v = view(st)
    assert v["phase"] == "actions" and v["active"] == 0 and v["turn"] == 1
    assert [f["cell"] for f in v["firefighters"]] == ["30", "30"]  # R6.7.1 cells are shared
    assert fighter(st, "red")["ap"] == 4


def test_first_player_random_r4_2():
    """R4.2 / D34: a random turn order is a permutation of the seats, used for placing and turns."""
    orders = set()
    for seed in range(30):
        st = new(seats=4, seed=seed, first_player="random")
        order = view(st)["order"]
        assert sorted(order) == [0, 1, 2, 3] and ENGINE.to_move(st) == [order[0]]
        orders.add(tuple(order))
    assert len(orders) > 1
    assert view(new(seats=4))["order"] == [0, 1, 2, 3]


def test_turn_phases_and_ap_r5_1_r5_2_r1_3():
    """R5.1 actions, fire, POIs, next seat; R5.2 ap = 4 + saved, saved reset."""
    st = scenario(seats=2, firefighters={"red": "30", "blue": "00"}, saved={"blue": 3}, facedown=FAR_AWAY,
                  dice=(6, 8))
    events = ENGINE.play(st, 0, "end")
    assert kinds(events)[:3] == ["turn_ended", "fire_roll", "smoke_placed"]
    assert kinds(events)[-1] == "turn_started"
    assert fighter(st, "blue")["ap"] == 7 and fighter(st, "blue")["saved"] == 0
    assert view(st)["to_move"] == [1] and view(st)["turn"] == 2
    assert view(st)["last_fire"] == {"red": 6, "black": 8, "cell": "68", "result": "smoke"}


def test_paying_r5_4():
    """R5.4: an action is legal only if its full cost can be paid; actions repeat at will."""
    st = scenario(firefighters={"red": "31"}, ap=1, smoke=("32",), fire=("21",), facedown=FAR_AWAY)
    moves = ENGINE.legal_moves(st, 0)
    assert "ext e" in moves and "ext n" in moves and "ext n all" not in moves
    ENGINE.play(st, 0, "ext e")
    assert ENGINE.legal_moves(st, 0) == ["end"]


def test_no_ending_in_fire_r5_5_d15():
    """R5.5: `end` is illegal on fire and every action must leave 1 AP to get out."""
    st = scenario(firefighters={"red": "46"}, ap=1, fire=("46",), facedown=FAR_AWAY)
    moves = ENGINE.legal_moves(st, 0)
    assert "end" not in moves and "open e" not in moves
    assert "ext here" in moves and "move w" in moves
    st = scenario(firefighters={"red": "44"}, ap=3, fire=("45", "46"), facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move e")  # 1 AP left: legal
    assert ENGINE.legal_moves(st, 0) == ["ext here", "move n", "move w"]


def test_move_costs_r6_1_1():
    """R6.1.1: 1 AP into an empty or smoky cell, 2 into fire, 2 carrying."""
    st = scenario(firefighters={"red": "44"}, smoke=("45",), facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move e")
    assert fighter(st, "red")["ap"] == 3


def test_reveal_false_alarm_on_entry_r6_1_2_r6_5_1_d32():
    """R6.1.2: a false alarm is removed when entered; it is not a rescued victim."""
    st = scenario(firefighters={"red": "44"}, facedown={"45": "false_alarm", "61": "false_alarm"})
    events = ENGINE.play(st, 0, "move e")
    assert "poi_false_alarm" in kinds(events)
    v = view(st)
    assert "45" not in v["facedown"] and v["rescued"] == 0 and v["false_alarms_revealed"] == 1
    assert fighter(st, "red")["ap"] == 3  # reveal is free


def test_carry_rules_r6_1_4_r6_7_1():
    """R6.1.4: one victim per move, only with `carry`; victims accumulate in a cell."""
    st = scenario(firefighters={"red": "44"}, ap=5, victims={"44": 2}, facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move e carry")
    assert view(st)["victims"] == {"44": 1, "45": 1}
    ENGINE.play(st, 0, "move w")
    assert view(st)["victims"] == {"44": 1, "45": 1}
    assert "move e carry" in ENGINE.legal_moves(st, 0)


def test_doors_r6_2_1():
    """R6.2.1: open then close a door of the own cell, 1 AP each."""
    st = scenario(firefighters={"red": "13"}, facedown=FAR_AWAY)
    ENGINE.play(st, 0, "open e")
    assert view(st)["doors"]["13-14"] == "open"
    ENGINE.play(st, 0, "close e")
    assert view(st)["doors"]["13-14"] == "closed" and fighter(st, "red")["ap"] == 2


def test_chop_r6_3_1():
    """R6.3.1: 2 AP per cube, from either side of the wall."""
    st = scenario(firefighters={"red": "33"}, facedown=FAR_AWAY)
    ENGINE.play(st, 0, "chop n")
    assert view(st)["walls"]["23-33"] == 1 and view(st)["damage"] == 1 and fighter(st, "red")["ap"] == 2


def test_extinguish_r6_4_1_r6_4_2():
    """R6.4.1 three kinds of extinguishing; R6.4.2 markers return; nothing else in the cell changes."""
    st = scenario(firefighters={"red": "44"}, ap=5, fire=("45", "44"), victims={"45": 1},
                  facedown=FAR_AWAY)
    ENGINE.play(st, 0, "ext here")
    assert view(st)["threats"]["44"] == "smoke"
    ENGINE.play(st, 0, "ext here")
    assert "44" not in view(st)["threats"]
    ENGINE.play(st, 0, "ext e all")
    v = view(st)
    assert v["threats"] == {} and v["threat_supply"] == 33 and v["victims"] == {"45": 1}
    assert fighter(st, "red")["ap"] == 1


def test_end_saves_r6_6_1():
    """R6.6.1: `end` is the only way to finish; R5.3 saving up to 4."""
    st = scenario(ap=3, facedown=FAR_AWAY, dice=(6, 8))
    ENGINE.play(st, 0, "end")
    assert fighter(st, "red")["ap"] == 7  # one seat: 4 + 3 saved


def test_flashover_counts_outside_fire_and_outside_fire_removed_r6_11_6_r6_11_11():
    """R6.11.6 outside fire counts for flashover; R6.11.11 it is removed at the end of the phase."""
    st = scenario(fire=("16",), smoke=("05",), facedown=FAR_AWAY, dice=(1, 6))
    events = ENGINE.play(st, 0, "end")
    # n: entrance 06-16 -> fire on 06; flashover ignites the smoke on 05 (outside) too; both removed.
    assert "outside_fire_removed" in kinds(events)
    v = view(st)
    assert not set(v["threats"]) & set(v["outside"])
    assert cells_with(st, "fire") == ["16", "17", "26"]
    assert v["threat_supply"] == 30


def test_knockdown_table_r6_11_9_d5():
    """R6.11.9: the family table sends firefighters to the nearest ambulance cell, ties top first."""
    front, back = SIDES["front"].knockdown, SIDES["back"].knockdown
    assert front[36] == 6 and front[43] == 73 and front[27] == 6 and back[22] == 20


def test_knockdown_keeps_saved_ap_and_is_not_repeated_r6_11_9():
    """R6.11.9: a knocked-down firefighter keeps its saved AP; all on fire go, active or not."""
    st = scenario(seats=3, firefighters={"red": "00", "blue": "45", "green": "45"}, saved={"blue": 2},
                  smoke=("45",), facedown=FAR_AWAY, dice=(4, 5))
    ENGINE.play(st, 0, "end")
    assert fighter(st, "blue")["cell"] == "74" and fighter(st, "green")["cell"] == "74"
    assert fighter(st, "blue")["ap"] == 6  # blue's turn: 4 + 2 saved


def test_lost_pois_r6_11_10():
    """R6.11.10: a face-down POI on fire is revealed; a false alarm does not count as lost."""
    st = scenario(smoke=("45", "46"), facedown={"45": "false_alarm", "46": "victim", "61": "false_alarm"},
                  dice=(4, 5, 6, 1, 6, 2))
    events = ENGINE.play(st, 0, "end")
    v = view(st)
    assert v["lost"] == 1 and v["false_alarms_revealed"] == 1
    assert "poi_false_alarm" in kinds(events) and "victim_lost" in kinds(events)


def test_replenish_counts_face_up_victims_r6_12_1_r6_12_4():
    """R6.12.1: face-up victims count toward the 3; R6.12.4: an empty pool places nothing."""
    st = scenario(victims={"45": 2}, facedown={"61": "false_alarm"}, dice=(6, 8))
    events = ENGINE.play(st, 0, "end")
    assert "poi_roll" not in kinds(events)
    data = ENGINE.dump(scenario(facedown={"61": "false_alarm"}, dice=(6, 8)))
    data["pool"] = []
    data["false_revealed"] = 4
    data["lost"] = 3
    data["rescued"] = 6
    data["victims"] = {"35": 1}
    st = ENGINE.load(data)
    events = ENGINE.play(st, 0, "end")
    assert "poi_roll" not in kinds(events)


def test_replenish_rerolls_on_poi_r6_12_2():
    """R6.12.2: a target that holds a POI or a victim is re-rolled."""
    st = scenario(victims={"45": 1}, facedown={"61": "false_alarm"}, dice=(6, 8, 4, 5, 6, 1, 1, 1))
    events = ENGINE.play(st, 0, "end")
    assert [e.params["cell"] for e in events if e.kind == "poi_roll"] == ["45", "61", "11"]
    assert sorted(view(st)["facedown"]) == ["11", "61"]


def test_public_counters_r6_13_1_r7_3():
    """R6.13.1 counters in the view; R7.3 only the combined unrevealed composition is public."""
    st = scenario(victims={"45": 1}, facedown={"61": "false_alarm", "62": "victim"}, rescued=2, lost=1)
    v = view(st)
    for key in ("rescued", "lost", "damage", "threat_supply", "pool", "turn", "unrevealed", "firefighters"):
        assert key in v
    assert v["unrevealed"] == {"victims": 6, "false_alarms": 5}
    assert v["pool"] == 9  # 5 victims + 4 false alarms, never shown apart


def test_dice_public_and_scripted_r6_11_1_r7_1():
    """R7.1 / R6.11.1: dice come from the seeded Rng (scripted by the stack) and every roll is public."""
    st = scenario(facedown=FAR_AWAY, dice=(3, 8))
    events = ENGINE.play(st, 0, "end")
    roll = next(e for e in events if e.kind == "fire_roll")
    assert roll.to is None and roll.params == {"red": 3, "black": 8, "cell": "38"}


def test_dms_only_turns_r7_5_r7_6():
    """R7.5/R7.6: no private events and every seat's view equals the public one (plus `viewer`)."""
    st = new(seats=3, seed=4)
    rng = Rng(5)
    for _ in range(40):
        seat = ENGINE.to_move(st)[0]
        events = ENGINE.play(st, seat, rng.choice(ENGINE.legal_moves(st, seat)))
        assert all(e.to is None for e in events)
        public = view(st)
        for s in range(3):
            seat_view = ENGINE.view(st, s)
            assert seat_view.pop("viewer") == s
            assert seat_view == {k: v for k, v in public.items() if k != "viewer"}


def test_play_on_r8_4():
    """R8.4: with play_on the 7th rescue does not end the game; all 10 resolved ends it in victory."""
    st = scenario(firefighters={"red": "48"}, victims={"48": 1}, rescued=6, play_on=True,
                  facedown=FAR_AWAY, dice=(6, 8))
    ENGINE.play(st, 0, "move e carry")
    assert ENGINE.outcome(st) is None and view(st)["rescued"] == 7
    st = scenario(firefighters={"red": "48"}, victims={"48": 1}, rescued=7, lost=2, play_on=True,
                  facedown={"61": "false_alarm"})
    ENGINE.play(st, 0, "move e carry")
    out = ENGINE.outcome(st)
    assert out.kind == "outcome.victory.all_victims_resolved" and out.winners == (0,)


def test_collapse_reveals_and_loses_r8_2():
    """R8.2: at collapse every POI left is revealed and its victims count as lost."""
    st = scenario(firefighters={"red": "41"}, damage=23, victims={"45": 1},
                  facedown={"61": "victim", "62": "false_alarm"})
    ENGINE.play(st, 0, "chop s")
    out = ENGINE.outcome(st)
    assert out.params["lost"] == 2 and view(st)["facedown"] == []


def test_result_record_r8_5():
    """R8.5: result, reason, rescued, lost, damage, turns; no individual score."""
    st = scenario(firefighters={"red": "41"}, damage=23, facedown=FAR_AWAY)
    ENGINE.play(st, 0, "chop s")
    out = ENGINE.outcome(st)
    assert out.params == {"result": "defeat", "reason": "collapse", "rescued": 0, "lost": 0, "damage": 24,
                          "turns": 1}
    assert view(st)["outcome"] == out.dump()


def test_turn_limit_r8_6_d37():
    """R8.6: after the POI replenishment of turn `max_turns` the game ends, defeat `turn_limit`."""
    st = scenario(seats=2, max_turns=2, facedown=FAR_AWAY, dice=(6, 8, 6, 7))
    ENGINE.play(st, 0, "end")
    assert ENGINE.outcome(st) is None
    ENGINE.play(st, 1, "end")
    out = ENGINE.outcome(st)
    assert out.kind == "outcome.defeat.turn_limit" and out.params["turns"] == 2
    # 0 = no limit
    st = new(seed=2, max_turns=0)
    playout(ENGINE, st, Rng(2))
    assert ENGINE.outcome(st) is not None


def test_messages_cover_every_kind():
    """Every event and outcome kind has an English and a French text."""
    seen = set()
    for seed in range(40):
        st = new(seats=1 + seed % 6, seed=seed, family_setup=("fixed", "random")[seed % 2])
        rng = Rng(seed)
        while ENGINE.outcome(st) is None:
            seat = ENGINE.to_move(st)[0]
            seen.update(e.kind for e in ENGINE.play(st, seat, rng.choice(ENGINE.legal_moves(st, seat))))
        seen.add(ENGINE.outcome(st).kind)
    en = json.loads(open("engines/rescue/messages/en.json", encoding="utf-8").read())
    fr = json.loads(open("engines/rescue/messages/fr.json", encoding="utf-8").read())
    assert set(en) == set(fr)
    assert seen <= set(en), seen - set(en)
    assert {"outcome.defeat.collapse", "outcome.victory.rescued7", "outcome.defeat.lost4"} <= set(en)
    assert "Explosion" in event_text("rescue", "explosion", {"cell": "33"})
    assert "33" in event_text("rescue", "explosion", {"cell": "33"}, "fr")


def test_rules_summary_sections():
    """engines/rescue/rules.md: `## overview` first, lowercase one-word topics, each <= 1800 characters."""
    text = open("engines/rescue/rules.md", encoding="utf-8").read()
    sections = text.split("\n## ")
    assert sections[0].startswith("## overview")
    for section in sections:
        title = section.removeprefix("## ").split("\n", 1)[0]
        assert title.isalpha() and title == title.lower()
        assert len("## " + section.removeprefix("## ")) <= 1800
    assert "`move e`" in text and "`ext w all`" in text


def test_goal_r1_2_r1_4():
    """R1.2: 7 rescued wins, 4 lost loses (R1.4: this engine is the family level)."""
    st = scenario(firefighters={"red": "48"}, victims={"48": 1}, rescued=6, facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move e carry")
    assert ENGINE.outcome(st).winners == (0,) and view(st)["mode"] == "family"
    st = scenario(fire=("45",), smoke=("46",), victims={"46": 1}, lost=3, facedown=FAR_AWAY, dice=(4, 6))
    ENGINE.play(st, 0, "end")
    assert ENGINE.outcome(st).winners == ()


def test_place_fire_flips_smoke_without_a_marker_r6_11_3():
    """R6.11.3: "place fire" on smoke flips it (no new marker); on an empty cell it takes one."""
    st = scenario(fire=("33",), smoke=("34",), facedown=FAR_AWAY, dice=(3, 3))
    ENGINE.play(st, 0, "end")
    assert cells_with(st, "fire") == ["33", "34", "43"]
    assert view(st)["threat_supply"] == 30


def test_fire_phase_order_r6_11_14():
    """R6.11.14: roll, explosion, flashover, knock-downs, lost POIs, outside fire removed, then POIs.

    Blue stands on 06 in front of the entrance: the blast sets 06 on fire, blue is knocked down to the
    nearest ambulance cell, which is 06 itself: it is not knocked down again (R6.11.9), and the fire on
    06 is removed at the end (R6.11.11)."""
    st = scenario(seats=2, firefighters={"red": "00", "blue": "06"}, fire=("16",), smoke=("27",),
                  victims={"26": 1}, facedown={"61": "false_alarm"}, dice=(1, 6, 6, 2, 6, 3))
    events = ENGINE.play(st, 0, "end")
    order = [k for k in kinds(events) if k in ("fire_roll", "explosion", "flashover", "knocked_down",
                                               "victim_lost", "outside_fire_removed", "poi_roll")]
    assert order == ["fire_roll", "explosion", "flashover", "knocked_down", "victim_lost",
                     "outside_fire_removed", "poi_roll", "poi_roll"]
    assert fighter(st, "blue")["cell"] == "06"
    assert cells_with(st, "fire") == ["16", "17", "26", "27"]
    assert view(st)["lost"] == 1 and view(st)["walls"]["15-16"] == 1


def test_board_geometry_for_the_advanced_game_r3_7_r3_8_r3_9():
    """R3.7 quadrants, R3.8 parking spots (two adjacent outside cells, clockwise sides), R3.9 arrows
    that all end in the 8-cell loop around the centre — data the advanced game builds on."""
    from engines.rescue.board import DATA, IS_OUTSIDE, NEIGH

    quadrants = DATA["quadrants"]
    cells = {(r, c) for q in quadrants.values() for r in range(q["rows"][0], q["rows"][1] + 1)
             for c in range(q["cols"][0], q["cols"][1] + 1)}
    assert len(cells) == 48
    for side in SIDES.values():
        for spots in (side.engine_spots, side.ambulance_spots):
            assert [s["side"] for s in spots] == ["top", "right", "bottom", "left"]
            for spot in spots:
                a, b = (int(c) for c in spot["cells"])
                assert IS_OUTSIDE[a] and IS_OUTSIDE[b] and b in NEIGH[a]
    step = {"N": -10, "S": 10, "E": 1, "W": -1, "NE": -9, "NW": -11, "SE": 11, "SW": 9}
    arrows = {10 * (r + 1) + c + 1: step[a] for r, line in enumerate(DATA["poi_arrows"])
              for c, a in enumerate(line.split())}
    loop = {33, 43, 44, 45, 46, 36, 35, 34}
    for start in arrows:
        cell, seen = start, set()
        while cell not in loop:
            assert cell not in seen and cell in arrows
            seen.add(cell)
            cell += arrows[cell]
    for cell in loop:
        assert cell + arrows[cell] in loop
