"""A small Discord stand-in on 127.0.0.1: enough REST and gateway for discord.py 2.7 to run unmodified.

The stub plays Discord for one guild with one text channel. It records everything the bot does
(messages with their files and components, interaction callbacks and followups, DMs, threads,
command registrations) and lets a test act as users: it sends INTERACTION_CREATE events over the
gateway (slash commands, autocomplete, button clicks) and other gateway events (thread deleted).

Errors can be injected: DMs to chosen users answer 403 / 50007, chosen channels answer 404 / 10003.
It never answers 5xx (discord.py would retry and slow the tests down).

Point discord.py at it with `stub.patch_discord()` (sets `Route.BASE` and `DEFAULT_GATEWAY`, class
attributes) and undo with `stub.unpatch_discord()`.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import yarl
from aiohttp import WSMsgType, web

_log = logging.getLogger("discord_stub")

API = "/api/v10"
EPHEMERAL = 64
ALL_PERMISSIONS = str((1 << 50) - 1)
MEMBER_PERMISSIONS = str(0x0000_0000_0004_0000 | 0x400 | 0x800 | 0x8000 | 0x4000 | (1 << 38) | (1 << 31))


def _now_iso() -> str:
    return datetime.now(UTC).isoformat()


@dataclass
class User:
    id: int
    name: str
    bot: bool = False

    def payload(self) -> dict:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
        }

    def member(self, permissions: str = MEMBER_PERMISSIONS) -> dict:
        return {
            "user": self.payload(),
            "roles": [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "nick": None,
            "flags": 0,
            "permissions": permissions,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Message:
    """A message the bot created (channel message, DM, interaction response or followup)."""

    id: int
    channel_id: int
    content: str
    files: list[tuple[str, bytes]] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    embeds: list[dict] = field(default_factory=list)
    flags: int = 0
    allowed_mentions: dict | None = None
    interaction_id: int | None = None     # set for interaction responses and followups
    dm_user_id: int | None = None         # set for DMs
    edits: int = 0

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def text(self) -> str:
        """Content plus embed titles and descriptions, for assertions."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name')}: {f.get('value')}" for f in embed.get("fields", [])]
        return "\n".join(p for p in parts if p)

    @property
    def pinged(self) -> set[int]:
        """User ids this message may ping (its allowed_mentions)."""
        return {int(u) for u in (self.allowed_mentions or {}).get("users", [])}

    def custom_ids(self) -> list[str]:
        found = []
        for row in self.components:
            for item in row.get("components", []):
                if "custom_id" in item:
                    found.append(item["custom_id"])
        return found

    def button(self, label: str) -> str:
        for row in self.components:
            for item in row.get("components", []):
                if item.get("label") == label:
                    return item["custom_id"]
        raise KeyError(f"no button {label!r} on message {self.id}: {self.custom_ids()}")


@dataclass
class Interaction:
    """One interaction the test sent, with what the bot answered."""

    id: int
    token: str
    type: int
    user: User
    channel_id: int
    payload: dict
    callbacks: list[dict] = field(default_factory=list)     # {"type": .., "data": ..}
    followups: list[Message] = field(default_factory=list)
    original: Message | None = None
    done: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def deferred_ephemeral(self) -> bool:
        return any((c.get("data") or {}).get("flags", 0) & EPHEMERAL for c in self.callbacks)

    @property
    def reply(self) -> Message:
        """The message the user saw as the answer: the first followup, else the original response."""
        if self.followups:
            return self.followups[0]
        if self.original is not None:
            return self.original
        raise AssertionError(f"interaction {self.id} got no answer; callbacks={self.callbacks}")

    @property
    def choices(self) -> list[dict]:
        """Autocomplete choices (callback type 8)."""
        for cb in self.callbacks:
            if cb["type"] == 8:
                return cb["data"]["choices"]
        raise AssertionError(f"interaction {self.id} got no autocomplete result; callbacks={self.callbacks}")

    async def wait(self, timeout: float = 5.0) -> Interaction:
        await asyncio.wait_for(self.done.wait(), timeout)
        return self


