"""The spec's advanced acceptance scenarios (§12: S7, S11c/d, S12, S15–S22 advanced parts), public API only."""

from __future__ import annotations

from engines.core import resolve_options
from engines.rescue import ENGINE
from tests.engines.rescue.helpers import FAR_AWAY, adv_scenario, cells_with, fighter, kinds, refused, view


def test_s7_deck_gun_with_die_flip_r6_8_4():
    """S7: quadrant BR, dice (2,7): red 2 flips to 5 -> 57; 57 and 56 cleared, 47 and 58 behind walls stay."""
    st = adv_scenario(seats=3, active="green", firefighters={"green": "59"}, ap=5, engine="right",
                      fire=("56", "57", "47"), smoke=("58",), facedown={"67": "victim", **FAR_AWAY}, dice=(2, 7))
    supply = view(st)["threat_supply"]
    events = ENGINE.play(st, 2, "gun")
    roll = next(e for e in events if e.kind == "gun_roll")
    assert (roll.params["red"], roll.params["red_flipped"], roll.params["black_flipped"]) == (2, 5, 7)
    assert roll.params["cell"] == "57"
    assert cells_with(st, "fire") == ["47"] and cells_with(st, "smoke") == ["58"]
    assert "67" in view(st)["facedown"]
    assert fighter(st, "green")["ap"] == 1 and view(st)["threat_supply"] == supply + 2


def test_s11c_advanced_poi_follows_arrows_r6_12_3():
    """S11(c): 33 (smoke) invalid -> arrow S -> 43 (fire) invalid -> arrow E -> 44 valid, face down."""
    st = adv_scenario(seats=1, firefighters={"red": "00"}, smoke=("33",), fire=("43",),
                      facedown={"61": "false_alarm", "62": "false_alarm"}, dice=(6, 8, 3, 3), draws=("victim",))
    events = ENGINE.play(st, 0, "end")
    assert "poi_follows_arrows" in kinds(events)
    assert sorted(view(st)["facedown"]) == ["44", "61", "62"]


def test_s11d_firefighter_cell_invalid_not_revealed_r6_12_3():
    """S11(d): a firefighter's cell is invalid like a threat: the POI goes on along the arrows, face down."""
    st = adv_scenario(seats=2, firefighters={"red": "00", "blue": "44"},
                      facedown={"61": "false_alarm", "62": "false_alarm"}, dice=(6, 8, 4, 4), draws=("victim",))
    events = ENGINE.play(st, 0, "end")
    assert "poi_victim" not in kinds(events) and "poi_false_alarm" not in kinds(events)
    assert sorted(view(st)["facedown"]) == ["45", "61", "62"]


def test_s12_outside_fire_knock_down_to_ambulance_r6_11_9_r6_11_10_r6_11_11():
    """S12: explosion on 16 sets 06 (outside) on fire; orange goes to the ambulance cell 30; the victim lying
    on 06 is lost; the outside fire is removed; a POI lands on 63."""
    st = adv_scenario(seats=5, firefighters={"red": "00", "orange": "06"}, fire=("16",), victims={"06": 1},
                      facedown={"61": "false_alarm", "62": "false_alarm"}, engine="top", amb="left",
                      dice=(1, 6, 6, 3))
    events = ENGINE.play(st, 0, "end")
    assert ("knocked_down" in kinds(events)) and fighter(st, "orange")["cell"] == "30"
    v = view(st)
    assert v["lost"] == 1 and v["victims"] == {}
    assert cells_with(st, "fire") == ["16", "17", "26"] and v["damage"] == 1
    assert v["threat_supply"] == 30 and "63" in v["facedown"]


def test_s15_hazmat_explosion_and_flare_up_r6_11_7_r6_11_8():
    """S15: flare-up from the hot spot on 22, then 36 ignites, the flashover reaches the hazmat on 46 which
    explodes (hot spot on 46), and the flare-up leaves one hot spot on the last target 36."""
    st = adv_scenario(seats=1, firefighters={"red": "00"}, hotspots=("22",), reserve=6, hazmat={"46": 1},
                      smoke=("36", "46"), facedown=FAR_AWAY, dice=(2, 2, 3, 6))
    events = ENGINE.play(st, 0, "end")
    assert kinds(events).count("hazmat_explodes") == 1 and "flare_up" in kinds(events)
    v = view(st)
    assert cells_with(st, "fire") == ["36", "45", "46"] and cells_with(st, "smoke") == ["22"]
    assert v["damage"] == 2 and v["walls"]["26-36"] == 1 and v["walls"]["46-56"] == 1
    assert v["doors"]["46-47"] == "destroyed"
    assert v["hotspots"] == ["22", "36", "46"] and v["hot_reserve"] == 4 and v["hazmat_on_board"] == 0


