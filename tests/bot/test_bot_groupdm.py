"""Whole sessions in a group DM where the app is installed to one member's account only: the
real discord.py client against the loopback fake of Discord (loopback_groupdm.py), which
refuses, and records, every call Discord would refuse there (a channel message, a sixth
follow-up, an expired token, a late answer)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl
from bot_harness import make_settings, table_choice
from discord.gateway import DiscordWebSocket
from groupdm_driver import WAIT, Player, ids, settled, words
from loopback_groupdm import ANSWER_WITHIN, FOLLOWUP_LIMIT, GroupDM, UserAppDiscord

from bot.app import TreppenBot, create_bot
from bot.core.model import LiveTable
from engine.registry import get_spec

pytestmark = [pytest.mark.enable_socket, pytest.mark.allow_hosts(["127.0.0.1"])]

# Each game's short session (one round, or a low target) and the members who play it.
SESSIONS = {
    "treppenromme": ({"target": 1}, ("anna", "ben", "cleo")),
    "romme": ({"rounds": 1}, ("anna", "ben", "cleo")),
    "wiener": ({"out_at": 1}, ("anna", "ben", "cleo")),
    "rum500": ({"target": 1}, ("anna", "ben", "cleo")),
    "gin": ({"target": 1}, ("anna", "ben")),
}


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[UserAppDiscord]:
    fake = UserAppDiscord()
    await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{fake.port}/api/v10")
    monkeypatch.setattr(
        DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(f"ws://127.0.0.1:{fake.port}/gateway")
    )
    yield fake
    await fake.stop()


@pytest.fixture
async def bot(fake: UserAppDiscord, tmp_path: Path) -> AsyncIterator[TreppenBot]:
    bot = create_bot(make_settings(tmp_path))
    runner = asyncio.create_task(bot.start("loopback-token"))
    await asyncio.wait_for(fake.identified.wait(), 10)
    await asyncio.wait_for(bot.wait_until_ready(), 10)
    await fake.wait_for(lambda: fake.commands or None)
    yield bot
    await bot.close()
    runner.cancel()
    await asyncio.gather(runner, return_exceptions=True)


async def open_table(
    fake: UserAppDiscord,
    bot: TreppenBot,
    dm: GroupDM,
    key: str,
    names: tuple[str, ...],
    session: str | None = None,
    computer: bool = True,
) -> LiveTable:
    """anna's /treppe new in the group DM (with ``SESSIONS[session or key]``'s options); the
    others join, a computer fills a seat if the game has one more; anna starts."""
    options, _ = SESSIONS[session or key]
    await fake.answered(await dm.slash("anna", "treppe", "new", key, options=options))
    live = bot.service.in_channel(int(dm.id))
    assert live is not None and live.options.tokens_only and live.guild_id == int(dm.id)
    prefix = f"trp:{live.id}:"
    for name in names[1:]:
        lobby = dm.latest(prefix)
        assert lobby is not None
        await fake.answered(await dm.click(name, str(lobby["id"]), ids(lobby, "lobby_join")[0]))
    if computer and len(names) < get_spec(key).max_seats:
        lobby = dm.latest(prefix)
        assert lobby is not None
        strength = get_spec(key).strengths[1]
        cid = next(c for c in ids(lobby, "lobby_cpu"))
        await fake.answered(await dm.select("anna", str(lobby["id"]), cid, [f"add:{strength}"]))
    lobby = dm.latest(prefix)
    assert lobby is not None
    await fake.answered(await dm.click("anna", str(lobby["id"]), ids(lobby, "lobby_start")[0]))
    assert live.game is not None
    return live


async def play_session(
    fake: UserAppDiscord, bot: TreppenBot, live: LiveTable, players: dict[int, Player]
) -> int:
    """Play the session to its end, checking after every move: nothing refused, every
    interaction answered in time, the table up to date. Returns the moves made."""
    moves = 0
    game = live.game
    assert game is not None
    while not game.is_over:
        await settled(live)
        if game.is_over:
            break
        await play_moves(live, players, 1)
        moves += 1
        await check_the_table(fake, bot, live)
    return moves


async def play_moves(live: LiveTable, players: dict[int, Player], moves: int) -> None:
    """``moves`` moves by hand, each the one a computer player would choose, by the member
    to act; then the table's work is done."""
    game = live.game
    assert game is not None
    for _ in range(moves):
        await settled(live)
        seat = live.seats[game.to_act]
        assert seat.user_id is not None and not seat.played_for, "a computer seat is waiting"
        await players[seat.user_id].play(table_choice(live, seat.seat))
    await settled(live)


