"""`SqliteStore`: the Store interface on one SQLite file through aiosqlite.

- WAL journal, foreign keys on, a busy timeout so a second process waits for the write lock instead of
  failing at once.
- The schema is `MIGRATIONS`, a list of SQL scripts; `PRAGMA user_version` counts how many ran. Opening a
  file runs the missing ones in one transaction; a file written by a newer Ember is refused.
- One connection per store and an `asyncio.Lock`, so coroutines sharing a store never interleave their
  statements. Several stores (or processes) on one file are kept apart by SQLite's write lock
  (`BEGIN IMMEDIATE`) and by the `version` check of `save`.
- Rows that can't be decoded raise `CorruptRow` naming the table id and the column.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from db.base import (
    LOBBY,
    STATUSES,
    Conflict,
    CorruptRow,
    MoveRow,
    SeatRow,
    StoreError,
    TableRow,
)

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 10_000

# Numbered migrations: MIGRATIONS[i] takes the schema from version i to i + 1. Append, never edit.
MIGRATIONS: list[str] = [
    # 1: tables, seats, the move log.
    """
    CREATE TABLE tables (
        id              INTEGER PRIMARY KEY AUTOINCREMENT,
        game            TEXT    NOT NULL,
        guild_id        INTEGER,
        channel_id      INTEGER,
        thread_id       INTEGER,
        host_id         INTEGER NOT NULL,
        options         TEXT    NOT NULL DEFAULT '{}',   -- JSON object
        status          TEXT    NOT NULL DEFAULT 'lobby',
        seed            INTEGER NOT NULL,
        state           TEXT,                            -- JSON object, NULL in the lobby
        result          TEXT,                            -- JSON object once finished
        settings        TEXT    NOT NULL DEFAULT '{}',   -- JSON object
        version         INTEGER NOT NULL DEFAULT 0,
        created_at      REAL    NOT NULL,
        updated_at      REAL    NOT NULL,
        turn_started_at REAL,
        reminded_at     REAL
    );
    CREATE UNIQUE INDEX tables_thread ON tables (thread_id) WHERE thread_id IS NOT NULL;
    CREATE INDEX tables_status ON tables (status);
    CREATE INDEX tables_guild ON tables (guild_id);

    CREATE TABLE seats (
        table_id  INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        seat      INTEGER NOT NULL,
        user_id   INTEGER,                               -- NULL for an AI seat
        name      TEXT    NOT NULL,
        ai        TEXT,
        dm_closed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, seat)
    );
    CREATE INDEX seats_user ON seats (user_id);

    CREATE TABLE moves (
        table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        n        INTEGER NOT NULL,
        seat     INTEGER NOT NULL,
        user_id  INTEGER,
        move     TEXT    NOT NULL,
        events   TEXT    NOT NULL DEFAULT '[]',          -- JSON list of Event.dump()
        at       REAL    NOT NULL,
        undone   INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (table_id, n)
    );
    """,
    # 2: a move typed as a shortcut is logged as several rows (e.g. Forest Fire's intensify + puts);
    # `step` is 0 on the row a player typed and 1, 2, ... on the rows that spell the rest of it out, so an
    # undo takes the whole typed move back.
    """
    ALTER TABLE moves ADD COLUMN step INTEGER NOT NULL DEFAULT 0;
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)

_TABLE_COLUMNS = (
    "id, game, guild_id, channel_id, thread_id, host_id, options, status, seed, state, result, settings, "
    "version, created_at, updated_at, turn_started_at, reminded_at"
)
# A table and its seats in one statement (one consistent snapshot); seat columns are prefixed `s_`.
_TABLE_SELECT = (
    "SELECT t.id, t.game, t.guild_id, t.channel_id, t.thread_id, t.host_id, t.options, t.status, t.seed, "
    "t.state, t.result, t.settings, t.version, t.created_at, t.updated_at, t.turn_started_at, "
    "t.reminded_at, s.seat AS s_seat, s.user_id AS s_user_id, s.name AS s_name, s.ai AS s_ai, "
    "s.dm_closed AS s_dm_closed "
    "FROM tables t LEFT JOIN seats s ON s.table_id = t.id"
)


