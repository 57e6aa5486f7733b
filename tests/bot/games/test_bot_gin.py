"""Gin Rummy's private hand through SimCord: what the Hint button says on a turn."""

from __future__ import annotations

import re

from bot_harness import Table, custom_id_of, description
from simcord import Env

from engine.actions import DrawTalon, Pass
from engine.games.gin.rules import PACK
from engine.onepack import CARDS, indices, mask_of
from engine.protocol import Phase


async def test_the_hint_names_the_discard_that_leaves_the_least_deadwood(
    simcord_env: Env,
) -> None:
    table = Table.in_new_channel(simcord_env, "anna", "ben")
    await table.start(await table.open(game="gin"))
    game = table.live.game
    assert game is not None
    # Both pass the first upcard; the non-dealer draws from the stock and must discard.
    for _ in range(2):
        await table.play_offered(table.member_for_seat(game.to_act), Pass(game.to_act))
    seat = game.to_act
    await table.play_offered(table.member_for_seat(seat), DrawTalon(seat))
    assert game.public_view().phase is Phase.PLAY and game.to_act == seat
    mask = mask_of(game.private_view(seat).hand)
    assert not PACK.can_get_to(mask, 10), "this deal (seed) lets the hand knock: choose another"
    left = PACK.deadwood_after_discards(mask)
    least = min(left.values())
    dearest = max((i for i in indices(mask) if left[i] == least), key=lambda i: PACK.value[i])

    member = table.member_for_seat(seat)
    hand = await table.open_hand(member)
    await member.click(hand, custom_id=custom_id_of(hand, "h_hint"))
    hint = description(hand)
    # The card to discard, and what the hand keeps after it, with its deadwood.
    said = re.search(r"💡 Discard (\S+); that leaves the least deadwood: (.*)\((\d+)\)\.", hint)
    assert said is not None, hint
    assert said[1] == str(CARDS[dearest]) and int(said[3]) == least
    assert str(CARDS[dearest]) not in said[2]  # the hand kept has not got it


def test_the_hint_on_a_draw_says_take_or_leave_the_upcard() -> None:
    from types import SimpleNamespace
    from typing import Any

    from bot.games import presenter
    from tests.engine.games.gin.test_gin_rules import DEFENDER, KNOCKER, gin

    shown = presenter("gin")

    def hint(upcard: str) -> str:
        game = gin(DEFENDER, KNOCKER, upcard, "2♠")  # seat 0 is offered the first upcard
        view = game.private_view(0)
        ctx: Any = SimpleNamespace(private=view, legal=tuple(game.legal_actions()))
        return shown.hint_text(ctx)

    # K♥ makes a set of K♠ K♦: with 8♠ 8♦ 8♥ that leaves 4♥ 5♥ 6♦ 7♠ and Q♣ less the dearest.
    assert hint("K♥") == "💡 Take K♥: with it your deadwood can come down to 22."
    assert hint("J♥") == "💡 Leave J♥: a card from the stock promises more."  # melds with nothing
