"""``python -m engine simulate ...``, ``python -m engine play ...`` and ``replay``.

``--game KEY`` chooses any registered game (Treppenrommé unless told); every game is played
at the table every game shares (``engine.console``: moves by number or typed commands, in
English and German).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from engine.errors import RulesError
from engine.games.treppe.game import Ruleset
from engine.i18n import _, environment_language, languages, using
from engine.registry import game_keys, get_spec


def _strengths(text: str) -> list[str]:
    return [s.strip().lower() for s in text.split(",") if s.strip()]


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


def _game_option(parser: argparse.ArgumentParser) -> None:
    keys = game_keys()
    parser.add_argument(
        "--game", choices=keys, default=keys[0], help=f"the game to play (default {keys[0]})"
    )


def _command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, about: str
) -> argparse.ArgumentParser:
    """The parser of the command ``name``; an error it finds shows the command's own usage."""
    command = sub.add_parser(name, help=about)
    command.set_defaults(command_parser=command)
    return command


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``python -m engine``: ``simulate``, ``play`` and ``replay``."""
    parser = argparse.ArgumentParser(prog="python -m engine", description="the rummy engine")
    sub = parser.add_subparsers(dest="command", required=True)

    sim = _command(sub, "simulate", "computer players play each other")
    _game_option(sim)
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument(
        "--seats",
        type=_strengths,
        default=["normal", "random"],
        help="the players' strengths, e.g. normal,hard,random (default normal,random)",
    )
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--target", type=_target, default=None, help="session target (a game's own)")
    sim.add_argument("--rounds", action="store_true", help="single rounds instead of sessions")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument(
        "--quiet", action="store_true", help="the table alone: no progress bar, no JSON line"
    )

    play = _command(sub, "play", "play a session in the terminal")
    _game_option(play)
    play.add_argument(
        "--seats",
        "--opponents",
        dest="opponents",
        type=_strengths,
        default=["normal"],
        help="your computer opponents' strengths, e.g. normal,hard (default normal)",
    )
    play.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    play.add_argument("--target", type=_target, default=None, help="session target (a game's own)")
    play.add_argument(
        "--name", default=None, help="your name at the table (default: You, in your language)"
    )
    play.add_argument(
        "--lang",
        choices=languages(),
        default=None,
        help="language of the game's words (default: from the environment's locale)",
    )

    replay = _command(
        sub, "replay", "walk a session record (the bot's .json file) and check its scores"
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


def _seats_problem(game: str, seats: list[str], opponents: bool) -> str | None:
    """Why ``seats`` (or, for ``play``, the opponents) do not fit the game; None if they do."""
    spec = get_spec(game)
    for strength in seats:
        if strength not in spec.strengths:
            return f"unknown strength {strength!r}: choose from {', '.join(spec.strengths)}"
    low, high = spec.min_seats, spec.max_seats
    if opponents:
        low, high = low - 1, high - 1
    if not low <= len(seats) <= high:
        what = "opponent strength" if opponents else "strength"
        if high == 1:  # one opponent: Gin Rummy is for two
            return f"give 1 {what}, e.g. normal (the game is for {spec.max_seats} players)"
        count = str(low) if low == high else f"{low} to {high}"
        example = ",".join(("normal", "hard", "random", "normal")[: max(low, 2)])
        return f"give {count} {what}s, separated by commas, e.g. {example}"
    return None


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
    parser: argparse.ArgumentParser = args.command_parser
    if args.command == "replay":
        with using(args.lang or environment_language()):
            return replay_main(args.file, args.round, args.steps)
    seats = args.seats if args.command == "simulate" else args.opponents
    problem = _seats_problem(args.game, seats, opponents=args.command == "play")
    if problem is not None:
        parser.error(problem)
    if args.command == "simulate":
        from engine.sim import run

        try:
            run(
                seats,
                args.games,
                args.seed,
                args.target,
                args.rounds,
                args.jobs,
                args.quiet,
                game=args.game,
            )
        except ValueError as error:
            parser.error(str(error))
        return 0
    lang = args.lang or environment_language()
    with using(lang):
        return _play(parser, args, lang)


def _play(parser: argparse.ArgumentParser, args: argparse.Namespace, lang: str) -> int:
    from engine.console import main as play_any
    from engine.sim import game_ruleset

    try:
        ruleset = game_ruleset(args.game, args.target)
    except ValueError as error:
        parser.error(str(error))
    return play_any(args.game, ruleset, args.opponents, args.seed, args.name, lang=lang)


if __name__ == "__main__":
    sys.exit(main())
