# cython: language_level=3
"""Whole bridge boards in one compiled loop (private): the deal's auction and play by the random agents
(games.bridge.agents.RandomAgent) or the heuristic agents (HeuristicAgent), call for call and card for card as
they play through the game protocol. games/bridge/compiled/played_boards.py is the validated Python API over it.

The heuristic bidder and card player are compiled twins of the Python ones, in _heuristic.pxi (each function
names the Python method it mirrors); tests/games/bridge/test_heuristic_boards.py proves they agree."""
from libc.stdint cimport uint64_t, uint32_t, uint16_t, uint8_t, int8_t

from trickcore._kernel cimport Rng, Rules, State, below, state_init, state_legal, state_play, state_turn, stream, \
    suit_mask, tc_clz, tc_ctz, tc_popcount, winning_position

# The random agents' stream salt (games.bridge.agents.AGENT_SALT) and the call codes: bids 0..34 in rank order
# (1C 1D 1H 1S 1NT 2C ...), then pass, double, redouble; NO_CALL stands for the Python rules' None.
cdef enum:
    AGENT_SALT = 0x62726964
    PASS = 35
    DOUBLE = 36
    REDOUBLE = 37
    NO_CALL = -1
    MAX_CALLS = 320      # 35 bids, each followed by at most X, XX and passes, cannot exceed this

# The agents of a batch (the codes of played_boards.AGENTS).
cdef enum:
    RANDOM_AGENTS = 0
    HEURISTIC_AGENTS = 1

# A strain's trump suit for the kernel (strains C D H S NT; suits S=0 H=1 D=2 C=3; -1 no trump).
cdef int TRUMP[5]
TRUMP[:] = [3, 2, 1, 0, -1]


cdef struct Auction:
    int dealer
    int n              # calls made
    uint8_t* calls
    int last           # the last bid's code, -1 before any bid
    int last_seat      # the seat that made it
    int doubled        # 0, 1 (doubled) or 2 (redoubled) since the last bid
    int passes         # passes in a row


cdef inline bint is_legal(const Auction* a, int call) noexcept nogil:
    """games.bridge.auction.Auction.is_legal, for an auction still running."""
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
    cdef uint32_t pick = below(rng, 1 + can_x + can_xx + 34 - a.last)
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


cdef int one_board(const uint64_t* hands, int dealer, int agents, uint64_t agent_seed, uint64_t board,
                   uint8_t* calls, int8_t* outcome, uint8_t* cards) noexcept nogil:
    """The auction and play of one board by ``agents``; returns the number of calls. ``outcome``: level (0
    passed out), strain, doubled, declarer, the declaring side's tricks."""
    cdef Rng rng[4]
    cdef Auction a
    cdef Hand shapes[4]
    cdef int seat, first[2][5]
    cdef int call, declarer, chooser, k
    cdef uint64_t legal, played = 0
    cdef Rules rules
    cdef State st
    for seat in range(4):
        if agents == RANDOM_AGENTS:
            rng[seat] = stream(agent_seed + board - 1, seat, AGENT_SALT)
        else:
            shapes[seat] = hand_shape(hands[seat])
    for seat in range(2):
        for k in range(5):
            first[seat][k] = -1
    a.dealer, a.n, a.calls, a.last, a.last_seat, a.doubled, a.passes = dealer, 0, calls, -1, -1, 0, 0
    while not is_complete(&a):
        seat = (dealer + a.n) % 4
        if agents == RANDOM_AGENTS:
            call = random_call(&a, &rng[seat])
        else:
            call = heuristic_call(&a, &shapes[seat])
        if call < PASS and first[seat & 1][call % 5] < 0:
            first[seat & 1][call % 5] = seat
        make_call(&a, call)
    if a.last < 0:
        outcome[0] = 0
        return a.n
    declarer = first[a.last_seat & 1][a.last % 5]
    outcome[0] = a.last // 5 + 1
    outcome[1] = a.last % 5
    outcome[2] = a.doubled
    outcome[3] = declarer
    rules.n_seats = 4
    rules.trump = TRUMP[a.last % 5]
    rules.follow_suit = 1
    rules.must_trump = 0
    state_init(&st, rules, hands, (declarer + 1) % 4, NULL, 0)
    for k in range(52):
        seat = state_turn(&st)
        chooser = declarer if seat == (declarer + 2) % 4 else seat
        legal = state_legal(&st)
        if agents == RANDOM_AGENTS:
            cards[k] = kth_card(legal, below(&rng[chooser], tc_popcount(legal)))
        else:
            cards[k] = heuristic_card(&st, legal, seat, chooser, declarer, played, &a)
        played |= (<uint64_t>1) << cards[k]
        state_play(&st, cards[k])
    outcome[4] = st.tricks[declarer] + st.tricks[(declarer + 2) % 4]
    return a.n


def play_boards(const uint64_t[::1] hands, int stride, const uint8_t[::1] dealers, int agents,
                const uint64_t[::1] agent_seeds, const uint64_t[::1] boards, uint8_t[::1] calls,
                uint16_t[::1] n_calls, int8_t[::1] outcomes, uint8_t[::1] cards):
    """Play every board: deal ``i``'s hands at ``hands[i * stride:]`` (N E S W), dealt by ``dealers[i]``, by
    ``agents`` (0 random, 1 heuristic), the random agents seeded ``agent_seeds[i]`` on board number
    ``boards[i]``. Writes MAX_CALLS call codes, the number of calls, 5 outcome figures and 52 cards per board."""
    cdef Py_ssize_t i, count = dealers.shape[0]
    with nogil:
        for i in range(count):
            n_calls[i] = one_board(&hands[i * stride], dealers[i], agents, agent_seeds[i], boards[i],
                                   &calls[i * MAX_CALLS], &outcomes[i * 5], &cards[i * 52])


CALLS_PER_BOARD = MAX_CALLS
