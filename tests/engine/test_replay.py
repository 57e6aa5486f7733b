"""Walking a finished session: the steps, the readable record (no deal shown while its round
is told), the session record file and ``python -m engine replay`` checking its scores."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from engine.__main__ import main
from engine.arena import play_session
from engine.cards import format_cards
from engine.protocol import RummyGame
from engine.registry import game_keys, get_spec
from engine.replay import RecordError, Replay, RoundScores, SessionRecord, check_scores

KEYS = game_keys()


@cache
def finished(key: str) -> RummyGame:
    seats = min(3, get_spec(key).max_seats)
    return play_session(key, ["normal", "normal", "random"][:seats], seed=11)


def recorded(game: RummyGame) -> tuple[RoundScores, ...]:
    return tuple(RoundScores(r.round_number, tuple(r.totals)) for r in game.results)


@pytest.mark.parametrize("key", KEYS)
def test_replay_reproduces_every_round(key: str) -> None:
    game = finished(key)
    replay = Replay(game.to_json())
    assert replay.steps == len(game.actions)
    assert replay.scores() == recorded(game)
    assert [log.round_number for log in replay.rounds()] == list(range(1, game.round_number + 1))
    assert replay.game_at(replay.steps).standings() == game.standings()


@pytest.mark.parametrize("key", KEYS)
def test_game_at_matches_the_walk(key: str) -> None:
    replay = Replay(finished(key).to_json())
    picks = {0, 1, replay.steps // 2, replay.steps, *replay.round_starts()}
    walked = {step: game.public_view() for step, game in replay.walk() if step in picks}
    for step in sorted(picks):
        assert replay.game_at(step).public_view() == walked[step]
    assert replay.round_at(0) == 1
    assert replay.round_at(replay.steps) == len(replay.rounds())


@pytest.mark.parametrize("key", KEYS)
def test_a_deal_is_written_only_after_its_round(key: str) -> None:
    replay = Replay(finished(key).to_json())
    text = replay.text()
    for log in replay.rounds():
        block = text.split(f"\nRound {log.round_number}\n", 1)[1].split("\n\n", 1)[0]
        lines = block.splitlines()
        dealt = lines.index("  Dealt (shown now that the round is over):")
        totals = next(i for i, line in enumerate(lines) if line.startswith("  Totals: "))
        last_move = max(i for i, line in enumerate(lines) if line[:7].strip().endswith("."))
        assert last_move < totals < dealt
        for name, hand in zip(replay.names, log.deal, strict=True):
            assert f"    {name}: {format_cards(hand) or '-'}" in lines[dealt:]


@pytest.mark.parametrize("key", KEYS)
def test_an_unfinished_round_keeps_its_deal_hidden(key: str) -> None:
    game = finished(key)
    replay = Replay(game.to_json())
    second = replay.round_starts()[1]
    data = json.loads(game.to_json())
    data["actions"] = data["actions"][: second + 3]  # three moves into round 2
    cut = Replay(json.dumps(data))
    rounds = cut.rounds()
    assert [log.round_number for log in rounds] == [1, 2]
    assert rounds[1].deal == () and rounds[1].totals is None
    text = cut.text()
    assert "(not finished; the deal stays hidden)" in text
    assert text.count("Dealt (shown now that the round is over)") == 1
    hands = replay.rounds()[1].deal
    for hand in hands:
        assert format_cards(hand) not in text


@pytest.mark.parametrize("key", KEYS)
def test_engine_replay_command_checks_the_recorded_scores(
    key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished(key)
    record = SessionRecord(game.to_json(), recorded(game), session=5)
    path = tmp_path / "session.json"
    path.write_text(record.to_json(), encoding="utf-8")
    assert SessionRecord.from_json(path.read_text(encoding="utf-8")) == record
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    rounds = len(game.results)
    assert f"{rounds} of {rounds} recorded rounds reproduced" in out
    assert out.count(" ok\n") == rounds

    wrong = list(recorded(game))
    last = wrong[-1]
    wrong[-1] = RoundScores(last.round_number, (last.totals[0] + 1, *last.totals[1:]))
    path.write_text(SessionRecord(game.to_json(), tuple(wrong)).to_json(), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{rounds - 1} of {rounds} recorded rounds reproduced" in out
    assert "DIFFERS" in out


def test_engine_replay_reads_a_bare_stored_game_and_one_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "state.json"
    path.write_text(finished(KEYS[0]).to_json(), encoding="utf-8")
    assert main(["replay", str(path), "--round", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Round 2\n")
    assert "Round 1\n" not in out
    assert "no recorded scores" in out
    assert main(["replay", str(path), "--round", "2", "--steps"]) == 0
    stepped = capsys.readouterr().out.splitlines()
    moves = [i for i, line in enumerate(stepped) if line[:7].strip().endswith(".")]
    assert moves and all(" cards, " in stepped[i + 1] for i in moves)
    assert main(["replay", str(path), "--round", "99"]) == 0
    assert "no round 99" in capsys.readouterr().out


def test_engine_replay_refuses_what_is_no_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"hello": 1}', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "not a session record" in capsys.readouterr().err
    with pytest.raises(RecordError):
        Replay("[]")


def test_check_scores_reports_a_missing_round() -> None:
    game = finished(KEYS[0])
    replay = Replay(game.to_json())
    extra = RoundScores(len(game.results) + 1, (0,) * len(game.names))
    pairs = check_scores(replay, (*recorded(game), extra))
    assert pairs[-1] == (extra, None)
    assert all(engine == mine for mine, engine in pairs[:-1])


def test_engine_replay_follows_lang_and_the_games_own_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = finished("treppenromme")
    path = tmp_path / "session.json"
    path.write_text(SessionRecord(game.to_json(), recorded(game)).to_json(), encoding="utf-8")
    assert main(["replay", str(path), "--lang", "en"]) == 0
    english = capsys.readouterr().out
    target = game.public_view().target
    assert english.startswith(f"Treppenrommé to {target}: ")
    assert "draws from the talon" in english
    assert re.search(r"takes the staircase from (\S+) up: \1 \S+", english)  # the cards taken
    assert "stock" not in english and "from card" not in english
    assert main(["replay", str(path), "--lang", "de"]) == 0
    german = capsys.readouterr().out
    assert german.startswith(f"Treppenrommé bis {target}: ")
    assert "zieht vom Talon" in german and "Runde 1\n" in german
    assert re.search(r"nimmt die Treppe ab (\S+) aufwärts: \1 \S+", german)
    assert "aufgezeichneten Runden nachgerechnet" in german
    for english_word in ("draws", "discards", "Round ", "Totals", "recorded rounds"):
        assert english_word not in german, english_word


@pytest.mark.parametrize("key", KEYS)
def test_every_move_names_its_cards_but_a_draw_from_the_stock(key: str) -> None:
    replay = Replay(finished(key).to_json())
    suits = set("♣♦♥♠")
    for log in replay.rounds():
        for step, words in log.moves:
            action = replay.actions[step - 1]
            hidden = type(action).__name__ in ("DrawTalon", "Pass") or "buy" in words
            assert hidden or suits & set(words) or "Jo" in words, (step, words)


def test_a_rounds_result_is_told_in_full_after_its_moves() -> None:
    replay = Replay(finished("gin").to_json())
    text = replay.text()
    first = replay.rounds()[0]
    assert first.result and all(line in text for line in first.result)
    block = text.split("\nRound 1\n", 1)[1].split("\n\n", 1)[0]
    assert block.index(first.result[0]) < block.index("  Totals: ")
    assert "(knocked): [" in block or "The hand is void" in block


def test_the_sample_session_in_the_docs_replays(capsys: pytest.CaptureFixture[str]) -> None:
    path = Path(__file__).resolve().parents[2] / "docs" / "sample-session.json"
    assert main(["replay", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "recorded rounds reproduced" in out and "DIFFERS" not in out
