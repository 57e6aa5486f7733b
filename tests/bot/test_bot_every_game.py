"""Generic bot tests for every registered game, with no per-game code: every picture renders to
a PNG, every hand stays within Discord's limits, and a whole session runs through SimCord with
a member playing only the controls their hand offers."""

from __future__ import annotations

import gc
import io
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from bot_harness import custom_id_of, description, walk
from PIL import Image
from simcord import Env, MemberActor

from bot.core.components import GameView
from bot.core.model import GameOptions, LiveGame, Seat
from bot.core.presenter import GamePresenter, HandState, Redraw
from bot.games import all_presenters
from bot.hand.ui import hand_context, hand_payload
from engine.protocol import Phase, RummyGame

PRESENTERS = all_presenters()
IDS = [p.key for p in PRESENTERS]
CUSTOM_ID_LIMIT = 100
OPTION_LIMIT = 25
ROWS, PER_ROW = 5, 5
HAND_CLICKS = 16


def played(shown: GamePresenter, seats: int, seed: int, moves: int) -> Iterator[RummyGame]:
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


def live_for(shown: GamePresenter, game: RummyGame) -> LiveGame:
    seats = [Seat(i, 100 + i, name) for i, name in enumerate(game.names)]
    return LiveGame(
        id=123456789012345678,  # a long id, as Discord's are: custom ids must still fit
        guild_id=1,
        channel_id=1,
        host_id=100,
        status="playing",
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
def test_every_view_renders_to_a_png(shown: GamePresenter) -> None:
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
    """Discord's limits on a message's components; returns how many controls it has."""
    rows = payload.view.to_components()
    assert len(rows) <= ROWS
    count = 0
    for row in rows:
        items = row["components"]
        selects = [i for i in items if i["type"] == 3]
        assert len(items) <= PER_ROW and (not selects or len(items) == 1)
        for item in items:
            assert len(item["custom_id"]) <= CUSTOM_ID_LIMIT
            assert len(item.get("label") or "") <= 80
            options = item.get("options", [])
            assert len(options) <= OPTION_LIMIT
            assert all(len(o["label"]) <= 100 and len(o["value"]) <= 100 for o in options)
            if selects:
                assert 1 <= item["max_values"] <= max(1, len(options))
            count += 1
    return count


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_every_hand_stays_within_discords_limits(shown: GamePresenter) -> None:
    phases = set()
    checked = 0
    for step, game in enumerate(played(shown, shown.spec.max_seats, seed=5, moves=600)):
        if step % 7 and game.phase is not Phase.BUY_BACK:
            continue
        live = live_for(shown, game)
        for seat in live.seats:
            for sort in ("s", "r"):
                state = HandState(sort=sort, page=step % 3)
                payload = await hand_payload(live, seat, state, with_image=False)
                check_components(payload)
                checked += 1
        phases.add(game.phase)
    assert checked > 20 and {Phase.DRAW, Phase.PLAY} <= phases


def reachable(shown: GamePresenter, live: LiveGame, seat: Seat, message: Any) -> list[Any]:
    """(action, custom_id, values) for every legal action one click of the hand makes."""
    ctx = hand_context(live, seat, HandState())
    rows = [c.to_dict() if hasattr(c, "to_dict") else c for c in message.components]
    found = []
    for item in walk(rows):
        custom_id = str(item.get("custom_id", ""))
        operation = custom_id.split(":")[2:3]
        handler = shown.controls.get(operation[0]) if operation else None
        if handler is None or item.get("disabled"):
            continue
        choices = [[str(o["value"])] for o in item.get("options", [])] or [[]]
        for values in choices:
            try:
                action = handler(ctx, values)
            except Exception:
                continue
            if not isinstance(action, Redraw) and action in ctx.legal:
                found.append((action, custom_id, values))
    return found


async def play_by_hand(
    env: Env, channel: Any, live: LiveGame, member: MemberActor, seed: int
) -> int:
    """The member plays their turns with one click of their hand's controls each (what a
    computer player would do, when one click can do it), up to ``HAND_CLICKS`` moves or the
    end of the first round."""
    rng = random.Random(seed)
    shown = next(p for p in PRESENTERS if p.key == live.game_key)
    seat = live.seat_of(member.id)
    assert seat is not None
    clicks = 0
    assert live.game is not None
    while clicks < HAND_CLICKS and not shown.finished_rounds(live.game.events):
        if live.game.to_act != seat.seat:
            await env.advance_time(1)
            continue
        message = next(m for m in channel.history() if m.id == live.table_message_id)
        hand = (await member.click(message, label="Your hand")).response
        assert hand is not None and hand.ephemeral
        options = reachable(shown, live, seat, hand)
        assert options, description(hand)
        preferred = [o for o in options if o[0] == table_choice(live, seat.seat)]
        action, custom_id, values = (preferred or [rng.choice(options)])[0]
        version = live.game.public_view().version
        if values:
            await member.select(hand, values, custom_id=custom_id)
        else:
            await member.click(hand, custom_id=custom_id)
        assert live.game.public_view().version > version, f"{action} was not applied"
        clicks += 1
    return clicks


def table_choice(live: LiveGame, seat: int) -> Any:
    """What a computer player would do in this seat (the member does it when one click can)."""
    game = live.game
    assert game is not None
    spec = live.options.spec
    player = spec.make_player(spec.strengths[0], seat)
    return player.choose(game.private_view(seat), list(game.legal_actions()))


@pytest.mark.parametrize("shown", PRESENTERS, ids=IDS)
async def test_a_session_of_every_game_through_simcord(
    simcord_env: Env, shown: GamePresenter
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("cards")
    anna = guild.add_member(simcord_env.create_user("anna"))
    opened = await anna.slash(channel, f"treppe new {shown.key}")
    assert opened.response is not None
    lobby = opened.response.message
    assert shown.title in (lobby.embeds[0].title or "")
    live = simcord_env.bot.service.in_channel(channel.id)
    assert live is not None
    for name, value in live.options.values().items():  # the game's every option is shown
        assert shown.option_label(name, value) in description(lobby)
    assert len(live.options.values()) == len(shown.spec.options)
    command = simcord_env.bot.tree.get_command("treppe").get_command("new").get_command(shown.key)
    offered = {parameter.name for parameter in command.parameters}
    assert offered == {option.name for option in shown.spec.options} | {"timer"}
    strength = shown.spec.strengths[0]
    await anna.select(lobby, [f"add:{strength}"], custom_id=custom_id_of(lobby, "lobby_cpu"))
    await anna.click(lobby, label="Start")
    live = simcord_env.bot.service.in_channel(channel.id)
    assert live is not None and live.game is not None
    clicks = await play_by_hand(simcord_env, channel, live, anna, seed=len(shown.key))
    assert clicks > 3
    # Every hand shown was a private message; discord.py keeps none of their views alive.
    gc.collect()
    assert [o for o in gc.get_objects() if isinstance(o, GameView)] == []
    # The rest of the session is played for the member: the timer, computer moves, storage.
    left = await anna.slash(channel, "treppe leave")
    assert left.response is not None and left.response.ephemeral
    for _ in range(3000):
        if live.game.is_over:
            break
        await simcord_env.advance_time(1)
    assert live.game.is_over
    final = next(m for m in channel.history() if m.id == live.table_message_id)
    assert "wins" in (final.embeds[0].title or "")
    storage = simcord_env.bot.service.storage
    row = await storage.game(live.id)
    assert row is not None and row.status == "finished"
    board = await storage.leaderboard(guild.id, shown.key)
    assert [r.user_id for r in board] == [anna.id]
    rounds = await storage.round_rows(live.id)
    assert len(rounds) == 2 * len({r.round_number for r in rounds}) > 0
