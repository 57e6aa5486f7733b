"""A click whose answer is not ready within ``DEFER_AFTER`` is deferred first and answered
by an edit; the move is still made once and shown (here every answer counts as slow)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from bot_harness import Table, description
from simcord import Env
from simcord.backend.models.interaction import ResponseKind

from bot.core import answering
from engine import DrawTalon


async def test_slow_answers_are_deferred_then_edited_in(
    simcord_env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(answering, "DEFER_AFTER", 0.0)
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(simcord_env.create_user(n)) for n in ("anna", "ben")]
    table = Table(simcord_env, channel, members)
    await table.start(await table.open(target=50))
    to_act = members[table.game.to_act]
    hand = await table.open_hand(to_act)  # a private message: "thinking…", then the hand
    assert "Your turn" in description(hand)
    before = table.game.public_view().version
    draw = next(c for c, a in table.offer_ids(to_act).items() if isinstance(a, DrawTalon))
    result = await table.press(to_act, draw)  # a control: a deferred update, then the edit
    assert result._interaction.response_kind is ResponseKind.DEFERRED_UPDATE
    assert table.game.public_view().version == before + 1, "the draw was made once"
    assert result.response is not None and "✅" in description(result.response)
    assert await table.play(moves=6) == 6


async def test_one_watcher_tells_a_slow_answer_from_a_quick_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(answering, "DEFER_AFTER", 0.05)
    monkeypatch.setattr(answering, "TICK", 0.01)

    async def slow() -> dict[str, Any]:
        await asyncio.sleep(0.5)
        return {"content": "slow"}

    async def quick() -> dict[str, Any]:
        return {"content": "quick"}

    task, in_time = await answering._within_deadline(slow())
    assert not in_time and not task.done()
    assert await task == {"content": "slow"}
    task, in_time = await answering._within_deadline(quick())
    assert in_time and task.result() == {"content": "quick"}
    assert not answering._deadlines, "nothing left waiting"
