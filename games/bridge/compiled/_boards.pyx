# cython: language_level=3
"""Whole bridge boards in one compiled loop (private): the deal's auction and play by the random agents
(games.bridge.agents.RandomAgent) or the heuristic agents (HeuristicAgent), call for call and card for card as
they play through the game protocol. games/bridge/compiled/played_boards.py is the validated Python API over it.

The heuristic bidder and card player are written once, here in _heuristic.pxi: the batch calls them over its own
auction and trick state, and HeuristicAgent calls the same functions through ``decide_call`` and ``choose_card``
(below) with its view turned into the same encoding; bridge's pimc agent asks the same bidder whether a sampled
hand makes a seat's calls (``bids_alike``). The auction and play of the batch are the game's rules run
over masks; played_boards replays the records through BridgeState in the tests and in its checking mode."""
from libc.stdint cimport uint64_t, uint32_t, uint16_t, uint8_t, int8_t

from trickcore._kernel cimport Rng, Rules, State, below, state_init, state_legal, state_play, state_turn, stream, \
    suit_mask, tc_clz, tc_ctz, tc_popcount, winning_position

from trickcore.cards import DECK52
from trickcore.games.agent_spec import style_table
from trickcore.games.bridge.compiled import constants
from trickcore.games.bridge.vocab import Strain

# The numbers written once in constants.py, as C values for the loops: the call codes (bids 0..34 in rank order,
# 1C 1D 1H 1S 1NT 2C ..., then pass, double, redouble), the random agents' salt and the bidder's thresholds of
# each playing style (constants.BiddingStyle's fields), a style being its index in STYLES.
cdef int PASS = constants.PASS_CODE, DOUBLE = constants.DOUBLE_CODE, REDOUBLE = constants.REDOUBLE_CODE
cdef uint64_t AGENT_SALT = constants.AGENT_SALT

cdef struct Figures:
    int invitation
    int game
    int minor_game
    int small_slam
    int grand_slam
    int penalty_double
    int overcall

cdef enum:
    MAX_STYLES = 8

STYLES = tuple(constants.STYLES)
"""The playing styles' names; the compiled functions take a style as its index here."""
cdef Figures FIGURES[MAX_STYLES]
for _k, _figures in enumerate(style_table(constants.STYLES, MAX_STYLES)):
    FIGURES[_k] = _figures
del _k, _figures

# Strains C D H S NT are 0..4 (vocab.Strain); each strain's trump suit for the kernel (-1 at no-trump) and whether
# it is a major, from the vocabulary.
cdef int NT = Strain.NT
cdef uint64_t ALL_CARDS = DECK52.mask
cdef int TRUMP[5]
cdef bint MAJOR[5]
for _strain in Strain:
    TRUMP[_strain] = -1 if _strain.suit is None else _strain.suit
    MAJOR[_strain] = _strain.is_major
del _strain

cdef enum:
    NO_CALL = -1         # no call decided: the agent passes
    MAX_CALLS = 320      # 35 bids, each followed by at most X, XX and passes, cannot exceed this

cdef struct Auction:
    int dealer
    int n              # calls made
    uint8_t* calls
    int last           # the last bid's code, -1 before any bid
    int last_seat      # the seat that made it
    int doubled        # 0, 1 (doubled) or 2 (redoubled) since the last bid
    int passes         # passes in a row


cdef inline bint is_legal(const Auction* a, int call) noexcept nogil:
    """The game's rule (games.bridge.auction.Auction.is_legal) over call codes, for an auction still running."""
    cdef int turn = (a.dealer + a.n) % 4
    if call == PASS:
        return True
    if call < PASS:
        return call > a.last
    if call == DOUBLE:
        return a.last >= 0 and (a.last_seat & 1) != (turn & 1) and a.doubled == 0
    return a.last >= 0 and (a.last_seat & 1) == (turn & 1) and a.doubled == 1


cdef inline void make_call(Auction* a, int call) noexcept nogil:
    cdef int turn = (a.dealer + a.n) % 4
    a.calls[a.n] = call
    a.n += 1
    if call == PASS:
        a.passes += 1
        return
    a.passes = 0
    if call == DOUBLE:
        a.doubled = 1
    elif call == REDOUBLE:
        a.doubled = 2
    else:
        a.last, a.last_seat, a.doubled = call, turn, 0


cdef inline bint is_complete(const Auction* a) noexcept nogil:
    return (a.last < 0 and a.n == 4) or (a.last >= 0 and a.passes == 3)


cdef inline int random_call(const Auction* a, Rng* rng) noexcept nogil:
    """RandomAgent's call: uniform among the legal calls in the protocol's order (Pass, X, XX, bids upwards)."""
    cdef int can_x = is_legal(a, DOUBLE), can_xx = is_legal(a, REDOUBLE)
    cdef uint32_t pick = below(rng, 1 + can_x + can_xx + (PASS - 1 - a.last))      # Pass, X, XX, the higher bids
    if pick == 0:
        return PASS
    if can_x and pick == 1:
        return DOUBLE
    if can_xx and pick == 1:
        return REDOUBLE
    return a.last + <int>pick - can_x - can_xx