def split_statements(script: str) -> list[str]:
    """The statements of an SQL script, so a migration can run inside our own transaction
    (`executescript` would commit first)."""
    statements, pending = [], ""
    for piece in script.split(";"):
        pending += piece + ";"
        if sqlite3.complete_statement(pending):
            text = pending.strip()
            if text.strip(";").strip() and not _only_comments(text):
                statements.append(text)
            pending = ""
    if pending.strip(";").strip() and not _only_comments(pending):
        raise ValueError(f"incomplete SQL statement at the end of a migration: {pending.strip()[:80]!r}")
    return statements


def _only_comments(text: str) -> bool:
    return all(not line.strip() or line.strip().startswith("--") or line.strip() == ";" for line in text.splitlines())


def _corrupt(table_id: Any, column: str, problem: str, cause: BaseException | None = None) -> CorruptRow:
    error = CorruptRow(f"Table {table_id}: column {column} can't be read: {problem}")
    error.table_id = table_id  # type: ignore[attr-defined]
    error.column = column  # type: ignore[attr-defined]
    if cause is not None:
        error.__cause__ = cause
    return error


def _decode(table_id: Any, column: str, text: Any, kind: type, *, nullable: bool) -> Any:
    if text is None:
        if nullable:
            return None
        raise _corrupt(table_id, column, "NULL where a value is required")
    if not isinstance(text, str | bytes):
        raise _corrupt(table_id, column, f"expected JSON text, found {type(text).__name__}")
    try:
        value = json.loads(text)
    except (ValueError, TypeError) as error:
        raise _corrupt(table_id, column, f"invalid JSON ({error})", error) from error
    if not isinstance(value, kind):
        raise _corrupt(table_id, column, f"expected a JSON {kind.__name__}, found {type(value).__name__}")
    return value


def _encode(value: Any, what: str) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{what} is not JSON-serialisable: {error}") from error


def _tables_from_rows(rows: Iterable[sqlite3.Row]) -> list[TableRow]:
    """Group joined table+seat rows (ordered by table, then seat) into TableRows."""
    tables: list[TableRow] = []
    current: TableRow | None = None
    for row in rows:
        if current is None or current.id != row["id"]:
            current = _table_from_row(row)
            tables.append(current)
        if row["s_seat"] is not None:
            current.seats.append(
                SeatRow(
                    seat=row["s_seat"],
                    user_id=row["s_user_id"],
                    name=row["s_name"],
                    ai=row["s_ai"],
                    dm_closed=bool(row["s_dm_closed"]),
                )
            )
    return tables


def _table_from_row(row: sqlite3.Row) -> TableRow:
    table_id = row["id"]
    status = row["status"]
    if status not in STATUSES:
        raise _corrupt(table_id, "status", f"unknown status {status!r}")
    return TableRow(
        id=table_id,
        game=row["game"],
        host_id=row["host_id"],
        options=_decode(table_id, "options", row["options"], dict, nullable=False),
        seed=row["seed"],
        status=status,
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        state=_decode(table_id, "state", row["state"], dict, nullable=True),
        result=_decode(table_id, "result", row["result"], dict, nullable=True),
        settings=_decode(table_id, "settings", row["settings"], dict, nullable=False),
        version=row["version"],
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        turn_started_at=row["turn_started_at"],
        reminded_at=row["reminded_at"],
        seats=[],
    )


def _move_from_row(table_id: int, row: sqlite3.Row) -> MoveRow:
    return MoveRow(
        n=row["n"],
        seat=row["seat"],
        user_id=row["user_id"],
        move=row["move"],
        events=_decode(table_id, f"moves.events (move {row['n']})", row["events"], list, nullable=False),
        at=row["at"],
        undone=bool(row["undone"]),
        step=row["step"],
    )


def _statuses(status: str | Iterable[str] | None) -> list[str] | None:
    if status is None:
        return None
    wanted = [status] if isinstance(status, str) else list(status)
    unknown = [s for s in wanted if s not in STATUSES]
    if unknown:
        raise ValueError(f"unknown status {unknown[0]!r}; statuses are {', '.join(STATUSES)}")
    return wanted


