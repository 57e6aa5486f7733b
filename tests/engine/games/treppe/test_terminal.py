"""The terminal table, driven by scripted input."""

from __future__ import annotations

import io
import sys
from dataclasses import replace

import pytest

from engine import Discard, Meld, Phase, PrivateView, RulesError
from engine.__main__ import main
from engine.events import DrewFromTalon
from engine.games.treppe.ai import make_player
from engine.games.treppe.narration import went_out
from engine.games.treppe.terminal import (
    TerminalTable,
    action_command,
    enable_line_editing,
    parse_command,
)
from engine.games.treppe.terminal import main as play_main


class Driver(io.StringIO):
    """Stdin that answers each prompt like a player would: with a typed command chosen by a
    computer player (through the text interface), until the first round is over."""

    def __init__(self) -> None:
        super().__init__()
        self.table: TerminalTable | None = None
        self.lines: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        assert self.table is not None
        game = self.table.game
        if game.results:
            line = "quit\n"
        else:
            seat = game.to_act
            move = make_player("normal", 1).choose(game.private_view(seat), game.legal_actions())
            line = action_command(move, len(game.discard)) + "\n"
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
    assert "Totals:" in text
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


def test_parse_commands() -> None:
    assert parse_command("draw", 0) == parse_command("D", 0)
    assert action_command(parse_command("take 5", 1)) == "take 5"  # type: ignore[arg-type]
    meld = parse_command("Q♥ K♥ A♥", 0)
    assert isinstance(meld, Meld) and len(meld.cards) == 3
    lay = parse_command("lay as on 2 high", 0)
    assert action_command(lay) == "lay A♠ on 2 high"  # type: ignore[arg-type]
    assert parse_command("discard 10h", 0) == Discard(0, meld.cards[0].__class__.parse("10h"))
    for bad in ("take", "lay 7s 3", "lay 7s on x", "lay 7s on 2 middle", "discard 7s 8s", "7s"):
        try:
            parse_command(bad, 0)
        except RulesError as error:
            assert str(error)
        else:
            raise AssertionError(bad)


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
) -> TerminalTable:
    table = TerminalTable(
        list(opponents), seed=seed, stdin=io.StringIO(script), stdout=io.StringIO()
    )
    while table.game.to_act != 0:
        table.computer_turn()
    return table


def _out(table: TerminalTable) -> str:
    out = table.stdout
    assert isinstance(out, io.StringIO)
    return out.getvalue()


def test_names_take_goes_and_plurals() -> None:
    table = _table()
    assert went_out(table, 1, False, 20) == (
        "Normal bot goes out and scores 20 for the cards left in hand."
    )
    assert went_out(table, 0, True, 40).startswith("You go out with a Rommé hand (double)")
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


def test_empty_commands_answer_with_their_own_example() -> None:
    for text, example in (
        ("discard", "for example: discard 7♠"),
        ("x", "for example: discard 7♠"),
        ("meld", "for example: meld Q♥ K♥ A♥"),
        ("lay on 3", "for example: lay 7♠ on 3"),
    ):
        try:
            parse_command(text, 0)
        except RulesError as error:
            assert example in str(error), (text, str(error))
        else:
            raise AssertionError(text)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--target", "0"], "target must be between 1 and 10000"),
        (["simulate", "--target", "0"], "target must be between 1 and 10000"),
        (["simulate", "--target", "20000"], "target must be between 1 and 10000"),
        (["play", "--target", "x"], "'x' is not a whole number"),
        (["play", "--seats", ""], "give 1 to 3 opponent strengths"),
        (["play", "--seats", "normal,normal,normal,normal"], "give 1 to 3 opponent strengths"),
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


