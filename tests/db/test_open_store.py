"""`db.open_store(url)`: the sqlite URL forms and a clear refusal of anything else."""

from __future__ import annotations

import pytest

import db
from db import open_store, sqlite_path


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///ember.db", "ember.db"),
        ("sqlite:///data/ember.db", "data/ember.db"),
        ("sqlite:////var/lib/ember/ember.db", "/var/lib/ember/ember.db"),
        ("sqlite://:memory:", ":memory:"),
        ("sqlite:///:memory:", ":memory:"),
        ("SQLite:///ember.db", "ember.db"),
    ],
)
def test_sqlite_urls(url, path):
    assert sqlite_path(url) == path


@pytest.mark.parametrize(
    "url", ["postgresql://localhost/ember", "ember.db", "mysql://x/y", "file:///ember.db", ""]
)
def test_other_schemes_are_refused_naming_the_supported_ones(url):
    with pytest.raises(ValueError, match=r"Unsupported store URL.*sqlite:///relative.*sqlite:////absolute.*:memory:"):
        sqlite_path(url)


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///", "sqlite://ember.db"])
def test_sqlite_urls_without_a_file_are_refused(url):
    with pytest.raises(ValueError, match="names no file"):
        sqlite_path(url)


async def test_relative_and_absolute_urls_open_the_same_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = await open_store("sqlite:///games/ember.db")
    try:
        table = await store.create_table(game="forestfire", host_id=1, options={}, seed=1, now=1.0)
    finally:
        await store.close()
    assert (tmp_path / "games" / "ember.db").exists()
    absolute = f"sqlite:///{tmp_path}/games/ember.db"  # tmp_path starts with "/": sqlite:////tmp/...
    assert absolute.startswith("sqlite:////")
    store = await open_store(absolute)
    try:
        assert await store.get_table(table.id) == table
    finally:
        await store.close()


async def test_default_url_is_ember_db_in_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = await open_store()
    await store.close()
    assert (tmp_path / "ember.db").exists()


@pytest.mark.parametrize("url", ["sqlite://:memory:", "sqlite:///:memory:"])
async def test_memory_stores_are_separate(url):
    first, second = await open_store(url), await open_store(url)
    try:
        await first.create_table(game="forestfire", host_id=1, options={}, seed=1, now=1.0)
        assert len(await first.list_tables()) == 1
        assert await second.list_tables() == []
    finally:
        await first.close()
        await second.close()


def test_the_package_re_exports_the_interface():
    for name in ("Conflict", "CorruptRow", "StoreError", "TableRow", "SeatRow", "MoveRow",
                 "LOBBY", "ACTIVE", "FINISHED", "ABANDONED", "STATUSES", "open_store"):
        assert hasattr(db, name), name
    assert issubclass(db.Conflict, db.StoreError) and issubclass(db.CorruptRow, db.StoreError)
