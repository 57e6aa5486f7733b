"""``python -m engine simulate ...`` and ``python -m engine play ...``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.ai import STRENGTHS


def _seats(text: str) -> list[str]:
    seats = [s.strip().lower() for s in text.split(",") if s.strip()]
    for seat in seats:
        if seat not in STRENGTHS:
            raise argparse.ArgumentTypeError(
                f"unknown strength {seat!r}: choose from {', '.join(STRENGTHS)}"
            )
    if not 1 <= len(seats) <= 4:
        raise argparse.ArgumentTypeError("give 1 to 4 strengths, separated by commas")
    return seats


def build_parser() -> argparse.ArgumentParser:
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
    sim.add_argument("--target", type=int, default=500, help="session target (default 500)")
    sim.add_argument("--rounds", action="store_true", help="single rounds instead of sessions")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")

    play = sub.add_parser("play", help="play a session in the terminal")
    play.add_argument(
        "--seats",
        "--opponents",
        dest="opponents",
        type=_seats,
        default=["normal"],
        help="1 to 3 computer opponents, e.g. normal,hard (default normal)",
    )
    play.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    play.add_argument("--target", type=int, default=500)
    play.add_argument("--name", default="You", help="your name at the table")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "simulate":
        from engine.sim import run

        if not 2 <= len(args.seats) <= 4:
            print("simulate needs 2 to 4 seats", file=sys.stderr)
            return 2
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
    from engine.terminal import main as play_main

    if len(args.opponents) > 3:
        print("play takes 1 to 3 opponents", file=sys.stderr)
        return 2
    return play_main(args.opponents, args.seed, args.target, args.name)


if __name__ == "__main__":
    sys.exit(main())