class DiscordStub:
    """Start with `await stub.start()`, stop with `await stub.stop()`."""

    def __init__(self) -> None:
        self._ids = itertools.count(1_100_000_000_000_000_000)
        self.app_id = self.next_id()
        self.bot_user = User(self.app_id, "Ember", bot=True)
        self.owner = User(self.next_id(), "Owner")
        self.guild_id = self.next_id()
        self.channel_id = self.next_id()
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user, self.owner.id: self.owner}
        self.channels: dict[int, dict] = {
            self.channel_id: {
                "id": str(self.channel_id),
                "type": 0,
                "guild_id": str(self.guild_id),
                "name": "games",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "topic": None,
                "rate_limit_per_user": 0,
                "last_message_id": None,
            }
        }
        self.messages: list[Message] = []
        self.interactions: dict[str, Interaction] = {}    # by token
        self.commands: dict[str, list[dict]] = {}         # "global" or guild id -> registered commands
        self.requests: list[tuple[str, str]] = []
        self.dm_channels: dict[int, int] = {}             # user id -> DM channel id
        self.closed_dms: set[int] = set()                 # user ids whose DMs answer 403 / 50007
        self.gone_channels: set[int] = set()              # channel ids answering 404 / 10003
        self.thread_members: dict[int, set[int]] = {}     # thread id -> user ids the bot added
        self.unknown_routes: list[tuple[str, str]] = []
        self.identifies = 0
        self._sockets: list[web.WebSocketResponse] = []
        self._seq = 0
        self._runner: web.AppRunner | None = None
        self.port = 0
        self._saved: tuple[str, yarl.URL] | None = None

    # --- setup --------------------------------------------------------------------------------

    def next_id(self) -> int:
        return next(self._ids)

    def add_user(self, name: str) -> User:
        user = User(self.next_id(), name)
        self.users[user.id] = user
        return user

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        app = web.Application(client_max_size=16 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", API + "/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for ws in list(self._sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def patch_discord(self) -> None:
        import discord.gateway
        import discord.http

        self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.base_url + API
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self.port}/gateway")

    def unpatch_discord(self) -> None:
        import discord.gateway
        import discord.http

        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    # --- what tests look at -----------------------------------------------------------------------

    def threads(self) -> list[dict]:
        return [c for c in self.channels.values() if c["type"] in (11, 12)]

    def in_channel(self, channel_id: int, *, public_only: bool = True) -> list[Message]:
        """Messages seen in a channel (ephemeral ones excluded unless asked)."""
        return [
            m
            for m in self.messages
            if m.channel_id == channel_id and (not public_only or not m.ephemeral) and m.dm_user_id is None
        ]

    def dms(self, user_id: int) -> list[Message]:
        return [m for m in self.messages if m.dm_user_id == user_id]

    async def wait_until(self, predicate, timeout: float = 5.0, what: str = "condition") -> Any:
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.01)

    # --- acting as users ---------------------------------------------------------------------------

    def _interaction(self, type_: int, user: User, channel_id: int, data: dict, **extra: Any) -> Interaction:
        channel = self.channels.get(channel_id) or {"id": str(channel_id), "type": 0, "guild_id": str(self.guild_id)}
        permissions = ALL_PERMISSIONS if user.id == self.owner.id else MEMBER_PERMISSIONS
        ix = Interaction(self.next_id(), secrets.token_urlsafe(24), type_, user, channel_id, {})
        ix.payload = {
            "id": str(ix.id),
            "application_id": str(self.app_id),
            "type": type_,
            "data": data,
            "guild_id": str(self.guild_id),
            "guild": {"id": str(self.guild_id), "locale": "en-US", "features": []},
            "channel_id": str(channel_id),
            "channel": channel,
            "member": user.member(permissions),
            "token": ix.token,
            "version": 1,
            "app_permissions": ALL_PERMISSIONS,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
            **extra,
        }
        self.interactions[ix.token] = ix
        return ix

    @staticmethod
    def _command_data(name: str, options: dict[str, Any] | None, subcommand: str | None,
                      focused: str | None = None) -> dict:
        def option(key: str, value: Any) -> dict:
            kind = 4 if isinstance(value, int) and not isinstance(value, bool) else 10 if isinstance(value, float) else 3
            opt = {"name": key, "type": kind, "value": value}
            if key == focused:
                opt["focused"] = True
                opt["type"] = 3
            return opt

        opts = [option(k, v) for k, v in (options or {}).items()]
        if subcommand is not None:
            opts = [{"name": subcommand, "type": 1, "options": opts}]
        return {"id": str(abs(hash(name)) % 10**18), "name": name, "type": 1, "options": opts}

    async def command(self, user: User, channel_id: int, name: str, options: dict[str, Any] | None = None,
                      *, subcommand: str | None = None, wait: bool = True) -> Interaction:
        """A slash command: `/name [subcommand] options…` typed by `user` in `channel_id`."""
        ix = self._interaction(2, user, channel_id, self._command_data(name, options, subcommand))
        await self.dispatch("INTERACTION_CREATE", ix.payload)
        return await ix.wait() if wait else ix

    async def autocomplete(self, user: User, channel_id: int, name: str, options: dict[str, Any],
                           focused: str, *, subcommand: str | None = None) -> list[dict]:
        """An autocomplete request (interaction type 4); returns the choices the bot offered."""
        data = self._command_data(name, options, subcommand, focused=focused)
        ix = self._interaction(4, user, channel_id, data)
        await self.dispatch("INTERACTION_CREATE", ix.payload)
        await ix.wait()
        return ix.choices

    async def click(self, user: User, message: Message, custom_id: str, *, wait: bool = True) -> Interaction:
        """A button press on a message the bot posted."""
        data = {"custom_id": custom_id, "component_type": 2}
        ix = self._interaction(3, user, message.channel_id, data, message=self._message_payload(message))
        await self.dispatch("INTERACTION_CREATE", ix.payload)
        return await ix.wait() if wait else ix

    def forge_message(self, channel_id: int, content: str, custom_ids: list[str]) -> Message:
        """A message 'from the bot' with buttons, as if posted long ago (e.g. for a game that is gone)."""
        buttons = [{"type": 2, "style": 2, "label": cid, "custom_id": cid} for cid in custom_ids]
        return self._record(channel_id, {"content": content, "components": [{"type": 1, "components": buttons}]}, [])

    async def delete_thread(self, thread_id: int) -> None:
        """The thread is deleted by someone on Discord: later requests get 404, the bot gets THREAD_DELETE."""
        thread = self.channels[thread_id]
        self.gone_channels.add(thread_id)
        await self.dispatch(
            "THREAD_DELETE",
            {"id": str(thread_id), "guild_id": str(self.guild_id), "parent_id": thread["parent_id"], "type": thread["type"]},
        )

    async def archive_thread(self, thread_id: int) -> None:
        """Discord auto-archives an idle thread."""
        thread = self.channels[thread_id]
        thread["thread_metadata"]["archived"] = True
        thread["thread_metadata"]["archive_timestamp"] = _now_iso()
        await self.dispatch("THREAD_UPDATE", thread)

    # --- gateway -------------------------------------------------------------------------------

    async def dispatch(self, event: str, data: dict) -> None:
        if not self._sockets:
            raise AssertionError("no bot is connected to the gateway")
        self._seq += 1
        frame = json.dumps({"op": 0, "t": event, "s": self._seq, "d": data})
        for ws in list(self._sockets):
            if not ws.closed:
                await ws.send_str(frame)

    def _guild_payload(self) -> dict:
        members = [u.member() for u in self.users.values()]
        for m in members:
            m.pop("permissions")
        return {
            "id": str(self.guild_id),
            "name": "Ember test server",
            "unavailable": False,
            "owner_id": str(self.owner.id),
            "member_count": len(members),
            "members": members,
            "large": False,
            "roles": [
                {
                    "id": str(self.guild_id),
                    "name": "@everyone",
                    "permissions": MEMBER_PERMISSIONS,
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "channels": [c for c in self.channels.values() if c["type"] == 0],
            "threads": [
                c for c in self.threads() if int(c["id"]) not in self.gone_channels
                and not c["thread_metadata"]["archived"]
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "joined_at": "2024-01-01T00:00:00+00:00",
            "preferred_locale": "en-US",
            "premium_tier": 0,
            "system_channel_flags": 0,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
        }

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op = frame.get("op")
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11}))
                elif op == 2:
                    self.identifies += 1
                    self._sockets.append(ws)
                    self._seq += 1
                    ready = {
                        "v": 10,
                        "user": self.bot_user.payload(),
                        "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                        "session_id": secrets.token_hex(16),
                        "resume_gateway_url": f"ws://127.0.0.1:{self.port}/gateway",
                        "application": {"id": str(self.app_id), "flags": 0},
                        "private_channels": [],
                        "relationships": [],
                    }
                    await ws.send_str(json.dumps({"op": 0, "t": "READY", "s": self._seq, "d": ready}))
                    self._seq += 1
                    await ws.send_str(
                        json.dumps({"op": 0, "t": "GUILD_CREATE", "s": self._seq, "d": self._guild_payload()})
                    )
                elif op == 6:  # resume: we don't keep sessions, ask for a fresh identify
                    await ws.send_str(json.dumps({"op": 9, "d": False}))
        finally:
            if ws in self._sockets:
                self._sockets.remove(ws)
        return ws

    # --- REST ------------------------------------------------------------------------------------

    @staticmethod
    def _json(data: Any, status: int = 200) -> web.Response:
        # Exactly "application/json": discord.py treats "application/json; charset=utf-8" as text.
        return web.Response(status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})

    def _error(self, status: int, code: int, message: str) -> web.Response:
        return self._json({"code": code, "message": message}, status)

    async def _body(self, request: web.Request) -> tuple[dict, list[tuple[str, bytes]]]:
        """The JSON payload and files of a request (JSON body or multipart with payload_json)."""
        if request.content_type.startswith("multipart/"):
            payload: dict = {}
            files: list[tuple[str, bytes]] = []
            reader = await request.multipart()
            async for part in reader:
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                else:
                    files.append((part.filename or part.name or "file", bytes(await part.read())))
            return payload, files
        if request.can_read_body:
            text = await request.text()
            return (json.loads(text) if text else {}), []
        return {}, []

    def _message_payload(self, msg: Message) -> dict:
        channel = self.channels.get(msg.channel_id, {})
        data = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "author": self.bot_user.payload(),
            "content": msg.content,
            "timestamp": _now_iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {"id": str(self.next_id()), "filename": name, "size": len(blob),
                 "url": f"{self.base_url}/attachments/{name}", "proxy_url": f"{self.base_url}/attachments/{name}"}
                for name, blob in msg.files
            ],
            "embeds": msg.embeds,
            "pinned": False,
            "type": 0,
            "flags": msg.flags,
            "components": msg.components,
        }
        if channel.get("guild_id"):
            data["guild_id"] = channel["guild_id"]
        if msg.interaction_id is not None:
            data["webhook_id"] = str(self.app_id)
        return data

    def _record(self, channel_id: int, payload: dict, files: list[tuple[str, bytes]], **extra: Any) -> Message:
        msg = Message(
            id=self.next_id(),
            channel_id=channel_id,
            content=payload.get("content") or "",
            files=files,
            components=payload.get("components") or [],
            embeds=payload.get("embeds") or [],
            flags=payload.get("flags") or 0,
            allowed_mentions=payload.get("allowed_mentions"),
            **extra,
        )
        self.messages.append(msg)
        return msg

    def _edit(self, msg: Message, payload: dict, files: list[tuple[str, bytes]]) -> None:
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "components" in payload:
            msg.components = payload["components"] or []
        if "embeds" in payload:
            msg.embeds = payload["embeds"] or []
        if files or "attachments" in payload:
            msg.files = files
        msg.edits += 1

    def _find_message(self, message_id: int) -> Message | None:
        return next((m for m in self.messages if m.id == message_id), None)

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        method = request.method
        self.requests.append((method, path))
        parts = [p for p in path.split("/") if p]
        try:
            return await self._route(request, method, parts)
        except Exception:
            _log.exception("stub failed on %s %s", method, path)
            return self._error(400, 0, "stub error")

    async def _route(self, request: web.Request, method: str, parts: list[str]) -> web.StreamResponse:
        match parts:
            case ["users", "@me"] if method == "GET":
                return self._json(self.bot_user.payload())
            case ["oauth2", "applications", "@me"] if method == "GET":
                return self._json(self._application())
            case ["applications", "@me"] if method == "GET":
                return self._json(self._application())
            case ["applications", _app, "commands"] if method == "PUT":
                payload, _ = await self._body(request)
                return self._json(self._register("global", payload))
            case ["applications", _app, "guilds", guild, "commands"] if method == "PUT":
                payload, _ = await self._body(request)
                return self._json(self._register(guild, payload))
            case ["applications", _app, "commands"] if method == "GET":
                return self._json(self.commands.get("global", []))
            case ["users", "@me", "channels"] if method == "POST":
                payload, _ = await self._body(request)
                return self._json(self._dm_channel(int(payload["recipient_id"])))
            case ["channels", channel_id] if method == "GET":
                channel = self._channel(int(channel_id))
                return channel if isinstance(channel, web.Response) else self._json(channel)
            case ["channels", channel_id] if method == "PATCH":
                return await self._edit_channel(request, int(channel_id))
            case ["channels", channel_id, "thread-members", user_id] if method == "PUT":
                channel = self._channel(int(channel_id))
                if isinstance(channel, web.Response):
                    return channel
                if channel.get("thread_metadata", {}).get("archived"):
                    return self._error(400, 50083, "Thread is archived")
                self.thread_members.setdefault(int(channel_id), set()).add(int(user_id))
                return web.Response(status=204)
            case ["channels", channel_id, "threads"] if method == "POST":
                return await self._create_thread(request, int(channel_id))
            case ["channels", channel_id, "messages"] if method == "POST":
                return await self._post_message(request, int(channel_id))
            case ["channels", channel_id, "messages", message_id] if method == "PATCH":
                msg = self._find_message(int(message_id))
                if msg is None or int(channel_id) in self.gone_channels:
                    return self._error(404, 10008, "Unknown Message")
                payload, files = await self._body(request)
                self._edit(msg, payload, files)
                return self._json(self._message_payload(msg))
            case ["channels", channel_id, "messages", message_id] if method == "GET":
                msg = self._find_message(int(message_id))
                if msg is None:
                    return self._error(404, 10008, "Unknown Message")
                return self._json(self._message_payload(msg))
            case ["guilds", _guild, "members", user_id] if method == "GET":
                user = self.users.get(int(user_id))
                if user is None:
                    return self._error(404, 10007, "Unknown Member")
                return self._json(user.member())
            case ["users", user_id] if method == "GET":
                user = self.users.get(int(user_id))
                if user is None:
                    return self._error(404, 10013, "Unknown User")
                return self._json(user.payload())
            case ["interactions", interaction_id, token, "callback"] if method == "POST":
                return await self._callback(request, int(interaction_id), token)
            case ["webhooks", _app, token] if method == "POST":
                return await self._followup(request, token)
            case ["webhooks", _app, token, "messages", "@original"] if method == "PATCH":
                return await self._edit_original(request, token)
            case ["webhooks", _app, token, "messages", "@original"] if method == "GET":
                ix = self.interactions.get(token)
                if ix is None or ix.original is None:
                    return self._error(404, 10008, "Unknown Message")
                return self._json(self._message_payload(ix.original))
            case ["webhooks", _app, token, "messages", message_id] if method == "PATCH":
                msg = self._find_message(int(message_id))
                if msg is None:
                    return self._error(404, 10008, "Unknown Message")
                payload, files = await self._body(request)
                self._edit(msg, payload, files)
                return self._json(self._message_payload(msg))
        self.unknown_routes.append((method, "/".join(parts)))
        _log.warning("stub: unknown route %s /%s", method, "/".join(parts))
        return self._error(404, 0, "404: Not Found (stub)")

    def _application(self) -> dict:
        return {
            "id": str(self.app_id),
            "name": "Ember",
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.payload(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
            "summary": "",
        }

    def _register(self, scope: str, payload: list[dict]) -> list[dict]:
        registered = []
        for command in payload:
            command = dict(command)
            command["id"] = str(self.next_id())
            command["application_id"] = str(self.app_id)
            command["version"] = str(self.next_id())
            if scope != "global":
                command["guild_id"] = scope
            registered.append(command)
        self.commands[scope] = registered
        return registered

    def _channel(self, channel_id: int) -> dict | web.Response:
        if channel_id in self.gone_channels or channel_id not in self.channels:
            return self._error(404, 10003, "Unknown Channel")
        return self.channels[channel_id]

    def _dm_channel(self, user_id: int) -> dict:
        if user_id not in self.dm_channels:
            channel_id = self.next_id()
            self.dm_channels[user_id] = channel_id
            user = self.users.get(user_id) or User(user_id, f"user{user_id}")
            self.channels[channel_id] = {
                "id": str(channel_id),
                "type": 1,
                "recipients": [user.payload()],
                "last_message_id": None,
            }
        return self.channels[self.dm_channels[user_id]]

    async def _create_thread(self, request: web.Request, parent_id: int) -> web.Response:
        parent = self._channel(parent_id)
        if isinstance(parent, web.Response):
            return parent
        payload, _ = await self._body(request)
        thread_id = self.next_id()
        thread = {
            "id": str(thread_id),
            "type": payload.get("type", 11),
            "guild_id": str(self.guild_id),
            "parent_id": str(parent_id),
            "owner_id": str(self.bot_user.id),
            "name": payload["name"],
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "total_message_sent": 0,
            "flags": 0,
            "thread_metadata": {
                "archived": False,
                "auto_archive_duration": payload.get("auto_archive_duration", 10080),
                "archive_timestamp": _now_iso(),
                "locked": False,
                "invitable": payload.get("invitable", True),
            },
        }
        self.channels[thread_id] = thread
        await self.dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return self._json(thread)

    async def _edit_channel(self, request: web.Request, channel_id: int) -> web.Response:
        channel = self._channel(channel_id)
        if isinstance(channel, web.Response):
            return channel
        payload, _ = await self._body(request)
        if "name" in payload:
            channel["name"] = payload["name"]
        meta = channel.get("thread_metadata")
        if meta is not None:
            for key in ("archived", "locked", "auto_archive_duration", "invitable"):
                if key in payload:
                    meta[key] = payload[key]
            if "archived" in payload:
                meta["archive_timestamp"] = _now_iso()
            await self.dispatch("THREAD_UPDATE", channel)
        return self._json(channel)

    async def _post_message(self, request: web.Request, channel_id: int) -> web.Response:
        channel = self._channel(channel_id)
        if isinstance(channel, web.Response):
            return channel
        payload, files = await self._body(request)
        dm_user = None
        if channel["type"] == 1:
            dm_user = int(channel["recipients"][0]["id"])
            if dm_user in self.closed_dms:
                return self._error(403, 50007, "Cannot send messages to this user")
        meta = channel.get("thread_metadata")
        if meta is not None and meta["archived"]:
            # Real Discord unarchives an unlocked thread on send; the bot must not rely on it, so refuse.
            return self._error(400, 50083, "Thread is archived")
        msg = self._record(channel_id, payload, files, dm_user_id=dm_user)
        return self._json(self._message_payload(msg))

    async def _callback(self, request: web.Request, interaction_id: int, token: str) -> web.Response:
        ix = self.interactions.get(token)
        if ix is None or ix.id != interaction_id:
            return self._error(404, 10062, "Unknown interaction")
        if ix.callbacks:
            return self._error(400, 40060, "Interaction has already been acknowledged.")
        payload, files = await self._body(request)
        ix.callbacks.append(payload)
        kind = payload["type"]
        data = payload.get("data") or {}
        resource: dict = {"type": kind}
        if kind == 4:  # channel message with source
            ix.original = self._record(ix.channel_id, data, files, interaction_id=ix.id)
            resource["message"] = self._message_payload(ix.original)
        elif kind == 5:  # deferred channel message (thinking)
            ix.original = self._record(ix.channel_id, {"content": "", "flags": data.get("flags", 0) | 128}, [],
                                       interaction_id=ix.id)
        elif kind == 7:  # update the component's message
            target = self._find_message(int(ix.payload["message"]["id"]))
            if target is not None:
                self._edit(target, data, files)
        if kind in (4, 7, 8, 9):
            ix.done.set()
        answer = {
            "interaction": {
                "id": str(ix.id),
                "type": ix.type,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(data.get("flags", 0) & EPHEMERAL),
            },
            "resource": resource,
        }
        if ix.original is not None:
            answer["interaction"]["response_message_id"] = str(ix.original.id)
        return self._json(answer)

    async def _followup(self, request: web.Request, token: str) -> web.Response:
        ix = self.interactions.get(token)
        if ix is None:
            return self._error(404, 10015, "Unknown Webhook")
        payload, files = await self._body(request)
        if ix.original is not None and ix.original.flags & 128 and not ix.followups:
            # The first followup after a "thinking" defer replaces the loading message; its
            # ephemerality was fixed by the defer.
            msg = ix.original
            msg.flags = (msg.flags & ~128) | (payload.get("flags", 0) & ~EPHEMERAL)
            self._edit(msg, payload, files)
        else:
            msg = self._record(ix.channel_id, payload, files, interaction_id=ix.id)
        ix.followups.append(msg)
        ix.done.set()
        return self._json(self._message_payload(msg))

    async def _edit_original(self, request: web.Request, token: str) -> web.Response:
        ix = self.interactions.get(token)
        if ix is None:
            return self._error(404, 10015, "Unknown Webhook")
        payload, files = await self._body(request)
        if ix.type == 3 and ix.callbacks and ix.callbacks[0]["type"] == 6:
            target = self._find_message(int(ix.payload["message"]["id"]))
        else:
            target = ix.original
        if target is None:
            return self._error(404, 10008, "Unknown Message")
        meta = self.channels.get(target.channel_id, {}).get("thread_metadata")
        if meta is not None and meta["archived"] and not target.ephemeral:
            return self._error(400, 50083, "Thread is archived")  # a message in an archived thread can't change
        self._edit(target, payload, files)
        return self._json(self._message_payload(target))
