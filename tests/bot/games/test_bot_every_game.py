"""Generic bot tests for every registered game, with no per-game code: every picture renders to
a PNG, every hand stays within Discord's limits, and a whole session runs through SimCord with
a member playing only the controls their hand offers."""

from __future__ import annotations

import asyncio
import gc
import io
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import discord
import pytest
from bot_harness import Table, custom_id_of, description, table_choice, walk
from PIL import Image
from simcord import Env, MemberActor

from bot.core.components import (
    V2_COMPONENT_LIMIT,
    V2_TEXT_LIMIT,
    GameLayout,
    count_components,
)
from bot.core.emojis import EMOJIS
from bot.core.handstate import HandState
from bot.core.model import GameOptions, LiveTable, Seat
from bot.core.presenter import AnyPresenter
from bot.games import all_presenters
from bot.hand import takes, taps
from bot.hand.ui import hand_context, hand_payload
from bot.render.emoji_art import suit_emoji_name
from engine.cards import Suit
from engine.protocol import Phase, RummyGame

PRESENTERS = all_presenters()
IDS = [p.key for p in PRESENTERS]
CUSTOM_ID_LIMIT = 100
OPTION_LIMIT = 25
PER_ROW = 5
HAND_CLICKS = 16


def played(shown: AnyPresenter, seats: int, seed: int, moves: int) -> Iterator[RummyGame]:
    """A seeded game between computer players, yielded after every move."""
    spec = shown.spec
    game = spec.new_game(None, [f"p{i}" for i in range(seats)], seed)
    players = [spec.make_player(spec.strengths[0], seed + i) for i in range(seats)]
    yield game
    for _ in range(moves):
        if game.is_over:
            return
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), list(game.legal_actions())))
        yield game


def live_for(shown: AnyPresenter, game: RummyGame) -> LiveTable:
    seats = [Seat(i, 100 + i, name) for i, name in enumerate(game.names)]
    return LiveTable(
        id=123456789012345678,  # a long id, as Discord's are: custom ids must still fit
        guild_id=1,
        channel_id=1,
        host_id=100,
        options=GameOptions(shown.key),
        seats=seats,
        created_at=datetime.now(UTC),
        game=game,
    )


def is_png(data: bytes | None) -> bool:
    assert data is not None
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.format == "PNG" and image.width > 100 and image.height > 100


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
def test_every_view_renders_to_a_png(shown: AnyPresenter) -> None:
    seats = shown.spec.max_seats
    rendered = rounds = 0
    seen = 0
    for step, game in enumerate(played(shown, seats, seed=3, moves=1500)):
        view = game.public_view()
        events = list(game.events)
        new, seen = events[seen:], len(events)
        if step % 150 == 0 or game.is_over:
            assert is_png(shown.render_table(view)), f"table after {step} moves"
            rendered += 1
        for result in shown.finished_rounds(new)[:2]:
            assert is_png(shown.render_round(result, game.names))
            rounds += 1
        if game.is_over:
            picture = shown.render_session(game.names, view)
            assert picture is None or is_png(picture)
    assert rendered >= 5 and rounds >= 1


def check_components(payload: Any) -> int:
    """Discord's limits on a Components V2 message; returns how many controls it has."""
    view = payload.view
    assert isinstance(view, discord.ui.LayoutView)
    assert count_components(view) <= V2_COMPONENT_LIMIT
    data = view.to_components()
    texts = [c for c in walk(data) if c["type"] == 10]
    assert sum(len(t["content"]) for t in texts) <= V2_TEXT_LIMIT
    count = 0
    for item in walk(data):
        if item["type"] == 1:  # an action row: five buttons or one select
            kinds = [c["type"] for c in item["components"]]
            assert len(kinds) <= PER_ROW and (3 not in kinds or len(kinds) == 1)
        if "custom_id" not in item:
            continue
        assert len(item["custom_id"]) <= CUSTOM_ID_LIMIT
        assert len(item.get("label") or "") <= 80
        options = item.get("options", [])
        assert len(options) <= OPTION_LIMIT
        assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in options)
        count += 1
    return count


