"""A new bot instance on the same database file resumes every unfinished game as it was."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from bot_harness import Table, custom_id_of, description
from simcord import Env

from bot.app import create_bot
from bot.settings import Settings
from bot.storage import PostgresStore, open_store
from engine import DrawTalon, Phase
from engine.registry import load_game


@pytest.fixture
def settings(any_backend_settings: Settings) -> Settings:
    """Every restart test on SQLite and on PostgreSQL."""
    return any_backend_settings


def setup_table(env: Env) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(name)) for name in ("anna", "ben")]
    return Table(env, channel, members)


async def test_restart_mid_game_resumes_the_same_state(
    simcord_env: Env, settings: Settings
) -> None:
    table = setup_table(simcord_env)
    lobby = await table.open(target=500)
    await table.start(lobby)
    await table.play(moves=11)
    before = table.game.to_json()
    game_id = table.live.id
    # The table moved with the turns; its current message id is what the database holds.
    moved_table = table.live.table_message_id
    assert moved_table != lobby.id
    row = await table.service.storage.game(game_id)
    assert row is not None and row.table_message_id == moved_table
    member = table.member_for_seat(table.game.to_act)
    old_hand = await table.open_hand(member)

    await simcord_env.restart_bot(create_bot(settings))

    live = simcord_env.bot.service.games[game_id]
    assert live.game is not None and live.game.to_json() == before
    assert "restarted" in description(table.table_message())
    # The restarted bot found that table (and moved it to mention the player to act again).
    assert [m.id for m in table.channel.history()] == [live.table_message_id]
    assert f"<@{member.id}>" in description(table.table_message())
    # A hand opened before the restart still works: its controls are persistent.
    version = live.game.public_view().version
    if live.game.phase is Phase.DRAW:
        draw = next(c for c, a in table.offer_ids(member).items() if isinstance(a, DrawTalon))
        result = await member.click(old_hand, custom_id=draw)
        assert live.game.public_view().version == version + 1, "the old hand's draw played"
    else:
        result = await member.click(old_hand, custom_id=custom_id_of(old_hand, "h_refresh"))
    assert result.response is not None and result.response.ephemeral
    table.check_private(member, result.response)
    table._live = None
    table.hands.clear()
    await table.play(moves=6)
    assert table.game.public_view().version > len(live.game.actions) - 6
    assert [m.id for m in table.channel.history()] == [table.live.table_message_id]


async def test_lobby_survives_a_restart(simcord_env: Env, settings: Settings) -> None:
    table = setup_table(simcord_env)
    lobby = await table.open(extra_join=False)
    await simcord_env.restart_bot(create_bot(settings))
    await table.members[1].click(lobby, label="Join")
    await table.start(lobby)
    assert table.game.public_view().round_number == 1


async def test_every_acknowledged_action_is_on_disk(simcord_env: Env, settings: Settings) -> None:
    """Read the database with a second connection right after each acknowledged move."""
    table = setup_table(simcord_env)
    await table.start(await table.open())
    on_postgres = isinstance(table.service.storage, PostgresStore)
    assert on_postgres == (settings.database_url is not None)
    reader = await open_store(settings)
    try:
        for _ in range(5):
            await table.play(moves=1)
            assert await reader.game_log(table.live.id) == table.game.to_json()
    finally:
        await reader.close()


async def _crash_before_saving_the_next_table(table: Table) -> tuple[int, int]:
    """Play until the table moves, with the database write of the new table's id failing as if
    the process died between posting the message and saving its id. Returns (saved id, stale
    id): the old table the database still names and the new one only the channel knows."""
    storage = table.service.storage
    saved = table.live.table_message_id
    assert saved is not None

    async def crash(game_id: int, message_id: int | None) -> None:
        raise RuntimeError("simulated crash before the table message id was saved")

    storage.set_table_message = crash
    for _ in range(12):  # until a turn passes to a member without a live hand
        table.live.hands.clear()  # every hand's token ran out: pings move it
        table.hands.clear()
        await table.play(moves=1)
        await table.env.settle()
        if len(table.channel.history()) > 1:
            break
    del storage.set_table_message
    ids = [m.id for m in table.channel.history()]
    stale = [i for i in ids if i != saved]
    assert saved in ids and len(stale) == 1, ids
    return saved, stale[0]


async def test_a_restart_removes_a_table_posted_but_never_saved(
    simcord_env: Env, settings: Settings
) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=500))
    await table.play(moves=3)
    saved, stale = await _crash_before_saving_the_next_table(table)
    row = await table.service.storage.game(table.live.id)
    assert row is not None and row.table_message_id == saved

    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()

    table._live = None
    live = table.live
    remaining = [m.id for m in table.channel.history()]
    assert remaining == [live.table_message_id]
    assert stale not in remaining and saved not in remaining
    row = await table.service.storage.game(live.id)
    assert row is not None and row.table_message_id == live.table_message_id
    # The one table left mentions the player to act, and play goes on from it.
    member = table.member_for_seat(table.game.to_act)
    assert f"<@{member.id}>" in description(table.table_message())
    table.hands.clear()
    await table.play(moves=4)
    assert [m.id for m in table.channel.history()] == [table.live.table_message_id]


async def test_a_restart_without_history_access_still_resumes(
    simcord_env: Env, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    """Without Read Message History the stale table cannot be found: one warning, and the game
    goes on."""
    table = setup_table(simcord_env)
    await table.start(await table.open(target=500))
    _saved, stale = await _crash_before_saving_the_next_table(table)
    simcord_env.inject_error(
        "GET", "/channels/*/messages", status=403, code=50001, message="Missing Access"
    )

    with caplog.at_level(logging.WARNING, logger="bot.core.tableposts"):
        await simcord_env.restart_bot(create_bot(settings))
        await simcord_env.settle()

    warnings = [r for r in caplog.records if "could not look for stale tables" in r.message]
    assert len(warnings) == 1
    table._live = None
    live = table.live
    remaining = [m.id for m in table.channel.history()]
    # The stale table stays (it could not be found), the live one is the saved one.
    assert sorted(remaining) == sorted([stale, live.table_message_id])
    table.hands.clear()
    await table.play(moves=2)
    assert table.live.table_message_id in [m.id for m in table.channel.history()]


async def test_a_lobby_whose_message_id_was_never_saved_adopts_it(
    simcord_env: Env, settings: Settings
) -> None:
    table = setup_table(simcord_env)
    lobby = await table.open(extra_join=False)
    await table.service.storage.set_table_message(table.live.id, None)  # the crash's effect

    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()

    table._live = None
    assert table.live.table_message_id == lobby.id
    row = await table.service.storage.game(table.live.id)
    assert row is not None and row.table_message_id == lobby.id
    await table.members[1].click(lobby, label="Join")
    await table.start(lobby)
    assert [m.id for m in table.channel.history()] == [table.live.table_message_id]


async def test_a_restart_after_rounds_replays_only_the_current_round(
    simcord_env: Env, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=500, hand_size=3))
    table.use_slash = True  # two rounds in a few interactions: one command per move
    while table.game.round_number < 3:
        await table.play(moves=1)
    table.use_slash = False
    await table.play(moves=3)
    game = table.game
    # The live game holds only the current round: earlier ones are in the database.
    assert 0 < len(game.actions) < game.public_view().version
    assert len(game.results) == 1 and game.results[0].round_number == 2
    seen = (game.public_view(), game.private_view(0), game.private_view(1), game.standings())
    in_round = len(game.actions)
    game_id = table.live.id

    replayed: list[object] = []
    apply = type(game).apply

    def counted(self: Any, action: Any) -> Any:
        replayed.append(action)
        return apply(self, action)

    monkeypatch.setattr(type(game), "apply", counted)
    await simcord_env.restart_bot(create_bot(settings))
    monkeypatch.undo()

    live = simcord_env.bot.service.games[game_id]
    assert live.game is not None
    again = live.game
    assert (again.public_view(), again.private_view(0), again.private_view(1)) == seen[:3]
    assert again.standings() == seen[3]
    assert len(replayed) == in_round, "the restart replayed the current round only"
    table._live = None
    table.hands.clear()
    await table.play(moves=4)
    whole = await table.service.storage.game_log(game_id)
    assert whole is not None
    assert load_game(whole).public_view() == table.game.public_view()
