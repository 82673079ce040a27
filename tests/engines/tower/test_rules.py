"""Rule-by-rule tests (spec ids in names/docstrings) and every class of illegal move."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engines import get
from engines.core import Engine, IllegalMove
from engines.tower import geometry as g

from .helpers import ENGINE, build, cells_of, draw_event, fresh, kinds, landing, moved, play, refused

SPEC = Path(__file__).resolve().parents[4] / "shared" / "rules" / "tower.md"
if not SPEC.exists():  # the spec lives beside the checkout
    SPEC = Path("/work/shared/rules/tower.md")


def pub(st):
    return ENGINE.view(st, None)


# --- R1, R3: the game and its building ---------------------------------------------------------------------

def test_r1_1_r1_2_engine_contract_and_goal():
    """R1.1: 2-4 players, 16 employees each; R1.2 goal = most saved (scores are saved counts)."""
    assert isinstance(ENGINE, Engine) and get("tower") is ENGINE
    assert ENGINE.seats == range(2, 5)
    names = {o.name for o in ENGINE.options}
    assert {"extreme_opening", "pompier_removed", "fire_not_occupied", "shove_into_burnt", "extreme",
            "expel_count"} <= names
    assert all(len(o.help) <= 90 for o in ENGINE.options)
    st = fresh(4)
    assert pub(st)["in_building"] == {c: 16 for c in pub(st)["seats"]}


@pytest.mark.skipif(not SPEC.exists(), reason="spec not available")
def test_r1_3_r3_1_to_r3_12_geometry_matches_the_machine_readable_spec():
    """R3.11 loaded verbatim (R3.2 sides A/B): cells, sections, spread, flights, walking links, paths, elevator doors (R1.3 D1)."""
    text = SPEC.read_text(encoding="utf-8")
    block = re.search(r"R3\.11.*?```json\n(.*?)```", text, re.S).group(1)
    geo = json.loads(block)
    assert {c["id"] for c in geo["cells"]} == set(g.CELL_IDS)  # R3.4, R3.6
    for c in geo["cells"]:
        i = g.CELL_INDEX[c["id"]]
        assert g.IS_LANDING[i] == (c["kind"] == "landing") and g.SIDE[i] == "AB".index(c["side"])
        assert g.NUM[i] == c.get("num", c.get("step"))
    for office in geo["offices"]:  # R3.3, R3.5 spread order
        o = g.OFFICE_INDEX[office["id"]]
        assert [g.SECTION_IDS[s] for s in g.OFFICE_SPREAD[o]] == office["spread"]
        assert g.OFFICE_FLOOR[o] == office["floor"]
    for landing_ in geo["landings"]:
        f = landing_["floor"]
        assert [g.CELL_IDS[c] for c in g.LANDING_ORDER[f]] == landing_["cells"]  # R6.2 order
        for section in landing_["sections"]:
            s = g.SECTION_IDS.index(section["id"])
            assert sorted(g.CELL_IDS[c] for c in g.SECTION_CELLS[s]) == sorted(section["cells"])
    for side in "AB":  # R3.7
        assert [g.cell_id(c) for c in g.PATHS["AB".index(side)]] == geo["paths"][side]
    links = {(x["landing"], x["cell"], x["side"]) for x in geo["landing_links"]}  # R3.8
    ours = {(f"L{f}", g.CELL_IDS[end], "AB"[side]) for f in g.FLOORS for end, side in g.LANDING_LINKS[f]}
    assert links == ours
    for f, doors in geo["elevator"]["door_cells_by_floor"].items():  # R3.9
        assert [g.CELL_IDS[c] for c in g.DOORS[int(f)]] == doors
    assert geo["elevator"]["capacity"] == g.CAPACITY
    # R3.10 / R3.12: every flight end cell is linked, landings are 3 numbers per side
    assert all(len(g.LANDING_PAIRS[f]) == 3 for f in g.FLOORS)


# --- R4 setup ---------------------------------------------------------------------------------------------

def test_r4_2_to_r4_6_setup_board_decks_tokens():
    """R4.2 offices 2 per player, R4.3 deck 18+2N, R4.4 first player's token, R4.5 reserve, R4.6 hands."""
    for n in (2, 3, 4):
        v = pub(fresh(n))
        assert all(o[c] == 2 for o in v["offices"].values() for c in v["seats"])
        assert v["event_pile_size"] + v["pack_size"] == 18 + 2 * n
        assert v["first_token"] and v["reserve"] == 36 - n - 1 and v["timer"] == n
        assert set(v["hand_sizes"].values()) == {5}


