"""The Store interface and its rows. `db/sqlite.py` implements it with aiosqlite.

A table's whole mutable record is written by one call, `save`, in one transaction guarded by the row's
`version` (optimistic concurrency): of two saves made from the same version, exactly one applies and the
other raises `Conflict` ("the game moved on"), changing nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

# Table statuses.
LOBBY = "lobby"
ACTIVE = "active"
FINISHED = "finished"
ABANDONED = "abandoned"
STATUSES = (LOBBY, ACTIVE, FINISHED, ABANDONED)


class StoreError(Exception):
    """Base class of the store's errors."""


class Conflict(StoreError):
    """The row changed since it was read: someone else's move was saved first."""

    def __init__(self, message: str = "The game moved on: someone else's action was saved first."):
        super().__init__(message)


class CorruptRow(StoreError):
    """A stored row could not be read back (bad JSON, missing field)."""


@dataclass
class SeatRow:
    seat: int
    user_id: int | None          # None for an AI seat
    name: str                    # display name at join time
    ai: str | None = None        # AI kind ("random") for an AI seat
    dm_closed: bool = False      # a DM to this user failed: use the ephemeral fallback

    @property
    def is_ai(self) -> bool:
        return self.ai is not None


@dataclass
class MoveRow:
    n: int                       # 1, 2, 3 … per table, in play order
    seat: int
    user_id: int | None          # None for an AI move
    move: str                    # canonical move notation
    events: list[dict]           # Event.dump() of every event the move produced
    at: float                    # unix time
    undone: bool = False
    step: int = 0                # 0: the move as typed; 1, 2 ...: rows spelling a typed shortcut out


@dataclass
class TableRow:
    id: int
    game: str
    host_id: int
    options: dict[str, Any]
    seed: int
    status: str = LOBBY
    guild_id: int | None = None
    channel_id: int | None = None
    thread_id: int | None = None
    state: dict | None = None            # engine.dump(state); None in the lobby
    result: dict | None = None           # Outcome.dump() once finished
    settings: dict[str, Any] = field(default_factory=dict)   # reminder_hours, locale, lobby_message_id…
    version: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    turn_started_at: float | None = None  # when the current turn began (turn clock)
    reminded_at: float | None = None      # last reminder for the current turn
    seats: list[SeatRow] = field(default_factory=list)   # ordered by seat


class Store(Protocol):
    async def close(self) -> None: ...

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

    async def get_table(self, table_id: int) -> TableRow | None:
        """The table with its seats, or None. Raises CorruptRow if the row can't be decoded."""

    async def table_by_thread(self, thread_id: int) -> TableRow | None: ...

    async def list_tables(
        self,
        *,
        status: str | Iterable[str] | None = None,
        user_id: int | None = None,
        guild_id: int | None = None,
    ) -> list[TableRow]:
        """Tables (with seats) filtered by status, by a seated user, by guild; oldest first."""

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
        Returns the table as stored (version + 1, updated_at = now, seats as stored)."""

    async def moves(self, table_id: int, *, limit: int | None = None, include_undone: bool = False) -> list[MoveRow]:
        """The log in play order; with `limit`, only the latest `limit` rows (still in play order)."""
