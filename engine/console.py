"""A terminal table for any registered game, through the game protocol alone:
``python -m engine play --game KEY`` deals a session with you in seat 1 against computer
players.

Each of your turns shows the table as the protocol's views tell it (the scores, the discard
pile, the melds, your hand) and numbers every legal move: type a move's number, ``hint`` for
the move a computer player would make, ``help`` or ``quit``. The other players' moves are
told as a replay tells them. Input is read line by line from stdin, so a script (or a test)
can play too.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import TextIO

from engine.actions import (
    Action,
    BuyBack,
    CallRummy,
    Discard,
    DrawTalon,
    End,
    JokerSwap,
    Knock,
    LayOff,
    Meld,
    Pass,
    TakeBack,
    TakeDiscard,
    TakeStaircase,
)
from engine.cards import Card, format_cards
from engine.events import (
    GameEvent,
    RoundEnded,
    RoundResult,
    RoundStarted,
    SessionEnded,
    TalonRebuilt,
)
from engine.i18n import N_, _, card_count, language, ngettext, using
from engine.protocol import BasePrivateView, GameRules, Player
from engine.registry import get_spec
from engine.replay import describe_action

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

HELP = N_("""\
Type the number of a move to make it, or:
  hint    what a computer player would do now
  help    this text
  quit    leave the table""")


def bot_name(strength: str, number: int | None = None) -> str:
    """``"Hard bot"`` or ``"Hard bot 2"`` in the current language."""
    if number is None:
        return _(BOT_NAMES.get(strength, N_("Normal bot")))
    return _(NUMBERED_BOT_NAMES.get(strength, N_("Normal bot {number}")), number=number)


def move_text(action: Action, pile: Sequence[Card]) -> str:
    """A move of the shared vocabulary as the player would say it, ``pile`` being what is seen
    of the discard pile (the top last)."""
    if isinstance(action, DrawTalon):
        return _("draw from the stock")
    if isinstance(action, TakeDiscard | TakeStaircase):
        depth = action.depth if isinstance(action, TakeDiscard) else len(pile) - action.index
        return _(
            "take {cards} from the discard pile", cards=format_cards(tuple(pile[-depth:])) or "?"
        )
    if isinstance(action, Meld):
        return _("meld {cards}", cards=format_cards(action.cards))
    if isinstance(action, LayOff):
        return _layoff_text(action)
    if isinstance(action, JokerSwap):
        return _(
            "swap {card} for the joker in meld {meld} and meld {cards}",
            card=action.card,
            meld=action.meld_id + 1,
            cards=format_cards(action.cards),
        )
    if isinstance(action, TakeBack):
        return _("take back the melds of your unfinished first meld")
    if isinstance(action, Discard):
        return _("discard {card}", card=action.card)
    if isinstance(action, Knock):
        return _("knock, discarding {card}", card=action.card)
    if isinstance(action, CallRummy):
        return _("call Rummy, discarding {card}", card=action.card)
    if isinstance(action, Pass):
        return _("pass")
    assert isinstance(action, BuyBack)
    return _("buy back in") if action.accept else _("let the buy-back pass")


def _layoff_text(action: LayOff) -> str:
    meld = action.meld_id + 1
    if action.end is None:
        return _("lay off {card} on meld {meld}", card=action.card, meld=meld)
    if action.end is End.LOW:
        return _("lay off {card} at the low end of meld {meld}", card=action.card, meld=meld)
    return _("lay off {card} at the high end of meld {meld}", card=action.card, meld=meld)


class ConsoleTable:
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
        helper = "normal" if "normal" in self.spec.strengths else self.spec.strengths[-1]
        self.players: list[Player] = [  # seat 0's player gives the hints
            self.spec.make_player(strength, seed * 31 + seat)
            for seat, strength in enumerate([helper, *opponents])
        ]
        self.human = 0

    def say(self, text: str = "") -> None:
        """Write one line to the player."""
        self.stdout.write(text + "\n")

    def run(self) -> int:
        """Play the session to its end (or until the player quits); the exit code."""
        with using(self.lang):
            game = self.game
            names = ", ".join(game.names)
            self.say(_("{title}: {names}. Type help for help.", title=self.spec.title, names=names))
            self.narrate(game.events)
            while not game.is_over:
                if game.to_act != self.human:
                    self.computer_turn()
                elif not self.human_turn():
                    return 0
            return 0

    # ----------------------------------------------------------------- the table
    def show(self, view: BasePrivateView, legal: Sequence[Action]) -> None:
        """Show the player's turn: the table, the hand and the numbered moves."""
        public = view.public
        self.say()
        self.say(
            _(
                "── Round {round_number} · stock {count} ──",
                round_number=public.round_number,
                count=public.stock_count,
            )
        )
        chips = self.game.standings().chips
        for seat in public.seats:
            line = f"  {seat.name}: {seat.score} ({card_count(seat.hand_count)})"
            if chips:
                line += " · " + _("chips {chips}", chips=f"{chips[seat.seat]:+d}")
            self.say(line)
        pile = format_cards(public.discard_pile) or _("empty")
        self.say(_("Discard pile (top last): {cards}", cards=pile))
        for meld in public.melds:
            cards = format_cards(tuple(placed.card for placed in meld.cards))
            owner = self.game.names[meld.owner]
            self.say(f"  {meld.id + 1:>2}. {cards}  ({owner}, {meld.points})")
        hand = sorted(view.hand, key=lambda c: (c.suit_int, c.rank_int))
        self.say(_("Your hand: {cards}", cards=format_cards(hand)))
        self.say(_("Your moves:"))
        for number, action in enumerate(legal, start=1):
            self.say(f"  {number:>3}. {move_text(action, public.discard_pile)}")

    def narrate(self, events: Sequence[GameEvent]) -> None:
        """Tell what ``events`` did, in the player's words."""
        for event in events:
            if isinstance(event, RoundStarted):
                self.say()
                self.say(
                    _(
                        "Round {round_number} · dealer: {dealer} · first to play: {first}",
                        round_number=event.round_number,
                        dealer=self.game.names[event.dealer],
                        first=self.game.names[event.first],
                    )
                )
            elif isinstance(event, RoundEnded):
                self.round_over(event.result)
            elif isinstance(event, SessionEnded):
                winner = self.game.names[event.winner]
                self.say(_("Winner of the session: {name}", name=winner))
            elif isinstance(event, TalonRebuilt):
                self.say(
                    ngettext(
                        "The stock ran out: {n} card of the discard pile makes a new stock.",
                        "The stock ran out: {n} cards of the discard pile make a new stock.",
                        event.cards,
                    )
                )

    def round_over(self, result: RoundResult) -> None:
        """Tell how a round ended and the totals after it."""
        names = self.game.names
        self.say()
        if result.closer is None:
            self.say(
                _("Round {round_number} ends with no one out.", round_number=result.round_number)
            )
        else:
            self.say(
                _(
                    "Round {round_number} is over: {name} ended it.",
                    round_number=result.round_number,
                    name=names[result.closer],
                )
            )
        self.say(_("This round and the totals:"))
        for seat, name in enumerate(names):
            self.say(f"  {name}: {result.points[seat]} → {result.totals[seat]}")

    # ----------------------------------------------------------------- turns
    def human_turn(self) -> bool:
        """Show the table, handle one line of input; False when the player leaves."""
        game = self.game
        view = game.private_view(self.human)
        legal = list(game.legal_actions())
        self.show(view, legal)
        while True:
            self.stdout.write("> ")
            self.stdout.flush()
            line = self.stdin.readline()
            word = line.strip().lower()
            if not line or word in ("quit", "q", "beenden"):
                self.say(_("You leave the table."))
                return False
            if word in ("help", "?", "hilfe"):
                self.say(_(HELP))
            elif word in ("hint", "tipp"):
                move = self.players[self.human].choose(view, legal)
                self.say(_("Hint: {command}", command=move_text(move, view.public.discard_pile)))
            elif word.isdigit() and 1 <= int(word) <= len(legal):
                self.play(legal[int(word) - 1])
                return True
            else:
                self.say(_("Type the number of a move from 1 to {count}.", count=len(legal)))

    def computer_turn(self) -> None:
        """Let the computer player to act make its move."""
        game = self.game
        seat = game.to_act
        action = self.players[seat].choose(game.private_view(seat), game.legal_actions())
        self.play(action)

    def play(self, action: Action) -> None:
        """Apply ``action`` and tell what it did."""
        pile = self.game.public_view().discard_pile
        if action.seat == self.human:
            self.say(f"→ {move_text(action, pile)}")
        else:
            self.say(describe_action(action, self.game.names, talon=False, pile=len(pile)))
        self.narrate(self.game.apply(action))


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
