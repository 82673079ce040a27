"""`save`: one transaction guarded by the version; all or nothing; exactly one of two racing saves applies."""

from __future__ import annotations

import asyncio
import dataclasses
import sqlite3

import pytest

from db import ACTIVE, FINISHED, LOBBY, Conflict, SeatRow, StoreError
from db.sqlite import SqliteStore

from .tables import advanced, move, started_table, two_seats


async def test_create_table_starts_in_the_lobby(store):
    table = await store.create_table(game="forestfire", host_id=7, options={"size": 5}, seed=99, now=10.0,
                                     guild_id=1, channel_id=2, thread_id=3, settings={"locale": "fr"})
    assert table.id >= 1
    assert (table.status, table.version, table.seats, table.state, table.result) == (LOBBY, 0, [], None, None)
    assert (table.created_at, table.updated_at) == (10.0, 10.0)
    assert table.settings == {"locale": "fr"}
    assert await store.get_table(table.id) == table
    other = await store.create_table(game="forestfire", host_id=7, options={}, seed=1, now=11.0)
    assert other.id > table.id
    assert other.settings == {} and other.thread_id is None


async def test_save_writes_every_mutable_field_and_bumps_the_version(store):
    table = await store.create_table(game="forestfire", host_id=7, options={"size": 5}, seed=1, now=10.0)
    changed = advanced(table, status=FINISHED, state={"turn": 9}, result={"winner": [0]}, options={"size": 7},
                       settings={"reminder_hours": 12}, thread_id=555, guild_id=4, channel_id=5, host_id=8,
                       seed=2, turn_started_at=15.0, reminded_at=16.0)
    saved = await store.save(changed, now=20.0, seats=two_seats())
    assert saved == dataclasses.replace(changed, version=1, updated_at=20.0, seats=two_seats())
    assert saved.created_at == 10.0
    assert await store.get_table(table.id) == saved
    assert table.version == 0 and changed.version == 0, "the caller's row is not mutated"


async def test_seats_are_replaced_only_when_given(store):
    table = await started_table(store)
    assert [s.seat for s in table.seats] == [0, 1]
    kept = await store.save(advanced(table, reminded_at=5.0), now=200.0)
    assert kept.seats == table.seats
    replaced = await store.save(kept, now=201.0, seats=[SeatRow(seat=0, user_id=11, name="Ann", dm_closed=True)])
    assert replaced.seats == [SeatRow(seat=0, user_id=11, name="Ann", dm_closed=True)]
    cleared = await store.save(replaced, now=202.0, seats=[])
    assert cleared.seats == []


async def test_seats_come_back_ordered_by_seat(store):
    table = await started_table(store)
    seats = [SeatRow(seat=2, user_id=3, name="C"), SeatRow(seat=0, user_id=1, name="A"),
             SeatRow(seat=1, user_id=None, name="Bot", ai="random")]
    saved = await store.save(table, now=300.0, seats=seats)
    assert [s.seat for s in saved.seats] == [0, 1, 2]
    assert saved.seats[1].is_ai


async def test_a_move_and_its_log_row_are_saved_together(store):
    table = await started_table(store)
    saved = await store.save(advanced(table, state={"turn": 1}), now=300.0, moves=[move(1)])
    assert saved.version == table.version + 1
    assert (await store.get_table(table.id)).state == {"turn": 1}
    assert await store.moves(table.id) == [move(1)]


async def assert_unchanged(store, table, log):
    assert await store.get_table(table.id) == table
    assert await store.moves(table.id, include_undone=True) == log


async def test_a_duplicate_move_number_writes_nothing(store):
    table = await store.save(await started_table(store), now=300.0, moves=[move(1)])
    log = await store.moves(table.id, include_undone=True)
    # The UPDATE, the seat replacement and the first move would all succeed; the duplicate n=1 fails last.
    with pytest.raises(StoreError, match="same number n.*Nothing was written"):
        await store.save(advanced(table, state={"turn": 99}, status=FINISHED), now=400.0,
                         seats=[SeatRow(seat=0, user_id=5, name="Zed")], moves=[move(2), move(1)])
    await assert_unchanged(store, table, log)
    # The store is still usable, and the same version can still be saved.
    saved = await store.save(advanced(table, state={"turn": 2}), now=401.0, moves=[move(2)])
    assert saved.version == table.version + 1
    assert [m.n for m in await store.moves(table.id)] == [1, 2]


