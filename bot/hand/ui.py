"""The private hand: a picture and text of your cards plus the controls for your phase.

Control state rides in the custom_id argument ``<version>.<sort>.<page>.<card>.<seat>``: the
table version it was drawn for, the sort order (s = suit, r = rank), the page of cards shown,
while choosing where to lay off that card (else empty), and the seat whose hand it is, so a
control copied into another member's interaction is refused. Controls drawn before the seat
was added (``<version>.<sort>.<page>[.<card>]``) still decode, with no seat."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Literal

import discord

from bot.core import components as ui
from bot.core import images
from bot.core.errors import Refusal
from bot.core.model import LiveGame, Seat
from bot.core.tablemsg import COLOUR, Payload
from bot.core.texts import plural
from engine import Card, End, LayOff, Phase, format_cards, meld_points, parse_cards
from engine.melds import possible_melds

PAGE_SIZE = 25  # Discord's limit of options in one select menu
NUMBER = re.compile(r"[0-9]{1,6}")  # ASCII digits only: int() also takes '²'-like digits


def small_number(text: str) -> int | None:
    """A number a member typed or a control carries, or None for anything else (junk, '²',
    '٣', a sign, or more digits than any table position, meld or version needs)."""
    text = text.strip()
    return int(text) if NUMBER.fullmatch(text) else None


OUT_OF_DATE = "That choice is out of date or not one I offered; nothing changed."


def first_value(interaction: discord.Interaction) -> str:
    values = ui.selected_values(interaction)
    if not values:
        raise Refusal(OUT_OF_DATE)
    return values[0]


def parse_target(value: str) -> tuple[Card, int, End | None]:
    """A lay-off option's value ``<card code>:<meld index>:<low|high|->``."""
    parts = value.split(":")
    meld = small_number(parts[1]) if len(parts) == 3 else None
    if meld is None or parts[2] not in ("-", End.LOW.value, End.HIGH.value):
        raise Refusal(OUT_OF_DATE)
    end = None if parts[2] == "-" else End(parts[2])
    return parse_cards(parts[0])[0], meld, end


@dataclass(frozen=True, slots=True)
class HandState:
    version: int = -1
    sort: str = "s"
    page: int = 0
    layoff_card: str = ""
    seat: int = -1  # -1: not known (a control from before seats were recorded)

    def encode(self) -> str:
        text = f"{self.version}.{self.sort}.{self.page}"
        if self.seat >= 0:
            return f"{text}.{self.layoff_card}.{self.seat}"
        return f"{text}.{self.layoff_card}" if self.layoff_card else text

    @classmethod
    def decode(cls, text: str) -> HandState:
        parts = text.split(".")
        try:
            version = int(parts[0])
            sort = parts[1] if parts[1] in ("s", "r") else "s"
            page = max(0, int(parts[2]))
        except (IndexError, ValueError):
            return cls()
        card = parts[3] if len(parts) > 3 else ""
        seat = small_number(parts[4]) if len(parts) > 4 else None
        return cls(version, sort, page, card, -1 if seat is None else seat)

    @property
    def sort_name(self) -> Literal["suit", "rank"]:
        return "rank" if self.sort == "r" else "suit"


def end_label(end: End | None) -> str:
    if end is End.LOW:
        return "low end"
    if end is End.HIGH:
        return "high end"
    return "set"


def hint_text(live: LiveGame, seat: Seat) -> str:
    """The melds and lay-offs the hand could make now."""
    assert live.game is not None
    hand = live.game.private_view(seat.seat).hand
    lines = []
    melds = possible_melds(hand)
    for cards in sorted(melds, key=lambda c: -meld_points(c))[:10]:
        lines.append(f"• meld {format_cards(cards)} for {meld_points(cards)}")
    for layoff in live.treppen.legal_layoffs(seat.seat)[:10]:
        place = "" if layoff.end is None else f" ({end_label(layoff.end)})"
        lines.append(f"• lay off {layoff.card} on meld {layoff.meld_id + 1}{place}")
    if not lines:
        return "💡 No meld or lay-off in your hand right now."
    more = " (more exist)" if len(melds) > 10 else ""
    return "💡 You could:\n" + "\n".join(lines) + more


