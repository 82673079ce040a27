"""The acceptance scenarios T1-T20 of rules/dinofire.md §12, played through the public API."""

from __future__ import annotations

from engines.core import resolve_options
from engines.dinofire import ENGINE
from tests.engines.dinofire.helpers import (
    burnt_of,
    fire_of,
    kinds,
    play,
    position,
    refuse,
    seat_of,
    where,
)

ALL_W = ("w1", "w2", "w3", "w4", "w5", "w6")


def test_t1_setup_four_players_r4():
    """T1 (R4.1-R4.3, R5.4, R10.1): caves, dinosaurs with six full riders, nothing active, round 1."""
    s = ENGINE.setup(4, resolve_options(ENGINE, {"seat_order": "fixed"}), seed=3)
    d = ENGINE.dump(s)
    assert d["territories"] == ["nw", "ne", "se", "sw"]
    for seat, (cave, start) in enumerate((("a4", "a8"), ("l1", "h1"), ("o12", "o8"), ("d15", "h15"))):
        p = d["pieces"][seat]
        assert [p[k] for k in ("fm1", "fm2", "fm3", "g1", "g2")] == [cave] * 5
        assert p["dino"] == start
        assert [p[w] for w in ALL_W] == ["rider"] * 6
        assert d["empty"][seat] == []
    assert d["fire"] == {} and d["burnt"] == []
    assert d["guardians_active"] == [False] * 4 and d["phase3_active"] == [False] * 4
    assert d["round"] == 1 and ENGINE.to_move(s) == [0] and d["phase"] == 1
    # In round 1 only fire-makers act, and none can reach an enemy cell: no ignition anywhere.
    for seat in range(4):
        assert ENGINE.to_move(s) == [seat]
        moves = ENGINE.legal_moves(s, seat)
        assert all(m.split()[0] in ("fm1", "fm2", "fm3", "done", "end") for m in moves)
        assert not any(m.endswith("ignite") for m in moves)
        assert "fm1 a9" not in moves  # a4 -> a9 is 5 steps
        rng_before = d["rng"]
        events = ENGINE.play(s, seat, "done")
        assert "wind" not in kinds(events) and "calm" not in kinds(events)
        assert ENGINE.dump(s)["rng"] == rng_before  # flames turn skipped, no roll
    assert ENGINE.dump(s)["round"] == 2


def test_t2_setup_two_and_three_players_r4_1_r4_4():
    two = ENGINE.dump(ENGINE.setup(2, resolve_options(ENGINE, {}), seed=1))
    assert two["territories"] == ["nw", "se"]
    assert len(two["pieces"]) == 2
    adjacent = ENGINE.dump(ENGINE.setup(2, resolve_options(ENGINE, {"two_player_layout": "adjacent"}), seed=1))
    assert adjacent["territories"] == ["nw", "ne"]
    three = ENGINE.setup(3, resolve_options(ENGINE, {}), seed=1)
    assert ENGINE.dump(three)["territories"] == ["nw", "ne", "se"]
    order = []
    for _ in range(3):
        seat = ENGINE.to_move(three)[0]
        order.append(ENGINE.dump(three)["territories"][seat])
        ENGINE.play(three, seat, "end")
    assert order == ["nw", "ne", "se"]
    view = ENGINE.view(three, None)
    assert view["territories"]["sw"]["owner"] is None


def test_t3_successful_ignition_r7_2_r6_6_r9_1():
    s = position(pieces={"nw": {"fm1": "g3"}}, dice=(5,))
    events = play(s, "nw", "fm1 h3 i3 ignite")
    assert kinds(events)[:2] == ["move", "guardians_awake"]
    assert "ignite_success" in kinds(events) and "phase3_active" in kinds(events)
    assert fire_of(s)["i3"] == 1
    assert where(s, "nw", "fm1") == "i3"
    d = ENGINE.dump(s)
    assert "fm1" in d["acted"]
    assert d["guardians_active"][seat_of(s, "ne")] and d["phase3_active"][seat_of(s, "ne")]


