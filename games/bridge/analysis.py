"""Bridge double-dummy analysis: the table of tricks per declarer and strain, par (rules/bridge.md §5.7), and the
deals of a PBN file solved on worker processes."""
import attrs

from trickcore.cards import DECK52
from trickcore.dealing import Deal
from trickcore.errors import InputError, InvalidDeal, NotationError, ReadLog
from trickcore.games.analysis import Analysis, line_lines, named_line
from trickcore.games.bridge.formats.notation import read_boards
from trickcore.games.bridge.formats.pbn_tables import read_dd_table
from trickcore.games.bridge.position import played_cards, solve_position
from trickcore.games.bridge.record import PartialDeal
from trickcore.games.bridge.vocab import (Contract, Seat, Strain, Vulnerability, board_dealer, board_vulnerability,
                                          parse_contract)
from trickcore.games.registry import get_scoring
from trickcore.rules import TrickRules
from trickcore.solver import Position, solve, solve_batch, tricks_table

STRAINS = tuple(str(strain) for strain in Strain)      # C D H S NT: the table's columns
SEATS = tuple(str(seat) for seat in Seat)              # N E S W: its rows


def dd_table(deal):
    """The bridge double-dummy table: {declarer "N".."W": {strain "C".."NT": tricks the declarer takes}}.

    Any 4-hand deal with hands of equal size is accepted (tricks are out of the hand size); the opening
    lead is the declarer's left-hand opponent's.
    """
    rows = tricks_table(deal, tuple(strain.suit for strain in Strain))
    return {str(seat): {str(strain): rows[strain.suit][seat] for strain in Strain} for seat in Seat}


@attrs.frozen
class Par:
    """The par result of a bridge deal: the score from North-South's side and the par contracts."""

    score: int
    contracts: tuple

    def to_dict(self):
        """JSON-ready form: {"score": ..., "contracts": ["4HN", ...]}."""
        return {"score": self.score, "contracts": list(self.contracts)}


def par(table, vulnerability="None", dealer="N"):
    """Par of a double-dummy table (rules/bridge.md §5.7): the bidding game's value by backward induction.

    A side's result in a contract is its better declarer's; a defeated contract is scored doubled. The
    contracts are every (contract, declarer) scoring the par value that the opponents cannot improve on by
    bidding on, taking the lowest level of each strain, in ladder order, declarers N, E, S, W.
    """
    vul = vulnerability if isinstance(vulnerability, Vulnerability) else Vulnerability.parse(vulnerability)
    dealer_side = (dealer if isinstance(dealer, Seat) else Seat.parse(dealer)) % 2
    ladder = [(level, strain) for level in range(1, 8) for strain in STRAINS]
    contract_score = get_scoring("bridge-duplicate").contract_score

    def seat_score(i, seat):
        """N-S score of contract i by ``seat`` with its own double-dummy tricks."""
        level, strain = ladder[i]
        tricks = table[SEATS[seat]][strain]
        doubled = 0 if tricks >= level + 6 else 1
        score = contract_score(Contract(level, Strain[strain], doubled), vul.is_vulnerable(seat % 2), tricks)
        return score if seat % 2 == 0 else -score

    def better(side, a, b):
        """The better of two N-S scores for ``side`` (0 = N-S maximises, 1 = E-W minimises)."""
        return max(a, b) if side == 0 else min(a, b)

    n = len(ladder)
    value = {}          # (i, side): N-S score of the contract stood with the best play after, side declaring
    for i in range(n - 1, -1, -1):
        for side in (0, 1):
            other = 1 - side
            stand = better(side, seat_score(i, side), seat_score(i, side + 2))
            above = None
            for j in range(i + 1, n):
                above = value[(j, other)] if above is None else better(other, above, value[(j, other)])
            value[(i, side)] = stand if above is None else better(other, stand, above)
    first, second = dealer_side, 1 - dealer_side
    second_best = 0
    for i in range(n):
        second_best = better(second, second_best, value[(i, second)])
    best = second_best
    for i in range(n):
        best = better(first, best, value[(i, first)])
    contracts = []
    lowest = set()      # (strain, side) already holding a par contract: higher levels are not listed
    for i in range(n if best != 0 else 0):
        level, strain = ladder[i]
        for side in (0, 1):
            stand = better(side, seat_score(i, side), seat_score(i, side + 2))
            if stand != best or value[(i, side)] != stand or (strain, side) in lowest:
                continue
            lowest.add((strain, side))
            for seat in (side, side + 2):
                if seat_score(i, seat) == best:
                    tricks = table[SEATS[seat]][strain]
                    contracts.append((i, seat, f"{level}{strain}{'X' if tricks < level + 6 else ''}{SEATS[seat]}"))
    contracts = [text for _, _, text in sorted(contracts)]
    return Par(best, tuple(contracts))


