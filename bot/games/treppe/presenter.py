"""Treppenrommé for the bot: the table's words and pictures, narration, round records,
statistics and rules. The hand's controls are in ``bot.games.treppe.hand``."""

from __future__ import annotations

from collections.abc import Sequence

import bot.games.treppe.render_alt as render_alt
from bot.core.presenter import GamePresenter
from bot.core.texts import clip, plural, sessions_text
from bot.games.treppe.hand import TreppeHand
from bot.games.treppe.render_results import render_round_result, render_session_result
from bot.games.treppe.render_table import render_table
from bot.storage import LeaderboardRow, PlayerStats, RoundRecord
from engine.actions import MeldKind
from engine.cards import format_cards
from engine.events import GameEvent
from engine.games.treppe.events import (
    RoundEnded,
    RoundStarted,
    SessionEnded,
    TookFromStaircase,
)
from engine.games.treppe.events import (
    TreppeRoundResult as RoundResult,
)
from engine.games.treppe.views import PublicView
from engine.i18n import N_, _, decimal
from engine.protocol import BasePublicView, OptionValue, Phase

SUMMARY = N_(
    "**Treppenrommé in short** — 2 to 4 players, one 52-card pack, 7 cards each.\n"
    "**Your turn:** 1) draw the top talon card, *or* take any staircase card together with "
    "every card above it; 2) meld sets (3–4 of a rank) and runs (3+ of a suit, round the "
    "corner Q K A 2 allowed) and lay off on any meld on the table; 3) discard one card onto "
    "the staircase.\n"
    "**Points** count the moment cards reach the table: 2–10 face value, J Q K 10; an Ace is "
    "15 in a set, 10 high in a run, 1 low, 5 round the corner.\n"
    "**Going out:** empty your hand and you also score every card left in the others' hands "
    "(each Ace 15) — doubled if you had not melded before in that round (Rommé hand).\n"
    "**Winning:** play rounds until someone reaches the target; the highest total wins.\n"
    "House rule *no-return*: who took only the top staircase card may not discard it again "
    "in that turn."
)


def _view(view: BasePublicView) -> PublicView:
    assert isinstance(view, PublicView), "not a Treppenrommé table"
    return view


def _result(result: object) -> RoundResult:
    assert isinstance(result, RoundResult), "not a Treppenrommé round"
    return result


def result_line(result: RoundResult, names: Sequence[str]) -> str:
    if result.went_out is None:
        return _(
            "Round {round_number} ended with nobody going out; meld points stand.",
            round_number=result.round_number,
        )
    double = _(" (Rommé hand: doubled)") if result.hand_romme else ""
    return _(
        "Round {round_number}: {value} went out and scores {bonus} from the others' hands{double}.",
        round_number=result.round_number,
        value=names[result.went_out],
        bonus=result.bonus,
        double=double,
    )


def tell_event(event: GameEvent, names: Sequence[str]) -> str | None:
    """Treppenrommé's own events."""
    if isinstance(event, TookFromStaircase):
        return _(
            "{name} took {count} from the staircase ({cards}).",
            name=names[event.seat],
            count=plural(len(event.cards), "card"),
            cards=tuple(event.cards),
        )
    if isinstance(event, RoundEnded):
        return result_line(_result(event.result), names)
    if isinstance(event, RoundStarted):
        if event.round_number <= 1:
            return ""
        return _(
            "Round {round_number}: {value} deals.",
            round_number=event.round_number,
            value=names[event.dealer],
        )
    if isinstance(event, SessionEnded):
        return _(
            "🏆 {value} wins with {value2}!",
            value=names[event.winner],
            value2=event.totals[event.winner],
        )
    return None


