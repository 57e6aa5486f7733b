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


ROMME_SUMMARY = (
    "**Rommé in short** — 2 to 6 players, two packs and six jokers, 13 cards each.\n"
    "**Your turn:** draw the top card of the stock or of the discard pile; meld sets (3–4 of "
    "a rank, all suits different) and runs (3+ of a suit, no corner) and lay off; discard.\n"
    "**First meld:** at least 40 points in one turn (you may take it back until then); no "
    "lay-offs or joker swaps in that turn.\n"
    "**Jokers** stand for any card; from the next turn a joker may be swapped for the card it "
    "stands for, going at once into a new meld.\n"
    "**Scoring:** who goes out scores nothing; everybody else takes the value of his hand as "
    "minus points (joker 30, Ace 11), doubled after a hand Rommé. Every player deals once; "
    "the fewest minus points win."
)
WIENER_SUMMARY = (
    "**Wiener Rummy in short** — 2 to 6 players, two packs and two jokers, 10 cards each.\n"
    "**Your turn:** draw the upcard or the top card of the stock, then discard. Nothing is "
    "melded during play.\n"
    "**Rummy:** all ten cards in melds after your discard ends the round at once.\n"
    "**Knock:** less than 5 deadwood after your discard; everybody else draws and discards "
    "once more.\n"
    "**Scoring:** deadwood becomes bad points; the knocker or Rummy caller gets a chip from "
    "each player. At 101 bad points you are out (one buy-back for 5 chips from 82); the last "
    "player in wins the pot."
)
SUMMARIES = {"treppenromme": SUMMARY, "romme": ROMME_SUMMARY, "wiener": WIENER_SUMMARY}


@app_commands.describe(game="Which game (Treppenrommé if left empty)")
@app_commands.choices(
    game=[
        app_commands.Choice(name="Treppenrommé", value="treppenromme"),
        app_commands.Choice(name="Rommé", value="romme"),
        app_commands.Choice(name="Wiener Rummy", value="wiener"),
    ]
)
async def rules_command(
    interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
) -> None:
    """A short summary of the rules, just for you."""
    text = SUMMARIES.get(game.value if game is not None else "treppenromme", SUMMARY)
    embed = discord.Embed(title="Rules", description=text, colour=COLOUR)
    footer = RULES_URL_TEXT
    if game is not None and game.value != "treppenromme":
        footer = "The full rules are in docs/variants.md of the bot's repository."
    embed.set_footer(text=footer)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: TreppenBot) -> None:
    bot.treppe.add_command(app_commands.command(name="rules")(rules_command))
