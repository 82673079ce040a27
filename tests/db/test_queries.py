"""Reading back: list_tables filters, table_by_thread, the move log with limit and undo, 64-bit ids."""

from __future__ import annotations

import pytest

from db import ABANDONED, ACTIVE, FINISHED, LOBBY, MoveRow, SeatRow, StoreError

from .tables import MAX_INT64, SNOWFLAKE, advanced, move, started_table


@pytest.fixture
async def tables(store):
    """lobby (guild 1, host 11), active (guild 1, users 11 & 22), active (guild 2, user 33 & AI),
    finished (guild 2, users 22 & 33), abandoned (guild 3, user 44 & AI). Created oldest first."""
    lobby = await store.create_table(game="forestfire", host_id=11, options={}, seed=1, now=10.0, guild_id=1)
    active_1 = await started_table(store, now=20.0, guild_id=1, users=(11, 22))
    active_2 = await started_table(store, now=30.0, guild_id=2, users=(33, None))
    finished = await started_table(store, now=40.0, guild_id=2, users=(22, 33))
    finished = await store.save(advanced(finished, status=FINISHED, result={"winner": [1]}), now=45.0)
    abandoned = await started_table(store, now=50.0, guild_id=3, users=(44, None))
    abandoned = await store.save(advanced(abandoned, status=ABANDONED), now=55.0)
    return {"lobby": lobby, "active_1": active_1, "active_2": active_2, "finished": finished,
            "abandoned": abandoned}


def ids(rows):
    return [row.id for row in rows]


async def test_list_tables_without_filters_gives_all_oldest_first(store, tables):
    assert await store.list_tables() == list(tables.values())


async def test_list_tables_by_status(store, tables):
    assert ids(await store.list_tables(status=ACTIVE)) == ids([tables["active_1"], tables["active_2"]])
    assert ids(await store.list_tables(status=[LOBBY, FINISHED])) == ids([tables["lobby"], tables["finished"]])
    assert ids(await store.list_tables(status=(s for s in [ABANDONED]))) == ids([tables["abandoned"]])
    assert await store.list_tables(status=[]) == []


async def test_list_tables_refuses_an_unknown_status(store, tables):
    with pytest.raises(ValueError, match="unknown status 'paused'"):
        await store.list_tables(status=["active", "paused"])


async def test_list_tables_by_seated_user(store, tables):
    assert ids(await store.list_tables(user_id=22)) == ids([tables["active_1"], tables["finished"]])
    both = await store.list_tables(user_id=33, status=ACTIVE)
    assert both == [tables["active_2"]]
    assert [s.user_id for s in both[0].seats] == [33, None], "every seat comes back, not only the user's"
    assert await store.list_tables(user_id=999) == []
    # The lobby host holds no seat yet: they are not "seated".
    assert tables["lobby"].id not in ids(await store.list_tables(user_id=11, status=LOBBY))


async def test_list_tables_by_guild(store, tables):
    assert ids(await store.list_tables(guild_id=2)) == ids([tables["active_2"], tables["finished"]])
    assert ids(await store.list_tables(guild_id=1, status=ACTIVE)) == ids([tables["active_1"]])
    assert ids(await store.list_tables(guild_id=2, user_id=22)) == ids([tables["finished"]])


async def test_table_by_thread(store):
    table = await started_table(store, thread_id=900)
    assert await store.table_by_thread(900) == table
    assert await store.table_by_thread(901) is None
    assert await store.get_table(table.id + 1000) is None


async def test_a_thread_holds_one_table_but_many_tables_have_none(store):
    await store.create_table(game="forestfire", host_id=1, options={}, seed=1, now=1.0, thread_id=900)
    with pytest.raises(StoreError, match="another table already uses this thread"):
        await store.create_table(game="forestfire", host_id=2, options={}, seed=2, now=2.0, thread_id=900)
    for i in range(3):
        await store.create_table(game="forestfire", host_id=3, options={}, seed=i, now=3.0 + i)
    assert len(await store.list_tables()) == 4


async def played(store, count: int):
    table = await started_table(store)
    for n in range(1, count + 1):
        table = await store.save(advanced(table, state={"turn": n}), now=300.0 + n, moves=[move(n, seat=n % 2)])
    return table