class TreppePresenter(TreppeHand, GamePresenter):
    key = "treppenromme"
    stock_word = N_("talon")
    pile_word = N_("staircase")
    rebuilt_text = N_(
        "The staircase but its top card was shuffled into a new talon ({cards} cards)."
    )
    rules_doc = "docs/rules.md"
    final_word = N_("scores")

    # ------------------------------------------------------------ lobby and rules
    def option_label(self, name: str, value: OptionValue) -> str:
        if name == "target":
            return _("target {value}", value=value)
        if name == "no_return":
            return _("no-return on") if value else _("no-return off")
        if name == "max_rebuilds":
            return _("talon rebuilt at most {times}", times=plural(int(value or 0), "time"))
        if name == "hand_size":
            return _("{value} cards each", value=value)
        if name == "hand_romme_double":
            return _("Rommé hand doubles") if value else _("Rommé hand counts single")
        return super().option_label(name, value)

    def rules_summary(self) -> str:
        return _(SUMMARY)

    # ------------------------------------------------------------ the table
    def heading(self, view: BasePublicView) -> str:
        return _("{title} — round {round_number}", title=self.title, round_number=view.round_number)

    def phase_text(self, view: BasePublicView) -> str:
        if view.phase is Phase.DRAW:
            return _("draws: the talon or cards from the staircase")
        if view.phase is Phase.PLAY:
            return _("plays: melds and lay-offs, then a discard")
        return _("the session is over")

    def seat_text(self, view: BasePublicView, seat: int) -> str:
        shown = _view(view).seats[seat]
        return _(
            "**{score}** pts (+{round_points} this round)",
            score=shown.score,
            round_points=shown.round_points,
        )

    def table_fields(self, names: Sequence[str], view: BasePublicView) -> list[tuple[str, str]]:
        table = _view(view)
        if table.staircase:
            items = [f"`{i + 1}` {card}" for i, card in enumerate(table.staircase)]
            stairs = clip(" · ".join(items) + _(" ← top"), 1024)
        else:
            stairs = _("empty")
        return [
            (_("Staircase ({value})", value=len(table.staircase)), stairs),
            (_("Melds"), self._melds_text(names, table)),
        ]

    def _melds_text(self, names: Sequence[str], view: PublicView) -> str:
        if not view.melds:
            return _("none yet")
        lines = []
        for meld in view.melds:
            kind = _("set") if meld.kind is MeldKind.SET else _("run")
            cards = format_cards([p.card for p in meld.cards])
            lines.append(f"`{meld.id + 1}` {cards} ({kind}, {names[meld.owner]}, {meld.points})")
        return clip("\n".join(lines), 1024)

    def footer(self, view: BasePublicView) -> str:
        table = _view(view)
        return _(
            "Talon: {count} · target {target}",
            count=plural(table.talon_count, "card"),
            target=table.target,
        )

    def standings_text(self, names: Sequence[str], view: BasePublicView) -> str:
        totals = [seat.score for seat in _view(view).seats]
        ranked = sorted(range(len(totals)), key=lambda s: -totals[s])
        return "\n".join(
            f"{place + 1}. {names[s]}: **{totals[s]}**" for place, s in enumerate(ranked)
        )

    def scores_heading(self, view: BasePublicView) -> str:
        table = _view(view)
        return _(
            "Scores — round {round_number}, target {target}",
            round_number=table.round_number,
            target=table.target,
        )

    # ------------------------------------------------------------ rounds and events
    def tell(self, event: GameEvent, names: Sequence[str]) -> str | None:
        return tell_event(event, names)

    def finished_rounds(self, events: Sequence[GameEvent]) -> list[object]:
        return [event.result for event in events if isinstance(event, RoundEnded)]

    def round_record(self, result: object) -> RoundRecord:
        done = _result(result)
        bonus = tuple(
            done.bonus if seat == done.went_out else 0 for seat in range(len(done.totals))
        )
        return RoundRecord(
            done.round_number,
            done.went_out,
            done.hand_romme,
            tuple(done.meld_points),
            bonus,
            tuple(done.totals),
        )

    def result_lines(self, names: Sequence[str], result: object) -> list[str]:
        done = _result(result)
        lines = [result_line(done, names)]
        for seat, name in enumerate(names):
            cards = format_cards(done.hands[seat]) or "—"
            lines.append(
                _(
                    "{name}: melds {value}, left in hand {cards} ({value2}) → total **{value3}**",
                    name=name,
                    value=done.meld_points[seat],
                    cards=cards,
                    value2=done.hand_points[seat],
                    value3=done.totals[seat],
                )
            )
        return lines

    # ------------------------------------------------------------ pictures
    def render_table(self, view: BasePublicView) -> bytes | None:
        return render_table(_view(view))

    def render_round(self, result: object, names: Sequence[str]) -> bytes | None:
        return render_round_result(_result(result), list(names))

    def describe_table(self, view: BasePublicView) -> str | None:
        return render_alt.table_alt_text(_view(view))

    def describe_round(self, result: object, names: Sequence[str]) -> str | None:
        return render_alt.round_alt_text(_result(result), names)

    def describe_session(self, names: Sequence[str], view: BasePublicView) -> str | None:
        return render_alt.session_alt_text(names, _view(view))

    def render_session(self, names: Sequence[str], view: BasePublicView) -> bytes | None:
        table = _view(view)
        totals = [seat.score for seat in table.seats]
        return render_session_result(list(names), totals, table.winner)

    # ------------------------------------------------------------ statistics
    def leaderboard_line(self, row: LeaderboardRow) -> str:
        return _(
            "{points} points · {average} per round",
            points=row.points,
            average=decimal(row.average_per_round),
        )

    def stats_fields(self, stats: PlayerStats) -> list[tuple[str, str]]:
        return [
            (_("Sessions"), sessions_text(stats.played, stats.wins, stats.win_rate)),
            (
                _("Points"),
                _(
                    "{points} total, best session {best_session}",
                    points=stats.points,
                    best_session=stats.best_session,
                ),
            ),
            (
                _("Rounds"),
                _(
                    "{rounds} played, {average} points per round, best round {best}",
                    rounds=stats.rounds,
                    average=decimal(stats.average_per_round),
                    best=stats.best_round,
                ),
            ),
            (
                _("Going out"),
                _(
                    "{closed} times, {special} Rommé hands",
                    closed=stats.closed,
                    special=stats.special,
                ),
            ),
            (_("Abandoned games"), str(stats.abandoned)),
        ]


PRESENTER = TreppePresenter()
