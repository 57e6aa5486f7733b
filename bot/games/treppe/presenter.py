"""Treppenrommé for the bot: the table's words and pictures, narration, round records,
statistics and rules. The hand's controls are in ``bot.games.treppe.hand``."""

from __future__ import annotations

from collections.abc import Sequence

import bot.games.treppe.render_alt as render_alt
from bot.core.presenter_base import strengths
from bot.core.presenter_table import Pictures
from bot.core.texts import clip, melds_text, plural
from bot.games.staircase import StaircasePresenter, round_points_notes
from bot.games.treppe.hand import TreppeHand
from bot.games.treppe.render_results import render_round_result
from bot.render.meld_table import render_table
from engine.cards import format_cards
from engine.games.treppe.events import TreppeRoundResult
from engine.games.treppe.views import PrivateView, PublicView
from engine.i18n import N_, N_plural, _


def session_picture(names: Sequence[str], view: PublicView) -> bytes:
    """The session's end: the last table, the winner ringed (the standings are in words)."""
    return render_table(view)


class TreppePresenter(TreppeHand, StaircasePresenter[PublicView, PrivateView, TreppeRoundResult]):
    """Treppenrommé on Discord: table and round results; the private hand is ``TreppeHand``."""

    key = "treppenromme"
    summary = N_(
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
    # Measured by python -m engine simulate, 200 sessions each (docs/strength.md).
    strength_notes = strengths(
        N_("Beats a random player in 200 of 200 sessions"), N_("Beats normal in 7 of 10 sessions")
    )
    stock_word = N_("talon")
    rules_doc = "docs/rules.md"

    # ------------------------------------------------------------ the table
    def draw_phase_text(self, view: PublicView) -> str:
        return _("draws: the talon or cards from the staircase")

    def seat_notes(self, view: PublicView, seat: int) -> list[str]:
        return round_points_notes(view.seats[seat].round_points)

    def table_fields(self, names: Sequence[str], view: PublicView) -> list[tuple[str, str]]:
        if view.staircase:
            items = [f"`{i + 1}` {card}" for i, card in enumerate(view.staircase)]
            stairs = clip(" · ".join(items) + _(" ← top"), 1024)
        else:
            stairs = _("empty")
        return [
            (_("Talon"), plural(view.talon_count, "card")),
            (_("Staircase ({value})", value=len(view.staircase)), stairs),
            (_("Melds"), melds_text(names, view.melds)),
        ]

    # ------------------------------------------------------------ rounds
    dead_headline = N_("Round {round_number} ended with nobody going out; meld points stand.")
    closed_headline = N_(
        "Round {round_number}: {value} went out and scores {bonus} from the others' hands{double}."
    )

    def headline_values(self, result: TreppeRoundResult, names: Sequence[str]) -> dict[str, object]:
        return {
            "bonus": result.bonus,
            "double": _(" (Rommé hand: doubled)") if result.special else "",
        }

    def result_seat_line(self, result: TreppeRoundResult, seat: int, name: str) -> str:
        return _(
            "{name}: melds {value}, left in hand {cards} ({value2}) → total **{value3}**",
            name=name,
            value=result.points[seat],
            cards=format_cards(result.hands[seat]) or "—",
            value2=result.hand_points[seat],
            value3=result.totals[seat],
        )

    # ------------------------------------------------------------ pictures and statistics
    pictures = Pictures.described(render_alt, render_table, render_round_result, session_picture)
    final_word = N_("scores")
    closing_words = (
        N_plural("went out {n} time", "went out {n} times"),
        N_plural("{n} Rommé hand", "{n} Rommé hands"),
    )


PRESENTER = TreppePresenter()
