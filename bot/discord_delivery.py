"""Delivering the service's Replies on Discord: one public message per action in the game's thread (text,
board image, pings), private messages by DM with a link back to the thread, and the fallback when a DM
can't be delivered (the seat is marked and the thread tells the player to use /hand).
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord

from bot.views import lobby_view, table_view

if TYPE_CHECKING:
    from bot.service import Reply, TableService

log = logging.getLogger("ember.discord")

MESSAGE_LIMIT = 2000
CANNOT_DM = 50007
UNKNOWN_CHANNEL = 10003


def clip(text: str, limit: int = MESSAGE_LIMIT, *, more: str = "") -> str:
    """Fit text in a Discord message (2000 characters) on line boundaries: the first lines (the move that
    was played) and the last ones (the latest events, who moves next) stay; the middle gives way to one
    line saying how much was left out (`more` tells where to find it)."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")

    def gap(n: int) -> str:
        return f"… {n} line{'s' if n != 1 else ''} left out{more} …"

    budget = limit - len(gap(len(lines))) - 2
    head: list[str] = []
    tail: list[str] = []
    used = 0
    # the opening block (up to a third of the room), then as many of the last lines as fit
    for line in lines:
        if used + len(line) + 1 > budget // 3:
            break
        head.append(line)
        used += len(line) + 1
    for line in reversed(lines[len(head):]):
        if used + len(line) + 1 > budget:
            break
        tail.insert(0, line)
        used += len(line) + 1
    if not tail:  # one enormous last line: cut it, keeping its end
        room = budget - used - 1
        tail = ["…" + lines[-1][-room:]] if room > 0 else []
    left_out = len(lines) - len(head) - len(tail)
    return "\n".join([*head, *([gap(left_out)] if left_out else []), *tail])[:limit]


def board_file(image: bytes, name: str = "board.png") -> discord.File:
    return discord.File(io.BytesIO(image), filename=name)


def pings(user_ids: list[int]) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in user_ids])


def lobby_text(reply: Reply) -> str:
    lobby = reply.lobby
    lines = [f"**{reply.title}** — waiting for players"]
    if lobby is not None:
        count = f"{lobby.min_players}" if lobby.min_players == lobby.max_players else (
            f"{lobby.min_players}–{lobby.max_players}")
        seats = ", ".join(lobby.seats) or "nobody yet"
        lines.append(f"Host: <@{lobby.host_id}>")
        lines.append(f"Seats ({len(lobby.seats)}, needs {count}): {seats}")
        if lobby.options_text:
            lines.append(f"Options: {lobby.options_text}")
        lines.append("Press **Join** to take a seat. The host presses **Start** when ready"
                     + ("" if lobby.can_start else " (not enough players yet)") + ".")
    return "\n".join(lines)


