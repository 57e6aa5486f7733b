"""Drive Treppenrommé through SimCord the way members do: slash commands, clicks, selects.

The harness peeks at the bot's engine only to *decide* a move (like a player looking at their
cards); every move itself goes through Discord interactions."""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from simcord import ChannelHandle, Env, InteractionResult, MemberActor, ResponseMessage
from simcord.actors import _dispatch_actor_interaction, _visible_message
from simcord.backend import serializers

from bot.core.handstate import HandState
from bot.core.model import GameOptions, LiveTable, Seat
from bot.games import presenter
from bot.hand import taps
from bot.hand.ui import CARDS_PER_PAGE, hand_context
from bot.settings import Settings
from engine import (
    Action,
    Discard,
    DrawTalon,
    Game,
    LayOff,
    Meld,
    Phase,
    TakeDiscard,
    TakeStaircase,
    parse_cards,
)
from engine.cards import FULL_PACK, JOKER, Card
from engine.games.treppe.melds import hand_value, possible_melds
from engine.i18n import PSEUDO_CLOSE, PSEUDO_OPEN
from engine.protocol import BasePrivateView, RummyGame


class SafePlayer:
    """The members' way of playing Treppenrommé in these tests: draw from the talon (or take the
    top staircase card), lay the biggest meld, then discard the dearest card that fits no meld.
    Quick, and it reaches the ends of rounds."""

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, DrawTalon)]
        if draws:
            return draws[0]
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        if takes:
            return min(takes, key=lambda a: a.depth)  # only the top card
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(melds, key=lambda a: len(a.cards))
        discards = [a for a in legal if isinstance(a, Discard)]
        in_melds = {card for meld in possible_melds(view.hand) for card in meld}
        loose = [a for a in discards if a.card not in in_melds] or discards
        if loose:
            return max(loose, key=lambda a: hand_value(a.card))
        return legal[0]


def offline_live(game: RummyGame, key: str, round_result: object = None) -> LiveTable:
    """A running table around ``game`` without a bot: seat ``i`` is member ``10 + i`` with the
    game's name for it, for tests of what the bot draws from a table."""
    return LiveTable(
        id=1,
        guild_id=1,
        channel_id=1,
        host_id=10,
        options=GameOptions(key),
        seats=[Seat(i, 10 + i, name) for i, name in enumerate(game.names)],
        created_at=datetime.now(UTC),
        game=game,
        round_result=round_result,
    )


