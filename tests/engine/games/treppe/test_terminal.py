"""Treppenrommé at the terminal every game shares (``engine.console``), driven by scripted
input: its staircase, typed commands in English and German, hints and precise refusals."""

from __future__ import annotations

import io
import sys
from dataclasses import replace

import pytest

from engine import Phase, PrivateView, RulesError
from engine.__main__ import main
from engine.commands import command_words, parse_command
from engine.console import ConsoleTable, enable_line_editing
from engine.console import main as play_any
from engine.events import DrewFromTalon
from engine.games.treppe.ai import make_player
from engine.games.treppe.narration import went_out
from engine.narration import in_hand_order
from engine.registry import get_spec

KEY = "treppenromme"


def TerminalTable(  # the old table's name: the shared one, for Treppenrommé
    opponents: list[str],
    seed: int,
    *,
    target: int | None = None,
    name: str | None = None,
    stdin: io.StringIO | None = None,
    stdout: io.StringIO | None = None,
    lang: str | None = None,
    line_editing: bool | None = None,
) -> ConsoleTable:
    ruleset = None if target is None else get_spec(KEY).make_ruleset({"target": target})
    return ConsoleTable(
        KEY, ruleset, opponents, seed, name, stdin, stdout, lang, line_editing=line_editing
    )


def play_main(opponents: list[str], seed: int, stdin: io.StringIO, stdout: io.StringIO) -> int:
    return play_any(KEY, None, opponents, seed, stdin=stdin, stdout=stdout)


class Driver(io.StringIO):
    """Stdin that answers each prompt like a player would: with a typed command chosen by a
    computer player (through the text interface), until the first round is over."""

    def __init__(self) -> None:
        super().__init__()
        self.table: ConsoleTable | None = None
        self.lines: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        assert self.table is not None
        game = self.table.game
        if game.results:
            line = "quit\n"
        else:
            seat = game.to_act
            view = game.private_view(seat)
            move = make_player("normal", 1).choose(view, game.legal_actions())
            line = self.table.command(move, view) + "\n"
        self.lines.append(line)
        return line


def test_a_whole_round_by_typed_commands() -> None:
    stdin = Driver()
    out = io.StringIO()
    table = TerminalTable(["normal"], seed=5, stdin=stdin, stdout=out)
    stdin.table = table
    assert table.run() == 0
    text = out.getvalue()
    game = table.game
    assert game.results, "the round should have ended"
    assert "Round 1 begins." in text
    assert "Staircase (1 = bottom, top last): 1:" in text
    assert "Your hand (" in text
    assert any(line.startswith(("draw", "take")) for line in stdin.lines)
    assert any(line.startswith("discard") for line in stdin.lines)
    assert "Totals:" in text and "This round: You +" in text
    assert "You leave the table." in text  # the driver quits once the first round is over
    assert "\x1b[" not in text  # no colours when not a terminal


def test_scripted_lines_help_refusals_and_quit() -> None:
    script = "help\nhint\nmeld 2♥ 3♥\nlay 7♠ on 9\nfoo bar\ntake 99\nquit\n"
    out = io.StringIO()
    table = TerminalTable(["random"], seed=2, stdin=io.StringIO(script), stdout=out)
    game = table.game
    # Let the computer move first if it deals, so the scripted lines meet our turn.
    while game.to_act != 0:
        table.computer_turn()
    expected = []
    for command in ("meld 2♥ 3♥", "take 99"):
        action = parse_command(command, 0)
        assert not isinstance(action, str)
        try:
            game.verify(action)
        except RulesError as error:
            expected.append(str(error))
    assert table.run() == 0
    text = out.getvalue()
    assert "lay 7♠ on 3 [low|high]" in text  # help
    assert "Hint: " in text
    for message in expected:
        assert message in text
    assert "Unknown command “foo”" in text
    assert "You leave the table." in text


def test_cli_play_quits_on_end_of_input(monkeypatch: object) -> None:
    import sys

    out = io.StringIO()
    old_in, old_out = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO(""), out
    try:
        assert main(["play", "--opponents", "normal,random", "--seed", "1", "--target", "50"]) == 0
    finally:
        sys.stdin, sys.stdout = old_in, old_out
    assert "Treppenrommé to 50" in out.getvalue()