@attrs.frozen
class BridgeResult:
    """One bridge deal solved: its PBN string, the double-dummy table and the par (None for an ending, whose
    tricks are out of its hand size)."""

    deal: str
    tricks: dict
    par: Par | None
    dealer: str = "N"
    vulnerability: str = "None"

    def to_dict(self):
        """The JSON object of ``tricks solve --game bridge``: the par's dealer and vulnerability with it."""
        if self.par is None:
            return {"deal": self.deal, "tricks": self.tricks}
        return {"deal": self.deal, "dealer": self.dealer, "vul": self.vulnerability, "tricks": self.tricks,
                "par": self.par.to_dict()}

    def text(self):
        """The table (a row per declarer, a column per strain) and the par, as text."""
        lines = [self.deal, "      " + "".join(f"{s:>4}" for s in STRAINS)]
        for seat in SEATS:
            lines.append(f"{seat:<6}" + "".join(f"{self.tricks[seat][s]:>4}" for s in STRAINS))
        if self.par is not None:
            contracts = " ".join(self.par.contracts) or "passed out"
            lines.append(f"par {self.par.score:+d} (N-S): {contracts}")
        return "\n".join(lines) + "\n"


def solve_bridge(deal, vulnerability="None", dealer="N"):
    """The double-dummy table and par of a 13-card bridge deal; of an ending (shorter hands), the table alone."""
    table = dd_table(deal)
    if deal.hand_size != 13:
        return BridgeResult(deal.to_pbn(), table, None)
    vulnerability, dealer = Vulnerability.parse(vulnerability), Seat.parse(dealer)
    return BridgeResult(deal.to_pbn(), table, par(table, vulnerability, dealer), dealer.name, vulnerability.value)


@attrs.frozen
class ContractResult:
    """One contract of one deal solved: the declarer's double-dummy tricks and his duplicate score; asked for, one
    best ``line`` of play from the opening lead, as (seat, card) pairs."""

    deal: str
    contract: str
    declarer: str
    vulnerability: str
    tricks: int
    score: int
    line: tuple | None = None

    @property
    def made(self):
        """True when the declarer takes the tricks the contract needs."""
        return self.score > 0

    def to_dict(self):
        """The JSON object of ``tricks solve --game bridge --contract ... --declarer ...`` (with ``--line``, its
        cards)."""
        line = {} if self.line is None else {"line": [card for _, card in self.line]}
        return {"deal": self.deal, "contract": self.contract, "declarer": self.declarer, "vul": self.vulnerability,
                "tricks": self.tricks, "made": self.made, "score": self.score, **line}

    def text(self):
        """The contract, the declarer's tricks and his score, in a line after the deal (then the best line)."""
        lines = [self.deal, f"{self.contract} by {self.declarer} (vulnerable: {self.vulnerability}): {self.tricks} "
                            f"tricks, {'made' if self.made else 'down'}, declarer scores {self.score:+d}"]
        return "\n".join(lines + line_lines(self.line)) + "\n"


def _contract(value):
    """A Contract, or the contract ``value`` names."""
    return value if isinstance(value, Contract) else parse_contract(value)


def _vulnerability(value):
    """The Vulnerability an option names. Empty text names none: a file's empty [Vulnerable] tag may mean None, but
    an option given empty (``--vul ""``) is refused, not taken for the default."""
    if isinstance(value, str) and not value.strip():
        raise NotationError(f"not a vulnerability: {value!r} (expected None, NS, EW or All)")
    return Vulnerability.parse(value)


# How each option of the analysis is read (its errors are located at the option: not a seat, not a strain...).
_OPTION_READERS = {"vul": _vulnerability, "dealer": Seat.parse, "declarer": Seat.parse, "leader": Seat.parse,
                   "trump": Strain.parse, "contract": _contract, "played": played_cards}


def solve_contract(deal, contract, declarer, vulnerability="None", line=False):
    """The double-dummy tricks and duplicate score of one contract by one declarer (one search, not a table):
    the declarer's left-hand opponent leads; with ``line``, one best line of play from his lead to the end."""
    if isinstance(deal, Deal) and deal.hand_size != 13:
        raise InvalidDeal(f"a contract is solved on a deal of 13 cards a hand, not {deal.hand_size}: solve an "
                          "ending with --trump and --leader")
    contract = _contract(contract)
    declarer, vulnerability = Seat.parse(declarer), Vulnerability.parse(vulnerability)
    position = Position(TrickRules(4, contract.trump), deal.hands, leader=int(declarer.lho), seat=int(declarer))
    tricks = solve(position)
    score = get_scoring("bridge-duplicate").contract_score(contract, vulnerability.is_vulnerable(declarer.side), tricks)
    return ContractResult(deal.to_pbn(), str(contract), declarer.name, vulnerability.value, tricks, score,
                          named_line(position, SEATS) if line else None)


