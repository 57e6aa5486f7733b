"""The terminal game's commands: what a player types (English and German words both work,
whatever the table's language) read into actions, and an action written back as a command
in the current language's words (a hint)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.actions import Action, Discard, DrawTalon, End, LayOff, Meld, TakeDiscard, TakeStaircase
from engine.cards import SUITS, Card, parse_cards
from engine.errors import ParseError
from engine.i18n import N_, pgettext

# The words a player types, English and German (both work whatever the language).
VERBS = {
    **dict.fromkeys(("help", "?", "h", "hilfe"), "help"),
    **dict.fromkeys(("hint", "tipp"), "hint"),
    **dict.fromkeys(("quit", "exit", "q", "beenden", "ende"), "quit"),
    **dict.fromkeys(("draw", "d", "talon", "ziehen", "zieh"), "draw"),
    **dict.fromkeys(("take", "t", "nimm", "nehmen"), "take"),
    **dict.fromkeys(("meld", "m", "auslegen", "leg"), "meld"),
    **dict.fromkeys(("lay", "l", "anlegen"), "lay"),
    **dict.fromkeys(("discard", "x", "abwerfen", "wirf"), "discard"),
}
ON_WORDS = ("on", "an", "auf")
END_WORDS = {"low": End.LOW, "unten": End.LOW, "high": End.HIGH, "oben": End.HIGH}


def command_words() -> dict[str, str]:
    """The command words in the current language, as a player types them (both work)."""
    return {
        "draw": pgettext("terminal command", "draw"),
        "take": pgettext("terminal command", "take"),
        "meld": pgettext("terminal command", "meld"),
        "lay": pgettext("terminal command", "lay"),
        "on": pgettext("terminal command", "on"),
        "low": pgettext("terminal command", "low"),
        "high": pgettext("terminal command", "high"),
        "discard": pgettext("terminal command", "discard"),
    }


def action_command(action: Action, staircase: int = 0) -> str:
    """The text a player would type for ``action``, in the current language's words, with
    ``staircase`` cards on the staircase (a take names the position of its deepest card)."""
    word = command_words()
    if isinstance(action, DrawTalon):
        return word["draw"]
    if isinstance(action, TakeDiscard):
        return f"{word['take']} {staircase - action.depth + 1}"
    if isinstance(action, TakeStaircase):  # as typed: by position
        return f"{word['take']} {action.index + 1}"
    if isinstance(action, Meld):
        return f"{word['meld']} " + " ".join(str(c) for c in action.cards)
    if isinstance(action, LayOff):
        end = f" {word[action.end.value]}" if action.end is not None else ""
        return f"{word['lay']} {action.card} {word['on']} {action.meld_id + 1}{end}"
    assert isinstance(action, Discard), action  # the game offers no other move
    return f"{word['discard']} {action.card}"


def in_hand_order(cards: Sequence[Card]) -> list[Card]:
    """Cards as the hand shows them: by suit, then rank (jokers first)."""
    return sorted(cards, key=lambda c: (SUITS.index(c.suit) if c.suit else -1, c))


def _no_more_words(rest: list[str], verb: str) -> None:
    if rest:
        raise ParseError(
            N_("“{verb}” takes nothing after it; “{extra}” is one word too many."),
            verb=verb,
            extra=rest[0],
        )


def _distinct(cards: list[Card]) -> tuple[Card, ...]:
    """The cards typed, each once: the game has one pack, so a card named twice is a typo."""
    for index, card in enumerate(cards):
        if card in cards[:index]:
            raise ParseError(N_("You named {card} twice."), card=card)
    return tuple(cards)


def parse_command(text: str, seat: int, *, drawn: bool = False) -> Action | str:
    """An action for the words typed, or one of the words ``help``, ``hint``, ``quit``,
    ``""`` (nothing typed). ``drawn``: the player has drawn this turn. Raises
    ``ParseError`` for what cannot be read."""
    words = text.strip().split()
    if not words:
        return ""
    verb = VERBS.get(words[0].lower())
    rest = words[1:]
    if verb in ("help", "hint", "quit", "draw"):
        _no_more_words(rest, words[0])
    if drawn and verb in ("draw", "take"):
        raise ParseError(N_("You have drawn already this turn: meld, lay off, then discard."))
    if verb in ("help", "hint", "quit"):
        return verb
    if verb == "draw":
        return DrawTalon(seat)
    if verb == "take":
        if len(rest) != 1 or not rest[0].isdigit() or not rest[0].isascii():
            raise ParseError(N_("Say which staircase card to take, for example: take 5"))
        return TakeStaircase(seat, int(rest[0]) - 1)
    if verb == "meld":
        if not rest:
            raise ParseError(N_("Name the cards to meld, for example: meld Q♥ K♥ A♥"))
        return Meld(seat, _distinct(parse_cards(" ".join(rest))))
    if verb == "lay":
        return _layoff(rest, seat)
    if verb == "discard":
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
    return Meld(seat, _distinct(cards))


def _layoff(rest: list[str], seat: int) -> LayOff:
    """``7♠ on 3`` or ``A♠ on 3 high`` (German ``7♠ an 3 oben``) after the verb."""
    lowered = [w.lower() for w in rest]
    at = next((i for i, w in enumerate(lowered) if w in ON_WORDS), None)
    if at is None:
        raise ParseError(N_("Say where to lay it, for example: lay 7♠ on 3"))
    if not at:
        raise ParseError(N_("Say which card to lay off, for example: lay 7♠ on 3"))
    cards = parse_cards(" ".join(rest[:at]))
    if len(cards) != 1:
        raise ParseError(N_("Lay off one card at a time, for example: lay 7♠ on 3"))
    after = lowered[at + 1 :]
    if not after or not after[0].isdigit() or not after[0].isascii():
        raise ParseError(N_("Say which meld, by its number, for example: lay 7♠ on 3"))
    if len(after) > 2:
        raise ParseError(N_("Say the end as low or high, for example: lay A♠ on 3 high"))
    end: End | None = None
    if len(after) > 1:
        if after[1] not in END_WORDS:
            raise ParseError(N_("Say the end as low or high, for example: lay A♠ on 3 high"))
        end = END_WORDS[after[1]]
    return LayOff(seat, cards[0], int(after[0]) - 1, end)
