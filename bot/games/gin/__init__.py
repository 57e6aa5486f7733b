"""Gin Rummy in the bot (``PRESENTER``): two players, a squared discard pile whose top card
alone may be taken, the first upcard's offer, knocking and gin, the defender's lay-offs and
undercuts, void hands at the wall, and a match to 100 with its bonuses; table, hand, words
and records. Its pictures are in ``render.py``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import bot.games.gin.render as render
import bot.games.gin.render_alt as render_alt
from bot.core.handstate import HandContext, TypedField
from bot.core.presenter_base import strengths
from bot.core.presenter_table import Pictures
from bot.core.reading import typed_close, typed_draw
from bot.core.texts import laid_text
from bot.games import melding
from engine.actions import Action, Knock, Pass
from engine.arrangement import Arrangement
from engine.games.gin.players import least_after_take
from engine.games.gin.rules import (
    PACK,
    GinHandResult,
    GinPrivateView,
    GinPublicView,
    laid_down,
)
from engine.i18n import N_, N_plural, _, ngettext
from engine.onepack import index, mask_of
from engine.protocol import Phase


def best_knock(ctx: HandContext[GinPrivateView]) -> Knock | None:
    """The knock a button stands for: the discard that leaves the least deadwood (gin when it
    can), the dearest card on a tie; None when the hand may not knock."""
    mask = mask_of(ctx.private.hand)

    def cost(knock: Knock) -> tuple[int, int]:
        i = index(knock.card)
        return PACK.deadwood(mask & ~(1 << i)), -PACK.value[i]

    return min((a for a in ctx.legal if isinstance(a, Knock)), key=cost, default=None)


class GinPresenter(melding.PileGamePresenter[GinPublicView, GinPrivateView, GinHandResult]):
    """Gin Rummy on Discord: the two-pack presenter with the upcard's offer, knocks and the
    match's bonuses (its session totals are match points)."""

    key = "gin"
    summary = N_(
        "**Gin Rummy in short** — 2 players, one 52-card pack, 10 cards each; a match to 100.\n"
        "**Your turn:** draw the top card of the stock or the upcard (the discard pile's top "
        "card), then discard. The first upcard is offered to the non-dealer, then the dealer; "
        "if both pass, the non-dealer draws from the stock.\n"
        "**Melds:** sets of 3–4 of a rank, runs of 3+ of a suit (Ace low only). Deadwood is what "
        "is left: Ace 1, 2–10 face value, pictures 10.\n"
        "**Knock** with at most 10 deadwood after your discard; **gin** with none (+25). The "
        "defender lays off on the knocker's melds (not after gin) and the knocker scores the "
        "difference; if the defender has less, he **undercuts** (+25); equal counts score "
        "nothing.\n"
        "**Wall:** when two cards are left in the stock, the hand is void unless someone knocks.\n"
        "**Match:** the first to 100 gets 100 more and 25 for every hand won; a shutout doubles."
    )
    rules_doc = "docs/rules-gin.md"
    # Measured by bench/gin_vs_openspiel.py, games to 100 (docs/strength.md).
    strength_notes = strengths(
        N_("Wins 2 of 3 games to 100 against the standard Gin Rummy bot"),
        N_("Wins 3 of 4 games to 100 against the standard Gin Rummy bot"),
    )
    ping_text = N_("<@{user_id}>, your turn (hand {round_number}).")
    result_heading = N_("Hand {value} result")
    dealt_text = N_("Hand {round_number} is dealt.")
    round_of_text = N_("hand {round_number} of {rounds}")
    # Translators: the replay's buttons that jump to the hand before or after
    round_word = N_("Hand")
    rounds_words = N_plural("{n} hand", "{n} hands")
    draw_words = (N_("Draw: 'stock', 'discard' or 'pass'"), N_("stock"))

    # ------------------------------------------------------------ the table
    heading_words = N_("{title} — hand {round_number}, match to {target}")

    def heading_values(self, view: GinPublicView) -> dict[str, object]:
        return {"target": view.target}

    def phase_text(self, view: GinPublicView) -> str:
        if view.phase is Phase.DRAW and view.offer:
            return _("takes the first upcard or passes")
        if view.phase is Phase.DRAW and view.wall:
            return _("takes the upcard to knock, or passes: the stock is at the wall")
        if view.phase is Phase.PLAY:
            if view.must_knock:
                return _("knocks with a discard")
            return _("discards, or knocks or goes gin with the discard")
        return melding.phase_text(view) or ""

    def seat_score(self, view: GinPublicView, seat: int) -> str:
        return str(view.seats[seat].score)

    def seat_notes(self, view: GinPublicView, seat: int) -> list[str]:
        won = view.seats[seat].hands_won
        return [ngettext("{n} hand won", "{n} hands won", won)] if won else []

    def table_fields(self, names: Sequence[str], view: GinPublicView) -> list[tuple[str, str]]:
        fields = [melding.piles_field(view)]
        if view.last_round is not None:
            fields.append((_("Last hand"), render.hand_headline(view.last_round, names)))
        return fields

    def footer(self, view: GinPublicView) -> str:
        knock = (
            _("gin only")
            if view.knock_card == 0
            else _("knock with {value} or less", value=view.knock_card)
        )
        if view.doubled:
            knock += _(" · spades: the hand counts double")
        return knock

    def scores_heading(self, view: GinPublicView) -> str:
        return _(
            "Match points — hand {round_number}, match to {target}",
            round_number=view.round_number,
            target=view.target,
        )

    # ------------------------------------------------------------ hands
    def round_headline(self, result: GinHandResult, names: Sequence[str]) -> str:
        return render.hand_headline(result, names)

    def result_seat_line(self, result: GinHandResult, seat: int, name: str) -> str:
        cards, total = laid_text(result.hands[seat]), result.totals[seat]
        if result.closer is None:
            return _("{name}: {cards}, total **{total}**", name=name, cards=cards, total=total)
        return _(
            "{name}{tag}: {cards} → {points}, total **{total}**",
            name=name,
            tag=f" ({render.result_tag(result, seat)})",
            cards=cards,
            points=f"+{result.points[seat]}",
            total=total,
        )

    # ------------------------------------------------------------ the hand
    def turn_text(self, view: GinPrivateView) -> str:
        public = view.public
        if public.phase is Phase.DRAW and public.offer:
            return _(
                "**Your decision:** take the first upcard {card}, or pass?", card=public.discard_top
            )
        if public.phase is Phase.DRAW and public.wall:
            return _(
                "**The wall:** take the upcard only to knock with it; "
                "otherwise pass and the hand is void."
            )
        if public.phase is Phase.PLAY:
            if public.must_knock:
                return _("**Your turn:** knock now with one discard.")
            return _("**Your turn:** discard one card, or knock or go gin with your discard.")
        return melding.turn_text(view) or ""

    def hand_lines(self, view: GinPrivateView) -> list[str]:
        knock = view.public.knock_card
        if knock == 0:
            left = _("Deadwood in your hand: **{deadwood}** (gin only).", deadwood=view.deadwood)
        else:
            left = _(
                "Deadwood in your hand: **{deadwood}** (knock with {knock} or less).",
                deadwood=view.deadwood,
                knock=knock,
            )
        return [left, melding.piles_line(view.public)]

    def hand_footer(self, name: str, view: GinPrivateView) -> str:
        mine = _(
            "{name} · {score}/{target} match points",
            name=name,
            score=view.public.seats[view.seat].score,
            target=view.public.target,
        )
        return " · ".join([mine, *self.others(view)])

    def suggestions(self, ctx: HandContext[GinPrivateView]) -> list[Action]:
        """The best knock (gin when the hand has it), so a phone player taps once, and the
        discard the hint names."""
        knock = best_knock(ctx)
        return [*([] if knock is None else [knock]), *self.suggested_discard(ctx)]

    def hint_text(self, ctx: HandContext[GinPrivateView]) -> str:
        mask = mask_of(ctx.private.hand)

        def laid(hand: int) -> Arrangement:
            return laid_down(hand, next(PACK.arrangements(hand)))

        drawing = melding.draw_hint(self, ctx, lambda up: least_after_take(mask, index(up)))
        if drawing is not None:
            return drawing
        knock = best_knock(ctx)
        if knock is not None:
            return _("💡 Knock with {card} as your discard.", card=knock.card)
        discarding = melding.discard_hint(self, ctx, lambda card: laid(mask & ~(1 << index(card))))
        if discarding is not None:
            return discarding
        return _("💡 Best arrangement: {value}.", value=laid_text(laid(mask)))

    def action_label(
        self, action: Action, ctx: HandContext[GinPrivateView], *, plain: bool = True
    ) -> str | None:
        if isinstance(action, Pass):
            if ctx.private.public.wall:
                return _("Pass: the hand is void")
            return _("Pass: leave the upcard")
        if isinstance(action, Knock):
            left = PACK.deadwood(mask_of(ctx.private.hand) & ~(1 << index(action.card)))
            if left == 0:
                return _("Gin! Discard {card}", card=action.card) if plain else _("Gin!")
            return _("Knock, discarding {card}", card=action.card) if plain else _("Knock")
        return None

    def play_fields(self) -> list[TypedField]:
        label = _("Discard, or knock with a discard")
        return [TypedField("discard", label, _("9♣  ·  knock 9♣"))]

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            return [typed_draw(seat, values.get("take", ""), may_pass=True)]
        return typed_close(seat, values.get("discard", ""), {"knock": Knock, "gin": Knock})

    # ------------------------------------------------------------ pictures and statistics
    pictures = Pictures.described(
        render_alt, render.render_gin_table, render.render_gin_round, render.render_gin_session
    )
    final_word = N_("match points")
    closing_words = (
        N_plural("knocked {n} time", "knocked {n} times"),
        N_plural("{n} of them gin", "{n} of them gin"),
    )


PRESENTER = GinPresenter()