def board_analysis(board):
    """The double-dummy table and par of a board with a full deal (a BridgeResult): the table its file gives
    (OptimumResultTable or DoubleDummyTricks), else the solver's; par for the board's vulnerability and dealer
    (by its number when not tagged)."""
    number = board.number or 1
    vulnerability = board.vulnerability or board_vulnerability(number)
    dealer = board.dealer or board_dealer(number)
    table = read_dd_table(board)
    if table is None or any(len(row) != len(STRAINS) for row in table.values()):
        return solve_bridge(board.deal, vulnerability.value, dealer.name)
    return BridgeResult(board.deal.to_pbn(), table, par(table, vulnerability, dealer), dealer.name,
                        vulnerability.value)


def solve_bridge_batch(deals, vulnerability="None", dealer="N", jobs=1):
    """solve_bridge for every deal, on ``jobs`` processes; a lazy iterator in input order."""
    return solve_batch(solve_bridge, ((d, vulnerability, dealer) for d in deals), jobs)


def read_deals(path, log=None):
    """The deals of a boards file (PBN, or LIN/JSON boards) with each board's own par settings and its name in
    the file: [(deal, {"vul": ..., "dealer": ...}, {"index": k, "board": number})] (k counts the deals from 1; a
    board without a number has no "board").

    Every board carrying a deal is read and checked before any is solved; a board's [Vulnerable] and [Dealer]
    tags are given only when present. A partial deal (a problem diagram, an end position) is solved when its
    four hands are given and have one size; any other fails the file, or is left out with a warning when
    ``log`` (a ReadLog) says to skip such boards.
    """
    log = ReadLog() if log is None else log
    items = []
    for board in read_boards(path, log):
        if board.deal is None:
            continue
        label = f"board {board.number}" if board.number is not None else f"deal {len(items) + 1}"
        deal = ending(board.deal) if isinstance(board.deal, PartialDeal) else board.deal
        if not isinstance(deal, Deal) or deal.n_seats != 4 or not deal.hand_size:
            log.board_failed(InvalidDeal(f"{label}: [Deal] {board.deal.to_pbn()} is not a bridge deal of four "
                                         "hands of one size: it cannot be solved double dummy", source=path))
            continue
        own = {"vul": board.vulnerability, "dealer": board.dealer}
        label = {"index": len(items) + 1, **({"board": board.number} if board.number is not None else {})}
        items.append((deal, {key: value for key, value in own.items() if value is not None}, label))
    return items


def ending(partial):
    """The Deal of a PartialDeal whose four hands are given and have one size (the other cards out of play), else
    None."""
    hands = partial.hands
    if None in hands or len({len(hand) for hand in hands}) != 1:
        return None
    return Deal(hands, frozenset(DECK52.cards).difference(*hands))


@attrs.frozen
class BridgeAnalysis(Analysis):
    """The bridge analysis service (``BRIDGE.analysis``): tables and par, one contract, a PBN file's deals."""

    def analyse(self, deal, **opts):
        """The double-dummy table and par of a 13-card deal (a BridgeResult; of an ending, the table alone);
        options ``vul``, ``dealer``; or, with ``contract`` and ``declarer``, that contract's tricks and score alone
        (a ContractResult); or, with ``trump`` and ``leader`` (and ``played``, the cards already on the trick),
        every legal card of the seat to play with his side's tricks (a PositionResult). ``line`` adds one best line
        of play to the contract or the position."""
        opts = self.settings(opts)
        for name, read in _OPTION_READERS.items():
            # Each value read once up front, so that a bad one is an error naming its option.
            if name in opts:
                try:
                    read(opts[name])
                except InputError as exc:
                    raise exc.located(field=name) from None
        if "leader" in opts:
            if "trump" not in opts:
                raise InputError("--leader solves a position: give --trump with it", field="trump")
            others = sorted(set(opts) - {"trump", "leader", "played", "line"})
            if others:
                raise InputError(f"--{others[0]} does not go with --leader (a position solved card by card)",
                                 field=others[0])
            return solve_position(deal, opts["trump"], opts["leader"], opts.get("played", ()), bool(opts.get("line")))
        if "trump" in opts or "played" in opts:
            raise InputError("--trump and --played solve a position: give --leader with them", field="leader")
        if ("contract" in opts) != ("declarer" in opts):
            raise InputError("give the contract and its declarer together", field="contract")
        if "contract" in opts:
            return solve_contract(deal, opts["contract"], opts["declarer"], opts.get("vul", "None"),
                                  bool(opts.get("line")))
        if opts.get("line"):
            raise InputError("--line plays from a position: give --contract and --declarer, or --trump and --leader",
                             field="line")
        return solve_bridge(deal, opts.get("vul", "None"), opts.get("dealer", "N"))

    def read_deals(self, path, log=None):
        """The deals of a PBN file, each with its board's own vulnerability and dealer when tagged."""
        return read_deals(path, log)
