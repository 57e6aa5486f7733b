"""SimCord's stored messages kept out of the cycle collector's sight (``bench/load.py
--simcord-store``).

SimCord, standing in for Discord, keeps every message the bot posted or edited in its own
memory, in the bot's process: each edit stores the message's component tree anew (the hand's
card buttons, the table's container: 50-100 dicts and lists) and seven fresh lists beside it.
A tree lives until the message's next edit, some ten seconds at the rate of real play, so it
is promoted to the collector's old generation and walked by a full pass: at 1,000 tables two
thirds of what each full pass walked, and the longest pauses of the event loop (a gc callback
that sampled the passes, 4 Dec 2026, found them held by ``simcord.backend.models.message.
Message``). Discord keeps those messages on its own machines; the bot's process never holds
them.

``packed`` (the default) keeps those list fields of SimCord's stored messages marshalled:
bytes, which the collector does not track, turned back into lists whenever SimCord reads
them (every read gets a fresh copy, as SimCord's own reads mostly deep-copy anyway). Only
fields SimCord assigns whole and never changes in place are packed (not ``reactions``,
which it appends to). ``plain`` leaves SimCord as it is. Either way the bot runs unchanged
and SimCord still stores, validates and serves every message."""

from __future__ import annotations

import marshal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from simcord.backend.models.message import Message

# The list fields of a stored message that SimCord only ever replaces whole.
PACKED_FIELDS = (
    "components",
    "embeds",
    "attachments",
    "snapshots",
    "stickers",
    "mention_user_ids",
    "mention_role_ids",
    "ping_user_ids",
    "ping_role_ids",
)
STORE_MODES = ("packed", "plain")


class Marshalled:
    """A data descriptor that keeps one field of each message as marshalled bytes; a value
    marshal cannot write (a sticker object) is kept as it is."""

    def __init__(self, name: str) -> None:
        self.key = f"_packed_{name}"

    def __get__(self, message: object, owner: type | None = None) -> Any:
        if message is None:
            return self
        value = message.__dict__[self.key]
        return marshal.loads(value) if type(value) is bytes else value

    def __set__(self, message: object, value: Any) -> None:
        try:
            message.__dict__[self.key] = marshal.dumps(value)
        except ValueError:  # not plain JSON-like data
            message.__dict__[self.key] = value


@contextmanager
def simcord_store(mode: str) -> Iterator[None]:
    """Inside, SimCord's messages keep their list fields as ``mode`` says (``STORE_MODES``);
    messages made inside are not readable after it (the benchmark's are gone by then)."""
    if mode not in STORE_MODES:
        raise ValueError(f"unknown SimCord store mode {mode!r}")
    if mode == "plain":
        yield
        return
    for name in PACKED_FIELDS:
        setattr(Message, name, Marshalled(name))
    try:
        yield
    finally:
        for name in PACKED_FIELDS:
            delattr(Message, name)
