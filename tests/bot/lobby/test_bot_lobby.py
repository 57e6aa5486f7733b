"""Lobby life: leaving, the host handing over, moderators, expiry."""

from __future__ import annotations

import discord
from bot_harness import Table, component_dicts, description, walk
from simcord import Env

from bot.core.tablemsg import OPTION_DESCRIPTION_LIMIT
from bot.games import all_presenters


def setup(env: Env, *names: str) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(name)) for name in names]
    return Table(env, channel, members)


async def test_unstarted_lobby_expires_and_says_so(simcord_env: Env) -> None:
    table = setup(simcord_env, "anna")
    lobby = await table.open(extra_join=False)
    await simcord_env.advance_time(simcord_env.bot.settings.lobby_timeout + 1)
    assert table.service.in_channel(table.channel.id) is None
    closed = next(m for m in table.channel.history() if m.id == lobby.id)
    assert "Nobody started this table" in description(closed)
    row = await table.service.storage.game(table.live.id)
    assert row is not None and row.status == "expired"
    # The channel is free again.
    await table.open(extra_join=False)


async def test_host_leaving_hands_over_or_closes(simcord_env: Env) -> None:
    table = setup(simcord_env, "anna", "ben")
    anna, ben = table.members
    lobby = await table.open()
    await anna.click(lobby, label="Leave")
    assert table.live.host_id == ben.id
    await ben.click(lobby, label="Leave")
    assert table.service.in_channel(table.channel.id) is None
    assert "host left" in description(next(m for m in table.channel.history() if m.id == lobby.id))


async def test_manage_server_may_cancel_any_table(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    mods = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    anna = guild.add_member(simcord_env.create_user("anna"))
    mod = guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    table = Table(simcord_env, channel, [anna])
    lobby = await table.open()
    await mod.click(lobby, label="Cancel")
    assert table.service.in_channel(channel.id) is None
    assert "cancelled" in description(next(m for m in channel.history() if m.id == lobby.id))


async def test_the_computer_choice_says_what_each_strength_means(simcord_env: Env) -> None:
    table = setup(simcord_env, "anna")
    lobby = await table.open(extra_join=False, game="gin")
    selects = [c for c in walk(component_dicts(lobby)) if c.get("type") == 3]
    options = {o["value"]: o.get("description") for s in selects for o in s["options"]}
    assert options["add:hard"] == "Wins 3 of 4 games to 100 against the standard Gin Rummy bot"
    assert options["add:normal"] == "Wins 2 of 3 games to 100 against the standard Gin Rummy bot"
    assert options["add:random"] == "Any legal move, at random: for learning the rules"
    assert options["remove"] is None


def test_every_game_says_what_its_computer_strengths_mean() -> None:
    # Each note comes from a measured run (docs/strength.md); random has the shared note.
    for shown in all_presenters():
        strengths = [s for s in shown.spec.strengths if s != "random"]
        assert strengths and set(shown.strength_notes) == set(strengths), shown.key
        for note in shown.strength_notes.values():
            assert 0 < len(note) <= OPTION_DESCRIPTION_LIMIT, note
