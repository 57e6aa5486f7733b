"""Slash commands in every catalogue language: names, descriptions and choices go through
discord.py's ``app_commands.Translator`` when the commands are synced.

Command and group names are looked up with the context ``command name``, option names with
``command option`` (a German name must still be a valid Discord name: lowercase, no spaces),
everything else with ``command``. ``tools/i18n.py`` collects these strings from the command
tree itself (``command_strings``), so the catalogues list them like every other message.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from engine.i18n import DEFAULT_LANGUAGE, resolve, translations

NAME_CONTEXT = "command name"
OPTION_CONTEXT = "command option"  # an option's name: 'meld' is not the command 'meld'
TEXT_CONTEXT = "command"
NAMES = (Where.command_name, Where.group_name)


class CatalogueTranslator(app_commands.Translator):
    """Translates the slash commands from the message catalogues when the command tree is synced;
    English, the commands' own language, is left as written."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        language = resolve(locale.value)
        if language == DEFAULT_LANGUAGE:
            return None  # the commands are written in English
        where = TEXT_CONTEXT
        if context.location in NAMES:
            where = NAME_CONTEXT
        elif context.location is Where.parameter_name:
            where = OPTION_CONTEXT
        text = translations(language).pgettext(where, string.message)
        return None if text == string.message else text


def _parameter_strings(command: app_commands.Command[Any, ..., Any]) -> Iterator[tuple[str, str]]:
    for parameter in command.parameters:
        yield OPTION_CONTEXT, parameter.display_name
        yield TEXT_CONTEXT, str(parameter.description)
        for choice in parameter.choices:
            yield TEXT_CONTEXT, choice.name


def command_strings(
    commands: Sequence[app_commands.Command[Any, ..., Any] | app_commands.Group],
) -> Iterator[tuple[str, str]]:
    """(context, text) of every name, description and choice of these commands."""
    for command in commands:
        yield NAME_CONTEXT, command.name
        yield TEXT_CONTEXT, command.description
        if isinstance(command, app_commands.Group):
            yield from command_strings(command.commands)
        else:
            yield from _parameter_strings(command)
