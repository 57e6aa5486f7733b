"""A game's table options, declared once: on the fields of its ruleset.

A ruleset field made with ``option`` (a whole number in a range, perhaps left unset) or
``flag`` (yes or no) carries what the option is for, its bounds and how a table shows its
value as the field's metadata. ``options_of`` reads them back as the game's ``OptionSpec``s
(its ``GameSpec.options``), and ``Rules``, the base of every ruleset, refuses values outside
them with the same words as ``OptionSpec.check``. A field without that metadata is no table
option. For example::

    @dataclass(frozen=True, slots=True)
    class Ruleset(Rules):
        target: int = option(500, minimum=1, maximum=10000, about="points that win the session",
                             label=N_("target {value}"))
        no_return: bool = flag(True, about="...", on=N_("no return"), off=N_("..."))

``about`` is the slash command's option description (translated with the commands); the
labels are catalogue messages, ``N_plural`` for words with plural forms.

``OptionSpec`` (one option: its kind, default, bounds and words) and ``OptionLabel`` (how a
table shows its value) are defined here; ``engine.protocol`` names them in ``GameSpec``. So
are what the shared game bases read of a ruleset: ``StoredRuleset`` (its JSON form, for
``engine.table``) and ``PileRules`` (the pile options, for ``engine.piles``), which
``FixedPileRules`` gives a game whose table chooses none of them.
"""

from __future__ import annotations

from dataclasses import Field, asdict, dataclass, field, fields, replace
from typing import Any, ClassVar, Protocol, Self, TypeVar

from engine.errors import RulesError
from engine.i18n import N_, N_plural, _, ngettext

OptionValue = bool | int | None


@dataclass(frozen=True, slots=True)
class OptionLabel:
    """How a table shows one option's value, as message ids translated where shown.

    ``text`` is a whole-number option's words with ``{value}`` ("target {value}"), or what a
    yes/no option says when on; ``plural`` is ``text``'s plural form, chosen by the value;
    ``off`` is what a yes/no option says when off; ``unset`` what an option left unset says."""

    text: str
    plural: str | None = None
    off: str | None = None
    unset: str | None = None

    def shown(self, value: OptionValue) -> str:
        """The words for ``value`` in the current language."""
        if isinstance(value, bool):
            return _(self.text if value or self.off is None else self.off)
        if value is None:
            return _(self.unset or self.text, value=_("unset"))
        if self.plural is not None:
            return ngettext(self.text, self.plural, value, value=value)
        return _(self.text, value=value)


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One table option of a game's ruleset. ``kind`` is ``bool`` or ``int``; an int option
    whose ``default`` is None may be left unset (``description`` says what unset means).
    ``minimum``/``maximum`` bound int options; ``label`` is how a table shows the value.
    A game declares these on its ruleset's fields (``engine.options``), not by hand."""

    name: str
    kind: type[int]
    default: OptionValue
    description: str
    minimum: int | None = None
    maximum: int | None = None
    label: OptionLabel | None = None

    def check(self, value: object) -> OptionValue:
        """``value`` if this option accepts it; a ``RulesError`` (a ``ValueError``) saying why
        not otherwise."""
        if value is None and self.default is None:
            return None
        if self.kind is bool:
            if not isinstance(value, bool):
                raise RulesError(N_("{name} must be yes or no"), name=self.name)
            return value
        if not isinstance(value, int) or isinstance(value, bool):
            raise RulesError(N_("{name} must be a whole number"), name=self.name)
        low, high = self.minimum, self.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            raise RulesError(
                N_("{name} must be between {low} and {high}"), name=self.name, low=low, high=high
            )
        return value


_METADATA_KEY = "table option"
_ANNOTATIONS: dict[type[int], tuple[str, ...]] = {
    bool: ("bool",),
    int: ("int", "int | None", "Optional[int]"),
}
Number = TypeVar("Number", int, None)
_FOUND: dict[type[Any], tuple[OptionSpec, ...]] = {}


def option(
    default: Number,
    *,
    minimum: int,
    maximum: int,
    about: str,
    label: str | tuple[str, str],
    unset: str | None = None,
) -> Number:
    """A whole-number option from ``minimum`` to ``maximum``. ``label`` has a ``{value}``
    (``N_plural`` when its words have plural forms); a ``default`` of None lets a table leave
    the option unset, which ``unset`` says in words."""
    if isinstance(default, bool) or (default is None) != (unset is not None):
        raise TypeError("option() takes a whole number, or None with the words for unset")
    text, plural = (label, None) if isinstance(label, str) else label
    words = OptionLabel(text, plural, unset=unset)
    declared = OptionSpec("", int, default, about, minimum, maximum, words)
    result: Number = field(default=default, metadata={_METADATA_KEY: declared})
    return result


def flag(default: bool, *, about: str, on: str, off: str) -> bool:
    """A yes-or-no option; ``on`` and ``off`` are what a table says in either case."""
    declared = OptionSpec("", bool, default, about, label=OptionLabel(on, off=off))
    result: bool = field(default=default, metadata={_METADATA_KEY: declared})
    return result


