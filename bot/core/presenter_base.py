"""What every part of a game's presenter shares (``bot.core.presenter``): the game's key, its
spec and title, the words for its piles and its score, and the types the parts are generic in.

A presenter is generic in the game's public view (``PubV``), private view (``PrivV``) and
round result (``ResultT``): a game's presenter names its own types once, in its class line,
and its methods read them directly. ``bot.games`` checks, once as the presenters load, that
the game really hands out those types, so no method needs to check again."""

from __future__ import annotations

from typing import TypeVar

from engine.i18n import N_, N_plural, decimal, ngettext
from engine.protocol import BasePrivateView, BasePublicView, GameSpec
from engine.registry import get_spec

PubV = TypeVar("PubV", bound=BasePublicView)
PrivV = TypeVar("PrivV", bound=BasePrivateView)
ResultT = TypeVar("ResultT")


class PresenterBase:
    """The game's name and words that the table, hand and stats parts all use."""

    key: str  # the engine spec's key
    stock_word: str = N_("talon")  # the face-down pile a timed-out turn draws from
    pile_word: str = N_("discard pile")  # where taken cards come from
    # A seat's session total with its unit (``Standings.unit``): "512 points".
    score_words: tuple[str, str] = N_plural("{total} point", "{total} points")
    rules_doc: str = "docs/rules.md"

    @property
    def spec(self) -> GameSpec:
        """The engine's registry entry for this game."""
        return get_spec(self.key)

    @property
    def title(self) -> str:
        """The game's name, as lobbies, tables and commands show it."""
        return self.spec.title

    def score_text(self, total: float, *, bold: bool = False) -> str:
        """A total in the game's unit, e.g. '512 points' ('**512** points'); an average, a
        fraction such as 12.5, is shown with one decimal (and takes the plural)."""
        whole = isinstance(total, int)
        shown = str(total) if whole else decimal(total)
        shown = f"**{shown}**" if bold else shown
        return ngettext(*self.score_words, int(total) if whole else 2, total=shown)
