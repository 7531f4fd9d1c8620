"""The bridge game: deck, seats N E S W, dealing one card at a time from the dealer's left (bridge.md §1.3),
boards (the board number fixes dealer and vulnerability, §2), and the State of one board (§3-§4)."""
import attrs

from trickcore.cards import DECK52
from trickcore.games.base import Game
from trickcore.games.bridge import analysis
from trickcore.games.bridge.match import BridgeMatch
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
    variants = tuple(VARIANTS)
    auctions = ("contract",)
    pbn_game_tag = False
    analysis_options = {"vul": "the vulnerability for par: None, NS, EW or All (default None)",
                        "dealer": "the dealer, for par (default N)"}

    def analyse(self, deal, **opts):
        """The double-dummy table and par of a 13-card deal (a BridgeResult); options ``vul``, ``dealer``."""
        opts = self.analysis_settings(opts)
        return analysis.solve_bridge(deal, opts.get("vul", "None"), opts.get("dealer", "N"))

    def read_deals(self, path, log=None):
        """The deals of a PBN file, each with its board's own vulnerability and dealer when tagged."""
        return analysis.read_deals(path, log)

    def board_deal(self, seed, number):
        """The seeded deal of board ``number``: deal ``number − 1`` of ``seed``, dealt by the board's dealer."""
        return self.deal(seed, number - 1, int(board_dealer(number)))

    def new_state(self, deal, dealer=None, variant=None, board=1, vulnerability=None):
        """The State of board number ``board`` of ``deal`` (games.bridge.table.BridgeState), before its first
        call; the board number gives the dealer and vulnerability unless ``dealer``/``vulnerability`` are given."""
        find_variant(variant)
        dealer = board_dealer(board) if dealer is None else self.seat_index(dealer)
        vulnerability = board_vulnerability(board) if vulnerability is None else vulnerability
        return BridgeState(self, deal, dealer, vulnerability, board)

    def new_match(self, seed, variant=None, **options):
        """Boards 1..``hands`` of ``seed`` (games.bridge.match.BridgeMatch)."""
        return BridgeMatch.setup(self, seed, variant, **options)


BRIDGE = Bridge()