def test_t4_failed_ignition_and_refusals_r7_2_r7_3_r5_3():
    # The end of T3 (fm1 on i3, acted), with fm2 and fm3 placed as T4 says. (T4 cannot literally follow
    # T3: fm1's route h3 would have crossed fm3 on h3, which R6.5 forbids.)
    s = position(pieces={"nw": {"fm1": "i3", "fm2": "h5", "fm3": "h3"}}, fire={"i3": 1, "i2": 1},
                 gact=("ne",), p3act=("ne",), dice=(3, 1))
    d = ENGINE.dump(s)
    d["acted"] = ["fm1"]
    s = ENGINE.load(d)
    events = play(s, "nw", "fm2 i5 ignite")
    assert "ignite_fail" in kinds(events)
    assert where(s, "nw", "fm2") == "i5" and "i5" not in fire_of(s)
    refuse(s, "nw", "fm2 j5", "already_acted")
    refuse(s, "nw", "fm3 h2 i2 ignite", "cannot_ignite")
    refuse(s, "nw", "fm3 h2 g2 ignite", "cannot_ignite")
    events = play(s, "nw", "fm3 h2 i2")
    assert where(s, "nw", "fm3") == "i2"
    # Phase 1 is over (all three acted); the flames turn used the third die: no dice were used by refusals.
    calm = [e for e in events if e.kind == "calm"]
    assert calm and calm[0].params["roll"] == 1


def test_t5_movement_allowance_r6_1_r6_2():
    s = position(pieces={"nw": {"fm1": "h5", "fm2": "g6"}})
    refuse(s, "nw", "fm1 i5 j5 k5 k6 k7", "too_far")
    play(s, "nw", "fm1 i5 j5 k5 k6")
    assert where(s, "nw", "fm1") == "k6"
    refuse(s, "nw", "fm2 h6 h5 i5", "too_far")  # (with fm1 still on h5 it would be `occupied` first, N4)
    events = play(s, "nw", "fm3 e4")
    assert events[0].params["route"] == "b4 c4 d4 e4"
    c = position(turn="ne", phase=3, p3act=("ne",), pieces={"ne": {"w1": "k6"}})
    refuse(c, "ne", "w1 l6 l7", "too_far")
    play(c, "ne", "w1 l6")
    assert where(c, "ne", "w1") == "l6"


def test_t6_activation_gates_r6_6_r9_1_r5_4():
    s = ENGINE.setup(4, resolve_options(ENGINE, {}), seed=2)
    play(s, "nw", "fm1 e4")
    play(s, "nw", "done")
    assert ENGINE.to_move(s) == [seat_of(s, "ne")]
    refuse(s, "ne", "g1 l2", "inactive")
    for t in ("ne", "se", "sw"):
        play(s, t, "end")
    assert ENGINE.dump(s)["round"] == 2
    play(s, "nw", "fm1 f4 g4 h4 i4")
    d = ENGINE.dump(s)
    ne = seat_of(s, "ne")
    assert d["guardians_active"][ne] and not d["phase3_active"][ne]
    play(s, "nw", "end")
    play(s, "ne", "done")
    assert ENGINE.dump(s)["phase"] == 2
    play(s, "ne", "g1 l2")
    play(s, "ne", "done")
    # Phase 3 inactive: skipped; no flames: no roll; se is next.
    assert ENGINE.to_move(s) == [seat_of(s, "se")] and ENGINE.dump(s)["phase"] == 1


def t7_position(p3=("ne",), dice=()):
    return position(turn="ne", phase=2, gact=("ne",), p3act=p3, dice=dice,
                    pieces={"ne": {"g1": "k2", "w1": "k4", "w2": "k4"}, "nw": {"fm1": "j3"}},
                    fire={"j5": 3})


