"""A click whose answer is not ready within ``DEFER_AFTER`` is deferred first and answered
by an edit; the move is still made once and shown (here every answer counts as slow)."""

from __future__ import annotations

import pytest
from bot_harness import Table
from simcord import Env
from simcord.backend.models.interaction import ResponseKind

from bot.core import answering


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
    assert hand.embeds[0].title.startswith("Your hand")
    before = table.game.public_view().version
    result = await table.use(to_act, "h_draw")  # a control: a deferred update, then the edit
    assert result._interaction.response_kind is ResponseKind.DEFERRED_UPDATE
    assert table.game.public_view().version == before + 1, "the draw was made once"
    assert result.response is not None and "✅" in (result.response.embeds[0].description or "")
    assert await table.play(moves=6) == 6
