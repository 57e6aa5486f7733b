"""A terminal table for every registered game: ``python -m engine play --game KEY`` deals a
session with you in seat 1 against computer players.

Each of your turns shows the table (the scores, the discard pile, the melds, your hand) and
your legal moves, numbered and sorted, each as the command that makes it. Type a move's
number or its words, in English or German (``draw``, ``take 5``, ``meld Q♥ K♥ A♥``,
``lay 7♠ on 3 high``, ``discard 7♠``, ``knock 4♥``, ``pass``, ...), ``hint``, ``help`` or
``quit``. What happens is told by the engine's narrator (``engine.narration``), results in
full. Input is read line by line from stdin, so a script (or a test) can play too. Colours
are used only on a terminal and never when ``NO_COLOR`` is set.
"""

from __future__ import annotations

import os
import random
import sys
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from engine.actions import Action, BuyBack, Pass
from engine.cards import Card
from engine.commands import parse_command
from engine.console.refusals import in_table_words, move_refusal, take_refusal
from engine.console.screen import Screen
from engine.errors import RulesError
from engine.events import DrewFromTalon, GameEvent
from engine.i18n import N_, _, language, using
from engine.narration import Narrator
from engine.protocol import BasePrivateView, GameRules, Player
from engine.registry import get_spec

#: The computer players' names, alone at the table or numbered among others.
BOT_NAMES = {
    "random": N_("Random bot"),
    "normal": N_("Normal bot"),
    "hard": N_("Hard bot"),
}
NUMBERED_BOT_NAMES = {
    "random": N_("Random bot {number}"),
    "normal": N_("Normal bot {number}"),
    "hard": N_("Hard bot {number}"),
}


def bot_name(strength: str, number: int | None = None) -> str:
    """``"Hard bot"`` or ``"Hard bot 2"`` in the current language."""
    if number is None:
        return _(BOT_NAMES.get(strength, N_("Normal bot")))
    return _(NUMBERED_BOT_NAMES.get(strength, N_("Normal bot {number}")), number=number)


def use_tty(stream: TextIO) -> bool:
    """Is ``stream`` a terminal, where line editing makes sense?"""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def use_colour(stream: TextIO) -> bool:
    """Colours only on a terminal, and never when ``NO_COLOR`` is set (no-color.org)."""
    return not os.environ.get("NO_COLOR") and use_tty(stream)


def enable_line_editing() -> bool:
    """Load ``readline`` so that ``input()`` gets arrow keys and history; False where the
    platform has none (then lines are read plainly)."""
    try:
        import readline  # noqa: F401  (importing it is what switches line editing on)
    except ImportError:
        return False
    return True