def test_r4_8_extreme_opening_resolves_four_events():
    """R4.8 / D34: 4 cards revealed and resolved before turn 1, pompier/truck ignored; pile then holds 4."""
    for seed in range(6):
        st = fresh(3, seed=seed, extreme_opening=True)
        v = pub(st)
        assert v["event_pile_size"] == 4 and len(v["played_events"]) == 4
        tokens = sum(int(c[4]) for c in v["played_events"] if c.startswith("fire"))
        assert sum(o["fire"] for o in v["offices"].values()) == tokens
        assert v["reserve"] == 32 - tokens and v["phase"] == "event"
    st = fresh(3, seed=1, extreme_opening=True, pompier_removed=True, stack={"events": ["pompier", "fire1:O1A"]})
    assert pub(st)["out_of_game"].count("pompier") >= 3 and pub(st)["offices"]["O1A"]["fire"] >= 1
    assert "pompier" not in pub(st)["played_events"]


def test_r4_8_extreme_opening_is_announced():
    """R4.8: the 4 revealed cards and their fire are reported when the game starts (opening_events), and the
    report survives dump/load; without the option setup reports nothing."""
    st = fresh(3, seed=1, extreme_opening=True, stack={"events": ["truck", "fire2:O1A", "pompier", "fire1:O1A"]})
    events = ENGINE.opening_events(st)
    assert [(e.kind, e.params.get("card")) for e in events if e.kind.startswith("opening")] == [
        ("opening.ignored", "truck"), ("opening.draw", "fire2:O1A"), ("opening.ignored", "pompier"),
        ("opening.draw", "fire1:O1A")]
    assert kinds(events).count("fire.office") == 3 and all(e.to is None for e in events)
    assert ENGINE.opening_events(ENGINE.load(json.loads(json.dumps(ENGINE.dump(st))))) == events
    assert ENGINE.opening_events(fresh(3)) == []


# --- R5 turn structure ------------------------------------------------------------------------------------

def test_r5_1_to_r5_5_turn_phases():
    """R5.1 event -> actions -> refill; R5.2 draw first; R5.3 exactly 4 actions; R5.4 refill; R5.5 next seat."""
    st = fresh(3, stack={"events": ["fire1:O1A"], "hands": {"0": ["swap", "swap", "jump", "jump", "push"]}})
    assert ENGINE.legal_moves(st, 0) == ["draw"] and ENGINE.legal_moves(st, 1) == []
    refused(st, "redraw swap", "draw")
    events = play(st, "draw")
    assert kinds(events)[0] == "event.draw" and pub(st)["offices"]["O1A"]["fire"] == 1
    assert st.phase == "actions" and st.actions_left == 4
    refused(st, "draw", "already drew")
    for left in (3, 2, 1):
        play(st, "redraw swap" if "swap" in st.hands[0] else f"redraw {st.hands[0][0]}")
        assert st.actions_left == left and st.active == 0
    events = play(st, f"redraw {st.hands[0][0]}")
    assert st.active == 1 and st.phase == "event" and "turn.start" in kinds(events)
    assert len(st.hands[0]) == 5
    refused(st, "redraw swap", "turn", colour="red")  # no fifth action


def test_r5_4_refill_after_playing_cards():
    st = build(3, hand=["elevator"] * 4 + ["swap"], car={"floor": 1, "red": 1})
    for floor in (2, 3, 4):
        play(st, f"play elevator {floor}")
    events = play(st, "redraw swap")
    refill = [e for e in events if e.kind == "refill"][0]
    assert refill.params["count"] == 3 and len(st.hands[0]) == 5
    assert [e.to for e in events if e.kind == "hand"] == [0, 0]


# --- R6 definitions, walk, extinguish ---------------------------------------------------------------------