async def check_the_table(fake: UserAppDiscord, bot: TreppenBot, live: LiveTable) -> None:
    """Nothing refused, every interaction answered in time, and the group DM's table shows
    the game as it is now, word for word."""
    assert fake.violations == []
    assert not live.tokens.stale, "the table changed and no token showed it"
    shown = fake.group_dms[str(live.channel_id)].latest(f"trp:{live.id}:")
    assert shown is not None
    now = await bot.service.poster.payload(live, None)
    assert now.view is not None
    assert words(shown) == words({"components": now.view.to_components()})
    # Discord's 3 s, on the fake's clock (which moves only when a test says time passes;
    # a late answer is also refused by the fake and so among the violations).
    slow = [
        s
        for s in fake.interactions.values()
        if s.answered_after is None or s.answered_after >= ANSWER_WITHIN
    ]
    assert slow == []
    assert all(len(s.followups) <= FOLLOWUP_LIMIT for s in fake.interactions.values())


@pytest.mark.parametrize("key", sorted(SESSIONS))
async def test_a_session_in_a_group_dm_on_interactions_alone(
    fake: UserAppDiscord, bot: TreppenBot, key: str
) -> None:
    _, names = SESSIONS[key]
    dm = fake.group_dm(*names, installers=1)
    live = await open_table(fake, bot, dm, key, names)
    players = {p.user_id: p for p in (Player(fake, dm, name, live) for name in names)}
    moves = await play_session(fake, bot, live, players)
    assert moves > 0 and live.is_over
    await check_the_table(fake, bot, live)
    # No request went to the channel, and nobody saw another's hand.
    assert not [r for r in fake.requests if r.path.startswith(f"/channels/{dm.id}")]
    for name in names:
        for message in dm.ephemerals(name):
            assert message["interaction_metadata"]["user"]["id"] == dm.user(name)["id"]
    final = players[live.seats[0].user_id or 0].table()
    assert ids(final, "rematch"), words(final)
    # The session counts for the group DM, and for nobody outside it.
    stored: Any = await bot.service.storage.game(live.id)
    assert stored.status == "finished" and stored.guild_id == int(dm.id)


@pytest.fixture
async def clock() -> AsyncIterator[list[float]]:
    """The bot's event-loop clock, moved on by the seconds in the list (time never goes
    back: a token issued before a silence is as old afterwards as Discord counts it)."""
    loop = asyncio.get_running_loop()
    real = loop.time
    offset = [0.0]
    loop.time = lambda: real() + offset[0]  # type: ignore[method-assign]
    yield offset
    loop.time = real  # type: ignore[method-assign]


async def silence(
    fake: UserAppDiscord, live: LiveTable, clock: list[float], minutes: int, step: float = 30.0
) -> None:
    """Nobody taps for ``minutes``: the bot's clock and the fake's move on together, a step
    at a time, the bot's timers (turn timers, tokens nearing their end) acting on the way."""
    for _ in range(int(minutes * 60 / step)):
        clock[0] += step
        fake.advance(seconds=step)
        await asyncio.sleep(0.02)  # the timers now due run
        await settled(live)
        assert fake.violations == []


async def open_timed_table(
    fake: UserAppDiscord, bot: TreppenBot
) -> tuple[LiveTable, dict[int, Player]]:
    """A Treppenrommé table of anna, ben, cleo and a computer in a new group DM, with a turn
    timer of half an hour; its players by user id."""
    names = ("anna", "ben", "cleo")
    dm = fake.group_dm(*names, installers=1)
    SESSIONS["timed"] = ({"target": 1, "timer": 1800}, names)
    try:
        live = await open_table(fake, bot, dm, "treppenromme", names, session="timed")
    finally:
        del SESSIONS["timed"]
    return live, {p.user_id: p for p in (Player(fake, dm, name, live) for name in names)}


