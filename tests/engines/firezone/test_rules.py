"""Rule-by-rule tests (spec ids in names): components, geometry, setup, turn flow, actions, options."""

from __future__ import annotations

import pytest

from engines.core import InvalidOption, resolve_options
from engines.firezone import ENGINE
from engines.firezone import geometry as geo
from tests.engines.firezone.forest import EXAMPLE_STACK, build, example_game, new_game, refused

SQUARE = {"0,0": 3, "1,0": 6, "0,1": 6, "1,1": 4}


def all_tiles(state) -> list[int]:
    """Every tile value in the game: pile, drawn, face-up, firebreaks (true values)."""
    values = list(state.pile) + list(state.setup_draws if state.phase == "setup" else [])
    if state.drawn is not None:
        values.append(state.drawn)
    for cell, shown in state.board.items():
        values.append(state.hidden[cell][0] if cell in state.hidden else shown)
    return sorted(values)


def test_r2_1_thirty_six_tiles_six_of_each_value():
    for players in (1, 2, 3, 4):
        state = new_game(players, seed=players)
        assert all_tiles(state) == sorted(v for v in range(1, 7) for _ in range(6))


def test_r2_2_slots_by_value():
    tiles = {f"{q},0": q + 1 for q in range(6)}
    view = ENGINE.view(build(4, tiles), None)
    assert {t["value"]: t["slots"] for t in view["tiles"]} == {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}


def test_r2_3_r4_2_supplies():
    """R2.3 / R4.2: 12 men per colour; 3 players add 4 red reinforcements; 2 players 24; solo 48."""
    assert ENGINE.view(new_game(4), None)["supply"] == [{"green": 12}, {"blue": 12}, {"yellow": 12}, {"red": 12}]
    assert ENGINE.view(new_game(3), None)["supply"] == [
        {"green": 12, "red": 4}, {"blue": 12, "red": 4}, {"yellow": 12, "red": 4}]
    assert ENGINE.view(new_game(2), None)["supply"] == [{"green": 12, "yellow": 12}, {"blue": 12, "red": 12}]
    assert ENGINE.view(new_game(1), None)["supply"] == [{"green": 12, "blue": 12, "yellow": 12, "red": 12}]
    # R9.1: cooperative supplies are the competitive ones
    assert ENGINE.view(new_game(3, mode="coop"), None)["supply"] == ENGINE.view(new_game(3), None)["supply"]
    assert ENGINE.view(new_game(2), None)["seats"] == ["Green & Yellow", "Blue & Red"]


def test_r2_4_r3_3_unbounded_signed_cell_ids():
    """R2.4 / R3.3: signed axial ids, canonical output, lenient input; far cells work."""
    for q, r in ((0, 0), (2, -1), (-1, 2), (-35, 35), (35, -35)):
        cell = geo.key(q, r)
        assert geo.coords(cell) == (q, r)
        assert geo.name(cell) == f"{q},{r}"
        assert geo.parse(f"{q},{r}") == cell
    assert geo.parse("a1") is None and geo.parse("1;2") is None and geo.parse("1,") is None


def test_r3_1_r3_2_six_neighbours_pointy_top():
    """R3.2: E, NE, NW, W, SW, SE in axial coordinates."""
    origin = geo.key(0, 0)
    names = sorted(geo.name(origin + step) for step in geo.NEIGHBOUR_STEPS)
    assert names == sorted(["1,0", "1,-1", "0,-1", "-1,0", "-1,1", "0,1"])
    state = build(4, {"0,0": 1})
    assert sorted(ENGINE.heats(state)) == names  # R3.5: the frontier is the 6 empty neighbours


def test_r3_5_r3_6_frontier_touching_only_firebreaks_has_heat_zero():
    state = build(4, {"0,0": 5}, hidden={"1,0": (6, 0)})
    heats = ENGINE.heats(state)
    assert heats["2,0"] == 0 and heats["2,-1"] == 0 and heats["1,-1"] == 5  # firebreak counts 0


def test_r3_7_free_accesses_closed_by_tiles_and_firebreaks():
    state = build(4, {"0,0": 5, "1,0": 2}, hidden={"0,1": (4, 1)})
    assert ENGINE.free_accesses(state) == {"0,0": 4, "1,0": 4, "0,1": 4}


