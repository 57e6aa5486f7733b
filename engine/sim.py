"""The simulator: computer players of any registered game play each other, for measuring
strength and for exercising the engine under many moves.

``simulate(seats, games, seed, game=key)`` plays whole sessions (or single rounds) and returns
a ``Summary``; ``python -m engine simulate --game KEY`` prints it as a table (saying whether
fewer points are better, as in games of minus or bad points) and, on its last line unless
``--quiet``, as one JSON object. Seat order rotates from game to game, so every strength sits
everywhere. The first registered game is played unless another is named.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from engine.actions import DrawTalon, TakeDiscard
from engine.protocol import GameRules, GameSpec, Player
from engine.registry import game_keys, get_spec


def seat_labels(strengths: Sequence[str]) -> list[str]:
    """Distinct labels for the seats: ``normal``, ``normal#2``, ..."""
    labels: list[str] = []
    for strength in strengths:
        label = strength
        k = 2
        while label in labels:
            label = f"{strength}#{k}"
            k += 1
        labels.append(label)
    return labels


@dataclass(slots=True)
class GameRecord:
    """One simulated game, by label: who won (None for a tie), points, rounds, actions."""

    winner: str | None
    points: dict[str, int]
    rounds: int
    turns: int
    actions: int
    decision_ms: dict[str, list[float]]


def game_ruleset(game: str | None, target: int | None) -> GameRules:
    """The rules of the game called ``game`` (None: the first registered), with ``target``
    (points to win) where given; ``ValueError`` for a game without a target."""
    spec = get_spec(game or game_keys()[0])
    if target is None:
        return spec.make_ruleset()
    try:
        return spec.make_ruleset({"target": target})
    except KeyError:
        raise ValueError(f"{spec.title} has no target to set") from None


def _target_of(ruleset: GameRules) -> int | None:
    target = ruleset.to_json().get("target")
    return target if isinstance(target, int) else None


def play_game(
    labels: Sequence[str],
    strengths: Sequence[str],
    seed: int,
    target: int | None = None,
    single_round: bool = False,
    max_actions: int = 200_000,
    game_key: str | None = None,
) -> GameRecord:
    """Play one session (or its first round) with the given seat order."""
    spec = get_spec(game_key or game_keys()[0])
    game = spec.new_game(game_ruleset(spec.key, target), list(labels), seed)
    players: list[Player] = [
        spec.make_player(s, seed * 7 + i * 1_000_003) for i, s in enumerate(strengths)
    ]
    times: dict[str, list[float]] = {label: [] for label in labels}
    turns = 0
    actions = 0
    clock = time.perf_counter
    while not game.is_over and actions < max_actions:
        if single_round and game.results:
            break
        seat = game.to_act
        legal = game.legal_actions()
        view = game.private_view(seat)
        start = clock()
        action = players[seat].choose(view, legal)
        times[labels[seat]].append((clock() - start) * 1000)
        if isinstance(action, (DrawTalon, TakeDiscard)):
            turns += 1
        game.apply(action)
        actions += 1
    standings = game.standings()
    if single_round:
        scores = list(game.results[0].totals) if game.results else [0] * len(labels)
        rounds = 1
        best = min(scores) if standings.lower_is_better else max(scores)
        leaders = [s for s, v in enumerate(scores) if v == best]
        winner = labels[leaders[0]] if len(leaders) == 1 else None
    else:
        scores = list(standings.scores)
        rounds = len(game.results)
        winner = labels[standings.winners[0]] if standings.winners else None
    return GameRecord(
        winner=winner,
        points={label: scores[i] for i, label in enumerate(labels)},
        rounds=rounds,
        turns=turns,
        actions=actions,
        decision_ms=times,
    )


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@dataclass(slots=True)
class Summary:
    """What a simulation found: wins, points, rounds and decision times by seat."""

    seats: list[str]
    labels: list[str]
    seed: int
    target: int | None
    mode: str
    game: str = ""
    lower_is_better: bool = False  # the game counts minus or bad points: fewer are better
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    ties: int = 0
    points: dict[str, int] = field(default_factory=dict)
    rounds: int = 0
    turns: int = 0
    actions: int = 0
    seconds: float = 0.0
    decision_ms: dict[str, list[float]] = field(default_factory=dict)

    def add(self, record: GameRecord) -> None:
        """Count one finished game."""
        self.games += 1
        if record.winner is None:
            self.ties += 1
        else:
            self.wins[record.winner] += 1
        for label, pts in record.points.items():
            self.points[label] += pts
        self.rounds += record.rounds
        self.turns += record.turns
        self.actions += record.actions
        for label, values in record.decision_ms.items():
            self.decision_ms[label].extend(values)

    def to_json(self) -> dict[str, Any]:
        """The figures as JSON data: rates, averages and decision times."""
        rounds = max(self.rounds, 1)
        games = max(self.games, 1)
        return {
            "game": self.game,
            "lower_is_better": self.lower_is_better,
            "games": self.games,
            "mode": self.mode,
            "seats": self.seats,
            "seed": self.seed,
            "target": self.target,
            "wins": dict(self.wins),
            "ties": self.ties,
            "win_share": {k: round(v / games, 4) for k, v in self.wins.items()},
            "avg_points_per_round": {k: round(v / rounds, 2) for k, v in self.points.items()},
            "rounds": self.rounds,
            "avg_round_turns": round(self.turns / rounds, 2),
            "avg_round_actions": round(self.actions / rounds, 2),
            "actions": self.actions,
            "seconds": round(self.seconds, 2),
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else 0.0,
            "decision_ms_p50": {
                k: round(_percentile(v, 50), 3) for k, v in self.decision_ms.items()
            },
            "decision_ms_p99": {
                k: round(_percentile(v, 99), 3) for k, v in self.decision_ms.items()
            },
        }

    def table(self) -> str:
        """The figures as a text table for the terminal."""
        data = self.to_json()
        games = max(self.games, 1)
        target = "" if self.target is None else f" (target {self.target})"
        lines = [
            f"{self.game}: {self.games} {'rounds' if self.mode == 'rounds' else 'sessions'}"
            f"{target}, seats {','.join(self.seats)}, seed {self.seed}",
            f"{'player':<10} {'wins':>6} {'share':>7} {'pts/round':>10} "
            f"{'ms p50':>8} {'ms p99':>8}",
        ]
        for label in self.labels:
            lines.append(
                f"{label:<10} {self.wins[label]:>6} {self.wins[label] / games:>7.1%} "
                f"{data['avg_points_per_round'][label]:>10.1f} "
                f"{data['decision_ms_p50'][label]:>8.2f} {data['decision_ms_p99'][label]:>8.2f}"
            )
        if self.ties:
            lines.append(f"{'ties':<10} {self.ties:>6} {self.ties / games:>7.1%}")
        if self.lower_is_better:
            lines.append("pts/round: lower is better (the game counts minus or bad points)")
        else:
            lines.append("pts/round: higher is better")
        lines.append(
            f"rounds {self.rounds}, average round {data['avg_round_turns']} turns "
            f"({data['avg_round_actions']} actions), {data['actions_per_second']} actions/s, "
            f"{data['seconds']} s"
        )
        return "\n".join(lines)