def _table(
    script: str = "", opponents: tuple[str, ...] = ("normal",), seed: int = 2
) -> ConsoleTable:
    table = TerminalTable(
        list(opponents), seed=seed, stdin=io.StringIO(script), stdout=io.StringIO()
    )
    while table.game.to_act != 0:
        table.computer_turn()
    return table


def _out(table: ConsoleTable) -> str:
    out = table.stdout
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def test_names_take_goes_and_plurals() -> None:
    table = _table()
    assert went_out(table.narrator, 1, False, 20) == (
        "Normal bot goes out and scores 20 for the cards left in hand."
    )
    assert went_out(table.narrator, 0, True, 40).startswith("You go out with a Rommé hand (double)")
    game = table.game
    game.hands[1][1:] = []  # the bot holds a single card
    lines = table.score_lines(game.private_view(0))
    assert lines[1].endswith(", 1 card)")
    assert "cards" not in lines[0]  # your own count is not repeated


def test_score_lines_are_aligned_columns_that_fit_80() -> None:
    table = _table(opponents=("hard", "normal", "random"))
    game = table.game
    game.totals[:] = [1234, 5, 0, 987]
    lines = table.score_lines(game.private_view(0))
    assert [line.split(":")[0].strip() for line in lines] == list(game.names)
    assert lines[1].startswith("  Hard bot 1:") and "Hard bot 1 0" not in "\n".join(lines)
    # Scores end in the same column, names and numbers never share a run of text.
    ends = {line.index("(") for line in lines}
    assert len(ends) == 1
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].split()[1] == "1234" and lines[1].split()[3] == "5"


def test_draw_names_the_card_to_the_player_only() -> None:
    table = _table("draw\nquit\n")
    table.run()
    drawn = table.game.hands[0][-1]
    assert f"You draw {drawn} from the talon." in _out(table)


def test_bots_draw_without_naming_the_card() -> None:
    table = _table()
    table.narrate([DrewFromTalon(1)])
    assert _out(table).endswith("Normal bot draws from the talon.\n")


