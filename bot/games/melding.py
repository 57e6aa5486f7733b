"""What the two-pack games show and read alike: a stock and a discard pile instead of a
talon and a staircase, the piles line and field, and typing a draw. Their presenters build on
it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from bot.core.handstate import HandContext
from bot.core.presenter import GamePresenter
from bot.core.presenter_base import PrivV, ResultT
from bot.core.texts import laid_text, plural
from engine.actions import Discard, TakeDiscard
from engine.arrangement import Arrangement
from engine.cards import Card
from engine.errors import RulesError
from engine.i18n import N_, _
from engine.melding import analyse_priced_meld, meld_options
from engine.melding.points import PRICES, Prices
from engine.protocol import BasePrivateView, BasePublicView, Phase


class PilesView(BasePublicView, Protocol):
    """The piles of a two-pack table."""

    @property
    def discard_top(self) -> Card | None:
        """The discard pile's top card, or None when it is empty."""
        ...

    @property
    def discard_count(self) -> int:
        """Cards in the discard pile."""
        ...


def top_text(view: PilesView) -> str:
    """The discard pile's top card as the reader writes it, or "empty"."""
    return str(view.discard_top) if view.discard_top is not None else _("empty")


def piles_field(view: PilesView) -> tuple[str, str]:
    """The table's Piles field: the stock's and the discard pile's sizes and the top card."""
    return (
        _("Piles"),
        _(
            "Stock: {stock} · discard pile ({count}): top **{top}**",
            stock=plural(view.stock_count, "card"),
            count=view.discard_count,
            top=top_text(view),
        ),
    )


def piles_line(view: PilesView) -> str:
    """The hand's line about the piles: the top of the discard pile and the stock's size."""
    return _(
        "Discard pile: top **{value}** · stock {stock_count}",
        value=top_text(view),
        stock_count=view.stock_count,
    )


def locked_line(view: BasePrivateView) -> list[str]:
    """The hand's line about a card taken from the discard pile that may not go back, if any."""
    if view.locked_discard is not None and len(view.hand) > 1:
        return [
            _(
                "You took {locked_discard} from the discard pile: it cannot go back.",
                locked_discard=view.locked_discard,
            )
        ]
    return []


def turn_text(view: BasePrivateView) -> str | None:
    """The hand's status line in the phases both games share (None: the game says)."""
    if view.public.phase is Phase.BUY_BACK:
        return _("**Your decision:** buy back in, or let the chance pass?")
    if view.public.phase is Phase.DRAW:
        return _("**Your turn:** draw from the stock or take the top card of the discard pile.")
    return None


def phase_text(view: BasePublicView) -> str | None:
    """The table's phase words both games share (None: the game says)."""
    if view.phase is Phase.DRAW:
        return _("draws: the top card of the stock or of the discard pile")
    if view.phase is Phase.BUY_BACK:
        return _("decides whether to buy back in")
    if view.phase is Phase.OVER:
        return _("the session is over")
    return None


# ---------------------------------------------------------------- typing and commands
def scored_melds(
    hand: Sequence[Card], prices: Prices = PRICES
) -> list[tuple[int, tuple[Card, ...]]]:
    """The melds ``hand`` could lay with their points at ``prices``, dearest first."""
    scored = []
    for cards in meld_options(hand, prices=prices):
        try:
            scored.append((analyse_priced_meld(cards, prices).total, tuple(cards)))
        except RulesError:
            continue
    return sorted(scored, key=lambda pair: -pair[0])


def draw_hint(
    presenter: GamePresenter[Any, Any, Any],
    ctx: HandContext[Any],
    least_after: Callable[[Card], int],
) -> str | None:
    """On a turn that may take the upcard: take it (and the least deadwood ``least_after``
    says the hand can then keep) or leave it, as the strongest computer player would; None
    on any other turn."""
    upcard = ctx.private.public.discard_top
    if upcard is None or not any(isinstance(a, TakeDiscard) for a in ctx.legal):
        return None
    player = presenter.spec.make_player(presenter.spec.strengths[-1], 0)
    if isinstance(player.choose(ctx.private, list(ctx.legal)), TakeDiscard):
        return _(
            "💡 Take {card}: with it your deadwood can come down to {value}.",
            card=upcard,
            value=least_after(upcard),
        )
    return _("💡 Leave {card}: a card from the stock promises more.", card=upcard)


def discard_hint(
    presenter: GamePresenter[Any, Any, Any],
    ctx: HandContext[Any],
    kept: Callable[[Card], Arrangement],
) -> str | None:
    """On a discard turn: the game's safe move's discard (the least deadwood left) and the
    hand ``kept`` arranges without it; None when the safe move is no discard."""
    safe = presenter.spec.timeout_action(ctx.private, ctx.legal) if ctx.legal else None
    if not isinstance(safe, Discard):
        return None
    return _(
        "💡 Discard {card}; that leaves the least deadwood: {value}.",
        card=safe.card,
        value=laid_text(kept(safe.card)),
    )


PilesV = TypeVar("PilesV", bound=PilesView)


class PileGamePresenter(GamePresenter[PilesV, PrivV, ResultT]):
    """What the presenters of the games played with a stock and a discard pile share: the
    piles' words."""

    stock_word = N_("stock")
    rules_doc = "docs/variants.md"