class SqliteStore:
    """The Store on a SQLite file (or `:memory:`). Make one with `await SqliteStore.open(path)`."""

    def __init__(self, connection: aiosqlite.Connection, path: str):
        self._db = connection
        self._lock = asyncio.Lock()
        self._closed = False
        self.path = path

    # -- opening and closing ------------------------------------------------------------------------

    @classmethod
    async def open(cls, path: str | Path = ":memory:") -> SqliteStore:
        """Open (creating if needed) the database at `path`, set it up and bring its schema up to date."""
        path = str(path)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            connection = await aiosqlite.connect(path, isolation_level=None)  # we write BEGIN/COMMIT
        except sqlite3.Error as error:
            raise StoreError(f"Can't open the database {path}: {error}") from error
        connection.row_factory = sqlite3.Row
        store = cls(connection, path)
        try:
            await store._configure()
            await store._migrate()
        except BaseException:
            await connection.close()
            raise
        return store

    async def close(self) -> None:
        async with self._lock:
            if not self._closed:
                self._closed = True
                await self._db.close()

    async def __aenter__(self) -> SqliteStore:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    async def _configure(self) -> None:
        try:
            await self._run(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            await self._run("PRAGMA foreign_keys = ON")
            async with self._db.execute("PRAGMA journal_mode = WAL") as cursor:
                (mode,) = await cursor.fetchone()
            # In WAL mode FULL syncs the log at every commit: a saved move survives a power cut.
            await self._run("PRAGMA synchronous = FULL")
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} is not a usable SQLite database: {error}") from error
        if mode.lower() != "wal" and self.path != ":memory:":
            log.warning("SQLite refused WAL mode for %s (journal_mode=%s)", self.path, mode)

    async def schema_version(self) -> int:
        async with self._reading():
            return await self._user_version()

    async def _user_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()
        return version

    async def _migrate(self) -> None:
        async with self._reading():
            version = await self._user_version()
        self._refuse_newer(version)
        if version == SCHEMA_VERSION:
            return
        async with self._writing(f"Can't migrate the database {self.path}"):
            version = await self._user_version()  # another process may have migrated meanwhile
            self._refuse_newer(version)
            for number in range(version, SCHEMA_VERSION):
                for statement in split_statements(MIGRATIONS[number]):
                    await self._run(statement)
                await self._run(f"PRAGMA user_version = {number + 1}")
                log.info("Migrating %s to schema version %d", self.path, number + 1)

    def _refuse_newer(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"The database {self.path} has schema version {version}, newer than this Ember knows "
                f"({SCHEMA_VERSION}). Upgrade Ember before opening it; the file was left untouched."
            )

    # -- transactions -------------------------------------------------------------------------------

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[None]:
        """Hold the store for a read: no other coroutine's statements in between."""
        async with self._lock:
            await self._settle()
            yield

    @asynccontextmanager
    async def _writing(self, doing: str) -> AsyncIterator[None]:
        """Hold the store for one write transaction: BEGIN IMMEDIATE (SQLite's write lock, waiting up to
        the busy timeout for another connection), the body, COMMIT; on any error or cancellation,
        ROLLBACK. sqlite3 errors come out as StoreError("<doing>: <reason>. Nothing was written.")."""
        async with self._lock:
            await self._settle()
            try:
                await self._run("BEGIN IMMEDIATE")
                yield
                await self._run("COMMIT")
            except BaseException as error:
                # Queued after any statement still running in aiosqlite's thread (even a BEGIN that a
                # cancellation interrupted), so it always ends the transaction.
                await self._rollback()
                if isinstance(error, sqlite3.Error):
                    raise StoreError(f"{doing}: {_reason(error)}. Nothing was written.") from error
                raise

    async def _settle(self) -> None:
        """Never build on a transaction left open (a cancelled call whose ROLLBACK was interrupted)."""
        if self._closed:
            raise StoreError(f"The store on {self.path} is closed.")
        if self._db.in_transaction:
            log.warning("Rolling back a transaction left open on %s", self.path)
            await self._rollback()

    async def _rollback(self) -> None:
        try:
            await self._run("ROLLBACK")
        except sqlite3.OperationalError as error:
            if "no transaction is active" not in str(error):
                log.exception("ROLLBACK failed on %s", self.path)

    async def _run(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Execute one statement and return its rowcount."""
        async with self._db.execute(sql, params) as cursor:
            return cursor.rowcount

    async def _run_many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        async with self._db.executemany(sql, rows):
            pass

    # -- reading ------------------------------------------------------------------------------------

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        try:
            async with self._db.execute(sql, params) as cursor:
                return list(await cursor.fetchall())
        except sqlite3.Error as error:
            raise StoreError(f"Reading {self.path} failed: {error}") from error

    async def get_table(self, table_id: int) -> TableRow | None:
        async with self._reading():
            rows = await self._fetchall(f"{_TABLE_SELECT} WHERE t.id = ? ORDER BY s.seat", (table_id,))
        tables = _tables_from_rows(rows)
        return tables[0] if tables else None

    async def table_by_thread(self, thread_id: int) -> TableRow | None:
        async with self._reading():
            rows = await self._fetchall(f"{_TABLE_SELECT} WHERE t.thread_id = ? ORDER BY s.seat", (thread_id,))
        tables = _tables_from_rows(rows)
        return tables[0] if tables else None

    async def list_tables(
        self,
        *,
        status: str | Iterable[str] | None = None,
        user_id: int | None = None,
        guild_id: int | None = None,
    ) -> list[TableRow]:
        """Tables (with seats) filtered by status, by a seated user, by guild; oldest first.

        A row that can't be decoded is logged and left out, so one corrupt game can't hide all the
        others (`get_table` on its id raises CorruptRow)."""
        conditions: list[str] = []
        params: list[Any] = []
        statuses = _statuses(status)
        if statuses is not None:
            if not statuses:
                return []
            conditions.append(f"t.status IN ({', '.join('?' * len(statuses))})")
            params.extend(statuses)
        if user_id is not None:
            conditions.append("EXISTS (SELECT 1 FROM seats u WHERE u.table_id = t.id AND u.user_id = ?)")
            params.append(user_id)
        if guild_id is not None:
            conditions.append("t.guild_id = ?")
            params.append(guild_id)
        where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
        async with self._reading():
            rows = await self._fetchall(f"{_TABLE_SELECT}{where} ORDER BY t.created_at, t.id, s.seat", params)
        tables: list[TableRow] = []
        group: list[sqlite3.Row] = []
        for row in rows:
            if group and group[0]["id"] != row["id"]:
                tables.extend(self._decoded_or_skipped(group))
                group = []
            group.append(row)
        if group:
            tables.extend(self._decoded_or_skipped(group))
        return tables

    @staticmethod
    def _decoded_or_skipped(rows: list[sqlite3.Row]) -> list[TableRow]:
        try:
            return _tables_from_rows(rows)
        except CorruptRow:
            log.exception("Skipping a corrupt table row in list_tables")
            return []

    async def moves(
        self, table_id: int, *, limit: int | None = None, include_undone: bool = False
    ) -> list[MoveRow]:
        """The log in play order; with `limit`, only the latest `limit` rows (still in play order)."""
        if limit is not None and limit <= 0:
            return []
        sql = "SELECT n, seat, user_id, move, events, at, undone, step FROM moves WHERE table_id = ?"
        params: list[Any] = [table_id]
        if not include_undone:
            sql += " AND undone = 0"
        if limit is None:
            sql += " ORDER BY n"
        else:
            sql += " ORDER BY n DESC LIMIT ?"
            params.append(limit)
        async with self._reading():
            rows = await self._fetchall(sql, params)
        if limit is not None:
            rows.reverse()
        return [_move_from_row(table_id, row) for row in rows]

    # -- writing ------------------------------------------------------------------------------------

    async def create_table(
        self,
        *,
        game: str,
        host_id: int,
        options: dict[str, Any],
        seed: int,
        now: float,
        guild_id: int | None = None,
        channel_id: int | None = None,
        thread_id: int | None = None,
        settings: dict[str, Any] | None = None,
    ) -> TableRow:
        """Insert a new table in the lobby (no seats, version 0) and return it with its id."""
        options_json = _encode(options, "options")
        settings_json = _encode(settings or {}, "settings")
        async with self._writing(f"Creating a {game} table failed"):
            async with self._db.execute(
                "INSERT INTO tables (game, guild_id, channel_id, thread_id, host_id, options, status, "
                "seed, settings, version, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
                (game, guild_id, channel_id, thread_id, host_id, options_json, LOBBY, seed,
                 settings_json, now, now),
            ) as cursor:
                table_id = cursor.lastrowid
            rows = await self._fetch_table_rows(table_id)
        return _tables_from_rows(rows)[0]

    async def save(
        self,
        table: TableRow,
        *,
        now: float,
        seats: Sequence[SeatRow] | None = None,
        moves: Sequence[MoveRow] = (),
        undo: int = 0,
    ) -> TableRow:
        """Write the table's mutable fields, in ONE transaction, only if the stored version is
        `table.version`; otherwise raise Conflict and change nothing.

        `seats`, when given, replaces the table's seats. `moves` are appended to the log. `undo` marks
        that many of the latest not-undone log rows as undone (before the new moves are appended).
        Returns the table as stored (version + 1, updated_at = now, seats as stored).

        Move numbers `n` are unique per table counting undone rows too: after an undo the next move
        is the highest n ever logged + 1. A duplicate n raises StoreError and writes nothing."""
        if table.status not in STATUSES:
            raise ValueError(f"unknown status {table.status!r}; statuses are {', '.join(STATUSES)}")
        if undo < 0:
            raise ValueError(f"undo must be >= 0, not {undo}")
        # Encode everything before the transaction: a bad value fails without touching the file.
        fields = (
            table.game, table.guild_id, table.channel_id, table.thread_id, table.host_id,
            _encode(table.options, "options"), table.status, table.seed,
            None if table.state is None else _encode(table.state, "state"),
            None if table.result is None else _encode(table.result, "result"),
            _encode(table.settings, "settings"), now, table.turn_started_at, table.reminded_at,
        )
        seat_rows = None if seats is None else [
            (table.id, s.seat, s.user_id, s.name, s.ai, int(bool(s.dm_closed))) for s in seats
        ]
        move_rows = [
            (table.id, m.n, m.seat, m.user_id, m.move, _encode(m.events, f"events of move {m.n}"), m.at,
             int(bool(m.undone)), int(m.step))
            for m in moves
        ]
        async with self._writing(f"Saving table {table.id} failed"):
            updated = await self._run(
                "UPDATE tables SET game = ?, guild_id = ?, channel_id = ?, thread_id = ?, host_id = ?, "
                "options = ?, status = ?, seed = ?, state = ?, result = ?, settings = ?, "
                "updated_at = ?, turn_started_at = ?, reminded_at = ?, version = version + 1 "
                "WHERE id = ? AND version = ?",
                (*fields, table.id, table.version),
            )
            if updated == 0:
                if not await self._fetchall("SELECT 1 FROM tables WHERE id = ?", (table.id,)):
                    raise StoreError(f"Table {table.id} does not exist.")
                raise Conflict()
            if seat_rows is not None:
                await self._run("DELETE FROM seats WHERE table_id = ?", (table.id,))
                await self._run_many(
                    "INSERT INTO seats (table_id, seat, user_id, name, ai, dm_closed) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    seat_rows,
                )
            if undo:
                marked = await self._run(
                    "UPDATE moves SET undone = 1 WHERE table_id = ? AND n IN "
                    "(SELECT n FROM moves WHERE table_id = ? AND undone = 0 ORDER BY n DESC LIMIT ?)",
                    (table.id, table.id, undo),
                )
                if marked != undo:
                    raise StoreError(
                        f"Table {table.id}: can't undo {undo} move(s), only {marked} in the log."
                    )
            if move_rows:
                await self._run_many(
                    "INSERT INTO moves (table_id, n, seat, user_id, move, events, at, undone, step) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    move_rows,
                )
            rows = await self._fetch_table_rows(table.id)
        return _tables_from_rows(rows)[0]

    async def _fetch_table_rows(self, table_id: int) -> list[sqlite3.Row]:
        async with self._db.execute(f"{_TABLE_SELECT} WHERE t.id = ? ORDER BY s.seat", (table_id,)) as cursor:
            return list(await cursor.fetchall())


def _reason(error: sqlite3.Error) -> str:
    """A sentence for the sqlite3 errors a caller can cause."""
    text = str(error)
    if isinstance(error, sqlite3.IntegrityError):
        if "moves.table_id, moves.n" in text:
            return "a move with the same number n is already logged (n counts undone moves too)"
        if "seats.table_id, seats.seat" in text:
            return "two seats with the same number"
        if "tables.thread_id" in text:
            return "another table already uses this thread"
    return text