def test_locked_card_note_only_while_it_is_in_hand() -> None:
    table = _table()
    view = table.game.private_view(0)
    public = view.public
    taken = view.hand[0]
    playing = replace(public, phase=Phase.PLAY)
    table.render(PrivateView(0, view.hand, playing, taken))
    assert f"(not {taken}: you just took it)" in _out(table)
    table.stdout = io.StringIO()
    table.render(PrivateView(0, view.hand[1:], playing, taken))
    assert "you just took it" not in _out(table)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--target", "0"], "target must be between 1 and 10000"),
        (["simulate", "--target", "0"], "target must be between 1 and 10000"),
        (["simulate", "--target", "20000"], "target must be between 1 and 10000"),
        (["play", "--target", "x"], "'x' is not a whole number"),
        (["play", "--seats", ""], "give 1 to 3 opponent strengths"),
        (["play", "--seats", "normal,normal,normal,normal"], "give 1 to 3 opponent strengths"),
        (["play", "--game", "gin", "--seats", "normal,normal"], "give 1 opponent strength, e.g."),
        (["simulate", "--seats", "normal"], "give 2 to 4 strengths"),
    ],
)
def test_cli_refuses_bad_arguments_without_a_traceback(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


class Interrupting(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_leaves_quietly() -> None:
    out = io.StringIO()
    assert play_main(["normal"], seed=2, stdin=Interrupting(), stdout=out) == 130
    assert out.getvalue().rstrip().endswith("Interrupted: you leave the table.")


def test_end_of_input_leaves_with_a_short_line() -> None:
    out = io.StringIO()
    assert play_main(["normal"], seed=2, stdin=io.StringIO(""), stdout=out) == 0
    assert out.getvalue().rstrip().endswith("You leave the table.")


def test_line_editing_reads_through_input(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("readline", reason="this platform has no readline module")
    lines = iter(["help"])

    def fake_input(prompt: str = "") -> str:
        assert prompt == "> "
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    out = io.StringIO()
    table = TerminalTable(["normal"], seed=2, stdin=io.StringIO(), stdout=out, line_editing=True)
    assert table.line_editing
    assert "readline" in sys.modules
    assert table.run() == 0
    text = out.getvalue()
    assert "discard 7♠" in text and text.rstrip().endswith("You leave the table.")


def test_line_editing_is_off_without_readline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "readline", None)  # importing it now fails
    assert not enable_line_editing()
    table = TerminalTable(
        ["normal"], seed=2, stdin=io.StringIO(), stdout=io.StringIO(), line_editing=True
    )
    assert not table.line_editing


def test_meld_line_shows_who_scored_what() -> None:
    from engine.actions import MeldKind
    from engine.cards import Card
    from engine.games.treppe.views import MeldView, PlacedCard

    table = TerminalTable(["normal", "normal"], seed=1, name="Tester", stdout=io.StringIO())
    queens = [Card.parse(c) for c in ("Q♣", "Q♦", "Q♠")]
    own = [PlacedCard(c, 10, 0) for c in queens]
    alone = MeldView(2, 0, MeldKind.SET, tuple(own))
    assert table.meld_line(alone) == "   3. Q♣ Q♦ Q♠  (set · Tester: 30 pts)"
    run = [PlacedCard(Card.parse(c), p, 0) for c, p in (("5♥", 5), ("6♥", 6), ("7♥", 7))]
    low = PlacedCard(Card.parse("4♥"), 4, 2)
    high = PlacedCard(Card.parse("8♥"), 8, 1)
    shared = MeldView(0, 0, MeldKind.RUN, (low, *run, high))
    line = table.meld_line(shared)
    assert line.endswith("(run · Tester: 18 + Normal bot 1: 8 + Normal bot 2: 4 = 30 pts)")


def test_cli_play_refuses_in_the_chosen_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--lang de`` (or a German LANG) gives the refusals in German, with German card words."""
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("zz\nmeld Herz Dame\n"))
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["play", "--seed", "1", "--target", "50"]) == 0
    text = out.getvalue()
    assert "Unbekannter Befehl „zz“" in text
    assert "Zieh zuerst" in text  # "meld Herz Dame" before drawing
    assert "D♥" in text  # the hand, in German card words
    out.truncate(0)
    monkeypatch.setattr("sys.stdin", io.StringIO("zz\n"))
    assert main(["play", "--seed", "1", "--target", "50", "--lang", "en"]) == 0
    assert "Unknown command “zz”" in out.getvalue()


# Old English narration that must not appear in a German session.
ENGLISH = (
    "Round ",
    "target",
    "Scores:",
    "Staircase",
    "Melds",
    "Your hand",
    "Your turn",
    "Meld, lay off",
    "from the talon",
    "from the staircase",
    " draws",
    " discards",
    "You ",
    " bot",
    " pts)",
    "(this round",
    " cards",
    "begins",
    "Totals:",
    "leave the table",
    "Type help",
    "for the cards left",
)


def _session(lang: str, seed: int = 5) -> tuple[ConsoleTable, str]:
    stdin = Driver()
    out = io.StringIO()
    table = TerminalTable(["normal", "hard"], seed=seed, stdin=stdin, stdout=out, lang=lang)
    stdin.table = table
    assert table.run() == 0
    assert table.game.results, "the round should have ended"
    return table, out.getvalue()


def test_a_german_session_speaks_german_throughout() -> None:
    import re

    from engine.i18n import using

    with using("en"):  # the table's language wins over the one in use around it
        table, text = _session("de")
    assert table.game.names == ("Du", "Normaler Bot 1", "Starker Bot 2")
    assert "Treppenrommé bis 500: Du, Normaler Bot 1, Starker Bot 2. Tippe hilfe für Hilfe." in text
    assert "Runde 1 beginnt." in text
    assert "── Runde 1 · Ziel 500 · Talon " in text
    assert "Punkte:" in text and "Karten)" in text
    assert "Treppe (1 = unten, die oberste zuletzt): 1:" in text
    assert "Deine Hand (" in text
    assert re.search(r"Du ziehst \S+ vom Talon\.|Du nimmst (\S+|die Treppe ab \S+ aufwärts:)", text)
    assert re.search(r"(Normaler|Starker) Bot \d (zieht vom Talon|nimmt )", text)
    assert re.search(r"Du wirfst \S+ ab\.", text)
    assert "Gesamtpunkte:" in text
    assert text.rstrip().endswith("Du verlässt den Tisch.")
    for english in ENGLISH:
        assert english not in text, english
    assert not re.search(r"\b[JQ][♣♦♥♠]", text), "cards in German card words (B, D)"


def test_an_english_session_keeps_its_words() -> None:
    from engine.i18n import using

    with using("de"):
        table, text = _session("en")
    assert table.game.names == ("You", "Normal bot 1", "Hard bot 2")
    assert "Treppenrommé to 500: You, Normal bot 1, Hard bot 2. Type help for help." in text
    assert "Round 1 begins." in text
    assert "── Round 1 · target 500 · talon " in text
    assert "Staircase (1 = bottom, top last): 1:" in text
    assert "Your hand (" in text
    assert "Totals:" in text
    assert text.rstrip().endswith("You leave the table.")
    for german in ("Runde", "Treppe (", "Du ", "Karte", "Bot ", "Talon "):
        assert german not in text, german


def test_german_plurals_and_whole_sentences() -> None:
    from engine.cards import Card
    from engine.games.treppe.events import TookFromStaircase

    table = TerminalTable(["normal"], seed=2, stdin=io.StringIO(), stdout=io.StringIO(), lang="de")
    game = table.game
    game.hands[1][1:] = []
    lines = table.score_lines(game.private_view(0))
    assert lines[1].endswith(", 1 Karte)") and "Normaler Bot" in lines[1]
    queen, jack = Card.parse("Q♥"), Card.parse("J♠")
    table.narrate(
        [
            TookFromStaircase(0, (queen,)),
            TookFromStaircase(1, (queen, jack)),
            DrewFromTalon(1),
        ]
    )
    assert _out(table).splitlines()[-3:] == [
        "Du nimmst D♥ von der Treppe.",
        "Normaler Bot nimmt die Treppe ab D♥ aufwärts: D♥ B♠.",
        "Normaler Bot zieht vom Talon.",
    ]
    assert went_out(table.narrator, 1, False, 20) == (
        "Normaler Bot geht raus und bekommt 20 für die Karten, die den anderen auf der Hand "
        "bleiben."
    )


def test_cli_play_in_german_helps_and_leaves_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nhint\n"))
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert main(["play", "--seed", "1", "--target", "50", "--lang", "de"]) == 0
    text = out.getvalue()
    assert "Karten als D♥" in text and "auslegen D♥ K♥ A♥" in text
    assert "Tipp: " in text
    assert "Treppenrommé bis 50: Du, Normaler Bot." in text
    assert text.rstrip().endswith("Du verlässt den Tisch.")


def test_round_results_show_each_hand_sorted() -> None:
    from engine.cards import parse_cards

    _table, text = _session("en", seed=9)
    block = text.split("Totals:")[0].rsplit("hand.", 1)[-1]
    hands = [
        line.split(": ", 1)[1].rsplit(" (", 1)[0]
        for line in block.splitlines()
        if line.startswith("  ") and line.endswith(")") and ": " in line
    ]
    assert hands, block
    for shown in hands:
        cards = parse_cards(shown)
        assert cards == in_hand_order(cards), shown


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_turn_prompt_names_the_commands_help_lists(lang: str) -> None:
    from engine.i18n import using

    table = TerminalTable(["normal"], seed=2, stdin=io.StringIO(), stdout=io.StringIO(), lang=lang)
    while table.game.to_act != 0:
        table.computer_turn()
    view = table.game.private_view(0)
    table.render(PrivateView(0, view.hand, replace(view.public, phase=Phase.DRAW), None))
    prompt = _out(table).splitlines()[-1]
    with using(lang):
        word = command_words()
        listed = [line.split()[0] for line in table.help_text().splitlines() if line[:2] == "  "]
    assert f"{word['draw']} " in prompt or f"{word['draw']}," in prompt, prompt
    assert f"{word['take']} N" in prompt, prompt
    assert word["draw"] in listed and word["take"] in listed
    if lang == "de":
        assert prompt.startswith("Du bist dran: ziehen") and "nimm N" in prompt
        assert "draw" not in prompt and "take" not in prompt


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "The staircase has 1 card: pick a position from 1 to 1."),
        ("de", "Die Treppe hat 1 Karte: wähle eine Stelle von 1 bis 1."),
    ],
)
def test_a_one_card_staircase_is_one_card(lang: str, expected: str) -> None:
    table = TerminalTable(
        ["normal"], seed=2, stdin=io.StringIO("nimm 5\n"), stdout=io.StringIO(), lang=lang
    )
    game = table.game
    while game.to_act != 0:
        table.computer_turn()
    del game.discard[1:]  # one card left on the staircase
    table.human_turn()
    assert expected in _out(table)
