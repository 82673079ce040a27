"""A local stand-in for Discord (REST + gateway) that a real discord.py client can talk to."""

from tests.discord_stub.server import DiscordStub, Interaction, Message, User

__all__ = ["DiscordStub", "Interaction", "Message", "User"]
