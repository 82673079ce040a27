"""discord.py cogs of the Ember bot: `games` (commands, buttons, thread events) and `reminders`."""
