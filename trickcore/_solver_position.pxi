# The search's state (Search) and the seat structures it is compiled for (the fused type Seating), with the
# card-set helpers every part of the search uses: hands, sequences, owners, playing and taking back a card.
# Included by _solver.pyx (one translation unit).


# The 13 rank bits of every suit.
cdef uint64_t ALL_RANKS = 0x1FFF1FFF1FFF1FFF


# Leads kept per killer slot, the newest first (misère and all-pass try them all, the others the newest).
cdef enum:
    KILLERS = 4


cdef struct Search:
    State st
    int n
    uint32_t maxim      # bit per seat: seats that maximise the tricks of C
    uint32_t counted    # bit per seat: the seats C whose tricks are counted
    bint sides          # maxim == counted: each side maximises its own tricks (quick tricks apply)
    int lone            # misère and all-pass: the one counted seat, playing against M (-1: none)
    # Discard bounds (lazy_improves): the seat ``lazy`` holds ``budget`` cards more than he will play and sets
    # them aside only when that lets him stop following a suit (see best_discard). -1: none.
    int lazy
    int budget
    Bucket* buckets     # open addressing on (hand lengths, leader)
    uint64_t bucket_mask
    # A generation starts on the first 2^16 buckets and doubles them as they fill, up to max_mask + 1: an
    # easy search keeps its buckets in the processor's caches. ``moved`` is room for the buckets a
    # doubling rehashes.
    uint64_t max_mask
    Bucket* moved
    Entry* arena        # the entries of every bucket; emptied (a new generation) when full
    int32_t arena_size
    int32_t arena_used
    uint32_t gen
    uint64_t nodes
    int64_t n_buckets
    # The transposition-table key of the cards held, kept up to date by play/unplay: the hand lengths
    # (``distribution``) and the owners of each suit's cards (``owner_codes``).
    uint64_t dist
    uint32_t code[4]
    int8_t killer[64 * 4 * KILLERS]  # per cards played (and leader, see killer_slot): the last leads that
                                     # caused a cutoff there, the newest first
    # All-pass talon leads (tricks 1 and 2 led by the talon cards), used by talon_trick only.
    int n_talon
    int talon[2]
    bint dealer_owns    # a talon card may win its trick (the 4-player dealer's trick, counted for nobody)


# The seat structures the search is compiled for (see the module docstring): empty types that only select
# one. They are named by how the seats play, not by the games using them, as that is what the compiler
# folds: the seat count, and for two partnerships the objective (each side counts its own tricks, so quick
# tricks apply and no lone seat plays against the others) and the absence of a lazy seat.
cdef struct TwoPartnerships:    # four seats in two sides of partners (C = M), no discard bound
    char unused
cdef struct ThreeSeats:         # three seats, any objective
    char unused
cdef struct FourSeats:          # four seats, any objective
    char unused

ctypedef fused Seating:
    TwoPartnerships
    ThreeSeats
    FourSeats


cdef inline int seats(const Seating* g) noexcept nogil:
    if Seating is ThreeSeats:
        return 3
    return 4


cdef inline bint two_sides(const Search* s, const Seating* g) noexcept nogil:
    if Seating is TwoPartnerships:
        return True
    return s.sides


cdef inline int lone_seat(const Search* s, const Seating* g) noexcept nogil:
    if Seating is TwoPartnerships:
        return -1
    return s.lone


cdef inline int lazy_budget(const Search* s, const Seating* g) noexcept nogil:
    """The lazy seat's cards still to set aside (lazy_improves); 0 outside that bound."""
    if Seating is TwoPartnerships:
        return 0
    return s.budget


cdef inline int lazy_seat(const Search* s, const Seating* g) noexcept nogil:
    if Seating is TwoPartnerships:
        return -1
    return s.lazy


cdef inline int counted_won(const Search* s) noexcept nogil:
    # Four seats in any game: the fourth of a three-seat game never wins a trick nor is counted.
    cdef int k, w = 0
    for k in range(4):
        if (s.counted >> k) & 1:
            w += s.st.tricks[k]
    return w


cdef inline uint64_t all_hands(const State* st) noexcept nogil:
    return st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]


