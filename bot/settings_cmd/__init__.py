"""/treppe-settings language: the language of a server's tables and lobbies (default: the
server's Discord locale; no catalogue for it means English). /treppe-settings threads: whether
a new table opens in a thread of its own (default: off; ``bot.core.threads``). Commands of
their own, open by default to Manage Server only, so a server's Integrations page can grant or
deny them."""

from __future__ import annotations

from typing import Any

import discord
from babel import Locale
from discord import app_commands

from bot.app import Feature, Interaction, TreppenBot
from bot.core import language, threads
from bot.core.errors import Refusal, refusals
from bot.core.mentions import command_mention
from engine.i18n import _, languages, using

SERVER_DEFAULT = "auto"
THREAD_CHOICES = [
    app_commands.Choice(name="on", value=threads.ON),
    app_commands.Choice(name="off", value=threads.OFF),
]


def language_name(code: str) -> str:
    """A language in its own words: Deutsch, English."""
    return str(Locale.parse(code).get_display_name(code)).capitalize()


def language_choices() -> list[app_commands.Choice[str]]:
    """The language choices: the server's Discord language, then every catalogue's."""
    # Every catalogue is offered: a new .po file appears here with nothing else to change.
    named = [app_commands.Choice(name=language_name(code), value=code) for code in languages()]
    return [app_commands.Choice(name="Discord", value=SERVER_DEFAULT), *named]


async def language_command(
    interaction: Interaction, language_choice: app_commands.Choice[str]
) -> None:
    """The language of this server's tables and lobbies."""
    async with refusals(interaction):
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal(_("Settings belong to a server; use this there."))
        bot = interaction.client
        service = bot.service
        value = language_choice.value
        await language.choose(service.storage, guild_id, "" if value == SERVER_DEFAULT else value)
        chosen = language.guild_language(guild_id)
        with using(chosen):
            text = _(
                "Tables and lobbies on this server now speak {language}. Everyone's own "
                "hand and replies keep their Discord language.",
                language=language_name(chosen),
            )
        for live in list(service.games.values()):
            if live.guild_id == guild_id and live.game is not None:
                service.poster.request_refresh(live)  # open tables switch at once
        await interaction.response.send_message(text, ephemeral=True)


async def threads_command(interaction: Interaction, choice: app_commands.Choice[str]) -> None:
    """Whether this server's new tables open in a thread of their own."""
    async with refusals(interaction):
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal(_("Settings belong to a server; use this there."))
        on = choice.value == threads.ON
        await threads.choose(interaction.client.service.storage, guild_id, on)
        command = command_mention("treppe new")
        if on:
            text = _(
                "New tables on this server now open in a thread of their own under the "
                "channel where {command} is used; in those channels the bot needs the "
                "permissions Create Public Threads and Send Messages in Threads. The thread "
                "option of {command} still decides for one table.",
                command=command,
            )
        else:
            text = _(
                "New tables on this server now play in the channel where {command} is used. "
                "The thread option of {command} still decides for one table.",
                command=command,
            )
        await interaction.response.send_message(text, ephemeral=True)


def threads_subcommand() -> app_commands.Command[Any, Any, None]:
    """/treppe-settings threads, with its on/off choice."""
    described = app_commands.describe(
        choice="on: each new table in a thread of its own; off: in the channel itself"
    )(threads_command)
    renamed = app_commands.rename(choice="threads")(described)
    chosen = app_commands.choices(choice=THREAD_CHOICES)(renamed)
    return app_commands.command(name="threads")(chosen)


class ServerSettings(Feature):
    """/treppe-settings (for members who may manage the server), with its language command."""

    async def cog_load(self) -> None:
        settings = app_commands.Group(
            name="treppe-settings",
            description="Server settings of the bot",
            # Settings of a server that installed the bot, in that server only.
            allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=False, private_channel=False
            ),
            default_permissions=discord.Permissions(manage_guild=True),
        )
        described = app_commands.describe(
            language_choice="Deutsch, English, or the server's Discord language"
        )(language_command)
        renamed = app_commands.rename(language_choice="language")(described)
        chosen = app_commands.choices(language_choice=language_choices())(renamed)
        settings.add_command(app_commands.command(name="language")(chosen))
        settings.add_command(threads_subcommand())
        self.add_top_level(settings)


async def setup(bot: TreppenBot) -> None:
    """Load /treppe-settings."""
    await bot.add_cog(ServerSettings(bot))