@pytest.fixture(params=[False, True], ids=["plain", "card-emojis"])
def card_emojis(request: pytest.FixtureRequest) -> Iterator[bool]:
    """Hands with plain card labels (four a row), and with the suit emojis (three a row)."""
    if request.param:
        EMOJIS.add(_Emoji(suit_emoji_name(suit), 900 + i) for i, suit in enumerate(Suit))
    yield request.param
    EMOJIS.clear()


class _Emoji:
    def __init__(self, name: str, emoji_id: int) -> None:
        self.name, self.id = name, emoji_id


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_every_hand_stays_within_discords_limits(
    shown: AnyPresenter, card_emojis: bool
) -> None:
    """Every hand, sorted both ways, on every page, with cards tapped and a move asking
    'really?', fits Discord's limits, with and without the card emojis."""
    phases = set()
    checked = 0
    rng = random.Random(5)
    for step, game in enumerate(played(shown, shown.spec.max_seats, seed=5, moves=600)):
        if step % 7 and game.phase is not Phase.BUY_BACK:
            continue
        live = live_for(shown, game)
        for seat in live.seats:
            for sort in ("s", "r"):
                size = len(game.private_view(seat.seat).hand)
                mask = rng.getrandbits(max(1, size)) if step % 2 else 0
                state = HandState(sort=sort, page=step % 3, selected=mask, pick=step % 4)
                check_components(hand_payload(live, seat, state))
                checked += 1
        phases.add(game.phase)
    assert checked > 20 and {Phase.DRAW, Phase.PLAY} <= phases


def offered_everywhere(shown: AnyPresenter, live: LiveTable, seat: Seat) -> None:
    """Every legal move is reachable by taps: its cards tapped, it is offered (or, for a
    deeper take, in the take select)."""
    ctx = hand_context(live, seat, HandState())
    deep = takes.deep_takes(ctx)
    for action in ctx.legal:
        if action in deep:
            continue
        used = taps.cards_used(action)
        state = HandState()
        shown_cards = list(ctx.cards)
        for card in used:
            position = next(
                i for i, c in enumerate(shown_cards) if c == card and i not in state.positions()
            )
            state = state.tapped(position)
        tapped = hand_context(live, seat, state)
        moves = [o.action for o in taps.offers(tapped, shown)]
        assert action in moves or len(moves) == taps.MAX_OFFERS, (action, moves)


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
def test_every_legal_move_is_a_few_taps_away(shown: AnyPresenter) -> None:
    checked = 0
    for step, game in enumerate(played(shown, shown.spec.max_seats, seed=11, moves=400)):
        if step % 5 or game.is_over:
            continue
        live = live_for(shown, game)
        offered_everywhere(shown, live, live.seats[game.to_act])
        checked += 1
    assert checked > 20


async def play_by_hand(
    env: Env, channel: Any, live: LiveTable, member: MemberActor, seed: int
) -> int:
    """After one 'Your hand', the member plays their turns by tapping their live hand (what a
    computer player would do), up to ``HAND_CLICKS`` moves or the end of the first round:
    their hand shows each turn before they tap, and never keeps moves of a past turn."""
    shown = next(p for p in PRESENTERS if p.key == live.game_key)
    seat = live.seat_of(member.id)
    assert seat is not None
    table = Table(env, channel, [member])
    table._live = live
    first = await table.open_hand(member)
    moves = 0
    assert live.game is not None
    while moves < HAND_CLICKS and not shown.finished_rounds(live.game.events):
        if live.game.to_act != seat.seat:
            assert not table.offer_ids(member), "moves of a past turn are still offered"
            await env.advance_time(1)
            continue
        # Their turn shows in the hand they already have: no tap, no new message.
        hand = table.hands[member.id]
        assert hand.id == first.id
        assert shown.turn_text(live.game.private_view(seat.seat)) in description(hand)
        action = table_choice(live, seat.seat)
        version = live.game.public_view().version
        await table.perform_any(action)
        assert live.game.public_view().version > version, f"{action} was not applied"
        moves += 1
    taps_per_move = table.taps / max(1, moves)
    assert taps_per_move < 6, taps_per_move
    return moves


