"""Treppenrommé's private hand: its words, the hint and typing (a take from the staircase by
its position, melds, lay-offs and a discard). Its moves are tapped like every game's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.core.handstate import HandContext, TypedField
from bot.core.presenter_hand import HandPart
from bot.core.reading import typed_draw, typed_melds_and_discard
from engine.actions import Action
from engine.cards import Card
from engine.games.treppe.melds import meld_points, possible_melds
from engine.games.treppe.views import PrivateView, PublicView
from engine.i18n import N_, _
from engine.protocol import Phase


# ---------------------------------------------------------------- the presenter's hand part
class TreppeHand(HandPart[PublicView, PrivateView]):
    """Treppenrommé's private hand for ``TreppePresenter``: the hand's texts and the moves it
    offers, typed or tapped."""

    def turn_text(self, view: PrivateView) -> str:
        if view.public.phase is Phase.DRAW:
            return _("**Your turn:** draw from the talon or take cards from the staircase.")
        return _("**Your turn:** meld and lay off as you like, then discard one card.")

    def hand_lines(self, view: PrivateView) -> list[str]:
        public = view.public
        lines = []
        if view.locked_discard is not None and len(view.hand) > 1:
            lines.append(
                _(
                    "You took {locked_discard} from the staircase: it cannot go back.",
                    locked_discard=view.locked_discard,
                )
            )
        staircase = " · ".join(f"`{i + 1}` {c}" for i, c in enumerate(public.staircase))
        lines.append(
            _(
                "Staircase: {staircase} ← top · talon {count}",
                staircase=staircase or _("empty"),
                count=public.talon_count,
            )
        )
        return lines

    def hint_text(self, ctx: HandContext[PrivateView]) -> str:
        """The melds and lay-offs the hand could make now (or the discard costing least)."""
        return self.melds_and_layoffs_hint(ctx)

    # ------------------------------------------------------------ typing
    draw_words = (
        N_("Take: staircase position, or 'talon'"),
        N_("e.g. 3 (takes card 3 and all above it) or talon"),
    )

    def play_fields(self) -> list[TypedField]:
        return self.meld_fields(_("Q♥ K♥ A♥  or  qh kh ah"))

    def typed_actions(self, phase: Phase, seat: int, values: Mapping[str, str]) -> list[Action]:
        if phase is Phase.DRAW:
            refusal = N_("Type a staircase position (a number such as 3) or 'talon'.")
            return [typed_draw(seat, values.get("take", ""), spread=True, refusal=refusal)]
        return typed_melds_and_discard(seat, values)

    # ------------------------------------------------------------ slash commands
    def meld_options(self, hand: Sequence[Card]) -> list[tuple[int, tuple[Card, ...]]]:
        scored = [(meld_points(m), tuple(m)) for m in possible_melds(hand)]
        return sorted(scored, key=lambda pair: -pair[0])
