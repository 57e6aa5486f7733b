"""What the terminal shows of the table: the scores, the discard pile, the melds, the hand,
the numbered moves and the help, in the table's language and a game's own words
(``engine.narration``'s ``GameWords``). ``ConsoleTable`` (``engine.console``) plays on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from engine.actions import Action, MeldKind, TakeDiscard
from engine.cards import Card
from engine.commands import action_command, command_words, sorted_moves
from engine.i18n import N_, _, card_count, using
from engine.narration import GameWords, in_hand_order
from engine.protocol import BaseMeldView, BasePrivateView, BasePublicView, Phase, RummyGame

# Translators: the commands are what the player types; the English and the German words
# both work. The cards are examples in the reader's card words.
HELP_HEAD = N_("Type a move's number, or a command (cards as Q♥, QH, qh, 10s or TS):")
HELP_DRAW = (
    N_("  draw                     draw the top card of the stock"),
    N_("  take, take N, take 7♥    take the top card, or pile card N (or 7♥) and all above"),
)
HELP_DRAW_TOP = (
    N_("  draw                     draw the top card of the stock"),
    N_("  take                     take the top card of the discard pile"),
)
HELP_DRAW_TALON = (
    N_("  draw                     take the top card of the talon"),
    N_("  take N, take 7♥          take staircase card N (or 7♥) and every card above it"),
)
HELP_MELDS = (
    N_("  meld Q♥ K♥ A♥            lay a set or a run (typing just the cards works too)"),
    N_("  lay 7♠ on 3 [low|high]   lay a card off onto meld 3 (say the end if both fit)"),
)
HELP_DISCARD = N_("  discard 7♠               discard a card and end your turn")
HELP_TAIL = (
    N_("  hint                     what a computer player would do now"),
    N_("  help                     this text"),
    N_("  quit                     leave the table"),
)

RED = "\x1b[31m"
BOLD = "\x1b[1m"
RESET = "\x1b[0m"
WIDTH = 78  # the list of moves wraps here


class Screen:
    """The table as the player at seat ``human`` sees it, written to ``stdout``."""

    game: RummyGame
    words: GameWords
    lang: str
    stdout: TextIO
    colour: bool
    human: int

    # ----------------------------------------------------------------- output
    def say(self, text: str = "") -> None:
        """Write one line to the player."""
        self.stdout.write(text + "\n")

    def bold(self, text: str) -> str:
        """``text`` in bold when colours are on."""
        return f"{BOLD}{text}{RESET}" if self.colour else text

    def card(self, card: Card) -> str:
        """The card in the table's card words; with colours red suits red, the others bold."""
        text = str(card)
        if not self.colour:
            return text
        return f"{RED if card.suit is not None and card.suit.is_red else BOLD}{text}{RESET}"

    def cards(self, cards: Sequence[Card]) -> str:
        """Cards separated by spaces, each as ``card`` writes it."""
        return " ".join(self.card(c) for c in cards)

    # ----------------------------------------------------------------- the table
    def render(self, view: BasePrivateView) -> None:
        """Show the player the table: scores, the discard pile, the melds, the hand, then the
        numbered moves and what to do now."""
        with using(self.lang):
            public = view.public
            self.say()
            self.say(self.bold(self.heading(public)))
            self.say(_("Scores:"))
            for line in self.score_lines(view):
                self.say(line)
            self.say(self.pile_line(public))
            self.show_melds(public.melds)
            hand = in_hand_order(view.hand)
            line = _("Your hand ({count}): {cards}", count=len(hand), cards=self.cards(hand))
            deadwood = getattr(view, "deadwood", None)
            if isinstance(deadwood, int):
                line += " · " + _("deadwood {points}", points=deadwood)
            self.say(line)
            if public.phase is not Phase.OVER and public.to_act == view.seat:
                self.show_moves(view, self.moves())
                self.say(self.prompt(view))

    def heading(self, public: BasePublicView) -> str:
        """``── Round 2 · target 500 · stock 31 ──`` in the game's words."""
        target = self.game.ruleset.to_json().get("target")
        number, count = public.round_number, public.stock_count
        if self.words.talon:
            return _(
                "── Round {round_number} · target {target} · talon {count} ──",
                round_number=number,
                target=target,
                count=count,
            )
        if self.words.hands:
            return _("── Hand {round_number} · stock {count} ──", round_number=number, count=count)
        return _("── Round {round_number} · stock {count} ──", round_number=number, count=count)

    def score_lines(self, view: BasePrivateView) -> list[str]:
        """One line per seat: name, total and what more there is to know, aligned."""
        with using(self.lang):
            seats = view.public.seats
            width = max(len(seat.name) for seat in seats) + 1
            digits = max(len(str(seat.score)) for seat in seats)
            lines = []
            for seat in seats:
                notes = [self.words.seat_note(seat)] if self.words.seat_note else []
                if seat.seat != view.seat:  # your own count is in the hand line
                    notes.append(card_count(seat.hand_count))
                about = f"  ({', '.join(notes)})" if notes else ""
                lines.append(f"  {seat.name + ':':<{width}} {seat.score:>{digits}}{about}")
            return lines

    def shown_pile(self, public: BasePublicView) -> tuple[Card, ...]:
        """What the player may see of the discard pile, the bottom first."""
        return self.words.pile(public) if self.words.pile else public.discard_pile

    def pile_line(self, public: BasePublicView) -> str:
        """The discard pile: every card numbered where it may be taken from below the top,
        every card seen where it lies squared, or its top and its size."""
        pile = public.discard_pile
        if self.words.talon:
            if not pile:
                return _("Staircase: empty")
            cells = "  ".join(f"{i}:{self.card(c)}" for i, c in enumerate(pile, start=1))
            return _("Staircase (1 = bottom, top last): {cells}", cells=cells)
        count = getattr(public, "discard_count", len(self.shown_pile(public)))
        if not count:
            return _("Discard pile: empty")
        if self.words.pile is not None:
            cards = self.cards(self.shown_pile(public))
            count = card_count(count)
            return _("Discard pile ({count}, top last): {cards}", count=count, cards=cards)
        if len(pile) > 1:
            cells = "  ".join(f"{i}:{self.card(c)}" for i, c in enumerate(pile, start=1))
            return _("Discard pile (1 = bottom, top last): {cells}", cells=cells)
        top = self.card(pile[-1])
        return _("Discard pile ({count}): top {card}", count=card_count(count), card=top)

    def show_melds(self, melds: Sequence[BaseMeldView]) -> None:
        """The melds on the table, a line each (none at all in a game that melds at the end)."""
        if melds:
            self.say(_("Melds:"))
            for meld in melds:
                self.say(self.meld_line(meld))
        elif self.words.melds_in_play:
            self.say(_("Melds: none yet"))

    def meld_line(self, meld: BaseMeldView) -> str:
        """``"   3. Q♣ Q♦ Q♠  (set · Anna: 30 + Ben: 10 = 40 pts)"``: who scored what on it,
        the owner first, then whoever laid off on it."""
        with using(self.lang):
            credits = {meld.owner: 0}
            shown = []
            for placed in meld.cards:
                seat: int = getattr(placed, "seat", meld.owner)
                credits[seat] = credits.get(seat, 0) + int(getattr(placed, "points", 0))
                stands: Any = getattr(placed, "stands_for", placed.card)
                text = self.card(placed.card)
                shown.append(f"{text}({stands})" if placed.card.is_joker else text)
            names = self.game.names
            # "name: points", so a name ending in a number ("Normal bot 1") stays apart from it
            parts = [f"{names[meld.owner]}: {credits.pop(meld.owner)}"]
            parts += [f"{names[seat]}: {points}" for seat, points in sorted(credits.items())]
            scored = " + ".join(parts) + (f" = {meld.points}" if credits else "")
            kind = _("set") if meld.kind is MeldKind.SET else _("run")
            if getattr(meld, "pending", False):
                kind = _("{kind}, not yet enough for the first meld", kind=kind)
            # Translators: the end of a line of the table's melds, e.g. (set · Anna: 30 pts)
            about = _("({kind} · {scored} pts)", kind=kind, scored=scored)
            return f"  {meld.id + 1:>2}. {' '.join(shown)}  {about}"

    def moves(self) -> list[Action]:
        """The player's legal moves, sorted as the list shows them."""
        return sorted_moves(self.game.legal_actions())

    def command(self, action: Action, view: BasePrivateView) -> str:
        """``action`` as the player would type it, in the table's words."""
        told = self.words.command(action, view) if self.words.command else None
        return told or action_command(action, len(view.public.discard_pile))

    def label(self, action: Action, view: BasePrivateView) -> str:
        """A move in the list: its command, and for a take the cards it takes."""
        text = self.command(action, view)
        if isinstance(action, TakeDiscard):
            text += f" ({self.cards(view.public.discard_pile[-action.depth :])})"
        return text

    def show_moves(self, view: BasePrivateView, legal: Sequence[Action]) -> None:
        """The numbered moves, grouped by kind, wrapped to the terminal's width."""
        self.say(_("Your moves:"))
        line = ""
        kind: type | None = None
        for number, action in enumerate(legal, start=1):
            cell = f"{number:>3}. {self.label(action, view)}"
            if line and (type(action) is not kind or len(line) + 2 + len(cell) > WIDTH):
                self.say(line)
                line = ""
            line = f"{line}  {cell}" if line else f" {cell}"
            kind = type(action)
        if line:
            self.say(line)

    def prompt(self, view: BasePrivateView) -> str:
        """What to do now, in a word."""
        if view.public.phase is Phase.DRAW and self.words.talon:
            word = command_words()
            return _(
                "Your turn: {draw}, or {take} N from the staircase.",
                draw=word["draw"],
                take=word["take"],
            )
        locked = view.locked_discard
        if view.public.phase is Phase.PLAY and locked is not None and locked in view.hand:
            return _("Your move (not {card}: you just took it):", card=self.card(locked))
        return _("Your move: its number or its words (help lists the commands).")

    def deep_takes(self) -> bool:
        """May the player take from below the top of the discard pile (500 Rum's spread
        pile; the staircase is told apart by ``words.talon``)?"""
        return bool(getattr(self.game, "DEEP_TAKES", False)) and not self.words.talon

    def help_text(self) -> str:
        """The commands of this game, in the table's language."""
        if self.words.talon:
            draw = HELP_DRAW_TALON
        else:
            draw = HELP_DRAW if self.deep_takes() else HELP_DRAW_TOP
        lines = [HELP_HEAD, *draw]
        if self.words.melds_in_play:
            lines += HELP_MELDS
        lines += [HELP_DISCARD, *self.words.help, *HELP_TAIL]
        return "\n".join(_(line) for line in lines)