async def test_a_member_silent_for_sixteen_minutes_finds_the_table_current(
    fake: UserAppDiscord, bot: TreppenBot, clock: list[float]
) -> None:
    live, players = await open_timed_table(fake, bot)
    game = live.game
    assert game is not None
    await play_moves(live, players, 6)  # everyone's hand opened on the way
    await check_the_table(fake, bot, live)
    silent = players[live.seats[game.to_act].user_id or 0]

    await silence(fake, live, clock, minutes=16)
    # Every token of the table has ended: before the last did, the table was put to rest
    # behind one button, and the silent member's hand gave up its moves.
    table = silent.table()
    assert live.tokens.asleep and ids(table, "t_wake") and not ids(table, "hand"), words(table)
    hand = silent.hand()
    assert hand is not None and "Paused" in words(hand) and not ids(hand, "t_do")
    await silent.tap(table, ids(table, "t_wake")[0])
    await settled(live)
    table = silent.table()
    assert not live.tokens.asleep and ids(table, "hand"), (words(table), fake.violations)
    await check_the_table(fake, bot, live)
    # They play on from a fresh hand, and the session goes to its end.
    await silent.open_hand()
    assert await play_session(fake, bot, live, players) > 0 and live.is_over
    await check_the_table(fake, bot, live)


async def answer_to(
    fake: UserAppDiscord, dm: GroupDM, name: str, *path: str, **options: Any
) -> str:
    """What ``name`` is shown in answer to ``/treppe *path`` in the group DM."""
    sent = await fake.answered(await dm.slash(name, "treppe", *path, options=options), WAIT)
    await fake.wait_for(lambda: sent.original)
    shown = next(m for m in dm.seen_by(name) if m["id"] == sent.original)
    return words(shown)


async def test_a_group_dms_sessions_count_there_and_nowhere_else(
    fake: UserAppDiscord, bot: TreppenBot
) -> None:
    names = ("anna", "ben", "cleo")
    dm = fake.group_dm(*names, installers=1)
    live = await open_table(fake, bot, dm, "rum500", names, computer=False)
    players = {p.user_id: p for p in (Player(fake, dm, name, live) for name in names)}
    await play_session(fake, bot, live, players)
    assert live.is_over
    # The group DM's own leaderboard (people only: the session is rated too).
    board = await answer_to(fake, dm, "anna", "leaderboard", by="wins")
    assert all(name in board for name in names), board
    stats = await answer_to(fake, dm, "anna", "stats")
    assert "500 Rum stats" in stats and "anna" in stats, stats
    rated = await bot.service.storage.rating_board(int(dm.id), "rum500", min_sessions=1)
    assert sorted(user_id for user_id, _rating in rated) == sorted(players)
    replay = await answer_to(fake, dm, "anna", "replay")
    assert f"#{live.id}" in replay, replay
    # Another group DM of anna's sees nothing of it.
    other = fake.group_dm("anna", "dana", installers=1)
    board = await answer_to(fake, other, "anna", "leaderboard", by="wins")
    assert not any(name in board for name in ("ben", "cleo")), board
    replay = await answer_to(fake, other, "anna", "replay")
    assert f"#{live.id}" not in replay, replay
    assert fake.violations == []


async def test_the_commands_install_to_accounts_and_play_in_private_channels(
    fake: UserAppDiscord, bot: TreppenBot
) -> None:
    synced = {command["name"]: command for command in fake.commands}
    assert sorted(synced["treppe"]["integration_types"]) == [0, 1]
    assert sorted(synced["treppe"]["contexts"]) == [0, 1, 2]
    # A server's settings belong to a server that installed the bot.
    assert synced["treppe-settings"]["integration_types"] == [0]
    assert synced["treppe-settings"]["contexts"] == [0]


