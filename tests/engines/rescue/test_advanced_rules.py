"""Advanced rules one by one (spec §4.4, §5, §6.1, §6.8–§6.12), through the public API."""

from __future__ import annotations

import pytest

from engines.core import resolve_options
from engines.rescue import ENGINE
from tests.engines.rescue.helpers import FAR_AWAY, adv_scenario, cells_with, fighter, kinds, refused, view


def advanced(seats, seed=1, **options):
    return ENGINE.setup(seats, resolve_options(ENGINE, {"mode": "advanced", **options}), seed)


@pytest.mark.parametrize("level,explosions,hazmat,reserve", [("recruit", 3, 3, 6), ("veteran", 3, 4, 6),
                                                             ("heroic", 4, 5, 12)])
@pytest.mark.parametrize("seats,extra", [(1, 0), (2, 0), (3, 2), (4, 3), (6, 3)])
def test_r4_11_r4_12_setup_by_level(level, explosions, hazmat, reserve, seats, extra):
    """R4.11 levels; R4.12 steps 2–11: hot spots = explosions + extra (+3 Veteran/Heroic, D9), reserve,
    hazmat, 3 POIs, no fire outside; then choose, place, park, seat 1 begins."""
    for seed in range(3):
        st = advanced(seats, seed, level=level)
        v = view(st)
        assert len(v["hotspots"]) == explosions + extra + (3 if level != "recruit" else 0)
        assert v["hot_reserve"] == reserve and v["hazmat_on_board"] == hazmat and len(v["facedown"]) == 3
        assert not any(c in v["outside"] for c in v["threats"])
        assert all(v["threats"].get(c) != "fire" for c in v["facedown"])
        assert all(v["threats"].get(c) != "fire" for c in v["hazmat"])
        assert v["phase"] == "spec" and v["level"] == level
    for seat in range(seats):
        ENGINE.play(st, seat, ENGINE.legal_moves(st, seat)[0])
    assert view(st)["phase"] == "place"
    for seat in range(seats):
        ENGINE.play(st, seat, "place 30")
    assert ENGINE.to_move(st) == [0] and ENGINE.legal_moves(st, 0)[0] == "park engine top"
    ENGINE.play(st, 0, "park engine right")
    refused(st, 0, "park engine left", "already parked")
    ENGINE.play(st, 0, "park amb bottom")
    v = view(st)
    assert v["phase"] == "actions" and v["active"] == 0
    assert v["vehicles"]["engine"]["cells"] == ["59", "69"] and v["vehicles"]["amb"]["cells"] == ["74", "73"]
    specs = [f["spec"] for f in v["firefighters"]]
    assert len(set(specs)) == seats  # R6.9: no card twice


def test_r4_12_step13_either_vehicle_parks_first():
    """R4.12 step 13: seat 1 parks both vehicles in either order; legal_moves offers what play accepts."""
    st = advanced(2, specialists="random")
    ENGINE.play(st, 0, "place 30")
    ENGINE.play(st, 1, "place 00")
    assert ENGINE.legal_moves(st, 0) == [f"park {k} {s}" for k in ("engine", "amb")
                                         for s in ("top", "right", "bottom", "left")]
    assert ENGINE.legal_moves(st, 1) == []
    ENGINE.play(st, 0, "park amb left")
    assert ENGINE.legal_moves(st, 0) == ["park engine top", "park engine right", "park engine bottom",
                                         "park engine left"]
    refused(st, 0, "park amb top", "already parked")
    ENGINE.play(st, 0, "park engine top")
    assert view(st)["phase"] == "actions"


def test_r4_12_step9_choose_and_random_deal():
    st = advanced(3)
    assert ENGINE.legal_moves(st, 0)[0] == "spec paramedic" and ENGINE.legal_moves(st, 1) == []
    ENGINE.play(st, 0, "spec driver")
    refused(st, 1, "spec driver", "not available")
    refused(st, 1, "spec chef", "not a specialist")
    refused(st, 2, "spec cafs", "turn to set up")
    refused(st, 1, "place 30", "specialist card")
    dealt = advanced(6, specialists="random")
    specs = [f["spec"] for f in view(dealt)["firefighters"]]
    assert view(dealt)["phase"] == "place" and len(set(specs)) == 6 and "" not in specs


