"""The Game protocol every game plug-in implements, with the shared dealing, play and display behaviour.

A game states its deck, seats, dealing pattern, who leads and its play rules; dealing, random play, notation,
the text diagram and a double-dummy analysis (each side's tricks per trump) come from here. Variants and
richer games override only what differs (as python-chess does with ``chess.variant``).
"""
import attrs

from trickcore.cards import Suit, format_hand
from trickcore.condition import compile_condition
from trickcore.dealing import DealingPlan, deal_batch, deal_one, deal_where, owner_sizes, parse_deal, parse_predeal
from trickcore.errors import InputError, InvalidDeal
from trickcore.names import name_list
from trickcore.play import random_playout
from trickcore.rules import TrickRules
from trickcore.solver import Position, solve, solve_batch


@attrs.frozen
class Game:
    """A trick-taking game: what a plug-in registers under ``trickcore.games``.

    Subclasses set the class-level facts (``name``, ``deck``, ``seats``...) and override ``pattern`` and
    ``first_leader`` when their dealing or lead differs from "one card at a time from the dealer's left".
    """

    name = "game"
    title = "A trick-taking game"
    deck = None
    seats = ()
    talon_size = 0
    must_trump = False
    variants = ()
    auctions = ()
    deal_notations = ("pbn",)
    pbn_game_tag = True  # PBN is bridge's notation: every other game names itself in a [Game] tag
    seat_words = ()      # longer names of the seats, in seat order, for conditions and predealt cards
    # The keyword options ``analyse`` takes, with what each means: any other is an error naming it.
    analysis_options = {"dealer": "the dealer, whose left-hand opponent leads (default: the first seat)"}

    @property
    def n_seats(self):
        """Seats that hold cards and play to tricks."""
        return len(self.seats)

    @property
    def hand_size(self):
        """Cards dealt to each seat."""
        return (len(self.deck) - self.talon_size) // self.n_seats

    def seat_index(self, seat):
        """The index of a seat given by name (any case) or index."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n_seats:
            return seat
        names = [s.upper() for s in self.seats]
        if isinstance(seat, str) and seat.strip().upper() in names:
            return names.index(seat.strip().upper())
        raise InputError(f"{seat!r} is not a seat of {self.name} (seats: {' '.join(self.seats)})")

    def pattern(self, dealer):
        """Owner of each position of the shuffled deck: a seat index, or ``n_seats`` for the talon."""
        return tuple((dealer + 1 + i) % self.n_seats for i in range(len(self.deck)))

    def first_leader(self, dealer):
        """The seat that leads to the first trick when no auction decides it: the dealer's left."""
        return (dealer + 1) % self.n_seats

    def trick_rules(self, trump=None):
        """The play rules of a deal with ``trump`` (a Suit, a letter, or None for no trump)."""
        return TrickRules(self.n_seats, trump, True, self.must_trump)

    def dealing_plan(self, dealer=0):
        """The DealingPlan for deals by ``dealer``."""
        return DealingPlan(self.deck, self.n_seats, self.pattern(self.seat_index(dealer)))

    def deal(self, seed, index=0, dealer=0):
        """Seeded deal number ``index`` (the same as row ``index`` of ``deal_batch`` with that seed)."""
        return deal_one(self.dealing_plan(dealer), seed, index)

    def deal_batch(self, seed, count, dealer=0, start=0):
        """``count`` seeded deals, numbered from ``start``, as one kernel array (a DealBatch)."""
        return deal_batch(self.dealing_plan(dealer), seed, count, start)

    def hand_names(self):
        """The names of the hands in conditions and predealt cards (lower case) and their owner indices: each
        seat by its name and its ``seat_words``, then ``talon`` when the game has one."""
        names = {seat.lower(): k for k, seat in enumerate(self.seats)}
        names.update({word: k for k, word in enumerate(self.seat_words)})
        if self.talon_size:
            names["talon"] = self.n_seats
        return names

    def deal_where(self, seed, count, where=None, predeal=None, accept=None, dealer=0, start=0, tries=None):
        """The first ``count`` seeded deals (a DealBatch; ``batch.number(i)`` is each one's candidate number)
        holding the ``predeal`` cards (text, see trickcore.dealing.parse_predeal) and satisfying ``where`` (a
        condition's text, see trickcore.condition, run in the kernel) and ``accept`` (a Python callable taking
        a Deal). The same arguments give the same deals however a run is split (continue at
        ``batch.next_number``)."""
        plan = self.dealing_plan(dealer)
        names = self.hand_names()
        condition = None if where is None else compile_condition(where, names, owner_sizes(plan))
        predealt = None if not predeal else parse_predeal(predeal, names, plan)
        return deal_where(plan, seed, count, condition, predealt, accept, start, tries)

    def parse_deal(self, text):
        """Read a deal of this game and check its size."""
        deal = parse_deal(text, self.deck)
        if deal.n_seats != self.n_seats or len(deal.talon) != self.talon_size:
            raise InvalidDeal(f"a {self.name} deal has {self.n_seats} hands"
                              + (f" and a talon of {self.talon_size}" if self.talon_size else ""))
        return deal

    def format_deal(self, deal):
        """The canonical text of a deal."""
        return deal.to_string()

    def format_deals(self, batch, notation, seed, dealer):
        """The deals of ``batch`` (dealt by seat index ``dealer`` from ``seed``) written in ``notation``, one of
        ``deal_notations`` (PBN: one game of tags per deal); InputError for a notation the game does not write."""
        if notation not in self.deal_notations:
            raise InputError(f"{self.name} deals are not written as {notation} (notations: "
                             f"{', '.join(self.deal_notations) or 'none'})", field="format")
        games = []
        for index, deal in enumerate(batch):
            tags = [("Event", f"trickcore seed {seed}"), ("Board", str(index + 1)), ("Dealer", self.seats[dealer]),
                    ("Deal", self.format_deal(deal))]
            if self.pbn_game_tag:
                tags.insert(0, ("Game", self.title))
            games.append("".join(f'[{name} "{value}"]\n' for name, value in tags))
        return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(games)

    def natural_trumps(self, batch):
        """Each deal's trump when the game itself fixes it (whist's turn-up), or None when it must be given."""
        return None

    def random_play(self, deal, trump=None, leader=None, seed=0, index=0):
        """Play ``deal`` with uniformly random legal cards; returns a trickcore PlayRecord."""
        leader = self.first_leader(0) if leader is None else self.seat_index(leader)
        return random_playout(self.trick_rules(trump), deal, leader, seed, index)

    def deal_dict(self, deal):
        """A JSON-ready description of a deal: the deal string, each hand, the talon."""
        out = {"deal": self.format_deal(deal),
               "hands": {seat: format_hand(h) for seat, h in zip(self.seats, deal.hands)}}
        if self.talon_size:
            out["talon"] = [str(c) for c in sorted(deal.talon, reverse=True)]
        return out

    def new_state(self, deal, dealer=0, variant=None, **options):
        """The State of one deal of this game, before its first action (see ``State``)."""
        raise InputError(f"{self.name} cannot be played through states yet")

    def simulation_state(self, deal, index, dealer, variant=None, last_card=None):
        """The State of deal number ``index`` of a simulation, dealt by seat index ``dealer`` (``last_card``: the
        card dealt last, whist's turn-up)."""
        return self.new_state(deal, dealer, variant)

    def batch_records(self, deals, indices, dealer, variant, agent_names, agent_seeds):
        """The records of deals ``deals`` (numbers ``indices`` in a simulation, dealt by seat index ``dealer``)
        played by ``agent_names`` seeded ``agent_seeds``, from a compiled batch that plays exactly as the agents
        do through the protocol; None when the game has no such batch for these agents."""
        return None

    def simulation_analysis(self, deal, index, dealer):
        """The double-dummy analysis of deal number ``index`` of a simulation, dealt by seat index ``dealer``,
        with the options the played deal had (``analyse``; the dealer where the game takes one)."""
        options = {"dealer": self.seats[dealer]} if "dealer" in self.analysis_options else {}
        return self.analyse(deal, **options)

    def record_dict(self, record):
        """A deal's result record (``State.record()``) as the JSON object its scorers read."""
        return record.to_dict()

    def outcome(self, record):
        """The few facts of a played deal that a simulation summarises (name -> number, yes/no or name)."""
        raise InputError(f"{self.name} deals cannot be summarised yet")

    def new_match(self, seed, variant=None, **options):
        """The game-specific facts of a match (a ``Match``): seats, dealer rotation, when it ends."""
        raise InputError(f"{self.name} has no agents yet: play it without --agents")

    def play_match(self, agents, seed, options):
        """Play a whole match with agents (``tricks play --agents``); returns a MatchReport.

        ``agents`` is one agent name per seat (a single name is repeated); ``options`` holds the other
        ``tricks play`` options (variant, players, pool_target, hands, protocol, dealer, trump).
        """
        options = dict(options)
        match = self.new_match(seed, **options)
        return match.report(run_match(match, agents, seed))

    def analysis_settings(self, opts):
        """``opts`` if every name is one of ``analysis_options``; otherwise an InputError naming the option."""
        for name in opts:
            if name not in self.analysis_options:
                known = ", ".join(self.analysis_options) or "none"
                raise InputError(f"the {self.name} analysis takes no option {name!r} (options: {known})",
                                 field=name)
        return opts

    def analyse(self, deal, **opts):
        """Double-dummy analysis of ``deal``: each side's tricks for every trump suit and no trump (a TrickTable).

        Options are ``analysis_options``; games override this with the analysis in their own terms.
        """
        dealer = self.seat_index(self.analysis_settings(opts).get("dealer", 0))
        return side_tricks(self, deal, dealer, (*Suit, None))

    def read_deals(self, path, log=None):
        """The deals of a file, each with its own analysis options and its name in the file (e.g. its board
        number): [(deal, options, label dict)], all checked before any is analysed; ``log`` (a ReadLog) collects
        a forgiving reader's warnings."""
        raise InputError(f"{self.name} reads no file of deals: analyse one deal at a time", source=path)

    def analyse_batch(self, items, jobs=1, **opts):
        """``analyse`` for each (deal, options, ...) of ``items`` (as ``read_deals`` gives them; a deal's own
        options over ``opts``) on ``jobs`` worker processes; a lazy iterator in order."""
        self.analysis_settings(opts)
        return solve_batch(_analyse, ((self, item[0], {**opts, **item[1]}) for item in items), jobs)

    def diagram(self, deal):
        """The deal as text: a compass diagram for four hands, otherwise one block per hand."""
        if self.n_seats == 4 and not self.talon_size:
            return compass_diagram(self.seats, deal.hands)
        blocks = []
        for seat, hand in zip(self.seats, deal.hands):
            blocks.append(hand_lines(seat, hand))
        if self.talon_size:
            blocks.append(["talon: " + " ".join(str(c) for c in sorted(deal.talon, reverse=True))])
        width = max(len(line) for block in blocks for line in block) + 3
        rows = []
        for k in range(0, len(blocks), 2):
            pair = blocks[k:k + 2]
            for i in range(max(len(b) for b in pair)):
                cells = [b[i] if i < len(b) else "" for b in pair]
                rows.append("".join(c.ljust(width) for c in cells).rstrip())
        return "\n".join(rows)


