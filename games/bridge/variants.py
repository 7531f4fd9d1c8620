"""Bridge's variants: the standard game (rules/bridge.md §1-§4) and the table sizes of rules/bridge-variants.md (two,
three, four with the tour, five and six players). Every variant plays ordinary bridge deals on the seats N E S W; a
variant overrides only what differs (as python-chess's ``chess.variant`` does): who controls which seat in each
rubber of a session (its seating and rotation), which seats are faced after the opening lead, whether the
lone player sees his dummy before he calls, and (three players) the auction.

A seating maps each seat to a player id or ``DUMMY``; a dummy seat is controlled by the player of its partner
seat (§1.1), so ``controllers`` follows from the seating.

Sections (§) and decisions are those of docs/rules/bridge-variants.md.
"""
import attrs

from trickcore.errors import InputError, InvalidRecord
from trickcore.games.bridge.auction import Auction, ThreePlayerAuction
from trickcore.games.bridge.vocab import Seat

DUMMY = "dummy"
SEAT_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)


def controllers(seats):
    """{seat: player} from a seating {seat: player or DUMMY}: a dummy seat's player is its partner seat's."""
    return {seat: seats[seat.partner] if seats[seat] == DUMMY else seats[seat] for seat in SEAT_ORDER}


@attrs.frozen
class BridgeVariant:
    """The standard game and the base of the table sizes: a name, whether a void player must trump, and the
    hooks a table size overrides. Four players sit N E S W in ``players`` order."""

    name: str
    must_trump: bool = False
    players: int = 4
    rotations: tuple = ("fixed",)
    title: str = "four players (fixed partnerships)"

    def check_rotation(self, rotation):
        """``rotation`` itself, or the default (the first of ``rotations``; None for two and three players, whose
        seating follows from the table); InvalidRecord naming the ones this table size has."""
        if rotation is None:
            return self.rotations[0] if self.rotations else None
        if rotation not in self.rotations and rotation != "free":
            raise InvalidRecord(f"a {self.name} session has no rotation {rotation!r} (rotations: "
                                f"{', '.join(self.rotations + ('free',))})", field="rotation")
        return rotation

    def session_rubbers(self, rotation=None):
        """The rubbers of a complete session, or None when a session may have any number (fixed partners)."""
        return None

    def cycle(self, rotation=None):
        """The rubbers after which the rotation starts again (1 when it never changes)."""
        return 1

    def seating(self, players, rubber, rotation=None):
        """{seat: player id or DUMMY} of rubber number ``rubber`` (1-based) for ``players`` in order."""
        return dict(zip(SEAT_ORDER, players))

    def sitting_out(self, players, rubber, rotation=None):
        """The players who take no part in rubber ``rubber``, in ``players`` order."""
        seated = set(self.seating(players, rubber, rotation).values())
        return [p for p in players if p not in seated]

    def exposed(self, declarer):
        """The seats faced for everybody after the opening lead: the declarer's partner (rules/bridge.md §4.1)."""
        return frozenset((declarer.partner,))

    def sees_dummy_in_auction(self, auction):
        """True when a player who controls a dummy seat may look at it during ``auction`` (his own and his dummy's
        hands are his from the deal on; three players: the lone player from phase L on)."""
        return True

    def new_auction(self, dealer, calls=()):
        """The auction of one deal: rules/bridge.md §3."""
        return Auction(dealer, calls)


@attrs.frozen
class TwoPlayer(BridgeVariant):
    """Two players, each with a dummy (§2): A holds S and N, B holds W and E (decision B3);
    both dummy seats N and E are faced after the opening lead, whoever declares (decision B4)."""

    def seating(self, players, rubber, rotation=None):
        """A = S + dummy N, B = W + dummy E in every rubber."""
        a, b = players
        return {Seat.N: DUMMY, Seat.E: DUMMY, Seat.S: a, Seat.W: b}

    def exposed(self, declarer):
        """The two dummy seats N and E."""
        return frozenset((Seat.N, Seat.E))


