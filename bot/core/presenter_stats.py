"""The stats part of a game's presenter: what the leaderboard counts and how a member's statistics
read. Every game's defaults come from its units (``score_words``, ``session_text``) and its
closing words."""

from __future__ import annotations

from bot.core.presenter_base import PresenterBase
from bot.core.texts import sessions_text
from bot.storage import LeaderboardRow, PlayerStats
from engine.i18n import N_plural, _, decimal, ngettext
from engine.protocol import Standings


class StatsPart(PresenterBase):
    """The leaderboard's and the statistics' words for a game."""

    session_lower_is_better: bool = False  # the leaderboard's order of session totals
    best_counts: bool = True  # the highest session and round are the best (not minus points)
    # How often a member ended a round, and how often with the game's special finish (a
    # game without one names only the first), each a plural message: "went out 1 time".
    closing_words: tuple[tuple[str, str], ...] = (
        N_plural("ended {n} round", "ended {n} rounds"),
        N_plural("{n} of them specially", "{n} of them specially"),
    )

    def session_totals(self, standings: Standings) -> tuple[int, ...]:
        """Each seat's session result as the leaderboard counts it (default: the scores)."""
        return standings.scores

    def session_text(self, total: float) -> str:
        """A session result as the leaderboard counts it, in its unit (default: the score's)."""
        return self.score_text(total)

    def leaderboard_line(self, row: LeaderboardRow) -> str:
        """The part of a leaderboard line after wins and win rate: the total and its average."""
        return _(
            "{total} · {average} per round",
            total=self.session_text(row.points),
            average=decimal(row.average_per_round),
        )

    def closing_text(self, closed: int, special: int) -> str:
        """The rounds a member ended: 'went out 1 time, 0 Rommé hands'."""
        counts = (closed, special)
        return ", ".join(
            ngettext(*words, count)
            for words, count in zip(self.closing_words, counts, strict=False)
        )

    def stats_fields(self, stats: PlayerStats) -> list[tuple[str, str]]:
        """A member's statistics for this game as embed fields: sessions, totals, rounds, the
        rounds they ended and abandoned games."""
        totals = _("{total} in all sessions", total=self.session_text(stats.points))
        rounds = _(
            "{rounds} played, {average} per round",
            rounds=stats.rounds,
            average=self.score_text(stats.average_per_round),
        )
        if self.best_counts:
            totals += _(", best session {best}", best=stats.best_session)
            rounds += _(", best round {best}", best=stats.best_round)
        return [
            (_("Sessions"), sessions_text(stats.played, stats.wins, stats.win_rate)),
            (_("Totals"), totals),
            (_("Rounds"), rounds),
            (
                _("Closing rounds"),
                self.closing_text(stats.closed, stats.special),
            ),
            (_("Abandoned games"), str(stats.abandoned)),
        ]
