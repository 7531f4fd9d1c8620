"""The options a game declares as data: what a match with agents, an analysis and a simulation's solve take,
each with its type, help text and owner, so the command line builds its flags from them and refuses the rest."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import attrs

from trickcore.errors import InputError

FILE = "file"                           # an Option type: a file the command writes
TRUMPS = ("S", "H", "D", "C", "NT")


@attrs.frozen
class Option:
    """One option: its keyword ``name`` (the flag is ``--name`` with dashes), its ``help`` text, its ``type``
    (str, int, bool for a flag, FILE, or a tuple of choices), its ``default`` and the game that ``owner``\\ s it
    ("game" when every game may take it)."""

    name: str
    help: str
    type: type | tuple[str, ...] | str = str
    default: object = None
    owner: str = "game"
    metavar: str | None = None

    @property
    def flag(self) -> str:
        """The option's command-line flag."""
        return "--" + self.name.replace("_", "-")


# What every game's deals take, with or without agents.
DEALER = Option("dealer", "The dealer's seat (default: the first seat).")
# A simulation's deals pass round the table as in play unless --dealer fixes one.
SIMULATION_DEALER = Option("dealer", "One dealer for every deal (default: as in play, board k's dealer in bridge, "
                                     "the deal passing to the left in whist and preferans).")
TRUMP = Option("trump", "Trump suit, or NT (default: the game's own rule, e.g. whist's turn-up; otherwise NT).",
               TRUMPS)
# What a match with agents may take, in whatever game declares it.
VARIANT = Option("variant", "The game's variant (with --agents).")
PLAYER_COUNT = Option("players", "Number of players (with --agents).", int)
HANDS = Option("hands", "Number of hands or deals to play (with --agents).", int)
PROTOCOL = Option("protocol", "Also write the match's protocol/record to this file (with --agents).", FILE)
# A game whose match declares it takes its variant's play settings changed by name: `tricks play` spells it
# --set NAME=VALUE, as the scoring commands do, and the Python route takes them as keywords; no flag of its own.
PLAY_SETTINGS = Option("settings", "Play settings of the variant changed by name (with --agents).", dict)
# The analysis options several games share.
ANALYSIS_DEALER = Option("dealer", "The dealer (his left leads; par counts who bids first).")
ANALYSIS_DECLARER = Option("declarer", "The declarer whose contracts are solved (e.g. hand1), or of --contract.")
ANALYSIS_TRUMP = Option("trump", "The trump suit (bridge: of the position --leader leads, C D H S or NT; whist: the "
                                 "one suit to analyse, default each in turn).")
LINE = Option("line", "With a position to play from (bridge: --trump and --leader, or --contract and --declarer; "
                       "whist: --trump): also one best line of play to the end of the deal, each card keeping the "
                       "double-dummy value (the lowest such card, spades first between equal ranks).", bool)
SOLVE_DECLARER = Option("declarer", "--solve: the declarer (bridge: of --contract; preferans: hand1..3).")


def merged(declarations: Iterable[Sequence[Option]]) -> tuple[Option, ...]:
    """The options of several declarations (tuples of Options, e.g. one per game), one per name: each new name
    right after the one its own declaration puts before it, so every declaration's order is kept."""
    found: list[Option] = []
    for options in declarations:
        for k, option in enumerate(options):
            if any(o.name == option.name for o in found):
                continue
            before = [i for i, o in enumerate(found) if k and o.name == options[k - 1].name]
            found.insert(before[0] + 1 if before else len(found), option)
    return tuple(found)


def given_options(declared: Iterable[Option], given: Mapping[str, object], what: str) -> dict[str, object]:
    """The options of ``given`` (name -> value) that have a value, after checking that ``declared`` (Options)
    names each; otherwise an InputError naming the option and the ones ``what`` (e.g. "a whist match") takes."""
    names = [option.name for option in declared]
    found = {name: value for name, value in given.items() if value is not None}
    for name in found:
        if name not in names:
            known = ", ".join("--" + n.replace("_", "-") for n in names) or "none"
            raise InputError(f"--{name.replace('_', '-')} does not apply to {what} (its options: {known})",
                             field=name)
    return found
