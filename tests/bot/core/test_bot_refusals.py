"""Every refusal is private, friendly, in the engine's words where the engine refuses, and
changes nothing."""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

import pytest
from bot_harness import Shown, Table, custom_id_of, description
from simcord import Env, InteractionResult, MemberActor

from bot.core import components
from bot.core.errors import Refusal
from bot.core.handstate import HandState
from engine import DrawTalon, IllegalMeld, Phase, TakeStaircase, analyse_meld, format_cards


def setup_table(env: Env, players: int = 2, spectators: int = 1) -> tuple[Table, list]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    names = ["anna", "ben", "cleo", "dora"][:players] + ["sam", "tim"][:spectators]
    members = [guild.add_member(env.create_user(name)) for name in names]
    return Table(env, channel, members[:players]), members[players:]


def private_text(result: InteractionResult) -> str:
    assert result.response is not None
    assert result.response.ephemeral, "refusals are private"
    return result.response.content + description(result.response)


async def started(env: Env, **options: object) -> tuple[Table, list]:
    table, spectators = setup_table(env)
    await table.start(await table.open(target=50, **options))
    return table, spectators


async def test_wrong_turn_is_refused_in_the_engines_words(simcord_env: Env) -> None:
    table, _ = await started(simcord_env)
    version = table.game.public_view().version
    waiting = table.member_for_seat(1 - table.game.to_act)
    to_act = table.live.names[table.game.to_act]
    result = await waiting.slash(table.channel, "treppe draw")
    assert private_text(result) == f"It is {to_act}'s turn."
    assert table.game.public_view().version == version


async def test_spectator_clicks_and_commands_are_refused(simcord_env: Env) -> None:
    table, (sam,) = await started(simcord_env)
    version = table.game.public_view().version
    result = await sam.click(table.table_message(), label="Your hand")
    assert "not seated" in private_text(result)
    result = await sam.slash(table.channel, "treppe discard", card="Q♥")
    assert "not seated" in private_text(result)
    assert table.game.public_view().version == version


async def test_illegal_meld_shows_the_engines_reason(simcord_env: Env) -> None:
    table, _ = await started(simcord_env)
    member = table.member_for_seat(table.game.to_act)
    await table.perform(DrawTalon(table.game.to_act))
    hand = table.game.private_view(table.game.to_act).hand
    bad = next(c for c in combinations(hand, 3) if not _is_meld(c))
    try:
        analyse_meld(bad)
    except IllegalMeld as error:
        expected = str(error)
    version = table.game.public_view().version
    result = await member.slash(table.channel, "treppe meld", cards=format_cards(bad))
    assert private_text(result) == expected
    # Tapped on the hand, cards that make no meld are offered no move, and the hand says so.
    await table.tap_cards(member, bad)
    assert table.offer_ids(member) == {}
    assert "No move with" in description(table.hands[member.id])
    # Typed in the hand's form, the same cards are refused with the engine's reason on top.
    form = await member.click(
        table.hands[member.id], custom_id=custom_id_of(table.hands[member.id], "h_type")
    )
    assert form.modal is not None
    result = await member.submit_modal(form, {"meld": format_cards(bad)})
    assert f"⚠️ {expected}" in private_text(result)
    table.check_private(member, result.response)
    assert table.game.public_view().version == version


def _is_meld(cards: tuple) -> bool:
    try:
        analyse_meld(cards)
    except IllegalMeld:
        return False
    return True


def offered(table: Table, member: MemberActor, kind: type) -> str:
    """The custom id of the member's hand's button for a move of this kind."""
    return next(c for c, a in table.offer_ids(member).items() if isinstance(a, kind))


async def test_double_click_applies_once(simcord_env: Env) -> None:
    table, _ = await started(simcord_env)
    member = table.member_for_seat(table.game.to_act)
    hand = await table.open_hand(member)
    shown = Shown(simcord_env, member, hand)  # as the member's client shows it
    draw = offered(table, member, DrawTalon)
    version = table.game.public_view().version
    first = await member.click(hand, custom_id=draw)
    table.check_private(member, first.response)
    assert "✅" in private_text(first)
    result = await shown.click(table.channel, draw)  # the same button, pressed again
    assert table.game.public_view().version == version + 1
    text = private_text(result)
    assert "out of date" in text and "✅" not in text
    table.check_private(member, result.response)
    assert len(table.game.private_view(table.seat_of(member)).hand) == 8  # drew one card


