"""Treppenrommé in the bot: its presenter (table, hand, words) and its pictures."""

from bot.games.treppe.presenter import PRESENTER

__all__ = ["PRESENTER"]
