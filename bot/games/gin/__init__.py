"""Gin Rummy in the bot (``PRESENTER``): two players, a squared discard pile whose top card
alone may be taken, the first upcard's offer, knocking and gin, the defender's lay-offs and
undercuts, void hands at the wall, and a match to 100 with its bonuses; table, hand, words
and records."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import bot.games.gin.render as render
from bot.core.handstate import HandContext, TypedField
from bot.core.presenter_table import Pictures
from bot.core.reading import typed_close, typed_draw
from bot.games import twopack
from engine.actions import Action, Knock, Pass
from engine.cards import format_cards
from engine.events import GameEvent, RoundStarted, SessionEnded
from engine.games.gin import melds
from engine.games.gin.rules import (
    GinHandResult,
    GinPrivateView,
    GinPublicView,
    Knocked,
    MatchScored,
    Passed,
)
from engine.i18n import N_, _
from engine.protocol import Phase

SUMMARY = N_(
    "**Gin Rummy in short** — 2 players, one 52-card pack, 10 cards each; a match to 100.\n"
    "**Your turn:** draw the top card of the stock or the upcard (the discard pile's top "
    "card), then discard. The first upcard is offered to the non-dealer, then the dealer; "
    "if both pass, the non-dealer draws from the stock.\n"
    "**Melds:** sets of 3–4 of a rank, runs of 3+ of a suit (Ace low only). Deadwood is what "
    "is left: Ace 1, 2–10 face value, pictures 10.\n"
    "**Knock** with at most 10 deadwood after your discard; **gin** with none (+25). The "
    "defender lays off on the knocker's melds (not after gin) and the knocker scores the "
    "difference; if the defender has less, he **undercuts** (+25); equal counts score nothing.\n"
    "**Wall:** when two cards are left in the stock, the hand is void unless someone knocks.\n"
    "**Match:** the first to 100 gets 100 more and 25 for every hand won; a shutout doubles."
)


def tell_event(event: GameEvent, names: Sequence[str]) -> str | None:
    """The log's words for an event of Gin Rummy's own (None: a shared event)."""
    if isinstance(event, Passed):
        return _("{name} let {card} lie.", name=names[event.seat], card=event.card)
    if isinstance(event, Knocked):
        if event.deadwood == 0:
            return _(
                "🎉 {name} went gin, discarding {card}.", name=names[event.seat], card=event.card
            )
        return _(
            "👊 {name} knocked with {deadwood} deadwood, discarding {card}.",
            name=names[event.seat],
            deadwood=event.deadwood,
            card=event.card,
        )
    if isinstance(event, RoundStarted) and event.round_number > 1:
        return _(
            "Hand {number}: {name} deals.", number=event.round_number, name=names[event.dealer]
        )
    if isinstance(event, MatchScored):
        return ""  # the session's end says it, and the pictures show the bonuses
    return None


def best_knock(ctx: HandContext[GinPrivateView]) -> Knock | None:
    """The knock a button stands for: the discard that leaves the least deadwood (gin when it
    can), the dearest card on a tie; None when the hand may not knock."""
    knocks = [a for a in ctx.legal if isinstance(a, Knock)]
    if not knocks:
        return None
    mask = melds.mask_of(ctx.private.hand)
    left = melds.deadwood_after_discards(mask)

    def cost(knock: Knock) -> tuple[int, int]:
        index = melds.index(knock.card)
        return left[index], -melds.VALUE[index]

    return min(knocks, key=cost)


class GinPresenter(twopack.TwoPackPresenter[GinPublicView, GinPrivateView, GinHandResult]):
    """Gin Rummy on Discord: the two-pack presenter with the upcard's offer, knocks and the
    match's bonuses (its session totals are match points)."""

    key = "gin"
    pictures = Pictures(
        render.render_gin_table,
        render.render_gin_round,
        render.render_gin_session,
        render.table_alt_text,
        render.round_alt_text,
        render.session_alt_text,
    )
    rules_doc = "docs/rules-gin.md"
    final_word = N_("match points")
    closing_words = N_("knocked {closed} times, {special} of them gin")
    took_text = N_("{name} took the upcard {card}.")

    def rules_summary(self) -> str:
        return _(SUMMARY)

    # ------------------------------------------------------------ the table
    def heading(self, view: GinPublicView) -> str:
        return _("{title} — hand {round_number}", title=self.title, round_number=view.round_number)

    def phase_text(self, view: GinPublicView) -> str:
        if view.phase is Phase.DRAW and view.offer:
            return _("takes the first upcard or passes")
        if view.phase is Phase.DRAW and view.wall:
            return _("takes the upcard to knock, or passes: the stock is at the wall")
        if view.phase is Phase.PLAY:
            if view.must_knock:
                return _("knocks with a discard")
            return _("discards, or knocks or goes gin with the discard")
        return twopack.phase_text(view) or ""

    def seat_text(self, view: GinPublicView, seat: int) -> str:
        shown = view.seats[seat]
        return _(
            "**{score}**/{target} · {cards} cards · {won} hands won",
            score=shown.score,
            target=view.target,
            cards=shown.hand_count,
            won=shown.hands_won,
        )

    def table_fields(self, names: Sequence[str], view: GinPublicView) -> list[tuple[str, str]]:
        fields = [twopack.piles_field(view)]
        knock = _("gin only") if view.knock_card == 0 else _("up to {value}", value=view.knock_card)
        if view.doubled:
            knock += _(" · spades: the hand counts double")
        fields.append((_("Knock"), knock))
        return fields

    def footer(self, view: GinPublicView) -> str:
        return _(
            "Match to {target} · hand {round_number}",
            target=view.target,
            round_number=view.round_number,
        )

    def scores_heading(self, view: GinPublicView) -> str:
        return _(
            "Match points — hand {round_number}, match to {target}",
            round_number=view.round_number,
            target=view.target,
        )

    # ------------------------------------------------------------ events and hands
    def tell(self, event: GameEvent, names: Sequence[str]) -> str | None:
        return tell_event(event, names)

    def session_end_text(self, event: SessionEnded, names: Sequence[str]) -> str:
        return _(
            "🏆 {name} wins the match with {total} points (bonuses included)!",
            name=names[event.winner],
            total=event.totals[event.winner],
        )

    def round_headline(self, result: GinHandResult, names: Sequence[str]) -> str:
        return render.hand_headline(result, names)

    def result_seat_line(self, result: GinHandResult, seat: int, name: str) -> str:
        if result.closer is None:
            return _(
                "{name}: {cards}, total **{total}**",
                name=name,
                cards=render.laid_text(result.hands[seat]),
                total=result.totals[seat],
            )
        tag = ""
        if seat == result.closer:
            tag = _(" (gin)") if result.special else _(" (knocked)")
        elif result.undercut:
            tag = _(" (undercut)")
        return _(
            "{name}{tag}: {cards} → {points}, total **{total}**",
            name=name,
            tag=tag,
            cards=render.laid_text(result.hands[seat]),
            points=f"+{result.points[seat]}",
            total=result.totals[seat],
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
        return twopack.turn_text(view) or ""

    def hand_lines(self, view: GinPrivateView) -> list[str]:
        public = view.public
        if public.knock_card == 0:
            left = _("Deadwood in your hand: **{deadwood}** (gin only).", deadwood=view.deadwood)
        else:
            left = _(
                "Deadwood in your hand: **{deadwood}** (knock with {knock} or less).",
                deadwood=view.deadwood,
                knock=public.knock_card,
            )
        return [left, twopack.piles_line(public)]

    def hand_footer(self, name: str, view: GinPrivateView) -> str:
        me = view.public.seats[view.seat]
        return _(
            "{name} · {score}/{target} match points",
            name=name,
            score=me.score,
            target=view.public.target,
        )

    def suggestions(self, ctx: HandContext[GinPrivateView]) -> list[Action]:
        """The best knock (gin when the hand has it), so a phone player taps once."""
        knock = best_knock(ctx)
        return [] if knock is None else [knock]

    def hint_text(self, ctx: HandContext[GinPrivateView]) -> str:
        knock = best_knock(ctx)
        if knock is not None:
            return _("💡 Knock with {card} as your discard.", card=knock.card)
        hand = ctx.private.hand
        laid = melds.arrangements(melds.mask_of(hand))
        shown = [format_cards(melds.cards_of(m)) for m in next(laid, ())]
        if not shown:
            return _(
                "💡 No meld in your hand yet: deadwood {deadwood}.", deadwood=ctx.private.deadwood
            )
        return _(
            "💡 Your melds: {value}; deadwood {deadwood}.",
            value=" · ".join(shown),
            deadwood=ctx.private.deadwood,
        )

    def action_label(self, action: Action, ctx: HandContext[GinPrivateView]) -> str | None:
        if isinstance(action, Pass):
            if ctx.private.public.wall:
                return _("Pass: the hand is void")
            return _("Pass: leave the upcard")
        if isinstance(action, Knock):
            left = melds.deadwood_after_discards(melds.mask_of(ctx.private.hand))
            if left[melds.index(action.card)] == 0:
                return _("Gin! Discard {card}", card=action.card)
            return _("Knock, discarding {card}", card=action.card)
        return None

    draw_words = (N_("Draw: 'stock', 'discard' or 'pass'"), N_("stock"))

    def play_fields(self) -> list[TypedField]:
        label = _("Discard, or knock with a discard")
        return [TypedField("discard", label, _("9♣  ·  knock 9♣"))]

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            return [typed_draw(seat, values.get("take", ""), may_pass=True)]
        return typed_close(seat, values.get("discard", ""), {"knock": Knock, "gin": Knock})


PRESENTER = GinPresenter()
