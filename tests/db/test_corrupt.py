"""Rows that can't be decoded raise CorruptRow naming the table and the column, never a bare json error."""

from __future__ import annotations

import json
import sqlite3

import pytest

from db import CorruptRow
from db.sqlite import SqliteStore

from .tables import move, started_table


async def spoil(db_path, sql, *params):
    with sqlite3.connect(db_path) as connection:
        connection.execute(sql, params)


@pytest.mark.parametrize(
    ("column", "value", "problem"),
    [
        ("state", "{not json", "invalid JSON"),
        ("options", "", "invalid JSON"),
        ("settings", "[1, 2]", "expected a JSON dict"),
        ("result", "42", "expected a JSON dict"),
        ("options", None, "NULL"),
        ("status", "paused", "unknown status 'paused'"),
    ],
)
async def test_a_corrupt_table_column_raises_corrupt_row(db_path, column, value, problem):
    store = await SqliteStore.open(db_path)
    try:
        table = await started_table(store, thread_id=5)
        if value is None:  # options is NOT NULL in our schema: damage the file's schema first
            await store.close()
            store = None
            rebuild_without_not_null(db_path)
            store = await SqliteStore.open(db_path)
        await spoil(db_path, f"UPDATE tables SET {column} = ? WHERE id = ?", value, table.id)
        for read in (store.get_table(table.id), store.table_by_thread(5)):
            with pytest.raises(CorruptRow, match=f"Table {table.id}: column {column} .*{problem}") as caught:
                await read
            assert not isinstance(caught.value, json.JSONDecodeError)
            assert (caught.value.table_id, caught.value.column) == (table.id, column)
    finally:
        if store is not None:
            await store.close()


def rebuild_without_not_null(db_path):
    """Recreate `tables` with a nullable options column (as a damaged or hand-edited file might have)."""
    with sqlite3.connect(db_path) as connection:
        connection.execute("PRAGMA foreign_keys = OFF")
        create = connection.execute("SELECT sql FROM sqlite_master WHERE name = 'tables'").fetchone()[0]
        connection.execute("ALTER TABLE tables RENAME TO old_tables")
        connection.execute(create.replace("options         TEXT    NOT NULL", "options TEXT"))
        connection.execute("INSERT INTO tables SELECT * FROM old_tables")
        connection.execute("DROP TABLE old_tables")


async def test_corrupt_events_raise_corrupt_row_naming_the_move(db_path):
    store = await SqliteStore.open(db_path)
    try:
        table = await store.save(await started_table(store), now=300.0, moves=[move(1), move(2)])
        await spoil(db_path, "UPDATE moves SET events = '[{' WHERE table_id = ? AND n = 2", table.id)
        with pytest.raises(CorruptRow, match=rf"Table {table.id}: column moves.events \(move 2\).*invalid JSON"):
            await store.moves(table.id)
    finally:
        await store.close()


async def test_list_tables_skips_a_corrupt_table_and_logs_it(db_path, caplog):
    store = await SqliteStore.open(db_path)
    try:
        healthy = await started_table(store, now=1.0)
        broken = await started_table(store, now=2.0)
        later = await started_table(store, now=3.0)
        await spoil(db_path, "UPDATE tables SET state = 'oops' WHERE id = ?", broken.id)
        assert await store.list_tables() == [healthy, later]
        assert f"Table {broken.id}: column state" in caplog.text
        with pytest.raises(CorruptRow):
            await store.get_table(broken.id)
    finally:
        await store.close()