def test_r6_0_r6_6_state_counts_in_building():
    """R6.6: in the building = offices + cells + car; R6.4 Ambulance and R6.5 saved never return."""
    st = build(3, car={"floor": 2, "red": 1}, cells={"SA13": "red"}, saved={"red": 2}, ambulance={"red": 3})
    assert pub(st)["in_building"]["red"] == 11
    play(st, "walk SA13 G")
    v = pub(st)
    assert v["saved"]["red"] == 3 and v["in_building"]["red"] == 10


def test_r6_1_r6_2_burning_cell_is_not_free_and_walk_arrives_side_a():
    """R6.1: a burning cell is never free (base); R6.2 walk arrival: lowest number, side A on ties."""
    st = build(3, cells={"SA43": "red", "SB43": "red"}, burning=["L3A12"])
    play(st, "walk SA43 L3")
    assert landing(st, 3) == {"L3B1": "red"}
    play(st, "walk SB43 L3")
    assert landing(st, 3) == {"L3B1": "red", "L3B2": "red"}


def test_r6_21_walk_steps_and_links():
    """R6.21 / R3.8: one cell at a time, up or down, landing <-> linked flight ends, SX13 -> G."""
    st = build(3, cells={"SA42": "red", "L2A1": "red", "SB21": "blue"})
    moves = ENGINE.legal_moves(st, 0)
    walks = sorted(m for m in moves if m.startswith("walk"))
    assert walks == ["walk L2A1 SA21", "walk L2A1 SA33", "walk L2A1 SB33", "walk SA42 SA41", "walk SA42 SA43"]
    refused(st, "walk SA42 SA31", "one cell at a time")
    refused(st, "walk L2A1 SB21", "occupied")
    refused(st, "walk SB21 L2", "no employee")
    refused(st, "walk SA42 G", "only sa13 and sb13")


def test_r6_22_extinguish_costs_three():
    st = build(3, offices={"O2A": {"fire": 2}}, burning=["L1B3"], hand=["swap"] * 5)
    assert {"extinguish O2A", "extinguish L1B3"} <= set(ENGINE.legal_moves(st, 0))
    reserve = st.reserve
    play(st, "extinguish o2a")
    assert pub(st)["offices"]["O2A"]["fire"] == 1 and st.reserve == reserve + 1 and st.actions_left == 1
    assert not [m for m in ENGINE.legal_moves(st, 0) if m.startswith("extinguish")]
    refused(st, "extinguish L1B3", "3 actions")


def test_r6_20_r6_24_card_must_be_held_and_fully_playable():
    """R6.24 / D17: a card must be in hand and have a legal effect; it then goes to the discard."""
    st = build(3, hand=["enter1", "elevator", "swap", "swap", "swap"], cells={"L2A1": "red"})
    refused(st, "play jump L2A1 a", "no jump card")
    refused(st, "play enter1 L2A1", "street level")  # car at 0: enter has no legal target
    assert not [m for m in ENGINE.legal_moves(st, 0) if m.startswith("play enter1")]
    discard = len(st.discard)
    play(st, "play elevator 2")
    assert len(st.discard) == discard + 1 and "elevator" not in st.hands[0]
    assert pub(st)["last_action"] == "red play elevator 2"


def test_r6_12_truck_remove_and_pompier_without_tokens():
    """R6.11: pompier without tokens has no effect; R6.12b truck removes any token."""
    st, events = draw_event(build(3, phase="event"), "pompier")
    assert "pompier.none" in kinds(events) and st.phase == "actions"
    st, _ = draw_event(build(3, phase="event", burning=["L4B12"]), "truck")
    assert set(ENGINE.legal_moves(st, 0)) == {"truck remove L4B12", "truck keep"}
    play(st, "truck remove L4B1")  # alias of L4B12 (R11.1)
    assert pub(st)["burning"] == []


def test_r6_13_pompier_removed_option_and_cycle_excludes_kept_trucks():
    st = build(3, phase="event", offices={"O1A": {"fire": 1}}, options={"pompier_removed": True})
    st, _ = draw_event(st, "pompier")
    play(st, "remove O1A")
    assert pub(st)["out_of_game"].count("pompier") == 3 and "pompier" not in pub(st)["played_events"]


