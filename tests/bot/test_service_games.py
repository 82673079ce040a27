"""The service with the real games: whole Forest Fire games, and secrets that setup itself deals."""

from __future__ import annotations

import pytest

from bot.service import BadInput, NotAllowed
from engines.core import Rng

FIRE, CHIEF, STRANGER = 11, 22, 99


async def play_out(service, table, users, rng, store):
    """Each awaited human picks a random legal move until the game ends; returns the last reply."""
    reply = None
    for _ in range(5000):
        row = await store.get_table(table)
        if row.status != "active":
            return reply
        for user in users:
            moves = await service.legal_moves(table, user)
            if moves:
                reply = await service.act(table, user, rng.choice(moves))
                assert reply.image[:8] == b"\x89PNG\r\n\x1a\n"
                break
        else:
            raise AssertionError("nobody can move but the game is active")
    raise AssertionError("game did not end")


async def test_full_forest_fire_game_between_two_users(service, store):
    reply = await service.create("forestfire", FIRE, "Fiona", {"max_rounds": "10"}, seed=21)
    table = reply.table_id
    await service.join(table, CHIEF, "Carl")
    reply = await service.start(table, FIRE)
    assert reply.mention == [FIRE] and "Fiona plays Fire" in reply.text
    with pytest.raises(NotAllowed, match="not playing"):
        await service.act(table, STRANGER, "grow 11")
    with pytest.raises(NotAllowed, match="not your turn: waiting for Fiona"):
        await service.act(table, CHIEF, "end")
    with pytest.raises(BadInput, match="`grow 10`"):
        await service.act(table, FIRE, "grow 10")
    reply = await service.act(table, FIRE, "grow 11")
    assert reply.mention == [CHIEF]
    reply = await play_out(service, table, [FIRE, CHIEF], Rng(5), store)
    assert reply.status == "finished" and reply.result and reply.mention == []
    row = await store.get_table(table)
    assert row.result["winners"] in ([0], [1])
    assert len(await store.moves(table)) >= 2


async def test_full_forest_fire_game_against_the_ai(service, store):
    reply = await service.create("forestfire", CHIEF, "Carl", seed=8)
    table = reply.table_id
    await service.add_ai(table, CHIEF)
    # Carl sits first, so with fixed roles he is the Fire and moves first; the AI is the Chief.
    reply = await service.start(table, CHIEF)
    assert reply.mention == [CHIEF]
    reply = await play_out(service, table, [CHIEF], Rng(6), store)
    assert reply.status == "finished"
    moves = await store.moves(table)
    assert {m.user_id for m in moves} == {None, CHIEF}


async def test_setup_secrets_reach_only_the_drawer(service):
    """Fire Zones draws the first tile during setup: the drawer is told its value privately."""
    reply = await service.create("firezone", 1, "Ann", {"firebreaks": "true"}, seed=3)
    await service.join(reply.table_id, 2, "Bob")
    reply = await service.start(reply.table_id, 1)
    drawer = reply.mention[0]
    private = {p.user_id: p for p in reply.private}
    assert "You drew a" in private[drawer].text and private[drawer].image
    value = private[drawer].text.split("You drew a")[1].split(".")[0].strip()
    assert f"drew a {value}" not in reply.text


async def test_intensify_shortcut_is_logged_step_by_step(service, store):
    """Forest Fire R11.1: `intensify 11 10 10` is logged as `intensify 11`, `put 10`, `put 10`."""
    reply = await service.create("forestfire", FIRE, "Fiona", seed=2)
    await service.join(reply.table_id, CHIEF, "Carl")
    await service.start(reply.table_id, FIRE)
    await service.act(reply.table_id, FIRE, "intensify 11 10 10")
    assert [m.move for m in await store.moves(reply.table_id)] == ["intensify 11", "put 10", "put 10"]
    assert await service.log(reply.table_id) == ["1. Fiona: intensify 11", "2. Fiona: put 10", "3. Fiona: put 10"]


async def test_one_player_may_hold_several_seats_in_a_cooperative_game(service):
    """Fire Rescue R1.1: one seat per firefighter; a person may play two when the table agrees."""
    reply = await service.create("rescue", FIRE, "Fiona", seed=4)
    with pytest.raises(BadInput, match="extra:true"):
        await service.join(reply.table_id, FIRE, "Fiona")
    reply = await service.join(reply.table_id, FIRE, "Fiona", extra_seat=True)
    assert reply.lobby.seats == ["Fiona", "Fiona"]
    reply = await service.start(reply.table_id, FIRE)
    assert reply.mention == [FIRE]
    mine = await service.private(reply.table_id, FIRE)
    assert len(mine.private) == 2  # one view per seat she holds
    other = await service.create("forestfire", FIRE, "Fiona", seed=4)
    with pytest.raises(NotAllowed, match="Only cooperative games"):
        await service.join(other.table_id, FIRE, "Fiona", extra_seat=True)