async def test_moves_in_play_order_and_the_latest_with_limit(store):
    table = await played(store, 5)
    assert [m.n for m in await store.moves(table.id)] == [1, 2, 3, 4, 5]
    assert [m.n for m in await store.moves(table.id, limit=2)] == [4, 5]
    assert [m.n for m in await store.moves(table.id, limit=50)] == [1, 2, 3, 4, 5]
    assert await store.moves(table.id, limit=0) == []
    assert await store.moves(table.id + 1) == []
    assert (await store.moves(table.id))[2] == move(3, seat=1)


async def test_several_moves_in_one_save(store):
    table = await started_table(store)
    await store.save(table, now=300.0, moves=[move(1), move(2, seat=1, user_id=None)])
    assert await store.moves(table.id) == [move(1), move(2, seat=1, user_id=None)]


async def test_undo_marks_the_latest_moves_and_keeps_them_in_the_log(store):
    table = await played(store, 5)
    table = await store.save(advanced(table, state={"turn": 3}), now=400.0, undo=2)
    assert [m.n for m in await store.moves(table.id)] == [1, 2, 3]
    everything = await store.moves(table.id, include_undone=True)
    assert [(m.n, m.undone) for m in everything] == [(1, False), (2, False), (3, False), (4, True), (5, True)]
    # The next move continues the numbering after the undone rows.
    table = await store.save(advanced(table, state={"turn": 4}), now=401.0, moves=[move(6)])
    assert [m.n for m in await store.moves(table.id)] == [1, 2, 3, 6]
    assert [m.n for m in await store.moves(table.id, limit=2)] == [3, 6]
    assert [m.n for m in await store.moves(table.id, limit=2, include_undone=True)] == [5, 6]
    # Undo skips rows already undone, and runs before the new moves are appended.
    table = await store.save(advanced(table, state={"turn": 3}), now=402.0, undo=2, moves=[move(7)])
    assert [m.n for m in await store.moves(table.id)] == [1, 2, 7]


async def test_sixty_four_bit_discord_ids_round_trip(store):
    table = await store.create_table(game="forestfire", host_id=MAX_INT64, options={"owner": SNOWFLAKE},
                                     seed=MAX_INT64, now=1.0, guild_id=SNOWFLAKE, channel_id=SNOWFLAKE + 1,
                                     thread_id=MAX_INT64, settings={"lobby_message_id": SNOWFLAKE + 2})
    seats = [SeatRow(seat=0, user_id=MAX_INT64, name="Max"), SeatRow(seat=1, user_id=SNOWFLAKE, name="Snow")]
    table = await store.save(advanced(table, status=ACTIVE), now=2.0, seats=seats,
                             moves=[MoveRow(n=1, seat=0, user_id=MAX_INT64, move="grow 1", events=[], at=2.0)])
    again = await store.get_table(table.id)
    assert again == table
    assert (again.host_id, again.guild_id, again.channel_id, again.thread_id, again.seed) == (
        MAX_INT64, SNOWFLAKE, SNOWFLAKE + 1, MAX_INT64, MAX_INT64)
    assert [s.user_id for s in again.seats] == [MAX_INT64, SNOWFLAKE]
    assert again.options == {"owner": SNOWFLAKE} and again.settings["lobby_message_id"] == SNOWFLAKE + 2
    assert await store.table_by_thread(MAX_INT64) == table
    assert await store.list_tables(user_id=SNOWFLAKE, guild_id=SNOWFLAKE) == [table]
    assert (await store.moves(table.id))[0].user_id == MAX_INT64


async def test_unicode_names_and_events_round_trip(store):
    table = await started_table(store)
    seats = [SeatRow(seat=0, user_id=1, name="Zoë 🔥"), SeatRow(seat=1, user_id=2, name="Ærøskøbing")]
    events = [{"kind": "sprayed", "params": {"text": "Le feu s'éteint"}, "to": 1}]
    table = await store.save(table, now=300.0, seats=seats,
                             moves=[MoveRow(n=1, seat=0, user_id=1, move="spray 3", events=events, at=1.5)])
    assert (await store.get_table(table.id)).seats == seats
    assert (await store.moves(table.id))[0].events == events