async def test_duplicate_seats_write_nothing(store):
    table = await started_table(store)
    with pytest.raises(StoreError, match="same number"):
        await store.save(advanced(table, state={"turn": 5}), now=300.0, moves=[move(1)],
                         seats=[SeatRow(seat=0, user_id=1, name="A"), SeatRow(seat=0, user_id=2, name="B")])
    await assert_unchanged(store, table, [])


async def test_undoing_more_than_the_log_holds_writes_nothing(store):
    table = await store.save(await started_table(store), now=300.0, moves=[move(1)])
    log = await store.moves(table.id)
    with pytest.raises(StoreError, match="can't undo 2"):
        await store.save(advanced(table, state={"turn": 0}), now=301.0, undo=2)
    await assert_unchanged(store, table, log)


async def test_a_state_that_is_not_json_writes_nothing(store):
    table = await started_table(store)
    with pytest.raises(ValueError, match="state is not JSON-serialisable"):
        await store.save(advanced(table, state={"bad": object()}), now=300.0, moves=[move(1)])
    await assert_unchanged(store, table, [])


async def test_an_unknown_status_is_refused(store):
    table = await started_table(store)
    with pytest.raises(ValueError, match="unknown status"):
        await store.save(advanced(table, status="paused"), now=300.0)
    await assert_unchanged(store, table, [])


async def test_a_thread_used_by_another_table_writes_nothing(store):
    first = await started_table(store, thread_id=77)
    second = await started_table(store, thread_id=78)
    with pytest.raises(StoreError, match="another table already uses this thread"):
        await store.save(advanced(second, thread_id=77), now=300.0, moves=[move(1)])
    await assert_unchanged(store, second, [])
    assert (await store.table_by_thread(77)).id == first.id


async def test_a_stale_version_raises_conflict_and_changes_nothing(store):
    table = await started_table(store)
    newer = await store.save(advanced(table, state={"turn": 1}), now=300.0, moves=[move(1)])
    with pytest.raises(Conflict, match="moved on"):
        await store.save(advanced(table, state={"turn": 1, "other": True}), now=301.0, moves=[move(2)])
    await assert_unchanged(store, newer, [move(1)])


async def test_saving_a_missing_table_is_an_error_not_a_conflict(store):
    table = await started_table(store)
    with pytest.raises(StoreError, match="does not exist") as caught:
        await store.save(advanced(table, id=table.id + 100), now=300.0)
    assert not isinstance(caught.value, Conflict)


async def racing_saves(stores, table, racers: int):
    """`racers` saves of the same version, each with its own state and move n=1."""
    attempts = [
        stores[i % len(stores)].save(advanced(table, state={"turn": 1, "by": i}), now=300.0 + i,
                                     moves=[move(1, text=f"grow {i}")])
        for i in range(racers)
    ]
    results = await asyncio.gather(*attempts, return_exceptions=True)
    winners = [r for r in results if not isinstance(r, BaseException)]
    losers = [r for r in results if isinstance(r, BaseException)]
    assert len(winners) == 1, results
    assert all(isinstance(r, Conflict) for r in losers), losers
    return winners[0]


async def check_single_winner(store, table, winner):
    stored = await store.get_table(table.id)
    assert stored == winner and stored.version == table.version + 1
    log = await store.moves(table.id, include_undone=True)
    assert [m.move for m in log] == [f"grow {stored.state['by']}"]


@pytest.mark.parametrize("racers", [2, 8])
async def test_concurrent_saves_on_one_store_exactly_one_applies(store, racers):
    table = await started_table(store)
    winner = await racing_saves([store], table, racers)
    await check_single_winner(store, table, winner)


