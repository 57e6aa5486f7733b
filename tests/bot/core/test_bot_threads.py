"""A table in a thread of its own (/treppe-settings threads, the lobby's thread option): the
line in the channel, the lobby and the whole game in the thread, and at the end the line's
result and the archived thread; permissions, restarts, many tables under one channel."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from bot_harness import Table, custom_id_of, description, has_control
from simcord import ChannelHandle, Env, GuildHandle, MemberActor, SetupError

from bot.app import create_bot
from bot.core import threads
from bot.settings import Settings


@pytest.fixture
def settings(any_backend_settings: Settings) -> Settings:
    """Every test here on SQLite and on PostgreSQL."""
    return any_backend_settings


class Server:
    """A server with a #cards channel, a moderator (Manage Server) and two members."""

    def __init__(self, env: Env) -> None:
        self.env = env
        self.guild: GuildHandle = env.create_guild()
        self.channel = self.guild.create_text_channel("cards")
        managers = self.guild.create_role(
            "Mods", permissions=discord.Permissions(manage_guild=True)
        )
        self.mod: MemberActor = self.guild.add_member(env.create_user("mod"), roles=[managers])
        self.anna: MemberActor = self.guild.add_member(env.create_user("anna"))
        self.ben: MemberActor = self.guild.add_member(env.create_user("ben"))

    async def threads_setting(self, value: str) -> str:
        result = await self.mod.slash(self.channel, "treppe-settings threads", threads=value)
        assert result.response is not None and result.response.ephemeral
        return result.response.content

    def thread(self, index: int = -1) -> ChannelHandle:
        return self.channel.threads[index]

    def message(self, channel: ChannelHandle, message_id: int) -> discord.Message:
        return next(m for m in channel.history() if m.id == message_id)

    async def archived(self, thread: ChannelHandle) -> bool:
        fetched = await self.env.bot.fetch_channel(thread.id)
        assert isinstance(fetched, discord.Thread)
        return fetched.archived

    async def open_in_thread(self, **options: Any) -> tuple[Table, discord.Message, int]:
        """Anna's /treppe new in #cards opening a thread; Ben joins. The table (in the
        thread), its lobby message and the id of the line in #cards."""
        result = await self.anna.slash(self.channel, "treppe new treppenromme", **options)
        assert result.response is not None and not result.response.ephemeral
        line_id = result.response.id
        thread = next(t for t in self.channel.threads if t.id == line_id)  # started from it
        table = Table(self.env, thread, [self.anna, self.ben])
        (lobby,) = thread.history()
        assert table.live.status == "lobby" and table.live.channel_id == thread.id
        await self.ben.click(lobby, custom_id=custom_id_of(lobby, "lobby_join"))
        return table, lobby, line_id


