# Declarations of the trick kernel, for other extensions (the double-dummy solver) to cimport.
from libc.stdint cimport uint64_t, uint32_t, int8_t

cdef extern from "_bits.h":
    int tc_popcount(uint64_t m) nogil
    int tc_ctz(uint64_t m) nogil
    int tc_clz(uint64_t m) nogil
    int tc_select(uint64_t m, int n) nogil
    int tc_native() nogil
    int tc_cpu_fast_bits() nogil
    void tc_init() nogil

# Bit layout: suit s (S=0, H=1, D=2, C=3) owns bits 16*s .. 16*s+12; rank 2..A at offset 0..12.

cdef struct Rules:
    int n_seats
    int trump          # suit index 0..3, or -1 for no trump
    bint follow_suit
    bint must_trump    # void in the led suit: must play a trump if holding one

cdef struct State:
    Rules rules
    uint64_t hands[4]
    int leader         # seat that led (or leads) the current trick
    int n_in_trick     # cards already in the current trick
    int tricks[4]      # tricks won per seat
    int n_tricks       # tricks completed since the state was created
    int n_history      # cards in history, including the initial partial trick
    int n_initial      # cards of the initial partial trick (undo stops there)
    int history[64]    # card indices in playing order
    int trick_leader[20]   # 52 cards, 3 seats: at most 18 tricks
    int trick_winner[20]

cdef inline uint64_t suit_mask(int suit) noexcept nogil:
    return (<uint64_t>0x1FFF) << (16 * suit)

cdef inline uint64_t legal_mask(const Rules* rules, uint64_t hand, int led_suit) noexcept nogil:
    """Legal cards of ``hand`` when ``led_suit`` was led (-1: the seat is on lead)."""
    cdef uint64_t same, trumps
    if led_suit < 0 or not rules.follow_suit:
        return hand
    same = hand & suit_mask(led_suit)
    if same:
        return same
    if rules.must_trump and rules.trump >= 0:
        trumps = hand & suit_mask(rules.trump)
        if trumps:
            return trumps
    return hand

cdef inline int winning_position(const int* cards, int n, int trump) noexcept nogil:
    """Position (0 = the lead) of the card that wins a trick of ``n`` cards."""
    cdef int best = 0, i, c, b = cards[0]
    for i in range(1, n):
        c = cards[i]
        if (c >> 4) == (b >> 4):
            if c > b:
                best, b = i, c
        elif (c >> 4) == trump:
            best, b = i, c
    return best

cdef struct Rng:
    uint64_t state     # splitmix64 state

cdef inline uint64_t mix64(uint64_t z) noexcept nogil:
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)

cdef inline Rng stream(uint64_t seed, uint64_t index, uint64_t salt) noexcept nogil:
    """The random stream of item ``index`` of a seeded batch: independent of how the batch is split."""
    cdef Rng r
    r.state = mix64(mix64(seed ^ salt) + index)
    return r

cdef inline uint32_t next32(Rng* r) noexcept nogil:
    """The high half of the next splitmix64 output (trickcore.rng draws the same)."""
    r.state += <uint64_t>0x9E3779B97F4A7C15
    return <uint32_t>(mix64(r.state) >> 32)

cdef inline uint32_t below(Rng* r, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), n >= 1 (Lemire's multiply-and-reject)."""
    cdef uint64_t m = <uint64_t>next32(r) * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t t
    if low < n:
        t = (<uint32_t>(-n)) % n
        while low < t:
            m = <uint64_t>next32(r) * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)

cdef void state_init(State* st, Rules rules, const uint64_t* hands, int leader,
                     const int* trick, int n_trick) noexcept nogil
cdef int playout(Rules rules, uint64_t* hands, int leader, Rng* rng, int* tricks,
                 int* record) noexcept nogil

# Play and undo are inline: the solver's inner loop calls them at every node.
cdef inline int seat_after(int seat, int k, int n) noexcept nogil:
    """The seat ``k`` (0 <= k < n) places after ``seat`` at a table of ``n``: no division in hot loops."""
    seat += k
    return seat - n if seat >= n else seat


cdef inline int turn_of(const State* st, int n) noexcept nogil:
    """The seat to play at a table of ``n`` (``st.rules.n_seats``; a search specialised for one seat count
    passes it as a constant)."""
    return seat_after(st.leader, st.n_in_trick, n)


cdef inline int state_turn(const State* st) noexcept nogil:
    return turn_of(st, st.rules.n_seats)


cdef inline uint64_t state_legal(const State* st) noexcept nogil:
    cdef int led = -1
    if st.n_in_trick:
        led = st.history[st.n_history - st.n_in_trick] >> 4
    return legal_mask(&st.rules, st.hands[state_turn(st)], led)


cdef inline void play_at(State* st, int card, int n) noexcept nogil:
    """state_play at a table of ``n`` (as turn_of)."""
    cdef int w
    st.hands[turn_of(st, n)] &= ~((<uint64_t>1) << card)
    st.history[st.n_history] = card
    st.n_history += 1
    st.n_in_trick += 1
    if st.n_in_trick == n:
        w = seat_after(st.leader, winning_position(&st.history[st.n_history - n], n, st.rules.trump), n)
        st.trick_leader[st.n_tricks] = st.leader
        st.trick_winner[st.n_tricks] = w
        st.n_tricks += 1
        st.tricks[w] += 1
        st.leader = w
        st.n_in_trick = 0


cdef inline void state_play(State* st, int card) noexcept nogil:
    play_at(st, card, st.rules.n_seats)


cdef inline bint undo_at(State* st, int n) noexcept nogil:
    """state_undo at a table of ``n`` (as turn_of)."""
    cdef int card
    if st.n_history == st.n_initial:
        return False
    if st.n_in_trick == 0:
        st.n_tricks -= 1
        st.tricks[st.trick_winner[st.n_tricks]] -= 1
        st.leader = st.trick_leader[st.n_tricks]
        st.n_in_trick = n
    st.n_history -= 1
    st.n_in_trick -= 1
    card = st.history[st.n_history]
    st.hands[turn_of(st, n)] |= (<uint64_t>1) << card
    return True


cdef inline bint state_undo(State* st) noexcept nogil:
    return undo_at(st, st.rules.n_seats)
