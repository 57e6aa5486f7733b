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

from engine.i18n import N_, _, number
from engine.protocol import Standings

MODEL = PlackettLuce()  # the library's defaults: mu 25, sigma 25/3
CONSERVATIVE_SIGMAS = 3  # the leaderboard ranks by mu - 3 sigma: 99.7 % sure it is at least
MIN_RATED_SESSIONS = 3  # the default of RATING_MIN_SESSIONS: fewer are not on the leaderboard
RATING_SCALE = 40  # shown ratings are mu x 40: a start at 1000 (sure to have reached: 0)


@dataclass(frozen=True, slots=True)
class Rating:
    """A member's skill in one game on one server, with its uncertainty."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    sessions: int = 0

    @property
    def conservative(self) -> float:
        """The rating the leaderboard ranks by: mu minus three sigma, so a new player with an
        uncertain rating does not lead."""
        return self.mu - CONSERVATIVE_SIGMAS * self.sigma


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


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated session did to a member's rating."""

    user_id: int
    before: Rating
    after: Rating


@dataclass(frozen=True, slots=True)
class Recomputed:
    """Ratings rebuilt from the rated sessions: the current ones, and each member's rating
    after each session (game id, key, rating) in the order they finished."""

    ratings: dict[RatingKey, Rating]
    history: list[tuple[int, RatingKey, Rating]]


def recompute(sessions: Iterable[RatedSession]) -> Recomputed:
    """Every rating from nothing, playing ``sessions`` in the order they finished."""
    ratings: dict[RatingKey, Rating] = {}
    history: list[tuple[int, RatingKey, Rating]] = []
    for session in sessions:
        keys = [(session.guild_id, session.game_key, user) for user in session.user_ids]
        after = rate([ratings.get(key, Rating()) for key in keys], session.places)
        ratings.update(zip(keys, after, strict=True))
        history.extend((session.game_id, key, r) for key, r in zip(keys, after, strict=True))
    return Recomputed(ratings, history)


def differences(
    stored: Mapping[RatingKey, Rating], fresh: Mapping[RatingKey, Rating]
) -> list[RatingKey]:
    """The ratings that a recomputation changes (exact comparison: they must be identical)."""
    return sorted(key for key in stored.keys() | fresh.keys() if stored.get(key) != fresh.get(key))


# ---------------------------------------------------------------- words
RATED_TITLE = N_("Rated session")
UNRATED_TITLE = N_("Not rated")
UNRATED_COMPUTER = N_("A computer player took part; only sessions between people are rated.")
UNRATED_STOOD_IN = N_(
    "Moves were made for {names} while away; only sessions people play are rated."
)


def points(value: float) -> int:
    """A rating (or a change) as players read it: a whole number, openskill's mu times
    ``RATING_SCALE``, so that everybody starts at 1000 and one session moves it by tens."""
    return round(value * RATING_SCALE)


def shown(rating: Rating) -> str:
    """A rating as a whole number in the reader's number format: ``1,096``, German ``1.096``."""
    return number(points(rating.mu))


def sure(rating: Rating) -> str:
    """The rating a member is sure to have reached (the leaderboard's order), as a number."""
    return number(points(rating.conservative))


def signed(change: int) -> str:
    """A change of a shown rating with its sign: ``+26``, ``−104`` (a true minus sign)."""
    return ("−" if change < 0 else "+") + number(abs(change))


def change_line(name: str, change: RatingChange) -> str:
    """One member's rating change after a session: the new rating and how much it moved, both
    whole numbers (the change is that of the shown numbers, so they add up)."""
    delta = points(change.after.mu) - points(change.before.mu)
    return f"{name}: {shown(change.after)} ({signed(delta)})"


def session_note(
    names: Sequence[str],
    user_ids: Sequence[int | None],
    stood_in: Sequence[bool],
    changes: Sequence[RatingChange],
) -> tuple[str, str]:
    """The title and text that tell whether a finished session was rated, and how."""
    if changes:
        by_user = {change.user_id: change for change in changes}
        lines = [
            change_line(name, by_user[user])
            for name, user in zip(names, user_ids, strict=True)
            if user is not None and user in by_user
        ]
        return _(RATED_TITLE), "\n".join(lines)
    if any(user is None for user in user_ids):
        return _(UNRATED_TITLE), _(UNRATED_COMPUTER)
    away = [name for name, stood in zip(names, stood_in, strict=True) if stood]
    return _(UNRATED_TITLE), _(UNRATED_STOOD_IN, names=", ".join(away) or _("someone"))
