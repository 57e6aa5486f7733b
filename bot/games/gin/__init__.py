"""Gin Rummy in the bot: its presenter (table, hand, words) and pictures."""

from bot.games.gin.presenter import PRESENTER

__all__ = ["PRESENTER"]
