"""The terminal table every game shares (``python -m engine play --game KEY``) and the
simulator for any game (``python -m engine simulate --game KEY``)."""

from __future__ import annotations

import io
import json

import pytest

from engine.__main__ import main
from engine.console import ConsoleTable, move_text
from engine.i18n import using
from engine.registry import all_specs

SPECS = all_specs()


class Driver(io.StringIO):
    """Stdin that answers each prompt with the number of the move a computer player picks."""

    def __init__(self) -> None:
        super().__init__()
        self.table: ConsoleTable | None = None
        self.typed = 0

    def readline(self, size: int | None = -1) -> str:
        assert self.table is not None
        game = self.table.game
        legal = list(game.legal_actions())
        move = self.table.players[0].choose(game.private_view(0), legal)
        self.typed += 1
        return f"{legal.index(move) + 1}\n"


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_a_whole_session_by_typed_numbers(spec: object) -> None:
    key = spec.key
    stdin, out = Driver(), io.StringIO()
    table = ConsoleTable(key, None, ["random"], seed=3, stdin=stdin, stdout=out, lang="en")
    stdin.table = table
    assert table.run() == 0
    text = out.getvalue()
    assert table.game.is_over and stdin.typed > 0
    winner = table.game.names[table.game.standings().winners[0]]
    assert f"Winner of the session: {winner}" in text
    assert "Your moves:" in text and "Discard pile (top last): " in text
    assert "This round and the totals:" in text


def test_help_hint_refusal_and_quit_in_german() -> None:
    script = io.StringIO("hilfe\ntipp\n99\nbeenden\n")
    out = io.StringIO()
    table = ConsoleTable("romme", None, ["normal"], seed=1, stdin=script, stdout=out, lang="de")
    assert table.run() == 0
    text = out.getvalue()
    assert "Tippe die Nummer eines Zugs" in text and "Tipp: " in text
    assert "Du verlässt den Tisch." in text
    assert "Your" not in text and "Round " not in text


def test_moves_are_said_in_the_players_words() -> None:
    from engine.actions import Knock, TakeDiscard
    from engine.cards import parse_cards

    pile = tuple(parse_cards("7♥ 8♥ 9♠"))
    with using("en"):
        assert move_text(TakeDiscard(0, 2), pile) == "take 8♥ 9♠ from the discard pile"
        assert move_text(Knock(0, pile[0]), pile) == "knock, discarding 7♥"
    with using("de"):
        assert move_text(TakeDiscard(0), pile) == "9♠ vom Ablagestapel nehmen"


@pytest.mark.parametrize("key", ["romme", "wiener"])
def test_cli_plays_any_game_and_leaves_at_end_of_input(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setattr("sys.stdout", out)
    assert main(["play", "--game", key, "--seed", "2", "--lang", "en"]) == 0
    assert "Type help for help." in out.getvalue()
    assert "You leave the table." in out.getvalue()


def test_cli_refuses_a_target_the_game_does_not_have(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["play", "--game", "wiener", "--target", "100"])
    assert info.value.code == 2
    assert "Wiener Rummy has no target to set" in capsys.readouterr().err


def test_cli_simulates_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--game", "romme", "--games", "2", "--seats", "normal,random,random"]
    assert main([*argv, "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert data["game"] == "romme" and data["games"] == 2 and data["target"] is None
    assert sum(data["wins"].values()) + data["ties"] == 2
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "wiener", "--seats", ",".join(["normal"] * 7)])
    assert "give 2 to 6 strengths" in capsys.readouterr().err