def _analyse(game, deal, opts):
    """``game.analyse(deal, **opts)``: one task of ``analyse_batch`` (a module function, for worker processes)."""
    return game.analyse(deal, **opts)


@attrs.frozen
class TrickTable:
    """Each side's double-dummy tricks in one deal for each trump, one seat leading to the first trick.

    ``tricks`` is {trump ("S".."C", "NT"): {side: tricks}}; a side is a partnership with four seats (named by
    its seats, "NS"), otherwise one seat alone against all the others. ``titles`` name the sides in text.
    """

    deal: str
    dealer: str
    leader: str
    tricks: dict
    titles: tuple

    def to_dict(self):
        """JSON-ready form: the deal, dealer, leader and the tricks per trump and side."""
        return {"deal": self.deal, "dealer": self.dealer, "leader": self.leader, "tricks": self.tricks}

    def text(self):
        """The tricks as text: a line per trump, the sides' tricks in ``titles`` order."""
        lines = [self.deal, f"dealer {self.dealer}, {self.leader} leads; tricks {' / '.join(self.titles)}:"]
        for trump, row in self.tricks.items():
            label = "no trump" if trump == "NT" else f"trumps {trump}"
            lines.append(f"  {label}: " + " / ".join(str(n) for n in row.values()))
        return "\n".join(lines) + "\n"


