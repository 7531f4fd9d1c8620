# cython: language_level=3
"""Whole random bridge boards in one compiled loop (private): the uniformly random auction and play of the
random agents (games.bridge.agents.RandomAgent), call for call and card for card as they play through the
game protocol. games/bridge/random_boards.py is the validated Python API over it."""
from libc.stdint cimport uint64_t, uint32_t, uint16_t, uint8_t, int8_t

from trickcore._kernel cimport Rng, Rules, State, below, state_init, state_legal, state_play, state_turn, stream, \
    suit_mask, tc_popcount

# The random agents' stream salt (games.bridge.agents.AGENT_SALT) and the call codes: bids 0..34 in rank order
# (1C 1D 1H 1S 1NT 2C ...), then pass, double, redouble.
cdef enum:
    AGENT_SALT = 0x62726964
    PASS = 35
    DOUBLE = 36
    REDOUBLE = 37
    MAX_CALLS = 320      # 35 bids, each followed by at most X, XX and passes, cannot exceed this

# A strain's trump suit for the kernel (strains C D H S NT; suits S=0 H=1 D=2 C=3; -1 no trump).
cdef int TRUMP[5]
TRUMP[:] = [3, 2, 1, 0, -1]


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


cdef int one_board(const uint64_t* hands, int dealer, uint64_t agent_seed, uint64_t board, uint8_t* calls,
                   int8_t* outcome, uint8_t* cards) noexcept nogil:
    """The auction and play of one board; returns the number of calls. ``outcome``: level (0 passed out),
    strain, doubled, declarer, the declaring side's tricks."""
    cdef Rng rng[4]
    cdef int seat, turn = dealer, n = 0, passes = 0, last = -1, last_seat = -1, doubled = 0
    cdef int first[2][5]
    cdef int can_x, can_xx, start, call, declarer, chooser, k
    cdef uint32_t pick
    cdef uint64_t legal
    cdef Rules rules
    cdef State st
    for seat in range(4):
        rng[seat] = stream(agent_seed + board - 1, seat, AGENT_SALT)
    for seat in range(2):
        for k in range(5):
            first[seat][k] = -1
    while True:
        can_x = last >= 0 and (last_seat & 1) != (turn & 1) and doubled == 0
        can_xx = last >= 0 and (last_seat & 1) == (turn & 1) and doubled == 1
        start = last + 1
        pick = below(&rng[turn], 1 + can_x + can_xx + 35 - start)
        if pick == 0:
            call = PASS
        elif can_x and pick == 1:
            call = DOUBLE
        elif can_xx and pick == 1:
            call = REDOUBLE
        else:
            call = start + <int>pick - 1 - can_x - can_xx
        calls[n] = call
        n += 1
        if call == PASS:
            passes += 1
        else:
            passes = 0
            if call == DOUBLE:
                doubled = 1
            elif call == REDOUBLE:
                doubled = 2
            else:
                last, last_seat, doubled = call, turn, 0
                if first[turn & 1][call % 5] < 0:
                    first[turn & 1][call % 5] = turn
        if (last < 0 and n == 4) or (last >= 0 and passes == 3):
            break
        turn = (turn + 1) % 4
    if last < 0:
        outcome[0] = 0
        return n
    declarer = first[last_seat & 1][last % 5]
    outcome[0] = last // 5 + 1
    outcome[1] = last % 5
    outcome[2] = doubled
    outcome[3] = declarer
    rules.n_seats = 4
    rules.trump = TRUMP[last % 5]
    rules.follow_suit = 1
    rules.must_trump = 0
    state_init(&st, rules, hands, (declarer + 1) % 4, NULL, 0)
    for k in range(52):
        seat = state_turn(&st)
        chooser = declarer if seat == (declarer + 2) % 4 else seat
        legal = state_legal(&st)
        cards[k] = kth_card(legal, below(&rng[chooser], tc_popcount(legal)))
        state_play(&st, cards[k])
    outcome[4] = st.tricks[declarer] + st.tricks[(declarer + 2) % 4]
    return n


def random_boards(const uint64_t[::1] hands, int stride, const uint8_t[::1] dealers,
                  const uint64_t[::1] agent_seeds, const uint64_t[::1] boards, uint8_t[::1] calls,
                  uint16_t[::1] n_calls, int8_t[::1] outcomes, uint8_t[::1] cards):
    """Play every board: deal ``i``'s hands at ``hands[i * stride:]`` (N E S W), dealt by ``dealers[i]``, its
    agents seeded ``agent_seeds[i]`` on board number ``boards[i]``. Writes MAX_CALLS call codes, the number of
    calls, 5 outcome figures and 52 cards per board."""
    cdef Py_ssize_t i, count = dealers.shape[0]
    with nogil:
        for i in range(count):
            n_calls[i] = one_board(&hands[i * stride], dealers[i], agent_seeds[i], boards[i], &calls[i * MAX_CALLS],
                                   &outcomes[i * 5], &cards[i * 52])


CALLS_PER_BOARD = MAX_CALLS
