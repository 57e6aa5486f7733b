"""A checkpoint that is damaged, foreign or hostile (a pickle that would run code) is never
trusted: a restart rebuilds the game from its action log, runs nothing, and play goes on."""

from __future__ import annotations

import json
import pickle
import random
import zlib
from pathlib import Path
from typing import Any

import pytest
from bot_harness import Table
from simcord import Env

import engine.table as engine_table
from bot.app import create_bot
from bot.settings import Settings
from bot.storage import Store
from engine.registry import load_game

SET_CHECKPOINT = "UPDATE games SET checkpoint = :checkpoint WHERE id = :game_id"


class Touch:
    """Unpickled, it creates a file: what a pickled checkpoint could make a bot run."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Path.touch, (self.path,))


def hostile_pickle(marker: Path) -> bytes:
    return pickle.dumps(Touch(marker))


def random_bytes(marker: Path) -> bytes:
    return random.Random(24).randbytes(3000)


def another_engines(marker: Path) -> bytes:
    """A real checkpoint of this game, as an engine whose game state has another shape (a
    later state version) would write it."""
    form, key, version, header, state = json.loads(zlib.decompress(CURRENT[0]))
    return zlib.compress(json.dumps([form, key, version + 1, header, state]).encode())


CURRENT: list[bytes] = []  # the checkpoint the bot stored, for the payloads made from it


async def replace_checkpoint(storage: Store, game_id: int, checkpoint: bytes) -> None:
    async with storage._db.transaction() as tx:
        await tx.execute(SET_CHECKPOINT, {"game_id": game_id, "checkpoint": checkpoint})


@pytest.mark.parametrize("payload", [hostile_pickle, random_bytes, another_engines])
async def test_a_bad_checkpoint_is_rebuilt_from_the_log(
    simcord_env: Env, settings: Settings, tmp_path: Path, payload: Any
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("anna", "ben")]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=500))
    while table.game.round_number < 2:  # a new round: the checkpoint is stored
        await table.play(moves=1)
    await table.play(moves=3)
    game, game_id = table.game, table.live.id
    seen = (game.public_view(), game.private_view(0), game.private_view(1), game.standings())
    row = await table.service.storage.game(game_id)
    assert row is not None and row.checkpoint is not None
    CURRENT[:] = [row.checkpoint]
    marker = tmp_path / "code-ran"
    await replace_checkpoint(table.service.storage, game_id, payload(marker))
    assert engine_table.from_checkpoint(payload(marker), row.actions) is None

    await simcord_env.restart_bot(create_bot(settings))

    again = simcord_env.bot.service.games[game_id].game
    assert again is not None
    assert (again.public_view(), again.private_view(0), again.private_view(1)) == seen[:3]
    assert again.standings() == seen[3]
    assert not marker.exists(), "restoring the game ran code from the database"
    table._live = None
    table.hands.clear()
    await table.play(moves=4)
    whole = await table.service.storage.game_log(game_id)
    assert whole is not None
    assert load_game(whole).public_view() == table.game.public_view()
