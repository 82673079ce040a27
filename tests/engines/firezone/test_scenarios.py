"""Every acceptance scenario of the spec (§12), played through the public API."""

from __future__ import annotations

from engines.firezone import ENGINE
from tests.engines.firezone.forest import (
    EXAMPLE_STACK,
    build,
    example_game,
    new_game,
    place_tile,
    refused,
)


def free(state) -> dict[str, int]:
    return ENGINE.free_accesses(state)


def hottest(state) -> list[tuple[str, int]]:
    return [(h["cell"], h["heat"]) for h in ENGINE.view(state, None)["hottest"]]


def test_s1_heats_of_first_illustration():
    """S1 / R3.6: heat is the sum of adjacent tile values; 2,0 (6+4) is the only hottest point."""
    state = build(4, {"0,0": 3, "1,0": 6, "0,1": 5, "1,1": 4}, phase="tile", drawn=2)
    heats = ENGINE.heats(state)
    expected = {"2,0": 10, "1,-1": 9, "0,2": 9, "-1,1": 8, "2,-1": 6, "-1,2": 5, "1,2": 4, "2,1": 4,
                "-1,0": 3, "0,-1": 3}
    assert heats == expected
    assert hottest(state) == [("2,0", 10)]
    assert ENGINE.legal_moves(state, 0) == ["tile 2,0"]


def test_s2_rulebook_example_turns_1_to_4():
    """S2: setup 6 6, then the four turns of the rulebook's 4-player example, number by number."""
    state = new_game(4, stack=list(EXAMPLE_STACK))
    assert ENGINE.to_move(state) == [3]  # Red, the oldest player, lays out the start tiles
    assert ENGINE.view(state, None)["setup_draws"] == [3, 4, 6, 6]
    assert ENGINE.legal_moves(state, 3)[0] == "setup 6 6"
    ENGINE.play(state, 3, "setup 6 6")
    tiles = {t["cell"]: t["value"] for t in ENGINE.view(state, None)["tiles"]}
    assert tiles == {"0,0": 3, "1,0": 6, "0,1": 6, "1,1": 4}
    assert hottest(state) == [("2,0", 10), ("0,2", 10)]
    heats = ENGINE.heats(state)
    assert heats["1,-1"] == 9 and heats["-1,1"] == 9
    assert free(state) == {"0,0": 4, "1,0": 3, "0,1": 3, "1,1": 4}

    # T1 Green draws 2
    assert ENGINE.to_move(state) == [0]
    assert ENGINE.view(state, 0)["drawn"] == 2
    assert sorted(ENGINE.legal_moves(state, 0)) == ["tile 0,2", "tile 2,0"]
    refused(state, 0, "tile 1,-1", "heat 9")
    ENGINE.play(state, 0, "tile 2,0")
    assert free(state)["0,1"] == 3
    assert "men 3 0,1" in ENGINE.legal_moves(state, 0)
    ENGINE.play(state, 0, "men 1 0,1")

    # T2 Blue draws 1: only hottest point 0,2, auto-placed (R5.3b)
    assert state.last == {"cell": "0,2", "kind": "tile"}
    assert {t["cell"]: t["value"] for t in ENGINE.view(state, None)["tiles"]}["0,2"] == 1
    assert free(state)["0,1"] == 2
    refused(state, 1, "men 2 0,1", "2 free accesses")
    ENGINE.play(state, 1, "men 1 0,1")
    assert "men 1 0,1" not in ENGINE.legal_moves(state, 2)  # full

    # T3 Yellow draws 2
    assert hottest(state) == [("1,-1", 9), ("-1,1", 9)]
    ENGINE.play(state, 2, "tile -1,1")
    assert free(state)["1,0"] == 2
    ENGINE.play(state, 2, "men 2 1,0")
    assert ENGINE.view(state, None)["tiles"][0]["room"] == 0  # 1,0 blocked

    # T4 Red draws 5: 1,-1 (6+3) or -1,2 (6+2+1)
    assert hottest(state) == [("1,-1", 9), ("-1,2", 9)]
    ENGINE.play(state, 3, "tile 1,-1")
    expected = {"0,1": 1, "1,0": 1, "1,1": 2, "0,0": 2, "1,-1": 4, "2,0": 4, "-1,1": 4, "0,2": 4}
    assert free(state) == expected  # men change no access; T5's forced tile follows Red's men at once
    ENGINE.play(state, 3, "men 1 1,-1")
    assert state.last == {"cell": "2,-1", "kind": "tile"}


