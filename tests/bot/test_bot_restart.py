"""A new bot instance on the same database file resumes every unfinished game as it was."""

from __future__ import annotations

from bot_harness import Table, custom_id_of, description
from simcord import Env

from bot.app import create_bot
from bot.settings import Settings
from engine import Phase


def setup_table(env: Env) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(name)) for name in ("anna", "ben")]
    return Table(env, channel, members)


async def test_restart_mid_game_resumes_the_same_state(
    simcord_env: Env, settings: Settings
) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=500))
    await table.play(moves=11)
    before = table.game.to_json()
    game_id = table.live.id
    member = table.member_for_seat(table.game.to_act)
    old_hand = await table.open_hand(member)

    await simcord_env.restart_bot(create_bot(settings))

    live = simcord_env.bot.service.games[game_id]
    assert live.game is not None and live.game.to_json() == before
    assert "restarted" in description(table.table_message())
    # A hand opened before the restart still works: its controls are persistent.
    phase = live.game.phase
    operation = "h_draw" if phase is Phase.DRAW else "h_refresh"
    result = await member.click(old_hand, custom_id=custom_id_of(old_hand, operation))
    assert result.response is not None and result.response.ephemeral
    table.check_private(member, result.response)
    table._live = None
    table.hands.clear()
    await table.play(moves=6)
    assert table.game.public_view().version > len(live.game.actions) - 6


async def test_lobby_survives_a_restart(simcord_env: Env, settings: Settings) -> None:
    table = setup_table(simcord_env)
    lobby = await table.open(extra_join=False)
    await simcord_env.restart_bot(create_bot(settings))
    await table.members[1].click(lobby, label="Join")
    await table.start(lobby)
    assert table.game.public_view().round_number == 1


async def test_every_acknowledged_action_is_on_disk(simcord_env: Env, settings: Settings) -> None:
    """Read the database with a second connection right after each acknowledged move."""
    import sqlite3

    table = setup_table(simcord_env)
    await table.start(await table.open())
    for _ in range(5):
        await table.play(moves=1)
        with sqlite3.connect(settings.database_path) as db:
            (state,) = db.execute(
                "SELECT state FROM games WHERE id = ?", (table.live.id,)
            ).fetchone()
        assert state == table.game.to_json()
