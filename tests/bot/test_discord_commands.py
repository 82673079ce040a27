"""The command surface: payloads within Discord's limits, explicit sync, and the `ember run`/`ember sync`
entry points against the local Discord stand-in."""

from __future__ import annotations

import asyncio
import contextlib
from types import SimpleNamespace

import pytest

from bot.client import EmberBot, check_payloads, command_payloads, run_bot, sync_commands
from bot.cogs.games import parse_options, rank_moves
from bot.service import BadInput


async def built_tree():
    bot = EmberBot(None, reminders=False)
    await bot.setup_hook()
    return bot


async def test_command_payloads_fit_discords_limits():
    bot = await built_tree()
    payloads = command_payloads(bot.tree)
    assert check_payloads(payloads) == []
    assert {p["name"] for p in payloads} == {"ember", "move", "undo", "board", "hand", "rules", "log"}
    ember = next(p for p in payloads if p["name"] == "ember")
    assert {o["name"] for o in ember["options"]} == {"new", "join", "leave", "ai", "start", "abandon", "games",
                                                     "settings"}
    new = next(o for o in ember["options"] if o["name"] == "new")
    game = next(o for o in new["options"] if o["name"] == "game")
    assert {c["value"] for c in game["choices"]} >= {"forestfire"} and len(game["choices"]) <= 25
    move = next(p for p in payloads if p["name"] == "move")
    assert move["options"][0]["autocomplete"] is True
    await bot.close()


def test_the_limit_checker_catches_what_discord_refuses():
    bad = [{"name": "Bad Name", "description": "x" * 101, "options": [
        {"name": "o", "description": "d", "type": 3, "choices": [{"name": "c", "value": str(i)} for i in range(26)]},
    ]}]
    problems = check_payloads(bad)
    assert any("bad name" in p for p in problems)
    assert any("description of 101" in p for p in problems)
    assert any("26 choices" in p for p in problems)


def test_move_ranking_and_option_parsing():
    moves = ["gust", "grow 11", "intensify 11", "grow 12"] + [f"spray a {i}" for i in range(40)]
    assert rank_moves(moves, "gr") == ["grow 11", "grow 12"]
    assert rank_moves(moves, "11")[:2] == ["grow 11", "intensify 11"]
    assert rank_moves(moves, "") == moves[:25] and len(rank_moves(moves, "spray")) == 25
    assert parse_options("forestfire", "max_rounds=20, roles=random") == {"max_rounds": "20", "roles": "random"}
    assert parse_options("forestfire", "  ") == {}
    with pytest.raises(BadInput, match="max_rounds"):
        parse_options("forestfire", "quickly")


async def test_starting_does_not_sync_but_ember_sync_does(stub, tmp_path):
    settings = SimpleNamespace(discord_token="stub-token", database_url=f"sqlite:///{tmp_path / 'e.db'}",
                               locale="en", log_level="INFO", sync_guild_id=None, sync_on_start=False,
                               reminder_check_seconds=60.0, finished_thread="archive")
    # `ember run`: connects, registers nothing.
    task = asyncio.create_task(run_bot(settings))
    await stub.wait_until(lambda: stub.identifies == 1, what="the bot to connect")
    await asyncio.sleep(0.1)
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.wait_for(task, 5)
    assert stub.commands == {}
    assert not any(method == "PUT" for method, _ in stub.requests)

    # `ember sync` with a guild: the guild's commands, instantly; without: global commands.
    assert await sync_commands(SimpleNamespace(discord_token="stub-token", sync_guild_id=stub.guild_id)) == 0
    assert {c["name"] for c in stub.commands[str(stub.guild_id)]} >= {"ember", "move"}
    assert await sync_commands(SimpleNamespace(discord_token="stub-token", sync_guild_id=None)) == 0
    assert {c["name"] for c in stub.commands["global"]} == {"ember", "move", "undo", "board", "hand", "rules", "log"}
    assert stub.identifies == 1  # syncing needs no gateway connection


async def test_sync_on_start_when_asked(stub, tmp_path):
    from bot.service import TableService
    from db import open_store

    store = await open_store(f"sqlite:///{tmp_path / 'e.db'}")
    bot = EmberBot(TableService(store), sync_on_start=True, sync_guild_id=stub.guild_id, guild_ready_timeout=0.05)
    task = asyncio.create_task(bot.start("stub-token"))
    await asyncio.wait_for(bot.wait_until_ready(), 5)
    assert str(stub.guild_id) in stub.commands
    await bot.close()
    await task
    await store.close()
