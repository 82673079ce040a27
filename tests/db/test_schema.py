"""Migrations, pragmas, reopening a file, and refusing a file from a newer Ember."""

from __future__ import annotations

import sqlite3

import pytest

import db.sqlite
from db import StoreError
from db.sqlite import MIGRATIONS, SCHEMA_VERSION, SqliteStore, split_statements

from .tables import move, started_table


def user_version(path) -> int:
    with sqlite3.connect(path) as connection:
        return connection.execute("PRAGMA user_version").fetchone()[0]


async def test_migrates_an_empty_file(db_path):
    assert not db_path.exists()
    store = await SqliteStore.open(db_path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)
    finally:
        await store.close()
    assert user_version(db_path) == SCHEMA_VERSION
    with sqlite3.connect(db_path) as connection:
        names = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
        assert {"tables", "seats", "moves", "tables_thread", "seats_user"} <= names
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_pragmas_of_an_open_store(store):
    assert (await store._fetchall("PRAGMA foreign_keys"))[0][0] == 1
    assert (await store._fetchall("PRAGMA journal_mode"))[0][0] == "wal"
    assert (await store._fetchall("PRAGMA busy_timeout"))[0][0] >= 1000


async def test_creates_missing_parent_directories(tmp_path):
    path = tmp_path / "data" / "games" / "ember.db"
    store = await SqliteStore.open(path)
    await store.close()
    assert user_version(path) == SCHEMA_VERSION


async def test_reopening_a_migrated_file_keeps_it(db_path):
    store = await SqliteStore.open(db_path)
    table = await started_table(store)
    await store.close()
    store = await SqliteStore.open(db_path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        assert await store.get_table(table.id) == table
    finally:
        await store.close()


async def test_restart_gives_back_every_table_seat_and_move(db_path):
    store = await SqliteStore.open(db_path)
    tables = []
    for i in range(3):
        table = await started_table(store, now=100.0 * (i + 1), guild_id=i, thread_id=500 + i,
                                    users=(11 + i, 90 + i))
        for n in range(1, i + 3):
            table = await store.save(table, now=table.updated_at + 1, moves=[move(n, seat=n % 2)],
                                     undo=1 if n == 3 else 0)
        tables.append(table)
    logs = {t.id: await store.moves(t.id, include_undone=True) for t in tables}
    await store.close()

    store = await SqliteStore.open(db_path)
    try:
        assert await store.list_tables() == tables
        for table in tables:
            assert await store.get_table(table.id) == table
            assert await store.table_by_thread(table.thread_id) == table
            assert await store.moves(table.id, include_undone=True) == logs[table.id]
        assert [m.undone for m in logs[tables[2].id]] == [False, True, False, False]
    finally:
        await store.close()


async def test_a_file_from_a_newer_ember_is_refused_and_left_alone(db_path):
    with sqlite3.connect(db_path) as connection:
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 3}")
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 3}.*newer"):
        await SqliteStore.open(db_path)
    assert user_version(db_path) == SCHEMA_VERSION + 3
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


async def test_a_later_migration_runs_on_an_existing_file(db_path, monkeypatch):
    store = await SqliteStore.open(db_path)
    table = await started_table(store)
    await store.close()

    monkeypatch.setattr(db.sqlite, "MIGRATIONS", [*MIGRATIONS, "ALTER TABLE tables ADD COLUMN note TEXT;"])
    monkeypatch.setattr(db.sqlite, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    store = await SqliteStore.open(db_path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION + 1
        assert await store.get_table(table.id) == table
        columns = {row["name"] for row in await store._fetchall("PRAGMA table_info(tables)")}
        assert "note" in columns
    finally:
        await store.close()


async def test_a_failing_migration_changes_nothing(db_path, monkeypatch):
    store = await SqliteStore.open(db_path)
    await store.close()
    broken = "CREATE TABLE extra (x INTEGER); INSERT INTO no_such_table VALUES (1);"
    monkeypatch.setattr(db.sqlite, "MIGRATIONS", [*MIGRATIONS, broken])
    monkeypatch.setattr(db.sqlite, "SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(StoreError, match="migrate"):
        await SqliteStore.open(db_path)
    assert user_version(db_path) == SCHEMA_VERSION
    with sqlite3.connect(db_path) as connection:
        assert connection.execute("SELECT count(*) FROM sqlite_master WHERE name = 'extra'").fetchone()[0] == 0


async def test_a_file_that_is_not_a_database_is_refused(db_path):
    db_path.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not a usable SQLite database"):
        await SqliteStore.open(db_path)


def test_split_statements_respects_strings_and_comments():
    script = "CREATE TABLE a (x TEXT DEFAULT ';');\n-- a comment; still a comment\nINSERT INTO a VALUES ('b;c');\n-- end\n"
    assert split_statements(script) == [
        "CREATE TABLE a (x TEXT DEFAULT ';');",
        "-- a comment; still a comment\nINSERT INTO a VALUES ('b;c');",
    ]
    assert len(split_statements(MIGRATIONS[0])) == 7  # 3 tables, 4 indexes


async def test_a_version_1_file_migrates_and_keeps_its_moves(tmp_path):
    """Migration 2 adds moves.step; rows logged before it read back as typed moves (step 0)."""
    import sqlite3

    from db.sqlite import MIGRATIONS, SqliteStore, split_statements

    path = tmp_path / "v1.db"
    with sqlite3.connect(path) as connection:
        for statement in split_statements(MIGRATIONS[0]):
            connection.execute(statement)
        connection.execute("INSERT INTO tables (game, host_id, seed, created_at, updated_at) VALUES ('x', 1, 1, 0, 0)")
        connection.execute("INSERT INTO moves (table_id, n, seat, move, at) VALUES (1, 1, 0, 'grow 11', 0)")
        connection.execute("PRAGMA user_version = 1")
    store = await SqliteStore.open(path)
    try:
        assert await store.schema_version() == len(MIGRATIONS)
        [row] = await store.moves(1)
        assert (row.move, row.step) == ("grow 11", 0)
    finally:
        await store.close()