def test_r4_14_modules_off():
    """R4.14 / §9: modules off skip their setup steps, cards and actions."""
    st = advanced(6, mod_hotspots=False, mod_hazmat=False)
    v = view(st)
    assert v["hotspots"] == [] and v["hot_reserve"] == 0 and v["hazmat"] == {}
    assert "hazmat" not in v["specialists_free"]
    st = advanced(2, mod_vehicles=False, mod_specialists=False)
    assert view(st)["phase"] == "place"
    ENGINE.play(st, 0, "place 30")
    ENGINE.play(st, 1, "place 31" if False else "place 00")
    v = view(st)
    assert v["phase"] == "actions" and fighter(st, "red")["ap"] == 4 and fighter(st, "red")["spec"] == ""
    assert not any(m.startswith(("drive", "gun", "crew")) for m in ENGINE.legal_moves(st, 0))
    refused(st, 0, "gun", "no vehicles")
    refused(st, 0, "treat", "ability")
    # rescue at any outside cell without vehicles (R6.1.6)
    st = adv_scenario(seats=1, firefighters={"red": "31"}, victims={"31": 1}, mods={"vehicles": False},
                      engine=None, amb=None, facedown=FAR_AWAY)
    events = ENGINE.play(st, 0, "move w carry")
    assert "rescued" in kinds(events)
    # R6.11.9 / §9: without vehicles a knocked-down firefighter goes by the family table (32 -> 30).
    st = adv_scenario(seats=2, firefighters={"red": "00", "blue": "32"}, smoke=("32",), fire=("31",),
                      mods={"vehicles": False}, engine=None, amb=None, facedown=FAR_AWAY, dice=(3, 2))
    events = ENGINE.play(st, 0, "end")
    assert "knocked_down" in kinds(events) and fighter(st, "blue")["cell"] == "30"


def test_r5_2_r4_13_specialist_ap_and_free_ap_never_saved_r5_3():
    st = adv_scenario(seats=2, specs={"red": "cafs", "blue": "generalist"}, firefighters={"red": "00"}, ap=3,
                      facedown=FAR_AWAY, dice=(6, 8, 6, 7))
    assert fighter(st, "red")["free"] == 3 and fighter(st, "red")["free_kind"] == "ext"
    ENGINE.play(st, 0, "end")
    assert fighter(st, "red")["saved"] == 3 and fighter(st, "blue")["ap"] == 5  # R6.9.6 Generalist
    ENGINE.play(st, 1, "end")
    assert fighter(st, "red")["ap"] == 6 and fighter(st, "red")["free"] == 3  # 3 + 3 saved, free not saved


def test_r6_1_4_d39_choose_what_to_carry():
    st = adv_scenario(seats=1, firefighters={"red": "33"}, victims={"33": 1}, hazmat={"33": 1}, treated={"33": 1},
                      facedown=FAR_AWAY)
    moves = ENGINE.legal_moves(st, 0)
    assert "move e carry victim" in moves and "move e carry hazmat" in moves and "move e carry hazmat lead" in moves
    assert "move e carry treated" in moves and "move e carry treated lead" not in moves
    refused(st, 0, "move e carry", "carry victim")
    ENGINE.play(st, 0, "move e carry hazmat")
    assert view(st)["hazmat"] == {"34": 1} and fighter(st, "red")["ap"] == 2


