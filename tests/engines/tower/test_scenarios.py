"""Every acceptance scenario of spec §12 (S1-S19), played through the public API."""

from __future__ import annotations

import pytest

from engines.core import event_text

from .helpers import ENGINE, build, cells_of, draw_event, fresh, kinds, landing, moved, play, refused, seat


def pub(st):
    return ENGINE.view(st, None)


# --- S1 setup (R4) ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("n,deck,pack,reserve,apile,per_office", [
    (2, 22, 14, 33, 89, 4), (3, 24, 16, 32, 84, 6), (4, 26, 18, 31, 79, 8)])
def test_s1_setup_counts_r4_1_to_r4_7(n, deck, pack, reserve, apile, per_office):
    """S1 / R4.1-R4.7, R2.1, R2.2: decks, piles, tokens, hands and offices after setup."""
    st = fresh(n, first=0)
    v = pub(st)
    d = ENGINE.dump(st)
    assert v["event_pile_size"] == 8 and v["pack_size"] == pack and v["timer"] == n
    assert len(d["event_pile"]) + len(d["pack"]) == deck
    all_events = d["event_pile"] + d["pack"]
    assert sum(c.startswith("fire1:") for c in all_events) == 8
    assert sum(c.startswith("fire2:") for c in all_events) == 8
    assert all_events.count("pompier") == 2 * n and all_events.count("truck") == 2
    assert d["out_of_game"] == ["pompier"] * (8 - 2 * n)
    assert v["first_token"] is True and v["reserve"] == reserve
    assert v["burning"] == [] and all(o["fire"] == 0 for o in v["offices"].values())
    assert all(sum(o[c] for c in v["seats"]) == per_office for o in v["offices"].values())
    assert v["car"]["floor"] == 0 and sum(v["car"][c] for c in v["seats"]) == 0
    assert v["hand_sizes"] == {c: 5 for c in v["seats"]}
    assert v["action_pile_size"] == apile and v["discard_size"] == 0
    assert v["cells"] == {}
    assert v["to_move"] == [0] and v["phase"] == "event"


