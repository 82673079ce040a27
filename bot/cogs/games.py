"""The slash commands and buttons of Ember: a thin layer that acknowledges at once, asks the table service,
and hands its Reply to `Delivery`.

Every interaction is deferred before anything slow runs and ends with exactly one followup addressed to
the caller (ephemeral): a short confirmation, or the service's refusal in its own words. Public output
(the lobby, moves, boards) goes to the game's thread as ordinary messages.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import service as svc
from bot.discord_delivery import MESSAGE_LIMIT, Delivery, board_file, clip, lobby_text
from bot.views import lobby_view

if TYPE_CHECKING:
    from bot.client import EmberBot

log = logging.getLogger("ember.discord")

NOT_A_GAME_THREAD = "This isn't a game thread. Start a game with `/ember new`, or use this in a game's thread."
MAX_CHOICES = 25
CHOICE_LIMIT = 100
EMBED_LIMIT = 4096
MAX_FILES = 10
# Discord drops an autocomplete answer after 3 s; give up before that and offer nothing rather than fail.
AUTOCOMPLETE_SECONDS = 2.0


def _choice(text: str) -> app_commands.Choice[str]:
    text = text[:CHOICE_LIMIT]
    return app_commands.Choice(name=text, value=text)


def clip_start(text: str, limit: int, more: str) -> str:
    """Keep the beginning of a long text (a rules section reads from the top), cut on a line boundary."""
    if len(text) <= limit:
        return text
    room = limit - len(more) - 2
    cut = text.rfind("\n", 0, room)
    return text[:cut if cut > room // 2 else room].rstrip() + "\n" + more


def code_block(lines: list[str], limit: int = MESSAGE_LIMIT) -> str:
    """The latest lines that fit in one code block (the oldest give way first)."""
    kept: list[str] = []
    size = len("```\n\n```") + len("(older moves left out)\n")
    for line in reversed(lines):
        line = line[:limit - size - 1]
        if size + len(line) + 1 > limit:
            break
        kept.insert(0, line)
        size += len(line) + 1
    older = "(older moves left out)\n" if len(kept) < len(lines) else ""
    return older + "```\n" + "\n".join(kept) + "\n```"


def rank_moves(moves: list[str], typed: str) -> list[str]:
    """Moves matching what was typed, most useful first: prefix matches, then word starts, then anywhere."""
    typed = " ".join(typed.lower().split())
    if not typed:
        return moves[:MAX_CHOICES]
    prefix = [m for m in moves if m.startswith(typed)]
    words = [m for m in moves if m not in prefix and any(w.startswith(typed) for w in m.split())]
    inside = [m for m in moves if m not in prefix and m not in words and typed in m]
    return (prefix + words + inside)[:MAX_CHOICES]


_PAIR = re.compile(r"([a-z_][a-z0-9_]*)\s*[=:]\s*([^\s,;]+)", re.IGNORECASE)


def parse_options(game: str, text: str | None) -> dict[str, str]:
    """`max_rounds=10 roles=random` -> {"max_rounds": "10", "roles": "random"}; the service validates values."""
    if not text or not text.strip():
        return {}
    pairs = dict((k.lower(), v) for k, v in _PAIR.findall(text))
    leftover = _PAIR.sub("", text).replace(",", " ").replace(";", " ").strip()
    if leftover or not pairs:
        raise svc.BadInput("Options look like `name=value`, separated by spaces. " + options_help(game))
    try:
        allowed = {opt.name for opt in svc.game_options(game)}
    except svc.ServiceError:
        return pairs  # an unknown game: the service says so
    for name in pairs:
        if name not in allowed:  # test-only options (a rigged deck or dice: `stack`) are not for players
            raise svc.BadInput(f"There is no option `{name}`. " + options_help(game))
    return pairs


def options_help(game: str) -> str:
    try:
        opts = svc.game_options(game)
    except svc.ServiceError:
        return ""
    if not opts:
        return "This game has no options."
    return "Options: " + "; ".join(f"`{o.name}` ({o.allowed()}, default {_show(o.default)})" for o in opts) + "."


def _show(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# The game menu, from the engine registry (which finds the games when `engines` is imported).
GAME_MENU = [app_commands.Choice(name=title[:CHOICE_LIMIT], value=gid) for gid, title in svc.game_choices()][:MAX_CHOICES]


class Games(commands.Cog):
    """Slash commands: /ember …, /move, /board, /hand, /rules, /log; and the buttons' actions."""

    ember = app_commands.Group(name="ember", description="Fire-themed board games, one game per thread",
                               guild_only=True)

    def __init__(self, bot: EmberBot) -> None:
        self.bot = bot
        self.service: svc.TableService = bot.service  # type: ignore[assignment]
        self.delivery: Delivery = bot.delivery  # type: ignore[assignment]

    # -- plumbing -------------------------------------------------------------------------------------

    async def _defer(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()  # the button's message stays; answers come as followups
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)

    async def _answer(self, interaction: discord.Interaction, text: str, *, image: bytes | None = None,
                      embed: discord.Embed | None = None, images: list[bytes] = ()) -> None:
        kwargs: dict = {"content": clip(text) or None, "ephemeral": True,
                        "allowed_mentions": discord.AllowedMentions.none()}
        pictures = ([image] if image is not None else []) + list(images)
        if pictures:
            kwargs["files"] = [board_file(p, "board.png" if i == 0 else f"board{i + 1}.png")
                               for i, p in enumerate(pictures[:MAX_FILES])]
        if embed is not None:
            kwargs["embed"] = embed
        await interaction.followup.send(**kwargs)

    async def _run(self, interaction: discord.Interaction, work: Callable[[], Awaitable[str | None]],
                   *, table_id: int | None = None, deferred: bool = False) -> None:
        """Defer, do the work, and answer the caller once: the work's confirmation (a str; None when the
        work answered itself) or the refusal."""
        if not deferred:
            await self._defer(interaction)
        try:
            said = await work()
        except svc.MovedOn as err:
            image = None
            if table_id is not None:
                try:
                    image = (await self.service.board(table_id)).image
                except svc.ServiceError:
                    pass
            await self._answer(interaction, str(err), image=image)
        except svc.ServiceError as err:
            await self._answer(interaction, str(err))
        except Exception:
            log.exception("interaction %s (%s) failed", interaction.id, _describe(interaction))
            await self._answer(interaction, "Something went wrong on Ember's side. Please try again in a moment.")
        else:
            if said is not None:
                await self._answer(interaction, said)

    async def _table_here(self, interaction: discord.Interaction) -> int:
        table_id = await self.service.table_for_thread(interaction.channel_id) if interaction.channel_id else None
        if table_id is None:
            raise svc.NotFound(NOT_A_GAME_THREAD)
        return table_id

    async def _game_here(self, channel_id: int | None) -> str | None:
        """The game id of the thread's table, read without loading or drawing the game (autocomplete)."""
        if not channel_id:
            return None
        info = await self.service.info_for_thread(int(channel_id))
        return None if info is None else info.game

    async def _is_over(self, table_id: int) -> bool:
        try:
            return (await self.service.info(int(table_id))).over
        except svc.NotFound:
            return False

    async def _game_over(self, interaction: discord.Interaction, table_id: int) -> None:
        """The answer to anything asked of a finished or abandoned game: its result and final board."""
        reply = await self.service.board(table_id)
        said = reply.text if reply.text.startswith(reply.title) else f"{reply.title} is over: {reply.text}"
        await self._answer(interaction, said, image=reply.image)

    async def _in_thread(self, interaction: discord.Interaction,
                         action: Callable[[int], Awaitable[str | None]]) -> None:
        """Run `action(table_id)` for the game of the thread the command was used in."""
        await self._defer(interaction)
        try:
            table_id = await self._table_here(interaction)
        except svc.ServiceError as err:
            await self._answer(interaction, str(err))
            return
        await self._run(interaction, lambda: action(table_id), table_id=table_id, deferred=True)

    @staticmethod
    def _name(user: discord.abc.User) -> str:
        return getattr(user, "display_name", None) or user.name

    # -- lobby ------------------------------------------------------------------------------------------

    @ember.command(name="new", description="Open a new game in its own thread")
    @app_commands.choices(game=GAME_MENU)
    @app_commands.describe(game="Which game", options="Variants as name=value pairs, e.g. max_rounds=20")
    async def new(self, interaction: discord.Interaction, game: str, options: str | None = None) -> None:
        async def work() -> str:
            channel = interaction.channel
            if isinstance(channel, discord.Thread):
                channel = channel.parent
            if not isinstance(channel, discord.TextChannel):
                raise svc.NotAllowed("Use `/ember new` in a server text channel: the game gets a thread there.")
            chosen = parse_options(game, options)
            reply = await self.service.create(game, interaction.user.id, self._name(interaction.user), chosen,
                                              guild_id=interaction.guild_id, channel_id=channel.id)
            try:
                thread = await channel.create_thread(name=reply.title[:100], type=discord.ChannelType.public_thread,
                                                     auto_archive_duration=10080)
            except discord.HTTPException as err:
                await self.service.abandon(reply.table_id, interaction.user.id)
                raise svc.NotAllowed(f"I can't create a thread here ({err.text or err.status}): "
                                     "I need the Create Public Threads permission.") from None
            await self.service.set_thread(reply.table_id, thread.id)
            reply.thread_id = thread.id
            await self.delivery.lobby(reply)
            await self.delivery.follow(thread.id, interaction.user.id)
            return f"{reply.title} is open in {thread.mention}."

        await self._run(interaction, work)

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        try:
            opts = svc.game_options(game) if game else []
        except Exception:
            return []
        head, _, last = current.rpartition(" ")
        head = (head + " ") if head else ""
        suggestions = []
        for opt in opts:
            values = list(opt.choices) if opt.choices is not None else [opt.default]
            for value in values:
                suggestions.append(f"{opt.name}={_show(value)}")
        picked = [s for s in suggestions if s.startswith(last.lower())] or suggestions
        return [_choice(head + s) for s in picked][:MAX_CHOICES]

    @ember.command(name="join", description="Take a seat in this thread's game")
    @app_commands.describe(extra="Cooperative games: take one more seat (play two firefighters)")
    async def join(self, interaction: discord.Interaction, extra: bool = False) -> None:
        await self._in_thread(interaction,
                              lambda t: self._lobby_action(interaction, "join-extra" if extra else "join", t))

    @ember.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await self._in_thread(interaction, lambda t: self._lobby_action(interaction, "leave", t))

    @ember.command(name="ai", description="Add a computer player (host only)")
    async def ai(self, interaction: discord.Interaction) -> None:
        await self._in_thread(interaction, lambda t: self._lobby_action(interaction, "ai", t))

    @ember.command(name="start", description="Start the game (host only)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self._in_thread(interaction, lambda t: self._lobby_action(interaction, "start", t))

    async def _lobby_action(self, interaction: discord.Interaction, action: str, table_id: int) -> str:
        user = interaction.user
        if action in ("join", "join-extra"):
            reply = await self.service.join(table_id, user.id, self._name(user), extra_seat=action == "join-extra")
            await self.delivery.follow(reply.thread_id, user.id)
            said = "You have a seat."
        elif action == "leave":
            reply = await self.service.leave(table_id, user.id)
            said = "You left the game."
        elif action == "ai":
            reply = await self.service.add_ai(table_id, user.id)
            said = "An AI player takes a seat."
        else:
            reply = await self.service.start(table_id, user.id)
            said = "The game is on."
        from_button = interaction.type is discord.InteractionType.component
        if from_button:  # the lobby message is edited below: its thread must be open (unarchived) first
            await self.delivery.thread(reply.thread_id)
        if reply.status == "lobby":
            if from_button:
                # refresh the lobby message the button belongs to
                await interaction.edit_original_response(content=lobby_text(reply), view=lobby_view(table_id),
                                                         allowed_mentions=discord.AllowedMentions.none())
                await self.delivery.send(reply.thread_id, reply.text)
            else:
                await self.delivery.lobby(reply)
        else:
            if from_button:  # the lobby is over: its buttons go
                await interaction.edit_original_response(content=f"**{reply.title}** — the game has started.",
                                                         view=None)
            await self.delivery.deliver(reply)
        return said

    @ember.command(name="abandon", description="End this game without a result (host or thread moderator)")
    async def abandon(self, interaction: discord.Interaction) -> None:
        async def action(table_id: int) -> str:
            moderator = bool(interaction.permissions.manage_threads)
            reply = await self.service.abandon(table_id, interaction.user.id, moderator=moderator)
            await self.delivery.deliver(reply)
            return "The game is abandoned."

        await self._in_thread(interaction, action)

    @ember.command(name="settings", description="Change this game's settings (host only)")
    @app_commands.describe(reminder="Hours before the player to move is pinged (0 = never)",
                           language="Language of the game's texts and boards")
    @app_commands.choices(language=[app_commands.Choice(name=name, value=code) for code, name in svc.LOCALES.items()])
    async def settings(self, interaction: discord.Interaction,
                       reminder: app_commands.Range[float, 0, 336] | None = None,
                       language: str | None = None) -> None:
        async def action(table_id: int) -> str:
            reply = await self.service.settings(table_id, interaction.user.id, reminder_hours=reminder,
                                                locale=language)
            if reminder is not None or language is not None:  # a change is news; a look is only for the host
                await self.delivery.send(reply.thread_id, reply.text)
            return reply.text

        await self._in_thread(interaction, action)

    @ember.command(name="games", description="Your games on this server, and where it's your turn")
    async def games(self, interaction: discord.Interaction) -> None:
        async def work() -> str:
            found = await self.service.games_for(interaction.user.id, interaction.guild_id)
            if not found:
                return "You have no games going. Start one with `/ember new`."
            lines = []
            for g in found:
                where = f"<#{g.thread_id}>" if g.thread_id else "(no thread)"
                state = "**your turn**" if g.your_turn else ("in the lobby" if g.status == "lobby" else "waiting")
                lines.append(f"• {g.title} — {where} — {state}")
            return "\n".join(lines)

        await self._run(interaction, work)

    # -- playing -----------------------------------------------------------------------------------------

    @app_commands.command(name="move", description="Play your move in this thread's game")
    @app_commands.describe(move="Your move; start typing to see the legal ones")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        async def action(table_id: int) -> str:
            reply = await self.service.act(table_id, interaction.user.id, move)
            await self.delivery.deliver(reply)
            return f"Played `{svc.normalise_move(move)}`."

        await self._in_thread(interaction, action)

    @move.autocomplete("move")
    async def move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal moves; nothing (never an error) outside a game, out of turn, or when slow."""
        async def legal() -> list[str]:
            table_id = await self.service.table_for_thread(interaction.channel_id) if interaction.channel_id else None
            return [] if table_id is None else await self.service.legal_moves(table_id, interaction.user.id)

        try:
            moves = await asyncio.wait_for(legal(), AUTOCOMPLETE_SECONDS)
        except svc.ServiceError:
            return []
        except Exception:
            log.warning("move autocomplete in %s failed", interaction.channel_id, exc_info=True)
            return []
        # a choice's value can't pass 100 characters; a longer move must be typed
        return [_choice(m) for m in rank_moves([m for m in moves if len(m) <= CHOICE_LIMIT], current)]

    @app_commands.command(name="undo", description="Take back your last move, if nobody has moved since")
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        async def action(table_id: int) -> str:
            reply = await self.service.undo(table_id, interaction.user.id)
            await self.delivery.deliver(reply)
            return "Move taken back."

        await self._in_thread(interaction, action)

    @app_commands.command(name="board", description="Show this game's current board (only to you)")
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction) -> None:
        await self._in_thread(interaction, lambda t: self._show_board(interaction, t))

    async def _show_board(self, interaction: discord.Interaction, table_id: int) -> None:
        reply = await self.service.board(table_id)
        await self._answer(interaction, f"**{reply.title}**\n{reply.text}", image=reply.image)
        return None

    @app_commands.command(name="hand", description="Your private view and legal moves (only to you)")
    @app_commands.guild_only()
    async def hand(self, interaction: discord.Interaction) -> None:
        await self._in_thread(interaction, lambda t: self._show_hand(interaction, t))

    async def _show_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        reply = await self.service.private(table_id, interaction.user.id)  # refuses a non-player first
        if await self._is_over(table_id):
            await self._game_over(interaction, table_id)
            return None
        notes = [p for p in reply.private if p.user_id == interaction.user.id] or [svc.Private(
            interaction.user.id, "You have nothing private in this game.")]
        # One answer: the text and picture of every seat the caller holds.
        text = "\n\n".join(p.text for p in notes)
        await self._answer(interaction, text, images=[p.image for p in notes if p.image is not None])
        return None

    @app_commands.command(name="rules", description="The rules summary of this thread's game (only to you)")
    @app_commands.choices(game=GAME_MENU)
    @app_commands.describe(topic="A section of the rules", game="Another game than this thread's")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None,
                    game: str | None = None) -> None:
        async def work() -> None:
            chosen = game or await self._game_here(interaction.channel_id)
            if chosen is None:
                raise svc.NotFound("This isn't a game thread: pick a game with the `game` option, "
                                   "or use /rules in a game's thread.")
            text = await self.service.rules(chosen, topic)
            title, _, body = text.partition("\n")
            body = clip_start(body, EMBED_LIMIT, "… (the section goes on: ask for a narrower `topic`)")
            embed = discord.Embed(title=title.strip("* ")[:256], description=body or None,
                                  colour=discord.Colour.orange())
            await self._answer(interaction, "", embed=embed)
            return None

        await self._run(interaction, work)

    @rules.autocomplete("topic")
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        game = getattr(interaction.namespace, "game", None)
        try:
            game = game or await asyncio.wait_for(self._game_here(interaction.channel_id), AUTOCOMPLETE_SECONDS)
            topics = svc.rules_topics(game) if game else []
        except Exception:
            log.warning("rules autocomplete in %s failed", interaction.channel_id, exc_info=True)
            return []
        typed = current.lower().strip()
        return [_choice(t) for t in topics if typed in t][:MAX_CHOICES]

    @app_commands.command(name="log", description="Recent moves of this thread's game (only to you)")
    @app_commands.describe(count="How many moves (1-50)")
    @app_commands.guild_only()
    async def log(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10) -> None:
        async def action(table_id: int) -> str:
            lines = await self.service.log(table_id, count)
            if not lines:
                return "No moves yet."
            return code_block(lines)

        await self._in_thread(interaction, action)

    # -- buttons ------------------------------------------------------------------------------------------

    async def on_button(self, interaction: discord.Interaction, action: str, table_id: int) -> None:
        async def work() -> str | None:
            if action == "hand":
                return await self._show_hand(interaction, table_id)
            if await self._is_over(table_id):  # an old lobby or move message of a game that has ended
                return await self._game_over(interaction, table_id)
            if action == "board":
                return await self._show_board(interaction, table_id)
            return await self._lobby_action(interaction, action, table_id)

        await self._run(interaction, work, table_id=table_id)

    # -- Discord events ---------------------------------------------------------------------------------

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        try:
            await self.service.thread_deleted(payload.thread_id)
        except Exception:
            log.exception("thread %s deleted: can't abandon its game", payload.thread_id)


def _describe(interaction: discord.Interaction) -> str:
    data = interaction.data or {}
    return str(data.get("name") or data.get("custom_id") or interaction.type)
