"""What every part of a game's presenter shares (``bot.core.presenter``): the game's key, its
spec and title, the words for its piles and its score, and the types the parts are generic in.

A presenter is generic in the game's public view (``PubV``), private view (``PrivV``) and
round result (``ResultT``): a game's presenter names its own types once, in its class line,
and its methods read them directly. ``bot.games`` checks, once as the presenters load, that
the game really hands out those views, and ``finished_rounds`` each round result as it enters
the bot, so no method needs to check again."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar, get_args, get_origin

from engine.events import RoundResult
from engine.i18n import N_, N_plural, _, decimal, ngettext
from engine.protocol import BasePrivateView, BasePublicView, GameSpec
from engine.registry import get_spec

PubV = TypeVar("PubV", bound=BasePublicView)
PrivV = TypeVar("PrivV", bound=BasePrivateView)
ResultT = TypeVar("ResultT", bound=RoundResult)


def strengths(normal: str, hard: str) -> Mapping[str, str]:
    """A game's ``strength_notes``: what its normal and its hard computer player were measured
    to do (message ids)."""
    return MappingProxyType({"normal": normal, "hard": hard})


class PresenterBase:
    """The game's name and words that the table, hand and stats parts all use."""

    key: str  # the engine spec's key
    stock_word: str = N_("talon")  # the face-down pile a timed-out turn draws from
    # A seat's session total with its unit (``Standings.unit``): "512 points".
    score_words: tuple[str, str] = N_plural("{total} point", "{total} points")
    rules_doc: str = "docs/rules.md"
    # What each computer strength means, in a few measured words (docs/strength.md): the
    # lobby's choice of a computer player says it under the strength's name.
    strength_notes: Mapping[str, str] = MappingProxyType({})

    @property
    def spec(self) -> GameSpec:
        """The engine's registry entry for this game."""
        return get_spec(self.key)

    @property
    def title(self) -> str:
        """The game's name in the reader's language, as lobbies, tables and commands show it."""
        return _(self.spec.title)

    def score_text(self, total: float, *, bold: bool = False) -> str:
        """A total in the game's unit, e.g. '512 points' ('**512** points'); an average, a
        fraction such as 12.5, is shown with one decimal (and takes the plural)."""
        whole = isinstance(total, int)
        shown = str(total) if whole else decimal(total)
        shown = f"**{shown}**" if bold else shown
        return ngettext(*self.score_words, int(total) if whole else 2, total=shown)

    @classmethod
    def presented_types(cls) -> tuple[type, type, type]:
        """The public view, private view and round result types this presenter's class was
        declared with (``class P(GamePresenter[PublicView, PrivateView, Result])``, directly or
        through a generic base such as ``PileGamePresenter``)."""
        bound = _bindings(cls, {})
        public, private, result = (bound.get(v) for v in (PubV, PrivV, ResultT))
        if isinstance(public, type) and isinstance(private, type) and isinstance(result, type):
            return public, private, result
        raise TypeError(f"{cls.__name__} does not name its view and result types")


def _bindings(cls: type, bound: dict[Any, Any]) -> dict[Any, Any]:
    """What each type variable of ``cls``'s generic bases stands for, as ``cls`` declares it
    (``bound``: what ``cls``'s own type variables stand for), following the bases down."""
    found: dict[Any, Any] = {}
    for base in cls.__dict__.get("__orig_bases__", cls.__bases__):
        origin = get_origin(base) or base
        if origin is Generic or not isinstance(origin, type):
            continue
        arguments = tuple(bound.get(a, a) for a in get_args(base))
        mapping = dict(zip(getattr(origin, "__parameters__", ()), arguments, strict=False))
        found.update(mapping)
        found.update(_bindings(origin, mapping if arguments else bound))
    return found