def test_t7_attack_push_forced_retreat_r8_3_r8_4():
    s = t7_position()
    refuse(s, "ne", "g1 k3 j3 i3", "attack_must_end")
    events = play(s, "ne", "g1 k3 j3")
    assert "attack" in kinds(events)
    events = play(s, "ne", "done")
    assert "ask_push" in kinds(events)
    ne = seat_of(s, "ne")
    assert ENGINE.to_move(s) == [ne]
    assert ENGINE.legal_moves(s, ne) == ["push j2", "push i3", "push j4"]
    refuse(s, "ne", "g2 k1", "pending_decision")
    refuse(s, "nw", "push j4", "not_your_turn")
    refuse(s, "ne", "retreat j4", "bad_command")
    events = play(s, "ne", "push j4")
    assert kinds(events)[:2] == ["push", "retreat"]
    assert where(s, "nw", "fm1") == "i4" and where(s, "ne", "g1") == "j3"
    assert ENGINE.dump(s)["stun"][seat_of(s, "nw")] == {}
    assert fire_of(s) == {"j5": 3}
    assert ENGINE.dump(s)["phase"] == 3


def test_t8_knock_out_and_stun_length_r8_4_r8_5_r7_5():
    s = position(turn="ne", phase=2, round=3, gact=("ne",), dice=(1,),
                 pieces={"ne": {"g1": "n2"}, "nw": {"fm2": "o1"}}, fire={"o2": 3})
    play(s, "ne", "g1 n1 o1")
    events = play(s, "ne", "done")
    assert "knockout" in kinds(events)
    assert where(s, "nw", "fm2") == "a4"
    assert ENGINE.dump(s)["stun"][seat_of(s, "nw")] == {"fm2": 2}
    for t in ("se", "sw"):
        play(s, t, "end")
    assert ENGINE.dump(s)["round"] == 4
    refuse(s, "nw", "fm2 b4", "stunned")
    play(s, "nw", "end")
    assert ENGINE.dump(s)["stun"][seat_of(s, "nw")] == {"fm2": 1}
    for t in ("ne", "se", "sw"):
        play(s, t, "end")
    refuse(s, "nw", "fm2 b4", "stunned")
    play(s, "nw", "end")
    assert ENGINE.dump(s)["stun"][seat_of(s, "nw")] == {}
    for t in ("ne", "se", "sw"):
        play(s, t, "end")
    assert ENGINE.dump(s)["round"] == 6
    play(s, "nw", "fm2 b4")
    assert where(s, "nw", "fm2") == "b4"


def test_t9_double_attack_r8_4_step1_r8_6():
    s = position(turn="ne", phase=2, gact=("ne",), p3act=("ne",),
                 pieces={"ne": {"g1": "k1", "g2": "i1"}, "nw": {"fm3": "j2"}})
    play(s, "ne", "g1 k2 j2")
    refuse(s, "ne", "g1 j1", "already_acted")
    events = play(s, "ne", "g2 i2 j2")
    assert "knockout" in kinds(events) and "push" not in kinds(events)
    assert where(s, "nw", "fm3") == "a4"
    assert ENGINE.dump(s)["stun"][seat_of(s, "nw")] == {"fm3": 2}
    assert where(s, "ne", "g1") == "j2" and where(s, "ne", "g2") == "j2"
    assert ENGINE.dump(s)["phase"] == 3


