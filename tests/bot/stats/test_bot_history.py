"""Ratings, personal history and replays through SimCord: two rated sessions, then the
leaderboard, the stats with their chart, a replay walked to its end with the buttons, and the
session record read back by ``python -m engine replay``; for every game, a rated session of
people, an unrated one with a computer player, and one where a member's moves were made for
them."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from typing import Any

import discord
import pytest
from bot_harness import (
    Table,
    custom_id_of,
    description,
    has_control,
    has_picture,
    make_settings,
    small_print,
    text_fields,
    walk,
)
from PIL import Image
from simcord import ChannelHandle, Env, MemberActor, ResponseMessage

from bot.core.model import LiveTable
from bot.games import all_presenters
from bot.ratings import Rating, shown, sure
from bot.recompute import check as recompute_check
from bot.settings import Settings
from engine.__main__ import main as engine_main
from engine.replay import SessionRecord

PRESENTERS = all_presenters()
IDS = [p.key for p in PRESENTERS]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, rating_min_sessions=2)


def button_disabled(message: ResponseMessage | discord.Message, operation: str) -> bool:
    cid = custom_id_of(message, operation)
    rows = [c.to_dict() if hasattr(c, "to_dict") else c for c in message.components]
    for component in walk(rows):
        if component.get("custom_id") == cid:
            return bool(component.get("disabled", False))
    raise AssertionError(f"no {operation} button")


def footer_step(message: ResponseMessage | discord.Message) -> tuple[int, int]:
    text = small_print(message)
    words = text.split(" · ")[0].split()  # "Step 12 of 80"
    return int(words[1]), int(words[3])


async def session_record(
    member: MemberActor, final: discord.Message, tmp_path: Path
) -> tuple[str, Path]:
    """Click Session record on a finished table; returns the text record and the JSON file."""
    result = await member.click(final, custom_id=custom_id_of(final, "record"))
    assert result.response is not None and result.response.ephemeral
    files = {a.filename: await a.read() for a in result.response.attachments}
    names = sorted(files)
    assert len(names) == 2 and names[0].endswith(".json") and names[1].endswith(".txt")
    path = tmp_path / names[0]
    path.write_bytes(files[names[0]])
    return files[names[1]].decode(), path


async def walk_replay(member: MemberActor, viewer: ResponseMessage) -> ResponseMessage:
    """A turn forward and back; round forward to the last round, then Next to the end; Back
    once and Next again."""
    step, steps = footer_step(viewer)
    assert step == 0 and button_disabled(viewer, "rp_back")
    assert button_disabled(viewer, "rp_turn_back")
    turned = await member.click(viewer, custom_id=custom_id_of(viewer, "rp_turn_next"))
    assert turned.response is not None and footer_step(turned.response)[0] >= 1
    back = await member.click(
        turned.response, custom_id=custom_id_of(turned.response, "rp_turn_back")
    )
    assert back.response is not None and footer_step(back.response)[0] == 0
    viewer = back.response
    seen = [step]
    while not button_disabled(viewer, "rp_round_next"):
        clicked = await member.click(viewer, custom_id=custom_id_of(viewer, "rp_round_next"))
        assert clicked.response is not None
        viewer = clicked.response
        seen.append(footer_step(viewer)[0])
        if seen[-1] == steps:
            break
        next_step = await member.click(viewer, custom_id=custom_id_of(viewer, "rp_next"))
        assert next_step.response is not None
        viewer = next_step.response
        seen.append(footer_step(viewer)[0])
    while not button_disabled(viewer, "rp_next"):
        clicked = await member.click(viewer, custom_id=custom_id_of(viewer, "rp_next"))
        assert clicked.response is not None
        viewer = clicked.response
        seen.append(footer_step(viewer)[0])
    assert seen == sorted(seen) and seen[-1] == steps
    back = await member.click(viewer, custom_id=custom_id_of(viewer, "rp_back"))
    assert back.response is not None and footer_step(back.response)[0] == steps - 1
    again = await member.click(back.response, custom_id=custom_id_of(back.response, "rp_next"))
    assert again.response is not None and footer_step(again.response)[0] == steps
    return again.response


def rating_note(message: discord.Message) -> tuple[str, str] | None:
    """The final table's word on rating: its title ('Rated session', 'Not rated') and text."""
    text = description(message)
    for title in ("Rated session", "Not rated"):
        marker = f"**{title}**\n"
        if marker in text:
            return title, text.split(marker, 1)[1]
    return None


def rated_text(message: discord.Message, title: str) -> str:
    note = rating_note(message)
    assert note is not None and note[0] == title, note
    return note[1]


async def final_table(env: Env, channel: ChannelHandle, live: LiveTable) -> discord.Message:
    """The table message once it shows the session's end and whether it was rated."""
    for _ in range(400):  # the last commit (a database thread) and the table's refresh
        final = next(m for m in channel.history() if m.id == live.table_message_id)
        if rating_note(final) is not None:
            return final
        await env.advance_time(1)
        await asyncio.sleep(0.02)  # real time for the database's worker thread
    raise AssertionError("the table never showed the end")


