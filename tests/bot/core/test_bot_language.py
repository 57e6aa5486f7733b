"""Whose language: a German member at a German server's table sees German everywhere; an
English member at that table gets his own hand and refusals in English while the table stays
German."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord.interactions
from bot_harness import component_dicts, description, small_print, walk
from simcord import Env, MemberActor

from bot.app import EXTENSIONS
from bot.core import language
from bot.core.commands_i18n import CatalogueTranslator


@pytest.fixture
def locales(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, str]]:
    """Member id or guild id -> Discord locale sent with their interactions (SimCord always
    sends en-US)."""
    chosen: dict[int, str] = {}
    real = simcord.interactions.base_payload

    def with_locales(*args: Any, **kwargs: Any) -> Any:
        record, payload = real(*args, **kwargs)
        user = payload.get("member", {}).get("user") or payload.get("user") or {}
        payload["locale"] = chosen.get(int(user.get("id", 0)), "en-US")
        if "guild_id" in payload:
            payload["guild_locale"] = chosen.get(int(payload["guild_id"]), "en-US")
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", with_locales)
    language.forget_all()
    yield chosen
    language.forget_all()


def _private_text(message: Any) -> str:
    return f"{message.content or ''}\n{description(message)}"


def labels(message: Any) -> list[str]:
    """The words on a message's buttons."""
    return [str(c["label"]) for c in walk(component_dicts(message)) if c.get("label")]