def target_option(default: int, label: str = N_("target {value}")) -> int:
    """The points that win a session, as every game with a target declares them (``label``:
    the table's words for it, a Gin Rummy match's "match to {value}")."""
    return option(
        default, minimum=1, maximum=10000, about="points that win the session", label=label
    )


def no_return_option(about: str) -> bool:
    """Whether a card taken from the discard pile may go back the same turn (``about``: which
    card, in the game's words); on by default."""
    return flag(True, about=about, on=N_("no return"), off=N_("return allowed"))


def rebuilds_option(
    default: int,
    about: str = "stock rebuilds per round before it ends dead",
    label: tuple[str, str] = N_plural(
        "stock rebuilt at most {value} time", "stock rebuilt at most {value} times"
    ),
) -> int:
    """How often the stock is rebuilt in a round before it ends dead (0 to 10)."""
    return option(default, minimum=0, maximum=10, about=about, label=label)


def points_option(default: int, maximum: int, about: str, label: str) -> int:
    """Points a table agrees on, from 0 to ``maximum`` (a bonus, say)."""
    return option(default, minimum=0, maximum=maximum, about=about, label=label)


def hand_size_option(
    default: Number,
    *,
    maximum: int,
    about: str = "cards dealt to each player",
    unset: str | None = None,
) -> Number:
    """The cards dealt to each player, from 1 to ``maximum``; a ``default`` of None leaves the
    number to the game (``unset`` says how)."""
    return option(
        default,
        minimum=1,
        maximum=maximum,
        about=about,
        label=N_plural("{value} card each", "{value} cards each"),
        unset=unset,
    )


def options_of(ruleset_type: type[Any]) -> tuple[OptionSpec, ...]:
    """The table options of a ruleset dataclass, in field order: each field made with
    ``option`` or ``flag``, named after it."""
    if ruleset_type not in _FOUND:  # read once: every ruleset made checks against them
        _FOUND[ruleset_type] = _read_options(ruleset_type)
    return _FOUND[ruleset_type]


def _read_options(ruleset_type: type[Any]) -> tuple[OptionSpec, ...]:
    found = []
    for each in fields(ruleset_type):
        declared = each.metadata.get(_METADATA_KEY)
        if declared is None:
            continue  # not something a table chooses
        annotation = str(getattr(each.type, "__name__", each.type))  # "int | None" as written
        if annotation not in _ANNOTATIONS[declared.kind]:
            where = f"{ruleset_type.__name__}.{each.name}"
            raise TypeError(
                f"{where}: declared as {declared.kind.__name__}, annotated {annotation}"
            )
        found.append(replace(declared, name=each.name))
    return tuple(found)


def check_options(ruleset: object) -> None:
    """Raises ``RulesError`` (a ``ValueError``) for the first option out of its bounds."""
    for spec in options_of(type(ruleset)):
        spec.check(getattr(ruleset, spec.name))


class Rules:
    """The base of every game's ruleset (a frozen dataclass whose fields all have defaults;
    ``engine.table.GameRuleset`` adds its ``new_game``): its options checked when made, its
    JSON form, read back ignoring keys it does not know."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    # Options renamed since they were first stored: old name -> new name.
    RENAMED: ClassVar[dict[str, str]] = {}

    def __post_init__(self) -> None:
        check_options(self)

    def to_json(self) -> dict[str, Any]:
        """The options as a dict by field name, for storing with the game."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """A ruleset from ``to_json`` data: renamed options read under their new name, unknown keys
        ignored, missing ones at their defaults."""
        named = {cls.RENAMED[k]: v for k, v in data.items() if k in cls.RENAMED}
        named |= {k: v for k, v in data.items() if k not in cls.RENAMED}  # today's name wins
        known = {k: v for k, v in named.items() if k in cls.__dataclass_fields__}
        return replace(cls(), **known)


class StoredRuleset(Protocol):
    """What ``TableGame`` needs of a game's ruleset: to be stored with the game and read back."""

    def to_json(self) -> dict[str, Any]:
        """The options as plain JSON data, read back by ``TableGame.read_ruleset``."""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The ruleset from its ``to_json`` data."""


class PileRules(StoredRuleset, Protocol):
    """The options every game on a stock and a discard pile has (and, as every ruleset, its
    ``to_json`` and ``from_json``)."""

    @property
    def hand_size(self) -> int | None:
        """Cards dealt to each player (None: the game's number for the table, ``_hand_size``)."""
        ...

    @property
    def no_return(self) -> bool:
        """A single card taken from the discard pile may not go back in the same turn."""
        ...

    @property
    def max_rebuilds(self) -> int:
        """How often the stock is rebuilt in a round; when it runs out once more, the round
        ends (dead, unless the game says otherwise)."""
        ...


class FixedPileRules:
    """The pile options of a game whose table chooses none of them (a ruleset's base, beside
    ``GameRuleset``): a card taken may go back the same turn, and the stock is never rebuilt, so
    its end ends the round as the game says."""

    __slots__ = ()

    @property
    def no_return(self) -> bool:
        """A card taken may go back the same turn."""
        return False

    @property
    def max_rebuilds(self) -> int:
        """The stock is never rebuilt."""
        return 0