cdef inline uint64_t in_play(const State* st) noexcept nogil:
    """Cards still held or lying in the current trick: the cards that separate sequences."""
    cdef uint64_t p = all_hands(st)
    cdef int k
    for k in range(st.n_history - st.n_in_trick, st.n_history):
        p |= (<uint64_t>1) << st.history[k]
    return p


cdef inline void play(Search* s, int seat, int c, const Seating* g) noexcept nogil:
    """``seat`` plays ``c``: the state and its keys."""
    drop_key(s, seat, c)
    play_at(&s.st, c, seats(g))


cdef inline void unplay(Search* s, int seat, int c, const Seating* g) noexcept nogil:
    """Take back ``c``, the last card played (by ``seat``)."""
    undo_at(&s.st, seats(g))
    add_key(s, seat, c)


cdef inline uint64_t top_cards(uint64_t suit_cards, int k) noexcept nogil:
    """The ``k`` highest of ``suit_cards`` (all of one suit)."""
    cdef int drop = tc_popcount(suit_cards) - k
    while drop > 0:
        suit_cards &= suit_cards - 1
        drop -= 1
    return suit_cards


cdef inline uint64_t sequence_tops(uint64_t legal, uint64_t hand, uint64_t present) noexcept nogil:
    """The legal cards that head a sequence of ``hand`` (no card in play lies between equivalent cards).

    A card of ``hand`` is not a sequence top when another card of ``hand`` lies above it with only cards
    out of play between them: fill each card of ``hand`` downwards through cards out of play and cards of
    ``hand`` (an occluded fill), stopping at other cards in play and at suit ends.
    """
    cdef uint64_t through = ALL_RANKS & ~(present & ~hand)
    cdef uint64_t fill = hand
    fill |= through & (fill >> 1)
    through &= through >> 1
    fill |= through & (fill >> 2)
    through &= through >> 2
    fill |= through & (fill >> 4)
    through &= through >> 4
    fill |= through & (fill >> 8)
    return legal & ~(fill >> 1)


cdef inline uint64_t sequence_below(int c, uint64_t hand, uint64_t present) noexcept nogil:
    """The cards of ``hand`` below ``c`` in its sequence (equivalent to it), if any: those above the highest
    card of another seat in play below ``c`` in its suit."""
    cdef uint64_t below = present & suit_mask(c >> 4) & (((<uint64_t>1) << c) - 1)
    cdef uint64_t others = below & ~hand
    if others:
        below &= ~(((<uint64_t>2) << (63 - tc_clz(others))) - 1)
    return below & hand


cdef inline int sequence_top(int c, uint64_t hand, uint64_t present) noexcept nogil:
    """The card heading the sequence of ``hand`` that contains ``c``: the highest card of ``hand`` in play
    above ``c`` in its suit and below the lowest card of another seat there."""
    cdef uint64_t above = present & suit_mask(c >> 4) & ~(((<uint64_t>2) << c) - 1)
    cdef uint64_t others = above & ~hand
    if others:
        above &= ((<uint64_t>1) << tc_ctz(others)) - 1
    above &= hand
    return 63 - tc_clz(above) if above else c


cdef inline bint beats(int c, int best, int trump) noexcept nogil:
    if (c >> 4) == (best >> 4):
        return c > best
    return (c >> 4) == trump


cdef inline int top_owner(const State* st, int n, uint64_t cards) noexcept nogil:
    """The seat holding the highest of ``cards`` (one suit, not empty)."""
    cdef int top = 63 - tc_clz(cards), seat = 0
    while seat < n - 1 and not ((st.hands[seat] >> top) & 1):
        seat += 1
    return seat


cdef inline uint64_t all_side(const State* st, uint32_t side, int n) noexcept nogil:
    """Every card the seats of ``side`` hold."""
    cdef uint64_t h = 0
    cdef int k
    for k in range(n):
        if (side >> k) & 1:
            h |= st.hands[k]
    return h


cdef inline uint64_t won_by_rank(const int* trick, int n, int pos) noexcept nogil:
    """The winning card of the complete ``trick`` (at place ``pos``) when it beat a card of its own suit,
    else nothing: only then did its rank decide the trick (a winning rank)."""
    cdef int k
    for k in range(n):
        if k != pos and (trick[k] >> 4) == (trick[pos] >> 4):
            return (<uint64_t>1) << trick[pos]
    return 0
