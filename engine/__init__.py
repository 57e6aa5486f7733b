"""The Treppenrommé rules engine: pure Python, no Discord, no images, no database.

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

``meld_points(cards, variant="romme")`` / ``variant="wiener"``
    The same for the two-pack relatives: jokers wild, no corner, Ace 11 (set or high) or 1.

``deadwood(cards, variant="wiener") -> int``
    The least deadwood over every arrangement of the hand into melds (joker 30, Ace 11).
    Games: ``engine.variants.RommeRuleset`` and ``engine.variants.WienerRuleset``.

``Ruleset(target=500, no_return=True, max_rebuilds=2, ...).new_game(names, seed) -> Game``
    A session for 2 to 4 seats. ``Game.verify(action)`` raises why an action is refused,
    ``Game.can(action)`` answers yes/no, ``Game.apply(action)`` applies it and returns the
    events; ``Game.legal_actions()`` lists every legal move of the player to act.
    ``Game.public_view()`` and ``Game.private_view(seat)`` are all a client needs to see.
    ``Game.to_json()`` / ``Game.from_json()`` store and rebuild a game from its action log.

Every ``RulesError`` message is written for players and may be shown as it is.
"""

from engine.actions import Action, Discard, DrawTalon, End, LayOff, Meld, TakeStaircase
from engine.cards import FULL_PACK, JOKER, SUITS, Card, Rank, Suit, format_cards, parse_cards
from engine.errors import IllegalAction, IllegalMeld, ParseError, RulesError
from engine.game import Game, Ruleset
from engine.melds import MeldKind, analyse_meld
from engine.registry import load_game, meld_points
from engine.table import Deal
from engine.variants import deadwood
from engine.views import MeldView, Phase, PlacedCard, PrivateView, PublicView, SeatView

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
    "TakeStaircase",
    "analyse_meld",
    "deadwood",
    "format_cards",
    "load_game",
    "meld_points",
    "parse_cards",
]