def test_r6_31_elevator_call_needs_own_on_a_1_cell():
    st = build(3, hand=["elevator"] * 5, cells={"L3A2": "red", "L4B1": "red"})
    assert [m for m in ENGINE.legal_moves(st, 0) if m.startswith("play")] == ["play elevator 4"]
    refused(st, "play elevator 3", "l3a1 or l3b1")
    refused(st, "play elevator 7", "not a floor")


def test_r6_32_enter_canonical_and_compaction():
    st = build(3, hand=["enter2"] * 5, car={"floor": 2, "blue": 1},
               cells={"L2A1": "red", "L2B1": "red", "L2A2": "blue"})
    moves = [m for m in ENGINE.legal_moves(st, 0) if m.startswith("play")]
    assert sorted(moves) == ["play enter2 L2A1", "play enter2 L2A1 L2B1", "play enter2 L2B1"]
    events = play(st, "play enter2 L2B1 L2A1")
    assert moved(events) == "play enter2 L2A1 L2B1"
    assert pub(st)["car"]["red"] == 2 and landing(st, 2) == {"L2A1": "blue"}


def test_r6_33_jump_from_1_cell_over_own_burning_3_cell():
    """R6.33 / D9: from a 1/2 cell the jumper leaps over his landing's burning 3 cell."""
    st = build(3, hand=["jump"] * 5, cells={"L2A1": "red"}, burning=["L2A3"])
    play(st, "play jump L2A1 a")
    assert cells_of(st) == {"SA21": "red"}


def test_r6_34_push_from_1_cell_needs_uncut_side():
    st = build(3, hand=["push"] * 5, cells={"L2A1": "red"}, burning=["L2A3"])
    refused(st, "play push L2A1 a", "blocked")
    play(st, "play push L2A1 b")
    assert cells_of(st) == {"SB21": "red"}


def test_r6_36_shove_needs_own_on_same_landing():
    st = build(3, hand=["shove"] * 5, cells={"L2A1": "blue", "L3A1": "red"})
    refused(st, "play shove L2A1 O2A", "own on landing 2")
    refused(st, "play shove L2A1 O3A", "not on landing 2")


def test_r6_37_r6_38_swap_same_landing():
    st = build(3, hand=["swap"] * 5, cells={"L2A1": "red", "L2B3": "blue"})
    play(st, "play swap L2B3 L2A1")
    assert cells_of(st) == {"L2A1": "blue", "L2B3": "red"}


# --- R7, R8, R11 ------------------------------------------------------------------------------------------

def test_r7_5_hand_reaches_its_owner_after_each_change():
    st = build(3, hand=["swap"] * 5, cells={"L2A1": "red", "L2B1": "blue"})
    events = play(st, "play swap L2A1 L2B1")
    hand_events = [e for e in events if e.kind == "hand"]
    assert hand_events and all(e.to == 0 for e in hand_events)
    assert hand_events[-1].params["cards"] == "swap, swap, swap, swap"


def test_r8_1_r8_3_outcome_report():
    """R8.3: result lists saved / Ambulance / inside for each player and the winner(s)."""
    st = build(2, phase="over", saved={"red": 5, "blue": 3}, ambulance={"red": 1, "blue": 0})
    out = ENGINE.outcome(st)
    assert out.winners == (0,) and "red 5 saved / 1 lost / 10 inside" in out.params["table"]
    v = pub(st)
    assert v["over"] and v["to_move"] == [] and v["outcome"]["winners"] == [0]
    refused(st, "draw", "over")


def test_r11_1_r11_2_parsing_aliases_and_suffixes():
    st = build(3, hand=["exit1", "elevator", "swap", "swap", "swap"], clear_offices=True,
               offices={"O3A": {"red": 1}}, car={"floor": 2, "red": 1})
    events = play(st, "PLAY Exit1 o3a:l3a1")  # explicit side-A suffix accepted, logged without it
    assert moved(events) == "play exit1 O3A"
    events = play(st, "play elevator g")
    assert moved(events) == "play elevator 0" and pub(st)["saved"]["red"] == 1


