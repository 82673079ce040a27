"""The `ember` command: run the Discord bot, sync its commands, or play in the terminal."""

from __future__ import annotations

import asyncio
import logging
import sys

import engines

NO_TOKEN = """\
Ember — fire-themed board games for Discord, played over days, one game per thread.

No DISCORD_TOKEN is set, so the bot can't start. To run it on Discord:
  1. Create an application and a bot at https://discord.com/developers/applications
     (README.md, "Running the bot on Discord", walks through it step by step).
  2. Put the bot's token in a .env file next to where you run ember (see .env.example):
         DISCORD_TOKEN=your-token-here
  3. Register the slash commands once:  ember sync
  4. Start the bot:                     ember run

Meanwhile, play in this terminal — no Discord needed:
  ember play forestfire                  you play both seats (hot seat)
  ember play forestfire --ai 2           you are seat 1, the computer seat 2
  ember play forestfire --ai all --seed 1 --out boards     watch a whole game
Type ? at the prompt for the legal moves. Boards are written as PNG files (--out DIR).

Games: {games}
"""

USAGE = """\
usage: ember [run | sync | play GAME [options] | help]
  ember            start the bot if DISCORD_TOKEN is set, else explain how to set it up
  ember run        start the Discord bot
  ember sync       register the slash commands with Discord (once after install or upgrade)
  ember play GAME  play in the terminal (ember play --help for its options)
"""


def _setup_logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = argv[0] if argv else None
    if command == "play":
        from bot.console import main as play

        return play(argv[1:])
    if command in ("help", "-h", "--help"):
        print(USAGE)
        return 0
    if command not in (None, "run", "sync"):
        print(f"ember: unknown command {command!r}\n{USAGE}", file=sys.stderr)
        return 2

    from bot.config import load_settings

    try:
        settings = load_settings()
    except ValueError as err:
        print(f"ember: {err}", file=sys.stderr)
        return 2
    if not settings.discord_token:
        print(NO_TOKEN.format(games=", ".join(f"{e.id} ({e.title})" for e in engines.ALL.values())))
        return 0 if command is None else 2
    _setup_logging(settings.log_level)
    import aiohttp
    import discord

    from bot.client import run_bot, sync_commands

    try:
        if command == "sync":
            return asyncio.run(sync_commands(settings)) or 0
        asyncio.run(run_bot(settings))
    except discord.LoginFailure:
        print("ember: Discord refused the token: check DISCORD_TOKEN (Bot page -> Reset Token).", file=sys.stderr)
        return 1
    except (OSError, aiohttp.ClientError) as err:
        print(f"ember: can't reach Discord ({err}). Check the network, then start again.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("ember: stopped.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