def test_r3_8_men_never_removed_when_accesses_close():
    """R3.8: after S2's T4, 0,1 holds 2 men with only 1 free access; they stay."""
    state = example_game(4)
    tile = {t["cell"]: t for t in ENGINE.view(state, None)["tiles"]}["0,1"]
    assert tile["free"] == 1 and tile["men"] == {"green": 1, "blue": 1} and tile["room"] == 0


def test_r3_9_firebreak_never_links_zones():
    """R3.9: two green tiles touching only through a firebreak are two zones."""
    state = build(4, {"0,0": 5, "2,0": 3}, {"0,0": "G", "2,0": "G"}, hidden={"1,0": (6, 1)})
    green = [z for z in ENGINE.view(state, None)["zones"] if z["colour"] == "green"]
    assert sorted(len(z["cells"]) for z in green) == [1, 1]
    assert ENGINE.view(state, None)["colour_scores"]["green"] == 2


def test_r4_1_setup_player_is_the_last_seat_and_seat_one_starts():
    state = new_game(4, stack=list(EXAMPLE_STACK))
    assert ENGINE.to_move(state) == [3] and state.phase == "setup"
    ENGINE.play(state, 3, "setup 6 6")
    assert ENGINE.to_move(state) == [0]
    for players in (1, 2, 3):
        assert ENGINE.to_move(new_game(players)) == [0]


@pytest.mark.parametrize("players, cells", [(1, ["0,0"]), (2, ["0,0", "1,0"]), (3, ["0,0", "1,0", "0,1"])])
def test_r4_3_start_tiles_in_draw_order(players, cells):
    state = new_game(players, stack=[5, 2, 4, 1], auto_forced_tile=False)
    tiles = {t["cell"]: t["value"] for t in ENGINE.view(state, None)["tiles"]}
    assert tiles == dict(zip(cells, [5, 2, 4][:players], strict=True))


def test_r4_3_four_player_setup_moves_are_distinct_value_pairs():
    state = new_game(4, stack=[3, 4, 6, 6], auto_forced_tile=False)
    assert ENGINE.legal_moves(state, 3) == ["setup 6 6", "setup 4 6", "setup 3 6", "setup 3 4"]
    refused(state, 3, "setup 3 3", "two of the drawn tiles")
    refused(state, 3, "setup 5 6", "two of the drawn tiles")
    refused(state, 3, "setup 6", "two middle values")
    refused(state, 3, "tile 2,0", "lay out the start tiles")
    refused(state, 0, "setup 6 6", "not your turn")
    ENGINE.play(state, 3, "setup 6 3")  # R11.2: either order
    tiles = {t["cell"]: t["value"] for t in ENGINE.view(state, None)["tiles"]}
    assert tiles == {"1,0": 3, "0,1": 6, "0,0": 4, "1,1": 6}
    refused(state, 0, "setup 6 6", "already laid out")
    state = new_game(4, stack=[1, 2, 3, 4])
    assert len(ENGINE.legal_moves(state, 3)) == 6 and ENGINE.legal_moves(state, 3)[0] == "setup 3 4"


def test_r4_3_four_equal_values_are_laid_automatically():
    state = new_game(4, stack=[5, 5, 5, 5])
    assert state.phase != "setup" and ENGINE.to_move(state) == [0]
    assert len(ENGINE.view(state, None)["tiles"]) == 4
    # R5.3: automatic moves are announced like normal ones: the layout is said before the first draw
    opening = ENGINE.opening_events(state)
    assert [e.kind for e in opening][:2] == ["setup", "draw"]
    assert opening[0].params["player"] == "Red" and opening[0].params["tiles"] == "1,0=5, 0,1=5, 0,0=5, 1,1=5"


def test_r4_4_start_state():
    for players in (1, 2, 3, 4):
        view = ENGINE.view(new_game(players, auto_forced_tile=False), None)
        assert all(not t["men"] for t in view["tiles"])
        assert view["passes"] == 0 and view["sacrificed"] == [0] * players


