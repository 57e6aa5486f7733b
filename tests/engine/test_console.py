"""The terminal table every game shares (``python -m engine play --game KEY``) and the
simulator for any game (``python -m engine simulate --game KEY``)."""

from __future__ import annotations

import io
import json
import re
from types import SimpleNamespace

import pytest

from engine.__main__ import main
from engine.actions import Action, BuyBack, DrawTalon, Knock, MeldKind, Pass
from engine.cards import Card, parse_cards
from engine.console import ConsoleTable
from engine.events import DrewFromTalon, SessionEnded
from engine.games.rum500.game import Rum500SeatView
from engine.i18n import using
from engine.melding.views import PricedMeldView, PricedPlacedCard
from engine.narration import Narrator
from engine.registry import all_specs, game_keys

SPECS = all_specs()
KEYS = game_keys()


class Driver(io.StringIO):
    """Stdin that answers each prompt with the move the table's helper picks: its number, or
    the words the list shows for it; ``quit`` once a round is over (with ``rounds``)."""

    def __init__(self, words: bool = False, rounds: int | None = None) -> None:
        super().__init__()
        self.table: ConsoleTable | None = None
        self.words = words
        self.rounds = rounds
        self.typed: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        table = self.table
        assert table is not None
        game = table.game
        if self.rounds is not None and len(game.results) >= self.rounds:
            return "quit\n"
        legal = table.moves()
        view = game.private_view(0)
        move = table.players[0].choose(view, legal)
        with using(table.lang):
            line = table.command(move, view) if self.words else str(legal.index(move) + 1)
        self.typed.append(line)
        return line + "\n"


def _play(
    key: str, lang: str, words: bool, rounds: int | None, seed: int = 3
) -> tuple[ConsoleTable, str, Driver]:
    stdin, out = Driver(words, rounds), io.StringIO()
    table = ConsoleTable(key, None, ["random"], seed=seed, stdin=stdin, stdout=out, lang=lang)
    stdin.table = table
    assert table.run() == 0
    return table, out.getvalue(), stdin


def _human_moves(table: ConsoleTable) -> list[Action]:
    return [a for a in table.game.actions if a.seat == 0]


@pytest.mark.parametrize("spec", SPECS, ids=[s.key for s in SPECS])
def test_a_whole_session_by_typed_numbers(spec: object) -> None:
    table, text, stdin = _play(spec.key, "en", words=False, rounds=None)  # type: ignore[attr-defined]
    game = table.game
    assert game.is_over and len(stdin.typed) == len(_human_moves(table))
    end = next(e for e in game.events if isinstance(e, SessionEnded))
    assert table.narrator.tell(end).strip() in text
    assert "Your moves:" in text and "Scores:" in text


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("key", KEYS)
def test_a_round_by_typed_commands_shows_its_result_in_full(key: str, lang: str) -> None:
    table, text, stdin = _play(key, lang, words=True, rounds=1)
    game = table.game
    assert game.results, "the round should have ended"
    assert len(stdin.typed) == len(_human_moves(table)), "every command typed made its move"
    narrator = Narrator(key, game.names, you=0, language=lang)
    for line in narrator.result_lines(game.results[0]):
        assert line in text, line
    if lang == "de":
        for english in ("Round ", "Your ", "You ", " draws", " discards", "Type ", " points"):
            assert english not in text, english
        assert text.rstrip().endswith("Du verlässt den Tisch.")


def test_help_hint_refusal_and_quit_in_german() -> None:
    script = io.StringIO("hilfe\ntipp\n99\nfoo\nbeenden\n")
    out = io.StringIO()
    table = ConsoleTable("romme", None, ["normal"], seed=1, stdin=script, stdout=out, lang="de")
    assert table.run() == 0
    text = out.getvalue()
    assert "Tippe die Nummer eines Zugs" in text and re.search(r"Tipp: \d+\. ", text)
    assert "Tippe die Nummer eines Zugs von 1 bis " in text
    assert "Unbekannter Befehl „foo“" in text
    assert "Du verlässt den Tisch." in text
    assert "Your" not in text and "Round " not in text


@pytest.mark.parametrize(
    ("lang", "drew", "bot"),
    [
        ("en", "You draw {card} from the stock.", "Normal bot draws from the stock."),
        ("de", "Du ziehst {card} vom Talon.", "Normaler Bot zieht vom Talon."),
    ],
)
def test_drawing_from_the_stock_names_the_card_to_its_drawer_only(
    lang: str, drew: str, bot: str
) -> None:
    out = io.StringIO()
    table = ConsoleTable("romme", None, ["normal"], seed=1, stdout=out, lang=lang)
    game = table.game
    while game.to_act != 0 or DrawTalon(0) not in game.legal_actions():
        table.computer_turn()
    before = list(game.private_view(0).hand)
    table.stdin = io.StringIO("draw\n")
    table.human_turn()
    (card,) = [c for c in game.private_view(0).hand if c not in before]
    with using(lang):
        assert drew.format(card=card) in out.getvalue()
    for _ in range(200):  # seat 0 is played by the helper from now on
        if DrewFromTalon(1) in game.events:
            break
        table.computer_turn()
    assert bot in out.getvalue()


