"""Live hands: a member's private hand is edited when their turn comes, is put to rest before
its interaction token runs out, gives way to the table's ping once the token is gone, and says
so when the game ends."""

from __future__ import annotations

from bot_harness import Table, custom_id_of, description, has_control
from simcord import Env

from bot.core.tokens import EDIT_MARGIN, TOKEN_LIFE
from engine import Discard, Phase


def setup_table(env: Env, players: int = 2) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    members = [guild.add_member(env.create_user(name)) for name in ("anna", "ben", "cleo")]
    return Table(env, channel, members[:players])


async def finish_turn(table: Table) -> None:
    """The member to act plays up to and including their discard."""
    seat = table.game.to_act
    while table.game.to_act == seat and table.game.phase is not Phase.OVER:
        await table.perform(table.choose())


def moves_offered(table: Table, member: object) -> bool:
    return bool(table.offer_ids(member))  # type: ignore[arg-type]


async def test_the_hand_shows_the_turn_when_it_comes_without_a_tap(simcord_env: Env) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=50))
    waiting = table.member_for_seat(1 - table.game.to_act)
    hand = await table.open_hand(waiting)
    assert "Waiting for" in description(hand)
    assert not moves_offered(table, waiting)
    await finish_turn(table)
    assert table.live.seats[table.game.to_act].user_id == waiting.id
    assert "Your turn" in description(hand)  # the same message, edited by the bot
    assert moves_offered(table, waiting)
    await finish_turn(table)  # and once their turn has passed, its moves are gone again
    assert not moves_offered(table, waiting)
    assert "Waiting for" in description(hand)


async def test_a_new_hand_replaces_the_old_one(simcord_env: Env) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=50))
    member = table.members[0]
    first = await table.open_hand(member)
    second = await table.open_hand(member)  # a second "Your hand": one live hand per member
    assert second.id != first.id
    ids = {m.id for m in simcord_env.backend.messages.get(table.channel.id, {}).values()}
    assert first.id not in ids and second.id in ids


async def test_an_idle_hand_rests_before_its_token_runs_out(simcord_env: Env) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=50))
    member = table.member_for_seat(table.game.to_act)
    hand = await table.open_hand(member)
    assert moves_offered(table, member)
    await simcord_env.advance_time(TOKEN_LIFE - EDIT_MARGIN + 1)
    # Its moves gave way to Refresh while the bot could still edit it.
    assert not moves_offered(table, member)
    assert "Paused" in description(hand)
    assert has_control(hand, "h_refresh")
    result = await member.click(hand, custom_id=custom_id_of(hand, "h_refresh"))
    assert result.response is not None
    assert moves_offered(table, member)  # one tap, and the turn goes on


async def test_with_its_token_expired_the_table_pings_and_a_new_hand_takes_over(
    simcord_env: Env,
) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=50))
    waiting = table.member_for_seat(1 - table.game.to_act)
    old = await table.open_hand(waiting)
    await simcord_env.advance_time(TOKEN_LIFE + 60)  # the waiting member looks away for long
    old_table = table.live.table_message_id
    await finish_turn(table)
    # Their hand could not be edited any more: the table moved to ping them instead.
    assert table.live.table_message_id != old_table
    ping = description(table.table_message())
    assert ping.startswith(f"<@{waiting.id}>, your turn")
    assert not moves_offered(table, waiting)  # the old hand never offered this turn's moves
    table.hands.pop(waiting.id)
    fresh = await table.open_hand(waiting)  # one tap on the pinged table
    assert fresh.id != old.id
    assert moves_offered(table, waiting)


async def test_hands_say_when_the_game_ended(simcord_env: Env) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=50))
    for member in table.members:
        await table.open_hand(member)
    await table.play()
    assert table.game.phase is Phase.OVER
    for member in table.members:
        hand = table.hands[member.id]
        assert "This game has ended" in description(hand)
        assert not has_control(hand, "t_do") and not has_control(hand, "t_tap")


async def test_a_move_that_ends_the_round_asks_once(simcord_env: Env) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(target=50))
    asked = 0
    while table.game.phase is not Phase.OVER and not asked:
        action = table.choose()
        member = table.member_for_seat(action.seat)
        hand = await table.hand_of(member)
        going_out = (
            isinstance(action, Discard) and len(table.game.private_view(action.seat).hand) == 1
        )
        if not going_out:
            await table.perform(action)
            continue
        await table.tap_cards(member, (action.card,))
        offer = next(c for c, a in table.offer_ids(member).items() if a == action)
        version = table.game.public_view().version
        await member.click(hand, custom_id=offer)
        assert table.game.public_view().version == version  # nothing played yet
        assert "cannot be taken back" in description(table.hands[member.id])
        yes = next(c for c in table.offer_ids(member) if c.endswith(".y"))
        await member.click(table.hands[member.id], custom_id=yes)
        assert table.game.public_view().version > version
        asked += 1
    assert asked == 1


async def test_a_member_who_left_sees_it_once_and_keeps_no_controls(simcord_env: Env) -> None:
    table = setup_table(simcord_env)
    await table.start(await table.open(game="romme"))
    game = table.live.game
    assert game is not None
    leaver = table.member_for_seat(1 - game.to_act)
    hand = await table.open_hand(leaver)
    await leaver.slash(table.channel, "treppe leave")
    await simcord_env.settle()
    assert "You left this table" in description(hand)
    left_text = description(hand)
    assert not moves_offered(table, leaver)
    assert not has_control(hand, "h_refresh")
    spec = table.live.options.spec
    round_number = game.round_number
    for _ in range(2000):  # the other plays on into the next deal; the leaver's seat is played
        if game.round_number != round_number or game.is_over:
            break
        player = spec.make_player("normal", game.to_act)
        legal = list(game.legal_actions())
        await table.perform_any(player.choose(game.private_view(game.to_act), legal))
    assert game.round_number != round_number or game.is_over
    assert description(hand) == left_text  # not a hand of the next deal that lies
    assert not moves_offered(table, leaver)
