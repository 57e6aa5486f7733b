"""What every game's picture descriptions (alt text, for screen readers) share.

A description says in words what its picture shows; Discord takes at most ALT_MAX characters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from engine.cards import Card
from engine.i18n import N_, _, card_count
from engine.protocol import BasePublicView, Phase

ALT_MAX = 1000


def cards_words(cards: Iterable[Card]) -> str:
    """Cards as their screen readers' text: "8♠ 8♣ Q♥" (German: "D♥")."""
    return " ".join(str(card) for card in cards)


def plain(text: str) -> str:
    """Text without the message's markdown (bold, italics, code), which a screen reader
    would read aloud: "top **5♣**" says "top 5♣"."""
    return text.replace("**", "").replace("`", "").replace("*", "")


def sentences(parts: Iterable[str]) -> str:
    """Non-empty parts joined into one description, cut to ALT_MAX characters."""
    joined = " ".join(part.strip() for part in parts if part.strip())
    if len(joined) <= ALT_MAX:
        return joined
    return joined[: ALT_MAX - 1].rstrip() + "…"


def ranked(names: Iterable[str], totals: Iterable[int], *, high_first: bool) -> str:
    """ "Anna 315, Ben 289": players by their totals, best first."""
    pairs = sorted(zip(names, totals, strict=True), key=lambda p: -p[1] if high_first else p[1])
    return ", ".join(f"{name} {total}" for name, total in pairs)


def seat_line(name: str, facts: Iterable[str]) -> str:
    """ "Anna: 315 points, 2 cards, dealer." """
    return _("{name}: {facts}.", name=name, facts=", ".join(f for f in facts if f))


def hand_left(cards: Sequence[Card], points: int) -> list[str]:
    """What a round's picture shows of one hand: "8♠ Q♥ left, 18 points" or no cards left."""
    if not cards:
        return [_("no cards left")]
    return [_("{cards} left", cards=cards_words(cards)), _("{points} points", points=points)]


def round_words(head: str, names: Sequence[str], facts: Callable[[int], Iterable[str]]) -> str:
    """A round's result in words: ``head``, then each seat's line of ``facts(seat)``, what
    the picture shows of its hand."""
    lines = [seat_line(name, facts(seat)) for seat, name in enumerate(names)]
    return sentences([head, *lines])


def status(
    view: BasePublicView,
    *,
    won: str = N_("{name} wins the game."),
    acting: str = N_("{name} to play."),
) -> str:
    """Who is to act and how, or who won: the first sentence of a table's description (a
    game may say its own ``won`` and, after the draw, ``acting``: message ids with {name})."""
    if view.phase is Phase.OVER:
        if view.winner is None:
            return _("The game is over.")
        return _(won, name=view.seats[view.winner].name)
    name = view.seats[view.to_act].name
    if view.phase is Phase.DRAW:
        return _("{name} to draw.", name=name)
    return _(acting, name=name)


def piles_words(stock_count: int, top: Card | None, discard_count: int) -> list[str]:
    """A stock and a squared discard pile as a table's description says them: the stock's
    size, then the pile's top card and size."""
    shown = str(top) if top is not None else _("empty")
    return [
        _("Stock: {cards}.", cards=card_count(stock_count)),
        _("Discard pile: {top} on top, {cards}.", top=shown, cards=card_count(discard_count)),
    ]


def round_head(round_number: int, went_out: int | None, names: Sequence[str], how: str = "") -> str:
    """The first sentence of a round's result: who went out (then ``how``, the game's own
    words for it), or a dead round."""
    if went_out is None:
        return _("Round {round_number}: dead round.", round_number=round_number)
    head = _(
        "Round {round_number}: {name} went out.", round_number=round_number, name=names[went_out]
    )
    return f"{head} {how}" if how else head


def closer_head(
    closer: int | None,
    names: Sequence[str],
    did: str,
    *,
    dead: str = N_("Round {round_number}: dead round."),
    closed: str = N_("Round {round_number}: {name} {did}."),
    **number: int,
) -> str:
    """The first sentence of a round's result where a round is closed (a knock, gin, a Rummy
    call): ``dead`` when nobody closed it, else ``closed``, who closed it ({name}) and how
    ({did}). Both are message ids; ``number`` is the round's number under the name of their
    placeholder (``round_number=3``)."""
    if closer is None:
        return _(dead, **number)
    return _(closed, name=names[closer], did=did, **number)
