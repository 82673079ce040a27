from __future__ import annotations

import pytest

import engines
from bot.service import TableService
from db import open_store
from tests.bot.fakegame import RACE
from tests.discord_stub import DiscordStub


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
