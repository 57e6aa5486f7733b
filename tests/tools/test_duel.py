"""The tuning duel: configurations parse, and a configuration ties with itself."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from engine.games.treppe.ai.hard import HardPlayer
from engine.games.treppe.ai.players import NormalPlayer

DUEL_PATH = Path(__file__).resolve().parents[2] / "tools" / "duel.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("duel", DUEL_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


duel = _load()


def test_settings_override_weights_and_budget() -> None:
    player = duel.make("hard:candidates=4,margin=1.5,hold=false,risk_base=0.3", 1)
    assert isinstance(player, HardPlayer)
    assert player.budget.candidates == 4
    assert player.budget.margin == 1.5
    assert player.budget.hold is False
    assert player.weights.risk_base == 0.3
    assert isinstance(duel.make("normal:pair=0.3", 1), NormalPlayer)


def test_unknown_settings_are_refused() -> None:
    with pytest.raises(SystemExit, match="worldz"):
        duel.make("hard:worldz=3", 1)


def test_a_configuration_ties_with_itself_on_a_swapped_deal() -> None:
    assert duel.duel(("normal", "normal", 5, 500)) == 0


def test_a_round_is_scored_for_both_seats() -> None:
    first, second = duel.play_round(("normal", "random"), 5, 500)
    assert first > second
