"""``python -m engine simulate ...`` and ``python -m engine play ...``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.errors import RulesError
from engine.games.treppe.ai import STRENGTHS
from engine.games.treppe.game import Ruleset
from engine.i18n import _, environment_language, languages, using


def _strengths(text: str, low: int, high: int, what: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    for seat in seats:
        if seat not in STRENGTHS:
            raise argparse.ArgumentTypeError(
                f"unknown strength {seat!r}: choose from {', '.join(STRENGTHS)}"
            )
    if not low <= len(seats) <= high:
        raise argparse.ArgumentTypeError(
            f"give {low} to {high} {what}, separated by commas, e.g. normal,hard"
        )
    return seats


def _seats(text: str) -> list[str]:
    """``simulate --seats``: 2 to 4 computer players."""
    return _strengths(text, 2, 4, "strengths")


def _opponents(text: str) -> list[str]:
    """``play --seats``: 1 to 3 computer opponents."""
    return _strengths(text, 1, 3, "opponent strengths")


def _target(text: str) -> int:
    """A target the ruleset accepts (its bounds are declared on ``Ruleset.target``)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    try:
        Ruleset(target=value)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return value


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``python -m engine``: the ``simulate`` and ``play`` commands."""
    parser = argparse.ArgumentParser(prog="python -m engine", description="Treppenrommé engine")
    sub = parser.add_subparsers(dest="command", required=True)

    sim = sub.add_parser("simulate", help="computer players play each other")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument(
        "--seats",
        type=_seats,
        default=["normal", "random"],
        help=f"2 to 4 strengths from {','.join(STRENGTHS)} (default normal,random)",
    )
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--target", type=_target, default=500, help="session target (default 500)")
    sim.add_argument("--rounds", action="store_true", help="single rounds instead of sessions")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")

    play = sub.add_parser("play", help="play a session in the terminal")
    play.add_argument(
        "--seats",
        "--opponents",
        dest="opponents",
        type=_opponents,
        default=["normal"],
        help="1 to 3 computer opponents, e.g. normal,hard (default normal)",
    )
    play.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    play.add_argument("--target", type=_target, default=500, help="session target (default 500)")
    play.add_argument(
        "--name", default=None, help="your name at the table (default: You, in your language)"
    )
    play.add_argument(
        "--lang",
        choices=languages(),
        default=None,
        help="language of the game's words (default: from the environment's locale)",
    )

    replay = sub.add_parser(
        "replay", help="walk a session record (the bot's .json file) and check its scores"
    )
    replay.add_argument("file", help="a session record, or a stored game's JSON")
    replay.add_argument("--round", type=int, default=None, help="show only this round")
    replay.add_argument(
        "--steps", action="store_true", help="after each move, the cards in hand and scores"
    )
    replay.add_argument(
        "--lang",
        choices=languages(),
        default=None,
        help="language of the record's words (default: from the environment's locale)",
    )
    return parser


def replay_main(path: str, only_round: int | None, steps: bool = False) -> int:
    """Print the session move by move, then each recorded round's totals beside the totals
    the engine computes from the action log. Exit 1 if any differ, 2 if unreadable."""
    from engine.replay import RecordError, Replay, SessionRecord, check_scores, score_line

    try:
        with open(path, encoding="utf-8") as handle:
            record = SessionRecord.from_json(handle.read())
        replay = Replay(record.state)
        rounds = replay.rounds()
    except (OSError, RecordError) as error:
        print(_("cannot read {path}: {error}", path=path, error=error), file=sys.stderr)
        return 2
    if only_round is not None and not 1 <= only_round <= len(rounds):
        print(_("no round {number} (1 to {rounds})", number=only_round, rounds=len(rounds)))
    else:
        print(replay.text(only_round=only_round, steps=steps), end="")
    if not record.rounds:
        print(_("The file holds no recorded scores to check against."))
        return 0
    wrong = 0
    for recorded, mine in check_scores(replay, record.rounds):
        same = mine is not None and mine.totals == recorded.totals
        wrong += not same
        found = score_line(replay.names, mine.totals) if mine is not None else _("missing")
        theirs = score_line(replay.names, recorded.totals)
        mark = _("ok") if same else _("DIFFERS (recorded {scores})", scores=theirs)
        print(
            _(
                "Round {number}: {found} {mark}",
                number=recorded.round_number,
                found=found,
                mark=mark,
            )
        )
    print(
        _(
            "{same} of {rounds} recorded rounds reproduced",
            same=len(record.rounds) - wrong,
            rounds=len(record.rounds),
        )
    )
    return 1 if wrong else 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command ``argv`` names; the exit code."""
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        from engine.games.treppe.sim import run

        run(
            args.seats,
            args.games,
            args.seed,
            args.target,
            args.rounds,
            args.jobs,
            args.quiet,
        )
        return 0
    if args.command == "replay":
        with using(args.lang or environment_language()):
            return replay_main(args.file, args.round, args.steps)
    from engine.games.treppe.terminal import main as play_main

    lang = args.lang or environment_language()
    with using(lang):
        return play_main(args.opponents, args.seed, args.target, args.name, lang=lang)


if __name__ == "__main__":
    sys.exit(main())