async def play_table_session(table: Table) -> tuple[LiveTable, discord.Message]:
    table._live = None
    table.hands.clear()
    await table.start(await table.open(target=50))
    await table.play()
    live = table.live
    assert live.game is not None and live.game.is_over
    return live, await final_table(table.env, table.channel, live)


async def test_two_rated_sessions_leaderboard_stats_and_replay(
    simcord_env: Env, tmp_path: Path
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna, ben, cleo = (
        guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "cleo")
    )
    storage = simcord_env.bot.service.storage
    table = Table(simcord_env, channel, [anna, ben])
    first, first_final = await play_table_session(table)
    rated_now = rated_text(first_final, "Rated session")
    assert "anna:" in rated_now and "ben:" in rated_now
    key = first.game_key
    rated = {m.id: await storage.rating(guild.id, key, m.id) for m in (anna, ben, cleo)}
    assert rated[cleo.id] is None
    assert all(rated[m.id] is not None and rated[m.id].sessions == 1 for m in (anna, ben))

    second, _ = await play_table_session(table)
    assert second.id != first.id
    ratings = {m.id: await storage.rating(guild.id, key, m.id) for m in (anna, ben)}
    assert all(r is not None and r.sessions == 2 for r in ratings.values())

    board = await cleo.slash(channel, "treppe leaderboard")
    assert board.response is not None
    lines = description(board.response).splitlines()
    by_rating = sorted(ratings, key=lambda u: -_rating(ratings[u]).conservative)
    names = {anna.id: "anna", ben.id: "ben"}
    assert lines[0].startswith("### ")  # the board's heading, then one line a member
    lines = [line for line in lines[1:] if not line.startswith("-# ")]  # small print aside
    assert [f". {names[u]} — " in line for u, line in zip(by_rating, lines, strict=True)] == [
        True,
        True,
    ]
    best = _rating(ratings[by_rating[0]])
    assert f"**{sure(best)}** · rating {shown(best)} · 2 rated sessions" in lines[0]

    simcord_env.bot.settings.render_images = True  # the chart is a picture
    stats = await ben.slash(channel, "treppe stats", member=anna)
    assert stats.response is not None and stats.response.ephemeral
    fields = text_fields(stats.response)
    anna_rating = _rating(ratings[anna.id])
    assert fields["Rating"].startswith(f"**{shown(anna_rating)}** after 2 rated sessions")
    assert f"sure to have reached {sure(anna_rating)}" in fields["Rating"]
    assert "A new player's rating is uncertain" in fields["Rating"]  # explained once, here
    assert "ben: played together 2 times" in fields["Head to head"]
    assert "won of 2" in fields["Win rate by game"]
    assert "per round" in fields["Rounds"] and "best round" in fields["Rounds"]
    assert has_picture(stats.response)
    [chart] = stats.response.attachments
    picture = Image.open(io.BytesIO(await chart.read()))
    assert picture.format == "PNG" and picture.width > 300
    simcord_env.bot.settings.render_images = False

    # Replays: autocomplete offers this channel's sessions, newest first.
    choices = await anna.autocomplete(channel, "treppe replay", "session", "")
    assert [c["value"] for c in choices] == [str(second.id), str(first.id)]
    assert "rated" in choices[0]["name"]
    opened = await anna.slash(channel, "treppe replay", session=str(first.id))
    assert opened.response is not None and opened.response.ephemeral
    end = await walk_replay(anna, opened.response)
    from_viewer = await anna.click(end, custom_id=custom_id_of(end, "record"))
    assert from_viewer.response is not None and len(from_viewer.response.attachments) == 2
    assert "the end" in description(end)
    final = await storage.finished_session(first.id)
    assert final is not None
    last_totals = final.rounds[-1].totals
    scores = text_fields(end)["Final scores"]
    assert all(str(total) in scores for total in last_totals)

    # The record file replays in the terminal and reproduces every recorded score.
    text, path = await session_record(cleo, first_final, tmp_path)
    assert f"Session #{first.id}" in text and "Dealt (shown now that the round is over)" in text
    record = SessionRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.rounds == final.rounds and len(record.rounds) >= 1
    assert engine_main(["replay", str(path)]) == 0


def _rating(rating: Rating | None) -> Rating:
    assert rating is not None
    return rating


# ---------------------------------------------------------------- every game
async def open_lobby(
    channel: ChannelHandle, host: MemberActor, key: str, others: list[MemberActor]
) -> discord.Message:
    opened = await host.slash(channel, f"treppe new {key}")
    assert opened.response is not None
    lobby = opened.response.message
    for member in others:
        await member.click(lobby, label="Join")
    return lobby


