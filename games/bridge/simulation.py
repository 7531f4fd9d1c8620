"""What a simulation asks of bridge (``BRIDGE.simulation``): board ``index + 1`` of each deal, the compiled
boards of random or heuristic tables, a played board's table and par, its JSON and its outcome, and the columns
of a table of played boards, built from a compiled batch's arrays (games.bridge.compiled._board_text writes their
text) without a Python object per board."""
import array
import functools
import json
from collections.abc import Sequence

import attrs

from trickcore.games.agent_spec import shared_agent
from trickcore.games.bridge.compiled import _board_text
from trickcore.games.bridge.compiled.constants import CALLS
from trickcore.games.bridge.compiled.played_boards import CALLS_PER_BOARD, PlayedBoards, heuristic_boards, random_boards
from trickcore.games.bridge.match import board_score, board_scores, duplicate_ledger
from trickcore.games.bridge.record import Board, board_to_dict
from trickcore.games.bridge.setup import BridgeSetup
from trickcore.games.bridge.variants import STANDARD, variant as find_variant
from trickcore.games.bridge.vocab import (Contract, Seat, Strain, Vulnerability, board_dealer,
                                          board_vulnerability)
from trickcore.games.simulation_hooks import SimulationHooks

SEATS = ("N", "E", "S", "W")
CALL_NAMES = tuple(str(call) for call in CALLS)
VULNERABILITIES = tuple(board_vulnerability(number).value for number in range(1, 17))   # the 16-board cycle
DEALERS = tuple(board_dealer(number).value for number in range(1, 5))                  # the dealers' cycle


@functools.cache
def contract_names():
    """The text of each contract code ``15 * (level - 1) + 3 * strain + doubled`` (games.bridge.vocab.Contract)."""
    return tuple(str(Contract(level, Strain(strain), doubled))
                 for level in range(1, 8) for strain in range(5) for doubled in range(3))


@functools.cache
def declarer_scores():
    """The declarer's duplicate score of contract code ``c`` (see contract_names) with ``tricks``, not vulnerable
    and vulnerable, at ``28 * c + 14 * vulnerable + tricks``: scored once by the registered duplicate system, as
    ``outcome`` scores a board (games.bridge.match.board_score)."""
    boards = [Board(number=1, vulnerability=vulnerability, contract=Contract(level, Strain(strain), doubled),
                    declarer=Seat.N, result=tricks)
              for level in range(1, 8) for strain in range(5) for doubled in range(3)
              for vulnerability in (Vulnerability.NONE, Vulnerability.BOTH) for tricks in range(14)]
    return tuple(score for score, _ in board_scores(boards, duplicate_ledger(boards)))


@attrs.frozen
class BoardRecords(Sequence):
    """The records of a compiled batch of boards (``played``, a PlayedBoards), each made only when asked for: a
    table of them is built from the batch's arrays."""

    played: PlayedBoards

    def __len__(self):
        return len(self.played)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return self.played.record(i if i >= 0 else i + len(self))


def played_of(records):
    """The PlayedBoards arrays of board ``records`` (a compiled batch's own, or the protocol's Boards coded)."""
    if isinstance(records, BoardRecords):
        return records.played
    count = len(records)
    calls, n_calls = array.array("B", bytes(CALLS_PER_BOARD * count)), array.array("H", bytes(2 * count))
    outcomes, cards = array.array("b", bytes(5 * count)), array.array("B", bytes(52 * count))
    code = {call: k for k, call in enumerate(CALLS)}
    for i, board in enumerate(records):
        n_calls[i] = len(board.auction)
        calls[i * CALLS_PER_BOARD:i * CALLS_PER_BOARD + n_calls[i]] = array.array("B", [code[c] for c in board.auction])
        if not board.passed_out:
            contract = board.contract
            outcomes[i * 5:i * 5 + 5] = array.array("b", [contract.level, contract.strain.value, contract.doubled,
                                                          board.declarer.value, board.result])
            cards[i * 52:i * 52 + len(board.play)] = array.array("B", [card.index for card in board.play])
    return PlayedBoards([board.deal for board in records], tuple(board.dealer.value for board in records),
                        tuple(board.number for board in records), calls, n_calls, outcomes, cards)


def board_columns(played):
    """The table columns of the boards ``played`` (a PlayedBoards): board, vulnerability, auction, contract,
    declarer, declarer tricks, made, NS score and play."""
    outcomes = played.outcomes
    levels, strains, doubles = outcomes[0::5], outcomes[1::5], outcomes[2::5]
    declarers, tricks = outcomes[3::5], outcomes[4::5]
    vulnerable = [VULNERABILITIES[(number - 1) % 16] for number in played.boards]
    names, scores = contract_names(), declarer_scores()
    codes = [15 * level + 3 * strain + doubled - 15 for level, strain, doubled in zip(levels, strains, doubles)]
    made = [taken >= level + 6 if level else None for level, taken in zip(levels, tricks)]
    score = [(scores[28 * code + 14 * (vul == "All" or vul == ("NS", "EW")[seat & 1]) + taken]
              * (1 - 2 * (seat & 1)) if level else 0)
             for level, code, vul, seat, taken in zip(levels, codes, vulnerable, declarers, tricks)]
    return {"board": list(played.boards), "vulnerability": vulnerable,
            "auction": _board_text.call_texts(played.calls, CALLS_PER_BOARD, played.n_calls, CALL_NAMES),
            "contract": [names[code] if level else "Pass" for level, code in zip(levels, codes)],
            "declarer": [SEATS[seat] if level else None for level, seat in zip(levels, declarers)],
            "declarer tricks": [taken if level else None for level, taken in zip(levels, tricks)],
            "made": made, "NS score": score,
            "play": _board_text.play_texts(played.cards, outcomes)}