async def test_stale_staircase_choice_answers_with_a_fresh_hand(simcord_env: Env) -> None:
    table, _ = await started(simcord_env)
    await table.play(moves=2)  # a draw and a discard: the staircase has two cards
    assert table.game.phase is Phase.DRAW
    assert len(table.game.public_view().staircase) == 2
    member = table.member_for_seat(table.game.to_act)
    old = await table.open_hand(member)
    shown = Shown(simcord_env, member, old)
    code = table.game.public_view().staircase[0].code
    take = custom_id_of(old, "t_take")  # taking from deeper than the top: a select
    version = table.game.public_view().version
    first = await member.select(old, [f"d2:{code}"], custom_id=take)  # the bottom of two
    assert "✅" in private_text(first)
    assert table.game.public_view().version == version + 1
    result = await shown.click(table.channel, take, [f"d2:{code}"])  # chosen again, as shown
    text = private_text(result)
    assert "out of date" in text
    assert table.game.public_view().version == version + 1
    table.check_private(member, result.response)


async def test_a_forged_staircase_choice_is_refused(simcord_env: Env) -> None:
    table, _ = await started(simcord_env)
    await table.play(moves=2)
    member = table.member_for_seat(table.game.to_act)
    hand = await table.open_hand(member)
    pile = table.game.public_view().staircase
    wrong = next(c for c in ("2C", "3C", "4C") if c != pile[0].code)
    version = table.game.public_view().version
    shown = Shown(simcord_env, member, hand)
    # A card not there, a place not there, an older hand's value, junk.
    for value in (f"d2:{wrong}", "d7:2C", f"0:{pile[0].code}", "x"):
        result = await shown.click(table.channel, custom_id_of(hand, "t_take"), [value])
        assert "not one I offered" in private_text(result), value
        table.check_private(member, result.response)
    assert table.game.public_view().version == version


async def test_no_return_refusal(simcord_env: Env) -> None:
    table, _ = await started(simcord_env)
    seat = table.game.to_act
    member = table.member_for_seat(seat)
    top_card = table.game.public_view().staircase[-1]
    await table.perform(TakeStaircase(seat, len(table.game.public_view().staircase) - 1))
    result = await member.slash(table.channel, "treppe discard", card=str(top_card))
    assert "cannot discard it this turn" in private_text(result)
    assert table.game.phase is Phase.PLAY


async def test_lobby_refusals(simcord_env: Env) -> None:
    table, (sam,) = setup_table(simcord_env)
    anna, ben = table.members
    lobby = await table.open(extra_join=False)
    assert "At least 2 players" in private_text(await anna.click(lobby, label="Start"))
    await ben.click(lobby, label="Join")
    assert "already have a seat" in private_text(await ben.click(lobby, label="Join"))
    assert "Only the host" in private_text(await ben.click(lobby, label="Start"))
    assert "Only the host" in private_text(await sam.click(lobby, label="Cancel"))
    again = await sam.slash(table.channel, "treppe new treppenromme")
    assert "already has a table" in private_text(again)
    assert str(lobby.id) in private_text(again)  # a link to the running table
    assert table.live.status == "lobby"


async def test_end_needs_the_host_and_records_an_abandoned_game(simcord_env: Env) -> None:
    table, (sam,) = await started(simcord_env)
    refused = await sam.slash(table.channel, "treppe end")
    assert "Only the host" in private_text(refused)
    result = await table.members[0].slash(table.channel, "treppe end")
    assert result.response is not None and result.response.ephemeral
    assert table.service.in_channel(table.channel.id) is None
    row = await table.service.storage.game(table.live.id)
    assert row is not None and row.status == "abandoned"
    assert "ended this game" in description(table.table_message())
    stats = await table.service.storage.player_stats(
        table.live.guild_id, table.members[1].id, "treppenromme"
    )
    assert stats.abandoned == 1


async def test_a_control_of_another_members_hand_is_refused(simcord_env: Env) -> None:
    """A custom id copied from another member's hand (a modified client can send any) is
    refused before anything happens: the hand's controls name their seat."""
    table, _ = await started(simcord_env)
    seat = table.game.to_act
    owner, other = table.member_for_seat(seat), table.member_for_seat(1 - seat)
    await table.open_hand(owner)
    draw = offered(table, owner, DrawTalon)
    _, game_id, operation, argument = draw.split(":")
    assert HandState.decode(argument).seat == seat
    before = table.game.to_json()
    copied = SimpleNamespace(client=simcord_env.bot, user=SimpleNamespace(id=other.id), data={})
    with pytest.raises(Refusal, match="belongs to another player's hand"):
        await components.HANDLERS[operation](copied, int(game_id), argument)  # type: ignore[arg-type]
    assert table.game.to_json() == before
