"""Skill ratings: openskill's Plackett–Luce model, rated by each session's finishing order.

Pure maths, no Discord and no database: the store calls ``rate`` when a rated session ends,
and ``recompute`` replays every rated session in the order they finished. Both run the same
floating-point operations on the same stored numbers, so a recomputation gives identical
ratings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from engine.protocol import Standings

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3
CONSERVATIVE_SIGMAS = 3  # the leaderboard ranks by mu - 3 sigma: 99.7 % sure it is at least
MIN_RATED_SESSIONS = 3  # fewer rated sessions: shown in stats, not on the rating leaderboard


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's skill in one game on one server, with its uncertainty."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    sessions: int = 0

    @property
    def conservative(self) -> float:
        return self.mu - CONSERVATIVE_SIGMAS * self.sigma

    @property
    def ranked(self) -> bool:
        return self.sessions >= MIN_RATED_SESSIONS


def places(standings: Standings) -> tuple[int, ...]:
    """Each seat's finishing place, 1 for the best; seats that tie share a place."""
    sign = 1 if standings.lower_is_better else -1

    def key(seat: int) -> tuple[bool, bool, int]:
        return (
            seat not in standings.winners,
            not standings.in_play[seat],
            sign * standings.scores[seat],
        )

    keys = [key(seat) for seat in range(len(standings.scores))]
    return tuple(1 + sum(other < mine for other in keys) for mine in keys)


def rate(before: Sequence[Rating], finishing: Sequence[int]) -> list[Rating]:
    """The ratings after one session: ``before`` and ``finishing`` places by seat."""
    if len(before) != len(finishing) or len(before) < 2:
        raise ValueError("a rated session needs two or more seats, each with a place")
    teams = [[MODEL.create_rating([r.mu, r.sigma])] for r in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in finishing])
    return [
        Rating(team[0].mu, team[0].sigma, old.sessions + 1)
        for team, old in zip(after, before, strict=True)
    ]


@dataclass(frozen=True, slots=True)
class RatedSession:
    """One rated session as stored: who sat where and the place each seat finished."""

    game_id: int
    guild_id: int
    game_key: str
    user_ids: tuple[int, ...]
    places: tuple[int, ...]


RatingKey = tuple[int, str, int]  # guild, game, member


def recompute(sessions: Iterable[RatedSession]) -> dict[RatingKey, Rating]:
    """Every rating from nothing, playing ``sessions`` in the order they finished."""
    ratings: dict[RatingKey, Rating] = {}
    for session in sessions:
        keys = [(session.guild_id, session.game_key, user) for user in session.user_ids]
        after = rate([ratings.get(key, Rating()) for key in keys], session.places)
        ratings.update(zip(keys, after, strict=True))
    return ratings


def differences(
    stored: Mapping[RatingKey, Rating], fresh: Mapping[RatingKey, Rating]
) -> list[RatingKey]:
    """The ratings that a recomputation changes (exact comparison: they must be identical)."""
    return sorted(key for key in stored.keys() | fresh.keys() if stored.get(key) != fresh.get(key))
