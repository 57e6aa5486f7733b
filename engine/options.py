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
"""

from __future__ import annotations

from dataclasses import Field, asdict, field, fields, replace
from typing import Any, ClassVar, Self, TypeVar

from engine.protocol import OptionLabel, OptionSpec

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
    """The base of every game's ruleset (a frozen dataclass whose fields all have defaults):
    its options checked when made, its JSON form, read back ignoring keys it does not know."""

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
