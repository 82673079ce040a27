from __future__ import annotations

import pytest

from db.sqlite import SqliteStore


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "ember.db"


@pytest.fixture
async def store(db_path):
    opened = await SqliteStore.open(db_path)
    yield opened
    await opened.close()