class Delivery:
    """Posts Replies. `bot` is the discord.py client, `service` the TableService."""

    def __init__(self, bot: discord.Client, service: TableService, *, finished: str = "archive") -> None:
        self.bot = bot
        self.service = service
        self.finished = finished            # what to do with a thread when its game ends: archive | lock | keep
        self._dm_warned: set[tuple[int, int]] = set()

    # -- the thread -----------------------------------------------------------------------------------

    async def thread(self, thread_id: int | None) -> discord.Thread | None:
        """The game's thread, unarchived so the bot can post; None if it's gone (its game is abandoned)."""
        if thread_id is None:
            return None
        channel = self.bot.get_channel(thread_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(thread_id)
            except discord.NotFound:
                log.info("thread %s is gone; abandoning its game", thread_id)
                await self.service.thread_deleted(thread_id)
                return None
            except discord.HTTPException:
                log.exception("thread %s can't be fetched", thread_id)
                return None
        if isinstance(channel, discord.Thread) and channel.archived:
            try:
                await channel.edit(archived=False)
            except discord.HTTPException:
                log.warning("thread %s can't be unarchived", thread_id, exc_info=True)
        return channel  # type: ignore[return-value]

    async def follow(self, thread_id: int | None, user_id: int) -> None:
        """Add a player to the game's thread, so it shows in their thread list and they hear of every move
        (best effort: without it they are still pinged when it is their turn)."""
        thread = await self.thread(thread_id)
        if not isinstance(thread, discord.Thread):
            return
        try:
            await thread.add_user(discord.Object(user_id))  # type: ignore[arg-type]
        except discord.HTTPException as err:
            log.info("thread %s: can't add %s (%s)", thread.id, user_id, err)

    async def send(self, thread_id: int | None, content: str, *, image: bytes | None = None,
                   mention: list[int] | None = None, view: discord.ui.View | None = None) -> discord.Message | None:
        """One message in the game's thread. Text too long for one message (a long chain of AI moves) is
        clipped on line boundaries and comes in full as `moves.txt` beside the board."""
        thread = await self.thread(thread_id)
        if thread is None:
            return None
        shown = clip(content, more=" (all of it in moves.txt)")
        kwargs: dict = {"content": shown or None, "allowed_mentions": pings(mention or [])}
        files = [] if image is None else [board_file(image)]
        if shown != content:
            files.append(discord.File(io.BytesIO(content.encode("utf-8")), filename="moves.txt"))
        if files:
            kwargs["files"] = files
        if view is not None:
            kwargs["view"] = view
        try:
            return await thread.send(**kwargs)
        except discord.NotFound as err:
            if err.code == UNKNOWN_CHANNEL:
                await self.service.thread_deleted(thread.id)
            log.warning("thread %s: message not delivered (%s)", thread.id, err)
        except discord.HTTPException:
            log.exception("thread %s: message not delivered", thread.id)
        return None

    # -- replies ---------------------------------------------------------------------------------------

    async def lobby(self, reply: Reply) -> discord.Message | None:
        """A fresh lobby message with its buttons."""
        return await self.send(reply.thread_id, lobby_text(reply), view=lobby_view(reply.table_id))

    async def deliver(self, reply: Reply) -> None:
        """The public message (text, board, pings), then the private messages, then end-of-game tidying."""
        text = reply.text
        if reply.mention:
            text += "\n" + " ".join(f"<@{u}>" for u in reply.mention) + " — your move."
        view = table_view(reply.table_id) if reply.status == "active" else None
        if text.strip() or reply.image is not None:
            await self.send(reply.thread_id, text, image=reply.image, mention=reply.mention, view=view)
        await self.private(reply)
        if reply.status in ("finished", "abandoned") and self.finished != "keep":
            await self.close_thread(reply.thread_id)

    async def private(self, reply: Reply) -> None:
        if not reply.private:
            return
        thread = self.bot.get_channel(reply.thread_id) if reply.thread_id else None
        if thread is None and reply.thread_id:
            thread = await self.thread(reply.thread_id)
        link = f"\n↪ {thread.jump_url}" if isinstance(thread, discord.Thread) else ""
        for note in reply.private:
            # the link back to the thread always stays, even under a clipped text
            content = clip(note.text, MESSAGE_LIMIT - len(link), more=" (see /hand in the thread)") + link
            try:
                dm = await self.bot.create_dm(discord.Object(note.user_id))  # type: ignore[arg-type]
                kwargs: dict = {"content": content}
                if note.image is not None:
                    kwargs["file"] = board_file(note.image, "view.png")
                await dm.send(**kwargs)
            except discord.Forbidden as err:
                log.info("DM to %s refused (%s): falling back to /hand", note.user_id, err.code)
                await self.dm_closed(reply, note.user_id)
            except discord.HTTPException:
                log.exception("DM to %s failed", note.user_id)
                await self.dm_closed(reply, note.user_id)
            else:
                await self.dm_open(reply, note.user_id)

    async def dm_open(self, reply: Reply, user_id: int) -> None:
        """A DM went through: if the seat was marked closed, it works again (the service ignores no-ops)."""
        if (reply.table_id, user_id) in self._dm_warned:
            self._dm_warned.discard((reply.table_id, user_id))
        try:
            await self.service.mark_dm(reply.table_id, user_id, closed=False)
        except Exception:
            log.exception("table %s: can't mark DMs open for %s", reply.table_id, user_id)

    async def dm_closed(self, reply: Reply, user_id: int) -> None:
        """Mark the seat and tell the player once: not again for every private message while their DMs
        stay closed, nor after a restart (the mark is in the store)."""
        key = (reply.table_id, user_id)
        if key in self._dm_warned:
            return
        self._dm_warned.add(key)
        try:
            told = not await self.service.mark_dm(reply.table_id, user_id, closed=True)
        except Exception:
            log.exception("table %s: can't mark DMs closed for %s", reply.table_id, user_id)
            told = False
        if told:
            return
        await self.send(reply.thread_id, f"<@{user_id}>, your DMs are closed: use /hand", mention=[user_id])

    async def close_thread(self, thread_id: int | None) -> None:
        if thread_id is None:
            return
        channel = self.bot.get_channel(thread_id)
        if not isinstance(channel, discord.Thread):
            return
        try:
            if self.finished == "lock":
                await channel.edit(archived=True, locked=True)
            else:
                await channel.edit(archived=True)
        except discord.HTTPException:
            log.warning("thread %s can't be archived", thread_id, exc_info=True)