async def play_for_members(
    env: Env, channel: ChannelHandle, live: LiveTable, *, leave: MemberActor | None = None
) -> None:
    """The seated members' moves go through the game service as their clicks would (a
    computer player decides them); computer seats and members who left are played by the
    bot. ``leave`` leaves after its first move."""
    service = env.bot.service
    spec = live.options.spec
    assert live.game is not None
    for _ in range(20000):
        game = live.game
        if game.is_over:
            await final_table(env, channel, live)
            return
        seat = live.seats[game.to_act]
        if seat.played_for:
            await env.advance_time(1)
            continue
        player = spec.make_player(spec.strengths[-1], 100 + seat.seat)
        action = player.choose(game.private_view(seat.seat), list(game.legal_actions()))
        async with live.lock:
            await service.apply(live, action)
        if leave is not None and seat.user_id == leave.id:
            left = await leave.slash(channel, "treppe leave")
            assert left.response is not None
            leave = None
    raise AssertionError("the session did not end")


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_rated_and_unrated_sessions_of_every_game(
    simcord_env: Env, shown: Any, tmp_path: Path
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna, ben, cleo = (
        guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben", "cleo")
    )
    service = simcord_env.bot.service
    storage = service.storage

    async def session(members: list[MemberActor], computer: bool) -> LiveTable:
        lobby = await open_lobby(channel, members[0], shown.key, members[1:])
        if computer:
            strength = shown.spec.strengths[0]
            await members[0].select(
                lobby, [f"add:{strength}"], custom_id=custom_id_of(lobby, "lobby_cpu")
            )
        await members[0].click(lobby, label="Start")
        live = service.in_channel(channel.id)
        assert live is not None and live.game is not None
        return live

    # People only: rated; exactly their ratings change.
    live = await session([anna, ben], computer=False)
    await play_for_members(simcord_env, channel, live)
    final = next(m for m in channel.history() if m.id == live.table_message_id)
    assert "anna:" in rated_text(final, "Rated session")
    assert "ben:" in rated_text(final, "Rated session")
    after_rated = await storage.all_ratings()
    assert set(after_rated) == {(guild.id, shown.key, anna.id), (guild.id, shown.key, ben.id)}
    assert all(r.sessions == 1 and r != Rating() for r in after_rated.values())
    text, path = await session_record(cleo, final, tmp_path)
    assert shown.title in text
    assert engine_main(["replay", str(path)]) == 0
    recorded = json.loads(path.read_text(encoding="utf-8"))
    assert recorded["session"] == live.id and recorded["rounds"]
    replay = await anna.click(final, custom_id=custom_id_of(final, "rp_open"))
    assert replay.response is not None and replay.response.ephemeral
    await walk_replay(anna, replay.response)

    # A computer player: recorded, not rated, and the result says why.
    with_computer = [anna, cleo] if shown.spec.max_seats > 2 else [cleo]  # the computer's seat
    live = await session(with_computer, computer=True)
    await play_for_members(simcord_env, channel, live)
    final = next(m for m in channel.history() if m.id == live.table_message_id)
    assert "computer player" in rated_text(final, "Not rated")
    assert await storage.all_ratings() == after_rated
    row = await storage.finished_session(live.id)
    assert row is not None and row.rated is False
    assert {r.user_id for r in await storage.leaderboard(guild.id, shown.key)} >= {cleo.id}

    # A member who leaves is played for: not rated either.
    live = await session([ben, cleo], computer=False)
    await play_for_members(simcord_env, channel, live, leave=cleo)
    final = next(m for m in channel.history() if m.id == live.table_message_id)
    assert "Moves were made for cleo" in rated_text(final, "Not rated")
    assert await storage.all_ratings() == after_rated
    seats = (await storage.game(live.id)).seats  # type: ignore[union-attr]
    assert [s.stood_in for s in seats] == [False, True]
    # Recomputed from the stored sessions, every rating and its history are the same.
    assert await recompute_check(storage, write=False) == 0


async def test_replay_refuses_what_it_cannot_show(simcord_env: Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna = guild.add_member(simcord_env.create_user("anna"))
    nothing = await anna.slash(channel, "treppe replay")
    assert "No finished session" in (nothing.response.content if nothing.response else "")
    missing = await anna.slash(channel, "treppe replay", session="999")
    assert missing.response is not None and "no finished session #999" in missing.response.content
    # A running game is not a finished session: nothing of it can be replayed or recorded.
    lobby = await open_lobby(channel, anna, PRESENTERS[0].key, [])
    strength = PRESENTERS[0].spec.strengths[0]
    await anna.select(lobby, [f"add:{strength}"], custom_id=custom_id_of(lobby, "lobby_cpu"))
    await anna.click(lobby, label="Start")
    live = simcord_env.bot.service.in_channel(channel.id)
    assert live is not None and live.game is not None and not live.game.is_over
    running = await anna.slash(channel, "treppe replay", session=str(live.id))
    assert running.response is not None
    assert f"no finished session #{live.id}" in running.response.content
    table = next(m for m in channel.history() if m.id == live.table_message_id)
    assert not any(has_control(table, op) for op in ("record", "rp_open"))
    assert await anna.autocomplete(channel, "treppe replay", "session", "") == []
