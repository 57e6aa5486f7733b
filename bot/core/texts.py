"""Small formatting helpers for the bot's words: names made safe, plurals, a hand laid down,
melds and clipping. The events of a game are told by the engine's narrator
(``engine.narration``, through ``TablePart.narrate``)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from engine.actions import End, MeldKind
from engine.arrangement import Arrangement
from engine.cards import format_cards
from engine.i18n import _, ngettext, percent
from engine.protocol import BaseMeldView


def shown_name(name: str) -> str:
    """A member-supplied name made inert for any message text: no markdown, no masked link,
    no @everyone/@here or <@id> that pings (a zero-width space breaks the mention)."""
    text = discord.utils.escape_markdown(name)
    text = discord.utils.escape_mentions(text)
    return text.replace("<", "<\u200b")


def bold(text: str) -> str:
    """``text`` in bold markdown (the narrator's headlines in the table's log)."""
    return f"**{text}**"


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
