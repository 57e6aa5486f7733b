"""500 Rum for the bot: the spread discard pile numbered from the bottom, whose placed cards
score, the card taken that must be played first; table, hand, words and records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.core.handstate import HandContext, TypedField
from bot.core.presenter import GamePresenter
from bot.core.reading import typed_draw, typed_melds_and_discard
from bot.core.texts import clip, melds_text, plural
from bot.games.rum500.render import (
    render_rum500_round,
    render_rum500_session,
    render_rum500_table,
    round_alt_text,
    session_alt_text,
    table_alt_text,
)
from engine.actions import Action, Pass
from engine.cards import Card, format_cards
from engine.games.rum500.game import PRICES
from engine.games.rum500.views import Rum500PrivateView, Rum500PublicView, Rum500RoundResult
from engine.i18n import N_, _
from engine.protocol import Phase
from engine.twopack import analyse_variant_meld, meld_options

SUMMARY = N_(
    "**500 Rum in short** — 2 to 4 players, one 52-card pack; 13 cards each for two, 7 for "
    "three or four.\n"
    "**Your turn:** draw the top card of the stock, *or* take any card of the spread discard "
    "pile with every card above it; the deepest card you take must be played at once, in a "
    "meld or a lay-off. Meld sets (3–4 of a rank) and runs (3+ of a suit, A 2 3 or Q K A, "
    "never round the corner) and lay off on anyone's melds; then discard one card.\n"
    "**Points:** every card you place scores for you: Ace 15 (1 as the low card of A 2 3), "
    "K Q J 10 score 10, 2–9 face value.\n"
    "**Round's end:** someone goes out (with or without a discard), or the stock is empty and "
    "the player to draw passes. Each player scores what he placed minus what is left in his "
    "hand.\n"
    "**Winning:** the first to 500 at a round's end; the highest total if several."
)


def pile_text(view: Rum500PublicView) -> str:
    """The spread discard pile, numbered from the bottom as takes name it."""
    cards = " · ".join(f"`{i + 1}` {card}" for i, card in enumerate(view.discard_pile))
    return _("{cards} ← top", cards=cards) if cards else _("empty")


class Rum500Presenter(GamePresenter[Rum500PublicView, Rum500PrivateView, Rum500RoundResult]):
    """500 Rum on Discord: its table, hand and words; the rest is every game's."""

    key = "rum500"
    stock_word = N_("stock")
    pile_word = N_("discard pile")
    took_text = N_("{name} took {count} from the discard pile ({cards}).")
    rules_doc = "docs/rules-rum500.md"
    final_word = N_("scores")
    closing_words = N_("went out {closed} times")

    def rules_summary(self) -> str:
        return _(SUMMARY)

    # ------------------------------------------------------------ the table
    def phase_text(self, view: Rum500PublicView) -> str:
        if view.phase is Phase.DRAW:
            if not view.stock_count:
                return _("takes from the discard pile or passes: the stock is empty")
            return _("draws: the stock or cards from the discard pile")
        if view.phase is Phase.PLAY:
            return _("plays: melds and lay-offs, then a discard")
        return _("the session is over")

    def seat_text(self, view: Rum500PublicView, seat: int) -> str:
        shown = view.seats[seat]
        return _(
            "**{score}** pts (+{placed} placed this round)", score=shown.score, placed=shown.placed
        )

    def table_fields(self, names: Sequence[str], view: Rum500PublicView) -> list[tuple[str, str]]:
        pile = clip(pile_text(view), 1024)
        return [
            (_("Discard pile ({value})", value=len(view.discard_pile)), pile),
            (_("Melds"), melds_text(names, view.melds)),
        ]

    def footer(self, view: Rum500PublicView) -> str:
        return _(
            "Stock: {count} · target {target}",
            count=plural(view.stock_count, "card"),
            target=view.target,
        )

    def scores_heading(self, view: Rum500PublicView) -> str:
        return _(
            "Scores — round {round_number}, target {target}",
            round_number=view.round_number,
            target=view.target,
        )

    def round_points_text(self, points: int) -> str:
        return f"{points:+d}"

    # ------------------------------------------------------------ rounds
    def round_headline(self, result: Rum500RoundResult, names: Sequence[str]) -> str:
        if result.closer is None:
            return _(
                "Round {round_number} ended with the stock empty: placed cards count, cards in "
                "hand count against.",
                round_number=result.round_number,
            )
        return _(
            "Round {round_number}: {value} went out.",
            round_number=result.round_number,
            value=names[result.closer],
        )

    def result_seat_line(self, result: Rum500RoundResult, seat: int, name: str) -> str:
        return _(
            "{name}: placed {placed}, left in hand {cards} (−{hand}) → {points}, total **{total}**",
            name=name,
            placed=result.placed[seat],
            cards=format_cards(result.hands[seat]) or "—",
            hand=result.hand_points[seat],
            points=f"{result.points[seat]:+d}",
            total=result.totals[seat],
        )

    # ------------------------------------------------------------ pictures
    def render_table(self, view: Rum500PublicView) -> bytes | None:
        return render_rum500_table(view)

    def render_round(self, result: Rum500RoundResult, names: Sequence[str]) -> bytes | None:
        return render_rum500_round(result, names)

    def render_session(self, names: Sequence[str], view: Rum500PublicView) -> bytes | None:
        return render_rum500_session(names, view)

    def describe_table(self, view: Rum500PublicView) -> str | None:
        return table_alt_text(view)

    def describe_round(self, result: Rum500RoundResult, names: Sequence[str]) -> str | None:
        return round_alt_text(result, names)

    def describe_session(self, names: Sequence[str], view: Rum500PublicView) -> str | None:
        return session_alt_text(names, view)

    # ------------------------------------------------------------ the hand
    def turn_text(self, view: Rum500PrivateView) -> str:
        if view.public.phase is Phase.DRAW:
            if not view.public.stock_count:
                return _("**Your turn:** the stock is empty: take from the discard pile, or pass.")
            return _("**Your turn:** draw from the stock or take cards from the discard pile.")
        return _("**Your turn:** meld and lay off as you like, then discard one card.")

    def hand_lines(self, view: Rum500PrivateView) -> list[str]:
        lines = []
        if view.must_meld is not None:
            lines.append(_("Play {card} first, in a meld or a lay-off.", card=view.must_meld))
        lines.append(
            _(
                "Discard pile: {pile} · stock {count}",
                pile=pile_text(view.public),
                count=view.public.stock_count,
            )
        )
        return lines

    def hint_text(self, ctx: HandContext[Rum500PrivateView]) -> str:
        return self.melds_and_layoffs_hint(ctx)

    def action_label(self, action: Action, ctx: HandContext[Rum500PrivateView]) -> str | None:
        if isinstance(action, Pass):
            return _("Pass: the round ends")
        return None

    draw_words = (
        N_("Take: discard pile position, or 'stock'"),
        N_("e.g. 3 (takes card 3 and all above it) or stock"),
    )

    def play_fields(self) -> list[TypedField]:
        return self.meld_fields(_("Q♥ K♥ A♥  or  qh kh ah"))

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            refusal = N_("Type a discard pile position (a number such as 3) or 'stock'.")
            text = values.get("take", "")
            return [typed_draw(seat, text, spread=True, may_pass=True, refusal=refusal)]
        return typed_melds_and_discard(seat, values)

    # ------------------------------------------------------------ slash commands
    def meld_options(self, hand: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
        scored = [
            (analyse_variant_meld(cards, PRICES).total, tuple(cards))
            for cards in meld_options(hand, prices=PRICES)
        ]
        return sorted(scored, key=lambda pair: -pair[0])


PRESENTER = Rum500Presenter()