@pytest.mark.parametrize("racers", [2, 8])
async def test_concurrent_saves_on_two_stores_over_one_file_exactly_one_applies(db_path, racers):
    first = await SqliteStore.open(db_path)
    second = await SqliteStore.open(db_path)
    try:
        table = await started_table(first)
        winner = await racing_saves([first, second], table, racers)
        await check_single_winner(first, table, winner)
        await check_single_winner(second, table, winner)
    finally:
        await first.close()
        await second.close()


async def test_two_processes_playing_in_turn_never_lose_a_move(db_path):
    """Two stores (as two bot processes) each read the table and try to append the next move, many times.
    Every round exactly one wins; the log ends with one row per version and no gap."""
    stores = [await SqliteStore.open(db_path), await SqliteStore.open(db_path)]
    try:
        table = await started_table(stores[0])
        start_version = table.version

        async def player(index: int, rounds: int) -> int:
            wins = 0
            for _ in range(rounds):
                current = await stores[index].get_table(table.id)
                n = current.state["turn"] + 1
                try:
                    await stores[index].save(advanced(current, state={"turn": n}), now=400.0 + n,
                                             moves=[move(n, seat=index, text=f"grow {n} by {index}")])
                    wins += 1
                except Conflict:
                    pass
                await asyncio.sleep(0)
            return wins

        wins = await asyncio.gather(player(0, 40), player(1, 40))
        final = await stores[1].get_table(table.id)
        log = await stores[1].moves(table.id)
        assert final.version - start_version == sum(wins) == final.state["turn"] == len(log)
        assert [m.n for m in log] == list(range(1, len(log) + 1))
    finally:
        for opened in stores:
            await opened.close()


async def test_memory_store_works_end_to_end():
    store = await SqliteStore.open(":memory:")
    try:
        table = await started_table(store)
        table = await store.save(advanced(table, status=ACTIVE), now=300.0, seats=two_seats(5, 6))
        assert await store.get_table(table.id) == table
        winner = await racing_saves([store], table, 3)
        await check_single_winner(store, table, winner)
    finally:
        await store.close()


async def test_a_save_waits_for_another_connections_write_lock(db_path, store):
    table = await started_table(store)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")  # another process is writing
        saving = asyncio.create_task(store.save(advanced(table, state={"turn": 1}), now=300.0, moves=[move(1)]))
        await asyncio.sleep(0.1)
        assert not saving.done()
        other.execute("COMMIT")
        saved = await asyncio.wait_for(saving, 5)
        assert saved.version == table.version + 1
    finally:
        other.close()


async def test_a_cancelled_save_leaves_nothing_behind(db_path, store):
    """Cancelled while waiting for the write lock: no half transaction, no write lock kept, store usable."""
    table = await started_table(store)
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        saving = asyncio.create_task(store.save(advanced(table, state={"turn": 1}), now=300.0, moves=[move(1)]))
        await asyncio.sleep(0.1)
        saving.cancel()
        await asyncio.sleep(0.05)
        other.execute("COMMIT")  # the interrupted BEGIN now goes through in aiosqlite's thread...
        with pytest.raises(asyncio.CancelledError):
            await saving
        await asyncio.sleep(0.3)  # (past SQLite's busy-handler retry delay)
        other.execute("PRAGMA busy_timeout = 0")
        other.execute("BEGIN IMMEDIATE")  # ...and was rolled back: our store keeps no write lock
        other.execute("COMMIT")
    finally:
        other.close()
    assert await store.get_table(table.id) == table
    assert await store.moves(table.id) == []
    saved = await store.save(advanced(table, state={"turn": 1}), now=301.0, moves=[move(1)])
    assert saved.version == table.version + 1


async def test_a_closed_store_says_so(db_path):
    store = await SqliteStore.open(db_path)
    await store.close()
    await store.close()  # closing twice is harmless
    with pytest.raises(StoreError, match="closed"):
        await store.get_table(1)