def scored_here(state, current: int = 0):
    """The position as it stands, with the pile emptied (a hand-edited dump), so it can be scored."""
    data = ENGINE.dump(state)
    data.update(pile=[], phase="men", drawn=None, drew=False, passes=0, current=current)
    return ENGINE.load(data)


def test_s3_rulebook_scoring_example():
    """S3 / R8.3: two more rounds, then scoring: Blue 6, Green 12, Red 5, Yellow 4; Green wins."""
    state = example_game(4, auto_forced_tile=False)
    expected_hot = [[("2,-1", 13)], [("-1,2", 9)], [("0,-1", 8)], [("1,-2", 9), ("-1,0", 9)],
                    [("1,-2", 9)], [("2,-2", 9)], [("-2,2", 7)], [("-2,3", 8)]]
    from tests.engines.firezone.forest import S3_TURNS

    for (seat, cell, men), hot in zip(S3_TURNS, expected_hot, strict=True):
        if state.phase == "tile":
            assert hottest(state) == hot
        else:  # auto-placed: the event named the only hottest point
            assert [cell] == [h[0] for h in hot]
        place_tile(state, seat, cell)
        ENGINE.play(state, seat, men)
    assert free(state) == {
        "0,0": 0, "0,1": 0, "1,0": 0, "1,-1": 0, "-1,1": 1, "-1,2": 1, "0,-1": 2, "1,1": 2, "2,-1": 2,
        "-1,0": 3, "0,2": 3, "1,-2": 3, "2,-2": 3, "2,0": 3, "-2,2": 3, "-2,3": 4,
    }
    view = ENGINE.view(state, None)
    assert view["colour_scores"] == {"green": 12, "blue": 6, "yellow": 4, "red": 5}
    zones = {(z["colour"], tuple(z["cells"])): (z["sum"], z["divisor"], z["value"]) for z in view["zones"]}
    assert len(zones) == 6
    by_colour: dict[str, list] = {}
    for z in view["zones"]:
        by_colour.setdefault(z["colour"], []).append((sorted(z["cells"]), z["sum"], z["divisor"], z["value"]))
    assert sorted(by_colour["blue"]) == [(sorted(["0,1", "1,1", "2,0"]), 12, 2, 6)]
    assert sorted(by_colour["green"]) == [(sorted(["0,1", "0,2", "-1,2"]), 12, 1, 12)]
    assert sorted(by_colour["red"]) == sorted([(["-1,0"], 1, 1, 1), (sorted(["1,-1", "2,-1"]), 7, 2, 4)])
    assert sorted(by_colour["yellow"]) == sorted([(["1,0"], 6, None, 0), (sorted(["-1,1", "-1,2"]), 7, 2, 4)])

    # Scored here (R8.1): everybody passes in a row once the pile is empty.
    final = finish_by_passing(scored_here(state))
    assert final.scores == {0: 12, 1: 6, 2: 4, 3: 5}
    assert final.winners == (0,) and final.kind == "outcome.win"


def finish_by_passing(state):
    """Empty the pile with tiles only (no men), then everybody passes (R8.1)."""
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_move(state)[0]
        if state.phase == "tile":
            ENGINE.play(state, seat, ENGINE.legal_moves(state, seat)[0])
        else:
            ENGINE.play(state, seat, "pass")
    return ENGINE.outcome(state)


def test_s3_check_red_connects_through_the_4():
    """S3 check: a Red man on the 4 at 0,-1 joins -1,0, 0,-1, 1,-1, 2,-1 into one zone worth 12."""
    state = scored_here(example_game(12, auto_forced_tile=False), current=3)
    before = {t["cell"]: t for t in ENGINE.view(state, None)["tiles"]}
    assert before["0,-1"]["slots"] == 2
    ENGINE.play(state, 3, "men 1 0,-1")
    red = [z for z in ENGINE.view(state, None)["zones"] if z["colour"] == "red"]
    big = [z for z in red if "0,-1" in z["cells"]][0]
    assert sorted(big["cells"]) == sorted(["-1,0", "0,-1", "1,-1", "2,-1"])
    assert (big["sum"], big["divisor"], big["value"]) == (12, 1, 12)


