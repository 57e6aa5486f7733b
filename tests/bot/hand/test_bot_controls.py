"""The hand's other controls: typing in a modal, sorting, hints, autocomplete, paging, a
card tapped that fits two melds, and a hand left longer than its token lives."""

from __future__ import annotations

import gc
from typing import Any

import discord
from bot_harness import (
    Table,
    custom_id_of,
    description,
    hand_cards_shown,
    has_control,
    offline_live,
    walk,
)
from simcord import Env

from bot.app import create_bot
from bot.core import images
from bot.core.components import V2_COMPONENT_LIMIT, GameLayout, count_components
from bot.core.handstate import HandState
from bot.core.model import LiveTable
from bot.core.tablemsg import Payload
from bot.hand.ui import CARDS_PER_PAGE, hand_context, hand_payload
from bot.settings import Settings
from engine import FULL_PACK, Deal, DrawTalon, Meld, Phase, Ruleset, parse_cards


async def started(env: Env) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(n)) for n in ("anna", "ben")]
    table = Table(env, channel, members)
    await table.start(await table.open(target=50))
    return table


async def test_playing_by_typing_in_the_modal(simcord_env: Env) -> None:
    table = await started(simcord_env)
    seat = table.game.to_act
    member = table.member_for_seat(seat)
    hand = await table.open_hand(member)
    shown = await member.click(hand, custom_id=custom_id_of(hand, "h_type"))
    assert shown.modal is not None
    result = await member.submit_modal(shown, {"take": "talon"})
    assert table.game.phase is Phase.PLAY
    table.check_private(member, result.response)

    shown = await member.click(hand, custom_id=custom_id_of(hand, "h_type"))
    own = table.game.private_view(seat).hand
    refused = await member.submit_modal(shown, {"meld": f"{own[0]} {own[1]}"})
    assert "too short" in description(refused.response)
    assert table.game.phase is Phase.PLAY

    discard = table.game.legal_discards(seat)[0].card
    shown = await member.click(hand, custom_id=custom_id_of(hand, "h_type"))
    await member.submit_modal(shown, {"discard": discard.code.lower()})
    assert table.game.to_act != seat
    assert table.game.public_view().staircase[-1] is discard


async def test_sort_and_hint(simcord_env: Env) -> None:
    table = await started(simcord_env)
    member = table.member_for_seat(table.game.to_act)  # hints are for the turn
    hand = await table.open_hand(member)
    by_suit = hand_cards_shown(hand)
    await member.click(hand, custom_id=custom_id_of(hand, "h_sort"))
    by_rank = hand_cards_shown(hand)
    assert sorted(by_suit) == sorted(by_rank)
    ranks = [parse_cards(c)[0].rank for c in by_rank]
    assert ranks == sorted(ranks)
    await member.click(hand, custom_id=custom_id_of(hand, "h_hint"))
    assert "💡" in description(hand)


async def test_autocomplete_offers_only_your_own_cards(simcord_env: Env) -> None:
    table = await started(simcord_env)
    for member in table.members:
        choices = await member.autocomplete(table.channel, "treppe discard", "card", "")
        own = {str(c) for c in table.game.private_view(table.seat_of(member)).hand}
        assert {c["value"] for c in choices} == own
    positions = await table.members[0].autocomplete(table.channel, "treppe take", "position", "")
    assert [c["value"] for c in positions] == [1]


def big_hand_game() -> LiveTable:
    pack = list(FULL_PACK)
    deal = Deal(0, (tuple(pack[:30]), tuple(pack[30:37])), tuple(pack[37:40]), tuple(pack[40:]))
    game = Ruleset(target=50).new_game(["anna", "ben"], 1, deal=deal)
    return offline_live(game, "treppenromme")


def view_components(payload: Payload) -> list[dict[str, Any]]:
    """Every component of a payload's V2 layout, nested ones included, as Discord gets them."""
    assert isinstance(payload.view, discord.ui.LayoutView)
    return list(walk(payload.view.to_components()))


def controls(payload: Payload, operation: str) -> list[dict[str, Any]]:
    return [c for c in view_components(payload) if f":{operation}:" in c.get("custom_id", "")]


