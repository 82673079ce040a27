"""The spec's acceptance scenarios (§12) that apply to the family game, played through the public API."""

from __future__ import annotations

import pytest

from engines.core import IllegalMove, event_text
from engines.rescue import ENGINE
from tests.engines.rescue.helpers import FAR_AWAY, cells_with, kinds, scenario


def view(state):
    return ENGINE.view(state, None)


def fighter(state, colour):
    return next(f for f in view(state)["firefighters"] if f["colour"] == colour)


def test_s1_moving_through_fire_r6_1_1_r5_5():
    """S1: into fire for 2 AP (an escape remains), out for 1, a door for 1; `end` saves 0."""
    st = scenario(firefighters={"red": "44"}, fire=("45",), facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move e")
    assert fighter(st, "red") == {"seat": 0, "colour": "red", "cell": "45", "ap": 2, "saved": 0}
    ENGINE.play(st, 0, "move e")
    assert fighter(st, "red")["cell"] == "46" and fighter(st, "red")["ap"] == 1
    ENGINE.play(st, 0, "open e")
    assert view(st)["doors"]["46-47"] == "open"
    assert fighter(st, "red")["ap"] == 0
    assert "end" in ENGINE.legal_moves(st, 0)
    st.rng.stack = [6, 8]
    events = ENGINE.play(st, 0, "end")
    assert events[0].kind == "turn_ended" and events[0].params["saved"] == 0


def test_s2_extinguish_reveal_save_r6_4_1_r6_1_2_r5_3():
    """S2: `ext w all` removes the fire (2 AP); entering 35 reveals a victim that stays; 1 AP saved."""
    st = scenario(seats=2, firefighters={"red": "34", "blue": "00"}, fire=("33",),
                  facedown={"35": "victim", "61": "false_alarm", "62": "false_alarm"}, dice=(6, 8))
    ENGINE.play(st, 0, "ext w all")
    assert view(st)["threats"] == {} and view(st)["threat_supply"] == 33
    assert fighter(st, "red")["ap"] == 2
    events = ENGINE.play(st, 0, "move e")
    assert "poi_victim" in kinds(events)
    assert view(st)["victims"] == {"35": 1} and "35" not in view(st)["facedown"]
    assert fighter(st, "red")["ap"] == 1
    ENGINE.play(st, 0, "end")
    assert fighter(st, "red")["saved"] == 1


def test_s3_carry_chop_destroyed_wall_r6_1_4_r6_3_1_r3_5():
    """S3: carry for 2 AP, the 2nd cube destroys wall 23-33, then 23 and 33 are adjacent."""
    st = scenario(firefighters={"red": "13"}, ap=5, victims={"13": 1}, edges={"23-33": "damaged"},
                  facedown=FAR_AWAY)
    assert view(st)["damage"] == 1
    ENGINE.play(st, 0, "move s carry")
    assert fighter(st, "red")["cell"] == "23" and fighter(st, "red")["ap"] == 3
    assert view(st)["victims"] == {"23": 1}
    ENGINE.play(st, 0, "chop s")
    assert view(st)["walls"]["23-33"] == 2 and view(st)["damage"] == 2
    assert fighter(st, "red")["ap"] == 1
    ENGINE.play(st, 0, "move s")
    assert fighter(st, "red")["cell"] == "33" and fighter(st, "red")["ap"] == 0
    assert view(st)["victims"] == {"23": 1}


def test_s4_fire_advance_r6_11_2():
    """S4: smoke flips to fire; an empty cell next to fire gets a marker fire side up."""
    st = scenario(smoke=("27",), facedown=FAR_AWAY, dice=(2, 7, 2, 8))
    events = ENGINE.play(st, 0, "end")
    assert [e.params for e in events if e.kind == "fire_roll"] == [{"red": 2, "black": 7, "cell": "27"}]
    assert cells_with(st, "fire") == ["27"]
    events = ENGINE.play(st, 0, "end")
    assert "fire_next_to_fire" in kinds(events)
    assert cells_with(st, "fire") == ["27", "28"] and cells_with(st, "smoke") == []
    assert view(st)["threat_supply"] == 31


def test_s5_explosion_with_shockwave_r6_11_4_r6_11_5_r6_11_9_r6_11_10_r6_12_2():
    """S5: explosion on 33, shockwave through 34-35 to 36, knock-down, lost victim, replenishment."""
    st = scenario(seats=2, firefighters={"red": "00", "blue": "36"}, fire=("33", "34", "35"),
                  facedown={"43": "victim", "61": "false_alarm", "62": "false_alarm"}, dice=(3, 3, 5, 2))
    events = ENGINE.play(st, 0, "end")
    v = view(st)
    assert v["walls"]["23-33"] == 1
    assert v["doors"]["32-33"] == "destroyed" and len([d for d in v["doors"].values() if d != "destroyed"]) == 7
    assert cells_with(st, "fire") == ["33", "34", "35", "36", "43"]
    assert "flashover" not in kinds(events)
    assert fighter(st, "blue")["cell"] == "06"  # D5 tie 06/39 broken top first
    assert v["lost"] == 1 and v["damage"] == 1
    assert "poi_victim" in kinds(events) and "victim_lost" in kinds(events)
    assert sorted(v["facedown"]) == ["52", "61", "62"]
    assert [e.params["cell"] for e in events if e.kind == "poi_roll"] == ["52"]
    assert v["active"] == 1 and fighter(st, "blue")["ap"] == 4
    # The shockwave's direction is told in words in both languages.
    wave = next(e for e in events if e.kind == "shockwave")
    assert event_text("rescue", wave.kind, wave.params) == "A shockwave runs from 34 towards the east."
    assert event_text("rescue", wave.kind, wave.params, "fr") == "Une onde de choc part de 34 vers l'est."


def test_s6_flashover_through_open_door_r6_11_6():
    """S6: 22 ignites and the chain flips exactly 6 smokes; 16 stays behind its wall."""
    st = scenario(smoke=("22", "12", "13", "14", "15", "24", "25", "16"), edges={"13-14": "opened"},
                  facedown=FAR_AWAY, dice=(2, 2))
    events = ENGINE.play(st, 0, "end")
    flash = next(e for e in events if e.kind == "flashover")
    assert flash.params["count"] == 6
    assert cells_with(st, "fire") == ["12", "13", "14", "15", "22", "24", "25"]
    assert cells_with(st, "smoke") == ["16"]


def test_s8_explosion_through_open_door_d2():
    """S8: an open door is destroyed and the blast goes on into 13, shockwave to 11."""
    st = scenario(fire=("14", "13", "12"), edges={"13-14": "opened"}, facedown=FAR_AWAY, dice=(1, 4))
    ENGINE.play(st, 0, "end")
    v = view(st)
    assert cells_with(st, "fire") == ["11", "12", "13", "14", "15", "24"]
    assert v["walls"]["04-14"] == 1 and v["damage"] == 1
    assert v["doors"]["13-14"] == "destroyed"
    assert sum(1 for d in v["doors"].values() if d != "destroyed") == 7


def test_s9_shockwave_through_destroyed_wall_r3_5():
    """S9: a shockwave passes a destroyed wall; with only 1 damage it adds the 2nd cube instead."""
    st = scenario(fire=("33", "43"), edges={"43-53": "destroyed"}, facedown=FAR_AWAY, dice=(3, 3))
    assert view(st)["damage"] == 2
    ENGINE.play(st, 0, "end")
    assert cells_with(st, "fire") == ["33", "34", "43", "53"]
    assert view(st)["damage"] == 3 and view(st)["doors"]["32-33"] == "destroyed"
    # Variant: 1 damage on 43-53.
    st = scenario(fire=("33", "43"), edges={"43-53": "damaged"}, facedown=FAR_AWAY, dice=(3, 3))
    ENGINE.play(st, 0, "end")
    assert view(st)["walls"]["43-53"] == 2
    assert cells_with(st, "fire") == ["33", "34", "43"]
    assert view(st)["damage"] == 3


def test_s10_knocked_down_while_carrying_r6_11_9():
    """S10: the carried victim stays on the burning cell and is lost; yellow keeps its saved AP."""
    st = scenario(seats=4, active="yellow", firefighters={"yellow": "21"}, victims={"21": 1}, smoke=("22",),
                  facedown={"61": "false_alarm", "62": "false_alarm"}, dice=(2, 2, 6, 5))
    ENGINE.play(st, 3, "move e carry")
    assert fighter(st, "yellow")["cell"] == "22" and fighter(st, "yellow")["ap"] == 2
    events = ENGINE.play(st, 3, "end")
    assert fighter(st, "yellow") == {"seat": 3, "colour": "yellow", "cell": "30", "ap": 0, "saved": 2}
    assert view(st)["lost"] == 1 and view(st)["victims"] == {}
    assert [e.params["cell"] for e in events if e.kind == "poi_placed"] == ["65"]


def test_s11a_poi_placed_on_a_firefighter_is_revealed_r6_12_2():
    """S11a: a false alarm placed on red's cell is removed at once and placement continues."""
    st = scenario(firefighters={"red": "45"}, facedown={"61": "false_alarm", "62": "false_alarm"},
                  draws=("false_alarm", "victim"), dice=(6, 8, 4, 5, 1, 1))
    pool = view(st)["pool"]
    events = ENGINE.play(st, 0, "end")
    assert "poi_false_alarm" in kinds(events)
    v = view(st)
    assert sorted(v["facedown"]) == ["11", "61", "62"]
    assert v["pool"] == pool - 2 and v["false_alarms_revealed"] == 1


def test_s11b_poi_placed_on_fire_removes_the_marker_d35():
    """S11b: the fire on the target goes back to the supply and the POI is placed."""
    st = scenario(fire=("43",), facedown={"61": "false_alarm", "62": "false_alarm"}, dice=(6, 8, 4, 3))
    ENGINE.play(st, 0, "end")
    v = view(st)
    assert "43" not in v["threats"] and "43" in v["facedown"]
    assert v["threat_supply"] == 33 - len(v["threats"])


def test_s13_collapse_by_chopping_r6_3_2_r8_2():
    """S13: the 24th cube ends the game at once, defeat by collapse, no fire phase."""
    st = scenario(firefighters={"red": "41"}, damage=23, rescued=5, facedown=FAR_AWAY, dice=(3, 3))
    events = ENGINE.play(st, 0, "chop s")
    assert "fire_roll" not in kinds(events)
    out = ENGINE.outcome(st)
    assert out.winners == () and out.params["reason"] == "collapse" and out.params["rescued"] == 5
    assert ENGINE.to_move(st) == [] and ENGINE.legal_moves(st, 0) == []
    with pytest.raises(IllegalMove):
        ENGINE.play(st, 0, "end")


def test_s13_collapse_mid_explosion_r6_11_13():
    """S13 variant: the first cube of an explosion ends the game before the other directions."""
    st = scenario(damage=23, fire=("33",), facedown=FAR_AWAY, dice=(3, 3))
    ENGINE.play(st, 0, "end")
    assert ENGINE.outcome(st).params["reason"] == "collapse"
    assert cells_with(st, "fire") == ["33"]  # east, south, west never resolved
    assert view(st)["doors"]["32-33"] == "closed"


def test_s14_threat_supply_exhausted_r6_11_12():
    """S14: with all 33 markers out, placements are skipped but flips and damage still happen."""
    excluded = {"33", "27", "28", "34", "43", "65", "17", "18", "26", "37", "38", "32"}
    interior = [f"{r}{c}" for r in range(1, 7) for c in range(1, 9)]
    others = [c for c in interior if c not in excluded][:30]
    st = scenario(fire=("33",), smoke=("27", "28", *others), facedown=FAR_AWAY, dice=(6, 5, 2, 7, 3, 3))
    assert view(st)["threat_supply"] == 0
    events = ENGINE.play(st, 0, "end")
    assert "supply_empty" in kinds(events) and "65" not in view(st)["threats"]
    ENGINE.play(st, 0, "end")
    assert view(st)["threats"]["27"] == "fire" and view(st)["threats"]["28"] == "fire"
    damage = view(st)["damage"]
    events = ENGINE.play(st, 0, "end")
    v = view(st)
    assert "34" not in v["threats"] and "43" not in v["threats"]
    assert len(v["threats"]) == 33 and v["threat_supply"] == 0
    assert v["damage"] == damage + 1 and v["doors"]["32-33"] == "destroyed"


def test_s20c_family_rescue_on_any_outside_cell_r6_1_6():
    """S20c: carrying a victim from 48 through the entrance to 49 rescues it."""
    st = scenario(firefighters={"red": "48"}, victims={"48": 1}, facedown=FAR_AWAY)
    events = ENGINE.play(st, 0, "move e carry")
    assert "rescued" in kinds(events)
    assert view(st)["rescued"] == 1 and view(st)["victims"] == {}
    assert fighter(st, "red")["cell"] == "49"


def test_s22_victory_at_once_r8_1():
    """S22: the 7th rescue ends the game during the action phase, no fire phase."""
    st = scenario(firefighters={"red": "48"}, victims={"48": 1}, rescued=6, facedown=FAR_AWAY, dice=(3, 3))
    events = ENGINE.play(st, 0, "move e carry")
    assert "fire_roll" not in kinds(events)
    out = ENGINE.outcome(st)
    assert out.kind == "outcome.victory.rescued7" and out.winners == (0,)
    assert view(st)["over"] is True


def test_s22_defeat_without_replenishment_r8_3():
    """S22: a 4th lost victim ends the game right after R6.11.10, no POI replenishment."""
    st = scenario(smoke=("22",), victims={"22": 1}, lost=3, facedown={"61": "false_alarm"}, dice=(2, 2, 5, 5))
    events = ENGINE.play(st, 0, "end")
    assert "poi_roll" not in kinds(events)
    out = ENGINE.outcome(st)
    assert out.kind == "outcome.defeat.lost4" and out.params["lost"] == 4


def test_s16_saving_cap_r5_3():
    """S16: saved 4 gives 8 AP; ending at once saves only 4."""
    st = scenario(ap=8, facedown=FAR_AWAY, dice=(6, 8))
    events = ENGINE.play(st, 0, "end")
    assert events[0].params == {"seat": 0, "colour": "red", "couleur": "rouge", "saved": 4, "wasted": 4}
    # One seat: the next turn is red's again, with 4 + 4.
    assert fighter(st, "red")["ap"] == 8