async def test_a_table_in_its_own_thread_from_lobby_to_archive(simcord_env: Env) -> None:
    server = Server(simcord_env)
    assert "thread of their own" in await server.threads_setting("on")
    table, lobby, line_id = await server.open_in_thread()
    thread = table.channel
    line = server.message(server.channel, line_id)
    assert line.content == f"🃏 Treppenrommé table of <@{server.anna.id}> — in the thread below"
    assert thread.name == "Treppenrommé · anna"
    assert [t.id for t in server.channel.threads] == [thread.id]

    await table.start(lobby)
    await table.play()
    await simcord_env.settle()
    game_id = table.live.id
    row = await simcord_env.bot.service.storage.game(game_id)
    assert row is not None and row.status == "finished" and row.channel_id == thread.id
    final = table.table_message()
    assert has_control(final, "rematch") and "wins!" in description(final)
    scores = table.game.standings().scores
    line = server.message(server.channel, line_id)
    winner, loser = ("anna", "ben") if scores[0] > scores[1] else ("ben", "anna")
    high, low = max(scores), min(scores)
    assert (
        line.content == f"Treppenrommé: {winner} won {high}–{low} against {loser} · <#{thread.id}>"
    )
    assert await server.archived(thread)
    # Every message of the table is in the thread: the channel has the line, and no table.
    assert not any(
        has_control(m, "hand") or has_control(m, "rematch") for m in server.channel.history()
    )

    # A rematch in the thread plays there again, and its end is shown the same way.
    result = await server.ben.click(final, custom_id=custom_id_of(final, "rematch"))
    assert result.response is not None and result.response.channel_id == thread.id
    rematch = Table(simcord_env, thread, [server.ben, server.anna])
    assert rematch.live.id != game_id and rematch.live.status == "lobby"
    assert len(server.channel.threads) == 1
    await server.anna.click(result.response, label="Join")
    await rematch.start(server.message(thread, result.response.id))
    await rematch.play()
    await simcord_env.settle()
    again = rematch.game.standings().scores
    assert (
        f"won {max(again)}–{min(again)} against" in server.message(server.channel, line_id).content
    )
    assert await server.archived(thread)
    found = await simcord_env.bot.service.storage.table_thread(thread.id)
    assert found is not None and found.shown_game_id == rematch.live.id


async def test_the_setting_is_a_managers_and_the_option_decides_for_one_table(
    simcord_env: Env,
) -> None:
    server = Server(simcord_env)
    anna, channel = server.anna, server.channel
    # Discord offers the command to Manage Server only (the Integrations page may change that).
    assert "treppe-settings threads" not in anna.available_commands(channel)
    assert "treppe-settings threads" in server.mod.available_commands(channel)
    with pytest.raises(SetupError):
        await anna.slash(channel, "treppe-settings threads", threads="on")

    # Off by default: the table plays in the channel, unless the option asks for a thread.
    opened = await anna.slash(channel, "treppe new treppenromme")
    assert opened.response is not None and has_control(opened.response, "lobby_join")
    assert channel.threads == []
    await anna.click(opened.response, label="Cancel")
    _table, lobby, _line = await server.open_in_thread(thread=True)
    await anna.click(lobby, label="Cancel")

    await server.threads_setting("on")
    storage = simcord_env.bot.service.storage
    assert await storage.get_meta(threads.META_KEY.format(guild=server.guild.id)) == "on"
    here = await anna.slash(channel, "treppe new treppenromme", thread=False)
    assert here.response is not None and has_control(here.response, "lobby_join")
    assert len(channel.threads) == 1  # only the one before
    await anna.click(here.response, label="Cancel")

    assert "play in the channel" in await server.threads_setting("off")
    plain = await anna.slash(channel, "treppe new treppenromme")
    assert plain.response is not None and has_control(plain.response, "lobby_join")
    assert len(channel.threads) == 1


async def test_a_closed_table_shows_in_its_line_and_its_thread_is_archived(
    simcord_env: Env,
) -> None:
    server = Server(simcord_env)
    await server.threads_setting("on")
    # Cancelled by the host.
    table, lobby, line_id = await server.open_in_thread()
    await server.anna.click(lobby, label="Cancel")
    assert "cancelled" in description(server.message(table.channel, lobby.id))
    line = server.message(server.channel, line_id).content
    assert line == f"Treppenrommé table of <@{server.anna.id}>: cancelled · <#{table.channel.id}>"
    assert await server.archived(table.channel)

    # Ended by a moderator mid-game, with /treppe end in the thread.
    table, lobby, line_id = await server.open_in_thread()
    await table.start(lobby)
    await table.play(moves=2)
    ended = await server.mod.slash(table.channel, "treppe end")
    assert ended.response is not None and ended.response.ephemeral
    assert "ended early" in server.message(server.channel, line_id).content
    assert await server.archived(table.channel)

    # Nobody started it.
    table, lobby, line_id = await server.open_in_thread()
    await simcord_env.advance_time(simcord_env.bot.settings.lobby_timeout + 10)
    assert "Nobody started this table" in description(server.message(table.channel, lobby.id))
    assert "nobody started it" in server.message(server.channel, line_id).content
    assert await server.archived(table.channel)


