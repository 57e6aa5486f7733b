"""The rules engine of Treppenrommé and its relatives Rommé, Wiener Rummy, 500 Rum and Gin
Rummy (``engine.registry.all_specs()`` lists them): pure Python, no Discord, no images, no
database.

Every game is a folder under ``engine/games/`` that implements the protocol of
``engine.protocol`` and is listed in ``engine.registry`` (``get_spec(key)``, ``all_specs()``,
``load_game(text)``); see docs/adding-a-game.md. This module is the front door: it keeps the
short names below (Treppenrommé's ``Ruleset`` and ``Game`` among them) and is, with the
registry and ``__main__``, the only module outside the game folders that names a game.

Public API
----------
``parse_cards(text) -> list[Card]``
    Read cards as players type them: ``"Q♥ K♥ A♥"``, ``"qh,kh,ah"``, ``"10s-TS"``; ranks
    ``A 2-10 T J Q K`` (German ``B`` and ``D`` too), suits ``♣♦♥♠`` or ``C D H S`` in either
    case. Raises ``ParseError`` (a ``RulesError``, itself a ``ValueError``) for anything else.

``meld_points(cards) -> int``
    The points the cards score when laid as one fresh Treppenrommé meld, in any order
    given (the engine finds a run's order, round the corner too): ``meld_points(parse_cards(
    "Q♥ K♥ A♥ 2♥")) == 27``. A non-meld raises ``IllegalMeld`` with a readable reason, e.g.
    "5♠ 6♠ 8♠ is not a run: 7♠ is missing."

``meld_points(cards, game="romme")`` / ``game="wiener"``
    The same for the two-pack relatives: jokers wild, no corner, Ace 11 (set or high) or 1.
    ``game="rum500"``: what the cards score when placed (Ace 15, or 1 low in A 2 3);
    ``game="gin"``: their count (Ace 1, pictures 10), runs Ace low only.

``deadwood(cards, game="wiener") -> int``
    The least deadwood over every arrangement of the hand into melds, as the game counts
    it: ``"romme"`` and ``"wiener"`` joker 30, Ace 11; ``"gin"`` Ace 1, pictures 10, no
    jokers. The games are those whose ``GameSpec.deadwood`` is set (``engine.registry``);
    any other raises ``ValueError``.

``load_game(text)``
    Rebuild any game from its ``to_json()`` (the JSON names its game).

``Ruleset(target=500, no_return=True, max_rebuilds=2, ...).new_game(names, seed) -> Game``
    A session for 2 to 4 seats. ``Game.verify(action)`` raises why an action is refused,
    ``Game.can(action)`` answers yes/no, ``Game.apply(action)`` applies it and returns the
    events; ``Game.legal_actions()`` lists every legal move of the player to act.
    ``Game.public_view()`` and ``Game.private_view(seat)`` are all a client needs to see.
    ``Game.to_json()`` / ``Game.from_json()`` store and rebuild a game from its action log.

Every ``RulesError`` message is written for players and may be shown as it is.
"""

from collections.abc import Iterable

from engine.actions import (
    Action,
    Discard,
    DrawTalon,
    End,
    LayOff,
    Meld,
    MeldKind,
    TakeDiscard,
    TakeStaircase,
)
from engine.cards import FULL_PACK, JOKER, SUITS, Card, Rank, Suit, format_cards, parse_cards
from engine.deal import Deal
from engine.errors import IllegalAction, IllegalMeld, ParseError, RulesError
from engine.games.treppe.game import Game, Ruleset
from engine.games.treppe.melds import analyse_meld
from engine.games.treppe.views import MeldView, PlacedCard, PrivateView, PublicView, SeatView
from engine.protocol import Phase
from engine.registry import all_specs, get_spec, load_game, meld_points


def deadwood(cards: Iterable[Card], game: str = "wiener") -> int:
    """The least deadwood of ``cards`` as the game ``game`` counts it (its spec's own
    count); ``ValueError`` for a game that counts no deadwood, or an unknown one."""
    count = get_spec(game).deadwood
    if count is None:
        counting = ", ".join(repr(s.key) for s in all_specs() if s.deadwood is not None)
        raise ValueError(f"{game!r} counts no deadwood; these games do: {counting}")
    return count(list(cards))


__all__ = [
    "FULL_PACK",
    "JOKER",
    "SUITS",
    "Action",
    "Card",
    "Deal",
    "Discard",
    "DrawTalon",
    "End",
    "Game",
    "IllegalAction",
    "IllegalMeld",
    "LayOff",
    "Meld",
    "MeldKind",
    "MeldView",
    "ParseError",
    "Phase",
    "PlacedCard",
    "PrivateView",
    "PublicView",
    "Rank",
    "RulesError",
    "Ruleset",
    "SeatView",
    "Suit",
    "TakeDiscard",
    "TakeStaircase",
    "analyse_meld",
    "deadwood",
    "format_cards",
    "load_game",
    "meld_points",
    "parse_cards",
]
