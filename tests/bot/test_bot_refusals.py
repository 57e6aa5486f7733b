"""Every refusal is private, friendly, in the engine's words where the engine refuses, and
changes nothing."""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

import pytest
from bot_harness import Table, custom_id_of, description
from simcord import Env, InteractionResult

from bot.core import components
from bot.core.errors import Refusal
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
    # The same through the hand's select menu: the reason sits on top of the fresh hand.
    result = await table.use(member, "h_meld", [c.code for c in bad])
    assert f"⚠️ {expected}" in private_text(result)
    assert table.game.public_view().version == version


def _is_meld(cards: tuple) -> bool:
    try:
        analyse_meld(cards)
    except IllegalMeld:
        return False
    return True


async def test_double_click_applies_once(simcord_env: Env) -> None:
    table, _ = await started(simcord_env)
    member = table.member_for_seat(table.game.to_act)
    first = await table.open_hand(member)
    second = (await member.click(table.table_message(), label="Your hand")).response
    assert second is not None
    version = table.game.public_view().version
    await member.click(first, custom_id=custom_id_of(first, "h_draw"))
    result = await member.click(second, custom_id=custom_id_of(second, "h_draw"))
    assert table.game.public_view().version == version + 1
    text = private_text(result)
    assert "out of date" in text and "You have drawn already this turn." in text
    table.check_private(member, result.response)


async def test_stale_staircase_choice_answers_with_a_fresh_hand(simcord_env: Env) -> None:
    table, _ = await started(simcord_env)
    member = table.member_for_seat(table.game.to_act)
    old = await table.open_hand(member)
    fresh = (await member.click(table.table_message(), label="Your hand")).response
    assert fresh is not None
    top = len(table.game.public_view().staircase) - 1
    code = table.game.public_view().staircase[top].code
    await member.select(fresh, [f"{top}:{code}"], custom_id=custom_id_of(fresh, "h_take"))
    version = table.game.public_view().version
    result = await member.select(old, [f"{top}:{code}"], custom_id=custom_id_of(old, "h_take"))
    text = private_text(result)
    assert "out of date" in text
    assert table.game.public_view().version == version
    table.check_private(member, result.response)


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
    draw = custom_id_of(await table.open_hand(owner), "h_draw")
    _, game_id, operation, argument = draw.split(":")
    assert argument.rsplit(".", 1)[1] == str(seat)
    before = table.game.to_json()
    copied = SimpleNamespace(client=simcord_env.bot, user=SimpleNamespace(id=other.id), data={})
    with pytest.raises(Refusal, match="belongs to another player's hand"):
        await components.HANDLERS[operation](copied, int(game_id), argument)  # type: ignore[arg-type]
    assert table.game.to_json() == before