def test_s3_divisor_is_the_lowest_open_tile():
    """S3 divisor check / R8.3: zone {0,0=3 (enclosed), 0,-1=4} has D=4, worth ⌈7/4⌉ = 2."""
    state = example_game(12, auto_forced_tile=False)
    tiles = {t["cell"]: t["value"] for t in ENGINE.view(state, None)["tiles"]}
    probe = build(4, tiles, {"0,0": "G", "0,-1": "G"})
    green = [z for z in ENGINE.view(probe, None)["zones"] if z["colour"] == "green"]
    assert [(z["sum"], z["divisor"], z["value"]) for z in green] == [(7, 4, 2)]


def test_s4_cest_chaud_rounds_down():
    """S4 / R9.3: the same final position rounded down: Blue 6, Green 12, Red 4, Yellow 3."""
    state = example_game(12, rounding="down", auto_forced_tile=False)
    assert ENGINE.view(state, None)["colour_scores"] == {"green": 12, "blue": 6, "yellow": 3, "red": 4}
    final = finish_by_passing(scored_here(state))
    assert final.scores == {0: 12, 1: 6, 2: 3, 3: 4}


def s5_position():
    """S2 with firebreaks on, Green then draws a 3."""
    stack = EXAMPLE_STACK[:8] + [3]
    return example_game(4, firebreaks=True, stack=stack)


def test_s5_firebreak():
    """S5 / R6.3 / R7.2: Green lays the drawn 3 face down at 2,-1 and sacrifices a man."""
    state = s5_position()
    assert ENGINE.to_move(state) == [0]
    assert ENGINE.view(state, 0)["drawn"] == 3
    assert ENGINE.view(state, None)["drawn"] is None and ENGINE.view(state, 1)["drawn"] is None
    assert hottest(state) == [("2,-1", 13)]
    assert ENGINE.legal_moves(state, 0) == ["tile 2,-1", "firebreak 2,-1"]
    events = ENGINE.play(state, 0, "firebreak 2,-1")
    public = [e for e in events if e.to is None]
    assert public[0].kind == "firebreak" and public[0].params["cell"] == "2,-1"
    assert all("3" not in str(e.params.get("value", "")) for e in public)
    assert [e.params for e in events if e.to == 0] == [{"cell": "2,-1", "value": 3}]
    view = ENGINE.view(state, None)
    assert view["supply"][0] == {"green": 10} and view["sacrificed"][0] == 1
    assert view["firebreaks"] == [{"cell": "2,-1", "q": 2, "r": -1, "placer": 0, "free": 3}]
    assert ENGINE.view(state, 0)["firebreaks"][0]["value"] == 3
    refused(state, 0, "men 1 0,2", "not your turn")  # no Phase B
    assert free(state)["1,0"] == 0
    assert {t["cell"]: t["men"] for t in view["tiles"]}["1,0"] == {"yellow": 2}
    heats = ENGINE.heats(state)
    assert hottest(state) == [("-1,2", 9)]
    assert (heats["0,-1"], heats["2,-2"], heats["3,-1"], heats["3,-2"]) == (8, 5, 2, 0)
    refused(state, 1, "tile 2,-1", "already holds a tile")
    ENGINE.play(state, 1, "tile -1,2")
    refused(state, 1, "men 1 2,-1", "firebreak")
    # The value is revealed at the end (R7.5)
    events = []
    while ENGINE.outcome(state) is None:
        seat = ENGINE.to_move(state)[0]
        events += ENGINE.play(state, seat, "pass" if state.phase == "men" else ENGINE.legal_moves(state, seat)[0])
    reveal = [e for e in events if e.kind == "reveal"]
    assert reveal and "2,-1=3" in reveal[0].params["firebreaks"]
    assert ENGINE.view(state, None)["firebreaks"][0]["value"] == 3


def test_s6a_three_players_reinforcements_cannot_be_sacrificed():
    """S6(a) / R6.3 / D10: own men all placed, 4 reinforcements left: only `tile` is legal."""
    state = build(3, {"0,0": 3, "1,0": 6, "0,1": 6, "1,1": 4}, firebreaks=True, phase="tile", drawn=5,
                  supply=[[0, 0, 0, 4], [0, 12, 0, 4], [0, 0, 12, 4]])
    assert ENGINE.legal_moves(state, 0) == ["tile 2,0", "tile 0,2"]
    refused(state, 0, "firebreak 2,0", "no men of your own colour")
    refused(state, 0, "firebreak 2,0 red", "no men of your own colour")
    state.supply[0][0] = 1
    refused(state, 0, "firebreak 2,0 red", "reinforcements cannot be sacrificed")