def test_s16_advanced_refusals():
    """S16 (advanced rows): gun blocked by a firefighter in the quadrant, crew change not first, abilities of
    other specialists, engine driver off the engine, pending Driver decision."""
    st = adv_scenario(seats=2, firefighters={"red": "59", "blue": "55"}, engine="right")
    refused(st, 0, "gun", "quadrant br")
    st = adv_scenario(seats=1, firefighters={"red": "08"}, engine="top")
    ENGINE.play(st, 0, "move w")
    refused(st, 0, "crew cafs", "first action")
    st = adv_scenario(seats=2, firefighters={"red": "44", "blue": "45"}, facedown={"45": "victim"})
    for move in ("treat", "identify 45", "dispose", "cmd blue move e"):
        refused(st, 0, move, "you are the generalist")
    st = adv_scenario(seats=1, firefighters={"red": "30"}, engine="top")
    refused(st, 0, "drive engine cw", "must be on the engine")
    st = adv_scenario(seats=1, specs={"red": "driver"}, firefighters={"red": "69"}, engine="right", dice=(1, 2))
    ENGINE.play(st, 0, "gun")
    assert ENGINE.legal_moves(st, 0) == ["accept", "reroll red", "reroll black"]
    refused(st, 0, "end", "decision")
    refused(st, 0, "move n", "decision")


def test_s17_captain_commands_and_cafs_cap_r6_9_2():
    """S17: command AP first, at most 1 AP on the CAFS per turn, then the Captain's regular AP."""
    st = adv_scenario(seats=6, active="white", specs={"white": "captain", "blue": "cafs", "green": "paramedic"},
                      firefighters={"white": "00", "blue": "31", "green": "30"}, facedown=FAR_AWAY, dice=(6, 8))
    assert fighter(st, "white")["free"] == 2
    ENGINE.play(st, 5, "cmd blue move e")
    assert fighter(st, "blue")["cell"] == "32" and fighter(st, "white")["free"] == 1
    refused(st, 5, "cmd blue move s", "at most 1 ap")
    ENGINE.play(st, 5, "cmd green move e")
    assert fighter(st, "green")["cell"] == "31" and fighter(st, "white")["free"] == 0
    ENGINE.play(st, 5, "cmd green move e")
    assert fighter(st, "green")["cell"] == "32" and fighter(st, "white")["ap"] == 3
    ENGINE.play(st, 5, "end")
    assert fighter(st, "white")["saved"] == 3
    assert fighter(st, "blue")["saved"] == 0 and fighter(st, "green")["saved"] == 0


def test_s18_driver_rerolls_r6_9_8():
    """S18: (1,2) flips to 67; re-roll black 5 -> 65; accept clears 65 and 55, not 66 behind its closed door."""
    st = adv_scenario(seats=1, specs={"red": "driver"}, firefighters={"red": "69"}, engine="right",
                      fire=("55", "65", "66"), facedown=FAR_AWAY, dice=(1, 2, 5))
    events = ENGINE.play(st, 0, "gun")
    assert events[0].params["cell"] == "67" and fighter(st, "red")["ap"] == 2
    assert view(st)["gun"]["cell"] == "67"
    ENGINE.play(st, 0, "reroll black")
    assert view(st)["gun"]["cell"] == "65"
    refused(st, 0, "reroll black", "already")
    ENGINE.play(st, 0, "accept")
    assert cells_with(st, "fire") == ["66"] and view(st)["gun"] is None
    refused(st, 0, "reroll black", "no deck-gun shot")


def test_s18_both_rerolls_resolve_at_once_r6_9_8():
    st = adv_scenario(seats=1, specs={"red": "driver"}, firefighters={"red": "69"}, engine="right",
                      fire=("44", "55"), facedown=FAR_AWAY, dice=(1, 2, 4, 5))
    ENGINE.play(st, 0, "gun")
    ENGINE.play(st, 0, "reroll red")
    assert view(st)["gun"]["cell"] == "47"
    events = ENGINE.play(st, 0, "reroll black")
    assert "gun_hits" in kinds(events) and view(st)["gun"] is None
    assert cells_with(st, "fire") == ["55"]  # 45 hit: 44 splashed, 55 is behind wall 45-55