async def test_many_tables_under_one_channel_each_busy_in_its_own_thread(
    simcord_env: Env,
) -> None:
    server = Server(simcord_env)
    await server.threads_setting("on")
    first, lobby, _line = await server.open_in_thread()
    carl = server.guild.add_member(simcord_env.create_user("carl"))
    second = await carl.slash(server.channel, "treppe new gin")
    assert second.response is not None and not second.response.ephemeral
    assert len(server.channel.threads) == 2
    assert len(simcord_env.bot.service.games) == 2
    # In a thread the table plays there: no thread in a thread, and one table a thread.
    busy = await carl.slash(first.channel, "treppe new treppenromme", thread=True)
    assert busy.response is not None and busy.response.ephemeral
    assert "already has a table" in busy.response.content
    assert len(server.channel.threads) == 2
    await server.anna.click(lobby, label="Cancel")
    again = await carl.slash(first.channel, "treppe new treppenromme", thread=True)
    assert again.response is not None and has_control(again.response, "lobby_join")
    assert again.response.channel_id == first.channel.id
    assert len(server.channel.threads) == 2


@pytest.mark.parametrize(
    ("denied", "named"),
    [
        ("create_public_threads", "Create Public Threads"),
        ("send_messages_in_threads", "Send Messages in Threads"),
    ],
)
async def test_missing_thread_permissions_are_named_and_nothing_opens(
    simcord_env: Env, denied: str, named: str
) -> None:
    server = Server(simcord_env)
    await server.threads_setting("on")
    me = server.guild.me
    assert me is not None
    channel = server.guild.create_text_channel(
        "locked", overwrites={me: discord.PermissionOverwrite(**{denied: False})}
    )
    for options in ({}, {"thread": True}):
        result = await server.anna.slash(channel, "treppe new treppenromme", **options)
        assert result.response is not None and result.response.ephemeral
        assert named in result.response.content, result.response.content
        assert "thread option off" in result.response.content
    assert channel.threads == [] and channel.history() == []
    assert simcord_env.bot.service.games == {}
    # The option off plays right there.
    here = await server.anna.slash(channel, "treppe new treppenromme", thread=False)
    assert here.response is not None and has_control(here.response, "lobby_join")


