"""The example pictures in docs/img/, taken from real games.

Every picture is a moment of a game that computer players play from a fixed seed: one
generic driver (:func:`play`) runs any of the three engines until a chosen moment, so every
number in a picture is the engine's and pictures of the same game agree with each other (the
round result of round 4 is the result of the round shown on the round-4 table).
``tools/make_examples.py`` writes :func:`pictures` to docs/img/; a test checks that the
committed files are what this module draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Protocol, TypeVar

from bot.games.romme.render import render_romme_round_result, render_romme_table
from bot.games.treppe.render_results import render_round_result, render_session_result
from bot.games.treppe.render_table import render_table
from bot.games.wiener.render import render_wiener_table
from bot.games.wiener.render_results import render_wiener_round_result
from bot.render.hand import render_hand, sort_hand
from engine.cards import Card
from engine.games.romme.events import RommeRoundResult
from engine.games.romme.game import RommeRuleset
from engine.games.romme.views import RommePublicView
from engine.games.treppe.ai import make_player
from engine.games.treppe.events import TreppeRoundResult as RoundResult
from engine.games.treppe.game import Ruleset
from engine.games.treppe.views import PublicView
from engine.games.wiener.events import WienerRoundResult
from engine.games.wiener.game import WienerRuleset
from engine.games.wiener.views import WienerPublicView
from engine.i18n import using
from engine.protocol import Phase
from engine.registry import get_spec

NAMES = ("Anna", "Ben", "Clara", "Dieter")
MAX_ACTIONS = 20_000

A = TypeVar("A")
V_co = TypeVar("V_co", covariant=True)
V_contra = TypeVar("V_contra", contravariant=True)


class Playable(Protocol[A, V_co]):
    """What the driver needs of a game: Treppenrommé, Rommé and Wiener Rummy all fit."""

    @property
    def to_act(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    def legal_actions(self) -> list[A]: ...
    def apply(self, action: A, /) -> object: ...
    def private_view(self, seat: int, /) -> V_co: ...


class Player(Protocol[A, V_contra]):
    def choose(self, view: V_contra, legal: Sequence[A], /) -> A: ...


def play(
    game: Playable[A, V_co],
    players: Sequence[Player[A, V_co]],
    until: Callable[[], bool],
) -> None:
    """Let ``players`` (one per seat) play ``game`` until ``until()`` holds; the game must
    reach that moment before it ends."""
    for _ in range(MAX_ACTIONS):
        if until():
            return
        if game.winner is not None:
            break
        seat = game.to_act
        game.apply(players[seat].choose(game.private_view(seat), game.legal_actions()))
    raise RuntimeError("the example game never reached its moment: choose another seed")


# ----------------------------------------------------------------------------- Treppenrommé
FOUR_SEED = 0  # four normal players; round 4 has lay-offs by other players
ROUND = 4  # the round shown on the table picture and in the round result
TWO_SEED = 15  # two normal players
DEAD_SEED = 0  # two random players: round 1 ends dead


@dataclass(frozen=True, slots=True)
class TreppenFour:
    table: PublicView  # round 4 at the start of its last turn
    turn: int  # which turn of round 4 that is
    result: RoundResult  # the result of that same round 4
    names: tuple[str, ...]
    last: RoundResult  # the round that ended the session
    totals: tuple[int, ...]  # the session end
    winner: int


@dataclass(frozen=True, slots=True)
class TreppenTwo:
    table: PublicView  # the moment Anna took from the staircase
    hand: tuple[Card, ...]  # Anna's hand then
    locked: Card  # the card she took and may not throw back this turn


@cache
def treppen_four() -> TreppenFour:
    game = Ruleset().new_game(NAMES, FOUR_SEED)
    players = [make_player("normal", FOUR_SEED * 7 + s) for s in range(4)]
    turns: list[PublicView] = []  # round 4 at the start of each turn

    def round_four_over() -> bool:
        if game.round_number == ROUND and game.phase is Phase.DRAW:
            turns.append(game.public_view())
        return len(game.results) == ROUND

    play(game, players, round_four_over)
    result = game.results[ROUND - 1]
    play(game, players, lambda: game.winner is not None)
    assert game.winner is not None
    names = tuple(game.names)
    last = game.results[-1]
    return TreppenFour(turns[-1], len(turns), result, names, last, tuple(game.totals), game.winner)


@cache
def treppen_two() -> TreppenTwo:
    game = Ruleset().new_game(NAMES[:2], TWO_SEED)
    players = [make_player("normal", TWO_SEED * 7 + s) for s in range(2)]

    def took() -> bool:
        view = game.public_view()
        return (
            view.to_act == 0
            and game.locked_discard is not None
            and len(game.hands[0]) >= 8
            and len({m.owner for m in view.melds}) == 2
            and len(view.staircase) >= 4
        )

    play(game, players, took)
    table = game.public_view()
    hand = tuple(game.hands[0])
    assert game.locked_discard is not None
    return TreppenTwo(table, hand, game.locked_discard)


@cache
def dead_round() -> RoundResult:
    """The first round of a game between two random players: nobody goes out before the
    talon runs out a third time."""
    game = Ruleset().new_game(NAMES[:2], DEAD_SEED)
    players = [make_player("random", DEAD_SEED * 7 + s) for s in range(2)]
    play(game, players, lambda: bool(game.results))
    return game.results[0]


# ----------------------------------------------------------------------------- Rommé
ROMME_SEED = 5


@dataclass(frozen=True, slots=True)
class RommeExample:
    table: RommePublicView  # a round with jokers in the melds and lay-offs
    result: RommeRoundResult  # the result of that same round
    names: tuple[str, ...]


@cache
def romme() -> RommeExample:
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


# ----------------------------------------------------------------------------- Wiener Rummy
WIENER_SEED = 1


@dataclass(frozen=True, slots=True)
class WienerExample:
    table: WienerPublicView  # a later round, nobody knocked yet
    knock: WienerPublicView  # a later round just after the knock
    result: WienerRoundResult  # the result of the knocked round
    names: tuple[str, ...]


@cache
def wiener() -> WienerExample:
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


# ----------------------------------------------------------------------------- pictures
# The pictures also kept in German, as <name>.de.png.
GERMAN = (
    "table-4-players.png",
    "hand.png",
    "round-result.png",
    "romme-table.png",
    "wiener-table.png",
    "wiener-round-result.png",
)


def pictures() -> dict[str, bytes]:
    """Every picture in docs/img/, by file name: English, then the German ones."""
    drawn = _pictures()
    with using("de"):
        german = _pictures()
    drawn.update({name.replace(".png", ".de.png"): german[name] for name in GERMAN})
    return drawn


def _pictures() -> dict[str, bytes]:
    four, two, rom, wie = treppen_four(), treppen_two(), romme(), wiener()
    return {
        "table-2-players.png": render_table(two.table),
        "hand.png": render_hand(sort_hand(two.hand), locked=two.locked),  # as the bot shows it
        "round-result-dead.png": render_round_result(dead_round(), NAMES[:2]),
        "table-4-players.png": render_table(four.table),
        "round-result.png": render_round_result(four.result, four.names),
        "session-result.png": render_session_result(four.names, four.totals, four.winner),
        "romme-table.png": render_romme_table(rom.table),
        "romme-round-result.png": render_romme_round_result(rom.result, rom.names),
        "wiener-table.png": render_wiener_table(wie.table),
        "wiener-knock.png": render_wiener_table(wie.knock),
        "wiener-round-result.png": render_wiener_round_result(wie.result, wie.names),
    }