def test_r5_1_r6_1_draw_takes_the_top_of_the_pile():
    state = new_game(2, stack=[1, 2, 6, 5, 4], auto_forced_tile=False)
    assert state.drawn == 6 and ENGINE.view(state, None)["pile"] == 33
    ENGINE.play(state, 0, ENGINE.legal_moves(state, 0)[0])
    ENGINE.play(state, 0, "pass")
    assert state.drawn == 5


def test_r5_2_r6_5_pass_then_deploy_later():
    state = example_game(1)
    blue = ENGINE.legal_moves(state, 1)
    assert blue[-1] == "pass"
    ENGINE.play(state, 1, "pass")
    ENGINE.play(state, 2, "tile -1,1")
    ENGINE.play(state, 2, "pass")
    ENGINE.play(state, 3, "tile 1,-1")
    ENGINE.play(state, 3, "pass")
    assert any(m.startswith("men") for m in ENGINE.legal_moves(state, 0))


def test_r5_3a_automatic_pass_without_a_men_move():
    """R5.3(a): a player with no men left passes automatically after the tile."""
    state = build(2, SQUARE, phase="tile", drawn=2, pile=[3, 4], supply=[[0, 0, 0, 0], [0, 12, 0, 12]])
    events = ENGINE.play(state, 0, "tile 2,0")
    assert [e.kind for e in events][:2] == ["tile", "pass.auto"]
    assert ENGINE.to_move(state) == [1]


def test_r5_3b_auto_forced_tile_option():
    """R5.3(b): one hottest point is placed automatically unless the option is off or firebreaks apply."""
    state = new_game(4, stack=list(EXAMPLE_STACK))
    ENGINE.play(state, 3, "setup 6 6")
    ENGINE.play(state, 0, "tile 2,0")
    events = ENGINE.play(state, 0, "men 1 0,1")
    assert [e.kind for e in events] == ["men", "draw", "tile.auto"]
    state = example_game(1, auto_forced_tile=False)
    assert state.phase == "tile" and ENGINE.legal_moves(state, 1) == ["tile 0,2"]
    state = example_game(1, firebreaks=True)
    assert ENGINE.legal_moves(state, 1) == ["tile 0,2", "firebreak 0,2"]


def test_r5_4_men_only_turns_after_the_last_tile():
    state = build(2, SQUARE, phase="tile", drawn=2, pile=[])
    events = ENGINE.play(state, 0, "tile 2,0")
    assert "pile.empty" in [e.kind for e in events]
    ENGINE.play(state, 0, "pass")
    assert state.phase == "men" and state.drawn is None
    refused(state, 1, "tile 0,2", "draw pile is empty")


def test_r6_2_ties_are_the_players_choice():
    state = example_game(2)
    assert ENGINE.legal_moves(state, 2) == ["tile 1,-1", "tile -1,1"]
    ENGINE.play(state, 2, "tile 1,-1")
    assert state.last["cell"] == "1,-1"


def test_r6_3_firebreak_on_hottest_point_only_and_option_off():
    state = example_game(4, firebreaks=True, stack=EXAMPLE_STACK[:8] + [3])
    refused(state, 0, "firebreak 0,-1", "not a hottest point")
    refused(state, 0, "firebreak 2,-1 red", "not your colour")
    refused(state, 0, "firebreak 2,-1 purple", "not a colour")
    refused(state, 0, "firebreak", "say where")
    plain = example_game(4, stack=EXAMPLE_STACK[:8] + [3], auto_forced_tile=False)
    refused(plain, 0, "firebreak 2,-1", "option is off")


def test_r6_4_colour_rules_three_players():
    """R6.4 / R11.1: with own men and reinforcements the colour is required; then optional once one is left."""
    state = build(3, SQUARE, current=0, pile=[1, 2])
    moves = ENGINE.legal_moves(state, 0)
    assert "men 2 1,0 green" in moves and "men 2 1,0 red" in moves
    refused(state, 0, "men 1 1,0", "several colours")
    refused(state, 0, "men 1 1,0 blue", "not one of your colours")
    state.supply[0] = [0, 0, 0, 2]
    assert "men 2 1,0" in ENGINE.legal_moves(state, 0)
    refused(state, 0, "men 3 1,0", "only 2 red men left")
    refused(state, 0, "men 1 1,0 green", "only 0 green men left")
    ENGINE.play(state, 0, "men 1 1,0 r")  # R11.2: a colour R11.1 would omit is accepted
    assert state.men[geo.key(1, 0)] == [0, 0, 0, 1]


