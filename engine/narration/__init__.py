"""Words for what happened: one narrator for every game's events, in the reader's language.

``Narrator(game, names)`` turns a session's events into lines: ``tell(event)`` (one line, or
several for a round's result), ``narrate(events)``. ``you`` is the seat spoken to as "you"
(the terminal's player: "You draw 3♣ from the talon."); None names every seat (a replay, the
bot's table log). Every sentence is whole, once for "you" and once for another player: the
word order differs between the two in German. ``language`` (default: the language in use)
is the language every line is written in; ``card`` and ``bold`` style cards and headlines
where the output can show colours. An output that shows a round's result and the hands laid
down apart (a chat's table message) passes ``headline`` (the one line a round's end is told
by instead of the result in full) and ``hands_shown`` (a knock names its deadwood, not its
cards); ``paragraph(events)`` gives the lines as one line of a log.

A game's own words (its own events, its round result in full, its piles' names, what the
terminal shows of its table) are a ``GameWords`` called ``WORDS`` in the module
``narration`` of its package; ``game_words(key)`` finds them through the registry, so this
module names no game.
"""

from engine.narration import shared as shared  # fills SHARED with the shared events' tellers
from engine.narration.narrator import (
    SHARED,
    GameWords,
    Narrator,
    Teller,
    game_words,
    in_hand_order,
    tell,
)

__all__ = ["SHARED", "GameWords", "Narrator", "Teller", "game_words", "in_hand_order", "tell"]