def test_t10_carriers_and_dinosaur_r9_3_to_r9_8():
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d8"}},
                 fire={"c6": 3, "e6": 2, "e5": 1, "b6": 1}, dice=(1,) * 12)
    play(s, "nw", "dino d7 d6")
    play(s, "nw", "w1 douse c6")
    assert fire_of(s)["c6"] == 1
    play(s, "nw", "w2 douse e6")
    assert "e6" not in fire_of(s)
    refuse(s, "nw", "w4 douse b6", "not_adjacent_to_dino")
    refuse(s, "nw", "w1 douse c6", "already_acted")
    events = play(s, "nw", "w3 off c6 ext")
    assert kinds(events) == ["dismount", "move", "extinguish"]
    play(s, "nw", "w5 off d5 e5 ext")
    refuse(s, "nw", "w6 off d5 d4 d3", "too_far")
    refuse(s, "nw", "dino d5", "already_acted")
    f = fire_of(s)
    assert "c6" not in f and "e6" not in f and "e5" not in f and f["b6"] == 1
    d = ENGINE.dump(s)
    nw = seat_of(s, "nw")
    assert sorted(d["empty"][nw]) == ["w1", "w2", "w3", "w5"]
    assert where(s, "nw", "w3") == "c6" and where(s, "nw", "w5") == "e5"
    assert where(s, "nw", "w4") == "rider" and where(s, "nw", "w6") == "rider"
    play(s, "nw", "end")
    for t in ("ne", "se", "sw"):
        play(s, t, "end")
    events = play(s, "nw", "done")  # Phase 1 over; Phase 2 inactive; Phase 3 starts with a refill (R9.7)
    assert "refill" in kinds(events)
    assert sorted(ENGINE.dump(s)["empty"][nw]) == ["w3", "w5"]
    refuse(s, "nw", "w3 d6 on", "too_far")
    play(s, "nw", "w3 d6")
    play(s, "nw", "end")
    for t in ("ne", "se", "sw"):
        play(s, t, "end")
    play(s, "nw", "done")
    play(s, "nw", "w3 on")
    assert where(s, "nw", "w3") == "rider" and "w3" not in ENGINE.dump(s)["empty"][nw]


def test_t11_calm_flames_turn_r10_4_r10_5():
    s = position(turn="se", phase=3, fire={"b2": 3, "c2": 2, "j10": 3}, dice=(2,),
                 pieces={"se": {"w2": "j10"}, "nw": {"w1": "c2"}})
    events = play(s, "se", "end")
    assert "calm" in kinds(events) and "spread" not in kinds(events)
    assert where(s, "se", "w2") is None
    assert burnt_of(s) == {"b2", "j10"}
    assert fire_of(s) == {"c2": 2}
    assert where(s, "nw", "w1") == "c2"
    view = ENGINE.view(s, None)
    assert view["territories"]["nw"]["burnt"] == 1 and view["territories"]["se"]["burnt"] == 1


def t12_position(**extra):
    pieces = {"nw": {"w1": "f3"}, "ne": {"fm1": "e3", "fm2": "g2"}}
    fire = {"g3": 3, "f3": 2, "e3": 2, "g2": 1}
    fire.update(extra.pop("fire", {}))
    return position(turn="sw", phase=3, fire=fire, pieces=extra.pop("pieces", pieces), **extra)


def test_t12_wind_spread_across_paths_and_chain_r10_3_to_r10_8():
    s = t12_position(dice=(5,))
    assert not ENGINE.dump(s)["phase3_active"][seat_of(s, "ne")]
    events = play(s, "sw", "end")
    assert "wind" in kinds(events)
    casualties = {e.params["piece"] for e in events if e.kind == "casualty"}
    assert casualties == {"NW w1", "NE fm1"}
    assert burnt_of(s) == {"g3", "f3", "e3"}
    assert fire_of(s) == {"g2": 3, "f2": 1, "e2": 1, "c3": 1, "e5": 1, "f5": 1, "g5": 1, "i3": 1}
    assert where(s, "ne", "fm2") == "g2"  # reached 3 by spreading: survives for now
    assert ENGINE.dump(s)["phase3_active"][seat_of(s, "ne")]  # i3
    assert ENGINE.to_move(s) == [seat_of(s, "nw")]


def test_t13_killed_by_double_spread_r10_7():
    s = position(turn="sw", phase=3, fire={"e2": 3, "g2": 3, "f2": 1}, dice=(4,), pieces={"nw": {"w2": "f2"}})
    events = play(s, "sw", "end")
    assert [e.params["piece"] for e in events if e.kind == "casualty"] == ["NW w2"]
    assert burnt_of(s) == {"e2", "f2", "g2"}
    assert fire_of(s) == {c: 1 for c in ("e1", "f1", "g1", "c2", "e3", "f3", "g3", "i2")}