def test_r6_4_target_must_be_a_face_up_tile():
    state = build(4, SQUARE, hidden={"2,0": (5, 1)}, pile=[1])
    refused(state, 0, "men 1 5,5", "no tile at 5,5")
    refused(state, 0, "men 1 2,0", "firebreak")
    refused(state, 0, "men x 1,0", "not a number")
    refused(state, 0, "men 0 1,0", "1 to 3")
    refused(state, 0, "men 1", "write men")


def test_r6_6_nothing_leaves_the_forest():
    state = example_game(12, auto_forced_tile=False)
    placed = {t["cell"]: t["men"] for t in ENGINE.view(state, None)["tiles"] if t["men"]}
    for _ in range(30):
        if ENGINE.outcome(state):
            break
        seat = ENGINE.to_move(state)[0]
        ENGINE.play(state, seat, ENGINE.legal_moves(state, seat)[0])
        now = {t["cell"]: t["men"] for t in ENGINE.view(state, None)["tiles"]}
        for cell, men in placed.items():
            assert all(now[cell].get(c, 0) >= n for c, n in men.items())


def test_r8_2_solo_ends_after_the_last_tile_turn_with_phase_b():
    state = build(1, {"0,0": 1, "1,0": 2}, mode="solo", phase="tile", drawn=3, pile=[],
                  supply=[[12, 12, 12, 12]])
    ENGINE.play(state, 0, ENGINE.legal_moves(state, 0)[0])
    assert ENGINE.outcome(state) is None and state.phase == "men"
    ENGINE.play(state, 0, "men 1 0,0 green")
    assert ENGINE.outcome(state).kind == "outcome.solo_lost"


def test_r8_2_r9_1_coop_ends_after_the_last_tile():
    state = build(3, SQUARE, mode="coop", phase="tile", drawn=3, pile=[], current=2)
    ENGINE.play(state, 2, ENGINE.legal_moves(state, 2)[0])
    ENGINE.play(state, 2, "pass")
    result = ENGINE.outcome(state)
    assert result.kind == "outcome.coop_lost" and result.winners == ()
    assert {c["colour"]: c["unplaced"] for c in result.params["colours"]}["red"] == 12  # 3 x 4 reinforcements


def test_r9_1_coop_three_players_red_must_form_one_zone():
    """R9.1 / R8.6: in coop the reinforcements count; here red is split so the game is lost."""
    tiles = {"0,0": 1, "1,0": 1, "2,0": 1, "3,0": 1, "0,2": 1, "6,6": 6}
    men = {"0,0": "G", "1,0": "B", "2,0": "Y", "3,0": "R", "0,2": "R"}
    state = build(3, tiles, men, mode="coop", supply=[[0, 0, 0, 0]] * 3, pile=[])
    ENGINE.play(state, 0, "pass")
    report = {c["colour"]: c for c in ENGINE.outcome(state).params["colours"]}
    assert report["red"]["one_zone"] is False and report["green"]["one_zone"] is True


def test_r8_4_three_player_reinforcements_score_for_nobody():
    state = build(3, {"0,0": 6, "1,0": 1}, {"0,0": "R", "1,0": "GR"}, current=0, drew=False, passes=2)
    view = ENGINE.view(state, None)
    assert view["colour_scores"]["red"] == 7 and view["scores"] == [1, 0, 0]
    ENGINE.play(state, 0, "pass")
    assert ENGINE.outcome(state).scores == {0: 1, 1: 0, 2: 0}


def test_r8_5_d12_shared_win():
    state = build(4, {"0,0": 2, "2,0": 2}, {"0,0": "G", "2,0": "B"}, current=3, drew=False, passes=3)
    ENGINE.play(state, 3, "pass")
    result = ENGINE.outcome(state)
    assert result.kind == "outcome.shared" and result.winners == (0, 1)
    assert result.params["ranks"] == {"0": 1, "1": 1, "2": 3, "3": 3}


