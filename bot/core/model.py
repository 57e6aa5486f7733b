"""The bot's in-memory picture of a game: seats, options, the engine game and its tasks."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

import discord

from bot.core.handcode import HandState
from bot.core.presenter import AnyPresenter, presenter
from bot.core.texts import shown_name
from bot.core.tokens import EDIT_MARGIN, TOKEN_LIFE, TableTokens
from bot.storage import GameRow, SeatRow
from engine.actions import Action
from engine.i18n import _
from engine.protocol import GameRules, GameSpec, OptionValue, Player, RummyGame
from engine.registry import all_specs, get_spec

TIMER_KEY = "turn_timer"
TOKENS_KEY = "tokens_only"


class Status(StrEnum):
    """Where a table is in its life while this process holds it (stored as its value)."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"


GAME_KEYS = ("game", "variant")  # how stored options name the game (older rows: "variant")


def default_game_key() -> str:
    """The game a table plays when nobody says which: the registry's first."""
    return all_specs()[0].key


@dataclass(frozen=True, slots=True)
class GameOptions:
    """What a table agreed on: the game, the turn timer and the game's own table options
    (by the names of its option schema; options left out keep the game's defaults)."""

    game_key: str
    turn_timer: int = 120  # seconds; 0 = no timer
    rules: tuple[tuple[str, OptionValue], ...] = ()
    # Where the bot is no member of the channel (a DM, a group DM, a server where only a
    # member installed the app): the table lives on interaction tokens (``bot.core.tokens``).
    tokens_only: bool = False

    @property
    def spec(self) -> GameSpec:
        """The chosen game's registry entry."""
        return get_spec(self.game_key)

    @property
    def title(self) -> str:
        """The chosen game's name in the reader's language, as tables and lobbies show it."""
        return _(self.spec.title)

    @property
    def max_seats(self) -> int:
        """How many players the chosen game seats at most."""
        return self.spec.max_seats

    def value(self, name: str) -> OptionValue:
        """The value of one of the game's table options (its default when not given)."""
        given = dict(self.rules)
        return given[name] if name in given else self.spec.option(name).default

    def values(self) -> dict[str, OptionValue]:
        """Every table option of the game by name, defaults filled in."""
        return {option.name: self.value(option.name) for option in self.spec.options}

    def to_json(self) -> dict[str, Any]:
        """The options as stored in the game's row, read back by ``from_json``."""
        stored = {"game": self.game_key, TIMER_KEY: self.turn_timer, **dict(self.rules)}
        return stored | ({TOKENS_KEY: True} if self.tokens_only else {})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameOptions:
        """Read stored options; options the game does not have (or no longer accepts) are
        dropped, so an old row never stops a table from loading."""
        key = next((str(data[k]) for k in GAME_KEYS if k in data), default_game_key())
        spec = get_spec(key)
        rules: list[tuple[str, OptionValue]] = []
        for option in spec.options:
            if option.name in data:
                try:
                    rules.append((option.name, option.check(data[option.name])))
                except ValueError:
                    continue
        return cls(key, int(data.get(TIMER_KEY, 120)), tuple(rules), bool(data.get(TOKENS_KEY)))

    def ruleset(self) -> GameRules:
        """The engine's ruleset for these options, to start the game with."""
        return self.spec.make_ruleset(dict(self.rules))


