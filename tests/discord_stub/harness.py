"""Running a real Ember bot against the stub: start, stop, restart on the same database."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from tests.discord_stub.server import DiscordStub, Interaction, Message, User


class Clock:
    """An injectable clock for the service and the reminder loop."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


class Harness:
    def __init__(self, stub: DiscordStub, database_url: str, clock: Clock, **bot_options: Any) -> None:
        self.stub = stub
        self.database_url = database_url
        self.clock = clock
        self.bot_options = bot_options
        self.bot = None
        self.service = None
        self.store = None
        self._task: asyncio.Task | None = None
        self.starts = 0

    async def start_bot(self) -> None:
        from bot.client import EmberBot
        from bot.service import TableService
        from db import open_store

        self.store = await open_store(self.database_url)
        self.service = TableService(self.store, clock=self.clock)
        options = {"clock": self.clock, "reminder_check_seconds": 0.05, "guild_ready_timeout": 0.05,
                   **self.bot_options}
        self.bot = EmberBot(self.service, **options)
        self._task = asyncio.create_task(self.bot.start("stub-token"))
        ready = asyncio.create_task(self.bot.wait_until_ready())
        done, _ = await asyncio.wait({self._task, ready}, timeout=5, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if self._task in done:
                self._task.result()  # raises what went wrong
            raise AssertionError("the bot did not get ready")
        self.starts += 1

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(self._task, 5)
        if self.store is not None:
            await self.store.close()
        self.bot = self.service = self.store = self._task = None

    async def restart(self) -> None:
        """A new process: a new client, a new service, the same database and the same Discord."""
        await self.stop_bot()
        await self.start_bot()

    # -- shortcuts ---------------------------------------------------------------------------------------

    async def new_game(self, host: User, game: str, options: str | None = None) -> tuple[int, int, Message]:
        """`/ember new` in the text channel: returns (table id, thread id, lobby message)."""
        before = {int(t["id"]) for t in self.stub.threads()}
        args = {"game": game} | ({"options": options} if options else {})
        ix = await self.stub.command(host, self.stub.channel_id, "ember", args, subcommand="new")
        assert ix.reply.ephemeral, ix.reply
        new = [int(t["id"]) for t in self.stub.threads() if int(t["id"]) not in before]
        assert len(new) == 1, f"expected one new thread, answer was {ix.reply.text!r}"
        thread_id = new[0]
        table_id = await self.service.table_for_thread(thread_id)
        lobby = self.stub.in_channel(thread_id)[-1]
        return table_id, thread_id, lobby

    async def move(self, user: User, thread_id: int, move: str, **kwargs: Any) -> Interaction:
        return await self.stub.command(user, thread_id, "move", {"move": move}, **kwargs)


__all__ = ["Clock", "Harness"]


def acknowledged_at_once(stub: DiscordStub) -> None:
    """Every command and click was deferred first (5 / 6); every autocomplete answered (8), never failed."""
    for ix in stub.interactions.values():
        assert ix.callbacks, f"interaction {ix.payload['data']} never acknowledged"
        assert ix.callbacks[0]["type"] == {2: 5, 3: 6, 4: 8}[ix.type], (ix.payload["data"], ix.callbacks)
