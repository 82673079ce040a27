"""The Discord bot: `EmberBot` (a discord.py client over the table service), `run_bot` for `ember run` and
`sync_commands` for `ember sync`.

The bot needs only the Guilds intent (no privileged intents): it learns about threads from gateway events
and about users from interactions. Slash commands are registered with Discord only when asked
(`ember sync`, or `EMBER_SYNC_ON_START=1`), never silently on every start.
"""

from __future__ import annotations

import inspect
import logging
import re
import time
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.discord_delivery import Delivery
from bot.views import TableButton

log = logging.getLogger("ember.discord")


def intents() -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True  # threads, channels, thread deletions
    return wanted


class EmberBot(commands.Bot):
    """`service` is a `bot.service.TableService` (None only to sync commands)."""

    def __init__(
        self,
        service: Any,
        *,
        clock: Callable[[], float] | None = None,
        reminder_check_seconds: float = 60.0,
        reminders: bool = True,
        finished_thread: str = "archive",
        sync_on_start: bool = False,
        sync_guild_id: int | None = None,
        **options: Any,
    ) -> None:
        options.setdefault("intents", intents())
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False),
            **options,
        )
        self.service = service
        self.clock = clock
        self.reminder_check_seconds = reminder_check_seconds
        self.reminders_enabled = reminders and service is not None
        self.sync_on_start = sync_on_start
        self.sync_guild_id = sync_guild_id
        self.delivery = Delivery(self, service, finished=finished_thread)
        self.games = None  # the Games cog, once loaded (buttons route through it)
        self.tree.on_error = self._tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        from bot.cogs.games import Games
        from bot.cogs.reminders import Reminders

        self.add_dynamic_items(TableButton)
        self.games = Games(self)
        await self.add_cog(self.games)
        if self.reminders_enabled:
            await self.add_cog(Reminders(self, every=self.reminder_check_seconds, clock=self.clock))
        if self.sync_on_start:
            await self.sync_commands()

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        """Register the slash commands: in one guild (instant) when `sync_guild_id` is set, else globally."""
        problems = check_payloads(command_payloads(self.tree))
        if problems:
            raise ValueError("command payloads break Discord's limits: " + "; ".join(problems))
        if self.sync_guild_id:
            guild = discord.Object(self.sync_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.sync_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (Discord may take up to an hour to show them)", len(synced))
        return synced

    async def on_ready(self) -> None:
        log.info("connected as %s (%s) to %d server(s)", self.user, getattr(self.user, "id", "?"), len(self.guilds))

    async def _tree_error(self, interaction: discord.Interaction, error: discord.app_commands.AppCommandError) -> None:
        if isinstance(error, discord.app_commands.TransformerError | discord.app_commands.CheckFailure):
            text = "That doesn't fit this command: " + str(error)
        else:
            log.error("command %s failed", getattr(interaction.command, "qualified_name", "?"),
                      exc_info=error)
            text = "Something went wrong on Ember's side. Please try again in a moment."
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            pass


# --- command payloads and Discord's limits -------------------------------------------------------------

NAME = re.compile(r"^[-_\w]{1,32}$")


def command_payloads(tree: discord.app_commands.CommandTree) -> list[dict]:
    return [command.to_dict(tree) for command in tree.get_commands()]


def check_payloads(payloads: list[dict]) -> list[str]:
    """Everything in these command payloads that Discord would refuse (empty when all is well)."""
    problems: list[str] = []

    def check(item: dict, where: str) -> None:
        name = item.get("name", "")
        if not NAME.match(name) or name != name.lower():
            problems.append(f"{where}: bad name {name!r}")
        description = item.get("description", "")
        if item.get("type", 1) in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11) and not 1 <= len(description) <= 100:
            problems.append(f"{where}: description of {len(description)} characters")
        options = item.get("options") or []
        if len(options) > 25:
            problems.append(f"{where}: {len(options)} options")
        choices = item.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{where}: {len(choices)} choices")
        for choice in choices:
            if not 1 <= len(choice["name"]) <= 100 or len(str(choice["value"])) > 100:
                problems.append(f"{where}: choice {choice['name']!r} too long")
        if choices and item.get("autocomplete"):
            problems.append(f"{where}: choices and autocomplete together")
        required_seen_optional = False
        for option in options:
            if option.get("type") in (1, 2):
                check(option, f"{where} {option.get('name')}")
                continue
            if option.get("required") and required_seen_optional:
                problems.append(f"{where}: required option {option.get('name')} after an optional one")
            required_seen_optional |= not option.get("required", False)
            check(option, f"{where} {option.get('name')}")

    if len(payloads) > 100:
        problems.append(f"{len(payloads)} top-level commands")
    for payload in payloads:
        check(payload, "/" + payload.get("name", "?"))
    return problems


# --- entry points for the `ember` command -------------------------------------------------------------


async def _open_store(url: str):
    from db import open_store

    store = open_store(url)
    return await store if inspect.isawaitable(store) else store


async def run_bot(settings: Any, *, clock: Callable[[], float] = time.time) -> None:
    """`ember run`: the bot with the store at `settings.database_url`, until interrupted."""
    from bot.service import TableService

    store = await _open_store(settings.database_url)
    try:
        service = TableService(store, clock=clock, locale=getattr(settings, "locale", "en"))
        bot = EmberBot(
            service,
            reminder_check_seconds=getattr(settings, "reminder_check_seconds", 60.0),
            sync_on_start=getattr(settings, "sync_on_start", False),
            sync_guild_id=getattr(settings, "sync_guild_id", None),
            finished_thread=settings.finished_thread,
        )
        async with bot:
            await bot.start(settings.discord_token)
    finally:
        await store.close()


async def sync_commands(settings: Any) -> int:
    """`ember sync`: register the slash commands (in `settings.sync_guild_id` if set, else globally)."""
    bot = EmberBot(None, reminders=False, sync_guild_id=getattr(settings, "sync_guild_id", None))
    async with bot:
        try:
            await bot.login(settings.discord_token)
        except discord.LoginFailure:
            log.error("Discord refused the token: check DISCORD_TOKEN.")
            return 1
        synced = await bot.sync_commands()
    names = ", ".join(sorted("/" + c.name for c in synced))
    where = f"server {bot.sync_guild_id}" if bot.sync_guild_id else "all servers (may take up to an hour)"
    log.info("registered %s for %s", names, where)
    return 0
