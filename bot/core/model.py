"""The bot's in-memory picture of a game: seats, options, the engine game and its tasks."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.storage import SeatRow
from engine import Game, Ruleset
from engine.games.romme.game import RommeGame, RommeRuleset
from engine.games.treppe.events import RoundResult
from engine.games.wiener.game import WienerGame, WienerRuleset
from engine.registry import load_game

MAX_SEATS = 4
MIN_SEATS = 2

TREPPENROMME = "treppenromme"
VARIANT_TITLES = {TREPPENROMME: "Treppenrommé", "romme": "Rommé", "wiener": "Wiener Rummy"}
VARIANT_MAX_SEATS = {TREPPENROMME: MAX_SEATS, "romme": 6, "wiener": 6}

AnyGame = Game | RommeGame | WienerGame


def max_seats(variant: str) -> int:
    return VARIANT_MAX_SEATS.get(variant, MAX_SEATS)


def variant_title(variant: str) -> str:
    return VARIANT_TITLES.get(variant, VARIANT_TITLES[TREPPENROMME])


def game_over(game: AnyGame | None) -> bool:
    """The session is over (Treppenrommé's Phase.OVER or a variant's VariantPhase.OVER)."""
    return game is not None and game.phase.value == "over"


def game_from_json(variant: str, text: str) -> AnyGame:
    """Rebuild a game of ``variant`` from its stored JSON."""
    if variant == TREPPENROMME:
        return Game.from_json(text)
    return load_game(text)


@dataclass(frozen=True, slots=True)
class GameOptions:
    target: int = 500
    turn_timer: int = 120  # seconds; 0 = no timer
    no_return: bool = True
    variant: str = TREPPENROMME
    # Rommé table options (RULES.md §2); ignored by the other games.
    dealer_gets_14: bool = False
    discard_only_to_meld: bool = False
    strict_swap: bool = False
    # Wiener Rummy: one buy-back per rubber for a player at 82 to 100.
    buy_back: bool = True

    @property
    def is_variant(self) -> bool:
        return self.variant != TREPPENROMME

    @property
    def title(self) -> str:
        return variant_title(self.variant)

    @property
    def max_seats(self) -> int:
        return max_seats(self.variant)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "target": self.target,
            "turn_timer": self.turn_timer,
            "no_return": self.no_return,
        }
        if self.is_variant:
            data["variant"] = self.variant
        if self.variant == "romme":
            data["dealer_gets_14"] = self.dealer_gets_14
            data["discard_only_to_meld"] = self.discard_only_to_meld
            data["strict_swap"] = self.strict_swap
        if self.variant == "wiener":
            data["buy_back"] = self.buy_back
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameOptions:
        return cls(
            target=int(data.get("target", 500)),
            turn_timer=int(data.get("turn_timer", 120)),
            no_return=bool(data.get("no_return", True)),
            variant=str(data.get("variant", TREPPENROMME)),
            dealer_gets_14=bool(data.get("dealer_gets_14", False)),
            discard_only_to_meld=bool(data.get("discard_only_to_meld", False)),
            strict_swap=bool(data.get("strict_swap", False)),
            buy_back=bool(data.get("buy_back", True)),
        )

    def ruleset(self) -> Ruleset | RommeRuleset | WienerRuleset:
        if self.variant == "romme":
            return RommeRuleset(
                no_return=self.no_return,
                dealer_gets_14=self.dealer_gets_14,
                discard_only_to_meld=self.discard_only_to_meld,
                strict_swap=self.strict_swap,
            )
        if self.variant == "wiener":
            return WienerRuleset(no_return=self.no_return, buy_back=self.buy_back)
        return Ruleset(target=self.target, no_return=self.no_return)

    def describe(self) -> str:
        timer = (
            "no turn timer" if not self.turn_timer else f"turn timer {timer_text(self.turn_timer)}"
        )
        no_return = "no-return on" if self.no_return else "no-return off"
        if self.variant == "romme":
            extras = [
                text
                for on, text in (
                    (self.dealer_gets_14, "dealer gets 14, no upcard"),
                    (self.discard_only_to_meld, "discard taken only to meld"),
                    (self.strict_swap, "strict joker swap"),
                )
                if on
            ]
            rules = "".join(f" · {text}" for text in extras)
            return f"Rommé · every player deals once · {timer} · {no_return}{rules}"
        if self.variant == "wiener":
            buy_back = "buy-back on" if self.buy_back else "no buy-back"
            return f"Wiener Rummy · out at 101 · {buy_back} · {timer} · {no_return}"
        return f"target {self.target} · {timer} · {no_return}"


def timer_text(seconds: int) -> str:
    if seconds % 60 == 0:
        return f"{seconds // 60} min"
    return f"{seconds} s"


@dataclass(slots=True)
class Seat:
    seat: int
    user_id: int | None  # None: a computer player
    name: str
    strength: str | None = None
    away: bool = False
    departed: bool = False
    timeouts: int = 0

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    @property
    def played_for(self) -> bool:
        """Moves are made for this seat: a computer, or a person away or gone."""
        return self.is_computer or self.away or self.departed

    def to_row(self) -> SeatRow:
        return SeatRow(
            self.seat,
            self.user_id,
            self.name,
            self.strength,
            self.away,
            self.departed,
            self.timeouts,
        )

    @classmethod
    def from_row(cls, row: SeatRow) -> Seat:
        return cls(
            row.seat, row.user_id, row.name, row.strength, row.away, row.departed, row.timeouts
        )


@dataclass(eq=False)
class LiveGame:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str  # lobby or playing while the bot holds it
    options: GameOptions
    seats: list[Seat]
    created_at: datetime
    game: AnyGame | None = None
    table_message_id: int | None = None
    ping_message_id: int | None = None  # a separate mention message of older versions
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    log: str = ""
    round_result: RoundResult | Any | None = None  # shown on the table until the next move
    turn_key: tuple[int, int, bool] = (0, 0, False)
    turn_serial: int = 0
    refresh_wanted: bool = False
    # The table moves (a new message that mentions the player to act) at the next refresh:
    # None = no move, "" = the turn mention, other text = a timer reminder to post instead.
    move_wanted: str | None = None
    table_content: str | None = None  # the mention the current table message carries
    mentioned_key: tuple[int, int, bool] | None = None  # the turn that mention belongs to
    tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def is_over(self) -> bool:
        return game_over(self.game)

    @property
    def variant(self) -> str:
        return self.options.variant

    @property
    def treppen(self) -> Game:
        """The running Treppenrommé game (for code that serves only Treppenrommé)."""
        game = self.game
        assert isinstance(game, Game), "not a Treppenrommé game"
        return game

    def seat_of(self, user_id: int) -> Seat | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat
        return None

    def table_url(self) -> str | None:
        if self.table_message_id is None:
            return None
        return (
            f"https://discord.com/channels/{self.guild_id}/{self.channel_id}/"
            f"{self.table_message_id}"
        )
