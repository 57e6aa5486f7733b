"""What the store hands out and takes in, the same for every database behind it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any


def utc_now() -> datetime:
    return datetime.now(UTC)


class ChannelBusy(Exception):
    """The channel already has a lobby or a running game."""


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One finished round as the database keeps it, the same for every game.

    ``closer`` ended the round (went out, knocked, called Rummy); None for a dead round.
    ``special`` marks the game's special finish (e.g. a Rommé hand or a Rummy call).
    Per seat: ``points`` the round gave (meld, minus or bad points), ``bonus`` the closer's
    bonus from the others' hands (0 for everybody else) and ``totals`` the session score
    after the round."""

    round_number: int
    closer: int | None
    special: bool
    points: tuple[int, ...]
    bonus: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundScoreRow:
    """One seat's line of one stored round, as the scores view reads them back."""

    round_number: int
    closer: int | None
    special: bool
    seat: int
    points: int
    bonus: int
    total: int


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    user_id: int | None
    name: str
    strength: str | None = None
    away: bool = False
    departed: bool = False
    timeouts: int = 0


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    options: dict[str, Any]
    state: str | None
    table_message_id: int | None
    ping_message_id: int | None
    created_at: datetime
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    user_id: int
    played: int
    wins: int
    points: int
    rounds: int

    @property
    def average_per_round(self) -> float:
        return self.points / self.rounds if self.rounds else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class PlayerStats:
    played: int
    wins: int
    points: int
    best_session: int
    rounds: int
    closed: int  # rounds this player ended (went out, knocked, called Rummy)
    special: int  # of those, the game's special finishes
    best_round: int
    round_points: int
    abandoned: int

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def average_per_round(self) -> float:
        return self.round_points / self.rounds if self.rounds else 0.0
