"""Gin Rummy's own words (``engine.narration`` tells the rest): a hand is a hand, a knock
with no deadwood is gin, an upcard left lying, both hands laid down with the lay-offs and an
undercut, and the match's bonuses."""

from __future__ import annotations

from engine.actions import Action, Knock
from engine.cards import Card
from engine.events import Knocked, SessionEnded
from engine.games.gin import rules
from engine.i18n import N_, N_plural, _, ngettext, pgettext
from engine.narration import GameWords, Narrator
from engine.onepack import index, mask_of


def _passed(voice: Narrator, event: rules.Passed) -> list[str]:
    card = voice.card(event.card)
    return [
        voice.spoken(
            event.seat, N_("You let {card} lie."), N_("{name} lets {card} lie."), card=card
        )
    ]


def _knocked(voice: Narrator, event: Knocked) -> list[str]:
    if event.hand.deadwood == 0:
        yours, theirs = (
            N_("You go gin, discarding {card}."),
            N_("{name} goes gin, discarding {card}."),
        )
    else:
        yours = N_("You knock with {n} deadwood, discarding {card}.")
        theirs = N_("{name} knocks with {n} deadwood, discarding {card}.")
    card = voice.card(event.card)
    return [voice.spoken(event.seat, yours, theirs, card=card, n=event.hand.deadwood)]


def _match(voice: Narrator, event: rules.MatchScored) -> list[str]:
    shown = {"name": voice.name(event.winner), "bonus": event.game_bonus}
    if event.shutout:
        bonus = _(
            "  {name}: game bonus {bonus}, doubled with the hand points for a shutout", **shown
        )
    else:
        bonus = _("  {name}: game bonus {bonus}", **shown)
    lines = ["", _("The match's bonuses:"), bonus]
    for seat, won in enumerate(event.hands_won):
        box = ngettext(
            "{n} hand won: box bonus {bonus}",
            "{n} hands won: box bonus {bonus}",
            won,
            bonus=event.box_bonus[seat],
        )
        lines.append(f"  {voice.name(seat)}: {box}")
    return lines


def _match_won(voice: Narrator, event: SessionEnded) -> list[str]:
    yours = N_plural(
        "You win the match with {n} point (bonuses included).",
        "You win the match with {n} points (bonuses included).",
    )
    theirs = N_plural(
        "{name} wins the match with {n} point (bonuses included).",
        "{name} wins the match with {n} points (bonuses included).",
    )
    return [voice.bold(voice.counted(event.winner, yours, theirs, event.totals[event.winner]))]


def _void(result: rules.GinHandResult) -> str:
    if result.void == rules.VOID_WALL:
        return _("The hand is void: the stock reached the wall and nobody knocked.")
    if result.void == rules.VOID_REPEAT:
        return _("The hand is void: both players threw back the card they had just taken.")
    assert result.void == rules.VOID_TAKES
    return _("The hand is void: the upcard was taken fifty times.")


def _headline(voice: Narrator, result: rules.GinHandResult, knocker: int) -> str:
    if result.special:
        return voice.spoken(knocker, N_("You went gin."), N_("{name} went gin."))
    if result.undercut:
        return voice.spoken(
            1 - knocker, N_("You undercut the knock."), N_("{name} undercuts the knock.")
        )
    if result.winner is None:
        return _("The deadwood is even after the knock: nobody scores.")
    yours, theirs = N_("You knocked and win the hand."), N_("{name} knocked and wins the hand.")
    return voice.spoken(knocker, yours, theirs)


def result_lines(voice: Narrator, result: rules.GinHandResult) -> list[str]:
    """How the hand ended, both hands laid down (melds, lay-offs, deadwood) and the score."""
    knocker, winner = result.closer, result.winner
    lines = [_void(result) if knocker is None else _headline(voice, result, knocker)]
    if winner is not None:
        yours = N_plural("You score {n} point.", "You score {n} points.")
        theirs = N_plural("{name} scores {n} point.", "{name} scores {n} points.")
        points = voice.counted(winner, yours, theirs, result.points[winner])
        if result.doubled:
            points += " " + _("(doubled: a spade upcard)")
        lines.append(points)
    # the knocker's tag on its hand line (a context of its own: "knocked" is also a verb)
    closed = pgettext("tag", "gin") if result.special else pgettext("tag", "knocked")
    for seat, laid in enumerate(result.hands):
        tag = f" ({closed})" if seat == knocker else ""
        lines.append(f"  {voice.name(seat)}{tag}: {voice.laid(laid)}")
    return lines


def seat_note(seat: rules.GinSeatView) -> str:
    """The hands the seat has won in this match."""
    return ngettext("{n} hand won", "{n} hands won", seat.hands_won)


def pile(view: rules.GinPublicView) -> tuple[Card, ...]:
    """Every card discarded this hand: both players saw them go, the upcard last."""
    return view.seen_discards


def command(action: Action, view: rules.GinPrivateView) -> str | None:
    """A knock as the player types it: ``gin 4♥`` when it leaves no deadwood."""
    if isinstance(action, Knock):
        left = rules.PACK.deadwood(mask_of(view.hand) & ~(1 << index(action.card)))
        word = pgettext("terminal command", "knock")
        if left == 0:
            word = "gin"  # the same word in English and German
        return f"{word} {action.card}"
    return None


WORDS = GameWords(
    hands=True,
    pile=pile,
    command=command,
    verbs={"gin": "knock"},  # a knock that leaves no deadwood is gin
    help=(
        N_("  knock 4♥                 discard 4♥ face down and knock"),
        N_("  gin 4♥                   the same, with no deadwood left: gin"),
        N_("  pass                     let the upcard lie (the first upcard, or at the wall)"),
    ),
    melds_in_play=False,
    tellers={
        rules.Passed: _passed,
        Knocked: _knocked,
        rules.MatchScored: _match,
        SessionEnded: _match_won,
    },
    result=result_lines,
    totals=N_("Match points:"),
    seat_note=seat_note,
)
