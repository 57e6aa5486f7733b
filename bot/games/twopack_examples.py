"""Example Rommé and Wiener Rummy positions for the benchmark and the tests: positions of whole
seeded games played by a random player, and the docs positions (from ``example_games``)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from bot.games import examples as example_games
from engine.actions import Action, CallRummy, Discard, JokerSwap, Knock, LayOff, Meld, TakeBack
from engine.cards import Card
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.game import RommeRuleset
from engine.games.romme.views import RommePublicView
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.game import WienerRuleset
from engine.games.wiener.views import WienerPublicView
from engine.twopack.deadwood import deadwood_of

NAMES6 = ("Anna", "Ben", "Clara", "Dieter", "Emil", "Frieda")
MAX_STEPS = 4000
GREEDY = 0.8  # how often the Wiener player discards its worst card


def romme_move(rng: random.Random, actions: Sequence[Action]) -> Action:
    """A random Rommé player that melds, lays off and swaps jokers when it can (mostly) and
    never takes a pending first meld back."""
    plays = [a for a in actions if isinstance(a, Meld | LayOff | JokerSwap)]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    rest = [a for a in actions if not isinstance(a, TakeBack)]
    return rng.choice(rest or list(actions))


def wiener_move(
    rng: random.Random,
    actions: Sequence[Action],
    knock: float = 1.0,
    hand: Sequence[Card] = (),
) -> Action:
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
# The docs positions: moments of games that computer players play (see example_games).
def romme_table() -> RommePublicView:
    """Four players in a later round: jokers in the melds, lay-offs."""
    return example_games.romme().table


def romme_round_result() -> tuple[RommeRoundResult, tuple[str, ...]]:
    """The result of the round shown by :func:`romme_table`."""
    example = example_games.romme()
    return example.result, example.names


def wiener_table() -> WienerPublicView:
    """Four players in a later round of the rubber, hands hidden."""
    return example_games.wiener().table


def wiener_knock() -> WienerPublicView:
    """Just after a knock: the knocker's hand revealed, final turns to come."""
    return example_games.wiener().knock


def wiener_round_result() -> tuple[WienerRoundResult, tuple[str, ...]]:
    """The result of the round knocked in :func:`wiener_knock`."""
    example = example_games.wiener()
    return example.result, example.names
