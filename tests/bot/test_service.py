"""The table service with a small test game: lobby, authorisation, moves, AI seats, privacy, reminders."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import BadInput, MovedOn, NotAllowed, NotFound, TableService

ALICE, BOB, CAROL, EVE = 101, 202, 303, 666


async def lobby(service, **options):
    reply = await service.create("race", ALICE, "Alice", options or None, seed=7)
    await service.join(reply.table_id, BOB, "Bob")
    return reply.table_id


async def test_create_join_start_and_lobby_info(service, race):
    reply = await service.create("race", ALICE, "Alice", {"target": "12"}, seed=7)
    assert reply.status == "lobby" and reply.lobby.seats == ["Alice"] and not reply.lobby.can_start
    assert "target=12" in reply.lobby.options_text and "dice=off" in reply.lobby.options_text
    reply = await service.join(reply.table_id, BOB, "Bob")
    assert reply.lobby.seats == ["Alice", "Bob"] and reply.lobby.can_start
    started = await service.start(reply.table_id, ALICE)
    assert started.status == "active" and started.mention == [ALICE] and started.image
    # Each player is told their secret privately at the start (their view differs from the public one).
    assert {p.user_id for p in started.private} == {ALICE, BOB}


async def test_bad_options_and_unknown_game_are_refused(service, race):
    with pytest.raises(BadInput, match="3 to 50"):
        await service.create("race", ALICE, "Alice", {"target": "999"})
    with pytest.raises(BadInput, match="no option 'speed'"):
        await service.create("race", ALICE, "Alice", {"speed": "1"})
    with pytest.raises(BadInput, match="Unknown game"):
        await service.create("chess", ALICE, "Alice")


async def test_lobby_rules(service, race):
    table = await lobby(service)
    with pytest.raises(BadInput, match="already seated"):
        await service.join(table, BOB, "Bob")
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.start(table, BOB)
    with pytest.raises(NotAllowed, match="Only the host can add"):
        await service.add_ai(table, BOB)
    await service.add_ai(table, ALICE)
    with pytest.raises(NotAllowed, match="full"):
        await service.join(table, CAROL, "Carol")
    with pytest.raises(NotAllowed, match="host can't leave"):
        await service.leave(table, ALICE)
    reply = await service.leave(table, BOB)
    assert reply.lobby.seats == ["Alice", "Random AI 1"]
    with pytest.raises(NotFound):
        await service.join(999, CAROL, "Carol")


async def test_start_needs_enough_players(service, race):
    reply = await service.create("race", ALICE, "Alice", seed=1)
    with pytest.raises(NotAllowed, match="needs 2 to 3 players; 1 seated"):
        await service.start(reply.table_id, ALICE)


async def test_moves_turns_strangers_and_illegal_moves_change_nothing(service, race, store):
    table = await lobby(service)
    await service.start(table, ALICE)
    before = await store.get_table(table)
    with pytest.raises(NotAllowed, match="not playing"):
        await service.act(table, EVE, "add 1")
    with pytest.raises(NotAllowed, match="not your turn: waiting for Alice"):
        await service.act(table, BOB, "add 1")
    with pytest.raises(BadInput, match="add 1, add 2 or add 3"):
        await service.act(table, ALICE, "add 9")
    assert (await store.get_table(table)).version == before.version
    reply = await service.act(table, ALICE, "  ADD   2 ")
    assert "`add 2`" in reply.text and reply.mention == [BOB]
    assert await service.legal_moves(table, ALICE) == []
    assert "add 1" in await service.legal_moves(table, BOB)
    assert (await service.log(table)) == ["1. Alice: add 2"]


async def test_private_events_reach_only_their_owner(service, race):
    table = await lobby(service)
    await service.start(table, ALICE)
    reply = await service.act(table, ALICE, "peek")
    assert [p.user_id for p in reply.private] == [ALICE]
    assert "secret" not in reply.text
    mine = await service.private(table, ALICE)
    assert mine.private[0].user_id == ALICE and "add 1" in mine.private[0].text
    with pytest.raises(NotAllowed):
        await service.private(table, EVE)


async def test_game_against_ai_plays_to_the_end(service, race, store):
    reply = await service.create("race", ALICE, "Alice", seed=3)
    table = reply.table_id
    await service.add_ai(table, ALICE)
    reply = await service.start(table, ALICE)
    while reply.status == "active":
        assert reply.mention == [ALICE]
        reply = await service.act(table, ALICE, "add 1")
    assert reply.status == "finished" and reply.result and "🏁" in reply.text
    moves = await store.moves(table)
    assert any(m.user_id is None for m in moves), "the AI moved"
    with pytest.raises(NotAllowed, match="over"):
        await service.act(table, ALICE, "add 1")


async def test_all_ai_game_finishes_on_start(service, race):
    reply = await service.create("race", ALICE, "Alice", seed=5, seat_host=False)
    await service.add_ai(reply.table_id, ALICE)
    await service.add_ai(reply.table_id, ALICE)
    reply = await service.start(reply.table_id, ALICE)
    assert reply.status == "finished" and reply.mention == []


async def test_concurrent_moves_apply_once(store, clock, race):
    service = TableService(store, clock=clock)
    table = await lobby(service)
    await service.start(table, ALICE)
    results = await asyncio.gather(service.act(table, ALICE, "add 1"), service.act(table, ALICE, "add 1"),
                                   return_exceptions=True)
    errors = [r for r in results if isinstance(r, Exception)]
    assert len(errors) == 1 and isinstance(errors[0], (MovedOn, NotAllowed))
    assert len(await store.moves(table)) == 1


async def test_concurrent_moves_through_two_stores_apply_once(tmp_path, clock, race):
    from db import open_store

    url = f"sqlite:///{tmp_path / 'two.db'}"
    first, second = await open_store(url), await open_store(url)
    try:
        one, two = TableService(first, clock=clock), TableService(second, clock=clock)
        table = await lobby(one)
        await one.start(table, ALICE)
        # Both read the same version, then both try to save.
        results = await asyncio.gather(one.act(table, ALICE, "add 1"), two.act(table, ALICE, "add 2"),
                                       return_exceptions=True)
        assert sum(isinstance(r, MovedOn) for r in results) == 1
        assert len(await first.moves(table)) == 1
    finally:
        await first.close()
        await second.close()


async def test_reminders_once_per_interval(service, race, clock):
    table = await lobby(service)
    await service.start(table, ALICE)
    assert await service.due_reminders() == []
    clock.now += 24 * 3600
    due = await service.due_reminders()
    assert [(r.table_id, r.user_ids) for r in due] == [(table, [ALICE])]
    assert await service.due_reminders() == []
    clock.now += 3600
    assert await service.due_reminders() == []
    await service.settings(table, ALICE, reminder_hours=1)
    assert [r.user_ids for r in await service.due_reminders()] == [[ALICE]]
    with pytest.raises(NotAllowed):
        await service.settings(table, BOB, reminder_hours=2)
    with pytest.raises(BadInput):
        await service.settings(table, ALICE, reminder_hours=-1)
    # A move starts a new turn clock for the next player.
    await service.act(table, ALICE, "add 1")
    clock.now += 3600
    assert [r.user_ids for r in await service.due_reminders()] == [[BOB]]


async def test_abandon_and_thread_deleted(service, race):
    table = await lobby(service)
    await service.set_thread(table, 555)
    assert await service.table_for_thread(555) == table
    with pytest.raises(NotAllowed, match="Only the host"):
        await service.abandon(table, BOB)
    await service.start(table, ALICE)
    await service.thread_deleted(555)
    with pytest.raises(NotAllowed, match="abandoned"):
        await service.act(table, ALICE, "add 1")
    with pytest.raises(NotAllowed, match="already over"):
        await service.abandon(table, ALICE, moderator=True)


async def test_games_for_user(service, race):
    table = await lobby(service)
    await service.start(table, ALICE)
    mine = await service.games_for(ALICE)
    assert [(g.table_id, g.your_turn) for g in mine] == [(table, True)]
    assert [(g.table_id, g.your_turn) for g in await service.games_for(BOB)] == [(table, False)]
    assert await service.games_for(EVE) == []


async def test_corrupt_state_is_a_clear_error(service, race, store):
    table = await lobby(service)
    await service.start(table, ALICE)
    await store._db.execute("UPDATE tables SET state = '{not json' WHERE id = ?", (table,))
    await store._db.commit()
    with pytest.raises(Exception, match=f"#{table}"):
        await service.act(table, ALICE, "add 1")


async def test_restart_keeps_games(tmp_path, clock, race):
    from db import open_store

    url = f"sqlite:///{tmp_path / 'restart.db'}"
    store = await open_store(url)
    table = await lobby(TableService(store, clock=clock))
    await TableService(store, clock=clock).start(table, ALICE)
    await TableService(store, clock=clock).act(table, ALICE, "add 3")
    await store.close()
    store = await open_store(url)
    try:
        reply = await TableService(store, clock=clock).act(table, BOB, "add 3")
        assert "total" not in reply.text or reply.status == "active"
        assert len(await store.moves(table)) == 2
    finally:
        await store.close()


async def test_undo_takes_back_the_last_move_of_its_player_only(service, race, store):
    table = await lobby(service)
    await service.start(table, ALICE)
    with pytest.raises(NotAllowed, match="nothing to undo"):
        await service.undo(table, ALICE)
    await service.act(table, ALICE, "add 2")
    before = (await store.get_table(table)).state
    await service.act(table, BOB, "add 3")
    with pytest.raises(NotAllowed, match="Only Bob"):
        await service.undo(table, ALICE)
    with pytest.raises(NotAllowed, match="not playing"):
        await service.undo(table, EVE)
    reply = await service.undo(table, BOB)
    assert "took back `add 3`" in reply.text and reply.mention == [BOB]
    assert (await store.get_table(table)).state == before
    assert [m.move for m in await store.moves(table)] == ["add 2"]
    # The next move is numbered after the undone one; the log stays append-only.
    await service.act(table, BOB, "add 1")
    assert [m.n for m in await store.moves(table, include_undone=True)] == [1, 2, 3]
    assert await service.log(table) == ["1. Alice: add 2", "3. Bob: add 1"]


async def test_undo_refuses_moves_that_revealed_a_secret(service, race):
    table = await lobby(service)
    await service.start(table, ALICE)
    await service.act(table, ALICE, "peek")
    with pytest.raises(NotAllowed, match="private"):
        await service.undo(table, ALICE)


async def test_undo_takes_back_the_ai_replies_too(service, race, store):
    reply = await service.create("race", ALICE, "Alice", {"target": "50"}, seed=3)
    table = reply.table_id
    await service.add_ai(table, ALICE)
    await service.start(table, ALICE)
    await service.act(table, ALICE, "add 1")
    assert len(await store.moves(table)) == 2
    reply = await service.undo(table, ALICE)
    assert await store.moves(table) == [] and reply.mention == [ALICE]


async def test_undo_never_takes_back_luck(service, race):
    """A move that rolled dice can't be undone: the player would see the roll, then choose again."""
    table = await lobby(service, dice="true")
    await service.start(table, ALICE)
    await service.act(table, ALICE, "roll")
    with pytest.raises(NotAllowed, match="rolled dice"):
        await service.undo(table, ALICE)
