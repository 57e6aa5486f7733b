"""Example Rommé and Wiener Rummy positions for the docs pictures, the benchmark and the tests,
reached by playing real engine games with a seeded random player."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from engine.actions import Discard, LayOff, Meld
from engine.cards import Card, parse_cards
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.views import RommePublicView
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.views import WienerPublicView
from engine.variants import (
    CallRummy,
    JokerSwap,
    Knock,
    RommeGame,
    RommeRuleset,
    TakeBack,
    VariantAction,
    WienerGame,
    WienerRuleset,
)
from engine.variants.deadwood import deadwood_of
from engine.variants.melds import hand_value
from engine.variants.views import VariantPhase

NAMES6 = ("Anna", "Ben", "Clara", "Dieter", "Emil", "Frieda")
MAX_STEPS = 4000
GREEDY = 0.8  # how often the Wiener player discards its worst card


def romme_move(rng: random.Random, actions: Sequence[VariantAction]) -> VariantAction:
    """A random Rommé player that melds, lays off and swaps jokers when it can (mostly) and
    never takes a pending first meld back."""
    plays = [a for a in actions if isinstance(a, Meld | LayOff | JokerSwap)]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    rest = [a for a in actions if not isinstance(a, TakeBack)]
    return rng.choice(rest or list(actions))


def wiener_move(
    rng: random.Random,
    actions: Sequence[VariantAction],
    knock: float = 1.0,
    hand: Sequence[Card] = (),
) -> VariantAction:
    """A random Wiener Rummy player that calls Rummy when it can, knocks with chance
    ``knock`` and, given its ``hand``, mostly discards the card that leaves least deadwood."""
    rummy = [a for a in actions if isinstance(a, CallRummy)]
    if rummy:
        return rummy[0]
    knocks = [a for a in actions if isinstance(a, Knock)]
    if knocks and rng.random() < knock:
        return rng.choice(knocks)
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards and hand and rng.random() < GREEDY:

        def left(action: Discard) -> int:
            rest = list(hand)
            rest.remove(action.card)
            return deadwood_of(rest)

        return min(discards, key=left)
    rest = [a for a in actions if not isinstance(a, Knock)]
    return rng.choice(rest or list(actions))


def play_romme(
    seats: int, seed: int, stop: Callable[[RommeGame], bool], ruleset: RommeRuleset | None = None
) -> RommeGame:
    """A seeded game played by :func:`romme_move` until ``stop(game)`` (or the end)."""
    game = (ruleset or RommeRuleset()).new_game(NAMES6[:seats], seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if stop(game) or game.winner is not None:
            break
        game.apply(romme_move(rng, game.legal_actions()))
    return game


def play_wiener(
    seats: int,
    seed: int,
    stop: Callable[[WienerGame], bool],
    ruleset: WienerRuleset | None = None,
    knock: float = 1.0,
) -> WienerGame:
    """A seeded rubber played by :func:`wiener_move` until ``stop(game)`` (or the end)."""
    game = (ruleset or WienerRuleset()).new_game(NAMES6[:seats], seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if stop(game) or game.winner is not None:
            break
        game.apply(wiener_move(rng, game.legal_actions(), knock, game.hands[game.to_act]))
    return game


def romme_views(seats: int, seed: int, every: int = 7) -> Iterator[RommePublicView]:
    """Every ``every``-th public view of a whole seeded Rommé session."""
    game = RommeRuleset().new_game(NAMES6[:seats], seed=seed)
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        if step % every == 0 or game.winner is not None:
            yield game.public_view()
        if game.winner is not None:
            return
        game.apply(romme_move(rng, game.legal_actions()))


def wiener_views(seats: int, seed: int, every: int = 5) -> Iterator[WienerPublicView]:
    """Every ``every``-th public view of a whole seeded rubber, and every view after a knock."""
    game = WienerRuleset().new_game(NAMES6[:seats], seed=seed)
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        view = game.public_view()
        if step % every == 0 or view.knocker is not None or game.winner is not None:
            yield view
        if game.winner is not None:
            return
        game.apply(wiener_move(rng, game.legal_actions(), 0.5, game.hands[game.to_act]))


# ----------------------------------------------------------------------------- docs
def _romme_interesting(game: RommeGame) -> bool:
    """Mid-round: a pending first meld on the table, a joker in a meld, someone opened."""
    view = game.public_view()
    jokers = any(c.card.is_joker for m in view.melds for c in m.cards)
    laid_off = any(c.seat != m.owner for m in view.melds for c in m.cards)
    opened = sum(s.opened for s in view.seats)
    pending = any(m.pending for m in view.melds)
    return view.round_number >= 2 and jokers and laid_off and opened >= 2 and pending


def romme_table() -> RommePublicView:
    """Four players in round 2: melds with jokers, lay-offs, a pending first meld."""
    return play_romme(4, ROMME_SEED, _romme_interesting).public_view()


ROMME_SEED = 11


def romme_round_result() -> tuple[RommeRoundResult, tuple[str, ...]]:
    """A hand-Rommé: Dieter laid his whole hand in one turn; the others' cards count double."""
    hands = (
        tuple(parse_cards("7♣ A♦ Jo")),
        tuple(parse_cards("9♦ 9♣ K♥ 3♠ 3♠ Q♦")),
        tuple(parse_cards("8♥ 2♣")),
        (),
    )
    minus = tuple(2 * sum(hand_value(c) for c in hand) for hand in hands)
    before = (34, 12, 61, 20)
    totals = tuple(b + m for b, m in zip(before, minus, strict=True))
    result = RommeRoundResult(3, 3, True, hands, minus, totals)
    return result, NAMES6[:4]


def _wiener_midgame(game: WienerGame) -> bool:
    """A later round, nobody knocked yet, bad points and chips spread out."""
    view = game.public_view()
    return (
        view.round_number >= 4
        and view.knocker is None
        and view.phase is VariantPhase.DRAW
        and len({s.bad_points for s in view.seats}) >= 3
    )


def _wiener_knocked(game: WienerGame) -> bool:
    """Someone knocked with a joker among his melds; two final turns are still to come."""
    view = game.public_view()
    if view.knocker is None or view.final_turns_left < 2:
        return False
    laid = view.seats[view.knocker].revealed
    return (
        view.round_number >= 2
        and laid is not None
        and any(c.is_joker for m in laid.melds for c in m.cards)
    )


WIENER_SEED = 5
WIENER_KNOCK_SEED = 5


def wiener_table() -> WienerPublicView:
    """Four players in a later round of the rubber, hands hidden."""
    return play_wiener(4, WIENER_SEED, _wiener_midgame, knock=0.4).public_view()


def wiener_knock() -> WienerPublicView:
    """Just after a knock: the knocker's hand revealed, two final turns to come."""
    return play_wiener(4, WIENER_KNOCK_SEED, _wiener_knocked, knock=0.3).public_view()


def wiener_round_result() -> tuple[WienerRoundResult, tuple[str, ...]]:
    """The result of the round that followed the knock in :func:`wiener_knock`."""
    game = play_wiener(4, WIENER_KNOCK_SEED, _wiener_knocked, knock=0.3)
    rounds = len(game.results)
    rng = random.Random(1)
    while len(game.results) == rounds and game.winner is None:
        game.apply(wiener_move(rng, game.legal_actions(), 0.0, game.hands[game.to_act]))
    return game.results[-1], NAMES6[:4]