def test_thirty_one_cards_are_paged_twenty_card_buttons_at_a_time() -> None:
    live = big_hand_game()
    assert live.game is not None
    live.game.apply(DrawTalon(0))
    hand = [str(c) for c in images.sort_cards(live.game.private_view(0).hand, "suit")]
    assert len(hand) == 31
    state = HandState(seat=0)
    reached: list[str] = []
    assert CARDS_PER_PAGE == 20  # five rows of four: a 20-card hand is one page
    for page in range(2):  # 31 cards: 20 and 11, every card reachable by the page button
        payload = hand_payload(live, live.seats[0], state)
        buttons = controls(payload, "t_tap")
        assert len(buttons) == (20 if page < 1 else 11)
        reached.extend(str(b["label"]) for b in buttons)
        assert count_components(payload.view) <= V2_COMPONENT_LIMIT  # type: ignore[arg-type]
        (turn,) = controls(payload, "h_page")
        assert turn["label"] == f"Cards {page + 1}/2"
        state = HandState.decode(turn["custom_id"].split(":", 3)[3])
        assert state.page == (page + 1) % 2
    assert reached == hand, "every card once, in the hand's order"
    # The page button sits beside the cards: in the last row of card buttons, or right after.
    rows = [c for c in view_components(payload) if c.get("type") == 1]
    beside = next(
        i for i, r in enumerate(rows) if any(":h_page:" in b["custom_id"] for b in r["components"])
    )
    assert any(
        ":t_tap:" in b["custom_id"]
        for b in rows[beside - 1]["components"] + rows[beside]["components"]
    )
    # A card tapped on the second page is the right card of the hand.
    second = hand_payload(live, live.seats[0], HandState(seat=0, page=1))
    tap = controls(second, "t_tap")[0]
    tapped = HandState.decode(tap["custom_id"].split(":", 3)[3])
    assert tapped.positions() == [20] and hand[20] == tap["label"]


def test_a_card_that_fits_two_melds_is_offered_both() -> None:
    mine = parse_cards("5♥ 6♥ 7♥ 9♥ 10♥ J♥ 8♥ 2♣ 3♣")
    rest = [c for c in FULL_PACK if c not in mine]
    deal = Deal(0, (tuple(mine), tuple(rest[:7])), (rest[7],), tuple(rest[8:]))
    live = big_hand_game()
    live.game = Ruleset(target=50).new_game(["anna", "ben"], 1, deal=deal)
    game = live.game
    game.apply(DrawTalon(0))
    game.apply(Meld(0, tuple(parse_cards("5♥ 6♥ 7♥"))))
    game.apply(Meld(0, tuple(parse_cards("9♥ 10♥ J♥"))))
    eight = parse_cards("8♥")[0]
    shown = hand_context(live, live.seats[0], HandState(seat=0)).cards
    state = HandState(game.public_view().version, seat=0).tapped(shown.index(eight))
    payload = hand_payload(live, live.seats[0], state)
    labels = sorted(str(c["label"]) for c in controls(payload, "t_do"))
    assert labels == [
        "Discard 8♥",
        "On your meld 5♥–7♥ (high end)",
        "On your meld 9♥–J♥ (low end)",
    ]


async def test_a_private_hand_keeps_no_view_alive_and_works_after_fifteen_minutes(
    simcord_env: Env,
) -> None:
    """discord.py gives a view on an ephemeral message a 15-minute timeout whose task keeps
    the view alive; the bot's controls are dispatched by custom_id alone, so none is kept,
    and a hand left for longer still plays."""
    table = await started(simcord_env)
    member = table.member_for_seat(table.game.to_act)
    hand = await table.open_hand(member)
    gc.collect()
    kept = [o for o in gc.get_objects() if isinstance(o, GameLayout)]
    assert kept == []
    await simcord_env.advance_time(16 * 60)
    # Before its token ran out the hand gave up its moves for a Refresh tap (the bot could
    # no longer have edited it when the phase ends) ...
    assert not table.offer_ids(member) and not has_control(hand, "t_tap")
    assert "Refresh" in description(hand)
    result = await member.click(hand, custom_id=custom_id_of(hand, "h_refresh"))
    table.check_private(member, result.response)
    # ... and one tap brings it back, playable.
    await table.play_offered(member, DrawTalon(table.game.to_act))
    assert table.game.phase is Phase.PLAY


async def test_the_typing_form_works_across_a_restart(simcord_env: Env, settings: Settings) -> None:
    table = await started(simcord_env)
    seat = table.game.to_act
    member = table.member_for_seat(seat)
    hand = await table.open_hand(member)
    shown = await member.click(hand, custom_id=custom_id_of(hand, "h_type"))
    assert shown.modal is not None

    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()

    result = await member.submit_modal(shown, {"take": "talon"})
    table._live = None
    assert table.game.phase is Phase.PLAY and table.game.to_act == seat
    table.check_private(member, result.response)
