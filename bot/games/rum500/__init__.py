"""500 Rum for the bot: the spread discard pile numbered from the bottom, whose placed cards
score, the card taken that must be played first; table, hand, words and records. Its pictures
and their descriptions are the staircase games' (``bot.games.staircase``: the spread pile is
the staircase, every placed card shows who scored it), drawn from its own views."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.core.handstate import HandContext, TypedField
from bot.core.presenter_base import strengths
from bot.core.reading import typed_draw, typed_melds_and_discard
from bot.core.texts import clip, melds_text, plural
from bot.games.melding import scored_melds
from bot.games.staircase import StaircasePresenter, round_points_notes
from bot.render.meld_table import render_table
from bot.render.round_results import render_hands_result
from bot.render.table_alt import TableWords, hands_left_alt_text, session_alt_text, table_alt_text
from engine.actions import Action, Pass, TakeDiscard
from engine.cards import Card, format_cards
from engine.games.rum500.game import PRICES, Rum500PrivateView, Rum500PublicView, Rum500RoundResult
from engine.i18n import N_, N_plural, _, pgettext
from engine.protocol import Phase

TABLE_WORDS = TableWords(
    stock=N_("Stock: {cards}."),
    pile=N_("Discard pile, from 1 at the bottom to the top: {cards}."),
    empty=N_("The discard pile is empty."),
)


def pile_text(view: Rum500PublicView) -> str:
    """The spread discard pile, numbered from the bottom as takes name it."""
    cards = " · ".join(f"`{i + 1}` {card}" for i, card in enumerate(view.discard_pile))
    return _("{cards} ← top", cards=cards) if cards else _("empty")


class Rum500Presenter(StaircasePresenter[Rum500PublicView, Rum500PrivateView, Rum500RoundResult]):
    """500 Rum on Discord: its table, hand and words; the rest is every game's."""

    key = "rum500"
    summary = N_(
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
    stock_word = N_("stock")
    rules_doc = "docs/rules-rum500.md"
    # Measured by python -m engine simulate, 400 sessions each (docs/strength.md).
    strength_notes = strengths(
        N_("Beats a random player in 19 of 20 sessions"), N_("Beats normal in 7 of 10 sessions")
    )
    draw_words = (
        N_("Take: discard pile position, or 'stock'"),
        N_("e.g. 3 (takes card 3 and all above it) or stock"),
    )

    # ------------------------------------------------------------ the table
    def draw_phase_text(self, view: Rum500PublicView) -> str:
        if not view.stock_count:
            return _("takes from the discard pile or passes: the stock is empty")
        return _("draws: the stock or cards from the discard pile")

    def seat_notes(self, view: Rum500PublicView, seat: int) -> list[str]:
        return round_points_notes(view.seats[seat].placed)

    def table_fields(self, names: Sequence[str], view: Rum500PublicView) -> list[tuple[str, str]]:
        pile = (_("Discard pile ({value})", value=len(view.discard_pile)), clip(pile_text(view)))
        stock = (_("Stock"), plural(view.stock_count, "card"))
        return [stock, pile, (_("Melds"), melds_text(names, view.melds))]

    def round_points_text(self, points: int) -> str:
        return f"{points:+d}"

    # ------------------------------------------------------------ rounds
    dead_headline = N_(
        "Round {round_number} ended with the stock empty: placed cards count, cards in "
        "hand count against."
    )

    def result_seat_line(self, result: Rum500RoundResult, seat: int, name: str) -> str:
        cards = format_cards(result.hands[seat]) or "—"
        placed, hand = result.placed[seat], result.hand_points[seat]
        how = _(
            "placed {placed}, left in hand {cards} (−{hand})", placed=placed, cards=cards, hand=hand
        )
        return f"{super().result_seat_line(result, seat, name)} · {how}"

    # ------------------------------------------------------------ pictures: the staircase's
    def render_table(self, view: Rum500PublicView) -> bytes | None:
        return render_table(view, stock=self.stock_word)

    def describe_table(self, view: Rum500PublicView) -> str | None:
        return table_alt_text(view, TABLE_WORDS)

    def render_round(self, result: Rum500RoundResult, names: Sequence[str]) -> bytes | None:
        # Each band's number is what its hand counts against; who went out has none left.
        cells = tuple(
            "" if seat == result.closer else f"−{points}" if points else "0"
            for seat, points in enumerate(result.hand_points)
        )
        return render_hands_result(result, names, cells, pgettext("tag", "went out"))

    def describe_round(self, result: Rum500RoundResult, names: Sequence[str]) -> str | None:
        return hands_left_alt_text(result, names)

    def render_session(self, names: Sequence[str], view: Rum500PublicView) -> bytes | None:
        del names  # the final table names its seats; the standings are the text's
        return render_table(view, stock=self.stock_word)

    def describe_session(self, names: Sequence[str], view: Rum500PublicView) -> str | None:
        return session_alt_text(names, view, TABLE_WORDS)  # its stock and pile, not a talon

    # ------------------------------------------------------------ the hand
    def turn_text(self, view: Rum500PrivateView) -> str:
        if view.public.phase is Phase.DRAW and not view.public.stock_count:
            return _("**Your turn:** the stock is empty: take from the discard pile, or pass.")
        if view.public.phase is Phase.DRAW:
            return _("**Your turn:** draw from the stock, or take from the discard pile.")
        return _("**Your turn:** meld and lay off as you like, then discard one card.")

    def hand_lines(self, view: Rum500PrivateView) -> list[str]:
        pile, count = pile_text(view.public), view.public.stock_count
        lines = [_("Discard pile: {pile} · stock {count}", pile=pile, count=count)]
        if view.must_meld is not None:
            lines.insert(0, _("Play {card} first, in a meld or a lay-off.", card=view.must_meld))
        return lines

    def hint_text(self, ctx: HandContext[Rum500PrivateView]) -> str:
        return self.melds_and_layoffs_hint(ctx)

    def action_label(
        self, action: Action, ctx: HandContext[Rum500PrivateView], *, plain: bool = True
    ) -> str | None:
        if isinstance(action, TakeDiscard) and action.depth == 1:  # it must be played at once
            top = ctx.public.discard_pile[-1]
            return _("Take {card} and play it", card=top) if plain else _("Take and play it")
        return _("Pass: the round ends") if isinstance(action, Pass) else None

    def take_note(self, ctx: HandContext[Rum500PrivateView]) -> str | None:
        if ctx.public.phase is not Phase.DRAW or not ctx.public.discard_pile:
            return None
        if any(isinstance(a, TakeDiscard) for a in ctx.legal):
            return _(
                "A take must be played at once: the deepest card you take goes into a meld or "
                "a lay-off this turn."
            )
        return _("No card of the discard pile fits a meld of yours now: draw from the stock.")

    def play_fields(self) -> list[TypedField]:
        return self.meld_fields(_("Q♥ K♥ A♥  or  qh kh ah"))

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            refusal = N_("Type a discard pile position (a number such as 3) or 'stock'.")
            text = values.get("take", "")
            return [typed_draw(seat, text, spread=True, may_pass=True, refusal=refusal)]
        return typed_melds_and_discard(seat, values)

    def meld_options(self, hand: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
        return scored_melds(hand, PRICES)

    # ------------------------------------------------------------ statistics
    final_word = N_("scores")
    closing_words = (N_plural("went out {n} time", "went out {n} times"),)


PRESENTER = Rum500Presenter()