cdef inline int kth_card(uint64_t legal, uint32_t k) noexcept nogil:
    """Card number ``k`` of ``legal`` in the order the protocol lists legal cards: spades high to low, then
    hearts, diamonds, clubs."""
    cdef int s, bit, count
    cdef uint64_t cards
    for s in range(4):
        cards = legal & suit_mask(s)
        count = tc_popcount(cards)
        if <int>k < count:
            for bit in range(16 * s + 12, 16 * s - 1, -1):
                if (cards >> bit) & 1:
                    if k == 0:
                        return bit
                    k -= 1
        k -= count
    return -1


include "_heuristic.pxi"


# ---- the heuristic agents' entry: HeuristicAgent (games.bridge.agents) turns its view into these arguments

def decide_call(uint64_t hand, int dealer, const uint8_t[::1] calls, int last, int last_seat, int doubled,
                int style=0):
    """The call code the bidder decides for the seat on turn after ``calls`` (codes) from ``dealer``, holding the
    mask ``hand``; ``last``, ``last_seat`` and ``doubled`` are the auction's last bid (code, -1 before any), its
    seat and its double state, as games.bridge.auction.Auction gives them; ``style`` the playing style's index in
    STYLES. None when the rules decide nothing (the agent passes); the caller checks that the call is legal."""
    cdef Auction a
    cdef Hand me = hand_shape(hand)
    cdef int call
    a.dealer, a.n, a.last, a.last_seat, a.doubled, a.passes = dealer, calls.shape[0], last, last_seat, doubled, 0
    a.calls = <uint8_t*>&calls[0] if a.n else NULL
    call = decide(&a, &me, &FIGURES[style_index(style)])
    return None if call == NO_CALL else call


def bids_alike(uint64_t hand, int seat, int dealer, const uint8_t[::1] calls, int style=0):
    """True when the bidder in the playing style of index ``style``, holding the mask ``hand`` at ``seat``, makes
    every call that ``seat`` made in ``calls`` (codes, from ``dealer``), each from the calls before it."""
    cdef Auction a
    cdef uint8_t seen[MAX_CALLS]
    cdef Hand me = hand_shape(hand)
    cdef const Figures* figures = &FIGURES[style_index(style)]
    cdef int k, n = calls.shape[0]
    if n > MAX_CALLS:
        raise ValueError(f"an auction has at most {MAX_CALLS} calls, not {n}")
    a.dealer, a.n, a.calls, a.last, a.last_seat, a.doubled, a.passes = dealer, 0, seen, -1, -1, 0, 0
    for k in range(n):
        if (dealer + k) % 4 == seat and heuristic_call(&a, &me, figures) != calls[k]:
            return False
        make_call(&a, calls[k])
    return True


cdef inline uint64_t unseen_cards(const PlayView* v, uint64_t played) noexcept nogil:
    """The cards the player of ``v`` cannot see: neither ``played`` nor in a hand he sees."""
    cdef uint64_t unseen = ALL_CARDS & ~played
    cdef int s
    for s in range(4):
        unseen &= ~v.seen[s]
    return unseen


def choose_card(int seat, int player, int declarer, int trump, uint64_t legal, const uint64_t[::1] seen,
                const int[::1] leaders, const int[::1] history, int leader, int dealer, const uint8_t[::1] calls):
    """The card (its index) the card player chooses for the hand ``seat``, ``player`` choosing for it (declarer
    for dummy), ``declarer``'s contract in ``trump`` (a kernel suit, -1 at no-trump): among the mask ``legal``,
    ``seen`` the remaining cards of each hand (N E S W) the player sees, 0 for a hidden hand; ``leaders`` the
    completed tricks' leaders, ``history`` their cards (four a trick) then the cards of the current trick, led by
    ``leader``; ``calls`` the auction's codes from ``dealer``."""
    cdef Auction a
    cdef PlayView view
    cdef uint64_t played = 0
    cdef int k
    a.dealer, a.n, a.last, a.last_seat, a.doubled, a.passes = dealer, calls.shape[0], -1, -1, 0, 0
    a.calls = <uint8_t*>&calls[0] if a.n else NULL
    view.seat, view.player, view.declarer, view.trump, view.legal = seat, player, declarer, trump, legal
    for k in range(4):
        view.seen[k] = seen[k]
    for k in range(history.shape[0]):
        played |= (<uint64_t>1) << history[k]
    view.unseen = unseen_cards(&view, played)
    view.n_tricks, view.leader, view.auction = leaders.shape[0], leader, &a
    view.n_current = history.shape[0] - 4 * view.n_tricks
    view.leaders = &leaders[0] if view.n_tricks else NULL
    view.history = &history[0] if history.shape[0] else NULL
    return heuristic_card(&view)


def hand_facts(uint64_t hand):
    """The bidder's evaluation of the mask ``hand``: a dict of hcp, lens (C D H S), balanced and suit_points."""
    return hand_shape(hand)