def side_tricks(game, deal, dealer, trumps, titles=None):
    """The TrickTable of ``deal`` in ``game`` for ``trumps`` (Suits, None for no trump), dealt by ``dealer``.

    The dealer's left leads (``game.first_leader``), every trick by ``game.trick_rules(trump)``. With four
    seats the partners (seats 0 and 2, 1 and 3) play together: one search per trump; with three each seat
    plays alone against the two others: one search per seat and trump.
    """
    leader = game.first_leader(dealer)
    n = game.n_seats
    if n == 4:
        sides = ((0, 2), (1, 3))
    else:
        sides = tuple((seat,) for seat in range(n))
    names = tuple("".join(game.seats[s] for s in side) for side in sides)
    tricks = {}
    for trump in trumps:
        rules = game.trick_rules(trump)
        if n == 4:
            first = solve(Position(rules, deal.hands, leader, seat=0))
            row = (first, deal.hand_size - first)
        else:
            row = tuple(solve(Position(rules, deal.hands, leader, seat=s, declarer=s)) for s in range(n))
        tricks["NT" if trump is None else trump.letter] = dict(zip(names, row))
    return TrickTable(game.format_deal(deal), game.seats[dealer], game.seats[leader], tricks,
                      names if titles is None else tuple(titles))


def hand_lines(seat, hand):
    """A hand as lines: its seat name, then one line per suit (``♠ A K 7``), a void as ``-``."""
    lines = [str(seat)]
    for suit in Suit:
        ranks = sorted((c.rank for c in hand if c.suit == suit), reverse=True)
        lines.append(f"{suit.symbol} " + (" ".join(r.letter for r in ranks) or "-"))
    return lines