def _session(lang: str, seed: int = 5) -> tuple[TerminalTable, str]:
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
    assert re.search(r"Du ziehst \S+ vom Talon\.|Du nimmst \d+ Karten? von der Treppe", text)
    assert re.search(r"(Normaler|Starker) Bot \d (zieht vom Talon|nimmt \d+ Karten?)", text)
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
        "Du nimmst 1 Karte von der Treppe: D♥",
        "Normaler Bot nimmt 2 Karten von der Treppe: D♥ B♠",
        "Normaler Bot zieht vom Talon.",
    ]
    assert went_out(table, 1, False, 20) == (
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


def test_commands_refuse_extra_words_duplicates_and_a_second_draw() -> None:
    refusals = {
        "draw 2": "one word too many",
        "help me": "one word too many",
        "meld 4c 4c 5c": "You named 4♣ twice",
        "4c 4c 5c": "You named 4♣ twice",
        "lay 7s on 2 high now": "the end as low or high",
    }
    for typed, words in refusals.items():
        with pytest.raises(RulesError) as info:
            parse_command(typed, 0)
        assert words in str(info.value), typed
    for typed in ("take 1 2", "take 3", "draw"):  # after drawing, the same answer for all
        with pytest.raises(RulesError) as info:
            parse_command(typed, 0, drawn=True)
        assert "drawn already" in str(info.value), typed


def test_a_suit_typed_apart_from_its_rank_is_one_card() -> None:
    assert parse_command("discard 10 ♠", 0) == parse_command("discard 10♠", 0)
    assert parse_command("meld Q ♥ K ♥ A ♥", 0) == parse_command("meld Q♥ K♥ A♥", 0)


def test_german_commands_work_beside_the_english_ones() -> None:
    from engine.i18n import using

    pairs = {
        "ziehen": "draw",
        "nimm 5": "take 5",
        "auslegen Herz Dame, Herz König, Herz Ass": "meld Q♥ K♥ A♥",
        "anlegen P7 an 3 oben": "lay 7♠ on 3 high",
        "abwerfen Kr10": "discard 10♣",
    }
    for german, english in pairs.items():
        assert parse_command(german, 1) == parse_command(english, 1), german
    assert [parse_command(w, 0) for w in ("hilfe", "tipp", "beenden")] == ["help", "hint", "quit"]
    with using("de"):  # a hint is given in the words the player types
        assert action_command(parse_command("take 5", 1)) == "nimm 5"  # type: ignore[arg-type]
        lay = parse_command("lay 7s on 3 high", 1)
        assert action_command(lay) == "anlegen 7♠ an 3 oben"  # type: ignore[arg-type]
        assert parse_command(action_command(lay), 1) == lay  # type: ignore[arg-type]


def test_round_results_show_each_hand_sorted() -> None:
    from engine.cards import parse_cards
    from engine.games.treppe.terminal import in_hand_order

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
    from engine.games.treppe.commands import command_words
    from engine.games.treppe.terminal import HELP
    from engine.i18n import _, using

    table = TerminalTable(["normal"], seed=2, stdin=io.StringIO(), stdout=io.StringIO(), lang=lang)
    view = table.game.private_view(0)
    table.render(PrivateView(0, view.hand, replace(view.public, phase=Phase.DRAW), None))
    prompt = _out(table).splitlines()[-1]
    with using(lang):
        word = command_words()
        listed = [line.split()[0] for line in _(HELP).splitlines()[1:]]
    assert f"{word['draw']} " in prompt or f"{word['draw']}," in prompt, prompt
    assert f"{word['take']} N" in prompt, prompt
    assert word["draw"] in listed and word["take"] in listed
    if lang == "de":
        assert prompt.startswith("Du bist dran: ziehen") and "nimm N" in prompt
        assert "draw" not in prompt and "take" not in prompt


def test_the_german_help_names_the_short_suits_that_work() -> None:
    from engine.cards import Card
    from engine.games.treppe.terminal import HELP
    from engine.i18n import _, using

    with using("de"):
        head = "\n".join(_(HELP).splitlines()[:2])
    shown = {"P10": "10♠", "H9": "9♥", "Kr7": "7♣", "Ka7": "7♦"}
    for short, card in shown.items():
        assert short in head, short
        assert parse_command(f"abwerfen {short}", 0) == Discard(0, Card.parse(card)), short
    assert "K allein = König" in head
    # K alone is the king, never a suit: "6K" is refused, and the refusal says what works.
    with pytest.raises(RulesError) as info:
        parse_command("abwerfen 6K", 0)
    with using("de"):
        assert "Ka7" in str(info.value) and "König" in str(info.value)


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