def contract_level(double points, int strain, int style=0):
    """The level a side's combined ``points`` reach in ``strain`` (a slam, or game) in the playing style of index
    ``style``, 0 below game; and the game level of the strain: a pair (level, game)."""
    cdef int game = game_level(strain)
    return level_for(points, strain, game, &FIGURES[style_index(style)]), game


cdef int style_index(int style) except -1:
    """``style``, checked to be the index of a playing style."""
    if not 0 <= style < len(STYLES):
        raise ValueError(f"no playing style has the index {style} (styles: {', '.join(STYLES)})")
    return style


cdef int one_board(const uint64_t* hands, int dealer, bint heuristic, const Figures* style, uint64_t agent_seed,
                   uint64_t board, uint8_t* calls, int8_t* outcome, uint8_t* cards) noexcept nogil:
    """The auction and play of one board by the random or the ``heuristic`` agents (bidding in ``style``); returns
    the number of calls.
    ``outcome``: level (0 passed out), strain, doubled, declarer, the declaring side's tricks."""
    cdef Rng rng[4]
    cdef Auction a
    cdef Hand shapes[4]
    cdef int seat, first[2][5]
    cdef int call, declarer, dummy, k, other
    cdef uint64_t played = 0
    cdef Rules rules
    cdef State st
    cdef PlayView view
    for seat in range(4):
        if heuristic:
            shapes[seat] = hand_shape(hands[seat])
        else:
            rng[seat] = stream(agent_seed + board - 1, seat, AGENT_SALT)
    for seat in range(2):
        for k in range(5):
            first[seat][k] = -1
    a.dealer, a.n, a.calls, a.last, a.last_seat, a.doubled, a.passes = dealer, 0, calls, -1, -1, 0, 0
    while not is_complete(&a):
        seat = (dealer + a.n) % 4
        call = heuristic_call(&a, &shapes[seat], style) if heuristic else random_call(&a, &rng[seat])
        if call < PASS and first[seat & 1][call % 5] < 0:
            first[seat & 1][call % 5] = seat
        make_call(&a, call)
    if a.last < 0:
        outcome[0] = 0
        return a.n
    declarer = first[a.last_seat & 1][a.last % 5]
    dummy = (declarer + 2) % 4
    outcome[0] = a.last // 5 + 1
    outcome[1] = a.last % 5
    outcome[2] = a.doubled
    outcome[3] = declarer
    rules.n_seats = 4
    rules.trump = TRUMP[a.last % 5]
    rules.follow_suit = 1
    rules.must_trump = 0
    state_init(&st, rules, hands, (declarer + 1) % 4, NULL, 0)
    view.declarer, view.trump, view.leaders, view.history, view.auction = declarer, rules.trump, st.trick_leader, \
        st.history, &a
    for k in range(52):
        seat = state_turn(&st)
        view.seat = seat
        view.player = declarer if seat == dummy else seat
        view.legal = state_legal(&st)
        if not heuristic:
            cards[k] = kth_card(view.legal, below(&rng[view.player], tc_popcount(view.legal)))
        else:
            # What the player's view shows (games.bridge.table): his hand, and dummy's to declarer from the start
            # and to everyone once the opening lead is made.
            for other in range(4):
                view.seen[other] = st.hands[other] if other == view.player or (
                    other == dummy and (view.player == declarer or played)) else 0
            view.unseen = unseen_cards(&view, played)
            view.n_tricks, view.leader, view.n_current = st.n_tricks, st.leader, st.n_in_trick
            cards[k] = heuristic_card(&view)
        played |= (<uint64_t>1) << cards[k]
        state_play(&st, cards[k])
    outcome[4] = st.tricks[declarer] + st.tricks[dummy]
    return a.n


def play_boards(const uint64_t[::1] hands, int stride, const uint8_t[::1] dealers, bint heuristic, int style,
                const uint64_t[::1] agent_seeds, const uint64_t[::1] boards, uint8_t[::1] calls,
                uint16_t[::1] n_calls, int8_t[::1] outcomes, uint8_t[::1] cards):
    """Play every board: deal ``i``'s hands at ``hands[i * stride:]`` (N E S W), dealt by ``dealers[i]``, by the
    random agents (seeded ``agent_seeds[i]`` on board number ``boards[i]``) or the ``heuristic`` ones bidding in
    the playing style of index ``style``. Writes MAX_CALLS call codes, the number of calls, 5 outcome figures and
    52 cards per board."""
    cdef Py_ssize_t i, count = dealers.shape[0]
    cdef const Figures* figures = &FIGURES[style_index(style)]
    with nogil:
        for i in range(count):
            n_calls[i] = one_board(&hands[i * stride], dealers[i], heuristic, figures, agent_seeds[i], boards[i],
                                   &calls[i * MAX_CALLS], &outcomes[i * 5], &cards[i * 52])


CALLS_PER_BOARD = MAX_CALLS