def compass_diagram(seats, hands):
    """Four hands in the usual bridge diagram: the first seat on top, the second right, third below, fourth left."""
    top, right, bottom, left = (hand_lines(s, h) for s, h in zip(seats, hands))
    pad = " " * 16
    rows = [pad + line for line in top]
    for i in range(len(left)):
        rows.append((left[i].ljust(32) + right[i]).rstrip())
    rows.extend(pad + line for line in bottom)
    return "\n".join(rows)


@attrs.frozen
class MatchReport:
    """What ``play_match`` returns: the text a person reads, and the same content as a JSON-ready dict."""

    text: str
    data: dict


PHASES = ("auction", "talon", "defence", "play", "done")


class State:
    """One deal in progress, as OpenSpiel's state: the one way every game is driven, whatever its phases.

    A game's ``table.py`` subclasses it. ``current_seat`` is the index (into the match's agents) of the one
    who acts next, ``phase`` one of PHASES, ``legal_actions()`` the actions that seat may take now (calls,
    talon choices, defence announcements, cards: one action vocabulary per game), ``apply(action)`` takes one
    and costs O(1) Python work for a card (never a rebuild of the tricks so far). ``view(seat)`` holds only
    what that seat may see; ``open_view(seat)`` adds every hand as it stands (for double-dummy agents only,
    through ``games.double_dummy.view_for``). ``record()`` is the finished deal's result record.
    """

    phase = "done"
    current_seat = None

    def legal_actions(self):
        """The actions the current seat may take, in a fixed order."""
        raise NotImplementedError

    def apply(self, action):
        """Take ``action`` for the current seat; an illegal one raises the game's IllegalAction subclass."""
        raise NotImplementedError

    def undo(self):
        """Take the last action back (games offer it where it is cheap: the play of a card)."""
        raise InputError("this game cannot undo an action")

    @property
    def is_terminal(self):
        """True once the deal is over and ``record()`` is final."""
        return self.phase == "done"

    def view(self, seat):
        """What ``seat`` may see now."""
        raise NotImplementedError

    def open_view(self, seat):
        """``view(seat)`` with every hand as it stands: what a double-dummy agent is allowed."""
        raise NotImplementedError

    def record(self):
        """The deal's result record (the game's ``record.py`` type)."""
        raise NotImplementedError


