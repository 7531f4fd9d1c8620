"""The real-file corpus of issue 18: PBN and LIN files written by real tools (tests/data/corpus, sources and
licences in its SOURCES.md and manifest.json), read by trickcore and checked against an independent count.

The count comes from a small plain reader in this module, regular expressions over the raw text that share no
code with trickcore's readers: the games of each file and, per game, the board number, dealer, vulnerability,
deal (the cards of each hand), contract, declarer, result, the number of cards played and of calls, and the
players' names. A PBN round trip (read, write, read) must then give the same boards, and trickcore's solver
must agree with the double-dummy tables and par scores the files carry.

Where a file leaves room for doubt, the plain reader takes what PBN 2.1 and BBO's LIN habits say: games are
separated by empty lines only (a ``{}`` comment may hold empty lines; a tag after the Deal opens no new game);
``#`` (and ``##``) copies the previous game's value; a hand left out (``-``) is unknown unless the three others hold 13
cards each; an empty or missing Contract comes from a complete auction; a result given for a side (``NS 9``,
``EW 4``) becomes the declarer's tricks, and a complete play without a result gives them; cards are counted
in playing order up to the first card not given, calls without their alerts, notes and NAGs (``AP`` as the
passes that end the auction); a LIN board runs from one ``qx|`` or ``md|`` (or ``pn|``) to the next, keeps the
players of the last ``pn|``, and its result is the claim (``mc|``) or the tricks of its complete play.
"""
import json
import pathlib
import re

import pytest

from trickcore.cards import parse_card
from trickcore.dealing import Deal
from trickcore.errors import ReadLog
from trickcore.games.bridge.analysis import dd_table, par
from trickcore.games.bridge.formats.notation import read_boards
from trickcore.games.bridge.formats.pbn_read import read_pbn
from trickcore.games.bridge.formats.pbn_write import write_pbn

CORPUS = pathlib.Path(__file__).resolve().parents[2] / "data" / "corpus"
MANIFEST = json.loads((CORPUS / "manifest.json").read_text(encoding="utf-8"))["files"]
FILES = [entry["file"] for entry in MANIFEST]
DD_FILES = sorted(entry["file"] for entry in MANIFEST if "dd" in entry)
DD_BOARDS = 2  # boards of each file solved again, at most (about a second each)

SEATS = "NESW"
RANKS = "23456789TJQKA"
DD_STRAINS = ("NT", "S", "H", "D", "C")  # the order of DoubleDummyTricks and Ability digits
DECK = frozenset(suit + rank for suit in "SHDC" for rank in RANKS)
PLAYERS = ("West", "North", "East", "South")  # the player tags, clockwise from West
VULNERABILITY = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "EW": "EW", "ALL": "All", "BOTH": "All"}
LIN_VULNERABILITY = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}


# ------------------------------------------------------------------ bridge facts, written here for this test

def seat_after(seat, steps=1):
    """The seat ``steps`` places clockwise from ``seat``."""
    return SEATS[(SEATS.index(seat) + steps) % 4]


def complete_hands(hands):
    """Fill the one unknown hand (None) when the three others hold 13 cards each."""
    unknown = [seat for seat, hand in hands.items() if hand is None]
    if len(unknown) == 1 and all(len(hand) == 13 for hand in hands.values() if hand is not None):
        hands[unknown[0]] = DECK.difference(*[hand for hand in hands.values() if hand is not None])
    return hands


def trick_winner(cards, trump):
    """Index of the card that wins a trick (cards in playing order; trump a suit letter or None)."""
    def strength(card):
        if card[0] == trump:
            return 100 + RANKS.index(card[1])
        return RANKS.index(card[1]) if card[0] == cards[0][0] else -1
    return max(range(len(cards)), key=lambda k: strength(cards[k]))


