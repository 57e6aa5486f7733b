"""The Hint on a turn with nothing to meld or lay off names the discard that costs the hand
least (the game's safe move, which its timer makes), in every game whose hint lists melds and
lay-offs."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from bot_harness import Table, custom_id_of, description
from simcord import Env

from bot.games import presenter
from engine.actions import Discard, DrawTalon
from engine.protocol import Phase
from tests.engine.melding_deals import romme, rum500


async def test_a_turn_with_nothing_to_lay_hints_the_safe_discard(simcord_env: Env) -> None:
    key = "treppenromme"  # seven cards: a hand without a meld comes soon
    table = Table.in_new_channel(simcord_env, "anna", "ben")
    await table.start(await table.open(game=key))
    game = table.live.game
    assert game is not None
    shown = presenter(key)
    # Both play the timer's safe moves (they never meld, so nothing can be laid off) until
    # a player must discard with no meld in hand.
    for _ in range(40):
        view = game.private_view(game.to_act)
        if game.public_view().phase is Phase.PLAY and not shown.meld_options(view.hand):
            break
        move = shown.spec.timeout_action(view, game.legal_actions())
        await table.play_offered(table.member_for_seat(move.seat), move)
    else:
        raise AssertionError("no turn without a meld in 40 moves")
    safe = shown.spec.timeout_action(view, game.legal_actions())
    assert isinstance(safe, Discard)
    member = table.member_for_seat(game.to_act)
    hand = await table.open_hand(member)
    await member.click(hand, custom_id=custom_id_of(hand, "h_hint"))
    assert hinted(safe.card) in description(hand)


NO_MELD = "2♠ 5♠ 8♠ J♠ 3♥ 6♥ 9♥ Q♥ 4♦ 7♦ 10♦ K♦ A♣"  # no two cards of a rank, no run
OTHER = "3♠ 6♠ 9♠ Q♠ 4♥ 7♥ 10♥ K♥ 5♦ 8♦ J♦ A♦ 4♣"


def hinted(card: object) -> str:
    return f"💡 No meld or lay-off in your hand right now; discarding {card} costs your hand least."


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(lambda: romme([OTHER, NO_MELD], stock_top="7♣"), id="romme"),
        pytest.param(lambda: rum500([NO_MELD, OTHER], stock_top="7♣"), id="rum500"),
    ],
)
def test_the_rummy_games_hint_the_safe_discard_too(game: Callable[[], Any]) -> None:
    played = game()
    seat = played.to_act
    played.apply(DrawTalon(seat))
    ctx: Any = SimpleNamespace(
        private=played.private_view(seat), legal=tuple(played.legal_actions()), memo={}
    )
    shown = presenter(played.GAME_KEY)
    safe = shown.spec.timeout_action(ctx.private, ctx.legal)
    assert isinstance(safe, Discard)
    hint = shown.hint_text(ctx)
    assert hint == hinted(safe.card)


def test_wiener_rummy_hints_the_knock_or_the_discard_that_leaves_least_deadwood() -> None:
    from bot.core.texts import laid_text
    from engine.actions import Discard as Throw
    from engine.melding import arrange
    from tests.engine.games.wiener.test_wiener_rules import game

    shown = presenter("wiener")
    played = game()  # Ben (seat 1) draws 3♠ to 5♥ 6♥ 7♥, three eights, three kings and 2♠

    def hint_for(seat: int) -> str:
        view = played.private_view(seat)
        legal = tuple(played.legal_actions())
        ctx: Any = SimpleNamespace(
            private=view, legal=legal, seat=SimpleNamespace(seat=seat), memo={}
        )
        return shown.hint_text(ctx)

    played.apply(DrawTalon(1))
    assert hint_for(1) == "💡 Knock with 3♠ as your discard."  # 2♠ left: deadwood 2
    played.apply(Throw(1, next(c for c in played.private_view(1).hand if str(c) == "3♠")))
    played.apply(DrawTalon(0))  # Anna: no meld at all
    view = played.private_view(0)
    safe = shown.spec.timeout_action(view, played.legal_actions())
    assert isinstance(safe, Discard)
    kept = list(view.hand)
    kept.remove(safe.card)
    said = f"💡 Discard {safe.card}; that leaves the least deadwood: {laid_text(arrange(kept))}."
    assert hint_for(0) == said


@pytest.mark.parametrize(
    ("upcard", "said"),
    [
        ("8♥", "💡 Take 8♥: with it your deadwood can come down to 0."),  # a fourth eight
        ("9♣", "💡 Leave 9♣: a card from the stock promises more."),
    ],
)
def test_wiener_rummy_hints_whether_to_take_the_upcard(upcard: str, said: str) -> None:
    from tests.engine.games.wiener.test_wiener_rules import ANNA, BEN
    from tests.engine.melding_deals import wiener

    played = wiener([ANNA, BEN], discard=upcard, stock_top="3♠ A♠")  # Ben draws first
    seat = played.to_act
    view, legal = played.private_view(seat), tuple(played.legal_actions())
    ctx: Any = SimpleNamespace(private=view, legal=legal, seat=SimpleNamespace(seat=seat))
    assert presenter("wiener").hint_text(ctx) == said