def test_r8_7_nobody_is_eliminated():
    """R8.7: a seat with no men left keeps its turns (it places tiles, passes automatically)."""
    state = build(2, SQUARE, phase="tile", drawn=2, pile=[3, 4, 5], supply=[[0, 0, 0, 0], [0, 12, 0, 12]],
                  auto_forced=False)
    ENGINE.play(state, 0, "tile 2,0")
    ENGINE.play(state, 1, ENGINE.legal_moves(state, 1)[0])
    ENGINE.play(state, 1, "pass")
    assert ENGINE.to_move(state) == [0] and state.phase == "tile"


def test_r9_options_and_modes():
    names = [o.name for o in ENGINE.options]
    assert names == ["mode", "firebreaks", "rounding", "auto_forced_tile", "colours"]
    assert resolve_options(ENGINE, {}) == {"mode": "competitive", "firebreaks": False, "rounding": "up",
                                           "auto_forced_tile": True, "colours": "gbyr"}
    assert all(len(o.help) <= 90 for o in ENGINE.options)
    assert new_game(1).mode == "solo"
    with pytest.raises(InvalidOption):
        new_game(3, mode="solo")
    with pytest.raises(InvalidOption):
        new_game(1, mode="coop")
    with pytest.raises(InvalidOption):
        resolve_options(ENGINE, {"rounding": "sideways"})
    with pytest.raises(InvalidOption):
        new_game(4, stack=[1] * 7)
    assert resolve_options(ENGINE, {"firebreaks": "on"})["firebreaks"] is True


