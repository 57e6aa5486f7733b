"""The hand's other controls: typing in a modal, sorting, hints, autocomplete, paging."""

from __future__ import annotations

import gc
from datetime import UTC, datetime

from bot_harness import Table, custom_id_of, description, hand_cards_shown
from simcord import Env

from bot.app import create_bot
from bot.core.components import GameView
from bot.core.model import GameOptions, LiveGame, Seat
from bot.core.presenter import HandState
from bot.hand.ui import PAGE_SIZE, hand_payload
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
    member = table.members[0]
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


def big_hand_game() -> LiveGame:
    pack = list(FULL_PACK)
    deal = Deal(0, (tuple(pack[:30]), tuple(pack[30:37])), tuple(pack[37:40]), tuple(pack[40:]))
    game = Ruleset(target=50).new_game(["anna", "ben"], 1, deal=deal)
    return LiveGame(
        id=1,
        guild_id=1,
        channel_id=1,
        host_id=10,
        status="playing",
        options=GameOptions("treppenromme"),
        seats=[Seat(0, 10, "anna"), Seat(1, 11, "ben")],
        created_at=datetime.now(UTC),
        game=game,
    )


def select_sizes(payload_view: object) -> list[int]:
    return [
        len(item.item.options)
        for item in payload_view.children  # type: ignore[attr-defined]
        if hasattr(item.item, "options")
    ]


async def test_thirty_cards_are_paged_in_selects_of_25() -> None:
    live = big_hand_game()
    assert live.game is not None
    live.game.apply(DrawTalon(0))
    first = await hand_payload(live, live.seats[0], HandState(), with_image=False)
    assert max(select_sizes(first.view)) == PAGE_SIZE
    second = await hand_payload(live, live.seats[0], HandState(page=1), with_image=False)
    sizes = select_sizes(second.view)
    assert 6 in sizes  # 31 cards: 25 on the first page, 6 on the second
    labels = [getattr(i.item, "label", "") for i in second.view.children]
    assert any("page 2/2" in str(label) for label in labels)
    # The whole hand is still listed in text, so nothing is hidden.
    assert "Your hand (31)" in first.embeds[0].description


async def test_a_card_that_fits_two_melds_asks_where() -> None:
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
    state = HandState(version=game.public_view().version, pending=eight.code)
    payload = await hand_payload(live, live.seats[0], state, with_image=False)
    targets = [i.item for i in payload.view.children if ":h_layto:" in i.custom_id]
    assert len(targets) == 1
    values = sorted(o.value for o in targets[0].options)
    assert values == ["8H:0:high", "8H:1:low"]


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
    kept = [o for o in gc.get_objects() if isinstance(o, GameView)]
    assert kept == []
    await simcord_env.advance_time(16 * 60)
    result = await member.click(hand, custom_id=custom_id_of(hand, "h_draw"))
    table.check_private(member, result.response)
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
