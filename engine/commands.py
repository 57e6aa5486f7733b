"""The terminal's typed commands, the same for every game: what a player types (English and
German words both work, whatever the table's language) read into actions, and an action
written back as a command in the current language's words (a hint, the list of moves).

``take N`` names a position of the discard pile as the terminal shows it (1 = the bottom
card shown); the console turns it into the take of those cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine import actions as act
from engine.cards import Card, parse_cards
from engine.errors import ParseError
from engine.i18n import N_, pgettext

# The words a player types, English and German (both work whatever the language).
VERBS = {
    **dict.fromkeys(("help", "?", "h", "hilfe"), "help"),
    **dict.fromkeys(("hint", "tipp"), "hint"),
    **dict.fromkeys(("quit", "exit", "q", "beenden", "ende"), "quit"),
    **dict.fromkeys(("draw", "d", "talon", "stock", "ziehen", "zieh"), "draw"),
    **dict.fromkeys(("take", "t", "nimm", "nehmen"), "take"),
    **dict.fromkeys(("meld", "m", "auslegen", "leg"), "meld"),
    **dict.fromkeys(("lay", "l", "anlegen"), "lay"),
    **dict.fromkeys(("discard", "x", "abwerfen", "wirf"), "discard"),
    **dict.fromkeys(("knock", "k", "klopfen", "klopf"), "knock"),
    **dict.fromkeys(("rummy",), "rummy"),
    **dict.fromkeys(("swap", "tauschen", "tausch"), "swap"),
    **dict.fromkeys(("takeback", "zurücknehmen", "zurück"), "takeback"),
    **dict.fromkeys(("pass", "p", "passen", "weiter"), "pass"),
    **dict.fromkeys(("buy", "kaufen", "einkaufen"), "buy"),
}
ON_WORDS = ("on", "an", "auf")
WITH_WORDS = ("with", "mit")
END_WORDS = {"low": act.End.LOW, "unten": act.End.LOW, "high": act.End.HIGH, "oben": act.End.HIGH}
ALONE = ("help", "hint", "quit", "draw", "takeback", "pass", "buy")


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
        "knock": pgettext("terminal command", "knock"),
        "rummy": pgettext("terminal command", "rummy"),
        "takeback": pgettext("terminal command", "takeback"),
        "pass": pgettext("terminal command", "pass"),
        "buy": pgettext("terminal command", "buy"),
        "swap": pgettext("terminal command", "swap"),
    }


def action_command(action: act.Action, pile: int = 0) -> str:
    """The text a player would type for ``action``, in the current language's words, with
    ``pile`` cards shown on the discard pile (a take names the position of its deepest
    card; the top card alone is just ``take``)."""
    word = command_words()
    if isinstance(action, act.DrawTalon):
        return word["draw"]
    if isinstance(action, act.TakeDiscard):
        return f"{word['take']} {pile - action.depth + 1}" if pile > 1 else word["take"]
    if isinstance(action, act.TakeStaircase):  # as typed: by position
        return f"{word['take']} {action.index + 1}"
    if isinstance(action, act.Meld):
        return f"{word['meld']} " + " ".join(str(c) for c in action.cards)
    if isinstance(action, act.LayOff):
        end = f" {word[action.end.value]}" if action.end is not None else ""
        return f"{word['lay']} {action.card} {word['on']} {action.meld_id + 1}{end}"
    if isinstance(action, act.Discard | act.Knock | act.CallRummy):
        verb = {act.Discard: "discard", act.Knock: "knock", act.CallRummy: "rummy"}[type(action)]
        return f"{word[verb]} {action.card}"
    if isinstance(action, act.TakeBack):
        return word["takeback"]
    if isinstance(action, act.Pass):
        return word["pass"]
    if isinstance(action, act.BuyBack):
        return word["buy"] if action.accept else word["pass"]
    assert isinstance(action, act.JokerSwap), action
    cards = " ".join(str(c) for c in action.cards)
    return f"{word['swap']} {action.card} {word['on']} {action.meld_id + 1} {cards}"


def _no_more_words(rest: list[str], verb: str) -> None:
    if rest:
        raise ParseError(
            N_("“{verb}” takes nothing after it; “{extra}” is one word too many."),
            verb=verb,
            extra=rest[0],
        )


def _distinct(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards typed, each once: no meld holds the same card twice, so it is a typo."""
    for index, card in enumerate(cards):
        if card in cards[:index]:
            raise ParseError(N_("You named {card} twice."), card=card)
    return tuple(cards)


def _one_card(rest: list[str], example: str) -> Card:
    """The one card after a verb (discard, knock, rummy)."""
    if not rest:
        raise ParseError(N_("Say which card to discard, for example: {example}"), example=example)
    cards = parse_cards(" ".join(rest))
    if len(cards) != 1:
        raise ParseError(N_("Discard exactly one card, for example: {example}"), example=example)
    return cards[0]