async def test_the_host_switches_the_game_to_french(service):
    reply = await service.create("forestfire", FIRE, "Fiona", seed=2)
    table = reply.table_id
    await service.join(table, CHIEF, "Carl")
    await service.start(table, FIRE)
    with pytest.raises(BadInput, match="choose one of: en, fr"):
        await service.settings(table, FIRE, locale="de")
    with pytest.raises(NotAllowed):
        await service.settings(table, CHIEF, locale="fr")
    reply = await service.settings(table, FIRE, locale="FR")
    assert "français" in reply.text
    said = (await service.act(table, FIRE, "grow 11")).text
    assert "case 11" in said and "À jouer : Carl" in said, said


async def test_undo_takes_a_whole_shortcut_back(service, store):
    reply = await service.create("forestfire", FIRE, "Fiona", seed=2)
    await service.join(reply.table_id, CHIEF, "Carl")
    await service.start(reply.table_id, FIRE)
    before = (await store.get_table(reply.table_id)).state
    await service.act(reply.table_id, FIRE, "intensify 11 10 10")
    assert [m.step for m in await store.moves(reply.table_id)] == [0, 1, 2]
    undone = await service.undo(reply.table_id, FIRE)
    assert "took back `intensify 11`." in undone.text
    assert (await store.get_table(reply.table_id)).state == before
    assert await store.moves(reply.table_id) == []


async def test_test_only_options_are_refused_unless_allowed(service):
    with pytest.raises(BadInput, match="'stack' is for tests only"):
        await service.create("forestfire", FIRE, "Fiona", {"stack": [6, 6]})
    reply = await service.create("forestfire", FIRE, "Fiona", {"stack": [6, 6]}, allow_hidden=True)
    info = await service.info(reply.table_id)
    assert (info.game, info.status, info.players, info.result, info.over) == (
        "forestfire", "lobby", {FIRE: "Fiona"}, None, False)
    await service.set_thread(reply.table_id, 77)
    assert (await service.info_for_thread(77)).table_id == reply.table_id
    assert await service.info_for_thread(78) is None
    await service.abandon(reply.table_id, FIRE)
    assert (await service.info(reply.table_id)).over
    with pytest.raises(NotAllowed, match="is over"):
        await service.join(reply.table_id, CHIEF, "Carl")


async def test_tower_redraw_cards_stay_secret_in_the_thread_and_the_log(service, store):
    """Tower Fire R7.4: the table sees `redraw (N cards)`, never which cards were discarded."""
    reply = await service.create("tower", FIRE, "Fiona", seed=5)
    await service.join(reply.table_id, CHIEF, "Carl")
    await service.start(reply.table_id, FIRE)
    table = reply.table_id
    for _ in range(50):
        for user in (FIRE, CHIEF):
            moves = await service.legal_moves(table, user)
            redraws = [m for m in moves if m.startswith("redraw ")]
            if redraws:
                move = max(redraws, key=len)
                cards = move.split()[1:]
                reply = await service.act(table, user, move)
                line = next(line for line in reply.text.splitlines() if "redraw" in line)
                assert f"`redraw ({len(cards)} card" in line
                assert not any(card in line for card in cards), line
                assert f"redraw ({len(cards)} card" in (await service.log(table, 1))[0]
                return
            if moves:
                await service.act(table, user, moves[0])
                break
    raise AssertionError("no redraw came up")


async def test_undo_refuses_a_move_that_turned_a_hidden_card():
    """The engines that reveal hidden things say which events do (Fire Rescue POIs, Tower event cards,
    Fire Zones draws)."""
    import engines

    assert {"poi_victim", "poi_false_alarm"} <= engines.get("rescue").revealing_events
    assert "event.draw" in engines.get("tower").revealing_events
    assert "draw" in engines.get("firezone").revealing_events


async def test_the_host_gets_the_strongest_fair_ai(service):
    reply = await service.create("forestfire", FIRE, "Fiona", seed=1)
    reply = await service.add_ai(reply.table_id, FIRE)
    assert reply.lobby.seats == ["Fiona", "Playout AI 1"]
    reply = await service.create("firezone", FIRE, "Fiona", seed=1)
    reply = await service.add_ai(reply.table_id, FIRE)
    assert reply.lobby.seats == ["Fiona", "Playout AI 1"]  # it re-deals what it can't see (determinize)
    reply = await service.create("tower", FIRE, "Fiona", seed=1)
    reply = await service.add_ai(reply.table_id, FIRE)
    assert reply.lobby.seats == ["Fiona", "Random AI 1"]
    with pytest.raises(BadInput, match="would see hidden information"):
        await service.add_ai(reply.table_id, FIRE, "playout")
