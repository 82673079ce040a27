"""Persistence: `open_store(url)` returns a Store (see `db.base`); SQLite through aiosqlite by default."""

from __future__ import annotations

from db.base import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    STATUSES,
    Conflict,
    CorruptRow,
    MoveRow,
    SeatRow,
    Store,
    StoreError,
    TableRow,
)
from db.sqlite import SqliteStore

DEFAULT_URL = "sqlite:///ember.db"
SUPPORTED_URLS = (
    "sqlite:///relative/path.db, sqlite:////absolute/path.db, sqlite://:memory: (or sqlite:///:memory:)"
)

__all__ = [
    "ABANDONED",
    "ACTIVE",
    "DEFAULT_URL",
    "FINISHED",
    "LOBBY",
    "STATUSES",
    "Conflict",
    "CorruptRow",
    "MoveRow",
    "SeatRow",
    "SqliteStore",
    "Store",
    "StoreError",
    "TableRow",
    "open_store",
    "sqlite_path",
]


def sqlite_path(url: str) -> str:
    """The file path (or ":memory:") a `sqlite://` URL names; ValueError for anything else."""
    scheme, sep, rest = url.partition("://")
    if not sep or scheme.lower() != "sqlite":
        raise ValueError(f"Unsupported store URL {url!r}: supported are {SUPPORTED_URLS}.")
    if rest in (":memory:", "/:memory:"):
        return ":memory:"
    if not rest.startswith("/") or rest == "/":
        raise ValueError(f"Store URL {url!r} names no file: use {SUPPORTED_URLS}.")
    if "?" in rest:
        raise ValueError(f"Store URL {url!r}: query parameters are not supported.")
    return rest[1:]  # "/relative/x.db" -> "relative/x.db"; "//abs/x.db" -> "/abs/x.db"


async def open_store(url: str = DEFAULT_URL) -> Store:
    """Open the store a URL names, creating and migrating the database if needed."""
    return await SqliteStore.open(sqlite_path(url))
