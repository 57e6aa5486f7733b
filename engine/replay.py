"""Looking back at a finished session: its action log walked step by step, a readable record
of every round, and the session record file the bot offers (and ``python -m engine replay``
reads back).

A step is the table after a number of actions (step 0: the first deal, before anyone moved).
The readable record tells every move by what the table saw, in the words of the engine's
narrator (``engine.narration``: the cards of every take, meld, lay-off and discard; a card
drawn from the stock stays unnamed); a round's result in full and its deal (every hand as
dealt) are written only after that round's moves, so it never shows a hand while the round
it belongs to is still being told.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import (
    Action,
    action_from_json,
)
from engine.cards import Card, format_cards
from engine.events import GameEvent, RoundEnded, RoundStarted, SessionEnded
from engine.i18n import _, card_count, ngettext
from engine.narration import Narrator
from engine.narration.actions import describe_action as describe_action
from engine.protocol import RummyGame
from engine.registry import load_game

RECORD_FORMAT = "treppenbot-replay/1"


class RecordError(ValueError):
    """A session record that cannot be read."""


@dataclass(frozen=True, slots=True)
class RoundScores:
    """A finished round's session totals by seat."""

    round_number: int
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round as the record tells it: its moves (step number and words), the hands as
    dealt, the totals after it (None for a round the session ended without finishing) and
    its result in full (``result``: the narrator's lines, none for an unfinished round)."""

    round_number: int
    first_step: int
    moves: tuple[tuple[int, str], ...]
    deal: tuple[tuple[Card, ...], ...]
    totals: tuple[int, ...] | None
    result: tuple[str, ...] = ()


#: Events that the record tells in blocks of its own: a round's start, result, the end.
_ROUND_EVENTS = (RoundStarted, RoundEnded, SessionEnded)


class Replay:
    """A session's action log, to be walked: ``game_at(step)`` rebuilds the table after
    ``step`` actions. ``state`` is the game's ``to_json()`` text."""

    def __init__(self, state: str) -> None:
        try:
            data = json.loads(state)
            self.actions: tuple[Action, ...] = tuple(
                action_from_json(a) for a in data.get("actions", [])
            )
            data["actions"] = []
            self._start = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
            first = load_game(self._start)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise RecordError(f"not a stored session: {error}") from error
        self.names: tuple[str, ...] = first.names
        self.title = first.spec.title
        self.target: int | None = getattr(first.public_view(), "target", None)
        self.talon = hasattr(first.public_view(), "staircase")  # talon and staircase words
        self.game_key = first.spec.key
        self._rounds: tuple[RoundLog, ...] | None = None

    @property
    def steps(self) -> int:
        """The last step: the table after every action."""
        return len(self.actions)

    def game_at(self, step: int) -> RummyGame:
        """The game after its first ``step`` actions (0 to ``steps``), replayed from the start."""
        step = max(0, min(step, self.steps))
        game = load_game(self._start)
        for action in self.actions[:step]:
            game.apply(action)
        return game

    def walk(self) -> Iterator[tuple[int, RummyGame]]:
        """Every step from 0 to the end with the table after it (one game, moved on)."""
        game = load_game(self._start)
        yield 0, game
        for step, action in enumerate(self.actions, start=1):
            game.apply(action)
            yield step, game

    def rounds(self) -> tuple[RoundLog, ...]:
        """Every round dealt, in order, with its moves, deal and totals."""
        if self._rounds is None:
            self._rounds = self._read_rounds()
        return self._rounds

    def _read_rounds(self) -> tuple[RoundLog, ...]:
        logs: list[RoundLog] = []
        moves: list[tuple[int, str]] = []
        deal: tuple[tuple[Card, ...], ...] = ()
        number, first, seen, pile = 0, 0, 0, 0
        narrator = Narrator(self.game_key, self.names)
        for step, game, events in self._walk_events():
            if step:
                words = self._move_words(narrator, events, step, pile)
                moves.append((step, words))
            pile = len(game.public_view().discard_pile)
            results = game.results
            if game.round_number != number or game.is_over:
                if number:
                    done = [r for r in results[seen:] if r.round_number == number]
                    totals = tuple(done[-1].totals) if done else None
                    told = tuple(narrator.result_lines(done[-1], totals=False)) if done else ()
                    logs.append(RoundLog(number, first, tuple(moves), deal, totals, told))
                    seen = len(results)
                    moves = []
                if game.is_over:
                    break
                number, first = game.round_number, step
                deal = tuple(game.private_view(s).hand for s in range(len(self.names)))
        else:
            if number:  # a session that ended early: its last round's deal stays hidden
                logs.append(RoundLog(number, first, tuple(moves), (), None))
        return tuple(logs)

    def _walk_events(self) -> Iterator[tuple[int, RummyGame, Sequence[GameEvent]]]:
        """``walk``, with the events each step's action caused."""
        game = load_game(self._start)
        yield 0, game, ()
        for step, action in enumerate(self.actions, start=1):
            yield step, game, game.apply(action)

    def _move_words(
        self, narrator: Narrator, events: Sequence[GameEvent], step: int, pile: int
    ) -> str:
        """A move told by the events it caused, up to the end of its round (told apart)."""
        told: list[GameEvent] = []
        for event in events:
            if isinstance(event, _ROUND_EVENTS):
                break
            told.append(event)
        words = " ".join(line for line in narrator.narrate(told) if line)
        return words or describe_action(self.actions[step - 1], self.names, self.talon, pile)

    def round_starts(self) -> tuple[int, ...]:
        """The step at which each round's play begins (its deal on the table)."""
        return tuple(log.first_step for log in self.rounds())

    def turn_ends(self) -> tuple[int, ...]:
        """The steps at which a player's turn is over: the next move is another player's, a new
        round is dealt, or the session ends."""
        starts = set(self.round_starts())
        actions = self.actions
        return tuple(
            step
            for step in range(1, self.steps + 1)
            if step == self.steps or step in starts or actions[step].seat != actions[step - 1].seat
        )

    def round_at(self, step: int) -> int:
        """The round being played at ``step`` (1 for step 0)."""
        found = 1
        for log in self.rounds():
            if log.first_step <= step:
                found = log.round_number
        return found

    def scores(self) -> tuple[RoundScores, ...]:
        """Every finished round's totals, as the engine computes them from the log."""
        return tuple(
            RoundScores(log.round_number, log.totals)
            for log in self.rounds()
            if log.totals is not None
        )

    def table_lines(self) -> dict[int, str]:
        """After each step, what every player saw of the table: cards in hand and scores."""
        lines: dict[int, str] = {}
        for step, game in self.walk():
            seats = game.public_view().seats
            lines[step] = " · ".join(
                _(
                    "{name}: {cards}, {score}",
                    name=s.name,
                    cards=card_count(s.hand_count),
                    score=s.score,
                )
                for s in seats
            )
        return lines

    def text(self, *, only_round: int | None = None, steps: bool = False) -> str:
        """The readable record of the whole session (or of one round, without the heading
        and the final result); with ``steps``, each move is followed by the table after it."""
        names = self.names
        tables = self.table_lines() if steps else {}
        lines = [] if only_round is not None else [*self._heading(), ""]
        for log in self.rounds():
            if only_round is not None and log.round_number != only_round:
                continue
            lines.append(_("Round {round_number}", round_number=log.round_number))
            for step, words in log.moves:
                lines.append(f"  {step:4d}. {words}")
                if steps:
                    lines.append(f"        {tables[step]}")
            if log.totals is None:
                lines.extend(("  " + _("(not finished; the deal stays hidden)"), ""))
                continue
            lines.extend("  " + line for line in log.result)
            lines.append("  " + _("Totals: {scores}", scores=score_line(names, log.totals)))
            lines.append("  " + _("Dealt (shown now that the round is over):"))
            lines.extend(
                f"    {name}: {format_cards(hand) or '-'}"
                for name, hand in zip(names, log.deal, strict=True)
            )
            lines.append("")
        if only_round is not None:
            return "\n".join(lines)
        final = self.game_at(self.steps).standings()
        winners = ", ".join(names[s] for s in final.winners) or _("nobody yet")
        lines.append(
            _(
                "Final {unit}: {scores}; won by {winners}",
                unit=_(final.unit),
                scores=score_line(names, final.scores),
                winners=winners,
            )
        )
        return "\n".join(lines) + "\n"

    def _heading(self) -> list[str]:
        """The game, its target (when it has one), who played, and how many moves."""
        players = ", ".join(self.names)
        if self.target is None:
            title = f"{self.title}: {players}"
        else:
            title = _(
                "{title} to {target}: {names}", title=self.title, target=self.target, names=players
            )
        return [title, ngettext("{n} move", "{n} moves", self.steps)]


def score_line(names: Sequence[str], totals: Sequence[int]) -> str:
    """Each name with its total, joined by dots: "Anna 120 · Ben 85"."""
    return " · ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """The machine-readable session record: the stored game (``state``, the ``to_json``
    text) and the round totals the bot recorded while the session was played."""

    state: str
    rounds: tuple[RoundScores, ...]
    session: int | None = None
    finished_at: str | None = None

    def to_json(self) -> str:
        """The record as indented JSON, with the stored game parsed so it reads as data."""
        data: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "session": self.session,
            "finished_at": self.finished_at,
            "state": json.loads(self.state),
            "rounds": [{"round": r.round_number, "totals": list(r.totals)} for r in self.rounds],
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> SessionRecord:
        """Reads ``to_json``, or a bare stored game (then no recorded totals)."""
        try:
            data = json.loads(text)
        except ValueError as error:
            raise RecordError(f"not JSON: {error}") from error
        if not isinstance(data, dict):
            raise RecordError("not a session record")
        if data.get("format") != RECORD_FORMAT:
            if "actions" not in data:
                raise RecordError("not a session record")
            return cls(_compact(data), ())
        try:
            rounds = tuple(
                RoundScores(int(r["round"]), tuple(int(t) for t in r["totals"]))
                for r in data["rounds"]
            )
            state = _compact(data["state"])
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"damaged session record: {error}") from error
        session, finished_at = data.get("session"), data.get("finished_at")
        return cls(
            state,
            rounds,
            session if isinstance(session, int) else None,
            finished_at if isinstance(finished_at, str) else None,
        )


def _compact(data: object) -> str:
    """JSON as ``to_json`` of a game writes it."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def check_scores(
    replay: Replay, recorded: Sequence[RoundScores]
) -> list[tuple[RoundScores, RoundScores | None]]:
    """Each recorded round beside the engine's totals for it (None: the log has no such
    round). Equal pairs mean the log reproduces the recorded score."""
    mine = {r.round_number: r for r in replay.scores()}
    return [(r, mine.get(r.round_number)) for r in recorded]