@attrs.frozen
class ThreePlayer(BridgeVariant):
    """Three players (§3): in rubber k the lone player ``players[k−1]`` holds S and the open dummy
    N, the next player W, the other E (decision B6); the phase auction of §3.2; N is faced after the opening lead
    in every deal, and a declaring partner's partner besides (decision B8)."""

    def session_rubbers(self, rotation=None):
        """Three rubbers: each player is the lone player once."""
        return 3

    def cycle(self, rotation=None):
        """Three rubbers."""
        return 3

    def seating(self, players, rubber, rotation=None):
        """Lone player at S with the dummy N; the player after him W, the remaining one E."""
        k = (rubber - 1) % 3
        return {Seat.N: DUMMY, Seat.E: players[(k + 2) % 3], Seat.S: players[k], Seat.W: players[(k + 1) % 3]}

    def exposed(self, declarer):
        """The open dummy N and the declarer's partner."""
        return frozenset((Seat.N, declarer.partner))

    def sees_dummy_in_auction(self, auction):
        """The lone player looks at the dummy only from his declaration (phase L) on."""
        return auction.phase != "P"

    def new_auction(self, dealer, calls=()):
        """The phase auction of §3.2."""
        return ThreePlayerAuction(dealer, calls)


# The tour (§4): rubber k pairs A with B, then C, then D (indices into players, N S E W).
TOUR = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))


@attrs.frozen
class FourPlayer(BridgeVariant):
    """Four players (§4): fixed partnerships N E S W, or the tour of three rubbers in which each
    player partners each other player once."""

    def session_rubbers(self, rotation=None):
        """Three rubbers for the tour; any number with fixed partners."""
        return 3 if rotation == "tour" else None

    def cycle(self, rotation=None):
        """Three rubbers for the tour."""
        return 3 if rotation == "tour" else 1

    def seating(self, players, rubber, rotation=None):
        """``players`` at N E S W, or the tour's rubber ``rubber``."""
        if rotation != "tour":
            return super().seating(players, rubber, rotation)
        n, s, e, w = (players[i] for i in TOUR[(rubber - 1) % 3])
        return {Seat.N: n, Seat.E: e, Seat.S: s, Seat.W: w}


@attrs.frozen
class FivePlayer(BridgeVariant):
    """Five players (§5.1, decision B9): a cycle of five rubbers; in rubber r, with
    s = (r − 1) mod 5, P_s sits out and N, E, S, W are P_(s+1), P_(s+2), P_(s+4), P_(s+3)."""

    def cycle(self, rotation=None):
        """Five rubbers."""
        return 5

    def seating(self, players, rubber, rotation=None):
        """The §5.1 table's rubber ``rubber`` (rubber 6 = rubber 1)."""
        s = (rubber - 1) % 5
        return {Seat.N: players[(s + 1) % 5], Seat.E: players[(s + 2) % 5], Seat.S: players[(s + 4) % 5],
                Seat.W: players[(s + 3) % 5]}


# The three rubbers of each block of six-player play (§5.2): the offsets from b of the players
# P_(b+k) at N, S, E, W; None stands for F (players[5]).
SIX_BLOCK = ((1, 2, 3, 4), (2, None, 0, 3), (0, None, 1, 4))