async def test_a_thread_discord_refuses_after_all_is_taken_back(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord answers 403 to the thread (a permission changed a moment before): the member
    is told what is missing, the line goes, nothing is opened."""
    server = Server(simcord_env)

    async def refused(self: discord.PartialMessage, **kwargs: Any) -> discord.Thread:
        raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Access")  # type: ignore[arg-type]

    monkeypatch.setattr(discord.PartialMessage, "create_thread", refused)
    result = await server.anna.slash(server.channel, "treppe new treppenromme", thread=True)
    (told,) = result.followups
    assert told.ephemeral and "Create Public Threads" in told.content
    assert result.response is None  # the line was taken back
    assert server.channel.threads == []
    assert simcord_env.bot.service.games == {}
    assert await simcord_env.bot.service.storage.threads_to_show() == []


async def test_channels_without_threads_play_in_place_or_refuse_the_option(
    simcord_env: Env,
) -> None:
    server = Server(simcord_env)
    await server.threads_setting("on")
    voice = server.guild.create_voice_channel("table talk")
    asked = await server.anna.slash(voice, "treppe new treppenromme", thread=True)
    assert asked.response is not None and asked.response.ephemeral
    assert "text channels only" in asked.response.content
    assert simcord_env.bot.service.games == {}
    placed = await server.anna.slash(voice, "treppe new treppenromme")
    assert placed.response is not None and has_control(placed.response, "lobby_join")
    assert simcord_env.bot.service.in_channel(voice.id) is not None


async def test_a_game_in_a_thread_survives_a_restart(simcord_env: Env, settings: Settings) -> None:
    server = Server(simcord_env)
    await server.threads_setting("on")
    table, lobby, line_id = await server.open_in_thread()
    await table.start(lobby)
    await table.play(moves=5)
    before = table.game.to_json()
    game_id = table.live.id

    await simcord_env.restart_bot(create_bot(settings))  # as after kill -9: no clean stop

    live = simcord_env.bot.service.games[game_id]
    assert live.channel_id == table.channel.id and live.game is not None
    assert live.game.to_json() == before
    assert "restarted" in description(table.table_message())
    assert not await server.archived(table.channel)
    table._live = None
    table.hands.clear()
    await table.play()
    await simcord_env.settle()
    assert " won " in server.message(server.channel, line_id).content
    assert await server.archived(table.channel)


async def test_a_crash_before_the_line_shows_the_end_is_mended_on_restart(
    simcord_env: Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    server = Server(simcord_env)
    await server.threads_setting("on")
    table, lobby, line_id = await server.open_in_thread()
    await table.start(lobby)

    async def dies(*args: object) -> bool:
        return False  # the process is gone before the line is edited

    monkeypatch.setattr(threads, "show_end", dies)
    await table.play()
    await simcord_env.settle()
    assert "in the thread below" in server.message(server.channel, line_id).content
    assert not await server.archived(table.channel)
    monkeypatch.undo()

    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()
    assert " won " in server.message(server.channel, line_id).content
    assert await server.archived(table.channel)
    # Shown once: the next start has nothing left to show.
    assert await simcord_env.bot.service.storage.threads_to_show() == []


async def test_a_session_in_an_archived_thread_can_still_be_replayed(simcord_env: Env) -> None:
    server = Server(simcord_env)
    await server.threads_setting("on")
    table, lobby, _line_id = await server.open_in_thread()
    await table.start(lobby)
    await table.play()
    await simcord_env.settle()
    game_id = table.live.id
    assert await server.archived(table.channel)
    # discord.py forgets an archived thread; the session is still the channel's to watch.
    assert simcord_env.bot.get_guild(server.guild.id).get_thread(table.channel.id) is None
    result = await server.ben.slash(server.channel, "treppe replay", session=str(game_id))
    assert result.response is not None and result.response.ephemeral
    assert f"#{game_id}" in description(result.response), description(result.response)
    assert "cannot" not in description(result.response)


async def test_a_thread_archived_mid_game_is_opened_again_for_the_table(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A moderator (or Discord, after a silent week) archives the thread mid-game: Discord
    refuses the next table edit there (50083, which SimCord does not model: it is made here);
    the bot opens the thread again and edits the table."""
    server = Server(simcord_env)
    await server.threads_setting("on")
    table, lobby, _line_id = await server.open_in_thread()
    await table.start(lobby)
    thread = await simcord_env.bot.fetch_channel(table.channel.id)
    assert isinstance(thread, discord.Thread)
    await thread.edit(archived=True)
    assert await server.archived(table.channel)
    real_edit = discord.PartialMessage.edit
    refused: list[int] = []
    edited: list[int] = []

    async def archived_once(self: discord.PartialMessage, **kwargs: Any) -> Any:
        if self.channel.id == table.channel.id and not refused:
            refused.append(self.id)
            answer = SimpleNamespace(status=400, reason="Bad Request")
            raise discord.HTTPException(answer, {"code": 50083, "message": "Thread is archived"})  # type: ignore[arg-type]
        edited.append(self.id)
        return await real_edit(self, **kwargs)

    monkeypatch.setattr(discord.PartialMessage, "edit", archived_once)
    await table.play(moves=3)
    await simcord_env.settle()
    assert len(refused) == 1 and edited[:1] == refused  # the same table, edited right after
    assert not await server.archived(table.channel)
