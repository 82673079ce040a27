"""Rule-by-rule tests of rules/dinofire.md (the acceptance scenarios are in test_scenarios.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engines import get
from engines.core import Engine, event_text, resolve_options
from engines.dinofire import ENGINE
from engines.dinofire import board as B
from tests.engines.dinofire.helpers import (
    fire_of,
    kinds,
    play,
    position,
    refuse,
    seat_of,
    where,
)

# --- R1, R2, R3: the game and its board ------------------------------------------------------------

def test_r1_1_r1_2_engine_identity_and_player_counts():
    assert get("dinofire") is ENGINE and isinstance(ENGINE, Engine)
    assert ENGINE.title == "Au feu les dinosaures !"
    assert list(ENGINE.seats) == [2, 3, 4]
    with pytest.raises(ValueError):
        ENGINE.setup(5, resolve_options(ENGINE, {}), 1)


def test_r1_3_r1_4_r12_4_fewest_burnt_wins():
    """R1.3: the winner is whoever has the fewest burnt squares in their own territory."""
    s = position(2, turn="se", phase=3, round=25, burnt=["a1", "b1", "i9"], fire={"m1": 1}, dice=(1,))
    play(s, "se", "end")
    assert ENGINE.outcome(s).winners == (seat_of(s, "se"),)


def test_r2_1_r3_2_board_counts():
    kinds_count = {k: B.KIND.count(k) for k in "FSMC"}
    assert kinds_count == {"F": 144, "M": 29, "S": 48, "C": 4}
    assert B.CELL_COUNT == 225 and len(B.MAP) == 15
    for t in range(4):
        assert len(B.TERRITORY_FOREST[t]) == 36  # R3.3
        assert sum(1 for c in range(225) if B.KIND[c] == "S" and B.TERR[c] == t) == 12
    assert [B.NAMES[c] for c in B.CAVES] == ["a4", "l1", "o12", "d15"]


def test_r2_2_r2_3_pieces_and_tribes_per_player():
    view = ENGINE.view(ENGINE.setup(4, resolve_options(ENGINE, {"seat_order": "fixed"}), 1), None)
    assert [p["tribe"] for p in view["players"]] == ["Biorks", "Ngas", "Grous", "Wors"]
    assert [p["colour"] for p in view["players"]] == ["red", "blue", "yellow", "green"]
    for seat in range(4):
        mine = [p for p in view["pieces"] if p["seat"] == seat]
        assert [p["kind"] for p in mine].count("fire_maker") == 3
        assert [p["kind"] for p in mine].count("guardian") == 2
        assert [p["kind"] for p in mine].count("water_carrier") == 6
    assert len(view["dinos"]) == 4


def test_r2_4_r2_5_flames_unlimited_and_d6():
    """A square may hold 4+ flames for a moment; every roll is a d6 (1..6) in a public event."""
    s = position(turn="sw", phase=3, fire={c: 3 for c in B.NAMES if B.KIND[B.INDEX[c]] == "F"
                                           and B.TERR[B.INDEX[c]] == 1}, dice=(6,))
    events = play(s, "sw", "end")
    wind = [e for e in events if e.kind == "wind"][0]
    assert wind.to is None and 1 <= wind.params["roll"] <= 6
    assert ENGINE.view(s, None)["territories"]["ne"]["burnt"] == 36


def test_r3_1_coordinates_canonical_order_and_uppercase():
    assert B.NAMES[0] == "a1" and B.NAMES[14] == "o1" and B.NAMES[224] == "o15"
    assert B.INDEX["h8"] == 7 * 15 + 7
    s = position(pieces={"nw": {"fm1": "h5"}})
    play(s, "nw", "FM1 I5 J5")
    assert where(s, "nw", "fm1") == "j5"


def test_r3_4_orthogonal_adjacency():
    h8 = B.INDEX["h8"]
    assert {B.NAMES[n] for n in B.NEIGHBOURS[h8]} == {"h7", "i8", "h9", "g8"}
    assert len(B.NEIGHBOURS[0]) == 2
    s = position(pieces={"nw": {"fm1": "h5"}})
    refuse(s, "nw", "fm1 i6 i7", "bad_route")  # a diagonal step


def test_r3_5_fire_neighbours_jump_paths_not_caves():
    nb = {B.NAMES[c] for c in B.FIRE_NEIGHBOURS[B.INDEX["g3"]]}
    assert nb == {"g2", "i3", "g5", "f3"}
    assert {B.NAMES[c] for c in B.FIRE_NEIGHBOURS[B.INDEX["a3"]]} == {"a2", "b3"}
    assert all(B.KIND[c] == "F" for f in B.FOREST_CELLS for c in B.FIRE_NEIGHBOURS[f])


def test_r3_6_distance_to_main_path():
    expected = {"g4": 1, "f4": 2, "e4": 3, "d4": 4, "c4": 5, "b4": 6, "d7": 1, "d6": 2, "d5": 3, "d3": 5,
                "d2": 6, "d1": 7}
    assert {c: B.DIST[B.INDEX[c]] for c in expected} == expected
    for a in range(225):
        for b in B.NEIGHBOURS[a]:
            if B.IS_PATH[a] and B.IS_PATH[b] and not (B.KIND[a] == B.KIND[b] == "M"):
                assert abs(B.DIST[a] - B.DIST[b]) == 1


def test_r3_7_r3_8_rotation_symmetry():
    def rotate(c):
        x, y = c % 15 + 1, c // 15 + 1
        nx, ny = 16 - y, x
        return (ny - 1) * 15 + (nx - 1)
    for c in range(225):
        assert B.KIND[rotate(c)] == B.KIND[c]
        if B.TERR[c] >= 0:
            assert B.TERR[rotate(c)] == (B.TERR[c] + 1) % 4
    assert [B.NAMES[rotate(B.CAVES[t])] for t in range(4)] == [B.NAMES[B.CAVES[(t + 1) % 4]] for t in range(4)]
    assert [B.NAMES[c] for c in B.DINO_STARTS] == ["a8", "h1", "o8", "h15"]
    assert [rotate(B.DINO_STARTS[t]) for t in range(4)] == [B.DINO_STARTS[(t + 1) % 4] for t in range(4)]


def test_r3_9_r3_10_board_json_is_the_spec_block():
    spec = Path(__file__).resolve().parents[4] / "shared" / "rules" / "dinofire.md"
    if not spec.exists():
        pytest.skip("spec not available")
    text = spec.read_text(encoding="utf-8")
    block = text[text.index("**R3.10"):].split("```json", 1)[1].split("```", 1)[0]
    assert json.loads(block) == B.BOARD
    diagram = text[text.index("**R3.9"):].split("```", 2)[1].splitlines()
    rows = [line for line in diagram if re.match(r"^\s*\d+\s", line)]
    for r, line in enumerate(rows):
        cells = line.split()[1:16]
        assert "".join("F" if ch == "." else "S" if ch == ":" else "C" if ch == "C" else "M" for ch in cells) \
            == B.MAP[r]


# --- R4, R5: setup and turn structure --------------------------------------------------------------

def test_r4_4_unowned_territory_cannot_be_extinguished_or_entered_by_carriers():
    s = position(2, phase=3, p3act=("nw",), pieces={"nw": {"dino": "h3"}}, fire={"i3": 2})
    moves = ENGINE.legal_moves(s, 0)
    assert not any("douse i3" in m for m in moves)
    refuse(s, "nw", "w1 douse i3", "cannot_extinguish")


def test_r5_1_r5_2_round_and_phase_order():
    s = ENGINE.setup(3, resolve_options(ENGINE, {"seat_order": "fixed"}), 4)
    seen = []
    for _ in range(4):
        seat = ENGINE.to_move(s)[0]
        seen.append((ENGINE.dump(s)["round"], seat))
        play(s, ENGINE.dump(s)["territories"][seat], "end")
    assert seen == [(1, 0), (1, 1), (1, 2), (2, 0)]


def test_r5_3_one_action_per_piece_per_phase():
    s = position(pieces={"nw": {"fm1": "h5"}})
    play(s, "nw", "fm1 i5")
    refuse(s, "nw", "fm1 j5", "already_acted")
    refuse(s, "nw", "fm1 ignite", "already_acted")


def test_r5_4_phase_ends_when_nothing_is_left():
    s = position(pieces={"nw": {"fm1": "h5", "fm2": None, "fm3": None}}, gact=("nw",))
    play(s, "nw", "fm1 i5")
    assert ENGINE.dump(s)["phase"] == 2  # automatic, no `done`


def test_r5_5_end_skips_the_rest_of_the_turn():
    s = position(pieces={"nw": {"fm1": "h5"}}, gact=("nw",), p3act=("nw",))
    play(s, "nw", "end")
    assert ENGINE.to_move(s) == [seat_of(s, "ne")] and ENGINE.dump(s)["phase"] == 1


# --- R6: movement --------------------------------------------------------------------------------------

def test_r6_1_r6_2_rider_counts_as_path_and_burnt_as_forest():
    s = position(pieces={"nw": {"fm1": "b2"}}, burnt=["b2"])
    refuse(s, "nw", "fm1 b3 c3 d3", "too_far")  # burnt = forest: 2 MP
    play(s, "nw", "fm1 b3 c3")


def test_r6_3_zones_fire_maker_own_cave_only_guardian_carrier():
    s = position(pieces={"nw": {"fm1": "b4"}})
    play(s, "nw", "fm1 a4")  # its own cave
    g = position(turn="ne", phase=2, gact=("ne",), pieces={"ne": {"g1": "i3"}})
    refuse(g, "ne", "g1 h3", "forbidden_cell")
    w = position(turn="ne", phase=3, p3act=("ne",), pieces={"ne": {"w1": "i4"}})
    refuse(w, "ne", "w1 h4 g4", "forbidden_cell")
    play(w, "ne", "w1 h4")  # the main path is allowed


def test_r6_4_capacity_two_characters_and_caves_unlimited():
    s = position(turn="ne", phase=3, p3act=("ne",), pieces={"ne": {"w1": "j6", "w2": "j5", "w3": "j5"}})
    refuse(s, "ne", "w1 j5", "occupied")
    c = position()
    assert ENGINE.dump(c)["pieces"][0]["g1"] == "a4"  # five pieces in the cave


def test_r6_5_fire_maker_shares_only_with_one_carrier():
    s = position(pieces={"nw": {"fm1": "h6"}, "ne": {"w1": "i6"}})
    play(s, "nw", "fm1 i6")
    t = position(pieces={"nw": {"fm1": "h6", "fm2": "i6"}})
    refuse(t, "nw", "fm1 i6", "occupied")
    u = position(turn="ne", phase=3, p3act=("ne",), pieces={"ne": {"w1": "i6"}}, fire={"i5": 3},
                 empty={"ne": ["w1"]})
    play(u, "ne", "w1 i5")  # a carrier may enter 3 flames, even empty (A11)


def test_r6_6_guardians_wake_on_dinosaur_entry():
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "h4"}})
    events = play(s, "nw", "dino i4")
    assert "guardians_awake" in kinds(events)
    assert ENGINE.dump(s)["guardians_active"][seat_of(s, "ne")]


# --- R7: fire-makers --------------------------------------------------------------------------------

def test_r7_1_r7_2_ignite_without_moving_and_only_once():
    s = position(pieces={"nw": {"fm1": "j3"}}, dice=(4,))
    events = play(s, "nw", "fm1 ignite")
    assert "ignite_success" in kinds(events) and fire_of(s)["j3"] == 1
    refuse(s, "nw", "fm1 ignite", "already_acted")


def test_r7_3_no_ignition_on_paths_caves_own_burnt():
    s = position(pieces={"nw": {"fm1": "h3", "fm2": "j3", "fm3": "a4"}}, burnt=["j3"])
    refuse(s, "nw", "fm1 ignite", "cannot_ignite")  # path
    refuse(s, "nw", "fm2 ignite", "cannot_ignite")  # burnt
    refuse(s, "nw", "fm3 ignite", "cannot_ignite")  # cave
    refuse(s, "nw", "fm3 b4 b3 ignite", "cannot_ignite")  # own territory


def test_r7_4_r9_1_first_flame_activates_phase3_permanently():
    s = position(turn="ne", phase=3, p3act=("nw",), pieces={"ne": {}}, fire={"b2": 1})
    play(s, "ne", "end")
    assert ENGINE.dump(s)["phase3_active"][0]
    t = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d2"}}, fire={"c2": 1})
    play(t, "nw", "w1 douse c2")
    assert fire_of(t) == {} and ENGINE.dump(t)["phase3_active"][0]


# --- R8: guardians --------------------------------------------------------------------------------------

def test_r8_1_phase2_only_when_guardians_active():
    s = position(phase=1, pieces={"nw": {"fm1": None, "fm2": None, "fm3": None}}, gact=("nw",))
    assert ENGINE.dump(s)["phase"] == 1
    play(s, "nw", "done")
    assert ENGINE.dump(s)["phase"] == 2
    moves = ENGINE.legal_moves(s, 0)
    assert "g1 b4" in moves and not any(m.startswith("fm") for m in moves)


def test_r8_2_attacks_resolved_only_after_all_guardian_moves():
    s = position(turn="ne", phase=2, gact=("ne",), p3act=("ne",), pieces={"ne": {"g1": "k2"}, "nw": {"fm1": "j3"}})
    play(s, "ne", "g1 k3 j3")
    assert where(s, "nw", "fm1") == "j3"  # not pushed yet
    play(s, "ne", "done")
    assert ENGINE.dump(s)["pending"]["kind"] == "push"


def test_r8_4_retreat_chosen_by_owner_or_auto():
    base = dict(turn="ne", phase=2, gact=("ne",), p3act=("ne",), pieces={"ne": {"g1": "k2"}, "nw": {"fm1": "j3"}})
    s = position(**base)
    play(s, "ne", "g1 k3 j3 push j2")
    events = play(s, "ne", "done")
    assert "ask_retreat" in kinds(events)
    nw = seat_of(s, "nw")
    assert ENGINE.to_move(s) == [nw]
    assert ENGINE.legal_moves(s, nw) == ["retreat j1", "retreat i2", "retreat k2"]
    refuse(s, "ne", "retreat j1", "not_your_turn")
    refuse(s, "ne", "done", "pending_decision")
    refuse(s, "nw", "retreat j3", "illegal_push")
    play(s, "nw", "retreat i2")
    assert where(s, "nw", "fm1") == "i2" and ENGINE.to_move(s) == [seat_of(s, "ne")]
    a = position(options={"retreat_choice": "auto"}, **base)
    play(a, "ne", "g1 k3 j3 push j2")
    play(a, "ne", "done")
    assert where(a, "nw", "fm1") == "j1"  # straight on (north, the push direction)


def test_r8_4_auto_retreat_falls_back_to_n_e_s_w():
    """R8.4 step 3, retreat_choice=auto: straight on first; when that is illegal, N, then E, S, W."""
    s = position(options={"retreat_choice": "auto"}, turn="ne", phase=2, gact=("ne",), p3act=("ne",),
                 pieces={"ne": {"g1": "k2"}, "nw": {"fm1": "j3"}}, fire={"j1": 3})
    play(s, "ne", "g1 k3 j3 push j2")
    events = play(s, "ne", "done")
    assert "ask_retreat" not in kinds(events)
    # from j2: straight on (north) j1 has 3 flames; N is the same cell; E k2 is free (g1 left it)
    assert where(s, "nw", "fm1") == "k2"


def test_r8_5_knock_out_when_retreat_impossible():
    s = position(turn="ne", phase=2, gact=("ne",), p3act=("ne",),
                 pieces={"ne": {"g1": "o4"}, "nw": {"fm1": "o2"}}, fire={"o1": 3, "n1": 3, "n3": 3, "m2": 3})
    play(s, "ne", "g1 o3 o2")
    events = play(s, "ne", "done")  # push only to n2 (o3 is the entry); from n2 no retreat -> knock-out
    assert kinds(events)[:2] == ["push", "knockout"]
    assert where(s, "nw", "fm1") == "a4"


def test_r8_6_r8_3_attack_into_two_characters():
    s = position(turn="ne", phase=2, gact=("ne",), p3act=("ne",),
                 pieces={"ne": {"g1": "k2", "w1": "j3"}, "nw": {"fm1": "j3"}})
    play(s, "ne", "g1 k3 j3")  # j3 holds 2 characters; an attack may still enter
    assert where(s, "ne", "g1") == "j3"


def test_r8_7_push_after_a_plain_move_is_bad_command():
    s = position(turn="ne", phase=2, gact=("ne",), pieces={"ne": {"g1": "k2"}})
    refuse(s, "ne", "g1 k3 push k4", "bad_command")


# --- R9: dinosaur and carriers ----------------------------------------------------------------------

def test_r9_2_riders_are_never_harmed_and_move_with_the_dinosaur():
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d8"}}, fire={"c7": 3}, dice=(1,))
    play(s, "nw", "dino d7")
    play(s, "nw", "end")
    assert where(s, "nw", "w1") == "rider"
    assert all(p["cell"] == "d7" for p in ENGINE.view(s, None)["pieces"] if p.get("rider") and p["seat"] == 0)


def test_r9_3_dinosaur_moves_only_on_paths_up_to_six():
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "a8"}})
    refuse(s, "nw", "dino b8 c8 d8 e8 f8 g8 h8", "too_far")
    play(s, "nw", "dino b8 c8 d8 e8 f8 g8")


def test_r9_4_mount_and_dismount():
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d8", "w1": "d7"}})
    refuse(s, "nw", "w1 d6 on", "not_at_dino")
    refuse(s, "nw", "w2 on", "bad_command")  # already riding
    refuse(s, "nw", "w1 off", "not_rider")
    play(s, "nw", "w1 d8 on")
    assert where(s, "nw", "w1") == "rider"
    play(s, "nw", "w2 off")
    assert where(s, "nw", "w2") == "d8"


def test_r9_5_r9_8_extinguish_on_foot_own_territory_only():
    s = position(turn="ne", phase=3, p3act=("ne",), pieces={"ne": {"w1": "i5", "w2": "i6"}},
                 fire={"i6": 3, "g5": 1})
    play(s, "ne", "w1 i6 ext")
    play(s, "ne", "w2 ext")
    assert fire_of(s)["i6"] == 1
    t = position(turn="ne", phase=3, p3act=("ne",), pieces={"ne": {"w1": "h5"}}, fire={"g5": 1})
    refuse(t, "ne", "w1 g5 ext", "forbidden_cell")
    refuse(t, "ne", "w1 ext", "cannot_extinguish")


def test_r9_6_douse_removes_up_to_two():
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d2"}}, fire={"c2": 1, "e2": 3})
    play(s, "nw", "w1 douse e2")
    play(s, "nw", "w2 douse c2")
    assert fire_of(s) == {"e2": 1}
    refuse(s, "nw", "w3 douse b2", "not_adjacent_to_dino")


def test_r9_7_empty_carrier_on_foot_is_not_refilled():
    s = position(phase=2, p3act=("nw",), pieces={"nw": {"w1": "c6"}}, empty={"nw": ["w1", "w2"]})
    play(s, "nw", "done")
    d = ENGINE.dump(s)
    assert d["phase"] == 3 and d["empty"][0] == ["w1"]  # the rider w2 is refilled, w1 on foot is not


def test_r9_9_backing_dinosaur_blocked_without_route():
    # ne dinosaur on d4, cornered: d3 side is the mover, d5 holds another dinosaur, e4 holds a third.
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d3"}, "ne": {"dino": "d4"},
                                                  "se": {"dino": "d5"}, "sw": {"dino": "e4"}})
    refuse(s, "nw", "dino d4", "dino_blocked")


# --- R10: flames ------------------------------------------------------------------------------------

def test_r10_1_no_flames_no_roll():
    s = position(turn="sw", phase=3)
    rng = ENGINE.dump(s)["rng"]
    events = play(s, "sw", "end")
    assert "wind" not in kinds(events) and "calm" not in kinds(events)
    assert ENGINE.dump(s)["rng"] == rng and ENGINE.view(s, None)["last_wind"] is None


def test_r10_2_r11_1_wind_roll_is_public_and_shown():
    s = position(turn="sw", phase=3, fire={"b2": 1}, dice=(4,))
    events = play(s, "sw", "end")
    assert events[0].kind == "wind" and events[0].params["roll"] == 4 and events[0].to is None
    assert ENGINE.view(s, None)["last_wind"]["roll"] == 4
    assert "4" in event_text("dinofire", "wind", events[0].params)


def test_r10_3_r10_4_wind_to_three_kills_but_waits_to_burn():
    s = position(turn="sw", phase=3, fire={"b2": 2}, dice=(6,), pieces={"nw": {"fm1": "b2"}})
    play(s, "sw", "end")
    assert fire_of(s) == {"b2": 3} and where(s, "nw", "fm1") is None


# --- R11, R12 -----------------------------------------------------------------------------------------

def test_r11_2_r11_3_public_view_has_everything_but_the_rng():
    s = position(phase=3, p3act=("nw",), fire={"c2": 2}, stun={"nw": {"fm2": 1}}, empty={"nw": ["w3"]})
    view = ENGINE.view(s, None)
    json.dumps(view)
    assert "rng" not in view and str(ENGINE.dump(s)["rng"]["state"]) not in json.dumps(view)
    for key in ("game", "seats", "to_move", "over", "outcome", "viewer", "round", "phase", "active", "fire",
                "burnt", "pieces", "dinos", "players", "last_wind", "map"):
        assert key in view
    assert view["fire"] == {"c2": 2}
    assert {p["piece"]: p["stun"] for p in view["pieces"] if p["seat"] == 0 and p["kind"] == "fire_maker"} \
        == {"fm1": 0, "fm2": 1, "fm3": 0}
    assert view["dinos"][0] == {"seat": 0, "cell": "a8", "riders_full": 5, "riders_empty": 1}
    assert view["players"][0]["phase3_active"] and not view["players"][0]["guardians_active"]
    assert ENGINE.view(s, 0)["viewer"] == 0


def test_r12_1_end_checks_after_a_skipped_flames_turn():
    s = position(2, turn="se", phase=3, round=25, dice=())
    play(s, "se", "end")
    assert ENGINE.outcome(s) is not None


def test_r12_5_burnt_out_player_keeps_playing():
    from tests.engines.dinofire.test_scenarios import _forest
    s = position(2, burnt=_forest("nw"), fire={"m12": 1}, pieces={"nw": {"fm1": "h10"}})
    assert "fm1 i10 ignite" in ENGINE.legal_moves(s, 0)


# --- N: notation -----------------------------------------------------------------------------------

def test_n1_shorthand_route_and_no_route_codes():
    s = position(pieces={"nw": {"fm1": "h5"}})
    events = play(s, "nw", "fm1 j6")
    assert events[0].params["route"] == "i5 j5 j6"  # BFS N, E, S, W keeps the first parent
    refuse(s, "nw", "fm2 l1", "forbidden_cell")
    refuse(s, "nw", "fm2 a4", "bad_route")
    refuse(s, "nw", "fm2 o15", "too_far")


def test_n2_legal_moves_all_accepted_and_ordered():
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d6", "w1": "c6"}}, fire={"c6": 1, "c5": 2},
                 empty={"nw": ["w2"]})
    moves = ENGINE.legal_moves(s, 0)
    assert moves[-2:] == ["done", "end"]
    assert moves[0].startswith("dino ")
    assert "w1 ext" in moves and "w3 douse c6" in moves and "w2 douse c6" not in moves
    assert "w3 off c5 ext" in moves and "w3 off" in moves
    for move in moves:
        t = ENGINE.load(ENGINE.dump(s))
        ENGINE.play(t, 0, move)


def test_n3_n4_refusal_codes_and_order():
    s = position(pieces={"nw": {"fm1": "h5"}})
    refuse(s, "nw", "", "bad_command")
    refuse(s, "nw", "fly away", "bad_command")
    refuse(s, "nw", "fm1 h6 jump", "bad_command")
    refuse(s, "nw", "done now", "bad_command")
    refuse(s, "ne", "fm1 i5", "not_your_turn")
    refuse(s, "nw", "fm9 i5", "unknown_piece")
    refuse(s, "nw", "g1 b4", "inactive")
    refuse(s, "nw", "w1 off", "inactive")
    refuse(s, "nw", "fm1 z9", "bad_route")
    refuse(s, "nw", "fm1 i5 i7", "bad_route")
    t = position(pieces={"nw": {"fm1": None}})
    refuse(t, "nw", "fm1 b4", "piece_removed")
    u = position(phase=2, gact=("nw",))
    refuse(u, "nw", "fm1 b4", "wrong_phase")
    v = position(phase=3, p3act=("nw",), pieces={"nw": {"w1": "b6"}}, fire={"b5": 3})
    refuse(v, "nw", "w1 douse b5", "not_rider")
    refuse(v, "nw", "w1 b7 on", "not_at_dino")


def test_n5_canonical_log_shows_full_route():
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "a8"}})
    events = play(s, "nw", "dino e8")
    assert events[0].params["route"] == "b8 c8 d8 e8"
    assert "b8 c8 d8 e8" in event_text("dinofire", "move", events[0].params, "fr")


def test_n4_route_checked_cell_by_cell_t5_decision():
    """T5 lists `fm2 h6 h5 i5` as `too_far`; that holds once fm1 has left h5 (the scenario's bullets are
    separate positions). With fm1 still on h5, N4 checks h5 (the 2nd entry, within 2 MP) before i5, so
    the first code met is `occupied`."""
    s = position(pieces={"nw": {"fm1": "h5", "fm2": "g6"}})
    refuse(s, "nw", "fm2 h6 h5 i5", "occupied")
    play(s, "nw", "fm1 i5 j5 k5 k6")
    refuse(s, "nw", "fm2 h6 h5 i5", "too_far")


# --- illegal move classes the issue names --------------------------------------------------------------

def test_illegal_classes_from_the_issue():
    refuse(position(pieces={"nw": {"fm1": "g6"}}), "nw", "fm1 h6 i6 j6", "too_far")  # out of MP
    refuse(position(turn="ne", phase=2, gact=("ne",), pieces={"ne": {"g1": "i4"}}), "ne", "g1 h4",
           "forbidden_cell")  # a guardian leaving its territory
    refuse(position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d8"}}), "nw", "dino c8 c7",
           "forbidden_cell")  # a dinosaur in the forest
    s = position(pieces={"nw": {"fm1": "j3"}}, dice=(1,))
    play(s, "nw", "fm1 ignite")
    refuse(s, "nw", "fm1 ignite", "already_acted")  # igniting twice
    refuse(position(pieces={"nw": {"fm1": "a4"}}), "nw", "fm1 ignite", "cannot_ignite")  # cave ignition


# --- catalogs, options, dump ------------------------------------------------------------------------

def test_catalogs_cover_every_event_kind_and_outcome():
    root = Path(__file__).resolve().parents[3] / "engines" / "dinofire"
    source = (root / "game.py").read_text(encoding="utf-8")
    emitted = set(re.findall(r'Event\("([a-z_0-9.]+)"', source)) | {"phase1", "phase2", "phase3",
                                                                     "outcome.win", "outcome.shared"}
    for locale in ("en", "fr"):
        catalog = json.loads((root / "messages" / f"{locale}.json").read_text(encoding="utf-8"))
        assert emitted <= set(catalog), emitted - set(catalog)


def test_r13_options_are_declared_and_validated():
    names = {o.name for o in ENGINE.options}
    assert names == {"round_limit", "wind_spread", "retreat_choice", "two_player_layout", "seat_order"}
    assert all(len(o.help) <= 90 for o in ENGINE.options)
    opts = resolve_options(ENGINE, {"round_limit": "0", "wind_spread": "territory"})
    assert opts["round_limit"] == 0
    with pytest.raises(ValueError):
        resolve_options(ENGINE, {"round_limit": 100})


def test_dump_load_round_trip_mid_decision():
    s = position(turn="ne", phase=2, gact=("ne",), p3act=("ne",), pieces={"ne": {"g1": "k2"}, "nw": {"fm1": "j3"}})
    play(s, "ne", "g1 k3 j3")
    play(s, "ne", "done")
    d = ENGINE.dump(s)
    json.dumps(d)
    assert ENGINE.dump(ENGINE.load(d)) == d and ENGINE.load(d) == s


def test_r4_1_seats_in_random_order_unless_fixed():
    """R4.1: the seats are put in random order (drawn with the game's Rng), unless the host fixes it;
    the k-th seat of that order plays k-th and takes the k-th territory of the layout."""
    layout = ["nw", "ne", "se", "sw"]
    firsts = set()
    for seed in range(40):
        s = ENGINE.setup(4, resolve_options(ENGINE, {}), seed)
        d = ENGINE.dump(s)
        assert sorted(d["order"]) == [0, 1, 2, 3]
        assert [d["territories"][seat] for seat in d["order"]] == layout
        assert ENGINE.to_move(s) == [d["order"][0]]
        firsts.add(d["order"][0])
        assert ENGINE.dump(ENGINE.setup(4, resolve_options(ENGINE, {}), seed)) == d  # the same seed, the same draw
    assert firsts == {0, 1, 2, 3}
    fixed = ENGINE.dump(ENGINE.setup(4, resolve_options(ENGINE, {"seat_order": "fixed"}), 5))
    assert fixed["order"] == [0, 1, 2, 3] and fixed["territories"] == layout


def test_r4_1_turns_follow_the_drawn_order():
    from engines.core import Rng
    from engines.players import RandomPlayer

    s = ENGINE.setup(3, resolve_options(ENGINE, {}), 7)
    order = ENGINE.dump(s)["order"]
    assert order != [0, 1, 2]  # this seed draws another order than the join order
    owners, rng, player = [ENGINE.dump(s)["turn"]], Rng(1), RandomPlayer()
    while len(owners) < 7 and ENGINE.outcome(s) is None:
        seat = ENGINE.to_move(s)[0]
        ENGINE.play(s, seat, player.choose(ENGINE, s, seat, rng))
        turn = ENGINE.dump(s)["turn"]  # whose turn it is (a push question may ask someone else meanwhile)
        if turn != owners[-1]:
            owners.append(turn)
    assert owners == (order * 3)[:len(owners)] and len(owners) == 7
