"""Refusals in the player's own words where the parser's or a game's are too general: a
command's example in the table's words, a take from a position the spread pile does not
have, and a move (``pass`` where no one may pass) the game knows no words for."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Pass, TakeDiscard
from engine.cards import Card
from engine.commands import VERBS, command_words
from engine.errors import RulesError
from engine.i18n import N_, Message, _, ngettext
from engine.piles import NO_PASSING

#: A game's words for a move it has no rule for (the action's repr is no words for a player).
UNKNOWN_ACTION = N_("Unknown action {action}.")


def in_table_words(error: RulesError) -> str:
    """``error`` with its example command (``discard 7♠``) in the table's language."""
    example = error.params.get("example")
    if isinstance(example, str):
        verb, _space, rest = example.partition(" ")
        word = command_words().get(VERBS.get(verb.lower(), ""))
        if word is not None:
            return Message(error.code, **{**error.params, "example": f"{word} {rest}"}).text()
    return str(error)


def take_refusal(action: Action, pile: Sequence[Card]) -> str | None:
    """Why ``take N`` cannot be done on the spread discard pile ``pile`` (the bottom first);
    None where the position is on the pile."""
    if not isinstance(action, TakeDiscard) or not pile or 1 <= action.depth <= len(pile):
        return None
    word = command_words()["take"]
    return ngettext(
        "The discard pile has {n} card: take it with “{take}”.",
        "The discard pile has {n} cards: “{take} 1” takes them all, “{take} {n}” the top one.",
        len(pile),
        take=word,
    )


def move_refusal(error: RulesError, action: Action, commands: Sequence[str]) -> str:
    """The game's refusal of ``action``, or where the game has no words for the move, which
    moves there are (``commands``: the legal moves as typed, in the list's order)."""
    if error.code not in (UNKNOWN_ACTION, NO_PASSING):
        return str(error)
    verbs = ", ".join(dict.fromkeys(command.split()[0] for command in commands if command))
    if isinstance(action, Pass):
        return _("You cannot pass now. Your moves: {verbs}.", verbs=verbs)
    return _("That move is not possible now. Your moves: {verbs}.", verbs=verbs)
