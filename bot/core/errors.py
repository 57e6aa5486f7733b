"""The one error handler: refusals (engine rules or bot rules) become private replies."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord
from discord import app_commands

from bot.ops import metrics
from bot.storage import LeaseLost
from engine import RulesError
from engine.i18n import N_, _

log = logging.getLogger(__name__)

MESSAGE_LIMIT = 2000  # Discord's limit for a message's text
LONG_QUOTE = re.compile(r"“([^”]{40})[^”]+”")
MOVED_ON = N_("Another instance of the bot runs this table now; nothing was changed here.")
UNEXPECTED = N_("Something went wrong on my side; nothing was changed. Please try again.")


STOPPING = N_("The bot is restarting. Try again in a minute.")


class Refusal(Exception):
    """A friendly 'no' from the bot itself: not seated, not the host, no game here, ..."""


class Stopping(app_commands.CheckFailure, Refusal):
    """A command that arrived while the bot stops (``bot.ops.stop``): refused privately, like
    any refusal."""


async def send_private(interaction: discord.Interaction, text: str) -> None:
    """Answer only the member who clicked or typed, whether or not we answered already."""
    text = LONG_QUOTE.sub(r"“\1…”", text)  # a refusal may quote up to 6000 typed characters
    if len(text) > MESSAGE_LIMIT:
        text = text[: MESSAGE_LIMIT - 1] + "…"
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


def refusal_text(error: BaseException) -> str | None:
    """The player-facing message of a refusal, or None for a real error."""
    original = getattr(error, "original", error)
    if isinstance(original, RulesError | Refusal):
        return str(original)
    if isinstance(original, LeaseLost):
        return _(MOVED_ON)
    if isinstance(error, app_commands.CheckFailure):
        return _("You cannot use this command here.")
    return None


async def handle_interaction_error(interaction: discord.Interaction, error: BaseException) -> None:
    """Answer a failed interaction privately: a refusal's reason, or an apology for an error."""
    text = refusal_text(error)
    metrics.finish(interaction, "error" if text is None else "refused")
    if text is None:
        log.error("unexpected error in interaction", exc_info=error)
        text = _(UNEXPECTED)
    try:
        await send_private(interaction, text)
    except discord.HTTPException:
        log.warning("could not send an error reply", exc_info=True)


@asynccontextmanager
async def refusals(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Turn refusals raised inside the block into private replies. Real errors propagate."""
    try:
        yield
    except (RulesError, Refusal) as error:
        metrics.refused(interaction)
        await send_private(interaction, str(error))
    except LeaseLost:
        metrics.refused(interaction)
        await send_private(interaction, _(MOVED_ON))


def install(tree: app_commands.CommandTree[discord.Client]) -> None:
    """Route every slash command's error to ``handle_interaction_error``."""

    async def on_app_command_error(
        interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_interaction_error(interaction, error)

    tree.on_error = on_app_command_error  # type: ignore[method-assign]
