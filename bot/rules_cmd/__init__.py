"""/treppe rules: a short private summary of a game and where its full rules live."""

from __future__ import annotations

from pathlib import Path

import discord
from discord import app_commands

from bot.app import Feature, Interaction, TreppenBot
from bot.core import components as ui
from bot.core.tablemsg import COLOUR
from bot.games import all_presenters, default_key, presenter
from engine.i18n import _, language

ROOT = Path(__file__).resolve().parents[2]


def rules_doc(doc: str) -> str:
    """The rules document in the reader's language when there is one (docs/rules.de.md
    beside docs/rules.md), else the English one."""
    translated = Path(doc).with_suffix(f".{language()}.md")
    return str(translated) if (ROOT / translated).exists() else doc


def game_choices() -> list[app_commands.Choice[str]]:
    """Every game as a slash command choice, by title."""
    return [app_commands.Choice(name=p.title, value=p.key) for p in all_presenters()]


async def rules_command(
    interaction: Interaction, game: app_commands.Choice[str] | None = None
) -> None:
    """A short summary of the rules, just for you."""
    live = interaction.client.service.in_channel(interaction.channel_id or 0)
    here = live.options.game_key if live is not None else default_key()
    shown = presenter(game.value if game is not None else here)  # else this channel's game
    embed = discord.Embed(title=_("Rules"), description=shown.rules_summary(), colour=COLOUR)
    embed.set_footer(
        text=_(
            "The full rules are in {rules_doc} of the bot's repository.",
            rules_doc=rules_doc(shown.rules_doc),
        )
    )
    await interaction.response.send_message(view=ui.embed_layout([embed]), ephemeral=True)


class Rules(Feature):
    """/treppe rules, with its choice of game."""

    async def cog_load(self) -> None:
        first = presenter(default_key()).title
        described = app_commands.describe(
            game=f"Which game (if left empty: the one played here, or {first})"
        )(rules_command)
        chosen = app_commands.choices(game=game_choices())(described)
        self.add_subcommand(app_commands.command(name="rules")(chosen))


async def setup(bot: TreppenBot) -> None:
    """Load /treppe rules."""
    await bot.add_cog(Rules(bot))
