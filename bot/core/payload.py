"""What a message is sent or edited with, V1 (content and embeds) or V2 (a layout)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord


@dataclass
class Payload:
    """Keyword arguments for send/edit. A Components V2 message (a ``LayoutView``) carries its
    text and pictures in its components: no content, no embeds (Discord refuses them)."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    view: discord.ui.View | discord.ui.LayoutView | None = None
    allowed_mentions: discord.AllowedMentions | None = None
    # A private hand's moves as its buttons offer them, with the (game version, sort, tapped
    # cards) they were built for: a click on one is resolved from these, not built again.
    offers: tuple[tuple[int, str, int], tuple[Any, ...]] | None = None

    @property
    def is_v2(self) -> bool:
        """Whether this is a V2 message (a layout, no content or embeds)."""
        return isinstance(self.view, discord.ui.LayoutView)

    def edit_kwargs(self) -> dict[str, Any]:
        """The arguments for editing a message into this one (V2 clears the content and embeds)."""
        kwargs: dict[str, Any] = {
            "content": None if self.is_v2 else self.content,
            "embeds": [] if self.is_v2 else self.embeds,
            "attachments": self.files,
            "view": self.view,
        }
        if self.allowed_mentions is not None:
            kwargs["allowed_mentions"] = self.allowed_mentions
        return kwargs

    def send_kwargs(self) -> dict[str, Any]:
        """The arguments for sending this as a new message."""
        kwargs: dict[str, Any] = {"files": self.files}
        if not self.is_v2:
            kwargs["embeds"] = self.embeds
            if self.content:
                kwargs["content"] = self.content
        if self.view is not None:
            kwargs["view"] = self.view
        if self.allowed_mentions is not None:
            kwargs["allowed_mentions"] = self.allowed_mentions
        return kwargs