def test_r6_1_5_r6_10_3_leading_treated_victims():
    st = adv_scenario(seats=1, firefighters={"red": "33"}, treated={"33": 1}, victims={"33": 1}, fire=("43",),
                      facedown=FAR_AWAY)
    refused(st, 0, "move s lead", "cannot enter fire")
    ENGINE.play(st, 0, "move e lead")  # leading alone: 1 AP
    assert view(st)["treated"] == {"34": 1} and fighter(st, "red")["ap"] == 3
    ENGINE.play(st, 0, "move w")
    refused(st, 0, "move e lead", "no treated victim")
    st = adv_scenario(seats=1, firefighters={"red": "33"}, treated={"33": 1}, victims={"33": 1}, facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move e carry victim lead")  # carry + lead: 2 AP
    assert view(st)["treated"] == {"34": 1} and view(st)["victims"] == {"34": 1} and fighter(st, "red")["ap"] == 2


def test_r6_1_7_r6_10_2_hazmat_carried_out_is_removed():
    st = adv_scenario(seats=1, firefighters={"red": "31"}, hazmat={"31": 1}, facedown=FAR_AWAY)
    events = ENGINE.play(st, 0, "move w carry")
    assert "hazmat_removed" in kinds(events) and view(st)["hazmat"] == {}


def test_r6_8_1_r6_8_2_r6_8_3_driving_and_riding():
    """Engine: driver on it moves with it; riders and `at`; ambulance from anywhere; victims never ride."""
    st = adv_scenario(seats=3, firefighters={"red": "07", "blue": "08", "green": "00"}, victims={"08": 1},
                      engine="top", amb="left", ap=6, facedown=FAR_AWAY)
    moves = ENGINE.legal_moves(st, 0)
    assert "drive engine cw" in moves and "drive engine cw at 69" in moves
    assert "drive engine cw ride blue at 69" in moves and "drive amb cw" in moves
    refused(st, 0, "drive engine cw ride green", "not on the engine")
    refused(st, 0, "drive engine cw at 39", "get off on one of them")
    refused(st, 0, "drive engine cw ride red", "always go with it")
    ENGINE.play(st, 0, "drive engine cw ride blue at 69")
    v = view(st)
    assert v["vehicles"]["engine"]["side"] == "right" and fighter(st, "red")["cell"] == "69"
    assert fighter(st, "blue")["cell"] == "69" and v["victims"] == {"08": 1} and fighter(st, "red")["ap"] == 4
    refused(st, 0, "drive amb cw at 05", "nobody rides")
    ENGINE.play(st, 0, "drive amb ccw")
    assert view(st)["vehicles"]["amb"]["side"] == "bottom" and fighter(st, "red")["cell"] == "69"
    assert fighter(st, "red")["ap"] == 2


def test_r6_8_4_d31_gun_needs_the_engine_and_a_clear_quadrant():
    st = adv_scenario(seats=2, firefighters={"red": "07", "blue": "09"}, engine="top", fire=("15",),
                      facedown=FAR_AWAY, dice=(1, 5))
    refused(adv_scenario(seats=1, firefighters={"red": "06"}, engine="top"), 0, "gun", "from the engine")
    ENGINE.play(st, 0, "gun")  # quadrant TR; blue outside never blocks
    assert cells_with(st, "fire") == [] and fighter(st, "red")["ap"] == 0  # 4 AP (not the Driver)


def test_r6_9_1_paramedic_treats_and_extinguishes_double_d23():
    st = adv_scenario(seats=1, specs={"red": "paramedic"}, firefighters={"red": "33"}, victims={"33": 2},
                      treated={"61": 2}, smoke=("34",), facedown={"62": "false_alarm"})
    ENGINE.play(st, 0, "treat")
    assert view(st)["treated"] == {"33": 1, "61": 2} and view(st)["heal_free"] == 0
    refused(st, 0, "treat", "heal markers")
    ENGINE.play(st, 0, "ext e")
    assert fighter(st, "red")["ap"] == 1  # 1 + 2
    refused(st, 0, "ext e", "no fire or smoke")


def test_r6_9_3_imaging_identifies_anywhere():
    st = adv_scenario(seats=1, specs={"red": "imaging"}, firefighters={"red": "00"}, facedown=FAR_AWAY)
    assert "identify 61" in ENGINE.legal_moves(st, 0)
    events = ENGINE.play(st, 0, "identify 61")
    assert "poi_false_alarm" in kinds(events) and fighter(st, "red")["ap"] == 3
    refused(st, 0, "identify 44", "no face-down poi")


def test_r6_9_4_cafs_free_extinguish_ap():
    st = adv_scenario(seats=1, specs={"red": "cafs"}, firefighters={"red": "33"}, ap=3, fire=("34", "43"),
                      facedown=FAR_AWAY)
    ENGINE.play(st, 0, "ext e all")
    assert (fighter(st, "red")["ap"], fighter(st, "red")["free"]) == (3, 1)
    ENGINE.play(st, 0, "ext s all")
    assert (fighter(st, "red")["ap"], fighter(st, "red")["free"]) == (2, 0)


def test_r6_9_5_hazmat_technician_disposes():
    st = adv_scenario(seats=1, specs={"red": "hazmat"}, firefighters={"red": "33"}, hazmat={"33": 1},
                      facedown=FAR_AWAY)
    ENGINE.play(st, 0, "dispose")
    assert view(st)["hazmat"] == {} and fighter(st, "red")["ap"] == 2
    refused(st, 0, "dispose", "no hazmat")


def test_r6_9_7_rescue_specialist_free_moves_chop_1_ext_double_d21():
    st = adv_scenario(seats=1, specs={"red": "rescue"}, firefighters={"red": "33"}, fire=("35",),
                      facedown=FAR_AWAY)
    ENGINE.play(st, 0, "move e")
    ENGINE.play(st, 0, "move e")  # into fire: 2, from the free movement AP
    assert (fighter(st, "red")["ap"], fighter(st, "red")["free"]) == (4, 0)
    ENGINE.play(st, 0, "chop n")  # wall 25-35: 1 AP for the Rescue Specialist
    assert fighter(st, "red")["ap"] == 3


def test_r5_5_commanded_firefighter_in_fire_needs_an_escape_d15():
    """R5.5: a commanded firefighter left in fire counts in k; `end` is refused while it stands there."""
    st = adv_scenario(seats=2, specs={"red": "captain"}, firefighters={"red": "00", "blue": "33"}, ap=0,
                      fire=("34",), facedown=FAR_AWAY)
    refused(st, 0, "cmd blue move e", "without the ap")  # 2 command AP pay the move, none left for the escape
    st = adv_scenario(seats=2, specs={"red": "captain"}, firefighters={"red": "00", "blue": "33"}, ap=1,
                      fire=("34",), facedown=FAR_AWAY)
    ENGINE.play(st, 0, "cmd blue move e")
    assert fighter(st, "blue")["commanded"]
    assert "end" not in ENGINE.legal_moves(st, 0)
    refused(st, 0, "end", "blue stands in fire")
    assert ENGINE.legal_moves(st, 0) == ["cmd blue move e", "cmd blue move s", "cmd blue move w"]
    ENGINE.play(st, 0, "cmd blue move w")
    assert "end" in ENGINE.legal_moves(st, 0)


def test_r6_9_2_captain_commands_doors_not_other_actions():
    st = adv_scenario(seats=2, specs={"red": "captain"}, firefighters={"red": "00", "blue": "13"},
                      facedown=FAR_AWAY)
    ENGINE.play(st, 0, "cmd blue open e")
    assert view(st)["doors"]["13-14"] == "open" and fighter(st, "red")["free"] == 1
    refused(st, 0, "cmd blue chop n", "only command a move or a door")
    refused(st, 0, "cmd red move e", "commands the others")


def test_r6_10_1_crew_change_needs_the_engine():
    st = adv_scenario(seats=1, firefighters={"red": "06"}, engine="top")
    refused(st, 0, "crew cafs", "on the engine")


def test_r6_11_7_d7_two_hazmat_lowest_first_and_d8_empty_reserve():
    st = adv_scenario(seats=1, firefighters={"red": "00"}, hazmat={"22": 1, "23": 1}, smoke=("22", "23"),
                      reserve=0, facedown=FAR_AWAY, dice=(2, 2))
    events = ENGINE.play(st, 0, "end")
    cells = [e.params["cell"] for e in events if e.kind == "hazmat_explodes"]
    assert cells == ["22", "23"] and view(st)["hotspots"] == [] and "hotspot_added" not in kinds(events)


def test_r6_12_4_d29_no_valid_cell():
    """D29: when no interior cell is valid the placement stops for this turn (no endless re-roll).
    (Unreachable with the real supplies; a hand-made board with a threat on every interior cell.)"""
    every = tuple(f"{r}{c}" for r in range(1, 7) for c in range(1, 9))
    st = adv_scenario(seats=1, firefighters={"red": "00"}, facedown={}, dice=(6, 8))
    data = ENGINE.dump(st)
    data["threats"] = {c: "smoke" for c in every}
    data["threat_supply"] = 0
    st = ENGINE.load(data)
    pool = view(st)["pool"]
    events = ENGINE.play(st, 0, "end")
    assert "poi_no_room" in kinds(events) and "poi_placed" not in kinds(events)
    assert view(st)["pool"] == pool and ENGINE.to_move(st) == [0]


def test_r6_13_1_public_counters():
    st = adv_scenario(seats=2, specs={"red": "captain", "blue": "rescue"}, firefighters={"red": "07"},
                      hazmat={"33": 1}, hotspots=("44",), treated={"55": 1}, engine="top", amb="right",
                      facedown=FAR_AWAY)
    v = view(st)
    assert v["hot_reserve"] == 6 and v["hazmat_on_board"] == 1 and v["heal_free"] == 2
    assert v["unrevealed"]["victims"] == 10 - 1 and v["vehicles"]["engine"]["quadrant"] == "TR"
    f = fighter(st, "red")
    assert (f["spec"], f["ap"], f["free"], f["free_kind"], f["saved"]) == ("captain", 4, 2, "cmd", 0)
    assert fighter(st, "blue")["spec"] == "rescue" and v["ambulance_cells"] == ["39", "49"]


def test_r6_12_3_arrow_loop_rerolls():
    """R6.12.3: when the arrows run into the centre loop with every loop cell invalid, the target is re-rolled."""
    loop = ("33", "43", "44", "45", "46", "36", "35", "34")
    st = adv_scenario(seats=1, firefighters={"red": "00"}, smoke=loop,
                      facedown={"61": "false_alarm", "62": "false_alarm"}, dice=(6, 8, 3, 3, 1, 1))
    events = ENGINE.play(st, 0, "end")
    assert "poi_arrow_loop" in kinds(events) and "11" in view(st)["facedown"]
