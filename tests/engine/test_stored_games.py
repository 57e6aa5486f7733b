"""Games stored before the game protocol (issue 10) still load and replay to the same state.

``fixtures/stored_games.json`` was written by the engine at commit 44ad9af: each entry holds a
game's ``to_json()`` text and facts read from the live game at the time.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.actions import TakeDiscard, action_from_json
from engine.deal import Deal
from engine.registry import load_game

STORED = json.loads((Path(__file__).parent / "fixtures" / "stored_games.json").read_text())
GAMES: list[dict[str, Any]] = STORED["games"]


@pytest.mark.parametrize("entry", GAMES, ids=[g["name"] for g in GAMES])
def test_stored_game_loads_to_the_same_state(entry: dict[str, Any]) -> None:
    game = load_game(entry["json"])
    facts = entry["facts"]
    assert game.to_act == facts["to_act"]
    assert game.phase.value == facts["phase"]
    assert game.round_number == facts["round_number"]
    assert [[c.code for c in hand] for hand in game.hands] == facts["hands"]
    assert len(game.events) == facts["events"]
    assert len(game.actions) == facts["actions"]
    standings = game.standings()
    assert standings.winners == (() if facts["winner"] is None else (facts["winner"],))
    assert list(standings.scores) == facts["totals"]
    stored = json.loads(entry["json"])
    stored.setdefault("game", game.spec.key)  # Treppenrommé's JSON did not name its game
    # Options keep their meaning under today's names (romme_hand_double -> hand_romme_double).
    stored["ruleset"] = game.spec.ruleset_from_json(stored["ruleset"]).to_json()
    if "deal" in stored:  # one Deal type now: "staircase"/"talon" read as "discard"/"stock"
        stored["deal"] = Deal.from_json(stored["deal"]).to_json()
    stored["actions"] = actions_as_written_today(entry["json"])
    assert json.loads(game.to_json()) == stored


def actions_as_written_today(text: str) -> list[dict[str, Any]]:
    """The stored actions as today's engine writes them. A staircase take was stored by the
    position of its deepest card, counted from the bottom ("take", "i"); it is written as the
    take of the pile's top cards down to that one ("takediscard", "d": how many, 1 left out)."""
    data = json.loads(text)
    actions, data["actions"] = data["actions"], []
    game = load_game(json.dumps(data))
    written = []
    for stored in actions:
        if stored["t"] == "take":
            depth = len(game.public_view().staircase) - stored["i"]
            stored = {"t": "takediscard", "s": stored["s"], **({"d": depth} if depth > 1 else {})}
        written.append(stored)
        game.apply(action_from_json(stored))
    return written


def test_a_stored_staircase_take_loads_as_the_take_of_the_same_cards() -> None:
    entry = next(g for g in GAMES if '"t":"take"' in g["json"])
    stored = json.loads(entry["json"])["actions"]
    game = load_game(entry["json"])
    takes = [game.actions[i] for i, a in enumerate(stored) if a["t"] == "take"]
    assert takes and all(isinstance(a, TakeDiscard) for a in takes)
    assert any(a.depth > 1 for a in takes if isinstance(a, TakeDiscard)), "a dig is among them"


def test_every_game_is_among_the_fixtures() -> None:
    kinds = {json.loads(g["json"]).get("game", "treppenromme") for g in GAMES}
    assert kinds == {"treppenromme", "romme", "wiener"}
