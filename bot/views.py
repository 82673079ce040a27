"""Persistent buttons. Each button's custom id carries its action and table id (`ember:join:12`), so a
button keeps working after a restart: `EmberBot.setup_hook` registers `TableButton` as a dynamic item and
discord.py rebuilds it from any click, on any message, whenever it was posted.
"""

from __future__ import annotations

import discord

# action -> (label, style)
LOBBY_ACTIONS = {
    "join": ("Join", discord.ButtonStyle.success),
    "leave": ("Leave", discord.ButtonStyle.secondary),
    "ai": ("Add AI", discord.ButtonStyle.secondary),
    "start": ("Start", discord.ButtonStyle.primary),
}
TABLE_ACTIONS = {
    "board": ("Board", discord.ButtonStyle.secondary),
    "hand": ("My view", discord.ButtonStyle.secondary),
}
ACTIONS = {**LOBBY_ACTIONS, **TABLE_ACTIONS}
TEMPLATE = r"ember:(?P<action>" + "|".join(ACTIONS) + r"):(?P<table_id>[0-9]{1,19})"


def custom_id(action: str, table_id: int) -> str:
    return f"ember:{action}:{table_id}"


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """A button of one table: lobby actions (join, leave, ai, start) or looks (board, hand)."""

    def __init__(self, action: str, table_id: int) -> None:
        label, style = ACTIONS[action]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id(action, table_id)))
        self.action = action
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match, /):
        return cls(match["action"], int(match["table_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        games = getattr(interaction.client, "games", None)
        if games is None:  # the bot is shutting down or misconfigured; say so rather than time out
            await interaction.response.send_message("Ember is restarting; try again in a moment.", ephemeral=True)
            return
        await games.on_button(interaction, self.action, self.table_id)


def lobby_view(table_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        view.add_item(TableButton(action, table_id))
    return view


def table_view(table_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in TABLE_ACTIONS:
        view.add_item(TableButton(action, table_id))
    return view
