"""Words for what happened: narration of the events every game shares and small formatting
helpers. A game's own events are told by its presenter."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord

from engine.actions import End, MeldKind
from engine.cards import format_cards
from engine.events import (
    Discarded,
    DrewFromTalon,
    FirstDealerDrawn,
    GameEvent,
    Knocked,
    LaidOff,
    Melded,
    TalonRebuilt,
)
from engine.i18n import N_, _, ngettext, percent
from engine.protocol import BaseMeldView
from engine.twopack.deadwood import Arrangement


def shown_name(name: str) -> str:
    """A member-supplied name made inert for any message text: no markdown, no masked link,
    no @everyone/@here or <@id> that pings (a zero-width space breaks the mention)."""
    text = discord.utils.escape_markdown(name)
    text = discord.utils.escape_mentions(text)
    return text.replace("<", "<\u200b")


REBUILT_STOCK = N_(
    "The discard pile but its top card was shuffled into a new stock ({cards} cards)."
)

# A game's teller: the line for one of its own events, "" to say nothing, None if unknown.
Teller = Callable[[GameEvent, Sequence[str]], str | None]


def plural(count: int, word: str) -> str:
    """'1 card', '3 rounds' in the current language, for the words the games count."""
    if word == "card":
        return ngettext("{n} card", "{n} cards", count)
    if word == "round":
        return ngettext("{n} round", "{n} rounds", count)
    if word == "time":
        return ngettext("{n} time", "{n} times", count)
    if word == "chip":
        return ngettext("{n} chip", "{n} chips", count)
    if word == "player":
        return ngettext("{n} player", "{n} players", count)
    if word == "point":
        return ngettext("{n} point", "{n} points", count)
    raise ValueError(f"no plural forms for {word!r}")


def end_label(end: End | None) -> str:
    """Where a card is laid off: a run's low or high end, or onto a set (no end)."""
    if end is End.LOW:
        return _("low end")
    if end is End.HIGH:
        return _("high end")
    return _("set")


def dealer_draw_line(event: FirstDealerDrawn, names: Sequence[str]) -> str:
    """The log line of the draw for first dealer: each pass's cards, then who deals."""
    passes = [", ".join(f"{names[seat]} {card}" for seat, card in drawn) for drawn in event.passes]
    tie = _(" · tie, drew again: ") if len(passes) > 1 else ""
    return _(
        "Draw for first dealer: {value} → {value2} deals.",
        value=tie.join(passes),
        value2=names[event.dealer],
    )


def laid_text(laid: Arrangement) -> str:
    """A hand laid down: 'Q♥ K♥ A♥ · 7♣ 7♦ 7♠ | laid off 8♣ | left 4♦ (4)'."""
    parts = [" · ".join(format_cards(m.cards) for m in laid.melds)] if laid.melds else []
    if laid.laid_off:
        parts.append(_("laid off {cards}", cards=format_cards(laid.laid_off)))
    if laid.leftover:
        left = format_cards(laid.leftover)
        parts.append(_("left {value} ({deadwood})", value=left, deadwood=laid.deadwood))
    else:
        parts.append(_("no deadwood"))
    return " | ".join(parts)


def shared_line(
    event: GameEvent, names: Sequence[str], stock: str, pile: str, rebuilt: str = REBUILT_STOCK
) -> str | None:
    """The line for an event every game has; ``stock`` and ``pile`` are the game's words for
    the face-down pile and the pile it is rebuilt from, ``rebuilt`` its sentence (a message
    of the catalogue) for that rebuild: one whole sentence per game reads right in German."""
    if isinstance(event, FirstDealerDrawn):
        return dealer_draw_line(event, names)
    if isinstance(event, DrewFromTalon):
        return _("{value} drew from the {stock}.", value=names[event.seat], stock=stock)
    if isinstance(event, Melded):
        return _(
            "{value} laid {value2} for {points}.",
            value=names[event.seat],
            value2=format_cards(event.cards),
            points=event.points,
        )
    if isinstance(event, LaidOff):
        return _(
            "{value} laid off {card} on meld {value2} for {points}.",
            value=names[event.seat],
            card=event.card,
            value2=event.meld_id + 1,
            points=event.points,
        )
    if isinstance(event, Discarded):
        return _("{value} discarded {card}.", value=names[event.seat], card=event.card)
    if isinstance(event, Knocked):
        # The hand laid down shows on the table or in the round's result: not said twice.
        return _("👊 {value} knocked.", value=names[event.seat])
    if isinstance(event, TalonRebuilt):
        return _(rebuilt, cards=event.cards)
    return None


def narrate(
    events: Sequence[GameEvent],
    names: Sequence[str],
    tell: Teller,
    *,
    stock: str,
    pile: str,
    rebuilt: str = REBUILT_STOCK,
) -> str:
    """One short line for the table's log, e.g. 'Ben laid Q♥ K♥ A♥ for 30.': the game's
    teller first, then the shared events."""
    parts: list[str] = []
    for event in events:
        line = tell(event, names)
        if line is None:
            line = shared_line(event, names, stock, pile, rebuilt)
        if line:
            parts.append(line)
    return " ".join(parts)


def sessions_text(played: int, wins: int, win_rate: float) -> str:
    """A member's sessions of a game: '3 played, 2 won (66.7%)'."""
    return _(
        "{played} played, {wins} won ({rate})", played=played, wins=wins, rate=percent(win_rate)
    )


def clip(text: str, limit: int = 1024) -> str:
    """Embed fields hold 1024 characters; long staircases and tables are cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def melds_text(names: Sequence[str], melds: Sequence[BaseMeldView]) -> str:
    """The melds on the table, a line each: number, cards, set or run, owner and points."""
    if not melds:
        return _("none yet")
    lines = []
    for meld in melds:
        kind = _("set") if meld.kind is MeldKind.SET else _("run")
        cards = format_cards([p.card for p in meld.cards])
        lines.append(f"`{meld.id + 1}` {cards} ({kind}, {names[meld.owner]}, {meld.points})")
    return clip("\n".join(lines), 1024)