def timer_text(seconds: int) -> str:
    """A duration for the lobby and the table: whole minutes as "2 min", otherwise seconds."""
    if seconds % 60 == 0:
        return _("{value} min", value=seconds // 60)
    return _("{seconds} s", seconds=seconds)


Seat = SeatRow  # a seat as the bot keeps it is the seat as it is stored (bot.storage.rows)

TurnKey = tuple[int, int, bool]  # (round, seat to act, over): a new key is a new turn


def turn_key_of(game: RummyGame) -> TurnKey:
    """What names a turn (round, seat to act, over): a new key is a new turn to announce."""
    return (game.round_number, game.to_act, game.is_over)


@dataclass
class TableMessage:
    """The public table message: which it is, and what its next refresh should do."""

    message_id: int | None = None
    refresh_wanted: bool = False
    # The table moves (a new message that mentions the member to act) at the next refresh:
    # None = no move, "" = the turn's ping, other text = a timer reminder to post instead.
    move_wanted: str | None = None
    ping: str | None = None  # the ping the current table message opens with
    pinged_turn: TurnKey | None = None  # the turn that ping belongs to
    # Set on restore: before its first post, the table task deletes stale tables of this game
    # that a crash between posting and saving a message id may have left in the channel.
    sweep_wanted: bool = False


@dataclass
class TurnMarks:
    """What the bot has announced of the game's turns (the game itself says whose turn it is:
    ``turn_key_of``). ``serial`` grows with every turn announced, and on a resume: a turn
    timer started for an older serial stands down."""

    announced: TurnKey = (0, 0, False)
    serial: int = 0


@dataclass(eq=False)
class LiveHand:
    """One member's latest private hand: the interaction whose original response it is, so it
    can be edited through that interaction's token for ``TOKEN_LIFE``."""

    interaction: discord.Interaction
    message_id: int | None
    state: HandState  # the member's sort order and page
    language: str
    issued: float  # loop time the token was issued
    rest: asyncio.TimerHandle | None = None  # puts the hand to rest before its token ends
    # The moves last offered on this hand, for the game version and cards tapped they were
    # built for: a click on one of them is resolved without building them again.
    offers: tuple[tuple[int, str, int], tuple[Any, ...]] | None = None

    def usable(self, now: float) -> bool:
        """Whether the token may still edit the message at ``now`` (loop time), with a margin."""
        return now - self.issued < TOKEN_LIFE - EDIT_MARGIN


@dataclass(eq=False)
class LiveTable:
    """One table this process runs, from lobby to end, and everything about it: its stored
    facts and seats, the engine game once started (which alone says whose turn it is and
    whether it is over), the game's presenter (resolved once), its table message, its
    members' live hands, its computer players, its lock and its background tasks."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    options: GameOptions
    seats: list[Seat]
    created_at: datetime
    game: RummyGame | None = None
    # The game's state at its last checkpoint (the start of the round, or of the restart);
    # with ``game.actions`` (those since) it rebuilds the game. Earlier rounds are not kept.
    # None until the first round ends: the game replays from its seed (a checkpoint then
    # would be mostly the shuffle's random state, 3 KB a table).
    checkpoint: bytes | None = None
    message: TableMessage = field(default_factory=TableMessage)
    turn: TurnMarks = field(default_factory=TurnMarks)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    log: str = ""
    # The last round's result, shown until the next move (the game lets finished rounds go
    # at the next deal: ``forget_history``), as the presenter reads it.
    round_result: object | None = None
    rating_note: tuple[str, str] | None = None  # at the end: rated (and how) or why not
    tokens: TableTokens = field(default_factory=TableTokens)  # a table on tokens alone
    hands: dict[int, LiveHand] = field(default_factory=dict)  # member -> their live hand
    hands_wanted: set[int] = field(default_factory=set)  # members whose hand to edit next
    players: dict[int, Player] = field(default_factory=dict)  # seat -> its computer player
    # (version, seat) -> the seat's safe move at that version: every hand drawn at it names it.
    safe_moves: dict[tuple[int, int], Action] = field(default_factory=dict)
    tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    shown: AnyPresenter = field(init=False)

    def __post_init__(self) -> None:
        self.shown = presenter(self.options.game_key)

    @classmethod
    def from_row(cls, row: GameRow) -> LiveTable:
        """The stored lobby or game as a table (its engine game not yet rebuilt)."""
        return cls(
            id=row.id,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            host_id=row.host_id,
            options=GameOptions.from_json(row.options),
            seats=list(row.seats),
            created_at=row.created_at,
            message=TableMessage(row.table_message_id),
        )

    @property
    def status(self) -> Status:
        """Lobby until the game starts, then playing until the game says it is over."""
        if self.game is None:
            return Status.LOBBY
        return Status.FINISHED if self.game.is_over else Status.PLAYING

    @property
    def table_message_id(self) -> int | None:
        """The id of the table message, None before it is posted."""
        return self.message.message_id

    @property
    def names(self) -> list[str]:
        """The seats' names in seat order, raw (for pictures; messages use ``shown_names``)."""
        return [seat.name for seat in self.seats]

    @property
    def shown_names(self) -> list[str]:
        """The names for message text, escaped (``names`` stay raw for the pictures)."""
        return [shown_name(name) for name in self.names]

    @property
    def is_over(self) -> bool:
        """Whether the game has started and its session has ended."""
        return self.game is not None and self.game.is_over

    @property
    def game_key(self) -> str:
        """The registry key of the game this table plays."""
        return self.options.game_key

    def seat_of(self, user_id: int) -> Seat | None:
        """The member's seat at this table, or None when they are not seated."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat
        return None

    def member_to_act(self) -> int | None:
        """The member to act, if a person plays the seat now."""
        game = self.game
        if game is None or game.is_over:
            return None
        seat = self.seats[game.to_act]
        return None if seat.played_for else seat.user_id

    def table_url(self) -> str | None:
        """A link to the table message, or None before it is posted."""
        if self.table_message_id is None:
            return None
        return (
            f"https://discord.com/channels/{self.guild_id}/{self.channel_id}/"
            f"{self.table_message_id}"
        )