class ConsoleTable(Screen):
    """One session at the terminal: seat 0 is the human, the others computer players. Every
    line is written in ``lang`` (default: the language in use where the table is made)."""

    def __init__(
        self,
        game: str,
        ruleset: GameRules | None,
        opponents: Sequence[str],
        seed: int,
        name: str | None = None,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        lang: str | None = None,
        *,
        colour: bool | None = None,
        line_editing: bool | None = None,
    ) -> None:
        self.spec = get_spec(game)
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.lang = lang or language()
        with using(self.lang):
            names = [name or _("You")] + [
                bot_name(strength, i + 1 if len(opponents) > 1 else None)
                for i, strength in enumerate(opponents)
            ]
        self.game = self.spec.new_game(ruleset, names, seed)
        self.players: list[Player] = [  # seat 0's player gives the hints: the strongest
            self.spec.make_player(strength, seed * 31 + seat)
            for seat, strength in enumerate([self.spec.strengths[-1], *opponents])
        ]
        self.human = 0
        self.colour = use_colour(self.stdout) if colour is None else colour
        if line_editing is None:
            line_editing = self.stdin is sys.stdin and self.stdout is sys.stdout
            line_editing = line_editing and use_tty(self.stdin)
        self.line_editing = line_editing and enable_line_editing()
        self.narrator = Narrator(
            self.spec, names, you=self.human, language=self.lang, card=self.card, bold=self.bold
        )
        self.words = self.narrator.words

    def narrate(self, events: Sequence[GameEvent], drawn: Card | None = None) -> None:
        """Say what ``events`` did (``drawn``: the card the player drew, which only they see)."""
        for line in self.narrator.narrate(events, drawn=drawn):
            self.say(line)

    # ----------------------------------------------------------------- turns
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

    def human_turn(self) -> bool:
        """Handle one line of input; False when the player leaves."""
        with using(self.lang):
            view = self.game.private_view(self.human)
            legal = self.moves()
            line = self.read()
            if line is None:
                return False
            typed = line.strip()
            if typed.isdigit() and typed.isascii():
                if not 1 <= int(typed) <= len(legal):
                    self.say(_("Type the number of a move from 1 to {count}.", count=len(legal)))
                    return True
                return self.play(legal[int(typed) - 1])
            pile = view.public.discard_pile
            try:
                command = parse_command(line, self.human, pile=pile, verbs=self.words.verbs)
            except RulesError as error:
                self.say(in_table_words(error))
                return True
            if command == "quit":
                self.say(_("You leave the table."))
                return False
            if isinstance(command, str):
                self.answer(command, view, legal)
                return True
            refusal = take_refusal(command, pile) if self.deep_takes() else None
            if refusal is not None:
                self.say(refusal)
                return True
            return self.play(self.resolved(command, legal))

    def answer(self, word: str, view: BasePrivateView, legal: Sequence[Action]) -> None:
        """``help``, ``hint``, or the table again for an empty line."""
        if word == "help":
            self.say(self.help_text())
        elif word == "hint":
            move = self.players[self.human].choose(view, legal)
            number = legal.index(move) + 1 if move in legal else "?"
            self.say(_("Hint: {command}", command=f"{number}. {self.label(move, view)}"))
        else:
            self.render(view)

    def resolved(self, action: Action, legal: Sequence[Action]) -> Action:
        """``pass`` where the move to let pass is the buy-back's refusal."""
        refusal = BuyBack(action.seat, False)
        if isinstance(action, Pass) and action not in legal and refusal in legal:
            return refusal
        return action

    def computer_turn(self) -> None:
        """Let the computer player to act make its move."""
        game = self.game
        seat = game.to_act
        self.play(self.players[seat].choose(game.private_view(seat), game.legal_actions()))

    def play(self, action: Action) -> bool:
        """Apply ``action`` and tell what it did (a refusal in the game's words); show the
        table when the player is to act next. True: the session goes on."""
        with using(self.lang):
            game = self.game
            before = Counter(game.private_view(self.human).hand)
            try:
                events = game.apply(action)
            except RulesError as error:
                view = game.private_view(self.human)
                commands = [self.command(move, view) for move in self.moves()]
                self.say(move_refusal(error, action, commands))
                return True
            drawn = None
            if any(isinstance(e, DrewFromTalon) and e.seat == self.human for e in events):
                new = Counter(game.private_view(self.human).hand) - before
                drawn = next(iter(new), None)
            self.narrate(events, drawn)
            if not game.is_over and game.to_act == self.human:
                self.render(game.private_view(self.human))
            return True

    def run(self) -> int:
        """Play the session to its end (or until the player quits); the exit code."""
        with using(self.lang):
            game = self.game
            names = ", ".join(game.names)
            target = game.ruleset.to_json().get("target")
            if isinstance(target, int):
                title = _("{title} to {target}", title=_(self.spec.title), target=target)
            else:
                title = _(self.spec.title)
            self.say(_("{title}: {names}. Type help for help.", title=title, names=names))
            self.narrate(game.events)
            if game.to_act == self.human:
                self.render(game.private_view(self.human))
            while not game.is_over:
                if game.to_act != self.human:
                    self.computer_turn()
                elif not self.human_turn():
                    return 0
            return 0


def main(
    game: str,
    ruleset: GameRules | None,
    opponents: Sequence[str],
    seed: int | None = None,
    name: str | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    lang: str | None = None,
) -> int:
    """Play a session of ``game`` at the terminal in ``lang`` (default: the language in use)."""
    if seed is None:
        seed = random.randrange(2**31)
    table = ConsoleTable(game, ruleset, opponents, seed, name, stdin, stdout, lang)
    try:
        return table.run()
    except KeyboardInterrupt:
        with using(table.lang):
            table.say()
            table.say(_("Interrupted: you leave the table."))
        return 130
