"""Commands named in texts as Discord's clickable command mentions (``</treppe new:123>``),
which every client shows in its own language; before the ids are known (or for a command
Discord did not return), the command as the reader's language names it: ``/treppe neu``;
and members' names as their seats show them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import discord

from bot.core.commands_i18n import NAME_CONTEXT, OPTION_CONTEXT
from engine.i18n import language, translations

_ids: dict[str, int] = {}  # a top-level command's name -> its id from Discord


def remember(ids: Mapping[str, int]) -> None:
    """Keep the ids of the synced top-level commands (name -> id)."""
    _ids.clear()
    _ids.update(ids)


def known() -> dict[str, int]:
    """The ids kept, to be stored beside the commands' fingerprint."""
    return dict(_ids)


def _local(words: Iterable[str], context: str) -> list[str]:
    catalogue = translations(language())
    return [catalogue.pgettext(context, word) for word in words]


def command_mention(path: str, *options: str) -> str:
    """A command by its English path, e.g. ``command_mention("treppe new")``; ``options``
    are option names shown after it as ``by:`` (in the reader's language)."""
    words = path.split()
    command_id = _ids.get(words[0])
    shown = f"</{path}:{command_id}>" if command_id else "/" + " ".join(_local(words, NAME_CONTEXT))
    named = " ".join(f"{name}:" for name in _local(options, OPTION_CONTEXT))
    return f"{shown} {named}" if named else shown


def display_name(user: discord.abc.User) -> str:
    """The member's name as their seat shows it (their display name), at most 32 characters."""
    name = getattr(user, "display_name", None) or user.name
    return str(name)[:32]
