"""Rommé (German Rummy): two packs, six jokers, a 40-point first meld (docs/variants.md)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action
from engine.games.romme.players import make_player
from engine.games.romme.views import RommePrivateView
from engine.protocol import BasePrivateView, GameSpec, OptionSpec, Player
from engine.variants.melds import analyse_variant_meld
from engine.variants.players import STRENGTHS, timeout_action
from engine.variants.romme import RommeGame, RommeRuleset

KEY = RommeGame.GAME_KEY


def _view(view: BasePrivateView) -> RommePrivateView:
    if not isinstance(view, RommePrivateView):
        raise TypeError(f"a Rommé player needs a Rommé view, not {view!r}")
    return view


class _Player:
    def __init__(self, strength: str, seed: int) -> None:
        self.inner = make_player(strength, seed)

    def choose(self, view: BasePrivateView, legal: Sequence[Action]) -> Action:
        return self.inner.choose(_view(view), legal)


def _make_player(strength: str, seed: int) -> Player:
    return _Player(strength, seed)


def _timeout_action(view: BasePrivateView, legal: Sequence[Action]) -> Action:
    return timeout_action(_view(view), legal)


OPTIONS = (
    OptionSpec("hand_size", int, 13, "cards dealt to each player", 1, 15),
    OptionSpec("dealer_gets_14", bool, False, "the dealer gets one more card, no upcard"),
    OptionSpec("discard_only_to_meld", bool, False, "the discard taken must be melded at once"),
    OptionSpec("strict_swap", bool, False, "a set gives up its joker only with four cards"),
    OptionSpec("hand_romme_double", bool, True, "going out in one turn doubles minus points"),
    OptionSpec("rounds", int, None, "rounds to play (unset: every player deals once)", 1, 50),
    OptionSpec("opening_minimum", int, 40, "points the first meld needs", 0, 200),
    OptionSpec("no_return", bool, True, "the discard taken may not go back that turn"),
    OptionSpec("max_rebuilds", int, 3, "stock rebuilds per round before it ends dead", 0, 10),
)

SPEC = GameSpec(
    key=KEY,
    title="Rommé",
    min_seats=2,
    max_seats=6,
    ruleset_type=RommeRuleset,
    options=OPTIONS,
    ruleset_from_json=RommeRuleset.from_json,
    load=RommeGame.from_json,
    meld_points=lambda cards: analyse_variant_meld(cards).total,
    make_player=_make_player,
    strengths=STRENGTHS,
    timeout_action=_timeout_action,
)