def test_s6b_no_firebreak_in_solo_or_coop():
    """S6(b) / R6.3 / R9.1 / R9.2: the option is forced off in solo and cooperative games."""
    for players, mode in ((1, "solo"), (1, "competitive"), (3, "coop")):
        state = new_game(players, firebreaks=True, mode=mode)
        assert state.firebreaks is False
        for seed in range(5):
            state = new_game(players, seed=seed, firebreaks=True, mode=mode)
            seat = ENGINE.to_move(state)[0]
            moves = ENGINE.legal_moves(state, seat)
            assert not any(m.startswith("firebreak") for m in moves)
            cell = moves[0].split()[1] if moves[0].startswith("tile") else "0,0"
            if state.phase == "tile":
                refused(state, seat, f"firebreak {cell}", "not allowed in solo and cooperative")


def test_s6c_two_players_sacrifice_colour():
    """S6(c) / R6.3 / R11.1: 0 green and 5 yellow left: `firebreak c` sacrifices yellow."""
    state = build(2, {"0,0": 3, "1,0": 6, "0,1": 6, "1,1": 4}, firebreaks=True, phase="tile", drawn=5,
                  supply=[[0, 0, 5, 0], [0, 12, 0, 12]], pile=[1, 2])
    assert ENGINE.legal_moves(state, 0) == ["tile 2,0", "tile 0,2", "firebreak 2,0", "firebreak 0,2"]
    refused(state, 0, "firebreak 2,0 green", "no green men left")
    refused(state, 0, "firebreak 2,0 blue", "not your colour")
    ENGINE.play(state, 0, "firebreak 2,0")
    assert state.supply[0] == [0, 0, 4, 0] and state.sacrificed[0] == [0, 0, 1, 0]
    # Seat 2 has both colours: the colour is required
    assert ENGINE.to_move(state) == [1]
    seat1 = ENGINE.legal_moves(state, 1)
    assert "firebreak 0,2 blue" in seat1 and "firebreak 0,2 red" in seat1
    refused(state, 1, "firebreak 0,2", "say which colour")


def test_s7_end_of_competitive_game_three_players():
    """S7 / R8.1 / D11: the last-tile turn does not count; the game ends after 3 passes in a row."""
    tiles = {"0,0": 3, "1,0": 6, "0,1": 6, "1,1": 4, "2,0": 5, "0,2": 5}
    state = build(3, tiles, phase="tile", current=1, drawn=2)  # the last tile, drawn by seat 2
    cells = [m.split()[1] for m in ENGINE.legal_moves(state, 1)]
    assert len(cells) >= 1
    ENGINE.play(state, 1, f"tile {cells[0]}")
    ENGINE.play(state, 1, "pass")
    assert state.passes == 0
    ENGINE.play(state, 2, "pass")
    assert state.passes == 1
    men = [m for m in ENGINE.legal_moves(state, 0) if m.startswith("men 1 ")][0]
    ENGINE.play(state, 0, men)
    assert state.passes == 0
    ENGINE.play(state, 1, "pass")
    ENGINE.play(state, 2, "pass")
    assert state.passes == 2 and ENGINE.outcome(state) is None
    events = ENGINE.play(state, 0, "pass")
    assert ENGINE.outcome(state) is not None and ENGINE.to_move(state) == []
    assert events[-1].kind in ("outcome.win", "outcome.shared")


def test_s8_two_players_tie_break():
    """S8 / R8.4 / R8.5: 6 against 6; seat 1's best zone (6) beats seat 2's (3)."""
    tiles = {"0,0": 1, "1,0": 5, "0,1": 2, "1,1": 4, "2,0": 6, "2,-1": 3}
    men = {"0,0": "G", "1,0": "G", "0,1": "B", "1,1": "B", "2,0": "R", "2,-1": "R"}
    state = build(2, tiles, men, current=1, drew=False, passes=1)
    assert ENGINE.view(state, None)["scores"] == [6, 6]
    ENGINE.play(state, 1, "pass")
    result = ENGINE.outcome(state)
    assert result.scores == {0: 6, 1: 6}
    assert result.winners == (0,) and result.kind == "outcome.win"
    assert result.params["ranks"] == {"0": 1, "1": 2}