@pytest.mark.parametrize("move,reason", [
    ("", "type a move"),
    ("dance", "unknown move"),
    ("walk SA11", "start and a destination"),
    ("walk ZZ9 L1", "not a landing or stair cell"),
    ("play", "name the card"),
    ("play teleport", "not an action card"),
    ("play jump", "no jump card"),
    ("redraw swap swap swap swap swap swap", "that many"),
    ("redraw fireball", "not an action card"),
    ("extinguish O9Z", "not a fire spot"),
    ("extinguish O1A", "no fire token"),
    ("truck save O1A", "no kept fire-engine"),
    ("remove O1A", "pompier"),
])
def test_illegal_move_classes_have_specific_reasons(move, reason):
    st = build(3, hand=["swap"] * 5)
    refused(st, move, reason)


def test_illegal_wrong_seat_and_full_elevator_and_fire():
    st = build(3, hand=["enter1", "swap", "swap", "swap", "swap"], car={"floor": 3, "blue": 2, "green": 2},
               cells={"L3A1": "red", "SA33": "red"}, burning=["L2A3"])
    refused(st, "play enter1 L3A1", "at most 4")
    refused(st, "walk SA33 L2", "blocked by fire")
    refused(st, "redraw swap", "red's turn", colour="blue")
    with pytest.raises(IllegalMove):
        ENGINE.play(st, 7, "redraw swap")


def test_r11_5_jump_both_staircases_to_one_landing_is_one_move():
    """R11.5 / R6.33: from a 1/2 cell, staircases a and b that both end on the same landing below (both
    flights full, both 3 cells free) give one result: only the ASCII-smaller string is listed; b is logged as a."""
    full = {"SA31": "blue", "SA32": "blue", "SA33": "blue", "SB31": "green", "SB32": "green", "SB33": "green"}
    st = build(4, hand=["jump"] * 5, cells={"L3A1": "red", **full})
    jumps = [m for m in ENGINE.legal_moves(st, 0) if m.startswith("play jump")]
    assert jumps == ["play jump L3A1 a"]
    events = play(st, "play jump L3A1 b")
    assert moved(events) == "play jump L3A1 a" and cells_of(st)["L2A1"] == "red"
    # different flights below: two results, two strings
    st = build(4, hand=["jump"] * 5, cells={"L3A1": "red", "SA31": "blue", "SA32": "blue", "SA33": "blue",
                                            "SB31": "green"})
    jumps = [m for m in ENGINE.legal_moves(st, 0) if m.startswith("play jump")]
    assert jumps == ["play jump L3A1 a", "play jump L3A1 b"]


def test_r7_2_catalogs_fill_every_placeholder_in_en_and_fr():
    """Every event and outcome of random games fills each {field} of its en and fr texts; the French texts
    name colours in French (joueur / couleur / comment / gagnants / tableau params)."""
    import string

    from engines.core import Rng, event_text, resolve_options
    from engines.players import RandomPlayer

    catalogs = {loc: json.loads((Path(g.__file__).parent / "messages" / f"{loc}.json").read_text("utf-8"))
                for loc in ("en", "fr")}
    assert set(catalogs["en"]) == set(catalogs["fr"])
    seen = set()
    for seed in range(3):
        st = ENGINE.setup(2 + seed, resolve_options(ENGINE, {"extreme": seed == 1}), seed)
        rng, player = Rng(seed), RandomPlayer()
        events = []
        while ENGINE.outcome(st) is None:
            s = ENGINE.to_move(st)[0]
            events += ENGINE.play(st, s, player.choose(ENGINE, st, s, rng))
        out = ENGINE.outcome(st)
        for kind, params in [(e.kind, e.params) for e in events] + [(out.kind, out.params)]:
            seen.add(kind)
            for loc, cat in catalogs.items():
                fields = {f for _, f, _, _ in string.Formatter().parse(cat[kind]) if f}
                assert fields <= set(params), (loc, kind, fields - set(params))
            fr = event_text("tower", kind, {k: v for k, v in params.items() if k not in ("move", "cards")}, "fr")
            assert not re.search(r"\b(red|blue|green|yellow|street|elevator)\b", fr), fr
    assert {"walk", "card.played", "event.draw", "turn.start", "eliminated"} <= seen
    events = play(build(3, cells={"SA13": "blue"}, active="blue"), "walk SA13 G")
    saved = [e for e in events if e.kind == "saved"][0]
    assert event_text("tower", "saved", saved.params, "fr") == "1 employé(s) bleu sauvé(s) (par la rue)."
    assert event_text("tower", "walk", events[0].params, "fr") == "bleu : walk SA13 G"
