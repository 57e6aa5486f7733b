"""The hand's layout in every game: a whole turn on one screen (the melds a lay-off fits named,
whose they are), four cards a row and up to 20 a page, move buttons whose suit is an emoji
(never a blurring Unicode suit), and Discord's limits of a V2 message kept."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest
from bot_harness import offline_live, walk

from bot.core.components import V2_COMPONENT_LIMIT, V2_TEXT_LIMIT, count_components
from bot.core.emojis import EMOJIS
from bot.core.handstate import HandState
from bot.games import presenter
from bot.hand import taps
from bot.hand.ui import (
    CARDS_PER_PAGE,
    CARDS_PER_ROW,
    fitting,
    hand_context,
    hand_layout,
    layoff_targets,
)
from bot.render.emoji_art import emoji_name, suit_emoji_name
from engine import Deal, Ruleset
from engine.actions import CallRummy, Discard, DrawTalon, Knock, LayOff, Meld, TakeDiscard
from engine.cards import FULL_PACK, JOKER, Suit
from engine.protocol import Phase, RummyGame
from engine.registry import all_specs, get_spec

KEYS = [spec.key for spec in all_specs()]
NAMES = ["anna", "ben", "cleo"]


def moments(key: str, seats: int = 3) -> Iterator[RummyGame]:
    """A seeded game between random players, at each of its first 400 moves."""
    spec = get_spec(key)
    seats = min(max(seats, spec.min_seats), spec.max_seats)
    game = spec.new_game(None, NAMES[:seats], 7)
    players = [spec.make_player("random", seat) for seat in range(seats)]
    for _ in range(400):
        if game.is_over:
            return
        yield game
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), list(game.legal_actions())))


def components_of(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    return list(walk(view.to_components()))


def check_limits(view: discord.ui.LayoutView) -> None:
    assert count_components(view) <= V2_COMPONENT_LIMIT
    parts = components_of(view)
    assert sum(len(c.get("content", "")) for c in parts) <= V2_TEXT_LIMIT
    for part in parts:
        if part.get("type") == 1:  # an action row: five buttons or one select
            inner = part["components"]
            assert len(inner) <= 5 and (len(inner) == 1 or all(c["type"] == 2 for c in inner))
        if part.get("type") == 2:
            assert len(part.get("label") or "") <= 80 and len(part["custom_id"]) <= 100
            assert part.get("label") or part.get("emoji"), part
        if part.get("type") == 3:
            assert len(part["options"]) <= 25 and len(part.get("placeholder", "")) <= 150


def shown_text(view: discord.ui.LayoutView) -> str:
    return "\n".join(c.get("content", "") for c in components_of(view))


@pytest.mark.parametrize("key", KEYS)
def test_the_hand_names_every_meld_a_lay_off_fits_and_keeps_discords_limits(key: str) -> None:
    named = 0
    for game in moments(key):
        live = offline_live(game, key)
        seat = live.seats[game.to_act]
        ctx = hand_context(live, seat, HandState())
        view = hand_layout(ctx, presenter(key), "", taps.offers(ctx, presenter(key)))
        check_limits(view)
        text = shown_text(view)
        fits = {a.meld_id for a in ctx.legal if isinstance(a, LayOff)}
        for meld in game.public_view().melds:
            if meld.id in fits:  # named with whose it is
                owner = "yours" if meld.owner == seat.seat else f"**{NAMES[meld.owner]}**"
                assert f"{owner} {taps.meld_shape(meld)} ←" in text, (text, meld)
                named += 1
        targets = layoff_targets(ctx)
        if game.phase is Phase.DRAW and targets:  # before the draw: those after it
            assert "Lay off:" in text
            assert all(card in ctx.private.hand for _meld, cards in targets for card in cards)
    if key in ("treppenromme", "romme", "rum500"):  # the games with lay-offs in play
        assert named, "the seed reaches a lay-off"


def emojis_on() -> None:
    made = [
        discord.PartialEmoji(name=emoji_name(card), id=1000 + i) for i, card in enumerate(FULL_PACK)
    ]
    made.append(discord.PartialEmoji(name=emoji_name(JOKER), id=999))
    made.extend(
        discord.PartialEmoji(name=suit_emoji_name(s), id=900 + i) for i, s in enumerate(Suit)
    )
    EMOJIS.add(made)


@pytest.mark.parametrize("key", KEYS)
def test_with_card_emojis_moves_name_no_suit_and_four_cards_fill_a_row(key: str) -> None:
    emojis_on()
    try:
        seen: set[type] = set()
        for game in moments(key):
            live = offline_live(game, key)
            ctx = hand_context(live, live.seats[game.to_act], HandState())
            view = hand_layout(ctx, presenter(key), "", taps.offers(ctx, presenter(key)))
            check_limits(view)
            rows = [c for c in components_of(view) if c.get("type") == 1]
            cards = [
                c for r in rows for c in r["components"] if ":t_tap:" in c.get("custom_id", "")
            ]
            assert all(c.get("emoji") and not c.get("label") for c in cards)
            card_rows = [r for r in rows if ":t_tap:" in r["components"][0].get("custom_id", "")]
            assert all(len(r["components"]) <= CARDS_PER_ROW for r in card_rows)
            assert len(cards) == min(len(ctx.cards), CARDS_PER_PAGE)
            for offer in taps.offers(ctx, presenter(key)):
                if offer.emoji is not None and not isinstance(offer.emoji, str):
                    assert not set(offer.label) & set("♠♥♦♣"), offer
                    card = taps.shown_card(offer.action, ctx)
                    if isinstance(offer.action, Discard | Knock | CallRummy):
                        assert str(card) in offer.said  # a question in text names it
                    seen.add(type(offer.action))
        assert Discard in seen or key == "gin"  # gin's discards are knocks or plain discards
        if key != "wiener" and key != "gin":
            assert Meld in seen
    finally:
        EMOJIS.clear()


def test_a_turn_suggests_its_draw_a_meld_and_the_discard_the_hint_names() -> None:
    for game in moments("treppenromme", 2):
        if game.phase is not Phase.DRAW:
            continue
        live = offline_live(game, "treppenromme")
        seat = live.seats[game.to_act]
        shown = presenter("treppenromme")
        game.apply(DrawTalon(seat.seat))
        ctx = hand_context(live, seat, HandState())
        offered = [o.action for o in taps.offers(ctx, shown)]
        safe = shown.spec.timeout_action(ctx.private, ctx.legal)
        assert isinstance(safe, Discard) and safe in offered
        if any(isinstance(a, Meld) for a in ctx.legal):
            assert any(isinstance(a, Meld) for a in offered)
            return
    raise AssertionError("no meld after a draw: choose another seed")


def test_twenty_cards_fit_one_page_with_their_moves_and_tools() -> None:
    assert CARDS_PER_PAGE == 20 and CARDS_PER_ROW == 4
    pack = list(FULL_PACK)
    deal = Deal(0, (tuple(pack[:19]), tuple(pack[19:26])), tuple(pack[26:30]), tuple(pack[30:]))
    game = Ruleset(target=50).new_game(["anna", "ben"], 1, deal=deal)
    game.apply(DrawTalon(0))
    live = offline_live(game, "treppenromme")
    ctx = hand_context(live, live.seats[0], HandState())
    assert len(ctx.cards) == 20
    view = hand_layout(
        ctx, presenter("treppenromme"), "", taps.offers(ctx, presenter("treppenromme"))
    )
    check_limits(view)
    ids = [c.get("custom_id", "") for c in components_of(view)]
    assert sum(":t_tap:" in i for i in ids) == 20 and not any(":h_page:" in i for i in ids)
    assert any(":t_do:" in i for i in ids) and any(":h_hint:" in i for i in ids)


def test_500_rum_offers_its_takes_and_says_they_are_played_at_once() -> None:
    said = {"take": False, "none": False}
    for game in moments("rum500", 2):
        if game.phase is not Phase.DRAW or not game.public_view().discard_pile:
            continue
        live = offline_live(game, "rum500")
        ctx = hand_context(live, live.seats[game.to_act], HandState())
        view = hand_layout(ctx, presenter("rum500"), "", taps.offers(ctx, presenter("rum500")))
        text = shown_text(view)
        labels = [c.get("label") or "" for c in components_of(view) if c.get("type") == 2]
        tops = [a for a in ctx.legal if isinstance(a, TakeDiscard) and a.depth == 1]
        if tops:
            assert f"Take {game.public_view().discard_pile[-1]} and play it" in labels
        if any(isinstance(a, TakeDiscard) for a in ctx.legal):
            assert "must be played at once" in text
            said["take"] = True
        else:
            assert "No card of the discard pile fits a meld of yours now" in text
            said["none"] = True
        placeholders = [c["placeholder"] for c in components_of(view) if c.get("type") == 3]
        assert all(p == "Take down to a card…" for p in placeholders)
        assert "Refresh" in labels
    assert all(said.values()), said


def test_the_moves_get_the_components_left() -> None:
    assert [fitting(n, 4) for n in (0, 1, 2, 5, 6, 7, 10)] == [0, 0, 1, 4, 4, 5, 8]
