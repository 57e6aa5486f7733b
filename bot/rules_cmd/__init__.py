"""/treppe rules: a short private summary and where the full rules live."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.core.tablemsg import COLOUR

if TYPE_CHECKING:
    from bot.app import TreppenBot

RULES_URL_TEXT = "The full rules are in docs/rules.md of the bot's repository."

SUMMARY = (
    "**Treppenrommé in short** — 2 to 4 players, one 52-card pack, 7 cards each.\n"
    "**Your turn:** 1) draw the top talon card, *or* take any staircase card together with "
    "every card above it; 2) meld sets (3–4 of a rank) and runs (3+ of a suit, round the "
    "corner Q K A 2 allowed) and lay off on any meld on the table; 3) discard one card onto "
    "the staircase.\n"
    "**Points** count the moment cards reach the table: 2–10 face value, J Q K 10; an Ace is "
    "15 in a set, 10 high in a run, 1 low, 5 round the corner.\n"
    "**Going out:** empty your hand and you also score every card left in the others' hands "
    "(each Ace 15) — doubled if you had not melded before in that round (Rommé hand).\n"
    "**Winning:** play rounds until someone reaches the target; the highest total wins.\n"
    "House rule *no-return*: who took only the top staircase card may not discard it again "
    "in that turn."
)


async def rules_command(interaction: discord.Interaction) -> None:
    """A short summary of the rules, just for you."""
    embed = discord.Embed(title="Rules", description=SUMMARY, colour=COLOUR)
    embed.set_footer(text=RULES_URL_TEXT)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TreppenBot) -> None:
    bot.treppe.add_command(app_commands.command(name="rules")(rules_command))
