"""A terminal table: play a Treppenrommé session against computer players.

``python -m engine play --opponents normal,hard --seed 7`` deals a session with you in seat
1. Type the same words as at the Discord table: ``draw``, ``take 5``, ``meld Q♥ K♥ A♥``,
``lay 7♠ on 3 [low|high]``, ``discard 7♠``, ``hint``, ``help``, ``quit``. Input is read
line by line from stdin, so a script (or a test) can play too. Colours are used only on a
terminal and never when ``NO_COLOR`` is set.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from engine.actions import Action, Discard, DrawTalon, End, LayOff, Meld, TakeStaircase
from engine.cards import SUITS, Card, parse_cards
from engine.errors import ParseError, RulesError
from engine.events import Discarded, DrewFromTalon, GameEvent, LaidOff, Melded, TalonRebuilt
from engine.games.treppe.ai import ComputerPlayer, make_player
from engine.games.treppe.events import RoundEnded, RoundStarted, SessionEnded, TookFromStaircase
from engine.games.treppe.game import Game, Ruleset
from engine.games.treppe.views import MeldView, PrivateView
from engine.i18n import N_
from engine.protocol import Phase

HELP = """\
Commands (cards as Q♥, QH, qh, 10s or TS):
  draw                     take the top card of the talon
  take N                   take staircase card N and every card above it
  meld Q♥ K♥ A♥            lay a set or a run (typing just the cards works too)
  lay 7♠ on 3 [low|high]   lay a card off onto meld 3 (say the end if both fit)
  discard 7♠               discard a card and end your turn
  hint                     what a computer player would do now
  help                     this text
  quit                     leave the table"""

RED = "\x1b[31m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"
RESET = "\x1b[0m"


def use_tty(stream: TextIO) -> bool:
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
    if os.environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def action_command(action: Action) -> str:
    """The text a player would type for ``action``."""
    if isinstance(action, DrawTalon):
        return "draw"
    if isinstance(action, TakeStaircase):
        return f"take {action.index + 1}"
    if isinstance(action, Meld):
        return "meld " + " ".join(str(c) for c in action.cards)
    if isinstance(action, LayOff):
        end = f" {action.end.value}" if action.end is not None else ""
        return f"lay {action.card} on {action.meld_id + 1}{end}"
    assert isinstance(action, Discard), action  # the game offers no other move
    return f"discard {action.card}"


def parse_command(text: str, seat: int) -> Action | str:
    """An action for the words typed, or one of the words ``help``, ``hint``, ``quit``,
    ``""`` (nothing typed). Raises ``ParseError`` for what cannot be read."""
    words = text.strip().split()
    if not words:
        return ""
    verb = words[0].lower()
    rest = words[1:]
    if verb in ("help", "?", "h"):
        return "help"
    if verb in ("hint",):
        return "hint"
    if verb in ("quit", "exit", "q"):
        return "quit"
    if verb in ("draw", "d", "talon"):
        return DrawTalon(seat)
    if verb in ("take", "t"):
        if len(rest) != 1 or not rest[0].isdigit():
            raise ParseError(N_("Say which staircase card to take, for example: take 5"))
        return TakeStaircase(seat, int(rest[0]) - 1)
    if verb in ("meld", "m"):
        if not rest:
            raise ParseError(N_("Name the cards to meld, for example: meld Q♥ K♥ A♥"))
        return Meld(seat, tuple(parse_cards(" ".join(rest))))
    if verb in ("lay", "l"):
        lowered = [w.lower() for w in rest]
        if "on" not in lowered:
            raise ParseError(N_("Say where to lay it, for example: lay 7♠ on 3"))
        at = lowered.index("on")
        if not at:
            raise ParseError(N_("Say which card to lay off, for example: lay 7♠ on 3"))
        cards = parse_cards(" ".join(rest[:at]))
        if len(cards) != 1:
            raise ParseError(N_("Lay off one card at a time, for example: lay 7♠ on 3"))
        after = lowered[at + 1 :]
        if not after or not after[0].isdigit():
            raise ParseError(N_("Say which meld, by its number, for example: lay 7♠ on 3"))
        end: End | None = None
        if len(after) > 1:
            if after[1] not in ("low", "high"):
                raise ParseError(N_("Say the end as low or high, for example: lay A♠ on 3 high"))
            end = End(after[1])
        return LayOff(seat, cards[0], int(after[0]) - 1, end)
    if verb in ("discard", "x"):
        if not rest:
            raise ParseError(N_("Say which card to discard, for example: discard 7♠"))
        cards = parse_cards(" ".join(rest))
        if len(cards) != 1:
            raise ParseError(N_("Discard exactly one card, for example: discard 7♠"))
        return Discard(seat, cards[0])
    try:
        cards = parse_cards(text)  # just cards: a meld
    except ParseError:
        raise ParseError(
            N_("Unknown command “{word}”. Type help for the commands."), word=words[0]
        ) from None
    if len(cards) < 3:
        raise ParseError(
            N_("Say what to do with it: meld, lay … on N, or discard. Type help for help.")
        )
    return Meld(seat, tuple(cards))


class TerminalTable:
    """One session at the terminal: seat 0 is the human, the others computer players."""

    def __init__(
        self,
        opponents: Sequence[str],
        seed: int,
        target: int = 500,
        name: str = "You",
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        colour: bool | None = None,
        line_editing: bool | None = None,
    ) -> None:
        stdin = stdin or sys.stdin
        stdout = stdout or sys.stdout
        names = [name] + [
            f"{strength.capitalize()} bot {i + 1}"
            if len(opponents) > 1
            else f"{strength.capitalize()} bot"
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
        self.stdout.write(text + "\n")

    def paint(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.colour else text

    def card(self, card: Card) -> str:
        text = str(card)
        if card.suit is not None and card.suit.is_red:
            return self.paint(text, RED)
        return self.paint(text, BOLD) if self.colour else text

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cards)

    def name(self, seat: int) -> str:
        return self.game.names[seat]

    def does(self, seat: int, verb: str) -> str:
        """``"Anna draws"`` or, for the human, ``"You draw"``."""
        if seat == self.human:
            return f"You {verb}"
        if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
            return f"{self.name(seat)} {verb}es"
        return f"{self.name(seat)} {verb}s"

    def meld_line(self, meld: MeldView) -> str:
        """``"   3. Q♣ Q♦ Q♠ Q♥  (set · Anna 30 + Ben 10 = 40 pts)"``: who scored what on it,
        the owner first, then whoever laid off on it."""
        credits = {meld.owner: 0}
        for placed in meld.cards:
            credits[placed.seat] = credits.get(placed.seat, 0) + placed.points
        owner = credits.pop(meld.owner)
        parts = [f"{self.name(meld.owner)} {owner}"]
        parts += [f"{self.name(seat)} {points}" for seat, points in sorted(credits.items())]
        scored = " + ".join(parts) + (f" = {meld.points}" if credits else "")
        cards = self.cards([p.card for p in meld.cards])
        return f"  {meld.id + 1:>2}. {cards}  ({meld.kind.value} · {scored} pts)"

    def render(self, view: PrivateView) -> None:
        public = view.public
        self.say()
        self.say(
            self.paint(
                f"── Round {public.round_number} · target {public.target} · "
                f"talon {public.talon_count} ──",
                BOLD,
            )
        )
        self.say("Scores:")
        for line in self.score_lines(view):
            self.say(line)
        stair = public.staircase
        if stair:
            cells = [f"{i}:{self.card(c)}" for i, c in enumerate(stair, start=1)]
            self.say("Staircase (1 = bottom, top last): " + "  ".join(cells))
        else:
            self.say("Staircase: empty")
        if public.melds:
            self.say("Melds:")
            for meld in public.melds:
                self.say(self.meld_line(meld))
        else:
            self.say("Melds: none yet")
        hand = sorted(view.hand, key=lambda c: (SUITS.index(c.suit) if c.suit else -1, c))
        self.say(f"Your hand ({len(hand)}): {self.cards(hand)}")
        if public.phase is Phase.DRAW:
            self.say("Your turn: draw, or take N from the staircase.")
        else:
            extra = ""
            if view.locked_discard is not None and view.locked_discard in view.hand:
                extra = f" (not {self.card(view.locked_discard)}: you just took it)"
            self.say(f"Meld, lay off, then discard{extra}.")

    def score_lines(self, view: PrivateView) -> list[str]:
        """One line per seat: name, total and this round's points in aligned columns."""
        seats = view.public.seats
        width = max(len(seat.name) for seat in seats)
        digits = max(len(str(seat.score)) for seat in seats)
        lines = []
        for seat in seats:
            line = f"  {seat.name + ':':<{width + 1}} {seat.score:>{digits}}  "
            line += f"(round {seat.round_points}"
            if seat.seat != view.seat:
                what = "card" if seat.hand_count == 1 else "cards"
                line += f", {seat.hand_count} {what}"
            lines.append(line + ")")
        return lines

    def narrate(self, events: Sequence[GameEvent]) -> None:
        for event in events:
            if isinstance(event, DrewFromTalon):
                if event.seat == self.human:  # only the player sees which card it was
                    drawn = self.card(self.game.hands[self.human][-1])
                    self.say(f"You draw {drawn} from the talon.")
                else:
                    self.say(f"{self.does(event.seat, 'draw')} from the talon.")
            elif isinstance(event, TookFromStaircase):
                n = len(event.cards)
                what = "card" if n == 1 else "cards"
                self.say(
                    f"{self.does(event.seat, 'take')} {n} {what} from the staircase: "
                    f"{self.cards(event.cards)}"
                )
            elif isinstance(event, Melded):
                self.say(
                    f"{self.does(event.seat, 'meld')} {self.cards(event.cards)} as meld "
                    f"{event.meld_id + 1} for {event.points} points."
                )
            elif isinstance(event, LaidOff):
                self.say(
                    f"{self.does(event.seat, 'lay')} {self.card(event.card)} on meld "
                    f"{event.meld_id + 1} for {event.points} points."
                )
            elif isinstance(event, Discarded):
                self.say(f"{self.does(event.seat, 'discard')} {self.card(event.card)}.")
            elif isinstance(event, TalonRebuilt):
                self.say(f"The talon ran out: {event.cards} staircase cards make a new talon.")
            elif isinstance(event, RoundEnded):
                self.round_over(event)
            elif isinstance(event, RoundStarted):
                plays = "play" if event.dealer == self.human else "plays"
                self.say()
                self.say(
                    self.paint(f"Round {event.round_number} begins.", BOLD)
                    + f" {self.does(event.dealer, 'deal')} and {plays} first; "
                    f"the staircase starts with {self.card(event.upcard)}."
                )
            elif isinstance(event, SessionEnded):
                self.say()
                self.say(
                    self.paint(f"{self.does(event.winner, 'win')} the game", BOLD)
                    + " with "
                    + f"{event.totals[event.winner]} points."
                )

    def round_over(self, event: RoundEnded) -> None:
        result = event.result
        self.say()
        if result.went_out is None:
            self.say(f"Round {result.round_number} ends with no one out: meld points stand.")
        else:
            how = " with a Rommé hand (double)" if result.hand_romme else ""
            scores = "score" if result.went_out == self.human else "scores"
            self.say(
                f"{self.does(result.went_out, 'go')} out{how} and {scores} {result.bonus} "
                "for the cards left in hand."
            )
        for seat, hand in enumerate(result.hands):
            if hand:
                self.say(f"  {self.name(seat)}: {self.cards(hand)} ({result.hand_points[seat]})")
        self.say("Totals:")
        width = max(len(self.name(s)) for s in range(len(result.totals)))
        digits = max(len(str(t)) for t in result.totals)
        for seat, total in enumerate(result.totals):
            self.say(f"  {self.name(seat) + ':':<{width + 1}} {total:>{digits}}")

    # ----------------------------------------------------------------- play
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
            self.say("You leave the table.")
            return None
        return line

    def human_turn(self) -> bool:
        """Handle one line of input; False when the player leaves."""
        game = self.game
        view = game.private_view(self.human)
        line = self.read()
        if line is None:
            return False
        try:
            command = parse_command(line, self.human)
        except RulesError as error:
            self.say(str(error))
            return True
        if command == "quit":
            self.say("You leave the table.")
            return False
        if command == "help":
            self.say(HELP)
            return True
        if command == "":
            self.render(view)
            return True
        if command == "hint":
            move = self.helper.choose(view, game.legal_actions())
            self.say(f"Hint: {action_command(move)}")
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

    def computer_turn(self) -> None:
        game = self.game
        seat = game.to_act
        action = self.players[seat].choose(game.private_view(seat), game.legal_actions())
        events = game.apply(action)
        self.narrate(events)
        if game.phase is not Phase.OVER and game.to_act == self.human:
            self.render(game.private_view(self.human))

    def run(self) -> int:
        game = self.game
        self.say(
            f"Treppenrommé to {game.ruleset.target}: {', '.join(game.names)}. Type help for help."
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
    name: str = "You",
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    if seed is None:
        seed = random.randrange(2**31)
    table = TerminalTable(opponents, seed, target, name, stdin, stdout)
    try:
        return table.run()
    except KeyboardInterrupt:
        table.say()
        table.say("Interrupted: you leave the table.")
        return 130