def parse_command(
    text: str,
    seat: int,
    *,
    pile: Sequence[Card] | None = None,
    verbs: Mapping[str, str] | None = None,
) -> act.Action | str:
    """An action for the words typed, or one of the words ``help``, ``hint``, ``quit``,
    ``""`` (nothing typed). ``verbs``: a game's own words for the shared ones (Gin Rummy's
    ``gin`` is a knock). ``pile``: the discard
    pile as shown, the bottom first (None: a position is the game's own, as a spread pile
    counts it). Raises ``ParseError`` for what cannot be read."""
    words = text.strip().split()
    if not words:
        return ""
    verb = VERBS.get(words[0].lower()) or (verbs or {}).get(words[0].lower())
    rest = words[1:]
    if verb in ALONE:
        _no_more_words(rest, words[0])
    if verb in ("help", "hint", "quit"):
        return verb
    if verb == "draw":
        return act.DrawTalon(seat)
    if verb == "takeback":
        return act.TakeBack(seat)
    if verb == "pass":
        return act.Pass(seat)
    if verb == "buy":
        return act.BuyBack(seat, True)
    if verb == "take":
        return _take(rest, seat, pile)
    if verb == "meld":
        if not rest:
            raise ParseError(N_("Name the cards to meld, for example: meld Q♥ K♥ A♥"))
        return act.Meld(seat, _distinct(parse_cards(" ".join(rest))))
    if verb == "lay":
        return _layoff(rest, seat)
    if verb == "swap":
        return _swap(rest, seat)
    if verb == "discard":
        return act.Discard(seat, _one_card(rest, "discard 7♠"))
    if verb == "knock":
        return act.Knock(seat, _one_card(rest, f"{words[0]} 7♠"))
    if verb == "rummy":
        return act.CallRummy(seat, _one_card(rest, f"{words[0]} 7♠"))
    return _just_cards(text, words[0], seat)


def _just_cards(text: str, first: str, seat: int) -> act.Meld:
    """Cards typed without a verb: a meld."""
    try:
        cards = parse_cards(text)
    except ParseError:
        raise ParseError(
            N_("Unknown command “{word}”. Type help for the commands."), word=first
        ) from None
    if len(cards) < 3:
        raise ParseError(
            N_("Say what to do with it: meld, lay … on N, or discard. Type help for help.")
        )
    return act.Meld(seat, _distinct(cards))


def _take(
    rest: list[str], seat: int, pile: Sequence[Card] | None
) -> act.TakeDiscard | act.TakeStaircase:
    """``take`` (the top card), ``take 5`` (a position, 1 = the bottom card shown) or
    ``take 7♥`` (that card and every card above it)."""
    if not rest:
        return act.TakeDiscard(seat, 1)
    if len(rest) == 1 and rest[0].isdigit() and rest[0].isascii():
        if pile is None:
            return act.TakeStaircase(seat, int(rest[0]) - 1)
        return act.TakeDiscard(seat, len(pile) - int(rest[0]) + 1)
    try:
        cards = parse_cards(" ".join(rest))
    except ParseError:
        cards = []
    if len(cards) != 1:
        raise ParseError(N_("Say which card to take, by position or by card: take 5, take 7♥"))
    shown = list(pile or ())
    if cards[0] not in shown:
        raise ParseError(N_("{card} is not on the pile to be taken."), card=cards[0])
    return act.TakeDiscard(seat, len(shown) - max(i for i, c in enumerate(shown) if c == cards[0]))


def _layoff(rest: list[str], seat: int) -> act.LayOff:
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
    if len(after) > 2 or (len(after) == 2 and after[1] not in END_WORDS):
        raise ParseError(N_("Say the end as low or high, for example: lay A♠ on 3 high"))
    end = END_WORDS[after[1]] if len(after) == 2 else None
    return act.LayOff(seat, cards[0], int(after[0]) - 1, end)


def _swap(rest: list[str], seat: int) -> act.JokerSwap:
    """``10♥ on 3 J♥ Q♥ Jo`` (``with`` before the new meld may be said): the card for the
    joker of meld 3, then the new meld, the joker named as Jo or left out."""
    words = [w for w in rest if w.lower() not in WITH_WORDS]
    lowered = [w.lower() for w in words]
    at = next((i for i, w in enumerate(lowered) if w in ON_WORDS), None)
    if at is None or at + 1 >= len(words) or not words[at + 1].isdigit() or at + 2 >= len(words):
        raise ParseError(N_("Write: swap 10♥ on 3 J♥ Q♥ (the card, the meld, the new meld)."))
    cards = parse_cards(" ".join(words[:at]))
    if len(cards) != 1:
        raise ParseError(N_("Write: swap 10♥ on 3 J♥ Q♥ (the card, the meld, the new meld)."))
    new = list(parse_cards(" ".join(words[at + 2 :])))
    if not any(c.is_joker for c in new):
        new.append(Card.parse("Jo"))
    return act.JokerSwap(seat, cards[0], int(words[at + 1]) - 1, tuple(new))


# ---------------------------------------------------------------- the list of moves
_KIND_ORDER = (
    act.DrawTalon,
    act.TakeDiscard,
    act.Pass,
    act.BuyBack,
    act.Meld,
    act.JokerSwap,
    act.LayOff,
    act.TakeBack,
    act.Knock,
    act.CallRummy,
    act.Discard,
)


def _card_key(card: Card) -> tuple[int, int]:
    return (card.suit_int if card.suit is not None else -1, card.rank_int)


def move_order(action: act.Action) -> tuple[object, ...]:
    """Where ``action`` stands in the list of moves: the draw, the takes (the top card
    first), then melds, lay-offs and the closing moves, each in hand order."""
    kind = _KIND_ORDER.index(type(action)) if type(action) in _KIND_ORDER else len(_KIND_ORDER)
    if isinstance(action, act.TakeDiscard):
        return (kind, action.depth)
    if isinstance(action, act.BuyBack):
        return (kind, not action.accept)
    if isinstance(action, act.Meld | act.JokerSwap):
        return (kind, -len(action.cards), [_card_key(c) for c in action.cards])
    if isinstance(action, act.LayOff):
        return (kind, action.meld_id, _card_key(action.card))
    if isinstance(action, act.Discard | act.Knock | act.CallRummy):
        return (kind, _card_key(action.card))
    return (kind,)


def sorted_moves(legal: Sequence[act.Action]) -> list[act.Action]:
    """The legal moves in the order the terminal lists them (see ``move_order``)."""
    return sorted(legal, key=move_order)