class Agent:
    """A player: built as ``Agent(seat, seed, **options)``, asked ``act(view) -> action`` whenever it is its turn.

    Agents are registered per game under the entry-point group ``trickcore.agents`` as ``<game>-<name>``;
    ``omniscient`` agents (double dummy) are shown ``State.open_view`` instead of ``State.view``.
    """

    game = None
    name = None
    omniscient = False

    def __init__(self, seat, seed=0, **options):
        self.seat = seat
        self.seed = seed
        self.options = options

    def act(self, view):
        """The action this agent takes in ``view``."""
        raise NotImplementedError


class Match:
    """The game-specific facts of a match that the shared runner asks for (a game's ``match.py`` subclasses it).

    ``n_players`` agents take part; deal ``index`` is dealt by ``dealer``; the scoring system's ledger
    (``ledger()``, or None when the game keeps no score) decides when the match is over.
    """

    game = None
    n_players = 0
    max_deals = None

    def first_dealer(self):
        """The dealer of the first deal."""
        return 0

    def next_dealer(self, dealer, record):
        """The dealer of the deal after one dealt by ``dealer`` with result ``record``."""
        return (dealer + 1) % self.n_players

    def new_state(self, index, dealer):
        """The State of deal number ``index``, dealt by ``dealer``."""
        raise NotImplementedError

    def ledger(self):
        """A fresh ledger of the match's scoring system, or None."""
        return None

    def is_over(self, ledger, records):
        """True when the match ends after ``records`` (by default when the ledger says so)."""
        return ledger is not None and ledger.is_over

    def report(self, result):
        """The MatchReport of a finished match (a MatchResult)."""
        raise NotImplementedError


@attrs.frozen
class MatchResult:
    """What ``run_match`` returns: the result records in order, the ledger (or None) and the agent names."""

    records: tuple
    ledger: object
    agent_names: tuple


def agent_classes(game_name, names, n_players):
    """The agent class of each player from ``names`` (one name is repeated), and the names as used."""
    from trickcore.games.registry import get_agent

    names = tuple(name.lower() for name in name_list(names))
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise InputError(f"{game_name} needs {n_players} agents here, got {len(names)}", field="agents")
    return [get_agent(game_name, name) for name in names], names


def make_agents(game_name, names, n_players, seed):
    """One agent per player from ``names`` (one name is repeated), each seeded from ``seed`` and its seat."""
    classes, names = agent_classes(game_name, names, n_players)
    return [cls(seat, seed) for seat, cls in enumerate(classes)], names


def play_deal(state, agents):
    """Drive ``state`` to its end, asking the agent of the current seat for each action; returns the state."""
    from trickcore.games.double_dummy import view_for

    while not state.is_terminal:
        seat = state.current_seat
        agent = agents[seat]
        state.apply(agent.act(view_for(agent, state, seat)))
    return state


def run_match(match, agent_names, seed):
    """Play ``match`` with the named agents: deal, play through the State protocol, score, rotate the dealer.

    The same code for every game: the game's Match says who deals next and builds each deal's State; its
    scoring system's ledger says when the match is over.
    """
    agents, names = make_agents(match.game.name, agent_names, match.n_players, seed)
    ledger = match.ledger()
    records = []
    dealer = match.first_dealer()
    while match.max_deals is None or len(records) < match.max_deals:
        state = play_deal(match.new_state(len(records), dealer), agents)
        record = state.record()
        records.append(record)
        if ledger is not None:
            ledger.add(record)
        if match.is_over(ledger, records):
            break
        dealer = match.next_dealer(dealer, record)
    return MatchResult(tuple(records), ledger, names)
