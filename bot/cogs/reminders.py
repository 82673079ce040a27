"""The reminder loop: every few seconds or minutes, ask the service which players have waited longer than
their game's reminder interval and ping them in the game's thread. The service records each reminder in
the store, so reminders survive restarts and are sent at most once per interval.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.client import EmberBot

log = logging.getLogger("ember.discord")


class Reminders(commands.Cog):
    def __init__(self, bot: EmberBot, *, every: float = 60.0, clock: Callable[[], float] | None = None) -> None:
        self.bot = bot
        self.every = every
        self.clock = clock               # None: the service's own clock
        self._task: asyncio.Task | None = None

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._loop(), name="ember-reminders")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _loop(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            try:
                await self.run_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reminder round failed")
            await asyncio.sleep(self.every)

    async def run_once(self) -> int:
        """Send every reminder that is due now; returns how many were sent."""
        now = self.clock() if self.clock is not None else None
        due = await self.bot.service.due_reminders(now)
        for reminder in due:
            # each reminder is already recorded as sent: one that can't be posted must not stop the others
            users = reminder.user_ids
            mentions = " ".join(f"<@{u}>" for u in users)
            try:
                await self.bot.delivery.send(reminder.thread_id, f"{mentions} {reminder.text}", mention=users)
            except Exception:
                log.exception("table %s: reminder not delivered", reminder.table_id)
        if due:
            log.info("sent %d reminder(s)", len(due))
        return len(due)