def plain_call(token):
    """A call as Pass, X, XX or a bid like 1NT; None for a token that is no call."""
    word = token.upper().rstrip("!?")
    if word in ("PASS", "P"):
        return "Pass"
    if word in ("X", "D", "DBL"):
        return "X"
    if word in ("XX", "R", "RDBL"):
        return "XX"
    return plain_contract(word) if re.fullmatch(r"[1-7](NT|N|C|D|H|S)", word) else None


def plain_contract(text):
    """A contract as "4HX", "3NT" or "Pass"; None when the text gives none."""
    word = text.strip().upper()
    if word in ("PASS", "P", "AP"):
        return "Pass"
    match = re.fullmatch(r"([1-7])(NT|N|C|D|H|S)(XX|X)?", word)
    if match is None:
        return None
    return match.group(1) + ("NT" if match.group(2) in ("N", "NT") else match.group(2)) + (match.group(3) or "")


def trump_of(contract):
    """The trump suit letter of a contract (or of a strain-only text), None at no-trump or without one."""
    strain = re.sub(r"^[1-7]|X+$", "", contract or "")
    return strain if strain in ("C", "D", "H", "S") else None


def auction_outcome(first, calls):
    """(contract, declarer) of the auction ``calls`` starting at seat ``first``; None while it is unfinished."""
    seat, last_bid, doubled, passes, needed, first_named = first, None, "", 0, 4, {}
    for call in calls:
        if call == "Pass":
            passes += 1
        elif call in ("X", "XX"):
            doubled, passes = call, 0
        else:
            last_bid, doubled, passes, needed = (call, seat), "", 0, 3
            first_named.setdefault((SEATS.index(seat) % 2, call[1:]), seat)
        seat = seat_after(seat)
        if passes == needed:
            break
    else:
        return None
    if last_bid is None:
        return "Pass", None
    bid, bidder = last_bid
    return bid + doubled, first_named[(SEATS.index(bidder) % 2, bid[1:])]


def count_played(leader, rows, trump):
    """Cards played in playing order up to the first card not given, and the winners of the complete tricks.

    ``rows`` are the tricks as {seat: card or None}; each trick is led by the winner of the one before.
    """
    played, winners = 0, []
    for row in rows:
        order = [seat_after(leader, k) for k in range(4)]
        cards = [row.get(seat) for seat in order]
        given = cards[:cards.index(None)] if None in cards else cards
        played += len(given)
        if len(given) < 4:
            break
        leader = order[trick_winner(cards, trump)]
        winners.append(leader)
    return played, winners


def declarer_tricks(winners, declarer):
    """Tricks won by the declaring side, from the winners of the tricks."""
    side = SEATS.index(declarer) % 2
    return sum(1 for seat in winners if SEATS.index(seat) % 2 == side)


# ------------------------------------------------------------------ the plain PBN reader

