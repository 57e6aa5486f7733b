"""What the store hands out and takes in, the same for every database behind it."""

from __future__ import annotations

import json
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from typing import Any, TypeVar

from bot.storage.dialect import Row
from engine.replay import RoundScores

# Names this process on its leases unless INSTANCE_NAME says otherwise: stable across restarts
# on one machine, so a restarted bot takes its games back at once.
DEFAULT_OWNER = socket.gethostname()
DEFAULT_LEASE_SECONDS = 60.0
T = TypeVar("T")


def utc_now() -> datetime:
    """The time now, in UTC."""
    return datetime.now(UTC)


def now() -> datetime:
    """The time now in whole seconds, as SQLite stores it, so both backends read back the same."""
    return utc_now().replace(microsecond=0)


class ChannelBusy(Exception):
    """The channel already has a lobby or a running game."""


class LeaseLost(Exception):
    """Another bot process holds this game's lease now; this one must not write to it."""


@dataclass(frozen=True, slots=True)
class Lease:
    """Which process (its INSTANCE_NAME) runs a game, until when."""

    game_id: int
    owner: str
    expires_at: datetime


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


@dataclass(slots=True)
class SeatRow:
    """One seat at a table: as stored, and as the bot keeps it while the table runs (the bot
    calls it ``Seat``; one type, so nothing is copied between the two)."""

    seat: int
    user_id: int | None  # None: a computer player
    name: str
    strength: str | None = None
    away: bool = False
    departed: bool = False
    timeouts: int = 0
    stood_in: bool = False  # moves were made for this member while away or gone: not rated

    @property
    def is_computer(self) -> bool:
        """A computer player sits here."""
        return self.user_id is None

    @property
    def played_for(self) -> bool:
        """Moves are made for this seat: a computer, or a person away or gone."""
        return self.is_computer or self.away or self.departed


@dataclass(frozen=True, slots=True)
class GameRow:
    """A lobby or game as stored. A running game as ``open_games`` reads it for a restart has
    its last checkpoint (the engine's, or None) and the actions after it (all of them without
    a checkpoint); ``state`` is the session's header: the engine's JSON with no actions."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    status: str
    options: dict[str, Any]
    state: str | None
    table_message_id: int | None
    created_at: datetime
    seats: tuple[SeatRow, ...]
    checkpoint: bytes | None = None
    actions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TableThread:
    """A table's own thread, opened from the bot's line (message ``line_id``) in the channel
    ``parent_id``; every game played in it has the thread as its channel. ``shown_game_id``:
    the last game whose end the line shows; ``latest_game_id`` and ``latest_status``: the
    newest game played in the thread (None before the first)."""

    thread_id: int
    guild_id: int
    parent_id: int
    line_id: int
    shown_game_id: int | None = None
    latest_game_id: int | None = None
    latest_status: str | None = None


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One accepted action as stored: its place in the session (1, 2, …), the engine's JSON
    of it and, when it began a new round, the game's checkpoint after it (so a restart replays
    only the round since). Its size does not depend on the session's length."""

    seq: int
    action: str
    checkpoint: bytes | None = None


@dataclass(frozen=True, slots=True)
class SessionResult:
    """How a session ended, stored with its last action: each seat's finishing place and
    whether it is rated (only people played, every move their own)."""

    places: tuple[int, ...]
    rated: bool


class _WinRate:
    """Sessions played and won, and their ratio."""

    __slots__ = ()
    played: int
    wins: int

    @property
    def win_rate(self) -> float:
        """Wins per session played (0 before the first)."""
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True, slots=True)
class LeaderboardRow(_WinRate):
    """One member's line of a game's leaderboard."""

    user_id: int
    played: int
    wins: int
    points: int
    rounds: int

    @property
    def average_per_round(self) -> float:
        """Session points per round played."""
        return self.points / self.rounds if self.rounds else 0.0


@dataclass(frozen=True, slots=True)
class PlayerStats(_WinRate):
    """One member's figures in one game of a server."""

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
    def average_per_round(self) -> float:
        """Points the rounds gave, per round played."""
        return self.round_points / self.rounds if self.rounds else 0.0


@dataclass(frozen=True, slots=True)
class GameRecord(_WinRate):
    """A member's sessions and wins in one game."""

    game_key: str
    played: int
    wins: int


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """One member's record against another in finished sessions of a game."""

    opponent: int
    met: int
    ahead: int
    behind: int


@dataclass(frozen=True, slots=True)
class SessionSummary:
    """A finished session in a list of recent ones."""

    id: int
    game_key: str
    channel_id: int
    finished_at: str
    names: str
    rated: bool | None


@dataclass(frozen=True, slots=True)
class FinishedSession:
    """A finished session's action log (the game's ``to_json`` text) and what was recorded
    while it was played."""

    id: int
    guild_id: int
    channel_id: int
    game_key: str
    state: str
    finished_at: str
    rated: bool | None
    rounds: tuple[RoundScores, ...]


# ---------------------------------------------------------------- to and from database rows
def session_log(header: str, actions: Sequence[str]) -> str:
    """The engine's JSON of a whole session (``to_json``): its header with every action."""
    data = json.loads(header)
    data["actions"] = [json.loads(action) for action in actions]
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def moment(value: datetime | str) -> datetime:
    """A stored time: SQLite keeps ISO-8601 text, PostgreSQL a timestamptz."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def time_text(value: datetime | str) -> str:
    """A stored time as SQLite keeps it, so both backends show the same text."""
    return value if isinstance(value, str) else value.astimezone(UTC).isoformat("T", "seconds")


# How a column becomes a field of the field's declared type; other types pass as they are.
_FROM_COLUMN: dict[str, Callable[[Any], Any]] = {
    "int": lambda value: int(value or 0),  # a sum over no rows is NULL
    "bool": bool,
    "str": str,
    "bool | None": lambda value: None if value is None else bool(value),
    "datetime": moment,
}


def from_row(kind: type[T], row: Row, **given: Any) -> T:
    """A row type from the columns of the same names (``given``: fields read otherwise)."""
    for field in fields(kind):  # type: ignore[arg-type]
        if field.name not in given:
            convert = _FROM_COLUMN.get(str(field.type))
            value = row[field.name]
            given[field.name] = convert(value) if convert else value
    return kind(**given)


def row_params(value: Any, **extra: Any) -> dict[str, Any]:
    """A row type's fields as statement parameters (bools as 0 and 1), with ``extra``."""
    params = {field.name: getattr(value, field.name) for field in fields(value)} | extra
    return {key: int(v) if isinstance(v, bool) else v for key, v in params.items()}


def round_score_params(game_id: int, record: RoundRecord) -> list[dict[str, Any]]:
    """Each seat's line of a finished round, as statement parameters."""
    lines = zip(record.points, record.bonus, record.totals, strict=True)
    return [
        {"game_id": game_id, "round_number": record.round_number, "seat": seat}
        | {"points": points, "bonus": bonus, "total": total}
        for seat, (points, bonus, total) in enumerate(lines)
    ]


def game_from_row(
    row: Row, seats: Sequence[Row], checkpoint: bytes | None = None, actions: Sequence[str] = ()
) -> GameRow:
    """A stored game with its seats (and, to restore it, its checkpoint and the actions since)."""
    seated = tuple(from_row(SeatRow, seat) for seat in seats)
    options = json.loads(row["options"])
    return from_row(
        GameRow, row, options=options, seats=seated, checkpoint=checkpoint, actions=tuple(actions)
    )
