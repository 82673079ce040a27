from __future__ import annotations

import pytest

import engines
from bot.service import TableService
from db import open_store
from tests.bot.fakegame import RACE
from tests.discord_stub import DiscordStub
from tests.discord_stub.harness import Clock as StubClock
from tests.discord_stub.harness import Harness, acknowledged_at_once


class Clock:
    def __init__(self, now: float = 1_700_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def race(monkeypatch):
    """Register the test game (and a renderer for it) for the duration of a test."""
    import render

    monkeypatch.setitem(engines.ALL, RACE.id, RACE)
    monkeypatch.setattr(render, "board", lambda game, view, locale="en": f"PNG {game} {view}".encode())
    return RACE


@pytest.fixture
async def store(tmp_path):
    store = await open_store(f"sqlite:///{tmp_path / 'ember.db'}")
    yield store
    await store.close()


@pytest.fixture
def service(store, clock):
    return TableService(store, clock=clock)


@pytest.fixture
async def stub():
    """The local Discord stand-in, with discord.py pointed at it for the test."""
    stub = DiscordStub()
    await stub.start()
    stub.patch_discord()
    yield stub
    stub.unpatch_discord()
    await stub.stop()


async def running_bot(stub: DiscordStub, tmp_path):
    """A real Ember bot on the stand-in; afterwards, every route it used was known and every interaction
    was acknowledged at once."""
    h = Harness(stub, f"sqlite:///{tmp_path / 'ember.db'}", StubClock())
    await h.start_bot()
    yield h
    await h.stop_bot()
    assert not stub.unknown_routes, stub.unknown_routes
    acknowledged_at_once(stub)


@pytest.fixture
async def harness(stub, tmp_path):
    async for h in running_bot(stub, tmp_path):
        yield h


@pytest.fixture
async def race_harness(race, stub, tmp_path):
    """The same, with the small test game 'race' (secrets dealt at the start: DMs) registered."""
    async for h in running_bot(stub, tmp_path):
        yield h
