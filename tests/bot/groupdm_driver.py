"""Members playing a table in a group DM through the loopback fake of a user-installed app
(loopback_groupdm.py), by its buttons only: in a group DM only the member who installed the
app has its commands, and everyone else plays by tapping.

The driver reads what a member sees (the public table, their own ephemeral hand) off the
fake's messages, and picks each move as a computer player would, then taps it on the hand
the way a member does: the cards it uses, then its button."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

from bot_harness import by_depth
from loopback_groupdm import GroupDM, SentInteraction, UserAppDiscord

from bot.core.handstate import HandState
from bot.core.model import LiveTable
from bot.games import presenter
from bot.hand import taps
from bot.hand.ui import CARDS_PER_PAGE, hand_context
from engine.actions import Action, TakeDiscard

WAIT = 30.0  # a hang guard only: every wait is on a condition


def walk(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for component in components:
        yield component
        yield from walk(component.get("components", []))


def ids(message: dict[str, Any], operation: str) -> list[str]:
    """The custom ids of a message's enabled controls of ``operation``, in order."""
    return [
        str(c["custom_id"])
        for c in walk(message.get("components", []))
        if str(c.get("custom_id", "")).split(":")[2:3] == [operation] and not c.get("disabled")
    ]


def words(message: dict[str, Any]) -> str:
    """Every word of a V2 message (its text displays)."""
    return "\n".join(
        str(c.get("content", "")) for c in walk(message.get("components", [])) if c["type"] == 10
    )


class Player:
    """One member of the group DM at one table."""

    def __init__(self, fake: UserAppDiscord, dm: GroupDM, name: str, live: LiveTable) -> None:
        self.fake, self.dm, self.name, self.live = fake, dm, name, live
        self.user_id = int(dm.user(name)["id"])

    @property
    def prefix(self) -> str:
        return f"trp:{self.live.id}:"

    def table(self) -> dict[str, Any]:
        """The table as the group DM shows it: the newest public message with its controls."""
        found = self.dm.latest(self.prefix)
        assert found is not None, "no table in the group DM"
        return found

    def hand(self) -> dict[str, Any] | None:
        """The member's newest private hand, if they opened one."""
        hands = [m for m in self.dm.ephemerals(self.name) if ids(m, "h_refresh")]
        return hands[-1] if hands else None

    async def tap(self, message: dict[str, Any], custom_id: str) -> SentInteraction:
        sent = await self.dm.click(self.name, str(message["id"]), custom_id)
        await self.fake.answered(sent, WAIT)
        return sent

    async def open_hand(self) -> dict[str, Any]:
        await self.tap(self.table(), ids(self.table(), "hand")[0])
        hand = self.hand()
        assert hand is not None, f"{self.name}'s hand did not open"
        return hand

    def offers(self, hand: dict[str, Any]) -> dict[str, Action]:
        """The hand's offered moves: custom_id -> move (read from the bot's own offers, as a
        member reads the labels)."""
        seat = self.live.seat_of(self.user_id)
        assert seat is not None
        found: dict[str, Action] = {}
        for cid in ids(hand, "t_do"):
            state = HandState.decode(cid.split(":", 3)[3])
            offered = taps.offers(
                hand_context(self.live, seat, state), presenter(self.live.game_key)
            )
            if 0 <= state.pick < len(offered):
                found[cid] = offered[state.pick].action
        return found

    async def play(self, action: Action) -> None:
        """Tap the cards ``action`` uses (unless one tap offers it), then its button; a take
        from deeper in the pile is chosen in the hand's take menu."""
        hand = self.hand() or await self.open_hand()
        if not ids(hand, "t_do") and not ids(hand, "t_take"):
            # Put to rest before its token ended, or left behind since (the table pinged
            # them): Refresh brings it up to date.
            await self.tap(hand, ids(hand, "h_refresh")[0])
            hand = self.hand()
            assert hand is not None
        game = self.live.game
        assert game is not None
        pile = game.public_view().discard_pile
        action = by_depth(action, pile)
        if isinstance(action, TakeDiscard) and action.depth > 1:
            choice = f"d{action.depth}:{pile[-action.depth].code}"
            assert ids(hand, "t_take"), f"{self.name} has no take menu: {words(hand)}"
            sent = await self.dm.select(
                self.name, str(hand["id"]), ids(hand, "t_take")[0], [choice]
            )
            await self.fake.answered(sent, WAIT)
            return
        if action not in self.offers(hand).values():
            await self._tap_cards(taps.cards_used(action))
        hand = self.hand()
        assert hand is not None
        cid = next((c for c, a in self.offers(hand).items() if a == action), None)
        assert cid is not None, f"{action} is not offered to {self.name}"
        await self.tap(hand, cid)
        hand = self.hand()
        sure = [c for c in ids(hand or {}, "t_do") if HandState.decode(c.split(":", 3)[3]).sure]
        if hand is not None and sure:
            await self.tap(hand, sure[0])

    async def _tap_cards(self, cards: tuple[Any, ...]) -> None:
        seat = self.live.seat_of(self.user_id)
        assert seat is not None
        taken: set[int] = set()
        for card in cards:
            hand = self.hand()
            assert hand is not None
            state = HandState.decode(ids(hand, "h_refresh")[0].split(":", 3)[3])
            shown = hand_context(self.live, seat, state).cards
            position = next(i for i, c in enumerate(shown) if c == card and i not in taken)
            taken.add(position)
            while position // CARDS_PER_PAGE != state.page:
                await self.tap(hand, ids(hand, "h_page")[0])
                hand = self.hand()
                assert hand is not None
                state = HandState.decode(ids(hand, "h_refresh")[0].split(":", 3)[3])
            await self.tap(hand, ids(hand, "t_tap")[position % CARDS_PER_PAGE])


# discord.py's tasks that run an interaction's handler (client.py, app_commands/tree.py).
HANDLING = ("discord.py: on_interaction", "CommandTree-invoker")


async def settled(live: LiveTable) -> None:
    """Wait until the bot has done with every interaction (an answer is sent before its
    handler ends) and the table's own work is done: its refresh and its computer's moves
    (the turn timer waits for its time, and a lobby for its expiry)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while loop.time() < deadline:
        busy = [n for n, t in live.tasks.items() if n not in ("timer", "expiry") and not t.done()]
        handling = [t for t in asyncio.all_tasks() if t.get_name() in HANDLING and not t.done()]
        if not busy and not handling:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the table's tasks did not end: {list(live.tasks)}")
