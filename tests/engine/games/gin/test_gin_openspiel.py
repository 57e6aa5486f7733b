"""Our Gin Rummy against OpenSpiel's ``gin_rummy`` on the same deals: at every step both
offer the same moves, and every hand ends with the same score.

Both seats are played by our engine (mostly the ``normal`` player, so that hands reach knocks,
gins and undercuts; now and then a random legal move), and each move is applied to both
engines (``bench/gin_openspiel.py``). OpenSpiel is a ``bench`` extra, not a dev dependency:
without it these tests skip, saying so.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.gin_openspiel import Mirror, os_card, pyspiel_or_none
from engine.actions import Action, Discard, DrawTalon, Knock, Pass, TakeDiscard
from engine.cards import FULL_PACK
from engine.games.gin.game import GinRuleset
from engine.games.gin.players import GinPlayer
from engine.games.gin.rules import PACK
from engine.onepack import mask_of

pyspiel = pyspiel_or_none()
pytestmark = pytest.mark.skipif(
    pyspiel is None,
    reason="open_spiel is not installed (pip install open_spiel==2.0.2, the bench extra): "
    "nothing to compare our Gin Rummy with",
)
HANDS = 200


def _ours(legal: list[Action]) -> set[object]:
    words: set[object] = set()
    for action in legal:
        if isinstance(action, DrawTalon):
            words.add("draw")
        elif isinstance(action, TakeDiscard):
            words.add("take")
        elif isinstance(action, Pass):
            words.add("pass")
        elif isinstance(action, Discard):
            words.add(os_card(action.card))
        elif isinstance(action, Knock):
            words.add("knock")
    return words


def _theirs(mirror: Mirror) -> set[object]:
    g = mirror.g
    if mirror.phase == g.Phase.KNOCK:  # took the upcard at the wall: knock, discarding
        return {"knock"}
    names = {g.DRAW_STOCK_ACTION: "draw", g.DRAW_UPCARD_ACTION: "take", g.PASS_ACTION: "pass"}
    names[g.KNOCK_ACTION] = "take" if mirror.phase == g.Phase.WALL else "knock"
    return {names.get(a, a) for a in mirror.state.legal_actions()}


def _knock_discards(mirror: Mirror, legal: list[Action]) -> None:
    """After a knock OpenSpiel lets the knocker discard exactly the cards we let him knock
    with."""
    ours = {os_card(a.card) for a in legal if isinstance(a, Knock)}
    probe = mirror.state.clone()
    if mirror.phase != mirror.g.Phase.KNOCK:
        probe.apply_action(mirror.g.KNOCK_ACTION)
    assert set(probe.legal_actions()) == ours


def _quirk(mirror: Mirror) -> bool:
    """OpenSpiel judges an 11-card hand's knock by one best arrangement's deadwood less its
    highest card, which misses a rare knock that another arrangement allows."""
    hand = mirror.state.hands()[mirror.state.current_player()]
    return int(mirror.utils.min_deadwood(hand)) > mirror.game.own.knock_card


def _play_hand(seed: int, rules: GinRuleset) -> tuple[str, bool]:
    rng = random.Random(seed)
    deck = list(FULL_PACK)
    rng.shuffle(deck)
    mirror = Mirror(pyspiel, deck, rules)
    game = mirror.game
    player = GinPlayer(seed)
    patient = seed % 3 == 0  # knocks only at the wall: hands that reach it
    quirk = False
    while not mirror.over:
        if mirror.phase == mirror.g.Phase.LAYOFF:
            mirror.lay_down(mirror.state.current_player())
            continue
        legal = game.legal_actions()
        ours, theirs = _ours(legal), _theirs(mirror)
        if ours != theirs and ours - theirs == {"knock"} and _quirk(mirror):
            quirk = True
            legal = [a for a in legal if not isinstance(a, Knock)]
        else:
            assert ours == theirs, f"hand {seed}: {sorted(map(str, ours ^ theirs))}"
        if any(isinstance(a, Knock) for a in legal):
            _knock_discards(mirror, legal)
        if patient and not all(isinstance(a, Knock) for a in legal):
            legal = [a for a in legal if not isinstance(a, Knock)]
        view = game.private_view(game.to_act)
        move = player.choose(view, legal) if rng.random() < 0.85 else rng.choice(legal)
        mirror.ours(move)
    result = game.results[0]
    points = result.points
    assert mirror.returns() == (points[0] - points[1], points[1] - points[0]), seed
    if result.void:
        return f"void:{result.void}", quirk
    if result.special:
        return "gin", quirk
    laid = any(h.laid_off for h in result.hands)
    return ("undercut" if result.undercut else "knock") + (" laid off" if laid else ""), quirk


@pytest.mark.parametrize("rules", [GinRuleset(), GinRuleset(knock_card=5, gin_bonus=20)])
def test_the_same_deals_offer_the_same_moves_and_score_the_same(rules: GinRuleset) -> None:
    kinds: Counter[str] = Counter()
    quirks = 0
    for seed in range(HANDS):
        kind, quirk = _play_hand(seed, rules)
        kinds[kind] += 1
        quirks += quirk
    print(f"{HANDS} hands: {dict(kinds)}; OpenSpiel's 11-card knock shortcut hit {quirks}")
    wanted = ["gin", "knock", "knock laid off", "void:wall", "void:repeat"]
    if rules == GinRuleset():
        wanted.append("undercut")
    for kind in wanted:
        assert any(k.startswith(kind) for k in kinds), f"no hand ended as {kind}: {dict(kinds)}"


def test_deadwood_agrees_with_openspiel_on_meld_rich_hands() -> None:
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(5)
    for _ in range(3000):
        ranks = rng.sample(range(13), rng.choice([4, 5, 6, 13]))
        pool = [card for card in FULL_PACK if card.rank_int - 1 in ranks]
        hand = rng.sample(pool, 10)
        ours = PACK.deadwood(mask_of(hand))
        assert ours == utils.min_deadwood([os_card(c) for c in hand]), hand
