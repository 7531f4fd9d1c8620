"""The Game protocol every game plug-in implements, with the shared dealing and play, and the State, Agent and
Match protocols with the one match runner.

A game states what it is: its deck, seats, dealing pattern, who leads, its play rules, the Setup of a deal and
the options it declares; dealing and random play come from here. The services around it are objects of their
own, reached from the game: ``game.formats`` (games.formats: deals as text), ``game.analysis``
(games.analysis: double-dummy analysis) and ``game.simulation`` (games.simulation_hooks). Variants and richer
games override only what differs (as python-chess does with ``chess.variant``).
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

import attrs

from trickcore.cards import Deck, Suit
from trickcore.condition import compile_condition
from trickcore.dealing import (Deal, DealBatch, DealingPlan, deal_batch, deal_one, deal_where, owner_sizes,
                               parse_predeal)
from trickcore.errors import InputError, PluginError
from trickcore.games.agent_spec import AgentSpec, agent_spec
from trickcore.games.analysis import Analysis
from trickcore.games.formats import Formats
from trickcore.games.options import ANALYSIS_DEALER, Option, given_options
from trickcore.games.simulation_hooks import SimulationHooks
from trickcore.names import name_list
from trickcore.play import PlayRecord, random_playout
from trickcore.rules import TrickRules
from trickcore.scoring.base import Ledger

# Each game's own vocabulary, which the shared protocol passes along without looking inside: the actions a State
# takes (calls, talon choices, cards), what a seat is shown, and a finished deal's result record.
Action = Any
View = Any
Record = Any
# A seat given by its name (any case) or its index.
SeatName = str | int


@attrs.frozen(kw_only=True)
class Setup:
    """What a deal's State needs beside its cards: the ``dealer`` (a seat's name or index) and the ``variant``
    (a name, or the game's own settings object); each game's subclass adds its own facts."""

    dealer: SeatName | None = 0
    variant: object = None


@attrs.frozen
class Game:
    """A trick-taking game: what a plug-in registers under ``trickcore.games``.

    Subclasses set the class-level facts (``name``, ``deck``, ``seats``...) and override ``pattern`` and
    ``first_leader`` when their dealing or lead differs from "one card at a time from the dealer's left".
    """

    name: ClassVar[str] = "game"
    title: ClassVar[str] = "A trick-taking game"
    deck: ClassVar[Deck | None] = None
    seats: ClassVar[tuple[str, ...]] = ()
    talon_size: ClassVar[int] = 0
    must_trump: ClassVar[bool] = False
    variants: ClassVar[tuple[str, ...]] = ()
    auctions: ClassVar[tuple[str, ...]] = ()
    deal_notations: ClassVar[tuple[str, ...]] = ("pbn",)
    pbn_game_tag: ClassVar[bool] = True  # PBN is bridge's notation: every other game names itself in a [Game] tag
    # Longer names of the seats, in seat order, for conditions and predealt cards.
    seat_words: ClassVar[tuple[str, ...]] = ()
    # The options (games.options.Option) a match with agents takes (``new_match``), ``analyse`` takes, and a
    # simulation passes to ``analyse`` (``tricks simulate --solve``): any other given is an error naming it.
    setup_type: ClassVar[type[Setup]] = Setup  # the game's Setup: what ``new_state`` takes beside the deal
    match_options: ClassVar[tuple[Option, ...]] = ()
    analysis_options: ClassVar[tuple[Option, ...]] = (ANALYSIS_DEALER,)
    simulation_options: ClassVar[tuple[Option, ...]] = ()
    # The format of the files of deals ``analysis.read_deals`` reads, if any.
    deal_file: ClassVar[str | None] = None
    # What ``analysis.analyse`` finds, in a few words naming the game (for the CLI's help).
    analysis_summary: ClassVar[str | None] = None
    # What ``simulation.analyse_played`` adds to a played deal, when the game says more.
    played_analysis: ClassVar[str | None] = None
    # One of the game's scoring systems with a setting changed (for the CLI's help).
    scoring_example: ClassVar[str | None] = None
    # The services around the game: each game subclasses the ones where it differs.
    formats_type: ClassVar[type[Formats]] = Formats
    analysis_type: ClassVar[type[Analysis]] = Analysis
    simulation_type: ClassVar[type[SimulationHooks]] = SimulationHooks

    @property
    def formats(self) -> Formats:
        """The game's deals as text (games.formats.Formats)."""
        return self.formats_type(self)

    @property
    def analysis(self) -> Analysis:
        """The game's double-dummy analysis (games.analysis.Analysis)."""
        return self.analysis_type(self)

    @property
    def simulation(self) -> SimulationHooks:
        """What a simulation asks of the game (games.simulation_hooks.SimulationHooks)."""
        return self.simulation_type(self)

    @property
    def n_seats(self) -> int:
        """Seats that hold cards and play to tricks."""
        return len(self.seats)

    @property
    def hand_size(self) -> int:
        """Cards dealt to each seat."""
        return (len(self._deck()) - self.talon_size) // self.n_seats

    def _deck(self) -> Deck:
        """The game's deck; PluginError for a game that states none."""
        if self.deck is None:
            raise PluginError(f"the game {self.name!r} states no deck")
        return self.deck

    def seat_index(self, seat: SeatName) -> int:
        """The index of a seat given by name (any case) or index."""
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.n_seats:
            return seat
        names = [s.upper() for s in self.seats]
        if isinstance(seat, str) and seat.strip().upper() in names:
            return names.index(seat.strip().upper())
        raise InputError(f"{seat!r} is not a seat of {self.name} (seats: {' '.join(self.seats)})")

    def pattern(self, dealer: int) -> tuple[int, ...]:
        """Owner of each position of the shuffled deck: a seat index, or ``n_seats`` for the talon."""
        return tuple((dealer + 1 + i) % self.n_seats for i in range(len(self._deck())))

    def first_leader(self, dealer: int) -> int:
        """The seat that leads to the first trick when no auction decides it: the dealer's left."""
        return (dealer + 1) % self.n_seats

    def trick_rules(self, trump: enum.Enum | str | None = None) -> TrickRules:
        """The play rules of a deal with ``trump`` (a Suit, a letter, or None for no trump)."""
        return TrickRules(self.n_seats, trump, True, self.must_trump)

    def dealing_plan(self, dealer: SeatName = 0) -> DealingPlan:
        """The DealingPlan for deals by ``dealer``."""
        return DealingPlan(self._deck(), self.n_seats, self.pattern(self.seat_index(dealer)))

    def deal(self, seed: int, index: int = 0, dealer: SeatName = 0) -> Deal:
        """Seeded deal number ``index`` (the same as row ``index`` of ``deal_batch`` with that seed)."""
        return deal_one(self.dealing_plan(dealer), seed, index)

    def deal_batch(self, seed: int, count: int, dealer: SeatName = 0, start: int = 0) -> DealBatch:
        """``count`` seeded deals, numbered from ``start``, as one kernel array (a DealBatch)."""
        return deal_batch(self.dealing_plan(dealer), seed, count, start)

    def hand_names(self) -> dict[str, int]:
        """The names of the hands in conditions and predealt cards (lower case) and their owner indices: each
        seat by its name and its ``seat_words``, then ``talon`` when the game has one."""
        names = {seat.lower(): k for k, seat in enumerate(self.seats)}
        names.update({word: k for k, word in enumerate(self.seat_words)})
        if self.talon_size:
            names["talon"] = self.n_seats
        return names

    def deal_where(self, seed: int, count: int, where: str | None = None, predeal: str | Sequence[str] | None = None,
                   accept: Callable[[Deal], bool] | None = None, dealer: SeatName = 0, start: int = 0,
                   tries: int | None = None) -> DealBatch:
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

    def natural_trumps(self, batch: DealBatch) -> Sequence[Suit] | None:
        """Each deal's trump when the game itself fixes it (whist's turn-up), or None when it must be given."""
        return None

    def random_play(self, deal: Deal, trump: enum.Enum | str | None = None, leader: SeatName | None = None,
                    seed: int = 0, index: int = 0) -> PlayRecord:
        """Play ``deal`` with uniformly random legal cards; returns a trickcore PlayRecord."""
        leader = self.first_leader(0) if leader is None else self.seat_index(leader)
        return random_playout(self.trick_rules(trump), deal, leader, seed, index)

    def new_state(self, deal: Deal, setup: Setup) -> State:
        """The State of one deal of this game, before its first action (see ``State``); ``setup`` is the game's
        ``setup_type``."""
        raise InputError(f"{self.name} cannot be played through states yet")

    def new_match(self, seed: int, **options: object) -> Match:
        """The game-specific facts of a match (a ``Match``): seats, dealer rotation, when it ends; ``options``
        (None for one not given) are the game's ``match_options``, any other given is an InputError."""
        match_type = self.match_type()
        return match_type.setup(self, seed, **given_options(self.match_options, options, f"a {self.name} match"))

    def match_type(self) -> type[Match]:
        """The game's Match class."""
        raise InputError(f"{self.name} has no agents yet: play it without --agents")

    def play_match(self, agents: str | Iterable[str], seed: int, options: Mapping[str, object],
                   progress: Callable[[int], None] | None = None) -> MatchReport:
        """Play a whole match with agents (``tricks play --agents``); returns a MatchReport.

        ``agents`` is one agent name per seat (a single name is repeated); ``options`` holds the other
        ``tricks play`` options (the game's ``match_options``; None for one not given). ``progress(n)`` is
        called with the number of deals played after each deal.
        """
        match = self.new_match(seed, **options)
        return match.report(run_match(match, agents, seed, progress))



@attrs.frozen
class MatchReport:
    """What ``play_match`` returns: the text a person reads, and the same content as a JSON-ready dict."""

    text: str
    data: dict[str, Any]


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

    phase: str = "done"
    current_seat: int | None = None

    def legal_actions(self) -> Sequence[Action]:
        """The actions the current seat may take, in a fixed order."""
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        """Take ``action`` for the current seat; an illegal one raises the game's IllegalAction subclass."""
        raise NotImplementedError

    def undo(self) -> None:
        """Take the last action back (games offer it where it is cheap: the play of a card)."""
        raise InputError("this game cannot undo an action")

    @property
    def is_terminal(self) -> bool:
        """True once the deal is over and ``record()`` is final."""
        return self.phase == "done"

    def view(self, seat: int) -> View:
        """What ``seat`` may see now."""
        raise NotImplementedError

    def open_view(self, seat: int) -> View:
        """``view(seat)`` with every hand as it stands: what a double-dummy agent is allowed."""
        raise NotImplementedError

    def record(self) -> Record:
        """The deal's result record (the game's ``record.py`` type)."""
        raise NotImplementedError


class Agent:
    """A player: built as ``Agent(seat, seed, **options)``, asked ``act(view) -> action`` whenever it is its turn.

    Agents are registered per game under the entry-point group ``trickcore.agents`` as ``<game>-<name>``;
    ``omniscient`` agents (double dummy) are shown ``State.open_view`` instead of ``State.view``.
    """

    game: ClassVar[str | None] = None
    name: ClassVar[str | None] = None
    omniscient: ClassVar[bool] = False

    def __init__(self, seat: int, seed: int = 0, **options: object) -> None:
        self.seat = seat
        self.seed = seed
        self.options = options

    def act(self, view: View) -> Action:
        """The action this agent takes in ``view``."""
        raise NotImplementedError


class Match:
    """The game-specific facts of a match that the shared runner asks for (a game's ``match.py`` subclasses it).

    ``n_players`` agents take part; deal ``index`` is dealt by ``dealer``; the scoring system's ledger
    (``ledger()``, or None when the game keeps no score) decides when the match is over.
    """

    game: Game  # set by each match
    n_players: int = 0
    max_deals: int | None = None

    @classmethod
    def setup(cls, game: Game, seed: int, **options: object) -> Match:
        """The match of ``game`` from ``seed`` with ``options``, the given ones of the game's ``match_options``;
        InputError naming an option whose value does not fit."""
        raise NotImplementedError

    def first_dealer(self) -> int:
        """The dealer of the first deal."""
        return 0

    def next_dealer(self, dealer: int, record: Record) -> int:
        """The dealer of the deal after one dealt by ``dealer`` with result ``record``."""
        return (dealer + 1) % self.n_players

    def new_state(self, index: int, dealer: int) -> State:
        """The State of deal number ``index``, dealt by ``dealer``."""
        raise NotImplementedError

    def ledger(self) -> Ledger | None:
        """A fresh ledger of the match's scoring system, or None."""
        return None

    def is_over(self, ledger: Ledger | None, records: Sequence[Record]) -> bool:
        """True when the match ends after ``records`` (by default when the ledger says so)."""
        return ledger is not None and ledger.is_over

    def report(self, result: MatchResult) -> MatchReport:
        """The MatchReport of a finished match (a MatchResult)."""
        raise NotImplementedError


@attrs.frozen
class MatchResult:
    """What ``run_match`` returns: the result records in order, the ledger (or None) and the agent names."""

    records: tuple[Record, ...]
    ledger: Ledger | None
    agent_names: tuple[str, ...]


def agent_classes(game_name: str, names: str | Iterable[str],
                  n_players: int) -> tuple[list[AgentSpec], tuple[str, ...]]:
    """The agent of each player from ``names`` (one name is repeated; each an agent's name and its options,
    games.agent_spec), as an AgentSpec that builds it, and the names as used."""
    names = tuple(" ".join(name.lower().split()) for name in name_list(names))
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise InputError(f"{game_name} needs {n_players} agents here, got {len(names)}", field="agents")
    return [agent_spec(game_name, name) for name in names], names


def make_agents(game_name: str, names: str | Iterable[str], n_players: int,
                seed: int) -> tuple[list[Agent], tuple[str, ...]]:
    """One agent per player from ``names`` (one name is repeated), each seeded from ``seed`` and its seat."""
    classes, names = agent_classes(game_name, names, n_players)
    return [cls(seat, seed) for seat, cls in enumerate(classes)], names


def play_deal(state: State, agents: Sequence[Agent]) -> State:
    """Drive ``state`` to its end, asking the agent of the current seat for each action; returns the state."""
    from trickcore.games.double_dummy import view_for

    while not state.is_terminal:
        seat = state.current_seat
        assert seat is not None, "a deal in progress has a seat to act"
        agent = agents[seat]
        state.apply(agent.act(view_for(agent, state, seat)))
    return state


def run_match(match: Match, agent_names: str | Iterable[str], seed: int,
              progress: Callable[[int], None] | None = None) -> MatchResult:
    """Play ``match`` with the named agents: deal, play through the State protocol, score, rotate the dealer;
    ``progress(n)`` is called with the number of deals played after each deal.

    The same code for every game: the game's Match says who deals next and builds each deal's State; its
    scoring system's ledger says when the match is over.
    """
    agents, names = make_agents(match.game.name, agent_names, match.n_players, seed)
    ledger = match.ledger()
    records: list[Record] = []
    dealer = match.first_dealer()
    while match.max_deals is None or len(records) < match.max_deals:
        state = play_deal(match.new_state(len(records), dealer), agents)
        record = state.record()
        records.append(record)
        if progress is not None:
            progress(len(records))
        if ledger is not None:
            ledger.add(record)
        if match.is_over(ledger, records):
            break
        dealer = match.next_dealer(dealer, record)
    return MatchResult(tuple(records), ledger, names)
