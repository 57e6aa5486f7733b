"""A terminal table: play a Treppenrommé session against computer players.

``python -m engine play --opponents normal,hard --seed 7`` deals a session with you in seat
1. Type the same words as at the Discord table: ``draw``, ``take 5``, ``meld Q♥ K♥ A♥``,
``lay 7♠ on 3 [low|high]``, ``discard 7♠``, ``hint``, ``help``, ``quit``. Input is read
line by line from stdin, so a script (or a test) can play too. Colours are used only on a
terminal and never when ``NO_COLOR`` is set.
"""

from __future__ import annotations

import functools
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Concatenate, ParamSpec, TextIO, TypeVar

from engine.actions import MeldKind
from engine.cards import Card
from engine.console import bot_name
from engine.errors import RulesError
from engine.events import GameEvent
from engine.games.treppe import narration
from engine.games.treppe.ai import ComputerPlayer, make_player
from engine.games.treppe.commands import (
    action_command,
    command_words,
    in_hand_order,
    parse_command,
)
from engine.games.treppe.game import Game, Ruleset
from engine.games.treppe.views import MeldView, PrivateView
from engine.i18n import N_, _, card_count, language, using
from engine.protocol import Phase

# Translators: the commands (draw, take, meld, lay … on, discard, hint, help, quit) are what
# the player types; the English and the German words both work (see commands.py). The cards
# are examples in the reader's card words.
HELP = N_("""\
Commands (cards as Q♥, QH, qh, 10s or TS):
  draw                     take the top card of the talon
  take N                   take staircase card N and every card above it
  meld Q♥ K♥ A♥            lay a set or a run (typing just the cards works too)
  lay 7♠ on 3 [low|high]   lay a card off onto meld 3 (say the end if both fit)
  discard 7♠               discard a card and end your turn
  hint                     what a computer player would do now
  help                     this text
  quit                     leave the table""")

P = ParamSpec("P")
R = TypeVar("R")


