"""Whose language: a private reply speaks the member's own Discord language, the public
table and lobby the server's. A server's language is what a server manager chose with
``/treppe-settings language``, else the server's Discord locale; a language without a
catalogue falls back to English (``engine.i18n.resolve``).

The text of an interaction is produced in the member's language (set when the interaction
arrives, ``enter``); whatever builds a public message runs inside ``table(guild_id)``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import discord

from bot.storage import Store
from engine.i18n import resolve, set_language, using

META_KEY = "language:{guild}"  # a server manager's choice, in the storage's meta table

_chosen: dict[int, str] = {}  # guild id -> language a manager chose
_discord: dict[int, str] = {}  # guild id -> the server's Discord locale, as last seen
_loaded: set[int] = set()


def member_language(interaction: discord.Interaction) -> str:
    """The language of the member behind ``interaction``: their Discord client's, if we have it."""
    return resolve(str(interaction.locale.value))


def guild_language(guild_id: int | None) -> str:
    """The language of a server's public messages."""
    if guild_id is None:
        return resolve(None)
    chosen = _chosen.get(guild_id)
    return chosen if chosen is not None else resolve(_discord.get(guild_id))


async def load(storage: Store, guild_id: int) -> None:
    """Read a server's chosen language once (after a restart, before its tables are drawn)."""
    if guild_id in _loaded:
        return
    value = await storage.get_meta(META_KEY.format(guild=guild_id))
    if value:
        _chosen[guild_id] = value
    _loaded.add(guild_id)


async def choose(storage: Store, guild_id: int, language: str) -> None:
    """A manager's choice for a server; "" goes back to the server's Discord locale."""
    await storage.set_meta(META_KEY.format(guild=guild_id), language)
    if language:
        _chosen[guild_id] = language
    else:
        _chosen.pop(guild_id, None)
    _loaded.add(guild_id)


def seen_guild(guild_id: int, locale: str | None) -> None:
    """Remember a server's Discord locale as an interaction from it reports it."""
    if locale:
        _discord[guild_id] = locale


async def enter(interaction: discord.Interaction) -> None:
    """At the start of an interaction: remember the server's locale, load its chosen
    language, and produce this interaction's text in the member's language."""
    if interaction.guild_id is not None:
        guild_locale = interaction.guild_locale
        seen_guild(interaction.guild_id, str(guild_locale.value) if guild_locale else None)
        service = getattr(interaction.client, "service", None)
        if service is not None:
            await load(service.storage, interaction.guild_id)
    set_language(member_language(interaction))


@contextmanager
def table(guild_id: int | None) -> Iterator[str]:
    """Produce the text inside the block in the server's language."""
    with using(guild_language(guild_id)) as language:
        yield language


def forget_all() -> None:
    """Tests: start with no server known."""
    _chosen.clear()
    _discord.clear()
    _loaded.clear()
