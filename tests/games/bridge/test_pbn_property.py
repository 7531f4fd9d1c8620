"""Property (issue 18): any board → PBN → board is the identity on everything PBN holds: complete and partial
deals, auctions with notes, NAGs and alerts, complete and unfinished play, claims, results, Latin-1 names,
commentary and remarks."""
import functools

import attrs
from hypothesis import given, settings, strategies as st

from trickcore.games.base import play_deal
from trickcore.games.bridge.agents import RandomAgent
from trickcore.games.bridge.game import BRIDGE
from trickcore.games.bridge.formats.pbn_read import decode_pbn, read_pbn
from trickcore.games.bridge.formats.pbn_write import encode_pbn
from trickcore.games.bridge.record import PartialDeal
from trickcore.games.bridge.setup import BridgeSetup

LATIN1 = st.text(st.sampled_from("aAzZ éèüÜßñçøÅ'-.\"\\"), min_size=1, max_size=12).map(str.strip).filter(
    lambda t: t and t not in ("?", "#") and not t.startswith("#"))


@functools.lru_cache(maxsize=None)
def played(seed, number):
    """A board played out by random agents (cached: hypothesis draws the same few often)."""
    agents = [RandomAgent(seat, seed) for seat in range(4)]
    return play_deal(BRIDGE.new_state(BRIDGE.board_deal(seed, number), BridgeSetup(board=number)), agents).record()


@st.composite
def boards(draw):
    board = played(draw(st.integers(0, 30)), draw(st.integers(1, 16)))
    tags = tuple((name, draw(LATIN1)) for name in ("Event", "West", "North", "East", "South")
                 if draw(st.booleans()))
    board = attrs.evolve(board, tags=tags)
    if board.auction:
        positions = sorted(draw(st.lists(st.integers(1, len(board.auction)), max_size=3)))
        annotations = []
        for k, position in enumerate(positions):
            if k == 0 or positions[k - 1] != position:
                annotations.extend([("auction", position, "!")] if draw(st.booleans()) else [])
            annotations.append(("auction", position, draw(st.sampled_from(["=1=", "$4", "$12"]))))
        board = attrs.evolve(board, annotations=tuple(annotations), notes=(("1", draw(LATIN1)),))
    if board.play:
        cut = draw(st.integers(0, 52))
        play = board.play[:cut]
        claimed = 0 < cut < 52 and draw(st.booleans())
        # Not claimed: an unfinished play, its Result (if any) counting the tricks so far (PBN 2.1 §3.4.15).
        result = board.result if cut == 52 else draw(st.integers(0, 13) if claimed else st.none() | st.integers(0, 13))
        marks = tuple(("play", p, "=2=") for p in sorted(draw(st.lists(st.integers(1, max(cut, 1)), max_size=2)))
                      if cut)
        board = attrs.evolve(board, play=play, claimed=claimed, result=result,
                             annotations=board.annotations + marks,
                             play_notes=(("2", "a play note"),) if marks else ())
    if draw(st.booleans()):
        # Remarks where the export puts them: before the first tag, then after the Result tag.
        board = attrs.evolve(board, commentary=(draw(LATIN1),),
                             remarks=(("", "%" + draw(LATIN1)), ("result", "{}"), ("result", "; " + draw(LATIN1))))
    if draw(st.booleans()):
        # A partial deal: a problem diagram (hands left out) or an end position (some cards of each hand).
        keep = draw(st.integers(0, 12))
        hands = [None if draw(st.booleans()) else frozenset(sorted(h)[:keep]) for h in board.deal.hands]
        board = attrs.evolve(board, deal=PartialDeal(hands), play=(), claimed=False,
                             annotations=tuple(a for a in board.annotations if a[0] == "auction"), play_notes=())
    return board


@settings(max_examples=60, deadline=None)
@given(boards())
def test_board_to_pbn_to_board_is_the_identity(board):
    assert read_pbn(decode_pbn(encode_pbn([board])))[0] == board
