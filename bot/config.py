"""Settings from the environment and an optional `.env` file (`.env.example` lists them all)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Settings:
    discord_token: str | None
    database_url: str
    locale: str
    log_level: str
    sync_guild_id: int | None        # `ember sync` registers commands in this guild only (instant); else global
    sync_on_start: bool              # sync commands at every start (off: use `ember sync` once)
    reminder_check_seconds: float    # how often the reminder loop looks for due reminders
    finished_thread: str = "archive"  # what happens to a finished game's thread: archive, lock or keep


def _env_bool(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


def load_settings(env_file: str | os.PathLike | None = ".env", environ: dict | None = None) -> Settings:
    """Read settings; values already in the environment win over the `.env` file."""
    if environ is None:
        if env_file and Path(env_file).exists():
            from dotenv import load_dotenv

            load_dotenv(env_file, override=False)
        environ = dict(os.environ)
    guild = (environ.get("EMBER_SYNC_GUILD") or "").strip()
    if guild and not guild.isdigit():
        raise ValueError(f"EMBER_SYNC_GUILD must be a Discord server id (digits), not {guild!r}.")
    try:
        every = float(environ.get("EMBER_REMINDER_CHECK_SECONDS") or 60)
    except ValueError:
        raise ValueError("EMBER_REMINDER_CHECK_SECONDS must be a number of seconds.") from None
    finished = (environ.get("EMBER_FINISHED_THREAD") or "archive").strip().lower()
    if finished not in ("archive", "lock", "keep"):
        raise ValueError(f"EMBER_FINISHED_THREAD must be archive, lock or keep, not {finished!r}.")
    return Settings(
        discord_token=(environ.get("DISCORD_TOKEN") or "").strip() or None,
        database_url=(environ.get("DATABASE_URL") or "sqlite:///ember.db").strip(),
        locale=(environ.get("EMBER_LOCALE") or "en").strip(),
        log_level=(environ.get("LOG_LEVEL") or "INFO").strip().upper(),
        sync_guild_id=int(guild) if guild else None,
        sync_on_start=_env_bool(environ.get("EMBER_SYNC_ON_START")),
        reminder_check_seconds=every,
        finished_thread=finished,
    )