def test_s9_deployment_refusals():
    """S9 / R6.4: n > 3, a full tile, a foreign colour, slots, a second men, a cold cell."""
    state = example_game(3)  # after T3: Red to play, drawn 5
    refused(state, 3, "men 1 1,0", "first place the drawn tile")
    refused(state, 3, "tile 0,-1", "not a hottest point")
    ENGINE.play(state, 3, "tile 1,-1")
    refused(state, 3, "men 4 1,0", "1 to 3 men")
    refused(state, 3, "men 1 1,0", "room for 0 more")
    refused(state, 3, "men 2 0,2", "1 slot")
    refused(state, 3, "men 1 0,1 green", "not one of your colours")
    ENGINE.play(state, 3, "men 1 1,-1")
    refused(state, 3, "men 1 1,-1", "not your turn")  # a second men in the same turn
    state = example_game(2)
    ENGINE.play(state, 2, "tile -1,1")
    refused(state, 2, "men 1 0,1 red", "not one of your colours")


def solo_fixture(variant: str = ""):
    """S10: 24 tiles, four rows of 1-6; every colour one zone of 12 men; yellow's 1 is enclosed."""
    rows = {0: [1, 2, 3, 4, 5, 6], 1: [1, 2, 3, 4, 5, 6], 2: [2, 3, 1, 4, 5, 6], 3: [1, 2, 3, 4, 5, 6]}
    letters = "GBYR"
    tiles: dict[str, int] = {}
    men: dict[str, str] = {}
    from engines.firezone.geometry import SLOTS

    for r, values in rows.items():
        for q, value in enumerate(values):
            tiles[f"{q},{r}"] = value
            men[f"{q},{r}"] = letters[r] * SLOTS[value]
    supply = [[0, 0, 0, 0]]
    if variant == "blue_unplaced":
        men["5,1"] = "BB"
        supply = [[0, 1, 0, 0]]
    if variant == "green_split":
        tiles["6,0"] = 2
        men["1,0"] = ""
        men["6,0"] = "G"
    return build(1, tiles, men, mode="solo", supply=supply, pile=[])


def test_s10_solo_evaluation():
    """S10 / R8.6: yellow's only 1 has no free access: lost, and the report shows yellow failing (c)."""
    state = solo_fixture()
    assert ENGINE.free_accesses(state)["2,2"] == 0
    ENGINE.play(state, 0, "pass")
    result = ENGINE.outcome(state)
    assert result.kind == "outcome.solo_lost" and result.winners == ()
    report = {c["colour"]: c for c in result.params["colours"]}
    assert report["yellow"] == {"colour": "yellow", "unplaced": 0, "one_zone": True, "open_one": False}
    for colour in ("green", "blue", "red"):
        assert report[colour] == {"colour": colour, "unplaced": 0, "one_zone": True, "open_one": True}


def test_s10_solo_lost_for_an_unplaced_man_or_a_split_colour():
    """S10 / R8.6 (a), (b)."""
    state = solo_fixture("blue_unplaced")
    ENGINE.play(state, 0, "pass")
    report = {c["colour"]: c for c in ENGINE.outcome(state).params["colours"]}
    assert report["blue"]["unplaced"] == 1 and ENGINE.outcome(state).winners == ()
    state = solo_fixture("green_split")
    ENGINE.play(state, 0, "pass")
    report = {c["colour"]: c for c in ENGINE.outcome(state).params["colours"]}
    assert report["green"]["one_zone"] is False


def test_r8_6_solo_won_when_every_colour_has_an_open_one():
    """R8.6: the S10 fixture with yellow's 1 opened (its eastern neighbour row shortened) is won."""
    state = solo_fixture()
    # rebuild with yellow's 1 on the western edge instead
    rows_state = ENGINE.dump(state)
    for entry in rows_state["tiles"]:
        if entry[:2] == [0, 2]:
            entry[2] = 1
        elif entry[:2] == [2, 2]:
            entry[2] = 2
    won = ENGINE.load(rows_state)
    ENGINE.play(won, 0, "pass")
    assert ENGINE.outcome(won).kind == "outcome.solo_won" and ENGINE.outcome(won).winners == (0,)