def test_the_discard_pile_shows_what_may_be_seen_of_it() -> None:
    for key, pattern in (
        ("gin", r"Discard pile \((\d+) cards, top last\): (.+)"),
        ("rum500", r"Discard pile \(1 = bottom, top last\): 1:\S+  2:"),
        ("romme", r"Discard pile \((\d+) cards\): top \S+$"),
    ):
        table = ConsoleTable(
            key, None, ["normal"], seed=4, stdin=io.StringIO(), stdout=io.StringIO()
        )
        for _ in range(12):
            table.computer_turn()  # seat 0 is played by the helper too
        with using("en"):
            line = table.pile_line(table.game.public_view())
        assert re.fullmatch(pattern, line) or re.match(pattern, line), (key, line)
        if key == "gin":
            seen = table.game.public_view().seen_discards  # type: ignore[attr-defined]
            assert len(seen) > 1 and line.endswith(" ".join(str(c) for c in seen))
            with using("de"):
                german = table.pile_line(table.game.public_view())
            assert german.startswith(f"Ablagestapel ({len(seen)} Karten, die oberste zuletzt): ")


def test_500_rum_meld_lines_credit_each_player_and_seats_show_this_rounds_points() -> None:
    table = ConsoleTable(
        "rum500", None, ["normal"], seed=1, stdin=io.StringIO(), stdout=io.StringIO()
    )
    nines = parse_cards("9♣ 9♦ 9♥ 9♠")
    placed = tuple(PricedPlacedCard(c, c, 9, 1 if i < 3 else 0) for i, c in enumerate(nines))
    meld = PricedMeldView(0, 1, MeldKind.SET, placed, False)
    assert table.meld_line(meld).endswith("(set · Normal bot: 27 + You: 9 = 36 pts)")
    seats = (Rum500SeatView(0, "You", 5, 0, 36), Rum500SeatView(1, "Normal bot", 7, 0, 27))
    view = SimpleNamespace(seat=0, public=SimpleNamespace(seats=seats))
    lines = table.score_lines(view)  # type: ignore[arg-type]
    assert lines[0].endswith("(this round: 36 placed)")
    assert lines[1].endswith("(this round: 27 placed, 7 cards)")
    table.lang = "de"
    assert table.score_lines(view)[0].endswith("(diese Runde: 36 ausgelegt)")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "word", "said"), [("en", "pass", "You let"), ("de", "passen", "Du lässt")]
)
def test_pass_is_a_move_by_name_where_it_is_legal(lang: str, word: str, said: str) -> None:
    for seed in range(1, 20):
        out = io.StringIO()
        table = ConsoleTable(
            "gin", None, ["normal"], seed=seed, stdin=io.StringIO(), stdout=out, lang=lang
        )
        if table.game.to_act == 0 and Pass(0) in table.game.legal_actions():
            break
    else:
        pytest.fail("no seed offers the first upcard to the player")
    upcard = table.game.public_view().discard_pile[-1]
    table.stdin = io.StringIO(f"{word}\n")
    table.human_turn()
    with using(lang):
        assert f"{said} {upcard} " in out.getvalue()
    assert table.game.actions[-1] == Pass(0)
    refusal = BuyBack(0, False)
    assert table.resolved(Pass(0), [BuyBack(0, True), refusal]) == refusal  # Wiener's buy-back


def test_gin_is_offered_as_gin_and_a_knock_names_its_deadwood() -> None:
    table = ConsoleTable("gin", None, ["normal"], seed=1, stdin=io.StringIO(), stdout=io.StringIO())
    hand = tuple(parse_cards("A♣ 2♣ 3♣ 7♦ 7♥ 7♠ 9♥ 10♥ J♥ Q♥ K♠"))
    view = SimpleNamespace(hand=hand, public=table.game.public_view())

    with using("en"):
        assert table.command(Knock(0, Card.parse("K♠")), view) == "gin K♠"  # type: ignore[arg-type]
        assert table.command(Knock(0, Card.parse("A♣")), view) == "knock A♣"  # type: ignore[arg-type]
    with using("de"):
        assert table.command(Knock(0, Card.parse("A♣")), view) == "klopfen A♣"  # type: ignore[arg-type]


def test_cli_plays_any_game_and_leaves_at_end_of_input(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in KEYS:
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
    assert main(argv) == 0
    out = capsys.readouterr().out
    data = json.loads(out.strip().splitlines()[-1])
    assert data["game"] == "romme" and data["games"] == 2 and data["target"] is None
    assert data["lower_is_better"] is True
    assert sum(data["wins"].values()) + data["ties"] == 2
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "wiener", "--seats", ",".join(["normal"] * 7)])
    assert "give 2 to 6 strengths" in capsys.readouterr().err


@pytest.mark.parametrize(("key", "lower"), [("romme", True), ("wiener", True), ("rum500", False)])
def test_simulate_says_whether_lower_is_better_and_quiet_prints_no_json(
    key: str, lower: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--game", key, "--games", "1", "--quiet", "--rounds"]) == 0
    out = capsys.readouterr().out
    assert ("lower is better" in out) is lower and ("higher is better" in out) is not lower
    assert not any(line.startswith("{") for line in out.splitlines()), out