def make_settings(tmp_path: Path, **overrides: object) -> Settings:
    values: dict[str, object] = {
        "database_path": tmp_path / "treppenbot.db",
        "render_images": False,  # pictures are the renderer's tests; keep these fast
        "card_emojis": False,  # uploading 110 emojis per bot: only where a test checks them
        "computer_delay": 0.0,
        "computer_processes": 0,  # threads: a worker process per test is slow to start
        "game_seed": 7,
        "default_turn_timer": 0,
        "default_target": 50,
        "shard_count": 1,  # SimCord cannot ask Discord for the count
        # Its polling would keep SimCord's virtual clock busy; tests/bot/ops/test_failover.py
        # runs it in real processes.
        "shard_locks": False,
        "clicks_per_second": 0.0,  # tests click far faster than people; test_bot_limits turns it on
        # SimCord also fires a parked timer in real time when a test runs that long: the
        # lease keeper's (lease_seconds / 3, 20 s by default) then came round mid-test on a
        # busy machine, and its storage wait kept the bot from settling. At 200 s no test
        # runs that long. (At 3600 s the history tests' sessions stopped being played for
        # their computer seats; not looked into.) Tests of leases set their own.
        "lease_seconds": 600,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


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


def component_dicts(message: ResponseMessage | discord.Message) -> list[dict[str, Any]]:
    return [c.to_dict() if hasattr(c, "to_dict") else c for c in message.components]


def description(message: ResponseMessage | discord.Message | None) -> str:
    """Every word a message shows: its embeds' descriptions and its V2 text displays."""
    assert message is not None
    parts = [str(e.description or "") for e in message.embeds]
    parts.extend(
        str(c.get("content", "")) for c in walk(component_dicts(message)) if c.get("type") == 10
    )
    return "\n".join(parts)


def text_fields(message: ResponseMessage | discord.Message) -> dict[str, str]:
    """A V2 message's ``**Name**`` blocks (what were an embed's fields): name -> text."""
    found: dict[str, str] = {}
    for block in re.split(r"\n(?=\*\*[^*\n]+\*\*\n)", description(message)):
        match = re.match(r"\*\*([^*\n]+)\*\*\n(.*)", block, re.S)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def small_print(message: ResponseMessage | discord.Message) -> str:
    """A V2 message's small print (``-#`` lines: what was an embed's footer)."""
    lines = description(message).splitlines()
    return "\n".join(line[3:] for line in lines if line.startswith("-# "))


def has_picture(message: ResponseMessage | discord.Message) -> bool:
    return any(c.get("type") == 12 for c in walk(component_dicts(message)))


def card_buttons(message: ResponseMessage | discord.Message) -> list[dict[str, Any]]:
    return [
        c
        for c in walk(component_dicts(message))
        if str(c.get("custom_id", "")).split(":")[2:3] == ["t_tap"]
    ]


SUIT_OF_EMOJI = {"trp_s_S": "♠", "trp_s_H": "♥", "trp_s_D": "♦", "trp_s_C": "♣"}


def hand_cards_shown(message: ResponseMessage | discord.Message) -> list[str]:
    """The cards a hand message shows (its card buttons, this page): the label, or the card
    its emoji stands for where the card emojis are on (a button is then the emoji alone)."""
    from bot.render.emoji_art import emoji_name

    by_emoji = {emoji_name(c, lang): str(c) for c in (*FULL_PACK, JOKER) for lang in ("", "de")}
    shown = []
    for button in card_buttons(message):
        name = str((button.get("emoji") or {}).get("name"))
        suit = SUIT_OF_EMOJI.get(name, "")
        shown.append(by_emoji[name] if name in by_emoji else f"{button.get('label')}{suit}")
    return shown


class Shown:
    """A message as a member's client shows it now: a later click on it comes from this
    state even after the bot has edited the message (a double click, a slow client)."""

    def __init__(self, env: Env, member: MemberActor, message: ResponseMessage) -> None:
        stored = _visible_message(member, message)
        self.payload = copy.deepcopy(dict(serializers.message_payload(env.backend, stored)))
        self.message_id = stored.id
        self.member = member

    async def click(
        self, channel: ChannelHandle, custom_id: str, values: list[str] | None = None
    ) -> InteractionResult:
        """Use the control ``custom_id`` as this message showed it (a select with values)."""
        components = [c for c in walk(self.payload.get("components", []))]
        assert any(c.get("custom_id") == custom_id for c in components), "not on the message"
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if values is not None:
            data.update(component_type=3, values=values)
        return await _dispatch_actor_interaction(
            self.member,
            3,  # a component interaction
            channel,
            data,
            extra={"message": self.payload},
            source_message_id=self.message_id,
        )


class Table:
    def __init__(self, env: Env, channel: ChannelHandle, members: list[MemberActor]) -> None:
        self.env = env
        self.channel = channel
        self.members = members
        self.hands: dict[int, ResponseMessage] = {}  # member id -> their open hand message
        self.strategy = SafePlayer()
        self.use_slash = False
        self.private_checks = 0
        self.taps = 0  # every button press and option pick on a hand
        self.round_ends: list[str] = []  # the table's words right after a round
        self.headlines: list[str] = []  # each of those rounds' headline, as the table words it
        self._live: LiveTable | None = None  # kept after the session ends and the bot lets go

    # ------------------------------------------------------------ state
    @classmethod
    def in_new_channel(cls, env: Env, *names: str) -> Table:
        """A table in a new server's #cards channel, with a member for each of ``names``."""
        guild = env.create_guild()
        channel = guild.create_text_channel("cards")
        return cls(env, channel, [guild.add_member(env.create_user(name)) for name in names])

    @property
    def service(self) -> Any:
        return self.env.bot.service

    @property
    def live(self) -> LiveTable:
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
        self, *, extra_join: bool = True, game: str = "treppenromme", **options: Any
    ) -> discord.Message:
        host = self.members[0]
        result = await host.slash(self.channel, f"treppe new {game}", **options)
        assert result.response is not None
        lobby = result.response.message
        self._live = None
        assert self.live.status == "lobby"  # remember this table from now on
        if extra_join:
            for member in self.members[1:]:
                await member.click(lobby, custom_id=custom_id_of(lobby, "lobby_join"))
        return lobby

    async def start(self, lobby: discord.Message) -> InteractionResult:
        result = await self.members[0].click(lobby, custom_id=custom_id_of(lobby, "lobby_start"))
        assert self.live.game is not None  # remember the game even after the bot lets go
        return result

    # ------------------------------------------------------------ privacy
    def check_private(self, member: MemberActor, message: ResponseMessage | None) -> None:
        """A hand message is ephemeral and shows exactly this member's own cards (those of
        its page)."""
        assert message is not None
        assert message.ephemeral, "a hand must be private"
        live = self.live
        assert live.game is not None, "a hand is shown only while a game runs"
        seat = live.seat_of(member.id)
        assert seat is not None
        own = [str(c) for c in live.game.private_view(seat.seat).hand]
        # The pseudo-locale marks the rank letters it translates (⟦A⟧♦): the card is the same.
        shown = [
            c.replace(PSEUDO_OPEN, "").replace(PSEUDO_CLOSE, "") for c in hand_cards_shown(message)
        ]
        if live.game.is_over:  # the session's end: the hand says so, with no cards to tap
            assert not shown and "This game has ended" in description(message), shown
            self.private_checks += 1
            return
        page = HandState.decode(custom_id_of(message, "h_refresh").split(":", 3)[3]).page
        on_page = len(own[page * CARDS_PER_PAGE : (page + 1) * CARDS_PER_PAGE])
        assert len(shown) == on_page, (shown, own, page)
        assert not Counter(shown) - Counter(own), (shown, own)
        self.private_checks += 1

    # ------------------------------------------------------------ hands
    async def open_hand(self, member: MemberActor) -> ResponseMessage:
        result = await member.click(
            self.table_message(), custom_id=custom_id_of(self.table_message(), "hand")
        )
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
        cid = custom_id_of(hand, operation)
        return await self.press(member, cid, values)

    async def press(
        self, member: MemberActor, cid: str, values: list[str] | None = None
    ) -> InteractionResult:
        """Press one control (by custom_id) of the member's live hand, as a tap."""
        hand = await self.hand_of(member)
        if values is None:
            result = await member.click(hand, custom_id=cid)
        else:
            result = await member.select(hand, values, custom_id=cid)
        self.taps += 1
        if result.response is not None and result.response.ephemeral:
            self.check_private(member, result.response)
        return result

    def hand_state(self, member: MemberActor) -> HandState:
        """The state the member's hand was drawn with (read off its Refresh button)."""
        hand = self.hands[member.id]
        return HandState.decode(custom_id_of(hand, "h_refresh").split(":", 3)[3])

    def offer_ids(self, member: MemberActor) -> dict[str, Action]:
        """The hand's offered moves: custom_id -> the move (the harness peeks at the bot's
        offers to know which button is which move, as a member reads the labels)."""
        hand = self.hands[member.id]
        seat = self.live.seat_of(member.id)
        assert seat is not None
        found: dict[str, Action] = {}
        for component in walk(component_dicts(hand)):
            cid = str(component.get("custom_id", ""))
            if cid.split(":")[2:3] != ["t_do"]:
                continue
            state = HandState.decode(cid.split(":", 3)[3])
            ctx = hand_context(self.live, seat, state)
            offered = taps.offers(ctx, presenter(self.live.game_key))
            if 0 <= state.pick < len(offered):
                found[cid] = offered[state.pick].action
        return found

    async def tap_cards(self, member: MemberActor, cards: tuple[Card, ...]) -> None:
        """Tap these cards (each once) on the member's hand, turning pages as needed."""
        seat = self.live.seat_of(member.id)
        assert seat is not None
        taken: set[int] = set()
        for card in cards:
            shown = hand_context(self.live, seat, self.hand_state(member)).cards
            position = next(i for i, c in enumerate(shown) if c == card and i not in taken)
            taken.add(position)
            while position // CARDS_PER_PAGE != self.hand_state(member).page:
                await self.press(member, custom_id_of(self.hands[member.id], "h_page"))
            buttons = card_buttons(self.hands[member.id])
            await self.press(member, str(buttons[position % CARDS_PER_PAGE]["custom_id"]))

    async def play_offered(self, member: MemberActor, action: Action) -> InteractionResult:
        """Tap the cards the move uses, then its button (and 'yes' if it asks)."""
        await self.hand_of(member)
        used = taps.cards_used(action)
        if used and action not in self.offer_ids(member).values():  # not a one-tap suggestion
            await self.tap_cards(member, used)
        offered = self.offer_ids(member)
        cid = next((c for c, a in offered.items() if a == action), None)
        assert cid is not None, f"{action} is not offered: {list(offered.values())}"
        result = await self.press(member, cid)
        confirm = [c for c in self.offer_ids(member) if HandState.decode(c.split(":", 3)[3]).sure]
        if confirm:
            result = await self.press(member, confirm[0])
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

    async def perform_any(self, action: Action) -> InteractionResult:
        """Play any game's move the way a member taps it on their live hand."""
        member = self.member_for_seat(action.seat)
        pile = self.live.game.public_view().discard_pile  # type: ignore[union-attr]
        action = by_depth(action, pile)
        if isinstance(action, TakeDiscard) and action.depth > 1:
            code = pile[-action.depth].code
            return await self.use(member, "t_take", [f"d{action.depth}:{code}"])
        return await self.play_offered(member, action)

    async def perform(self, action: Action) -> InteractionResult:
        member = self.member_for_seat(action.seat)
        if self.use_slash:
            return await self.perform_by_slash(member, action)
        pile = self.game.public_view().discard_pile
        action = by_depth(action, pile)
        if isinstance(action, TakeDiscard) and action.depth > 1:
            code = pile[-action.depth].code
            return await self.use(member, "t_take", [f"d{action.depth}:{code}"])
        return await self.play_offered(member, action)

    async def perform_by_slash(self, member: MemberActor, action: Action) -> InteractionResult:
        if isinstance(action, DrawTalon):
            result = await member.slash(self.channel, "treppe draw")
        elif isinstance(action, TakeStaircase | TakeDiscard):
            pile = self.game.public_view().discard_pile
            position = len(pile) - by_depth(action, pile).depth + 1  # type: ignore[union-attr]
            result = await member.slash(self.channel, "treppe take", position=position)
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
        assert result.response is not None
        self.hands[member.id] = result.response  # the new private hand is the live one now
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
                self.round_ends.append(description(self.table_message()))
                shown, result = presenter(self.live.game_key), self.live.round_result
                self.headlines.append(shown.round_headline(result, self.live.shown_names))
            assert self.game.public_view().version > before, f"{action} was not applied"
            made += 1
            if made % 7 == 0:
                self.use_slash = not self.use_slash  # mix clicking and typing
        return made


def by_depth(action: Action, pile: Sequence[Card]) -> Action:
    """A take named by its position (``TakeStaircase``) as the take of that depth the engine
    lists; any other action as it is."""
    if isinstance(action, TakeStaircase):
        return TakeDiscard(action.seat, len(pile) - action.index)
    return action


def cards(text: str) -> list[str]:
    return [c.code for c in parse_cards(text)]


def table_choice(live: LiveTable, seat: int) -> Any:
    """What a computer player would do in this seat (the member does it when one click can)."""
    game = live.game
    assert game is not None
    spec = live.options.spec
    player = spec.make_player(spec.strengths[0], seat)
    return player.choose(game.private_view(seat), list(game.legal_actions()))
