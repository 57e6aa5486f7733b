"""The terminal's refusals say precisely what went wrong, in the table's language: the help
lists only the takes a game allows, ``pass`` where no one may pass, a take from a position the
spread pile does not have, and a command's example in the table's words."""

from __future__ import annotations

import io

import pytest

from engine.__main__ import main
from engine.actions import DrawTalon, TakeDiscard
from engine.console import ConsoleTable
from engine.i18n import using


def _table(key: str, lang: str, seed: int = 7) -> tuple[ConsoleTable, io.StringIO]:
    out = io.StringIO()
    table = ConsoleTable(
        key, None, ["normal"], seed=seed, stdin=io.StringIO(), stdout=out, lang=lang
    )
    return table, out


def _typed(table: ConsoleTable, out: io.StringIO, line: str) -> str:
    """What the table answers ``line`` with."""
    out.seek(0)
    out.truncate()
    table.stdin = io.StringIO(line + "\n")
    assert table.human_turn()
    return out.getvalue().removeprefix("> ").strip()


def _to_draw(table: ConsoleTable) -> None:
    """Let the computer players move until seat 0 may draw from the stock."""
    game = table.game
    while game.to_act != 0 or DrawTalon(0) not in game.legal_actions():
        table.computer_turn()


@pytest.mark.parametrize(
    ("key", "deep"), [("romme", False), ("wiener", False), ("gin", False), ("rum500", True)]
)
@pytest.mark.parametrize(
    ("lang", "top", "below"),
    [
        ("en", "  take                     take the top card of", "take N"),
        ("de", "  nimm                     die oberste Karte vom Ablagestapel", "nimm N"),
    ],
)
def test_the_help_lists_the_takes_the_game_allows(
    key: str, deep: bool, lang: str, top: str, below: str
) -> None:
    table, _out = _table(key, lang)
    with using(lang):
        text = table.help_text()
    assert (below in text) is deep and (top in text) is not deep, text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "You cannot pass now. Your moves: draw, take."),
        ("de", "Passen geht jetzt nicht. Deine Züge: ziehen, nimm."),
    ],
)
@pytest.mark.parametrize("key", ["romme", "wiener"])
def test_pass_where_no_one_may_pass_names_the_moves_there_are(
    key: str, lang: str, said: str
) -> None:
    table, out = _table(key, lang)
    _to_draw(table)
    legal = table.moves()
    if TakeDiscard(0, 1) not in legal:
        said = said.replace(", take", "").replace(", nimm", "")
    assert _typed(table, out, "pass") == said
    assert "Pass(" not in out.getvalue()


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        (
            "en",
            "The discard pile has 1 card: take it with “take”.",
            "The discard pile has {n} cards: “take 1” takes them all, “take {n}” the top one.",
        ),
        (
            "de",
            "Auf dem Ablagestapel liegt 1 Karte: nimm sie mit „nimm“.",
            "Der Ablagestapel hat {n} Karten: „nimm 1“ nimmt alle, „nimm {n}“ die oberste.",
        ),
    ],
)
def test_a_take_off_the_spread_pile_names_the_positions_there_are(
    lang: str, one: str, many: str
) -> None:
    table, out = _table("rum500", lang)
    _to_draw(table)
    pile = table.game.public_view().discard_pile
    text = _typed(table, out, f"take {len(pile) + 1}")
    assert text == (one if len(pile) == 1 else many.format(n=len(pile)))
    assert table.game.to_act == 0 and table.game.public_view().discard_pile == pile
    for _ in range(200):  # until the pile holds more than one card
        if len(table.game.public_view().discard_pile) > 1 and table.game.to_act == 0:
            break
        table.computer_turn()
    pile = table.game.public_view().discard_pile
    assert table.game.to_act == 0 and DrawTalon(0) in table.game.legal_actions()
    assert len(pile) > 1 and _typed(table, out, "take 0") == many.format(n=len(pile))


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("de", "abwerfen", "Sag, welche Karte du abwirfst, zum Beispiel: abwerfen 7♠"),
        ("de", "discard", "Sag, welche Karte du abwirfst, zum Beispiel: abwerfen 7♠"),
        ("de", "klopfen", "Sag, welche Karte du abwirfst, zum Beispiel: klopfen 7♠"),
        ("en", "abwerfen", "Say which card to discard, for example: discard 7♠"),
        ("en", "k", "Say which card to discard, for example: knock 7♠"),
    ],
)
def test_an_example_is_in_the_tables_words(lang: str, typed: str, said: str) -> None:
    table, out = _table("wiener", lang)
    assert _typed(table, out, typed) == said


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["play", "--game", "gin", "--seats", "normal,normal"], "give 1 opponent strength, e.g."),
        (["simulate", "--game", "gin", "--seats", "normal"], "give 2 strengths, separated by"),
    ],
)
def test_a_command_line_error_shows_its_commands_usage(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: python -m engine {argv[0]} [-h]")
    assert f"python -m engine {argv[0]}: error: {said}" in err