async def test_a_turn_timer_that_runs_out_with_no_token_is_shown_at_the_next_click(
    fake: UserAppDiscord, bot: TreppenBot, clock: list[float]
) -> None:
    live, players = await open_timed_table(fake, bot)
    game = live.game
    assert game is not None
    await settled(live)
    silent = players[live.seats[game.to_act].user_id or 0]
    version = game.public_view().version
    # Half an hour without a tap: the table rests after a quarter of an hour, then the turn
    # timer plays the silent member's turn with no token left to show it through.
    await silence(fake, live, clock, minutes=31)
    assert game.public_view().version > version
    assert live.tokens.asleep and live.tokens.stale
    table = silent.table()
    assert "time ran out" not in words(table)
    await silent.tap(table, ids(table, "t_wake")[0])
    await settled(live)
    table = silent.table()
    assert not live.tokens.stale and ids(table, "hand"), words(table)
    assert f"{silent.name}'s time ran out" in words(table), words(table)
    await check_the_table(fake, bot, live)


async def test_a_table_on_tokens_goes_on_after_a_restart(
    fake: UserAppDiscord, bot: TreppenBot, tmp_path: Path
) -> None:
    names = ("anna", "ben")
    dm = fake.group_dm(*names, installers=1)
    live = await open_table(fake, bot, dm, "romme", names, computer=False)
    players = {p.user_id: p for p in (Player(fake, dm, name, live) for name in names)}
    game = live.game
    assert game is not None
    await play_moves(live, players, 3)
    version = game.public_view().version
    await bot.close()  # every token the process held is gone with it

    fake.identified.clear()
    again = create_bot(make_settings(tmp_path))
    runner = asyncio.create_task(again.start("loopback-token"))
    try:
        await asyncio.wait_for(fake.identified.wait(), 10)
        await asyncio.wait_for(again.wait_until_ready(), 10)
        restored = again.service.in_channel(int(dm.id))
        assert restored is not None and restored.options.tokens_only
        assert restored.game is not None and restored.game.public_view().version == version
        await settled(restored)
        # Nothing could show the table yet; the next tap at it does, and play goes on.
        players = {p.user_id: p for p in (Player(fake, dm, name, restored) for name in names)}
        await play_moves(restored, players, 1)
        assert restored.game.public_view().version > version
        await check_the_table(fake, again, restored)
        assert not [r for r in fake.requests if r.path.startswith(f"/channels/{dm.id}")]
    finally:
        await again.close()
        runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)


async def test_a_table_on_tokens_ended_early_says_so(fake: UserAppDiscord, bot: TreppenBot) -> None:
    names = ("anna", "ben")
    dm = fake.group_dm(*names, installers=1)
    live = await open_table(fake, bot, dm, "gin", names)
    await settled(live)
    await answer_to(fake, dm, "anna", "end")
    await settled(live)
    table = dm.posted[str(live.table_message_id)].data
    assert bot.service.in_channel(int(dm.id)) is None
    stored: Any = await bot.service.storage.game(live.id)
    assert stored.status == "abandoned"
    # The table's last edit went through its token: it shows the end, with no moves left.
    assert "ended this game" in words(table) and not ids(table, "hand"), words(table)
    assert fake.violations == []


async def test_a_lobby_discord_shows_to_its_host_alone_closes_and_says_why(
    fake: UserAppDiscord, bot: TreppenBot
) -> None:
    dm = fake.group_dm("anna", "ben", installers=1)
    fake.answered_privately.add(dm.user("anna")["id"])
    sent = await fake.answered(await dm.slash("anna", "treppe", "new", "gin"), WAIT)
    await fake.wait_for(lambda: bot.service.in_channel(int(dm.id)) is None or None)
    await fake.wait_for(lambda: "alone" in words(dm.posted[str(sent.original)].data) or None)
    lobby = dm.posted[str(sent.original)]
    assert lobby.viewer == dm.user("anna")["id"] and not ids(lobby.data, "lobby_join")
    assert fake.violations == []
