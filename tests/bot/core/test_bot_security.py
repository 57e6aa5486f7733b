"""Abuse probes through SimCord (issue 25): sessions of hidden channels, number-like ids,
hostile member names, controls forged from another server."""

from __future__ import annotations

import json
import logging

import discord
import pytest
from bot_harness import Table, custom_id_of, description, small_print
from simcord import Env
from simcord.actors import _dispatch_actor_interaction, _visible_message
from simcord.backend import serializers
from simcord.enums import InteractionType

from bot.core.texts import shown_name

HOSTILE = ("[Free Nitro](https://evil.io)", "@everyone **BOLD** `x`")


def test_shown_name_makes_markdown_links_and_mentions_inert() -> None:
    assert shown_name("anna") == "anna"
    link = shown_name("[Free Nitro](https://evil.io)")
    assert link.startswith("\\[") and "[Free Nitro](" not in link.replace("\\[", "")
    loud = shown_name("@everyone **BOLD** `x` @here <@123456789012345678>")
    for raw in ("@everyone", "@here", "**", "`x`", "<@"):
        assert raw not in loud


async def test_sessions_of_a_hidden_channel_are_not_replayable(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    anna, ben, cleo = (
        guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "cleo")
    )
    hidden = discord.PermissionOverwrite(view_channel=False)
    staff = guild.create_text_channel("staff", overwrites={anna: hidden})
    cards = guild.create_text_channel("cards")
    table = Table(simcord_env, staff, [ben, cleo])
    await table.start(await table.open(target=50))
    await table.play()
    game_id = table.live.id

    # ben, who played there, replays it; anna, who cannot see #staff, gets a plain no.
    seen = await ben.slash(cards, "treppe replay", session=str(game_id))
    assert seen.response is not None and "Step" in small_print(seen.response), seen.response
    refused = await anna.slash(cards, "treppe replay", session=str(game_id))
    assert refused.response is not None and refused.response.ephemeral
    assert "cannot see" in refused.response.content and not refused.response.components
    listed = await anna.slash(cards, "treppe replay", member=ben)
    assert listed.response is not None and "No finished session" in listed.response.content
    choices = await anna.autocomplete(cards, "treppe replay", "session", "", member=ben)
    assert choices == []
    assert await ben.autocomplete(cards, "treppe replay", "session", "", member=ben) != []


async def test_stats_and_boards_count_only_sessions_the_reader_may_see(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    anna, ben, cleo = (
        guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "cleo")
    )
    hidden = discord.PermissionOverwrite(view_channel=False)
    staff = guild.create_text_channel(
        "staff", overwrites={guild.default_role: hidden, ben: ALLOWED, cleo: ALLOWED}
    )
    cards = guild.create_text_channel("cards")
    table = Table(simcord_env, staff, [ben, cleo])
    await table.start(await table.open(target=50))
    await table.play()

    # anna cannot see #staff: ben's statistics show her nothing of it, not who he met there.
    told = await anna.slash(cards, "treppe stats", member=ben)
    assert told.response is not None and told.response.ephemeral
    assert "has not finished a session here yet" in description(told.response)
    assert "cleo" not in description(told.response)
    # cleo, who played there, sees it in ben's statistics, ben among those she met.
    shown = await cleo.slash(cards, "treppe stats", member=ben)
    assert shown.response is not None
    words = description(shown.response)
    assert "**Sessions**\n1 played" in words and "cleo" in words
    assert "channels you can see" in words
    # A public board in #cards does not count #staff; posted in #staff, it does.
    public = await cleo.slash(cards, "treppe leaderboard", by="wins")
    assert public.response is not None
    assert "No finished sessions yet" in description(public.response)
    inside = await cleo.slash(staff, "treppe leaderboard", by="wins")
    assert inside.response is not None
    assert ". ben — " in description(inside.response)


ALLOWED = discord.PermissionOverwrite(view_channel=True)

TYPED_IDS = {
    "superscript": "²",
    "circled": "①",
    "hash-superscript": "#²",
    "20-digits": "1" * 20,
    "25-digits": "9" * 25,
    "5000-digits": "7" * 5000,
    "negative": "-1",
    "exponent": "1e3",
}


@pytest.mark.parametrize("typed", TYPED_IDS.values(), ids=TYPED_IDS.keys())
async def test_number_like_session_ids_are_refused_without_an_error(
    simcord_env: Env, typed: str, caplog: pytest.LogCaptureFixture
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna = guild.add_member(simcord_env.create_user("anna"))
    with caplog.at_level(logging.ERROR):
        result = await anna.slash(channel, "treppe replay", session=typed)
    assert result.response is not None and result.response.ephemeral
    assert "no finished session" in result.response.content
    assert "Something went wrong" not in result.response.content
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def public_text(message: discord.Message) -> str:
    parts = [description(message)]
    for embed in message.embeds:
        parts += [embed.title or ""]
        parts += [f"{f.name} {f.value}" for f in embed.fields]
    return "\n".join(parts)


async def test_hostile_names_never_render_as_links_markdown_or_pings(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [
        guild.add_member(simcord_env.create_user(f"user{i}"), nick=nick)
        for i, nick in enumerate(HOSTILE)
    ]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=50))
    await table.play(moves=12)
    left = await members[1].slash(channel, "treppe leave")
    assert left.response is not None
    await table.play()
    texts = [public_text(m) for m in channel.history() if not m.flags.ephemeral]
    assert any("Free Nitro" in text for text in texts)  # the names are shown ...
    for text in texts:  # ... but never as a masked link, live markdown or a ping
        assert "[Free Nitro](" not in text.replace("\\[", "")  # a masked link unescaped
        assert "@everyone" not in text and "**BOLD**" not in text and "`x`" not in text


async def test_controls_forged_from_another_server_change_nothing(simcord_env: Env) -> None:
    first, second = simcord_env.create_guild(), simcord_env.create_guild()
    here, there = first.create_text_channel("cards"), second.create_text_channel("cards")
    anna = first.add_member(simcord_env.create_user("anna"))
    mallory = second.add_member(simcord_env.create_user("mallory"))
    lobby_a = await Table(simcord_env, here, [anna]).open(extra_join=False)
    lobby_b = await Table(simcord_env, there, [mallory]).open(extra_join=False)
    join_a = custom_id_of(lobby_a, "lobby_join")
    live_a = simcord_env.bot.service.in_channel(here.id)
    assert live_a is not None and len(live_a.seats) == 1

    # mallory's client sends a click on her own lobby whose Join carries anna's table's id.
    stored = _visible_message(mallory, lobby_b)
    message = dict(serializers.message_payload(simcord_env.backend, stored))
    join_b = custom_id_of(lobby_b, "lobby_join")
    message["components"] = json.loads(json.dumps(message["components"]).replace(join_b, join_a))
    forged = await _dispatch_actor_interaction(
        mallory,
        InteractionType.MESSAGE_COMPONENT,
        there,
        {"custom_id": join_a, "component_type": 2},
        extra={"message": message},
        source_message_id=stored.id,
    )
    assert forged.response is not None and forged.response.ephemeral
    assert "no longer in use" in forged.response.content
    assert [s.user_id for s in live_a.seats] == [anna.id]
    unchanged = next(m for m in there.history() if m.id == lobby_b.id)
    assert public_text(unchanged) == public_text(lobby_b)