def test_r11_1_canonical_strings_round_trip():
    """R11.1: every generated move is canonical and accepted by play."""
    from engines.firezone.engine import _canonical_tokens

    for players in (1, 2, 3, 4):
        state = new_game(players, seed=3, firebreaks=True)
        for _ in range(40):
            if ENGINE.outcome(state):
                break
            seat = ENGINE.to_move(state)[0]
            moves = ENGINE.legal_moves(state, seat)
            assert len(moves) == len(set(moves))
            for move in moves:
                assert " ".join(_canonical_tokens(move)) == move
            ENGINE.play(state, seat, moves[len(moves) // 2])


def test_r11_2_lenient_parsing():
    for text in ("men 1 (0,1)", "  MEN  1   0, 1 ", "men 1 0 , 1", "Men 1 (0, 1) g"):
        state = example_game(1, auto_forced_tile=False)
        ENGINE.play(state, 1, "tile 0,2")
        ENGINE.play(state, 1, text.replace(" g", " b"))
        assert state.men[geo.key(0, 1)] == [1, 1, 0, 0]


def test_illegal_move_classes_leave_the_state_unchanged():
    state = example_game(1, auto_forced_tile=False)
    refused(state, 0, "pass", "not your turn: blue")
    refused(state, 7, "pass", "no seat 7")
    refused(state, 1, "", "empty move")
    refused(state, 1, "jump 1,1", "unknown move")
    refused(state, 1, "pass", "before placing the drawn tile")
    refused(state, 1, "tile", "say where")
    refused(state, 1, "tile 0;2", "not a cell")
    refused(state, 1, "tile 0,2 0,3", "one cell")
    refused(state, 1, "tile 9,9", "does not touch the forest")
    refused(state, 1, "tile 0,0", "already holds a tile")
    refused(state, 1, "men 1 0,1", "first place the drawn tile")
    ENGINE.play(state, 1, "tile 0,2")
    refused(state, 1, "tile 0,2", "already placed this turn's tile")
    refused(state, 1, "pass now", "no argument")
    refused(state, 1, "men 1 0,1 blue extra", "write men")
    refused(state, 1, "men 1 0,1 pink", "not a colour")
    over = build(2, SQUARE, current=1, drew=False, passes=1, supply=[[0] * 4, [0] * 4])
    assert ENGINE.outcome(over) is None
    ENGINE.play(over, 1, "pass")
    assert ENGINE.outcome(over) is not None
    refused(over, 0, "pass", "game is over")
    assert ENGINE.legal_moves(over, 0) == [] and ENGINE.to_move(over) == []


def test_rules_summary_sections():
    """engines/firezone/rules.md: `## topic` sections, overview first, each short enough for Discord."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "engines" / "firezone" / "rules.md").read_text(encoding="utf-8")
    sections = [s for s in re.split(r"(?m)^(?=## )", text) if s.strip()]
    assert sections[0].startswith("## overview")
    assert all(len(s) <= 1800 for s in sections)
    topics = [s.splitlines()[0][3:] for s in sections]
    assert "moves" in topics and all(re.fullmatch(r"[a-z]+", t) for t in topics)


def test_message_catalogs_cover_every_kind():
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[3] / "engines" / "firezone" / "messages"
    en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    fr = json.loads((folder / "fr.json").read_text(encoding="utf-8"))
    assert set(en) == set(fr)
    for kind in ("outcome.win", "outcome.shared", "outcome.solo_won", "outcome.solo_lost", "outcome.coop_won",
                 "outcome.coop_lost", "draw", "draw.hidden", "draw.private", "tile", "tile.auto", "firebreak",
                 "firebreak.private", "men", "pass", "pass.auto", "setup", "pile.empty", "reveal"):
        assert kind in en


def test_r4_2_players_pick_colours_before_the_start():
    """R4.2: the bot may let players pick colours; option `colours` orders g, b, y, r by seat, counts unchanged."""
    view = ENGINE.view(new_game(4, colours="RBGY"), None)
    assert view["seats"] == ["Red", "Blue", "Green", "Yellow"]
    assert view["supply"] == [{"red": 12}, {"blue": 12}, {"green": 12}, {"yellow": 12}]
    # 2 players: seat 1 takes the 1st and 3rd colours, seat 2 the 2nd and 4th
    view = ENGINE.view(new_game(2, colours="rbgy"), None)
    assert view["seats"] == ["Red & Green", "Blue & Yellow"]
    assert view["supply"] == [{"red": 12, "green": 12}, {"blue": 12, "yellow": 12}]
    # 3 players: the 4th colour is the reinforcements (4 each), which score for nobody (R8.4)
    state = new_game(3, colours="ybrg", firebreaks=True)
    view = ENGINE.view(state, None)
    assert view["seats"] == ["Yellow", "Blue", "Red"] and view["reinforcements"] == "green"
    assert view["supply"] == [{"yellow": 12, "green": 4}, {"blue": 12, "green": 4}, {"red": 12, "green": 4}]
    assert view["own_colours"] == [["yellow"], ["blue"], ["red"]]
    assert sum(view["supply"][0].values()) == 16
    scored = build(3, {"0,0": 6, "1,0": 1}, {"0,0": "G", "1,0": "YG"}, current=0, drew=False, passes=2)
    data = ENGINE.dump(scored)
    data.update(colours="ybrg", supply=[[4, 0, 11, 0], [3, 12, 0, 0], [4, 0, 0, 12]])
    scored = ENGINE.load(data)
    assert ENGINE.view(scored, None)["scores"] == [1, 0, 0]  # green (reinforcements) scores for nobody
    refused(scored, 0, "men 1 0,0 red", "not one of your colours")
    ENGINE.play(scored, 0, "pass")
    assert ENGINE.outcome(scored).scores == {0: 1, 1: 0, 2: 0}
    # R6.3: the reinforcement colour can never be sacrificed
    assert state.phase == "tile" and ENGINE.to_move(state) == [0]
    cell = ENGINE.legal_moves(state, 0)[0].split()[1]
    refused(state, 0, f"firebreak {cell} green", "reinforcements cannot be sacrificed")
    assert f"firebreak {cell}" in ENGINE.legal_moves(state, 0)
    # kept by dump/load; a saved game from before the option loads with the default colours
    again = ENGINE.load(ENGINE.dump(state))
    assert ENGINE.view(again, None)["seats"] == ["Yellow", "Blue", "Red"]
    old = ENGINE.dump(new_game(4))
    del old["colours"]
    assert ENGINE.view(ENGINE.load(old), None)["seats"] == ["Green", "Blue", "Yellow", "Red"]
    for bad in ("ggbr", "gby", "purple"):
        with pytest.raises(InvalidOption):
            resolve_options(ENGINE, {"colours": bad})