def test_s19_crew_change_r6_10_1():
    """S19: Generalist with saved 2 (ap 7) becomes the CAFS: ap 3 + 2 - 2 = 3, free 3; card freed."""
    st = adv_scenario(seats=5, active="orange", specs={"orange": "generalist", "red": "paramedic",
                                                        "blue": "imaging", "green": "captain", "yellow": "rescue"},
                      firefighters={"orange": "07"}, ap=7, turn_saved=2, engine="top")
    ENGINE.play(st, 4, "crew cafs")
    f = fighter(st, "orange")
    assert (f["spec"], f["ap"], f["free"]) == ("cafs", 3, 3)
    assert "generalist" in view(st)["specialists_free"] and "cafs" not in view(st)["specialists_free"]
    st = adv_scenario(seats=2, specs={"red": "generalist", "blue": "cafs"}, firefighters={"red": "07"},
                      engine="top")
    refused(st, 0, "crew cafs", "not available")


def test_s20a_rescue_at_the_ambulance_r6_1_6():
    st = adv_scenario(seats=4, active="yellow", firefighters={"yellow": "48"}, victims={"48": 1}, amb="right",
                      facedown=FAR_AWAY)
    events = ENGINE.play(st, 3, "move e carry")
    assert "rescued" in kinds(events) and view(st)["rescued"] == 1 and fighter(st, "yellow")["ap"] == 2


def test_s20b_ambulance_arrival_rescues_r6_8_5():
    st = adv_scenario(seats=1, firefighters={"red": "79"}, victims={"05": 1}, amb="left", ap=5,
                      facedown=FAR_AWAY)
    events = ENGINE.play(st, 0, "drive amb cw")
    assert "rescued_by_ambulance" in kinds(events)
    v = view(st)
    assert v["rescued"] == 1 and v["victims"] == {} and v["vehicles"]["amb"]["cells"] == ["05", "06"]
    assert fighter(st, "red")["cell"] == "79" and fighter(st, "red")["ap"] == 3  # Generalist 5 - 2


def test_s20_victim_left_outside_stays_r6_1_6_d36():
    st = adv_scenario(seats=1, firefighters={"red": "31"}, victims={"31": 1}, amb="top", facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move w carry")
    assert view(st)["rescued"] == 0 and view(st)["victims"] == {"30": 1}


def test_s21_first_explosion_r4_12():
    """S21: black die 5 -> 46: fire + hot spot, 36 and 45 ignite, door 46-47 destroyed, wall 46-56 damaged.
    Explosions 2 (11) and 3 (column 9 - 1 = 8, row 6: 68) are scripted far away."""
    options = resolve_options(ENGINE, {"mode": "advanced", "stack": [5, 1, 1, 6]})
    st = ENGINE.setup(1, options, 3)
    v = view(st)
    assert v["threats"]["46"] == v["threats"]["36"] == v["threats"]["45"] == "fire"
    assert v["doors"]["46-47"] == "destroyed" and v["walls"]["46-56"] == 1
    assert {"46", "11", "68"} <= set(v["hotspots"]) and len(v["hotspots"]) == 3
    assert v["damage"] == 5  # 46-56; 01-11, 10-11; 68-69, 68-78
    assert sum(1 for d in v["doors"].values() if d != "destroyed") == 6  # 46-47 and 67-68 blown
    off = ENGINE.setup(1, resolve_options(ENGINE, {"mode": "advanced", "stack": [5, 1, 1, 6],
                                                  "setup_explosion_damage": False}), 3)
    w = view(off)
    assert w["damage"] == 0 and w["walls"]["46-56"] == 0 and w["doors"]["46-47"] == "destroyed"


def test_s22_victory_at_the_ambulance_and_defeat_timing_r8_1_r8_3():
    st = adv_scenario(seats=1, firefighters={"red": "48"}, victims={"48": 1}, amb="right", rescued=6,
                      facedown=FAR_AWAY)
    events = ENGINE.play(st, 0, "move e carry")
    assert ENGINE.outcome(st).kind == "outcome.victory.rescued7" and "fire_roll" not in kinds(events)
    st = adv_scenario(seats=1, firefighters={"red": "00"}, smoke=("22",), treated={"22": 1}, lost=3,
                      facedown={"61": "false_alarm", "62": "false_alarm"}, dice=(2, 2))
    events = ENGINE.play(st, 0, "end")
    assert ENGINE.outcome(st).kind == "outcome.defeat.lost4" and "poi_roll" not in kinds(events)
