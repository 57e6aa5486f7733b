"""Wiener Rummy in the bot: its presenter (table, hand, words) and its pictures."""

from bot.games.wiener.presenter import PRESENTER

__all__ = ["PRESENTER"]
