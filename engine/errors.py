"""The engine's errors. Each carries a message id (its code: the English text, a catalogue
key) and parameters; ``str()`` gives the text in the current language (``engine.i18n``)."""

from __future__ import annotations

from engine.i18n import Message


class RulesError(ValueError):
    """Base of every refusal: the action or input breaks a rule. Nothing was changed."""

    def __init__(self, code: str, /, **params: object) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    @property
    def message(self) -> Message:
        """The reason as a message translated where it is read."""
        return Message(self.code, **self.params)

    def __str__(self) -> str:
        return self.message.text()


class ParseError(RulesError):
    """Text that does not name cards."""


class IllegalMeld(RulesError):
    """Cards that do not form a meld, or a lay-off that does not fit."""


class IllegalAction(RulesError):
    """An action that is not allowed now: wrong turn, wrong phase, card not in hand, ..."""