def speaking(
    method: Callable[Concatenate[TerminalTable, P], R],
) -> Callable[Concatenate[TerminalTable, P], R]:
    """Run a ``TerminalTable`` method in the table's language."""

    @functools.wraps(method)
    def wrapper(self: TerminalTable, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with using(self.lang):
            return method(self, *args, **kwargs)

    return wrapper


RED = "\x1b[31m"
BOLD = "\x1b[1m"
RESET = "\x1b[0m"


def use_tty(stream: TextIO) -> bool:
    """Is ``stream`` a terminal, where line editing makes sense?"""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def enable_line_editing() -> bool:
    """Load ``readline`` so that ``input()`` gets arrow keys and history; False where the
    platform has none (then lines are read plainly)."""
    try:
        import readline  # noqa: F401  (importing it is what switches line editing on)
    except ImportError:
        return False
    return True


def use_colour(stream: TextIO) -> bool:
    """Colours only on a terminal, and never when ``NO_COLOR`` is set (no-color.org)."""
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class TerminalTable:
    """One session at the terminal: seat 0 is the human, the others computer players. Every
    line is written in ``lang`` (default: the language in use where the table is made)."""

    def __init__(
        self,
        opponents: Sequence[str],
        seed: int,
        target: int = 500,
        name: str | None = None,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        colour: bool | None = None,
        line_editing: bool | None = None,
        lang: str | None = None,
    ) -> None:
        stdin = stdin or sys.stdin
        stdout = stdout or sys.stdout
        self.lang = lang or language()
        with using(self.lang):
            names = [name or _("You")] + [
                bot_name(strength, i + 1 if len(opponents) > 1 else None)
                for i, strength in enumerate(opponents)
            ]
        self.game: Game = Ruleset(target=target).new_game(names, seed)
        self.players: dict[int, ComputerPlayer] = {
            seat: make_player(strength, seed * 31 + seat)
            for seat, strength in enumerate(opponents, start=1)
        }
        self.helper = make_player("hard", seed * 31)
        self.stdin = stdin
        self.stdout = stdout
        self.colour = use_colour(stdout) if colour is None else colour
        if line_editing is None:
            line_editing = stdin is sys.stdin and stdout is sys.stdout and use_tty(stdin)
        self.line_editing = line_editing and enable_line_editing()
        self.human = 0

    # --------------------------------------------------------------- output
    def say(self, text: str = "") -> None:
        """Write one line to the table's output."""
        self.stdout.write(text + "\n")

    def paint(self, text: str, code: str) -> str:
        """``text`` in the ANSI style ``code`` when colours are on, else as it is."""
        return f"{code}{text}{RESET}" if self.colour else text

    def bold(self, text: str) -> str:
        """``text`` in bold when colours are on."""
        return self.paint(text, BOLD)

    @speaking
    def card(self, card: Card) -> str:
        """The card in the table's card words; with colours red suits red, the others bold."""
        text = str(card)  # in the table's card words: Q♥ or D♥
        if card.suit is not None and card.suit.is_red:
            return self.paint(text, RED)
        return self.paint(text, BOLD) if self.colour else text

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards separated by spaces, each as ``card`` writes it."""
        return " ".join(self.card(c) for c in cards)

    def name(self, seat: int) -> str:
        """The name of the player at ``seat``, as the session started with."""
        return self.game.names[seat]

    @speaking
    def meld_line(self, meld: MeldView) -> str:
        """``"   3. Q♣ Q♦ Q♠ Q♥  (set · Anna: 30 + Ben: 10 = 40 pts)"``: who scored what on it,
        the owner first, then whoever laid off on it."""
        credits = {meld.owner: 0}
        for placed in meld.cards:
            credits[placed.seat] = credits.get(placed.seat, 0) + placed.points
        owner = credits.pop(meld.owner)
        # "name: points", so a name ending in a number ("Normal bot 1") stays apart from it
        parts = [f"{self.name(meld.owner)}: {owner}"]
        parts += [f"{self.name(seat)}: {points}" for seat, points in sorted(credits.items())]
        scored = " + ".join(parts) + (f" = {meld.points}" if credits else "")
        cards = self.cards([p.card for p in meld.cards])
        kind = _("set") if meld.kind is MeldKind.SET else _("run")
        # Translators: the end of a line of the table's melds, e.g. (set · Anna: 30 pts)
        about = _("({kind} · {scored} pts)", kind=kind, scored=scored)
        return f"  {meld.id + 1:>2}. {cards}  {about}"

    @speaking
    def render(self, view: PrivateView) -> None:
        """Show the human the table: scores, the staircase numbered for ``take``, the melds,
        the hand and what to do now."""
        public = view.public
        self.say()
        heading = _(
            "── Round {round_number} · target {target} · talon {count} ──",
            round_number=public.round_number,
            target=public.target,
            count=public.talon_count,
        )
        self.say(self.bold(heading))
        self.say(_("Scores:"))
        for line in self.score_lines(view):
            self.say(line)
        stair = public.staircase
        if stair:
            cells = "  ".join(f"{i}:{self.card(c)}" for i, c in enumerate(stair, start=1))
            self.say(_("Staircase (1 = bottom, top last): {cells}", cells=cells))
        else:
            self.say(_("Staircase: empty"))
        if public.melds:
            self.say(_("Melds:"))
            for meld in public.melds:
                self.say(self.meld_line(meld))
        else:
            self.say(_("Melds: none yet"))
        hand = in_hand_order(view.hand)
        self.say(_("Your hand ({count}): {cards}", count=len(hand), cards=self.cards(hand)))
        if public.phase is Phase.DRAW:
            word = command_words()  # the words `help` lists, in the table's language
            self.say(
                _(
                    "Your turn: {draw}, or {take} N from the staircase.",
                    draw=word["draw"],
                    take=word["take"],
                )
            )
        elif view.locked_discard is not None and view.locked_discard in view.hand:
            locked = self.card(view.locked_discard)
            self.say(_("Meld, lay off, then discard (not {card}: you just took it).", card=locked))
        else:
            self.say(_("Meld, lay off, then discard."))

    @speaking
    def score_lines(self, view: PrivateView) -> list[str]:
        """One line per seat: name, total and this round's points in aligned columns."""
        seats = view.public.seats
        width = max(len(seat.name) for seat in seats)
        digits = max(len(str(seat.score)) for seat in seats)
        lines = []
        for seat in seats:
            line = f"  {seat.name + ':':<{width + 1}} {seat.score:>{digits}}  "
            if seat.seat == view.seat:  # your own count is in the hand line
                line += _("(this round: {points})", points=seat.round_points)
            else:
                line += _(
                    "(this round: {points}, {cards})",
                    points=seat.round_points,
                    cards=card_count(seat.hand_count),
                )
            lines.append(line)
        return lines

    def narrate(self, events: Sequence[GameEvent]) -> None:
        """Say what ``events`` did, in the table's language (see ``narration``)."""
        narration.narrate(self, events)

    # ----------------------------------------------------------------- play
    @speaking
    def read(self) -> str | None:
        """One typed line, or None at end of input (Ctrl-D)."""
        if self.line_editing:
            try:
                return input("> ")  # arrow keys and history through readline
            except EOFError:
                line = ""
        else:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
        if not line:
            self.say()
            self.say(_("You leave the table."))
            return None
        return line

    @speaking
    def human_turn(self) -> bool:
        """Handle one line of input; False when the player leaves."""
        game = self.game
        view = game.private_view(self.human)
        line = self.read()
        if line is None:
            return False
        try:
            command = parse_command(line, self.human, drawn=view.public.phase is Phase.PLAY)
        except RulesError as error:
            self.say(str(error))
            return True
        if command == "quit":
            self.say(_("You leave the table."))
            return False
        if command == "help":
            self.say(_(HELP))
            return True
        if command == "":
            self.render(view)
            return True
        if command == "hint":
            move = self.helper.choose(view, game.legal_actions())
            hint = action_command(move, len(view.public.staircase))
            self.say(_("Hint: {command}", command=hint))
            return True
        assert not isinstance(command, str)
        try:
            events = game.apply(command)
        except RulesError as error:
            self.say(str(error))
            return True
        self.narrate(events)
        if game.phase is not Phase.OVER and game.to_act == self.human:
            self.render(game.private_view(self.human))
        return True

    @speaking
    def computer_turn(self) -> None:
        """The computer player to act makes one move; say it, and show the table when the
        human is next."""
        game = self.game
        seat = game.to_act
        action = self.players[seat].choose(game.private_view(seat), game.legal_actions())
        events = game.apply(action)
        self.narrate(events)
        if game.phase is not Phase.OVER and game.to_act == self.human:
            self.render(game.private_view(self.human))

    @speaking
    def run(self) -> int:
        """Play the session until it ends or the human leaves; the exit status (0)."""
        game = self.game
        self.say(
            _(
                "Treppenrommé to {target}: {names}. Type help for help.",
                target=game.ruleset.target,
                names=", ".join(game.names),
            )
        )
        self.narrate(game.events)
        if game.to_act == self.human:
            self.render(game.private_view(self.human))
        while game.phase is not Phase.OVER:
            if game.to_act == self.human:
                if not self.human_turn():
                    return 0
            else:
                self.computer_turn()
        return 0


def main(
    opponents: Sequence[str],
    seed: int | None = None,
    target: int = 500,
    name: str | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    lang: str | None = None,
) -> int:
    """Play a session at the terminal in ``lang`` (default: the language in use)."""
    if seed is None:
        seed = random.randrange(2**31)
    table = TerminalTable(opponents, seed, target, name, stdin, stdout, lang=lang)
    try:
        return table.run()
    except KeyboardInterrupt:
        table.say()
        with using(table.lang):
            table.say(_("Interrupted: you leave the table."))
        return 130
