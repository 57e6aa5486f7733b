"""A move that raises anything unexpected midway leaves the live game, the stored log and the
table exactly as they were, and the member hears "something went wrong" once."""

from __future__ import annotations

import json
from typing import Any

import pytest
from bot_harness import Table, description
from simcord import Env

from engine import TakeStaircase
from engine.registry import game_keys


@pytest.mark.parametrize("key", game_keys())
async def test_a_move_that_breaks_midway_changes_nothing(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch, key: str
) -> None:
    table = Table.in_new_channel(simcord_env, "anna", "ben")
    await table.start(await table.open(game=key))
    game = table.live.game
    assert game is not None
    to_act = table.member_for_seat(game.to_act)
    await table.open_hand(to_act)
    game_class = type(game)
    real_perform = game_class._perform

    def broken(self: Any, action: Any, checked: object) -> None:
        real_perform(self, action, checked)  # the move is made whole, and then it breaks
        raise RuntimeError("a bug in the move")

    monkeypatch.setattr(game_class, "_perform", broken)
    view = game.public_view()
    actions = list(game.actions)
    log = await table.service.storage.game_log(table.live.id)
    table_text = description(table.table_message())
    move = next(iter(table.offer_ids(to_act)))  # the hand's first offer: a draw, or a pass
    result = await to_act.click(await table.hand_of(to_act), custom_id=move)
    simcord_env.errors  # noqa: B018 - the logged traceback is the bug's, acknowledged here
    assert result.response is not None and result.response.ephemeral
    assert result.response.content.count("Something went wrong") == 1
    assert result.followups == []  # said once
    live_game = table.live.game  # the game the table runs now (the bot rewinds it too)
    assert live_game is not None
    assert live_game.public_view() == view
    assert list(live_game.actions) == actions
    assert await table.service.storage.game_log(table.live.id) == log
    assert description(table.table_message()) == table_text
    monkeypatch.setattr(game_class, "_perform", real_perform)  # the bug fixed: it works
    await table.press(to_act, next(iter(table.offer_ids(to_act))))
    assert table.live.game is not None
    assert table.live.game.public_view().version == view.version + 1


async def test_a_take_by_position_is_stored_as_the_take_the_engine_made(
    simcord_env: Env,
) -> None:
    table = Table.in_new_channel(simcord_env, "anna", "ben")
    await table.start(await table.open(target=500))
    seat = table.game.to_act
    async with table.live.lock:  # as the typing form does: the staircase's first card up
        await table.service.apply(table.live, TakeStaircase(seat, 0))
    log = await table.service.storage.game_log(table.live.id)
    assert log is not None
    actions = json.loads(log)["actions"]
    assert actions[-1]["t"] == "takediscard" and "i" not in actions[-1]
    assert all(action["t"] != "take" for action in actions)
