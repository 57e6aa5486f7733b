"""Rommé's examples: the moment of a real game the docs' pictures show (see
``bot.games.examples``), its pictures, and positions of whole seeded sessions played by a
random player for the benchmark and the tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from bot.games.examples import NAMES, NAMES6, play, session_views
from bot.games.romme.render import render_romme_table
from bot.games.romme.render_results import render_romme_round_result
from engine.actions import Action, JokerSwap, LayOff, Meld, TakeBack
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.game import RommeRuleset
from engine.games.romme.views import RommePublicView
from engine.registry import get_spec

# The pictures also kept in German, as <name>.de.png.
GERMAN = ("romme-table.png",)
ROMME_SEED = 5


@dataclass(frozen=True, slots=True)
class RommeExample:
    """The Rommé pictures: a busy table (jokers, lay-offs, a pending first meld) and its result."""

    table: RommePublicView  # a round with jokers in the melds and lay-offs
    result: RommeRoundResult  # the result of that same round
    names: tuple[str, ...]


@cache
def romme() -> RommeExample:
    """Play the Rommé game from its seed to a busy moment of a later round and on to that round's
    result (played once, then cached)."""
    game = RommeRuleset().new_game(NAMES, ROMME_SEED)
    players = [get_spec("romme").make_player("normal", ROMME_SEED * 7 + s) for s in range(4)]

    def busy() -> bool:
        view = game.public_view()
        jokers = any(c.card.is_joker for m in view.melds for c in m.cards)
        laid_off = any(c.seat != m.owner for m in view.melds for c in m.cards)
        opened = sum(s.opened for s in view.seats)
        pending = any(m.pending for m in view.melds)
        return view.round_number >= 2 and pending and jokers and laid_off and opened >= 2

    play(game, players, busy)
    table = game.public_view()
    play(game, players, lambda: len(game.results) == table.round_number)
    return RommeExample(table, game.results[-1], tuple(game.names))


def pictures() -> dict[str, bytes]:
    """Rommé's pictures in docs/img/, by file name, in the current language."""
    example = romme()
    return {
        "romme-table.png": render_romme_table(example.table),
        "romme-round-result.png": render_romme_round_result(example.result, example.names),
    }


def romme_table() -> RommePublicView:
    """Four players in a later round: jokers in the melds, lay-offs."""
    return romme().table


def romme_round_result() -> tuple[RommeRoundResult, tuple[str, ...]]:
    """The result of the round shown by :func:`romme_table`."""
    example = romme()
    return example.result, example.names


# ----------------------------------------------------------------------------- random play
def romme_move(rng: random.Random, actions: Sequence[Action]) -> Action:
    """A random Rommé player that melds, lays off and swaps jokers when it can (mostly) and
    never takes a pending first meld back."""
    plays = [a for a in actions if isinstance(a, Meld | LayOff | JokerSwap)]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    rest = [a for a in actions if not isinstance(a, TakeBack)]
    return rng.choice(rest or list(actions))


def romme_views(seats: int, seed: int, every: int = 7) -> Iterator[RommePublicView]:
    """Every ``every``-th public view of a whole seeded Rommé session."""
    game = RommeRuleset().new_game(NAMES6[:seats], seed=seed)
    rng = random.Random(seed)
    return session_views(game, lambda: romme_move(rng, game.legal_actions()), every)
