"""The terminal table, driven by scripted input."""

from __future__ import annotations

import io

from engine import Discard, Meld, RulesError
from engine.__main__ import main
from engine.ai import make_player
from engine.terminal import TerminalTable, action_command, parse_command


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
            line = action_command(move) + "\n"
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


def test_meld_line_shows_who_scored_what() -> None:
    from engine.cards import Card
    from engine.melds import MeldKind
    from engine.views import MeldView, PlacedCard

    table = TerminalTable(["normal", "normal"], seed=1, name="Tester", stdout=io.StringIO())
    queens = [Card.parse(c) for c in ("Q♣", "Q♦", "Q♠")]
    own = [PlacedCard(c, 10, 0) for c in queens]
    alone = MeldView(2, 0, MeldKind.SET, tuple(own))
    assert table.meld_line(alone) == "   3. Q♣ Q♦ Q♠  (set · Tester 30 pts)"
    run = [PlacedCard(Card.parse(c), p, 0) for c, p in (("5♥", 5), ("6♥", 6), ("7♥", 7))]
    low = PlacedCard(Card.parse("4♥"), 4, 2)
    high = PlacedCard(Card.parse("8♥"), 8, 1)
    shared = MeldView(0, 0, MeldKind.RUN, (low, *run, high))
    line = table.meld_line(shared)
    assert line.endswith("(run · Tester 18 + Normal bot 1 8 + Normal bot 2 4 = 30 pts)")
