"""Taking from the discard pile at a depth, for any game, from the legal ``TakeDiscard``s and
the pile the view shows: the select's options and answers, and /treppe take's positions."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.hand import takes
from engine.actions import TakeDiscard
from engine.protocol import Phase, RummyGame
from engine.registry import get_spec


def drawing_with_pile(key: str, least: int) -> RummyGame:
    """A seeded game between random players at a draw with at least ``least`` cards showing."""
    spec = get_spec(key)
    game = spec.new_game(None, ["Anna", "Ben"], 4)
    players = [spec.make_player("random", seat) for seat in range(2)]
    for _ in range(2000):
        pile = game.public_view().discard_pile
        if game.phase is Phase.DRAW and len(pile) >= least:
            return game
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), list(game.legal_actions())))
    raise AssertionError("no such moment: choose another seed")


def hand(game: RummyGame) -> Any:
    """What the take controls read of a hand: its legal moves and the table."""
    return SimpleNamespace(legal=tuple(game.legal_actions()), public=game.public_view())


def test_a_spread_pile_offers_every_depth_named_by_its_position_from_the_bottom() -> None:
    game = drawing_with_pile("treppenromme", 4)
    ctx = hand(game)
    pile = ctx.public.discard_pile
    deep = takes.deep_takes(ctx)
    assert [a.depth for a in deep] == list(range(2, len(pile) + 1))
    options = takes.take_options(ctx, 25)
    bottom = options[-1]  # the deepest take: the bottom card and all above it
    assert bottom.label.startswith(f"1: {pile[0]} (takes {len(pile)} cards")
    assert takes.chosen_take(ctx, bottom.value) == TakeDiscard(game.to_act, len(pile))
    assert takes.take_at(game.to_act, pile, 1) == TakeDiscard(game.to_act, len(pile))
    assert takes.take_at(game.to_act, pile, len(pile)) == TakeDiscard(game.to_act, 1)
    positions = [position for _label, position in takes.take_choices(pile, "")]
    assert positions == list(range(len(pile), 0, -1))  # the top first


def test_a_changed_pile_or_an_older_value_is_not_taken() -> None:
    game = drawing_with_pile("treppenromme", 3)
    ctx = hand(game)
    pile = ctx.public.discard_pile
    other = next(c for c in game.private_view(game.to_act).hand if c != pile[-2])
    for value in (f"d2:{other.code}", f"d99:{pile[0].code}", f"0:{pile[0].code}", "d:x", ""):
        assert takes.chosen_take(ctx, value) is None, value
    assert takes.take_at(game.to_act, pile, len(pile) + 1).depth == 0  # the game says why not


def test_a_squared_pile_offers_its_top_card_alone() -> None:
    game = drawing_with_pile("romme", 1)
    ctx = hand(game)
    pile = ctx.public.discard_pile
    assert len(pile) == 1 and takes.deep_takes(ctx) == [] and takes.take_options(ctx, 25) == []
    assert takes.take_at(game.to_act, pile, 1) == TakeDiscard(game.to_act, 1)
    assert TakeDiscard(game.to_act, 1) in ctx.legal