def _pages(count: int) -> int:
    return max(1, (count + PAGE_SIZE - 1) // PAGE_SIZE)


async def hand_payload(
    live: LiveGame, seat: Seat, state: HandState, note: str = "", *, with_image: bool
) -> Payload:
    game = live.game
    assert game is not None
    if live.options.is_variant:
        from bot.hand.variant import variant_hand_payload

        return await variant_hand_payload(live, seat, state, note, with_image=with_image)
    game = live.treppen
    private: Any = game.private_view(seat.seat)
    public = private.public
    state = replace(state, version=public.version, seat=seat.seat)
    cards = images.sort_cards(private.hand, state.sort_name)
    my_turn = public.to_act == seat.seat and public.phase is not Phase.OVER
    pages = max(_pages(len(cards)), _pages(len(public.staircase)))
    page = min(state.page, pages - 1)
    state = replace(state, page=page)

    if public.phase is Phase.OVER:
        status = "The session is over."
    elif my_turn and public.phase is Phase.DRAW:
        status = "**Your turn:** draw from the talon or take cards from the staircase."
    elif my_turn:
        status = "**Your turn:** meld and lay off as you like, then discard one card."
    else:
        status = f"Waiting for {live.names[public.to_act]}."
    lines = [note] if note else []
    lines.append(status)
    lines.append(f"**Your hand ({len(cards)}):** {format_cards(cards) or '—'}")
    if private.locked_discard is not None and len(cards) > 1:
        lines.append(f"You took {private.locked_discard} from the staircase: it cannot go back.")
    staircase = " · ".join(f"`{i + 1}` {c}" for i, c in enumerate(public.staircase))
    lines.append(f"Staircase: {staircase or 'empty'} ← top · talon {public.talon_count}")
    embed = discord.Embed(
        title=f"Your hand — round {public.round_number}",
        description="\n".join(lines)[:4000],
        colour=COLOUR,
    )
    embed.set_footer(text=f"{seat.name} · {public.seats[seat.seat].score} points")
    files: list[discord.File] = []
    if with_image:
        picture = images.as_file(await images.hand_image(cards, private.locked_discard), "hand.png")
        if picture is not None:
            files.append(picture)
            embed.set_image(url="attachment://hand.png")

    arg = state.encode()
    gid = live.id
    items: list[ui.GameComponent] = []
    draw_phase = my_turn and public.phase is Phase.DRAW
    play_phase = my_turn and public.phase is Phase.PLAY
    if draw_phase:
        items.append(
            ui.button(
                gid,
                "h_draw",
                arg,
                label=f"Draw from talon ({public.talon_count})",
                style=discord.ButtonStyle.primary,
                disabled=public.talon_count == 0,
                row=0,
            )
        )
    sort_label = "Sort by rank" if state.sort == "s" else "Sort by suit"
    items.append(ui.button(gid, "h_sort", arg, label=sort_label, row=0))
    items.append(ui.button(gid, "h_hint", arg, label="Hint", emoji="💡", row=0))
    if my_turn:
        items.append(ui.button(gid, "h_type", arg, label="Type cards", emoji="⌨️", row=0))
    items.append(ui.button(gid, "h_refresh", arg, label="Refresh", emoji="🔄", row=0))

    window = slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE)
    if draw_phase and public.staircase:
        positions = list(range(len(public.staircase) - 1, -1, -1))[window]  # top first
        options = [
            discord.SelectOption(
                label=f"{index + 1}: {public.staircase[index]}"
                f" (takes {plural(len(public.staircase) - index, 'card')})",
                value=f"{index}:{public.staircase[index].code}",
            )
            for index in positions
        ]
        if options:
            items.append(
                ui.select(
                    gid, "h_take", arg, options, placeholder="Take from the staircase…", row=1
                )
            )
    if play_phase:
        shown = cards[window]
        if shown:
            items.append(
                ui.select(
                    gid,
                    "h_meld",
                    arg,
                    [discord.SelectOption(label=str(c), value=c.code) for c in shown],
                    placeholder="Meld: choose 3 or more cards…",
                    max_values=len(shown),
                    row=1,
                )
            )
        layoffs = game.legal_layoffs(seat.seat)
        pending = next((c for c in cards if c.code == state.layoff_card), None)
        if pending is not None:
            targets = [lo for lo in layoffs if lo.card is pending]
            if targets:
                items.append(
                    ui.select(
                        gid,
                        "h_layto",
                        arg,
                        [_target_option(live, lo) for lo in targets[:PAGE_SIZE]],
                        placeholder=f"Where should {pending} go?",
                        row=2,
                    )
                )
        else:
            layoff_cards = _unique([lo.card for lo in layoffs])
            if layoff_cards:
                items.append(
                    ui.select(
                        gid,
                        "h_lay",
                        arg,
                        [
                            discord.SelectOption(label=str(c), value=c.code)
                            for c in layoff_cards[:PAGE_SIZE]
                        ],
                        placeholder="Lay off a card…",
                        row=2,
                    )
                )
        discards = [d.card for d in game.legal_discards(seat.seat)]
        ordered = [c for c in cards if c in discards][window]
        if ordered:
            items.append(
                ui.select(
                    gid,
                    "h_discard",
                    arg,
                    [discord.SelectOption(label=str(c), value=c.code) for c in ordered],
                    placeholder="Discard a card (ends your turn)…",
                    row=3,
                )
            )
    if pages > 1:
        items.append(
            ui.button(
                gid,
                "h_page",
                replace(state, page=(page - 1) % pages).encode(),
                label="◀ Cards",
                row=4,
            )
        )
        items.append(
            ui.button(
                gid,
                "h_page",
                replace(state, page=(page + 1) % pages).encode() + ".",
                label=f"Cards ▶ (page {page + 1}/{pages})",
                row=4,
            )
        )
    return Payload(embeds=[embed], files=files, view=ui.persistent_view(*items))


def _target_option(live: LiveGame, layoff: LayOff) -> discord.SelectOption:
    meld = live.treppen.public_view().melds[layoff.meld_id]
    cards = format_cards([p.card for p in meld.cards])
    end = "-" if layoff.end is None else layoff.end.value
    return discord.SelectOption(
        label=f"Meld {meld.id + 1}: {cards}"[:100],
        description=end_label(layoff.end),
        value=f"{layoff.card.code}:{layoff.meld_id}:{end}",
    )


def _unique(cards: list[Card]) -> list[Card]:
    seen: list[Card] = []
    for card in cards:
        if card not in seen:
            seen.append(card)
    return seen