def test_s1_dealer_is_seat_before_first_r4_1():
    """S1 / R4.1: red first -> green (3 players) is the dealer; first player drawn at random (R7.1a)."""
    assert pub(fresh(3, first=0))["dealer"] == 2
    firsts = {ENGINE.setup(3, {}, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2}


# --- S2 fire escalation (R6.10, R6.7) ----------------------------------------------------------------------

def test_s2_fire_escalation_r6_10_r6_7():
    st = build(4, offices={"O2A": {"fire": 3, "red": 2, "blue": 2}}, phase="event", reserve=20,
               cells={"L2A1": "blue", "L2B1": "red", "L2A2": "green", "L2B2": "yellow", "L2A3": "red"})
    st, events = draw_event(st, "fire2:O2A")
    v = pub(st)
    assert v["offices"]["O2A"]["fire"] == 4 and v["offices"]["O2A"]["red"] == 0 and v["offices"]["O2A"]["blue"] == 0
    assert v["burning"] == ["L2A3"] and "L2A3" not in v["cells"]
    assert v["ambulance"] == {"red": 3, "blue": 2, "green": 0, "yellow": 0}
    assert v["reserve"] == 18
    refused(st, "walk L2B1 SA21", "blocked")  # staircase A cut at landing 2 (R3.8)
    st, _ = draw_event(st, "fire1:O2A")
    v = pub(st)
    assert sorted(v["burning"]) == ["L2A12", "L2A3"]
    assert v["ambulance"] == {"red": 3, "blue": 3, "green": 1, "yellow": 0}
    assert v["reserve"] == 17
    assert landing(st, 2) == {"L2B1": "red", "L2B2": "yellow"}
    st, events = draw_event(st, "fire2:O2A")
    assert pub(st)["reserve"] == 17 and "fire.contained" in kinds(events)


# --- S3 elevator, compaction, arrival (R6.31, R6.32, R6.3, R6.21) ------------------------------------------

def test_s3_elevator_compaction_arrival():
    st = build(4, car={"floor": 3}, hand=["enter1", "elevator", "elevator", "jump", "swap"],
               cells={"L3A1": "blue", "L3B1": "red", "L3A2": "green", "L3B2": "yellow", "L3A3": "red",
                      "SA43": "red"})
    play(st, "play enter1 L3B1")
    assert pub(st)["car"]["red"] == 1
    assert landing(st, 3) == {"L3A1": "blue", "L3B1": "yellow", "L3A2": "green", "L3B2": "red"}
    play(st, "walk SA43 L3")
    assert cells_of(st)["L3A3"] == "red"
    play(st, "play elevator 0")
    v = pub(st)
    assert v["car"]["floor"] == 0 and v["saved"]["red"] == 1 and v["car"]["red"] == 0
    refused(st, "play elevator 3", "call")
    play(st, "redraw jump")
    v = pub(st)
    assert v["saved"]["red"] == 1 and v["active"] == seat("blue")
    assert landing(st, 3) == {"L3A1": "blue", "L3B1": "yellow", "L3A2": "green", "L3B2": "red", "L3A3": "red"}


# --- S4 pompier and compaction (R6.11, R6.3) ---------------------------------------------------------------

def test_s4_compaction_after_token_removed():
    st = build(4, phase="event", burning=["L1A3", "L1A12"], cells={"L1B1": "red", "L1B2": "blue", "L1B3": "green"})
    st, _ = draw_event(st, "pompier")
    assert st.phase == "pompier" and sorted(ENGINE.legal_moves(st, 0)) == ["remove L1A12", "remove L1A3"]
    reserve = pub(st)["reserve"]
    play(st, "remove L1A12")
    v = pub(st)
    assert v["reserve"] == reserve + 1 and v["burning"] == ["L1A3"]
    assert landing(st, 1) == {"L1A1": "blue", "L1B1": "red", "L1A2": "green"}
    assert v["played_events"][-1] == "pompier" and v["phase"] == "actions"


# --- S5 jump (R6.33) --------------------------------------------------------------------------------------

FULL_L3 = {"L3A1": "blue", "L3B1": "green", "L3A2": "yellow", "L3B2": "blue", "L3A3": "yellow", "L3B3": "green"}


def test_s5a_jump_skips_occupied():
    st = build(4, hand=["jump"] * 5, cells={**FULL_L3, "SA41": "red", "SA42": "blue", "SA43": "green"})
    play(st, "play jump SA41")
    assert cells_of(st)["SA31"] == "red" and "SA41" not in cells_of(st) and st.actions_left == 3


def test_s5b_jump_arrives_on_landing():
    cells = {**FULL_L3, "SA41": "red", "SA42": "blue", "SA43": "green"}
    del cells["L3A3"]
    st = build(4, hand=["jump"] * 5, cells=cells)
    play(st, "play jump SA41")
    assert cells_of(st)["L3A3"] == "red"


def test_s5c_jump_from_landing_needs_side():
    st = build(4, hand=["jump"] * 5,
               cells={"L2A1": "blue", "L2B1": "green", "L2A2": "yellow", "L2B2": "red", "SA21": "blue"})
    refused(st, "play jump L2B2", "which staircase")
    play(st, "play jump L2B2 a")
    assert cells_of(st)["SA22"] == "red"
    assert landing(st, 2) == {"L2A1": "blue", "L2B1": "green", "L2A2": "yellow"}


# --- S6 fire on a 3 cell (R3.8, R6.33, R9.3) ----------------------------------------------------------------

@pytest.mark.parametrize("fno", [False, True])
def test_s6_burning_3_cell_blocks_walk_jump_leaps(fno):
    st = build(4, hand=["jump"] * 5, cells={"SA33": "red"}, burning=["L2A3"],
               options={"fire_not_occupied": fno})
    refused(st, "walk SA33 L2", "blocked")
    play(st, "play jump SA33")
    if fno:
        assert "SA21" not in cells_of(st) and pub(st)["ambulance"]["red"] == 1
    else:
        assert cells_of(st)["SA21"] == "red" and pub(st)["ambulance"]["red"] == 0


# --- S7 push (R6.34) --------------------------------------------------------------------------------------

def test_s7a_push_saves_opponent():
    st = build(4, hand=["push"] * 5, cells={"SA12": "red", "SA13": "blue"})
    play(st, "play push SA12")
    assert pub(st)["saved"]["blue"] == 1 and cells_of(st) == {"SA13": "red"}


def test_s7b_push_chain():
    st = build(4, hand=["push"] * 5, cells={"SA11": "red", "SA12": "blue", "SA13": "green"})
    play(st, "play push SA11")
    assert pub(st)["saved"]["green"] == 1 and cells_of(st) == {"SA13": "blue", "SA12": "red"}


def test_s7c_push_through_landing_3_cell():
    st = build(4, hand=["push"] * 5, cells={**FULL_L3, "SA42": "red", "SA43": "blue", "SA31": "green"})
    play(st, "play push SA42")
    c = cells_of(st)
    assert c["SA32"] == "green" and c["SA31"] == "yellow" and c["L3A3"] == "blue" and c["SA43"] == "red"
    assert "SA42" not in c
    assert {k: v for k, v in c.items() if k.startswith("L3") and k != "L3A3"} == \
        {k: v for k, v in FULL_L3.items() if k != "L3A3"}


@pytest.mark.parametrize("fno", [False, True])
def test_s7d_push_into_fire(fno):
    st = build(4, hand=["push"] * 5, cells={"SA32": "red", "SA33": "blue"}, burning=["L2A3"],
               options={"fire_not_occupied": fno})
    if not fno:
        refused(st, "play push SA32", "burning")
        return
    play(st, "play push SA32")
    assert pub(st)["ambulance"]["blue"] == 1 and cells_of(st) == {"SA33": "red"}


# --- S8 expel (R6.35) -------------------------------------------------------------------------------------

def _s8(fno=False, extra=None):
    cells = {"L3A1": "green", **(extra or {})}
    return build(4, hand=["expel"] * 5, car={"floor": 3, "red": 1, "blue": 2}, cells=cells,
                 burning=["L3B3", "L3B12"], options={"fire_not_occupied": fno})


def test_s8_expel_base():
    st = _s8()
    refused(st, "play expel blue:L3A3", "closest free cell")
    play(st, "play expel blue")
    assert cells_of(st)["L3A2"] == "blue" and pub(st)["car"]["blue"] == 1 and pub(st)["car"]["red"] == 1
    refused(st, "play expel red", "own")


def test_s8_expel_fire_not_occupied():
    st = _s8(fno=True)
    play(st, "play expel blue")
    assert pub(st)["ambulance"]["blue"] == 1 and "L3B1" not in cells_of(st) and pub(st)["car"]["blue"] == 1


def test_s8_expel_full_landing():
    extra = {"L3A2": "green", "L3A3": "yellow"}
    refused(_s8(extra=extra), "play expel blue", "no free cell")
    st = _s8(fno=True, extra=extra)
    play(st, "play expel blue")
    assert pub(st)["ambulance"]["blue"] == 1


def test_s8_expel_needs_presence():
    st = build(4, hand=["expel"] * 5, car={"floor": 3, "blue": 2}, cells={"L3A1": "green"})
    refused(st, "play expel blue", "you need an employee")


# --- S9 exit (R6.30) --------------------------------------------------------------------------------------

def _s9(o3a_fire=1):
    return build(4, hand=["exit1", "exit1", "exit2", "exit2", "swap"], clear_offices=True,
                 offices={"O3A": {"fire": o3a_fire, "red": 2}, "O1B": {"red": 2}},
                 cells={"L3A1": "blue", "L3B1": "green"})


def test_s9_exit1_choices():
    st = _s9()
    assert "play exit1 O3A" in ENGINE.legal_moves(st, 0) and "play exit1 O3A:L3B2" in ENGINE.legal_moves(st, 0)
    refused(st, "play exit1 O3A:L3A3", "closest free cell")
    events = play(st, "play exit1 O3A")
    assert cells_of(st)["L3A2"] == "red" and moved(events) == "play exit1 O3A"
    st = _s9()
    play(st, "play exit1 O3A:L3B2")
    assert cells_of(st)["L3B2"] == "red"


def test_s9_exit2_same_office_and_two_floors():
    st = _s9()
    play(st, "play exit2 O3A O3A")
    c = cells_of(st)
    assert c["L3A2"] == "red" and c["L3B2"] == "red" and pub(st)["offices"]["O3A"]["red"] == 0
    st = _s9()
    events = play(st, "play exit2 O3A O1B")
    c = cells_of(st)
    assert c["L3A2"] == "red" and c["L1A1"] == "red"
    assert moved(events) == "play exit2 O1B O3A"  # R11.4 canonical order


def test_s9_exit_blocked_by_three_tokens():
    refused(_s9(o3a_fire=3), "play exit1 O3A", "3 fire tokens")


@pytest.mark.parametrize("fno", [False, True])
def test_s9_exit_with_burning_elevator_side(fno):
    st = build(4, hand=["exit1"] * 5, clear_offices=True, offices={"O3B": {"red": 1}}, cells={"L3B1": "green"},
               burning=["L3A12"], options={"fire_not_occupied": fno})
    play(st, "play exit1 O3B")
    if fno:
        assert pub(st)["ambulance"]["red"] == 1 and landing(st, 3) == {"L3B1": "green"}
    else:
        assert cells_of(st)["L3B2"] == "red"
    assert pub(st)["offices"]["O3B"]["red"] == 0


# --- S10 shove and swap (R6.36, R6.37) ---------------------------------------------------------------------

def _s10(**kw):
    cells = kw.pop("cells", {"L2A1": "red", "L2B1": "blue", "L2A2": "blue", "SA21": "yellow"})
    return build(4, hand=["shove", "shove", "swap", "swap", "swap"], cells=cells,
                 offices={"O2A": {"fire": 2, "green": 1}, "O2B": {"fire": 4}}, **kw)


def test_s10_shove():
    st = _s10()
    play(st, "play shove L2B1 O2A")
    o = pub(st)["offices"]["O2A"]
    assert o["green"] == 1 and o["blue"] == 1
    assert landing(st, 2) == {"L2A1": "red", "L2B1": "blue"}


def test_s10_shove_refusals_and_burnt_office():
    st = _s10()
    refused(st, "play shove L2A2 O2B", "4 fire tokens")
    refused(st, "play shove L2A1 O2A", "own")
    st = _s10(options={"shove_into_burnt": True})
    play(st, "play shove L2A2 O2B")
    assert pub(st)["ambulance"]["blue"] == 1 and pub(st)["offices"]["O2B"]["blue"] == 0


def test_s10_swap():
    st = _s10()
    events = play(st, "play swap SA21 L2A1")
    assert cells_of(st)["L2A1"] == "yellow" and cells_of(st)["SA21"] == "red"
    assert moved(events) == "play swap L2A1 SA21"
    refused(_s10(), "play swap SA21 L2B1", "must be yours")
    refused(_s10(burning=["L2A3"]), "play swap SA21 L2A1", "not next to each other")
    st = _s10(cells={"SA22": "red", "SA23": "blue"})
    play(st, "play swap SA22 SA23")
    assert cells_of(st) == {"SA22": "blue", "SA23": "red"}
    refused(_s10(cells={"SA22": "red", "L2B1": "blue"}), "play swap SA22 L2B1", "not next to each other")


# --- S11 event cycles (R6.13, R6.14, R8.1a) -----------------------------------------------------------------

def _run_turns(st, keep_trucks: bool):
    """Play with a policy that keeps the building calm; returns {turn: [event kinds]}."""
    log: dict[int, list] = {}
    while not pub(st)["over"]:
        turn = st.turn
        moves = ENGINE.legal_moves(st, st.active)
        if st.phase == "truck":
            removes = [m for m in moves if m.startswith("truck remove")]
            move = "truck keep" if keep_trucks or not removes else removes[0]
        elif st.phase == "actions":
            ext = [m for m in moves if m.startswith("extinguish")]
            move = ext[0] if ext else [m for m in moves if m.startswith("redraw")][0]
        else:
            move = moves[0]
        log.setdefault(turn, []).extend(kinds(ENGINE.play(st, st.active, move)))
        log[turn].append(("pile", st.phase, len(st.epile), len(st.pack), st.reserve, st.timer, sum(st.kept)))
    return log


@pytest.mark.parametrize("keep", [False, True])
def test_s11_event_cycles_two_players(keep):
    st = fresh(2, seed=5)
    log = _run_turns(st, keep)
    cycle_turns = [t for t, ks in log.items() if "event.cycle" in ks]
    last_turns = [t for t, ks in log.items() if "event.last_pile" in ks]
    assert cycle_turns == [9] and last_turns == [17]
    kept_at_17 = [x for x in log[17] if isinstance(x, tuple)][0][6]
    last_turn = max(log)
    assert last_turn == 16 + 22 - kept_at_17  # R6.14: 38 turns minus trucks kept at the last cycle
    assert "end.last_card" in log[last_turn]
    if keep:
        assert kept_at_17 >= 1  # the variant really happened for this seed
    out = ENGINE.outcome(st)
    assert out is not None and out.kind in ("outcome.win", "outcome.shared")


def test_s11_reserve_gains_one_token_per_cycle():
    """R6.13: an empty pile -> one timer token to the reserve, played + pack reshuffled into pile 8 + pack."""
    st = fresh(2, seed=5)
    d = ENGINE.dump(st)
    d["played_events"] = d["event_pile"]  # the 8 cards of the first pile were played
    d["event_pile"] = []
    st = ENGINE.load(d)
    reserve = st.reserve
    events = play(st, "draw")
    placed = sum(k in ("fire.office", "fire.section") for k in kinds(events))
    assert kinds(events)[0] == "event.cycle" and events[0].params == {"timer": 1, "pile": 8, "pack": 14}
    assert st.timer == 1 and st.reserve == reserve + 1 - placed
    assert len(st.epile) == 7 and len(st.pack) == 14


# --- S12 last fire token (R6.7, R8.1b) ----------------------------------------------------------------------

def test_s12_first_players_token_ends_game():
    st = build(3, active="blue", phase="event", reserve=1, timer=1,
               offices={"O1B": {"fire": 3, "green": 2, "red": 1}})
    st, events = draw_event(st, "fire2:O1B")
    v = pub(st)
    assert v["offices"]["O1B"]["fire"] == 4 and v["ambulance"] == {"red": 1, "blue": 0, "green": 2}
    assert v["reserve"] == 0 and v["first_token"] is False and v["burning"] == ["L1B3"]
    assert "end.first_token" in kinds(events)
    for _ in range(4):
        assert not pub(st)["over"]
        play(st, ENGINE.legal_moves(st, seat("blue"))[-1])
    v = pub(st)
    assert v["over"] and v["to_move"] == [] and v["hand_sizes"]["blue"] == 5


# --- S13 everyone out (R8.1c) -----------------------------------------------------------------------------

def _s13(active):
    st = build(3, active=active, hand=["swap"] * 5, cells={"SA13": "blue"}, saved={"blue": 13},
               ambulance={"blue": 2}, offices={o: {"red": 2, "green": 2} for o in
                                               ("O1A", "O1B", "O2A", "O2B", "O3A", "O3B", "O4A", "O4B")})
    return st


def _finish_turn(st):
    while st.phase != "over" and st.actions_left and st.phase == "actions":
        turn = st.turn
        play(st, ENGINE.legal_moves(st, st.active)[-1])
        if st.turn != turn:
            return


def _play_whole_turn(st):
    turn = st.turn
    while st.phase != "over" and st.turn == turn:
        moves = ENGINE.legal_moves(st, st.active)
        play(st, "truck keep" if "truck keep" in moves else moves[-1])


@pytest.mark.parametrize("who,turns_after", [("blue", ["green"]), ("green", []), ("red", ["blue", "green"])])
def test_s13_everyone_out_ends_after_round(who, turns_after):
    st = _s13(who)
    if who == "blue":
        events = play(st, "walk SA13 G")
        assert "end.everyone_out" in kinds(events) and pub(st)["saved"]["blue"] == 14
    else:
        d = ENGINE.dump(st)
        d["cells"] = {}
        d["saved"]["blue"] = 14
        st = ENGINE.load(d)
        events = play(st, "redraw swap")  # the check runs after every action
        assert "end.everyone_out" in kinds(events)
    _finish_turn(st)
    seen = []
    while not pub(st)["over"]:
        seen.append(pub(st)["seats"][st.active])
        _play_whole_turn(st)
    assert seen == turns_after


# --- S14 scoring (R8.2) -----------------------------------------------------------------------------------

@pytest.mark.parametrize("scores,winners", [
    ({"red": (9, 2), "blue": (9, 4), "green": (6, 1)}, ("red",)),
    ({"red": (9, 2), "blue": (9, 2), "green": (8, 0)}, ("red", "blue")),
    ({"red": (9, 2), "blue": (9, 2), "green": (10, 7)}, ("green",)),
])
def test_s14_scoring_and_tie_breaks(scores, winners):
    st = build(3, phase="over", saved={c: s for c, (s, a) in scores.items()},
               ambulance={c: a for c, (s, a) in scores.items()})
    out = ENGINE.outcome(st)
    assert out.winners == tuple(seat(c) for c in winners)
    assert out.kind == ("outcome.win" if len(winners) == 1 else "outcome.shared")
    assert out.scores == {seat(c): s for c, (s, a) in scores.items()}


# --- S15 fire engine (R6.12) -------------------------------------------------------------------------------

def _s15():
    return build(4, phase="event", offices={"O4A": {"fire": 3, "red": 2, "blue": 1}})


def test_s15_truck_save():
    st, _ = draw_event(_s15(), "truck")
    assert st.phase == "truck" and "truck keep" in ENGINE.legal_moves(st, 0)
    refused(st, "truck save O1A", "not on fire")
    play(st, "truck save O4A")
    v = pub(st)
    assert v["saved"]["red"] == 1 and v["offices"]["O4A"]["red"] == 1 and v["offices"]["O4A"]["blue"] == 1
    assert v["played_events"][-1] == "truck" and v["phase"] == "actions"


def test_s15_truck_keep_then_remove():
    st, _ = draw_event(_s15(), "truck")
    play(st, "truck keep")
    v = pub(st)
    assert v["kept_trucks"]["red"] == 1 and "truck" not in v["played_events"]
    d = ENGINE.dump(st)
    d["burning"] = ["L2A3"]
    st = ENGINE.load(d)
    assert "truck remove L2A3" in ENGINE.legal_moves(st, 0)
    reserve = st.reserve
    play(st, "truck remove L2A3")
    v = pub(st)
    assert v["reserve"] == reserve + 1 and v["burning"] == [] and v["actions_left"] == 3
    assert v["kept_trucks"]["red"] == 0 and v["played_events"][-1] == "truck"


def test_s15_truck_save_needs_own_employee():
    st = build(4, phase="event", offices={"O4A": {"fire": 3, "blue": 1}})
    st, _ = draw_event(st, "truck")
    refused(st, "truck save O4A", "no employee")


# --- S16 other refusals ----------------------------------------------------------------------------------

def test_s16_other_refusals():
    st = build(4, actions_left=2, offices={"O2A": {"fire": 1, "red": 2}}, hand=["elevator"] * 5,
               car={"floor": 3})
    refused(st, "extinguish O2A", "3 actions")
    refused(st, "redraw", "at least one card")
    refused(st, "play elevator 3", "already at floor 3")
    st = build(4, hand=["enter2", "enter1", "jump", "swap", "swap"], car={"floor": 3, "blue": 3},
               cells={"L3A1": "red", "L3B1": "red"})
    refused(st, "play enter2 L3A1 L3B1", "at most 4")
    refused(st, "walk L3A1 L3A2", "no movement between cells of one landing")
    refused(st, "walk L3A1 O3A", "office")
    refused(st, "play jump O3A", "offices")
    play(st, "play enter1 L3A1")
    st = build(4, hand=["swap"] * 5, cells={"SA43": "red", **FULL_L3})
    refused(st, "walk SA43 L3", "no free cell")
    st = build(4, hand=["elevator"] * 5, car={"floor": 2}, cells={"L2A1": "red"})
    refused(st, "play elevator 0", "nobody in the elevator")


# --- S17 call, enter, ride (R6.31, R6.32, R6.35) ------------------------------------------------------------

def test_s17_call_enter_ride_then_blue_calls():
    st = build(4, hand=["elevator", "elevator", "enter1", "swap", "swap"],
               hands={"blue": ["expel", "elevator", "elevator", "swap", "swap"]},
               cells={"L2A1": "red", "L2B1": "blue"}, event_pile=["fire1:O1A"])
    play(st, "play elevator 2")
    assert pub(st)["car"]["floor"] == 2
    play(st, "play enter1 L2A1")
    assert pub(st)["car"]["red"] == 1 and landing(st, 2) == {"L2B1": "blue"}
    play(st, "play elevator 4")
    assert pub(st)["car"]["floor"] == 4
    play(st, "redraw swap")
    assert st.active == seat("blue")
    play(st, "draw")
    refused(st, "play expel red", "you need an employee")
    refused(st, "play elevator 4", "already at floor 4")
    play(st, "play elevator 2")
    v = pub(st)
    assert v["car"]["floor"] == 2 and v["car"]["red"] == 1


# --- S18 redraw with an empty action pile (R6.23, R7.1c) ------------------------------------------------------

def test_s18_redraw_reshuffles_discard():
    st = build(4, hand=["jump", "expel", "swap", "swap", "shove"])
    d = ENGINE.dump(st)
    pile = d["action_pile"]
    d["discard"] = pile[:30]
    d["action_pile"] = pile[30:31]
    st = ENGINE.load(d)
    events = play(st, "redraw jump expel")
    v = pub(st)
    assert v["hand_sizes"]["red"] == 5 and v["action_pile_size"] == 31 and v["discard_size"] == 0
    public = [e for e in events if e.to is None]
    redraw = [e for e in public if e.kind == "redraw"][0]
    assert event_text("tower", redraw.kind, dict(redraw.params, player="red")) == "red discarded 2 card(s), drew 2."
    assert "actions.reshuffled" in kinds(events)
    assert all("jump" not in str(e.params) for e in public)


# --- S19 canonical strings (R11.3-R11.5) ---------------------------------------------------------------------

def test_s19_canonical_walks_and_redraws():
    st = build(4, hand=["jump", "jump", "expel", "exit1", "exit1"],
               cells={"L3A1": "red", "L3A2": "red", "L3B1": "blue"})
    moves = ENGINE.legal_moves(st, 0)
    walks = [m for m in moves if m.startswith("walk")]
    assert sorted(walks) == ["walk L3A1 SA31", "walk L3A1 SA43", "walk L3A1 SB31", "walk L3A1 SB43"]
    redraws = [m for m in moves if m.startswith("redraw")]
    assert len(redraws) == 17 and "redraw expel jump" in redraws
    assert len(moves) == len(set(moves))
    events = play(st, "walk l3a2 sa31")
    assert moved(events) == "walk L3A1 SA31"
    assert landing(st, 3) == {"L3A1": "red", "L3B1": "blue"} and cells_of(st)["SA31"] == "red"
