"""Viennese Rummy's examples: the moments of a real game the docs' pictures show (see
``bot.games.examples``), its pictures, and positions of whole seeded rubbers played by a
random player for the benchmark and the tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from bot.games.examples import NAMES, NAMES6, play, session_views
from bot.games.wiener.render import render_wiener_table
from bot.games.wiener.render_results import render_wiener_round_result
from engine.actions import Action, CallRummy, Discard, Knock
from engine.cards import Card
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.game import WienerRuleset
from engine.games.wiener.views import WienerPublicView
from engine.melding.deadwood import deadwood_of
from engine.protocol import Phase
from engine.registry import get_spec

GREEDY = 0.8  # how often the random player discards its worst card
# The pictures also kept in German, as <name>.de.png.
GERMAN = ("wiener-table.png", "wiener-round-result.png")
WIENER_SEED = 1


@dataclass(frozen=True, slots=True)
class WienerExample:
    """The Viennese Rummy pictures: a later round, a round just knocked and that round's result."""

    table: WienerPublicView  # a later round, nobody knocked yet
    knock: WienerPublicView  # a later round just after the knock
    result: WienerRoundResult  # the result of the knocked round
    names: tuple[str, ...]


@cache
def wiener() -> WienerExample:
    """Play the Viennese Rummy game from its seed to a later round's middle, its knock and that
    round's result (played once, then cached)."""
    game = WienerRuleset().new_game(NAMES, WIENER_SEED)
    players = [get_spec("wiener").make_player("normal", WIENER_SEED * 7 + s) for s in range(4)]

    def midgame() -> bool:
        view = game.public_view()
        return (
            view.round_number >= 3
            and view.knocker is None
            and view.phase is Phase.DRAW
            and len({s.bad_points for s in view.seats}) >= 3
        )

    def knocked() -> bool:
        view = game.public_view()
        return view.knocker is not None and view.final_turns_left >= 2

    play(game, players, midgame)
    table = game.public_view()
    play(game, players, knocked)
    knock = game.public_view()
    play(game, players, lambda: len(game.results) == knock.round_number)
    return WienerExample(table, knock, game.results[-1], tuple(game.names))


def pictures() -> dict[str, bytes]:
    """Viennese Rummy's pictures in docs/img/, by file name, in the current language."""
    example = wiener()
    return {
        "wiener-table.png": render_wiener_table(example.table),
        "wiener-knock.png": render_wiener_table(example.knock),
        "wiener-round-result.png": render_wiener_round_result(example.result, example.names),
    }


def wiener_table() -> WienerPublicView:
    """Four players in a later round of the rubber, hands hidden."""
    return wiener().table


def wiener_knock() -> WienerPublicView:
    """Just after a knock: the knocker's hand revealed, final turns to come."""
    return wiener().knock


def wiener_round_result() -> tuple[WienerRoundResult, tuple[str, ...]]:
    """The result of the round knocked in :func:`wiener_knock`."""
    example = wiener()
    return example.result, example.names


# ----------------------------------------------------------------------------- random play
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


def wiener_views(seats: int, seed: int, every: int = 5) -> Iterator[WienerPublicView]:
    """Every ``every``-th public view of a whole seeded rubber, and every view after a knock."""
    game = WienerRuleset().new_game(NAMES6[:seats], seed=seed)
    rng = random.Random(seed)

    def move() -> Action:
        return wiener_move(rng, game.legal_actions(), 0.5, game.hands[game.to_act])

    return session_views(game, move, every, also=lambda view: view.knocker is not None)