_NOISE = re.compile(r'"(?:[^"\\\n]|\\.)*"|\{[^}]*\}|;[^\n]*|(?m:^%[^\n]*)')
_TAG = re.compile(r'\[\s*(\w+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_ANNOTATION = re.compile(r"=\d+=|\$\d+|[!?]+|\^\w|\x00")
_CARD = re.compile(r"[SHDC][2-9TJQKA]")


def pbn_text(path):
    """The text of a PBN file in the charset its % header declares, else UTF-8, else ISO-8859-1."""
    raw = path.read_bytes()
    declared = re.search(rb"charset\s*=\s*([\w-]+)", raw[:4000])
    for encoding in ([declared.group(1).decode()] if declared else []) + ["utf-8", "latin-1"]:
        try:
            return raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            continue


def pbn_games(text):
    """The games of a PBN text, each a list of (tag, value, data tokens), comments left out."""
    # A comment becomes a mark, so that a line holding only a comment does not count as an empty line.
    text = _NOISE.sub(lambda m: m.group() if m.group().startswith('"') else " \x00 ", text.replace("\r\n", "\n"))
    games = []
    for block in re.split(r"\n[ \t]*\n", text):
        tags = list(_TAG.finditer(block))
        if tags:
            ends = [tag.start() for tag in tags[1:]] + [len(block)]
            games.append([(tag.group(1), re.sub(r'\\(["\\\\])', r"\1", tag.group(2)),
                           [t for t in block[tag.end():end].split() if t != "\x00"]) for tag, end in zip(tags, ends)])
    return games


def known(values, name):
    """A tag's value, None when missing, empty or "?"."""
    value = values.get(name, "").strip()
    return None if value in ("", "?") else value


def pbn_expected(path):
    """The independent count of a PBN file: one dict per game."""
    boards, previous, standing = [], {}, {}
    for game in pbn_games(pbn_text(path)):
        values, data = {}, {}
        for name, value, tokens in game:
            if name not in values:
                values[name] = previous.get(name, "") if value == "#" else value.removeprefix("##")
                data[name] = tokens
                # PBN 2.1 §4.8: a ## value goes on to the following games that lack the tag, and so does any
                # value the tag is given later.
                if value.startswith("##") or name in standing:
                    standing[name] = values[name]
        for name, value in standing.items():
            values.setdefault(name, value)
        previous = values
        if all(value.startswith("##") for _, value, _ in game):
            continue            # a header game of ## tags gives values to the games after it: no board
        boards.append(pbn_board(values, data))
    return boards


def pbn_hands(deal):
    """The hands of a Deal tag value: {seat: set of cards, or None when left out}."""
    first, _, body = deal.rpartition(":")
    parts = (body.split() + ["-"] * 4)[:4]
    return complete_hands({seat_after(first or "N", k): None if part == "-" else frozenset(
        suit + rank for suit, ranks in zip("SHDC", part.split(".")) for rank in ranks.upper())
        for k, part in enumerate(parts)})


def passes_to_end(calls):
    """The passes that end an auction ("AP"): 3 after the last bid or double, 4 when no one has bid."""
    trailing = len(calls) - len("".join("p" if call == "Pass" else "c" for call in calls).rstrip("p"))
    return max(0, (3 if trailing < len(calls) else 4) - trailing)


def pbn_auction(seat, tokens):
    """The seat of the first call and the calls of an Auction section (a leading ``-`` is a seat that made no
    call; ``AP`` the passes that end the auction; ``+`` an auction to be continued)."""
    calls = []
    for token in tokens:
        if token == "-" and not calls:
            seat = seat_after(seat)
        elif token.upper() == "AP":
            calls += ["Pass"] * passes_to_end(calls)
            break
        elif token in ("+", "*"):
            break
        elif plain_call(token):
            calls.append(plain_call(token))
        else:
            assert _ANNOTATION.fullmatch(token), f"{token!r} in an Auction section"
    return seat, calls


def pbn_play(leader, tokens):
    """The Play section as tricks {seat: card or None}, the first led by ``leader``, in the columns the section
    gives (``-`` and ``+`` are cards not given, ``*`` ends the play)."""
    rows, row = [], {}
    for token in tokens:
        if token == "*":
            break
        if _ANNOTATION.fullmatch(token):
            continue
        card = token.upper().rstrip("!?")
        row[seat_after(leader, len(row))] = card if _CARD.fullmatch(card) else None
        if len(row) == 4:
            rows.append(row)
            row = {}
    return rows + ([row] if row else [])


def pbn_result(text, declarer, winners):
    """The declarer's tricks from a Result tag, or from a complete play when the tag gives none."""
    if text is None:
        return declarer_tricks(winners, declarer) if declarer and len(winners) == 13 else None
    text = text.lstrip("^")
    if text.isdigit():
        return int(text)
    sides = dict(re.findall(r"(NS|EW)\s+(\d+)", text.upper()))
    if not declarer or not sides:
        return None
    side, other = ("NS", "EW") if declarer in "NS" else ("EW", "NS")
    return int(sides[side]) if side in sides else 13 - int(sides[other])


def pbn_board(values, data):
    """One PBN game from its tag values and section data."""
    number, dealer, vulnerable, deal = (known(values, t) for t in ("Board", "Dealer", "Vulnerable", "Deal"))
    contract_text = known(values, "Contract") or ""
    contract = plain_contract(contract_text)
    declarer = (known(values, "Declarer") or "").lstrip("^").upper() or None
    calls = None
    if "Auction" in data:
        first, calls = pbn_auction((known(values, "Auction") or dealer or "N")[0].upper(), data["Auction"])
        if contract is None:
            contract, declarer = auction_outcome(first, calls) or (None, declarer)
    played, winners = 0, []
    if "Play" in data:
        leader = (known(values, "Play") or (seat_after(declarer) if declarer else "N"))[0].upper()
        # An end position may name only the strain ("H"): it still sets the trump.
        trump = trump_of(contract) or trump_of(plain_contract("1" + contract_text))
        played, winners = count_played(leader, pbn_play(leader, data["Play"]), trump)
    declarer = None if contract == "Pass" else declarer
    return {"number": int(number) if number and number.isdigit() else None,
            "dealer": dealer[0].upper() if dealer else None,
            "vulnerability": VULNERABILITY.get(vulnerable.upper()) if vulnerable else None,
            "hands": pbn_hands(deal) if deal else None,
            "contract": contract, "declarer": declarer,
            "result": pbn_result(known(values, "Result"), declarer, winners), "cards": played,
            "calls": None if calls is None else len(calls),
            "names": tuple(known(values, seat) for seat in PLAYERS),
            # Irregularities (^I insufficient bid, ^S out of rotation, ^R revoke, ^L lead out of turn) cannot be
            # calls and cards of a legal board: the reader keeps such a section as text, with a warning.
            "irregular": any(re.fullmatch(r"\^[ISRL]", t) for t in data.get("Auction", []) + data.get("Play", []))
            # so is the play of an end position whose Contract names only the trump (no declarer to read it by)
            or ("Play" in data and re.fullmatch(r"(NT|[SHDC])", contract_text.strip().upper()) is not None)}


# ------------------------------------------------------------------ the plain LIN reader

def lin_hand(text):
    """The cards of a LIN hand like ``S25H79TD35AC357JA`` as a set of "SA"-style strings."""
    cards, suit = set(), None
    for char in text.upper().replace("10", "T"):
        if char in "SHDC":
            suit = char
        elif char in RANKS:
            cards.add(suit + char)
    return frozenset(cards)


def lin_expected(path):
    """The independent count of a LIN file: one dict per board, a run from one qx| (or a pn| or md| after the
    run's deal) to the next; runs without a deal (vugraph headers) are no boards."""
    parts = path.read_bytes().decode("latin-1").split("|")
    runs, run, players = [], {}, ""
    for k in range(0, len(parts) - 1, 2):
        key, value = parts[k].strip().lower(), parts[k + 1].strip()
        if key == "qx" or (key in ("md", "pn") and "md" in run):
            runs.append(run)
            run = {}
        if key == "pn":
            players = value  # the players stay until the next pn| (a vugraph header names them once)
        if key == "md":
            run["players"] = players
        run.setdefault(key, []).append(value)
    return [lin_board(run) for run in runs + [run] if "md" in run]


def lin_board(run):
    """One LIN board from its run of {key: [values]}."""
    deal = run["md"][0]
    dealer = "SWNE"[int(deal[0]) - 1]
    parts = (deal[1:].split(",") + [""] * 4)[:4]
    hands = complete_hands({seat: lin_hand(part) if part.strip() else None for seat, part in zip("SWNE", parts)})
    contract, declarer = auction_outcome(dealer, [plain_call(call) for call in run.get("mb", [])]) or (None, None)
    cards = [card.upper() for card in run.get("pc", [])]
    result = int(run["mc"][-1]) if "mc" in run else None
    if result is None and len(cards) == 52 and declarer:
        leader, winners = seat_after(declarer), []
        for k in range(0, 52, 4):
            leader = seat_after(leader, trick_winner(cards[k:k + 4], trump_of(contract)))
            winners.append(leader)
        result = declarer_tricks(winners, declarer)
    number = re.search(r"\d+", run["ah"][0]) if "ah" in run else None
    players = dict(zip("SWNE", [name.strip() or None for name in run["players"].split(",")]))
    return {"number": int(number.group()) if number else None, "dealer": dealer,
            "vulnerability": LIN_VULNERABILITY.get(run["sv"][0].lower()) if "sv" in run else None,
            "hands": hands, "contract": contract, "declarer": None if contract == "Pass" else declarer,
            "result": result, "cards": len(cards), "calls": len(run["mb"]) if run.get("mb") else None,
            "names": tuple(players.get(seat[0]) for seat in PLAYERS)}


def expected(name):
    """The independent count of a corpus file."""
    path = CORPUS / name
    return lin_expected(path) if name.endswith(".lin") else pbn_expected(path)


# ------------------------------------------------------------------ trickcore's boards in the same terms

def view(board):
    """A trickcore Board in the terms of the plain reader (an unknown hand of a partial deal is None)."""
    hands = None
    if board.deal is not None:
        hands = {seat: None if hand is None else frozenset(str(card) for card in hand)
                 for seat, hand in zip(SEATS, board.deal.hands)}
    contract = "Pass" if board.passed_out else (None if board.contract is None else str(board.contract))
    return {"number": board.number,
            "dealer": None if board.dealer is None else board.dealer.name,
            "vulnerability": None if board.vulnerability is None else str(board.vulnerability),
            "hands": hands, "contract": contract,
            "declarer": None if board.declarer is None or contract == "Pass" else board.declarer.name,
            "result": board.result, "cards": len(board.play),
            "calls": None if board.auction is None else len(board.auction),
            "names": tuple(known({seat: board.tag(seat) or ""}, seat) for seat in PLAYERS)}


def differences(want, got):
    """What trickcore read differently from the file; a hand the file leaves unknown may be read as empty."""
    skipped = {"hands", "irregular"} | ({"calls", "cards"} if want.get("irregular") else set())
    out = [f"{key}: the file says {want[key]!r}, trickcore read {got[key]!r}"
           for key in want if key not in skipped and want[key] != got[key]]
    if (want["hands"] is None) != (got["hands"] is None) or want["hands"] and any(
            got["hands"][seat] != hand if hand is not None else got["hands"][seat]
            for seat, hand in want["hands"].items()):
        out.append(f"hands: the file gives {want['hands']}, trickcore read {got['hands']}")
    return out


def model(board):
    """What a board holds of the game: everything the PBN export is meant to keep on a round trip."""
    return (board.number, board.dealer, board.vulnerability, board.deal, board.auction, board.play,
            board.contract, board.passed_out, board.declarer, board.result, board.claimed, board.notes)


def file_dd(values, rows):
    """The double-dummy facts of a game: {declarer: {strain: tricks}} (maybe partial) and the par score (NS)."""
    table = {}
    for declarer, strain, tricks in rows:
        table.setdefault(declarer, {})["NT" if strain == "N" else strain] = int(tricks)
    for k, digit in enumerate(known(values, "DoubleDummyTricks") or ""):
        table.setdefault("NSEW"[k // 5], {})[DD_STRAINS[k % 5]] = int(digit, 16)
    for seat, digits in re.findall(r"([NESW]):([0-9A-Da-d]{5})", known(values, "Ability") or ""):
        table.setdefault(seat, {}).update({strain: int(d, 16) for strain, d in zip(DD_STRAINS, digits)})
    if known(values, "OptimumScore"):
        side, amount = re.fullmatch(r"(NS|EW)\s*([+-]?\d+)", known(values, "OptimumScore")).groups()
        return table, int(amount) * (1 if side == "NS" else -1)
    if known(values, "Minimax"):
        return table, int(re.search(r"-?\d+$", known(values, "Minimax")).group())
    return table, None


# ------------------------------------------------------------------ the tests

def test_corpus_manifest_names_every_file_its_source_and_licence():
    assert sorted(FILES) == sorted(p.name for p in CORPUS.iterdir() if p.suffix in (".pbn", ".lin"))
    for entry in MANIFEST:
        assert all(entry.get(key) for key in ("writer", "tool", "repository", "path", "licence", "excerpt")), entry
        assert re.fullmatch(r"[0-9a-f]{40}", entry["commit"]), entry
    assert len(FILES) >= 30
    assert len({entry["writer"] for entry in MANIFEST} - {"unnamed", "hand-written"}) >= 8


def test_corpus_plain_reader_counts_the_pbn_21_reference_file():
    """The plain reader on the standard's 2.1 file: 16 cards played, "NS 11" is 11 tricks for declarer N."""
    boards = expected("correct_21.pbn")
    assert [(b["number"], b["contract"], b["declarer"], b["result"], b["cards"]) for b in boards] == [
        (1, None, None, None, 0), (16, "5CX", "N", 11, 16)]
    assert all(len(hand) == 13 for board in boards for hand in board["hands"].values())


def test_corpus_plain_reader_counts_partial_play_in_playing_order():
    """A last row ``- CJ CQ -`` led by South (the winner of the trick before) holds 2 cards in playing order."""
    boards = expected("eytc1998_teams.pbn")
    assert [b["cards"] for b in boards] == [12, 16, 20, 36, 32, 30]


@pytest.mark.parametrize("name", FILES)
def test_corpus_board_count(name):
    assert len(read_boards(str(CORPUS / name))) == len(expected(name))


@pytest.mark.parametrize("name", FILES)
def test_corpus_boards_agree_with_independent_count(name):
    boards, want = read_boards(str(CORPUS / name)), expected(name)
    problems = [f"game {k}: {problem}" for k, (w, board) in enumerate(zip(want, boards), 1)
                for problem in differences(w, view(board))]
    assert len(boards) == len(want) and not problems, "\n".join(problems[:12])


@pytest.mark.parametrize("name, games, fields, lines", [
    ("correct_10.pbn", [2], {"Auction", "Play"}, ("- ^S 1D ^I 1C", "C5 C2 ^R S5 ^L CK")),   # irregularities
    ("correct_20.pbn", [30], {"Play"}, ("C5 C2 C6 CK", "D4 DK H5 H7")),                    # an end position
])
def test_corpus_sections_the_model_cannot_hold_are_kept_as_text_with_a_warning(name, games, fields, lines):
    assert [k for k, board in enumerate(expected(name)) if board.get("irregular")] == games
    log = ReadLog()
    written = write_pbn(read_boards(str(CORPUS / name), log))
    assert {w.field for w in log.warnings if "kept as text" in w.message} == fields
    for line in lines:
        assert line in written


@pytest.mark.parametrize("name", FILES)
def test_corpus_pbn_round_trip_keeps_every_board(name):
    boards = read_boards(str(CORPUS / name))
    assert [model(b) for b in read_pbn(write_pbn(boards), name)] == [model(b) for b in boards]


@pytest.mark.parametrize("name", DD_FILES)
def test_corpus_solver_agrees_with_double_dummy_data_in_the_file(name):
    """trickcore's solver against the tables (OptimumResultTable, DoubleDummyTricks, Ability) and par scores
    (OptimumScore, Minimax) the tools wrote, on the first boards of the file."""
    checked = 0
    for game, board in zip(pbn_games(pbn_text(CORPUS / name)), expected(name)):
        values = {tag: value for tag, value, _ in reversed(game)}
        cells = next((tokens for tag, _, tokens in game if tag == "OptimumResultTable"), [])
        table, par_score = file_dd(values, [cells[k:k + 3] for k in range(0, len(cells), 3)])
        if not table or checked == DD_BOARDS:
            continue
        solved = dd_table(Deal([[parse_card(card) for card in board["hands"][seat]] for seat in SEATS]))
        assert {seat: {strain: solved[seat][strain] for strain in row} for seat, row in table.items()} == table
        if par_score is not None:
            assert par(solved, board["vulnerability"] or "None", board["dealer"] or "N").score == par_score
        checked += 1
    assert checked
