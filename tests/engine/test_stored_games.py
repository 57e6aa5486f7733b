"""Games stored before the game protocol (issue 10) still load and replay to the same state.

``fixtures/stored_games.json`` was written by the engine at commit 44ad9af: each entry holds a
game's ``to_json()`` text and facts read from the live game at the time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import Game
from engine.variants import load_game

STORED = json.loads((Path(__file__).parent / "fixtures" / "stored_games.json").read_text())
GAMES: list[dict[str, Any]] = STORED["games"]


def _load(text: str) -> Any:
    return load_game(text) if "game" in json.loads(text) else Game.from_json(text)


def _totals(game: Any) -> list[int]:
    if isinstance(game, Game):
        return list(game.scores)
    return list(game.minus if hasattr(game, "minus") else game.bad_points)


@pytest.mark.parametrize("entry", GAMES, ids=[g["name"] for g in GAMES])
def test_stored_game_loads_to_the_same_state(entry: dict[str, Any]) -> None:
    game = _load(entry["json"])
    facts = entry["facts"]
    assert game.to_act == facts["to_act"]
    assert game.phase.value == facts["phase"]
    assert game.round_number == facts["round_number"]
    assert [[c.code for c in hand] for hand in game.hands] == facts["hands"]
    assert len(game.events) == facts["events"]
    assert len(game.actions) == facts["actions"]
    assert game.winner == facts["winner"]
    assert _totals(game) == facts["totals"]
    assert game.to_json() == entry["json"]


def test_every_game_is_among_the_fixtures() -> None:
    kinds = {json.loads(g["json"]).get("game", "treppenromme") for g in GAMES}
    assert kinds == {"treppenromme", "romme", "wiener"}
