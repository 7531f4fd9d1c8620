"""Whist hands in the PBN style of rules/whist.md §7: strict export, forgiving import with the importer's checks.

Tags: ``Game``, ``Ruleset``, ``Dealer``, ``Deal``, ``TurnUp``, ``Trump``, ``TricksNS``, ``WhistScore`` and the
``Play`` section (one row per trick, columns in the fixed order leader, LHO, partner, RHO, as in bridge's
PBN). A hand whose trump was fixed rather than turned up carries ``[TrumpSelection "fixed"]`` [PROJECT].
"""
import re

from trickcore.cards import parse_card
from trickcore.dealing import parse_deal
from trickcore.errors import InvalidRecord, TrickcoreError
from trickcore.games.whist.record import WhistHand
from trickcore.games.whist.vocab import SEATS, eldest_hand, parse_seat, parse_trump
from trickcore.play import trick_winner
from trickcore.rules import TrickRules

TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
SCORE = re.compile(r"^\s*NS\s+(\d+)\s+EW\s+(\d+)\s*$", re.IGNORECASE)


def hand_to_pbn(hand, board=None):
    """One hand as a PBN-style game (tag lines and the play section), ending with a newline."""
    tags = []
    if board is not None:
        tags.append(("Board", str(board)))
    tags += [("Game", "Whist"), ("Ruleset", hand.ruleset), ("Dealer", SEATS[hand.dealer]),
             ("Deal", hand.deal.to_pbn()), ("TurnUp", "" if hand.turn_up is None else str(hand.turn_up)),
             ("Trump", hand.trump.name)]
    if hand.trump_selection == "fixed":
        tags.append(("TrumpSelection", "fixed"))
    tags.append(("TricksNS", "" if hand.tricks_ns is None else str(hand.tricks_ns)))
    if hand.score is not None:
        tags.append(("WhistScore", f"NS {hand.score[0]} EW {hand.score[1]}"))
    lines = [f'[{name} "{value}"]' for name, value in tags]
    if hand.tricks:
        first = hand.tricks[0].leader
        lines.append(f'[Play "{SEATS[first]}"]')
        for trick in hand.tricks:
            by_seat = {trick.seat_of(k, 4): card for k, card in enumerate(trick.cards)}
            lines.append(" ".join(str(by_seat[(first + k) % 4]) for k in range(4)))
    return "\n".join(lines) + "\n"


def hands_to_pbn(hands):
    """A PBN-style file of whist hands, numbered from 1."""
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(hand_to_pbn(h, k) for k, h in enumerate(hands, 1))


def _games(text):
    """Split a PBN text into games: lists of (tag, value, following row lines, line number)."""
    games, current = [], None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(";", 1)[0].strip()
        if raw.lstrip().startswith("%"):
            continue
        if not line:
            current = None
            continue
        tags = TAG.findall(line)
        if tags:
            if current is None:
                current = []
                games.append(current)
            for name, value in tags:
                current.append([name.lower(), value.replace('\\"', '"').replace("\\\\", "\\"), [], number])
        elif current:
            current[-1][2].append((number, line))
        else:
            raise InvalidRecord(f"{line[:20]!r} is outside any game", line=number)
    return games


def parse_pbn(text, source=None):
    """Read every whist hand of a PBN-style text; errors name the source, line and tag."""
    hands = []
    for game in _games(text):
        first_line = game[0][3]
        tags = {name: (value, rows, number) for name, value, rows, number in game}
        try:
            hands.append(_hand(tags))
        except TrickcoreError as exc:
            line = tags[exc.field.lower()][2] if exc.field and exc.field.lower() in tags else first_line
            raise exc.located(source=source, line=line) from None
    return hands


def _tag(tags, name, parse=None, required=True):
    if name.lower() not in tags or tags[name.lower()][0] in ("", "?"):
        if required:
            raise InvalidRecord("missing", field=name)
        return None
    value = tags[name.lower()][0]
    if parse is None:
        return value
    try:
        return parse(value)
    except TrickcoreError as exc:
        raise InvalidRecord(exc.message, field=name) from None


def _hand(tags):
    game = _tag(tags, "Game", required=False)
    if game is not None and game.strip().lower() != "whist":
        raise InvalidRecord(f"{game!r} is not a whist game", field="Game")
    dealer = parse_seat(_tag(tags, "Dealer"), "Dealer")
    deal = _tag(tags, "Deal", parse_deal)
    turn_up = _tag(tags, "TurnUp", parse_card, required=False)
    selection = (_tag(tags, "TrumpSelection", required=False) or "turn_up").strip().lower()
    trump = _tag(tags, "Trump", parse_trump, required=turn_up is None or selection != "turn_up")
    trump = turn_up.suit if trump is None else trump
    tricks_ns = _tag(tags, "TricksNS", _count, required=False)
    score = _tag(tags, "WhistScore", _whist_score, required=False)
    fields = {"trump_selection": selection, "ruleset": (_tag(tags, "Ruleset", required=False) or "short").lower(),
              "score": score}
    # The header is checked (turn-up, trumps) before the play, whose replay depends on the trump.
    header = WhistHand(deal, dealer, trump, turn_up, tricks_ns=tricks_ns, **fields)
    if "play" not in tags:
        return header
    leader = parse_seat(tags["play"][0], "Play")
    if leader != eldest_hand(dealer):
        raise InvalidRecord(f"the eldest hand {SEATS[eldest_hand(dealer)]} leads, not {SEATS[leader]}",
                            field="Play")
    hand = WhistHand.played(deal, dealer, trump, turn_up, _play_rows(tags["play"][1], leader, trump), **fields)
    if tricks_ns is not None and tricks_ns != hand.tricks_ns:
        raise InvalidRecord(f"{tricks_ns} but N-S won {hand.tricks_ns} tricks in the play", field="TricksNS")
    return hand


def _play_rows(rows, first, trump):
    """Playing order of the Play section's rows (columns from ``first``), each trick led by the last winner."""
    rules, leader, tricks = TrickRules(4, trump), first, []
    for number, line in rows:
        tokens = line.split()
        if tokens == ["*"]:
            break
        if len(tokens) != 4:
            raise InvalidRecord(f"line {number}: a play row has four cards", field="Play")
        try:
            by_seat = {(first + k) % 4: parse_card(t) for k, t in enumerate(tokens)}
        except TrickcoreError as exc:
            raise InvalidRecord(f"line {number}: {exc.message}", field="Play") from None
        cards = [by_seat[(leader + k) % 4] for k in range(4)]
        tricks.append(cards)
        leader = trick_winner(rules, cards, leader)
    return tricks


def _count(text):
    if not text.strip().isdigit():
        raise InvalidRecord(f"{text!r} is not a number of tricks")
    return int(text)


def _whist_score(text):
    match = SCORE.match(text)
    if not match:
        raise InvalidRecord(f'{text!r}: write the score as "NS 2 EW 0"')
    return int(match.group(1)), int(match.group(2))
