"""The engine's errors. Every message is written for players and can be shown as it is."""

from __future__ import annotations


class RulesError(ValueError):
    """Base of every refusal: the action or input breaks a rule. Nothing was changed."""


class ParseError(RulesError):
    """Text that does not name cards."""


class IllegalMeld(RulesError):
    """Cards that do not form a meld, or a lay-off that does not fit."""


class IllegalAction(RulesError):
    """An action that is not allowed now: wrong turn, wrong phase, card not in hand, ..."""