def _json_list(text):
    return '["' + text.replace(" ", '", "') + '"]' if text else "[]"


def board_json(columns, deals, dealers):
    """Each board's record as its JSON text (what ``board_to_dict`` gives, json.dumps'd) from its ``columns``
    (board_columns), its deal's text and its dealer's name."""
    texts = []
    for board, dealer, vulnerability, deal, auction, play, contract, declarer, taken in zip(
            columns["board"], dealers, columns["vulnerability"], deals, columns["auction"], columns["play"],
            columns["contract"], columns["declarer"], columns["declarer tricks"]):
        texts.append(f'{{"board": {board}, "dealer": "{dealer}", "vulnerability": "{vulnerability}", '
                     f'"deal": "{deal}", "auction": {_json_list(auction)}, "play": {_json_list(play)}, '
                     f'"contract": "{contract}", "declarer": {json.dumps(declarer)}, "result": {json.dumps(taken)}, '
                     '"claimed": false, "tags": [], "notes": [], "commentary": [], "tables": []}')
    return texts


def outcome_json(columns):
    """Each board's outcome (BridgeSimulation.outcome) as its JSON text, from its columns (board_columns)."""
    texts = []
    for contract, declarer, taken, made, score in zip(columns["contract"], columns["declarer"],
                                                      columns["declarer tricks"], columns["made"], columns["NS score"]):
        if declarer is None:
            texts.append(f'{{"contract": "Pass", "NS score": {score}}}')
        else:
            texts.append(f'{{"contract": "{contract} {declarer}", "declarer": "{declarer}", "declarer tricks": '
                         f'{taken}, "made": {"true" if made else "false"}, "NS score": {score}}}')
    return texts


@attrs.frozen
class BridgeSimulation(SimulationHooks):
    """The bridge simulation hooks."""

    def dealer(self, index, variant=None):
        """The dealer of board ``index + 1`` (N E S W in turn)."""
        return DEALERS[index % len(DEALERS)]

    def analysis_options(self, index, dealer, options):
        """The analysis options of board ``index + 1``: the user's, else its dealer and its number's
        vulnerability."""
        return {"dealer": self.game.seats[dealer], "vul": board_vulnerability(index + 1).value, **options}

    def setup(self, dealt, index, dealer, variant=None):
        """Board ``index + 1`` of a simulation: its number fixes the vulnerability; the deal's dealer deals."""
        return BridgeSetup(dealer=dealer, variant=variant, board=index + 1)

    def batch_records(self, dealt, indices, dealers, variant, agent_names, agent_seeds):
        """Random or heuristic agents' boards at the standard table from the compiled batch
        (games.bridge.compiled.played_boards), the same boards as ``state``'s played by RandomAgent or
        HeuristicAgent (of one playing style) at every seat (BoardRecords, made from its arrays when asked for);
        None for any other agents or variant."""
        spec = shared_agent("bridge", agent_names)
        if spec is None or spec.cls.name not in ("random", "heuristic") or find_variant(variant) is not STANDARD:
            return None
        deals = getattr(dealt, "batch", None) or [batch[0] for batch in dealt]
        numbers = [index + 1 for index in indices]
        if spec.cls.name == "random":
            return BoardRecords(random_boards(deals, dealers, agent_seeds, numbers))
        return BoardRecords(heuristic_boards(deals, dealers, numbers, dict(spec.options).get("style", "normal")))

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

    def hand_columns(self, texts):
        """One column per hand, N E S W, from the deals' PBN strings."""
        hands = [text[2:].split(" ") for text in texts]
        return {seat: [row[k] for row in hands] for k, seat in enumerate(SEATS)}

    def table_columns(self, records):
        """The boards' columns (board_columns), from a compiled batch's arrays or the protocol's Boards."""
        return board_columns(played_of(records))

    def line_parts(self, records, columns, base):
        """The boards' record and outcome JSON texts, from their columns."""
        return board_json(columns, base["deal"], base["dealer"]), outcome_json(columns)

    def outcome_columns(self, columns):
        """The outcome's columns: the contract with its declarer ("4S N", or "Pass"), then the columns as they are."""
        contract = [name if seat is None else f"{name} {seat}"
                    for name, seat in zip(columns["contract"], columns["declarer"])]
        return {"contract": contract, **{key: list(columns[key]) for key in
                                         ("declarer", "declarer tricks", "made", "NS score")}}
