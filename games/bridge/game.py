"""The bridge game: deck, seats N E S W, dealing one card at a time from the dealer's left (bridge.md §1.3),
boards (the board number fixes dealer and vulnerability, §2), and the State of one board (§3-§4)."""
import attrs

from trickcore.cards import DECK52
from trickcore.errors import InputError
from trickcore.games.base import Game
from trickcore.games.options import (ANALYSIS_DEALER, ANALYSIS_DECLARER, DEALER, HANDS, PLAYER_COUNT, PROTOCOL,
                                     SOLVE_DECLARER, VARIANT, Option)
from trickcore.games.bridge import analysis
from trickcore.games.bridge.match import BridgeMatch, board_score
from trickcore.games.bridge.played_boards import heuristic_boards, random_boards
from trickcore.games.bridge.record import board_to_dict
from trickcore.games.bridge.setup import BridgeSetup
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
                               owner="bridge"))
    simulation_options = (Option("contract", "--solve one contract only (bridge: 3NT), with --declarer.",
                                 owner="bridge"),
                          SOLVE_DECLARER, Option("vul", "--solve: the vulnerability (bridge).", owner="bridge"))
    deal_file = "PBN"
    analysis_summary = "the trick table and par of bridge"
    played_analysis = "bridge: table and par, which the bridge-par scoring system scores against"

    def analyse(self, deal, **opts):
        """The double-dummy table and par of a 13-card deal (a BridgeResult); options ``vul``, ``dealer``; or,
        with ``contract`` and ``declarer``, that contract's tricks and score alone (a ContractResult)."""
        opts = self.analysis_settings(opts)
        if ("contract" in opts) != ("declarer" in opts):
            raise InputError("give the contract and its declarer together", field="contract")
        if "contract" in opts:
            return analysis.solve_contract(deal, opts["contract"], opts["declarer"], opts.get("vul", "None"))
        return analysis.solve_bridge(deal, opts.get("vul", "None"), opts.get("dealer", "N"))

    def read_deals(self, path, log=None):
        """The deals of a PBN file, each with its board's own vulnerability and dealer when tagged."""
        return analysis.read_deals(path, log)

    def board_deal(self, seed, number):
        """The seeded deal of board ``number``: deal ``number − 1`` of ``seed``, dealt by the board's dealer."""
        return self.deal(seed, number - 1, int(board_dealer(number)))

    def new_state(self, deal, setup=BridgeSetup()):
        """The State of ``deal`` as the board ``setup`` (a BridgeSetup) says (games.bridge.table.BridgeState),
        before its first call."""
        dealer = board_dealer(setup.board) if setup.dealer is None else self.seat_index(setup.dealer)
        vulnerability = board_vulnerability(setup.board) if setup.vulnerability is None else setup.vulnerability
        return BridgeState(self, deal, dealer, vulnerability, setup.board, find_variant(setup.variant), setup.seating)

    def simulation_setup(self, dealt, index, dealer, variant=None):
        """Board ``index + 1`` of a simulation: its number fixes the vulnerability; the deal's dealer deals."""
        return BridgeSetup(dealer=dealer, variant=variant, board=index + 1)

    def simulation_analysis(self, deal, index, dealer):
        """The table and par of board ``index + 1`` of a simulation: its dealer, its number's vulnerability."""
        return self.analyse(deal, dealer=self.seats[dealer], vul=board_vulnerability(index + 1).value)

    def batch_records(self, dealt, indices, dealer, variant, agent_names, agent_seeds):
        """Random or heuristic agents' boards at the standard table from the compiled batch
        (games.bridge.played_boards), the same boards as simulation_state's played by RandomAgent or
        HeuristicAgent at every seat; None for any other agents or variant."""
        names = set(agent_names)
        if names not in ({"random"}, {"heuristic"}) or find_variant(variant) is not STANDARD:
            return None
        deals = [batch[0] for batch in dealt]
        dealers, numbers = [dealer] * len(deals), [index + 1 for index in indices]
        if names == {"random"}:
            played = random_boards(deals, dealers, agent_seeds, numbers)
        else:
            played = heuristic_boards(deals, dealers, numbers)
        return [played.record(i) for i in range(len(played))]

    def record_dict(self, record):
        """A played board as a JSON board (games.bridge.record.board_to_dict)."""
        return board_to_dict(record)

    def outcome(self, record):
        """Contract, declarer, declarer's tricks, whether made, and the N-S duplicate score of a played board."""
        if record.passed_out:
            return {"contract": "Pass", "NS score": 0}
        declarer_score, ns_score = board_score(record)
        return {"contract": f"{record.contract} {record.declarer}", "declarer": record.declarer.name,
                "declarer tricks": record.result, "made": record.result >= record.contract.tricks_needed,
                "NS score": ns_score}

    def match_type(self):
        """Boards 1..``hands`` of a seed (games.bridge.match.BridgeMatch), or a session of rubbers."""
        return BridgeMatch


BRIDGE = Bridge()