def test_t14_wind_spread_territory_option_r13():
    s = t12_position(fire={"j10": 1}, pieces={"nw": {"w1": "f3"}}, dice=(6,), picks=("f3",),
                     options={"wind_spread": "territory"})
    events = play(s, "sw", "end")
    assert [e.params["cell"] for e in events if e.kind == "wind_pick"] == ["f3"]  # j10 needs no pick
    assert where(s, "nw", "w1") is None
    assert burnt_of(s) == {"g3", "f3"}
    assert fire_of(s) == {"e3": 3, "g2": 2, "f2": 1, "f5": 1, "g5": 1, "i3": 1, "j10": 2}


def test_t15_dinosaurs_meeting_r9_9_r3_6():
    riders_off = {w: None for w in ALL_W[1:]}
    s = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "d3", **riders_off}, "ne": {"dino": "d4"}})
    events = play(s, "nw", "dino d4 d5")
    assert kinds(events)[:2] == ["move", "dino_backs"]
    assert where(s, "ne", "dino") == "h4" and where(s, "nw", "dino") == "d5"
    assert where(s, "ne", "w1") == "rider"  # riders go with their dinosaur
    b = position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "f4", **riders_off}, "ne": {"dino": "e4"}})
    refuse(b, "nw", "dino e4", "dino_blocked")


def test_t16_illegal_moves_r6_3_to_r6_5_r9_3():
    refuse(position(turn="ne", phase=2, gact=("ne",), pieces={"ne": {"g1": "i7"}}), "ne", "g1 h7",
           "forbidden_cell")
    refuse(position(pieces={"nw": {"fm1": "h6"}, "ne": {"g2": "i6"}}), "nw", "fm1 i6", "occupied")
    refuse(position(pieces={"nw": {"fm1": "h6"}}, fire={"i5": 3}), "nw", "fm1 h5 i5", "too_hot")
    refuse(position(turn="ne", phase=3, p3act=("ne",),
                    pieces={"ne": {"w1": "j6", "w2": "j5"}, "nw": {"fm2": "j5"}}), "ne", "w1 j5", "occupied")
    refuse(position(turn="ne", phase=3, p3act=("ne",), pieces={"ne": {"w3": "k6"}}, empty={"ne": ["w3"]},
                    fire={"k6": 1}), "ne", "w3 ext", "bucket_empty")
    refuse(position(pieces={"nw": {"fm3": "k1"}}), "nw", "fm3 l1", "forbidden_cell")
    refuse(position(phase=3, p3act=("nw",), pieces={"nw": {"dino": "h8"}}), "nw", "dino h9 i9", "forbidden_cell")
    refuse(position(turn="se", phase=3, p3act=("se",),
                    pieces={"se": {"dino": "l8", **{w: None for w in ALL_W}}}), "se", "dino l9", "no_rider")
    refuse(position(turn="ne", phase=3, p3act=("ne",), pieces={"ne": {"dino": "h4"}}), "ne", "w4 off g4",
           "forbidden_cell")


def test_t17_unowned_territory_two_players_r4_4_r7_3_r3_5():
    s = position(2, pieces={"nw": {"fm1": "h10"}})
    refuse(s, "nw", "fm1 g10 ignite", "cannot_ignite")
    f = position(2, turn="se", phase=3, fire={"g7": 3}, dice=(4, 6))
    play(f, "se", "end")
    assert burnt_of(f) == {"g7"}
    assert fire_of(f) == {"g6": 1, "f7": 1, "i7": 1, "g9": 1}
    play(f, "nw", "end")  # the next flames turn: the wind feeds the unowned i7 and g9 too
    assert fire_of(f) == {"g6": 2, "f7": 2, "i7": 2, "g9": 2}
    view = ENGINE.view(f, None)
    assert view["territories"]["ne"]["owner"] is None and view["territories"]["ne"]["flames"] == 2
    assert all(p["territory"] in ("nw", "se") for p in view["players"])