def _job(args: tuple[list[str], list[str], int, int | None, bool, str]) -> GameRecord:
    labels, strengths, seed, target, single_round, game = args
    return play_game(labels, strengths, seed, target, single_round, game_key=game)


def game_seats(seats: Sequence[str], index: int) -> tuple[list[str], list[str]]:
    """Labels and strengths in the seat order of game ``index`` (rotated each game)."""
    labels = seat_labels(seats)
    shift = index % len(seats)
    order = list(range(shift, len(seats))) + list(range(shift))
    return [labels[i] for i in order], [seats[i] for i in order]


def check_seats(spec: GameSpec, seats: Sequence[str]) -> None:
    """``ValueError`` unless ``seats`` are strengths of the game and their number fits it."""
    for strength in seats:
        if strength not in spec.strengths:
            known = ", ".join(spec.strengths)
            raise ValueError(f"unknown strength {strength!r}: choose from {known}")
    if not spec.min_seats <= len(seats) <= spec.max_seats:
        low, high = spec.min_seats, spec.max_seats
        seats_text = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{spec.title} is played by {seats_text} players.")


def simulate(
    seats: Sequence[str],
    games: int,
    seed: int = 0,
    target: int | None = None,
    single_round: bool = False,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    game: str | None = None,
) -> Summary:
    """Let computer players of ``seats``' strengths play ``games`` sessions of ``game`` (the
    registry's first unless named) from ``seed``; what they did, summed up."""
    spec = get_spec(game or game_keys()[0])
    check_seats(spec, seats)
    labels = seat_labels(seats)
    rules = game_ruleset(spec.key, target)
    summary = Summary(
        seats=list(seats),
        labels=labels,
        seed=seed,
        target=_target_of(rules),
        mode="rounds" if single_round else "sessions",
        game=spec.key,
        lower_is_better=spec.new_game(rules, labels, seed).standings().lower_is_better,
        wins={label: 0 for label in labels},
        points={label: 0 for label in labels},
        decision_ms={label: [] for label in labels},
    )
    tasks = []
    for i in range(games):
        order_labels, order_strengths = game_seats(seats, i)
        task = (order_labels, order_strengths, seed * 1_000_000 + i, target, single_round, spec.key)
        tasks.append(task)
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            for done, record in enumerate(pool.imap(_job, tasks, chunksize=1), 1):
                summary.add(record)
                if progress:
                    progress(done, games)
    else:
        for done, task in enumerate(tasks, 1):
            summary.add(_job(task))
            if progress:
                progress(done, games)
    summary.seconds = time.perf_counter() - start
    return summary


class ProgressBar:
    """A one-line progress bar on a stream (stderr)."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.shown = -1.0

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.shown < 0.1:
            return
        self.shown = now
        filled = self.width * done // max(total, 1)
        elapsed = time.perf_counter() - self.start
        eta = elapsed / done * (total - done) if done else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} {elapsed:6.1f}s eta {eta:6.1f}s")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run(
    seats: Sequence[str],
    games: int,
    seed: int,
    target: int | None,
    single_round: bool,
    jobs: int,
    quiet: bool,
    out: TextIO | None = None,
    err: TextIO | None = None,
    game: str | None = None,
) -> Summary:
    """``python -m engine simulate``: play the games (on ``jobs`` processes), print the
    summary (``quiet``: the table alone, no progress bar and no JSON line) and return it."""
    out = out or sys.stdout
    err = err or sys.stderr
    progress = None if quiet else ProgressBar(err)
    summary = simulate(seats, games, seed, target, single_round, jobs, progress, game)
    out.write(summary.table() + "\n")
    if not quiet:
        out.write(json.dumps(summary.to_json(), ensure_ascii=False) + "\n")
    return summary