@attrs.frozen
class SixPlayer(BridgeVariant):
    """Six players (§5.2, decision B9): a cycle of 15 rubbers in five blocks of three; in block
    b the sit-out pairs are {P_b, F}, {P_(b+1), P_(b+4)}, {P_(b+2), P_(b+3)}."""

    def cycle(self, rotation=None):
        """Fifteen rubbers."""
        return 15

    def seating(self, players, rubber, rotation=None):
        """The §5.2 table's rubber ``rubber`` (rubber 16 = rubber 1)."""
        b, j = ((rubber - 1) // 3) % 5, (rubber - 1) % 3
        n, s, e, w = (players[5] if k is None else players[(b + k) % 5] for k in SIX_BLOCK[j])
        return {Seat.N: n, Seat.E: e, Seat.S: s, Seat.W: w}


STANDARD = BridgeVariant("standard")
TWO_PLAYER = TwoPlayer("two_player", players=2, rotations=(), title="two players, each with a dummy")
THREE_PLAYER = ThreePlayer("three_player", players=3, rotations=(),
                           title="three players: a lone player with an open dummy, three rubbers")
FOUR_PLAYER = FourPlayer("four_player", players=4, rotations=("fixed", "tour"),
                         title="four players: fixed partners, or the tour of three rubbers")
FIVE_PLAYER = FivePlayer("five_player", players=5, rotations=("cycle",),
                         title="five players: one sits out, a cycle of five rubbers")
SIX_PLAYER = SixPlayer("six_player", players=6, rotations=("cycle",),
                       title="six players: two sit out, a cycle of fifteen rubbers")
VARIANTS = {v.name: v for v in (STANDARD, TWO_PLAYER, THREE_PLAYER, FOUR_PLAYER, FIVE_PLAYER, SIX_PLAYER)}
TABLES = {v.players: v for v in (TWO_PLAYER, THREE_PLAYER, FOUR_PLAYER, FIVE_PLAYER, SIX_PLAYER)}


def variant(name=None):
    """The variant called ``name`` (any case; None = standard); InputError naming the known ones."""
    if name is None or isinstance(name, BridgeVariant):
        return name or STANDARD
    found = VARIANTS.get(str(name).strip().lower())
    if found is None:
        raise InputError(f"unknown bridge variant {name!r} (known: {', '.join(VARIANTS)})", field="variant")
    return found


def table(players):
    """The table-size variant of a session of ``players`` players (2-6); InvalidRecord otherwise."""
    found = TABLES.get(players)
    if found is None:
        raise InvalidRecord(f"a rubber session has 2 to 6 players, not {players}", field="players")
    return found


def rotation_table(players, rotation=None):
    """One cycle of a session's seating for ``players`` (2-6 names): a list of {"rubber", "seats" {seat name:
    player or DUMMY}, "sitting_out"}, the rotation's default (or ``rotation``) deciding it."""
    size = table(len(players))
    rotation = size.check_rotation(rotation)
    if rotation == "free":
        raise InvalidRecord("a free rotation has no table: every rubber gives its seats", field="rotation")
    rubbers = []
    for number in range(1, size.cycle(rotation) + 1):
        seats = size.seating(players, number, rotation)
        rubbers.append({"rubber": number, "seats": {s.name: seats[s] for s in SEAT_ORDER},
                        "sitting_out": size.sitting_out(players, number, rotation)})
    return rubbers


def rotation_counts(players, rubbers):
    """What makes a rotation fair, counted over ``rubbers`` (rotation_table rows): for each player the rubbers he
    sits out and sits at N; for each pair of players ("A-B") the rubbers they are partners and opponents."""
    pairs = [f"{a}-{b}" for i, a in enumerate(players) for b in players[i + 1:]]
    counts = {"sat_out": dict.fromkeys(players, 0), "at_north": dict.fromkeys(players, 0),
              "partners": dict.fromkeys(pairs, 0), "opponents": dict.fromkeys(pairs, 0)}
    order = {p: i for i, p in enumerate(players)}
    for row in rubbers:
        seats = {Seat[s]: p for s, p in row["seats"].items()}
        held = controllers(seats)
        for player in row["sitting_out"]:
            counts["sat_out"][player] += 1
        if seats[Seat.N] != DUMMY:
            counts["at_north"][seats[Seat.N]] += 1
        met = {"partners": set(), "opponents": set()}
        for i, first in enumerate(SEAT_ORDER):
            for second in SEAT_ORDER[i + 1:]:
                a, b = sorted((held[first], held[second]), key=order.get)
                if a != b:
                    met["partners" if first.partner == second else "opponents"].add(f"{a}-{b}")
        for key, found in met.items():
            for pair in found:
                counts[key][pair] += 1
    return counts