def t18_position(se_fire):
    burnt = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3",  # nw 9
             "i1", "j1", "k1", "i2", "j2", "k2",  # ne 6
             "i9", "j9", "k9", "i10", "j10", "k10"]  # se 6
    fire = {"m1": 1, "m2": 2}
    fire.update(se_fire)
    return position(3, turn="se", phase=3, round=25, burnt=burnt, fire=fire, dice=(1,))


def test_t18_round_limit_and_tie_break_r12_2_r12_4():
    s = t18_position({"m9": 2, "m10": 2, "m11": 1})
    before = position(3, turn="ne", phase=3, round=25, fire={"m1": 1}, dice=(1,))
    play(before, "ne", "end")
    assert ENGINE.outcome(before) is None  # only after the last seat's turn
    events = play(s, "se", "end")
    out = ENGINE.outcome(s)
    assert out is not None and out.kind == "outcome.win"
    assert out.winners == (seat_of(s, "ne"),)
    assert out.scores == {0: 9, 1: 6, 2: 6}
    assert events[-1].kind == "outcome.win"
    assert ENGINE.to_move(s) == [] and ENGINE.legal_moves(s, 2) == []
    refuse(s, "se", "done", "game_over")
    tied = t18_position({"m9": 2, "m10": 1})
    play(tied, "se", "end")
    out = ENGINE.outcome(tied)
    assert out.kind == "outcome.shared" and out.winners == (1, 2)


def t19_position(nw_burnt=36, nw_fm=False, round=10, limit=0):
    nw_squares = _forest("nw")[:nw_burnt]
    se_burnt = _forest("se")[:11]
    gone = {} if nw_fm else {"fm1": None, "fm2": None, "fm3": None}
    return position(2, turn="se", phase=3, round=round, burnt=nw_squares + se_burnt,
                    pieces={"nw": gone, "se": {"fm1": None, "fm3": None}}, options={"round_limit": limit})


def _forest(territory):
    view = ENGINE.view(position(2), None)
    cols = "abcdefghijklmno"
    rows, xs = {"nw": (range(1, 8), range(0, 7)), "se": (range(9, 16), range(8, 15))}[territory]
    return [f"{cols[x]}{y}" for y in rows for x in xs if view["map"][y - 1][x] == "F"]


def test_t19_end_when_nothing_can_burn_r12_3_r12_6():
    s = t19_position()
    play(s, "se", "end")
    out = ENGINE.outcome(s)
    assert out is not None and out.winners == (seat_of(s, "se"),)
    assert out.scores == {0: 36, 1: 11}
    one_left = t19_position(nw_burnt=35)
    play(one_left, "se", "end")
    assert ENGINE.outcome(one_left) is None
    with_fm = t19_position(nw_fm=True)
    play(with_fm, "se", "end")
    assert ENGINE.outcome(with_fm) is None
    capped = t19_position(nw_burnt=35, round=100)
    play(capped, "se", "end")
    assert ENGINE.outcome(capped) is not None  # R12.6 safety cap


def test_t20_pre_chosen_push_and_end_r8_7_r5_5_n4():
    s = t7_position(dice=(1,))
    refuse(s, "ne", "g1 k3 j3 push k3", "illegal_push")
    refuse(s, "ne", "g1 k3 j3 push k4", "illegal_push")
    refuse(s, "ne", "g1 k3 j3 i3 push j4", "attack_must_end")
    play(s, "ne", "g1 k3 j3 push j4")
    events = play(s, "ne", "end")
    assert kinds(events)[:2] == ["push", "retreat"] and "ask_push" not in kinds(events)
    assert where(s, "nw", "fm1") == "i4"
    assert "calm" in kinds(events)  # Phase 3 ended unused, the flames turn followed
    assert ENGINE.to_move(s) == [seat_of(s, "se")]
    b = t7_position()
    play(b, "ne", "g1 k3 j3 push j2")
    events = play(b, "ne", "g2 k1 j1 j2")
    assert "ask_push" in kinds(events)
    ne = seat_of(b, "ne")
    assert ENGINE.legal_moves(b, ne) == ["push i3", "push j4"]
    refuse(b, "ne", "push j2", "illegal_push")
    play(b, "ne", "push i3")
