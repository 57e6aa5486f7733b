"""500 Rum in the bot: its presenter (table, hand, words)."""

from bot.games.rum500.presenter import PRESENTER

__all__ = ["PRESENTER"]
