"""Drive Treppenrommé through SimCord the way members do: slash commands, clicks, selects.

The harness peeks at the bot's engine only to *decide* a move (like a player looking at their
cards); every move itself goes through Discord interactions."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor, ResponseMessage

from bot.core.model import LiveGame
from bot.games.treppe.hand import SafePlayer
from bot.settings import Settings
from engine import Action, Discard, DrawTalon, Game, LayOff, Meld, Phase, TakeStaircase, parse_cards


def make_settings(tmp_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "database_path": tmp_path / "treppenbot.db",
        "render_images": False,  # pictures are the renderer's tests; keep these fast
        "computer_delay": 0.0,
        "game_seed": 7,
        "default_turn_timer": 0,
        "default_target": 50,
        "shard_count": 1,  # SimCord cannot ask Discord for the count
        "clicks_per_second": 0.0,  # tests click far faster than people; test_bot_limits turns it on
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


HAND_LINE = re.compile(r"\*\*Your hand \((\d+)\):\*\* (.*)")


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from walk(component.get("components", []))


def custom_id_of(message: ResponseMessage | discord.Message, operation: str) -> str:
    components = message.components
    rows = [c.to_dict() if hasattr(c, "to_dict") else c for c in components]
    for component in walk(rows):
        cid = component.get("custom_id", "")
        if cid.split(":")[2:3] == [operation]:
            return str(cid)
    raise AssertionError(f"no {operation} control on the message")


def has_control(message: ResponseMessage | discord.Message, operation: str) -> bool:
    try:
        custom_id_of(message, operation)
    except AssertionError:
        return False
    return True


def description(message: ResponseMessage | discord.Message | None) -> str:
    assert message is not None
    return "\n".join(str(e.description or "") for e in message.embeds)


def hand_cards_shown(message: ResponseMessage | discord.Message) -> list[str]:
    """The cards a hand message shows, as written on its 'Your hand' line."""
    match = HAND_LINE.search(description(message))
    assert match is not None, description(message)
    return [] if match.group(2) == "—" else match.group(2).split(" ")


class Table:
    def __init__(self, env: Env, channel: ChannelHandle, members: list[MemberActor]) -> None:
        self.env = env
        self.channel = channel
        self.members = members
        self.hands: dict[int, ResponseMessage] = {}  # member id -> their open hand message
        self.strategy = SafePlayer()
        self.use_slash = False
        self.private_checks = 0
        self.round_ends: list[list[str]] = []  # the table's embed titles right after a round
        self._live: LiveGame | None = None  # kept after the session ends and the bot lets go

    # ------------------------------------------------------------ state
    @property
    def service(self) -> Any:
        return self.env.bot.service

    @property
    def live(self) -> LiveGame:
        live = self.service.in_channel(self.channel.id)
        if live is not None:
            self._live = live
        assert self._live is not None, "no table in this channel"
        return self._live

    @property
    def game(self) -> Game:
        game = self.live.game
        assert isinstance(game, Game), "not a Treppenrommé game"
        return game

    def member_for_seat(self, seat: int) -> MemberActor:
        user_id = self.live.seats[seat].user_id
        return next(m for m in self.members if m.id == user_id)

    def seat_of(self, member: MemberActor) -> int:
        seat = self.live.seat_of(member.id)
        assert seat is not None
        return seat.seat

    def table_message(self) -> discord.Message:
        message_id = self.live.table_message_id
        return next(m for m in self.channel.history() if m.id == message_id)

    # ------------------------------------------------------------ lobby
    async def open(
        self, *, extra_join: bool = True, variant: str = "treppenromme", **options: Any
    ) -> discord.Message:
        host = self.members[0]
        result = await host.slash(self.channel, f"treppe new {variant}", **options)
        assert result.response is not None
        lobby = result.response.message
        self._live = None
        assert self.live.status == "lobby"  # remember this table from now on
        if extra_join:
            for member in self.members[1:]:
                await member.click(lobby, label="Join")
        return lobby

    async def start(self, lobby: discord.Message) -> InteractionResult:
        result = await self.members[0].click(lobby, label="Start")
        assert self.live.game is not None  # remember the game even after the bot lets go
        return result

    # ------------------------------------------------------------ privacy
    def check_private(self, member: MemberActor, message: ResponseMessage | None) -> None:
        """A hand message is ephemeral and shows exactly this member's own cards."""
        assert message is not None
        assert message.ephemeral, "a hand must be private"
        live = self.live
        assert live.game is not None, "a hand is shown only while a game runs"
        seat = live.seat_of(member.id)
        assert seat is not None
        own = sorted(str(c) for c in live.game.private_view(seat.seat).hand)
        assert sorted(hand_cards_shown(message)) == own
        self.private_checks += 1

    # ------------------------------------------------------------ hands
    async def open_hand(self, member: MemberActor) -> ResponseMessage:
        result = await member.click(self.table_message(), label="Your hand")
        assert result.response is not None
        self.check_private(member, result.response)
        self.hands[member.id] = result.response
        return result.response

    async def hand_of(self, member: MemberActor) -> ResponseMessage:
        return self.hands.get(member.id) or await self.open_hand(member)

    async def use(
        self, member: MemberActor, operation: str, values: list[str] | None = None
    ) -> InteractionResult:
        """Click a control of the member's hand (a button, or a select with values)."""
        hand = await self.hand_of(member)
        if not has_control(hand, operation):
            # The hand was drawn before the turn came round: refresh it, as a member would.
            refreshed = await member.click(hand, custom_id=custom_id_of(hand, "h_refresh"))
            self.check_private(member, refreshed.response)
        cid = custom_id_of(hand, operation)
        if values is None:
            result = await member.click(hand, custom_id=cid)
        else:
            result = await member.select(hand, values, custom_id=cid)
        if result.response is not None and result.response.ephemeral:
            self.check_private(member, result.response)
        return result

    # ------------------------------------------------------------ moves
    def choose(self) -> Action:
        game = self.game
        seat = game.to_act
        legal = game.legal_actions()
        if game.phase is Phase.PLAY:
            layoffs = [a for a in legal if isinstance(a, LayOff)]
            melds = [a for a in legal if isinstance(a, Meld)]
            if not melds and layoffs:
                return layoffs[0]
        return self.strategy.choose(game.private_view(seat), legal)

    async def perform(self, action: Action) -> InteractionResult:
        member = self.member_for_seat(action.seat)
        if self.use_slash:
            return await self.perform_by_slash(member, action)
        if isinstance(action, DrawTalon):
            return await self.use(member, "h_draw")
        if isinstance(action, TakeStaircase):
            code = self.game.public_view().staircase[action.index].code
            return await self.use(member, "h_take", [f"{action.index}:{code}"])
        if isinstance(action, Meld):
            return await self.use(member, "h_meld", [c.code for c in action.cards])
        if isinstance(action, LayOff):
            result = await self.use(member, "h_lay", [action.card.code])
            hand = self.hands[member.id]
            if has_control(hand, "h_layto"):
                end = "-" if action.end is None else action.end.value
                value = f"{action.card.code}:{action.meld_id}:{end}"
                result = await self.use(member, "h_layto", [value])
            return result
        assert isinstance(action, Discard)
        return await self.use(member, "h_discard", [action.card.code])

    async def perform_by_slash(self, member: MemberActor, action: Action) -> InteractionResult:
        if isinstance(action, DrawTalon):
            result = await member.slash(self.channel, "treppe draw")
        elif isinstance(action, TakeStaircase):
            result = await member.slash(self.channel, "treppe take", position=action.index + 1)
        elif isinstance(action, Meld):
            text = " ".join(c.code.lower() for c in action.cards)  # typed the lazy way
            result = await member.slash(self.channel, "treppe meld", cards=text)
        elif isinstance(action, LayOff):
            options: dict[str, Any] = {"card": str(action.card), "meld": action.meld_id + 1}
            if action.end is not None:
                options["end"] = action.end.value
            result = await member.slash(self.channel, "treppe layoff", **options)
        else:
            assert isinstance(action, Discard)
            result = await member.slash(self.channel, "treppe discard", card=str(action.card))
        self.check_private(member, result.response)
        return result

    async def play(self, moves: int | None = None) -> int:
        """Play moves (all of them if None) until the session ends; returns moves made."""
        made = 0
        while True:
            if self.game.phase is Phase.OVER or (moves is not None and made >= moves):
                break
            seat = self.live.seats[self.game.to_act]
            if seat.played_for:
                break  # the bot plays this seat; nothing for a member to do
            before = self.game.public_view().version
            round_before = self.game.public_view().round_number
            action = self.choose()
            await self.perform(action)
            if self.game.public_view().round_number != round_before:
                self.round_ends.append([e.title or "" for e in self.table_message().embeds])
            assert self.game.public_view().version > before, f"{action} was not applied"
            made += 1
            if made % 7 == 0:
                self.use_slash = not self.use_slash  # mix clicking and typing
        return made


def cards(text: str) -> list[str]:
    return [c.code for c in parse_cards(text)]