async def test_german_server_german_member_and_english_guest(
    simcord_env: Env, locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("karten")
    anna: MemberActor = guild.add_member(simcord_env.create_user("anna"))
    ben: MemberActor = guild.add_member(simcord_env.create_user("ben"))
    locales.update({guild.id: "de", anna.id: "de", ben.id: "en-GB"})

    opened = await anna.slash(channel, "treppe new treppenromme")
    assert opened.response is not None
    lobby = opened.response.message
    assert "neuer Tisch" in description(lobby)
    assert "Beitreten" in description(lobby) or any(
        "Beitreten" in str(c.to_dict()) for c in lobby.components
    )
    await ben.click(lobby, label="Beitreten")  # the lobby is German for Ben too
    await anna.click(lobby, label="Starten")
    service = simcord_env.bot.service  # type: ignore[attr-defined]
    live = service.in_channel(channel.id)
    assert live is not None and live.game is not None
    table = next(m for m in channel.history() if m.id == live.table_message_id)
    assert "zieht: vom Talon" in description(table)  # the table is German
    assert "Runde 1" in description(table)

    anna_hand = await anna.click(table, label="Deine Hand")
    ben_hand = await ben.click(table, label="Deine Hand")
    assert anna_hand.response is not None and ben_hand.response is not None
    german, english = _private_text(anna_hand.response), _private_text(ben_hand.response)
    assert "Du bist dran" in german or "Warten auf ben" in german
    assert "Your turn" in english or "Waiting for anna" in english
    assert "Nach Wert" in labels(anna_hand.response)  # the hand's buttons too
    assert "By rank" in labels(ben_hand.response)

    # Whoever is not to act is refused in their own language.
    waiting, wanted = (ben, "turn") if live.game.to_act == 0 else (anna, "am Zug")
    refused = await waiting.slash(channel, "treppe draw")
    assert refused.response is not None
    assert wanted in str(refused.response.content)
    table = next(m for m in channel.history() if m.id == live.table_message_id)
    assert "Runde 1" in description(table) and "Karten" in description(table)  # still German

    # Each one's own moves are told in his language, the table's log in German.
    for _turn in range(2):
        actor, drew = (anna, "zieht vom Talon") if live.game.to_act == 0 else (ben, "draws from")
        moved = await actor.slash(channel, "treppe draw")
        assert moved.response is not None and drew in description(moved.response)
        table = next(m for m in channel.history() if m.id == live.table_message_id)
        assert "zieht vom Talon" in description(table)
        card = live.game.private_view(live.game.to_act).hand[0]
        await actor.slash(channel, "treppe discard", card=card.code)


async def test_a_server_manager_sets_the_tables_language(
    simcord_env: Env, locales: dict[int, str]
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    managers = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    anna: MemberActor = guild.add_member(simcord_env.create_user("anna"))
    mod: MemberActor = guild.add_member(simcord_env.create_user("mod"), roles=[managers])
    locales.update({guild.id: "en-US", anna.id: "en-US", mod.id: "de"})

    # Discord offers the command to Manage Server only (the Integrations page may change that).
    assert "treppe-settings language" not in anna.available_commands(channel)
    assert "treppe-settings language" in mod.available_commands(channel)
    chosen = await mod.slash(channel, "treppe-settings language", language="de")
    assert chosen.response is not None and chosen.response.ephemeral
    assert "Deutsch" in chosen.response.content
    assert "Tische und Lobbys" in chosen.response.content  # said in the new table language

    opened = await anna.slash(channel, "treppe new treppenromme")
    assert opened.response is not None
    assert "neuer Tisch" in description(opened.response.message)  # German table
    stored = await simcord_env.bot.service.storage.get_meta(  # type: ignore[attr-defined]
        language.META_KEY.format(guild=guild.id)
    )
    assert stored == "de"

    back = await mod.slash(channel, "treppe-settings language", language="auto")
    assert back.response is not None and "English" in back.response.content
    assert language.guild_language(guild.id) == "en"


def _localised(payload: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(kind, locale, text) of every localisation in a command payload, nested options too."""
    for key, kind in (("name_localizations", "name"), ("description_localizations", "text")):
        for locale, text in (payload.get(key) or {}).items():
            yield kind, locale, text
    for option in payload.get("options", []):
        yield from _localised(option)
    for choice in payload.get("choices", []):
        for locale, text in (choice.get("name_localizations") or {}).items():
            yield "text", locale, text


async def test_slash_commands_carry_german_names_descriptions_and_choices(
    simcord_bot: Any,
) -> None:
    bot = simcord_bot
    # The hand extension hands its drawing to the service's live hands; the command
    # tree is all this test reads, so a stand-in takes it (no database is opened).
    bot.service = SimpleNamespace(hands=SimpleNamespace(drawer=None))
    await bot.tree.set_translator(CatalogueTranslator())
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    payload = await bot.treppe.get_translated_payload(bot.tree, bot.tree.translator)
    settings = bot.tree.get_command("treppe-settings")
    assert settings is not None
    settings_payload = await settings.get_translated_payload(bot.tree, bot.tree.translator)
    assert int(settings_payload["default_member_permissions"]) == 1 << 5  # Manage Server
    german = [
        (kind, text)
        for part in (payload, settings_payload)
        for kind, locale, text in _localised(part)
        if locale == "de"
    ]
    names = {text for kind, text in german if kind == "name"}
    assert {"neu", "ziehen", "abwerfen", "regeln", "sprache", "kombination"} <= names
    assert "treppe-einstellungen" in names
    assert "Die Karte zum Anlegen" in {text for kind, text in german if kind == "text"}
    assert "alle Zeiten" in {text for kind, text in german if kind == "text"}  # a choice
    for kind, text in german:
        if kind == "name":  # what Discord accepts as a name
            assert re.fullmatch(r"[-_\w]{1,32}", text) and text == text.lower(), text
        else:
            assert 1 <= len(text) <= 100, text
    # Languages without a catalogue keep the English words.
    assert not any(locale == "fr" for _kind, locale, _text in _localised(payload))


async def test_rules_in_the_members_language(simcord_env: Env, locales: dict[int, str]) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna: MemberActor = guild.add_member(simcord_env.create_user("anna"))
    ben: MemberActor = guild.add_member(simcord_env.create_user("ben"))
    locales.update({anna.id: "de", ben.id: "en-US"})
    german = await anna.slash(channel, "treppe rules")
    english = await ben.slash(channel, "treppe rules")
    assert german.response is not None and english.response is not None
    assert "Treppenrommé kurz" in description(german.response)
    assert "docs/rules.de.md" in small_print(german.response)
    assert "Treppenrommé in short" in description(english.response)
    assert "docs/rules.md" in small_print(english.response)
