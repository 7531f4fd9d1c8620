"""The bridge game: deck, seats N E S W, dealing one card at a time from the dealer's left (bridge.md §1.3),
boards (the board number fixes dealer and vulnerability, §2), and the State of one board (§3-§4)."""
import attrs

from trickcore.cards import DECK52
from trickcore.errors import InputError
from trickcore.games.base import Game
from trickcore.games.bridge import analysis
from trickcore.games.bridge.match import BridgeMatch, board_score
from trickcore.games.bridge.compiled.played_boards import heuristic_boards, random_boards
from trickcore.games.bridge.record import board_to_dict
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
    analysis_options = {"vul": "the vulnerability for par: None, NS, EW or All (default None)",
                        "dealer": "the dealer, for par (default N)",
                        "contract": "one contract to solve instead of the table (e.g. 3NT, 4SX), with declarer",
                        "declarer": "the declarer of the one contract"}

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

    def new_state(self, deal, dealer=None, variant=None, board=1, vulnerability=None, seating=(0, 1, 2, 3)):
        """The State of board number ``board`` of ``deal`` (games.bridge.table.BridgeState), before its first
        call; the board number gives the dealer and vulnerability unless ``dealer``/``vulnerability`` are given.
        ``seating`` gives each seat's player index (None for a dummy seat) at a variant's table."""
        dealer = board_dealer(board) if dealer is None else self.seat_index(dealer)
        vulnerability = board_vulnerability(board) if vulnerability is None else vulnerability
        return BridgeState(self, deal, dealer, vulnerability, board, find_variant(variant), seating)

    def simulation_state(self, deal, index, dealer, variant=None, last_card=None):
        """Board ``index + 1`` of a simulation: its number fixes the vulnerability; the deal's dealer deals."""
        return self.new_state(deal, dealer, variant, board=index + 1)

    def simulation_analysis(self, deal, index, dealer):
        """The table and par of board ``index + 1`` of a simulation: its dealer, its number's vulnerability."""
        return self.analyse(deal, dealer=self.seats[dealer], vul=board_vulnerability(index + 1).value)

    def batch_records(self, deals, indices, dealer, variant, agent_names, agent_seeds):
        """Random or heuristic agents' boards at the standard table from the compiled batch
        (games.bridge.compiled.played_boards), the same boards as simulation_state's played by RandomAgent or
        HeuristicAgent at every seat; None for any other agents or variant."""
        names = set(agent_names)
        if names not in ({"random"}, {"heuristic"}) or find_variant(variant) is not STANDARD:
            return None
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

    def new_match(self, seed, variant=None, **options):
        """Boards 1..``hands`` of ``seed`` (games.bridge.match.BridgeMatch)."""
        return BridgeMatch.setup(self, seed, variant, **options)


BRIDGE = Bridge()