async def views_let_go(tries: int = 200) -> bool:
    """Whether every game view and layout is collected within ``tries`` short waits."""
    for _ in range(tries):
        gc.collect()
        if not [o for o in gc.get_objects() if isinstance(o, GameLayout)]:
            return True
        await asyncio.sleep(0.01)
    return False


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_a_session_of_every_game_through_simcord(
    simcord_env: Env, shown: AnyPresenter
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna = guild.add_member(simcord_env.create_user("anna"))
    opened = await anna.slash(channel, f"treppe new {shown.key}")
    assert opened.response is not None
    lobby = opened.response.message
    assert shown.title in description(lobby)
    live = simcord_env.bot.service.in_channel(channel.id)
    assert live is not None
    for name, value in live.options.values().items():  # the game's every option is shown
        assert shown.option_label(name, value) in description(lobby)
    assert len(live.options.values()) == len(shown.spec.options)
    command = simcord_env.bot.tree.get_command("treppe").get_command("new").get_command(shown.key)
    offered = {parameter.name for parameter in command.parameters}
    assert offered == {option.name for option in shown.spec.options} | {"timer", "thread"}
    strength = shown.spec.strengths[0]
    await anna.select(lobby, [f"add:{strength}"], custom_id=custom_id_of(lobby, "lobby_cpu"))
    await anna.click(lobby, label="Start")
    live = simcord_env.bot.service.in_channel(channel.id)
    assert live is not None and live.game is not None
    clicks = await play_by_hand(simcord_env, channel, live, anna, seed=len(shown.key))
    assert clicks > 3
    # Every hand shown was a private message; discord.py keeps none of their views alive
    # (a hand's edit still in flight holds its view until it lands: wait for that, briefly).
    assert await views_let_go(), "a hand's view is kept alive after its message was sent"
    # The rest of the session is played for the member: the timer, computer moves, storage.
    left = await anna.slash(channel, "treppe leave")
    assert left.response is not None and left.response.ephemeral
    for _ in range(3000):
        if live.game.is_over:
            break
        await simcord_env.advance_time(1)
    assert live.game.is_over
    final = next(m for m in channel.history() if m.id == live.table_message_id)
    winner = live.game.public_view().winner
    assert winner is not None
    # The heading names the winner; the log under it does not say so again.
    assert description(final).count(f"{live.shown_names[winner]} wins") == 1
    # The last round's result and the final standings are said in words (issue 39).
    assert live.round_result is not None
    assert shown.round_headline(live.round_result, live.shown_names) in description(final)
    standings = shown.standings_text(live.shown_names, live.game.standings())
    assert standings in description(final)
    storage = simcord_env.bot.service.storage
    row = await storage.game(live.id)
    assert row is not None and row.status == "finished"
    board = await storage.leaderboard(guild.id, shown.key)
    assert [r.user_id for r in board] == [anna.id]
    rounds = await storage.round_rows(live.id)
    assert len(rounds) == 2 * len({r.round_number for r in rounds}) > 0


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_the_turn_ping_names_the_games_round_or_hand(
    simcord_env: Env, shown: AnyPresenter
) -> None:
    table = Table.in_new_channel(simcord_env, "anna", "ben")
    await table.start(await table.open(game=shown.key))
    live = table.live
    assert live.game is not None
    ping = simcord_env.bot.service.poster.ping_text(live)
    to_act = live.seats[live.game.to_act].user_id
    word = "hand" if shown.key == "gin" else "round"  # Gin Rummy deals hands
    assert ping == f"<@{to_act}>, your turn ({word} {live.game.round_number})."
