"""The bridge game: deck, seats N E S W, dealing one card at a time from the dealer's left (§1.3),
boards (the board number fixes dealer and vulnerability, §2), and the State of one board (§3-§4).

Sections (§) are those of docs/rules/bridge.md."""
import attrs

from trickcore.cards import DECK52
from trickcore.games.base import Game
from trickcore.games.options import (ANALYSIS_DEALER, ANALYSIS_DECLARER, ANALYSIS_TRUMP, DEALER, HANDS, LINE,
                                     PLAYER_COUNT, PROTOCOL, SOLVE_DECLARER, VARIANT, Option)
from trickcore.games.bridge.analysis import BridgeAnalysis
from trickcore.games.bridge.match import BridgeMatch
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.simulation import BridgeSimulation
from trickcore.games.bridge.table import BridgeState
from trickcore.games.bridge.variants import STANDARD, VARIANTS, variant as find_variant
from trickcore.games.bridge.vocab import board_dealer, board_vulnerability


@attrs.frozen
class Bridge(Game):
    """Contract bridge. Card ``c[i]`` of the seeded shuffle goes to seat ``(dealer + 1 + i) mod 4``."""

    name = "bridge"
    title = "Contract bridge"
    deck = DECK52
    seats = ("N", "E", "S", "W")
    must_trump = STANDARD.must_trump
    seat_words = ("north", "east", "south", "west")
    variants = tuple(VARIANTS)
    auctions = ("contract",)
    pbn_game_tag = False
    setup_type = BridgeSetup
    match_options = (VARIANT, PLAYER_COUNT, HANDS,
                     Option("rotation", "Bridge --variant four_player: fixed (default) or tour, the seating of a "
                                        "session (with --agents).", owner="bridge"),
                     PROTOCOL, DEALER)
    # The vulnerability and dealer count for par (default None and N); a contract is solved with its declarer.
    analysis_options = (Option("vul", "The vulnerability, for par: None (default), NS, EW, All.", owner="bridge"),
                        ANALYSIS_DEALER, ANALYSIS_DECLARER,
                        Option("contract", "One contract to solve instead of the whole table (bridge: 3NT, 4SX).",
                               owner="bridge"),
                        ANALYSIS_TRUMP,
                        Option("leader", "Bridge: the seat leading the current trick; with --trump, every legal "
                                         "card of the seat to play with the tricks his side takes from there.",
                               owner="bridge"),
                        Option("played", 'Bridge, with --leader: the cards already on the current trick ("SK S2"), '
                                         "still in their hands in the deal.", owner="bridge"),
                        LINE)
    simulation_options = (Option("contract", "--solve one contract only (bridge: 3NT), with --declarer.",
                                 owner="bridge"),
                          SOLVE_DECLARER, Option("vul", "--solve: the vulnerability (bridge).", owner="bridge"))
    deal_file = "PBN"
    analysis_summary = "the trick table and par of bridge"
    played_analysis = "bridge: table and par, which the bridge-par scoring system scores against"
    analysis_type = BridgeAnalysis
    simulation_type = BridgeSimulation

    def board_deal(self, seed, number):
        """The seeded deal of board ``number``: deal ``number − 1`` of ``seed``, dealt by the board's dealer."""
        return self.deal(seed, number - 1, int(board_dealer(number)))

    def new_state(self, deal, setup=BridgeSetup()):
        """The State of ``deal`` as the board ``setup`` (a BridgeSetup) says (games.bridge.table.BridgeState),
        before its first call."""
        dealer = board_dealer(setup.board) if setup.dealer is None else self.seat_index(setup.dealer)
        vulnerability = board_vulnerability(setup.board) if setup.vulnerability is None else setup.vulnerability
        return BridgeState(self, deal, dealer, vulnerability, setup.board, find_variant(setup.variant), setup.seating)

    def match_type(self):
        """Boards 1..``hands`` of a seed (games.bridge.match.BridgeMatch), or a session of rubbers."""
        return BridgeMatch


BRIDGE = Bridge()
