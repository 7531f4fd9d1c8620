# cython: language_level=3
"""Double-dummy search (private): null-window alpha-beta over the kernel's incremental play state.

Every search counts the tricks won by a set of seats C (``counted``) from the position on, while the seats
of M (``maxim``) choose their cards to make that count as large as possible and the others to make it
small. The three objectives of trickcore.solver are choices of C and M:

* two sides (bridge, whist, preferans trick contracts): C = M = one side; the value is the most tricks that
  side can guarantee (its opponents' best defence gives the rest);
* misère and all-pass, for a seat s: C = {s}, M = the other seats; the value is the fewest tricks s can hold
  himself to when all the others play against him.

Techniques (after Haglund's DDS and Ginsberg's partition search):

* partition search: every answer comes with its "winning ranks" (the cards whose owners decided it: cards
  that won a trick by rank over a card of their suit, quick-trick and top-trump cards, stored patterns).
  The transposition table, probed at trick starts only, groups positions by leader and hand lengths (one
  bucket each, its entries listed in an arena; narrow buckets per set of fixed suits and the owners of
  their top cards keep the lists short) and stores each bound with the owners of each suit's cards down to
  its lowest winning rank: any position agreeing on those gets the bound. It is about 100 MB read at
  random, so on Linux it sits on transparent huge pages (trickcore/_memory.h);
* bounds: the last trick played out directly; quick tricks of the side on lead (the leader's top cards,
  a partner's reached through an entry, or both in turn), cut to the suits needed; trump counts (the trumps
  of one seat, or of two partners kept apart, that only the other side's m highest beat win all but m
  tricks; see top_trumps);
  for misère and all-pass (no trump), the lone seat C surely takes no more tricks when every suit of his
  ducks theirs (his i-th lowest card under their i-th lowest; on lead he needs a suit that still ducks
  without his lowest card), every
  trick left when each suit's lowest card of his lies above all of theirs and he is on lead or the
  leader holds a suit of his, and the current trick when in a suit of his (in every suit of his, when he
  leads) the others can all lead or follow under his lowest card;
* moves: one card of each sequence; after a card below every winning rank of its suit, the suit's other
  cards below those ranks are skipped (their answer is the same); DDS-style heuristic ordering (lead
  weights from the opponents' choices, winners, finesse positions; second hand low, the seat before the
  last covering partner's card cheaply when the last seat would beat it; of three seats, second hand low
  when partner, last, can beat the lead); leads try first the lead that last caused a cutoff at the same
  depth (the killer; misère and all-pass keep the last four per depth and leader), then the stored best
  lead (bridge weighs both into its lead weights); for misère and all-pass, "lose high, stay under"
  ordering (C sheds his highest losing cards, the others lead their high cards over his lowest, then
  just under it, and shed their high cards);
* the trick count found by null-window tests ("can M make C take at least t tricks?") stepped from a
  guess; a bridge table keeps one table per strain for its four leaders, each leader's search starting
  from the previous result; a solver keeps its table between searches of the same game and objective
  (a preferans table solves each seat's all-pass right after its misère).
* preferans discards: one per class of rank-equivalent hands, the likeliest best first (heuristically:
  low cards of short side suits, sparing likely winners, making voids; for misère the hand left with the
  fewest tricks when the others lead each suit low, then the fewest cards they can undercut) solved
  outright (for misère the first eight together, target by target, each time the one that cost the
  defenders most first), the rest only tested against the best so far, stopping when no discard can
  beat it.
  A trick contract first tests all discards at once in a relaxed game where the declarer keeps his twelve
  cards and sets two aside only when that lets him stop following a suit (lazy_improves): on random
  deals it proves the first discard best almost every time.

The search is compiled three times (the fused type ``Game``): for bridge-like two-side play at four
seats, and for three and four seats with any objective. Knowing the seat count and, for the first, the
objective at compile time lets the compiler fold them (bridge tables about 7% faster).

Nothing here validates its input: the public
API is trickcore.solver.
"""
from libc.stdint cimport uint64_t, uint32_t, int8_t, int32_t, int64_t

cdef extern from "_memory.h":
    void* tc_table_alloc(size_t bytes) nogil
    void tc_table_free(void* p, size_t bytes) nogil

from trickcore._kernel cimport (Rules, State, legal_mask, mix64, play_at, seat_after, state_init, state_legal,
                                state_play, state_turn, suit_mask, tc_clz, tc_ctz, tc_popcount, turn_of, undo_at,
                                winning_position)


# The 13 rank bits of every suit.
cdef uint64_t ALL_RANKS = 0x1FFF1FFF1FFF1FFF

# Leads kept per killer slot, the newest first (misère and all-pass try them all, the others the newest).
cdef enum:
    KILLERS = 4

# Misère discards stepped together from the lowest target before the others are tested (best_discard).
cdef enum:
    MISERE_CANDIDATES = 8


cdef struct Entry:
    uint32_t pat[4]     # per suit: owners (2 bits each) of the top cards that decided the bound, left-aligned
    uint32_t msk[4]     # per suit: the bits of ``pat`` that must match (the top 2k bits of 26)
    int32_t next        # the next entry of the same bucket (-1: none)
    int8_t lo           # bounds on the tricks C still takes from this trick start
    int8_t hi
    int8_t move         # the lead that last decided this position, tried first


cdef struct Bucket:
    uint64_t dist       # hand lengths per seat and suit (4 bits each): positions are grouped by them
    uint32_t gen        # buckets of older generations (other trump or objective) count as empty
    int32_t head        # the newest entry of the bucket in the arena
    uint32_t tag        # the leader, and for a narrow bucket the suits fixed and the owners of their top cards
    uint32_t subsets    # wide bucket: bit S set when the narrow bucket of suit set S has entries
    uint64_t narrow     # wide bucket: a one-bit-per-tag filter of its narrow buckets (saves failing probes)


cdef struct Search:
    State st
    int n
    uint32_t maxim      # bit per seat: seats that maximise the tricks of C
    uint32_t counted    # bit per seat: the seats C whose tricks are counted
    bint sides          # maxim == counted: each side maximises its own tricks (quick tricks apply)
    int lone            # misère and all-pass: the one counted seat, playing against M (-1: none)
    # Preferans discard bounds: the seat ``lazy`` holds ``budget`` cards more than he will play and sets
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
    # All-pass talon leads (tricks 1 and 2 led by the talon cards), used by talon_test only.
    int n_talon
    int talon[2]
    bint dealer_owns    # a talon card may win its trick (the 4-player dealer's trick, counted for nobody)


# The search's specialisations (see the module docstring): empty types that only select one.
cdef struct Bridge:     # four seats, two sides (C = M), no discard bound
    char unused
cdef struct ThreeSeats:
    char unused
cdef struct FourSeats:
    char unused

ctypedef fused Game:
    Bridge
    ThreeSeats
    FourSeats


cdef inline int seats(const Game* g) noexcept nogil:
    if Game is ThreeSeats:
        return 3
    return 4


cdef inline bint two_sides(const Search* s, const Game* g) noexcept nogil:
    if Game is Bridge:
        return True
    return s.sides


cdef inline int lone_seat(const Search* s, const Game* g) noexcept nogil:
    if Game is Bridge:
        return -1
    return s.lone


cdef inline int lazy_budget(const Search* s, const Game* g) noexcept nogil:
    """The lazy seat's cards still to set aside (lazy_improves); 0 outside that bound."""
    if Game is Bridge:
        return 0
    return s.budget


cdef inline int lazy_seat(const Search* s, const Game* g) noexcept nogil:
    if Game is Bridge:
        return -1
    return s.lazy


cdef inline int counted_won(const Search* s) noexcept nogil:
    # Four seats in any game: the fourth of a three-seat game never wins a trick nor is counted.
    cdef int k, w = 0
    for k in range(4):
        if (s.counted >> k) & 1:
            w += s.st.tricks[k]
    return w


cdef inline int killer_slot(const Search* s, int played, const Game* g) noexcept nogil:
    """The killers of a trick start after ``played`` cards: per leader when C and M play apart (a lead
    that refutes C's leads says nothing of M's), per depth otherwise."""
    return KILLERS * (4 * played + (0 if two_sides(s, g) else s.st.leader))


cdef inline uint64_t all_hands(const State* st) noexcept nogil:
    return st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]


cdef inline uint64_t in_play(const State* st) noexcept nogil:
    """Cards still held or lying in the current trick: the cards that separate sequences."""
    cdef uint64_t p = all_hands(st)
    cdef int k
    for k in range(st.n_history - st.n_in_trick, st.n_history):
        p |= (<uint64_t>1) << st.history[k]
    return p


cdef inline uint64_t distribution(const State* st, int n) noexcept nogil:
    """The hand lengths of every seat in every suit, 4 bits each."""
    cdef uint64_t d = 0
    cdef int seat, su
    for seat in range(n):
        for su in range(4):
            d |= (<uint64_t>tc_popcount(st.hands[seat] & suit_mask(su))) << (4 * (4 * seat + su))
    return d


cdef inline void owner_codes(const State* st, int n, uint32_t* code) noexcept nogil:
    """Per suit, the owners of its cards high to low, 2 bits each, the highest card in bits 25..24."""
    cdef uint64_t m, h1 = st.hands[1], h2 = st.hands[2], h3 = st.hands[3]
    cdef uint32_t c
    cdef int su, top, cnt
    for su in range(4):
        m = all_hands(st) & suit_mask(su)
        c = 0
        cnt = 0
        while m:
            top = 63 - tc_clz(m)
            m ^= (<uint64_t>1) << top
            c = (c << 2) | <uint32_t>(((h1 >> top) & 1) | (((h2 >> top) & 1) << 1) | (((h3 >> top) & 1) * 3))
            cnt += 1
        code[su] = c << (2 * (13 - cnt))


cdef inline void reset_keys(Search* s) noexcept nogil:
    """Compute the position's keys afresh (after the state was set directly)."""
    s.dist = distribution(&s.st, s.n)
    owner_codes(&s.st, s.n, s.code)


cdef inline int cards_above(const State* st, int c) noexcept nogil:
    """How many cards held (by anyone) rank above ``c`` in its suit: its field in the suit's owner code."""
    return tc_popcount(all_hands(st) & suit_mask(c >> 4) & ~(((<uint64_t>2) << c) - 1))


cdef inline void drop_key(Search* s, int seat, int c) noexcept nogil:
    """The keys lose ``c``, held by ``seat`` (its owner field leaves the suit's code)."""
    cdef int field = 24 - 2 * cards_above(&s.st, c)
    cdef uint32_t code = s.code[c >> 4]
    s.code[c >> 4] = (code & ~((4u << field) - 1)) | ((code & ((1u << field) - 1)) << 2)
    s.dist -= (<uint64_t>1) << (4 * (4 * seat + (c >> 4)))


cdef inline void add_key(Search* s, int seat, int c) noexcept nogil:
    """The keys gain ``c``, back in the hand of ``seat``."""
    cdef int field = 24 - 2 * cards_above(&s.st, c)
    cdef uint32_t code = s.code[c >> 4]
    s.code[c >> 4] = ((code & ~((4u << field) - 1)) | (<uint32_t>seat << field)
                      | ((code & ((4u << field) - 1)) >> 2))
    s.dist += (<uint64_t>1) << (4 * (4 * seat + (c >> 4)))


cdef inline void play(Search* s, int seat, int c, const Game* g) noexcept nogil:
    """``seat`` plays ``c``: the state and its keys."""
    drop_key(s, seat, c)
    play_at(&s.st, c, seats(g))


cdef inline void unplay(Search* s, int seat, int c, const Game* g) noexcept nogil:
    """Take back ``c``, the last card played (by ``seat``)."""
    undo_at(&s.st, seats(g))
    add_key(s, seat, c)


cdef inline void set_aside(Search* s, int seat, uint64_t cards) noexcept nogil:
    """The lazy seat discards ``cards`` (out of play from now on), spending his budget."""
    cdef int c
    s.budget -= tc_popcount(cards)
    while cards:
        c = tc_ctz(cards)
        cards &= cards - 1
        drop_key(s, seat, c)
        s.st.hands[seat] &= ~((<uint64_t>1) << c)


cdef inline void take_back(Search* s, int seat, uint64_t cards) noexcept nogil:
    """Undo set_aside."""
    cdef int c
    s.budget += tc_popcount(cards)
    while cards:
        c = tc_ctz(cards)
        cards &= cards - 1
        s.st.hands[seat] |= (<uint64_t>1) << c
        add_key(s, seat, c)


cdef inline int follow_length(const Search* s, int seat, int su, const Game* g) noexcept nogil:
    """How many more rounds of suit ``su`` ``seat`` surely follows to (the lazy seat may void it early)."""
    cdef int ln = tc_popcount(s.st.hands[seat] & suit_mask(su))
    if seat == lazy_seat(s, g):
        ln -= lazy_budget(s, g)
    return ln if ln > 0 else 0


cdef inline uint64_t top_cards(uint64_t suit_cards, int k) noexcept nogil:
    """The ``k`` highest of ``suit_cards`` (all of one suit)."""
    cdef int drop = tc_popcount(suit_cards) - k
    while drop > 0:
        suit_cards &= suit_cards - 1
        drop -= 1
    return suit_cards


cdef inline uint64_t pattern_cards(const State* st, const uint32_t* msk) noexcept nogil:
    """The cards of the position whose owners a stored pattern fixes."""
    cdef uint64_t w = 0, p = all_hands(st)
    cdef int su
    for su in range(4):
        if msk[su]:
            w |= top_cards(p & suit_mask(su), tc_popcount(msk[su]) // 2)
    return w


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
    """The cards of ``hand`` below ``c`` in its sequence (equivalent to it), if any."""
    cdef uint64_t out = 0
    cdef int x = c - 1
    while x >= 0 and (x >> 4) == (c >> 4) and (x & 15) < 13:
        if (present >> x) & 1:
            if not ((hand >> x) & 1):
                break
            out |= (<uint64_t>1) << x
        x -= 1
    return out


cdef inline int sequence_top(int c, uint64_t hand, uint64_t present) noexcept nogil:
    """The card heading the sequence of ``hand`` that contains ``c``."""
    cdef int x = c + 1
    while (x & 15) < 13:
        if (present >> x) & 1:
            if not ((hand >> x) & 1):
                break
            c = x
        x += 1
    return c


cdef int cash_tricks(const Search* s, int lead, int* ks, const Game* g) noexcept nogil:
    """Tricks ``lead``, were he on lead now, surely wins by cashing his top cards (two-side objectives).

    Per suit (``ks``), his cards above every other card in play; in a trump contract a side suit counts
    only for as many rounds as every seat that could ruff still follows (opponents holding trumps, and with
    the must-trump rule partners too, since a forced ruff by a partner would take the lead away). Cashing
    trumps first keeps these lengths intact: a seat with trumps follows to them. The count relies on his
    top ``ks[su]`` cards of each suit and on hand lengths only. A lazy seat (lazy_improves) may void a
    suit early: he follows for his length less his budget.
    """
    cdef const State* st = &s.st
    cdef int trump = st.rules.trump, n = seats(g)
    cdef uint32_t side = s.maxim if (s.maxim >> lead) & 1 else (~s.maxim) & ((1u << n) - 1)
    cdef uint64_t mine = st.hands[lead]
    cdef uint64_t others = all_hands(st) & ~mine
    cdef uint64_t h, o
    cdef int su, seat, k, ln, qt = 0
    for su in range(4):
        ks[su] = 0
        h = (mine >> (16 * su)) & 0x1FFF
        if not h:
            continue
        o = (others >> (16 * su)) & 0x1FFF
        k = tc_popcount(h >> (64 - tc_clz(o))) if o else tc_popcount(h)
        if trump >= 0 and su != trump and k:
            for seat in range(n):
                if seat == lead or ((side >> seat) & 1 and not st.rules.must_trump):
                    continue
                if st.hands[seat] & suit_mask(trump):
                    ln = follow_length(s, seat, su, g)
                    if ln < k:
                        k = ln
        ks[su] = k
        qt += k
    return qt


cdef inline uint64_t cashed_cards(const State* st, int lead, const int* ks, int need, int entry) noexcept nogil:
    """The top cards of the fewest suits (``entry`` first, if any) whose cashed tricks reach ``need``."""
    cdef uint64_t w = 0
    cdef int got = 0, su, best
    cdef bint used[4]
    for su in range(4):
        used[su] = False
    if entry >= 0:
        used[entry] = True
        got = ks[entry]
        w = top_cards(st.hands[lead] & suit_mask(entry), ks[entry])
    while got < need:
        best = -1
        for su in range(4):
            if not used[su] and ks[su] and (best < 0 or ks[su] > ks[best]):
                best = su
        if best < 0:
            break
        used[best] = True
        got += ks[best]
        w |= top_cards(st.hands[lead] & suit_mask(best), ks[best])
    return w


cdef bint quick_tricks(const Search* s, int need, uint64_t* win, const Game* g) noexcept nogil:
    """Whether the side on lead surely wins ``need`` tricks at this trick start: the leader's cashed top
    cards, or a partner's after a low lead to his top card in a suit the opponents cannot ruff. ``win``
    receives the top cards relied on."""
    cdef const State* st = &s.st
    cdef int lead = st.leader, trump = st.rules.trump, n = seats(g), p, su, seat, e
    cdef uint32_t side = s.maxim if (s.maxim >> lead) & 1 else (~s.maxim) & ((1u << n) - 1)
    cdef uint64_t held, wl
    cdef int ks[4]
    cdef int kl[4]
    cdef int qp
    cdef bint entry
    if need > tc_popcount(st.hands[lead]):
        return False
    if cash_tricks(s, lead, ks, g) >= need:
        win[0] = cashed_cards(st, lead, ks, need, -1)
        return True
    for p in range(n):
        if p == lead or not ((side >> p) & 1):
            continue
        e = -1
        for su in range(4):
            held = all_hands(st) & suit_mask(su)
            if not (st.hands[lead] & held) or not (st.hands[p] & held) or top_owner(st, n, held) != p:
                continue
            entry = True
            if trump >= 0 and su != trump:
                for seat in range(n):
                    if (not ((side >> seat) & 1) and follow_length(s, seat, su, g) == 0
                            and st.hands[seat] & suit_mask(trump)):
                        entry = False
            if entry:
                e = su
                break
        if e < 0:
            continue
        qp = cash_tricks(s, p, ks, g)
        if qp >= need:
            win[0] = cashed_cards(st, p, ks, need, e)
            return True
        # The leader first cashes his own top cards in the suits his partner follows to all along (so
        # the partner keeps his cards), then crosses in the entry suit and the partner cashes his.
        cash_tricks(s, lead, kl, g)
        wl = 0
        for su in range(4):
            if kl[su] and tc_popcount(st.hands[p] & suit_mask(su)) >= kl[su]:
                qp += kl[su]
                wl |= top_cards(st.hands[lead] & suit_mask(su), kl[su])
        if qp >= need:
            win[0] = cashed_cards(st, p, ks, 14, e) | wl
            return True
    return False


cdef bint second_hand_tricks(const Search* s, int need, uint64_t* win) noexcept nogil:
    """Whether the side of the second hand (4 seats, two sides) surely wins ``need`` tricks, this one first.

    It wins this trick when it can ruff and third hand cannot overruff (third hand is not void with
    trumps), or when its highest card of the suit led beats the lead and all of third hand's cards and
    third hand cannot ruff (DDS). In no trump the seat winning the trick then cashes its next card of that
    suit if it is the suit's top card, each other suit's top card it holds and every card of a suit only it
    holds. ``win`` receives the top cards relied on.
    """
    cdef const State* st = &s.st
    cdef int turn = turn_of(st, 4), trump = st.rules.trump
    cdef int third = (turn + 1) & 3, pd = (turn + 2) & 3, lead = st.history[st.n_history - 1], su = lead >> 4
    cdef int hh, k, q = 1
    cdef uint64_t led = suit_mask(su), ours, top, rest, others
    cdef bint can_ruff
    win[0] = 0
    can_ruff = trump >= 0 and su != trump and (
        (not (st.hands[turn] & led) and st.hands[turn] & suit_mask(trump)) or
        (not (st.hands[pd] & led) and st.hands[pd] & suit_mask(trump)))
    if trump >= 0 and su != trump and not (st.hands[third] & led) and st.hands[third] & suit_mask(trump):
        return False
    if not can_ruff:
        ours = (st.hands[turn] | st.hands[pd]) & led
        if not ours or (63 - tc_clz(ours)) < lead or ours <= (st.hands[third] & led):
            return False
        win[0] = (<uint64_t>1) << (63 - tc_clz(ours))
    if q >= need:
        return True
    if trump >= 0 or can_ruff:
        return False
    # No trump: the seat holding the side's highest card of the suit wins the trick and leads.
    hh = turn if (st.hands[turn] & led) > (st.hands[pd] & led) else pd
    rest = all_hands(st) & led & ~win[0]
    if rest and top_owner(st, 4, rest) == hh:
        q += 1
        win[0] |= (<uint64_t>1) << (63 - tc_clz(rest))
        if q >= need:
            return True
    for k in range(4):
        if k == su or not (st.hands[hh] & suit_mask(k)):
            continue
        others = all_hands(st) & suit_mask(k) & ~st.hands[hh]
        if not others:
            q += tc_popcount(st.hands[hh] & suit_mask(k))
        elif top_owner(st, 4, all_hands(st) & suit_mask(k)) == hh:
            top = all_hands(st) & suit_mask(k)
            win[0] |= (<uint64_t>1) << (63 - tc_clz(top))
            q += 1
        else:
            continue
        if q >= need:
            return True
    return False


cdef int trumps_under(uint64_t t, uint64_t theirs, int apart, int best, uint64_t* win) noexcept nogil:
    """The larger of ``best`` and the tricks the trumps ``t`` (one seat's, or two partners' kept apart in
    ``apart`` tricks) surely win against the other side's trumps ``theirs``: for m = 0, 1, ..., the trumps
    of ``t`` only the m highest of ``theirs`` beat, at most ``apart`` of them, less m (see top_trumps).
    ``win`` receives the trumps counted when the result beats ``best``."""
    cdef int m = 0, c
    cdef uint64_t above
    while True:
        above = (t >> (64 - tc_clz(theirs))) << (64 - tc_clz(theirs)) if theirs else t
        c = tc_popcount(above)
        if (c if c < apart else apart) - m > best:
            best = (c if c < apart else apart) - m
            win[0] = above
        if not theirs or apart - m - 1 <= best:
            return best
        theirs ^= (<uint64_t>1) << (63 - tc_clz(theirs))
        m += 1


cdef int top_trumps(const Search* s, uint32_t side, uint64_t* win, const Game* g) noexcept nogil:
    """Tricks ``side`` surely wins with trumps.

    Top trumps, those above every trump of the other side: each wins the trick it is played to, unless a
    partner's top trump falls on the same trick. One seat's top trumps never meet. Without the must-trump
    rule two partners are forced to play trumps together only when trumps are led, once a round; holding
    t and u top trumps among trump lengths a and b they keep them apart in min(t + u, max(a, b)) rounds
    (each plays his top trumps in rounds where the other plays a low one or none).

    Under the other side's top trumps: if one seat holds c trumps that only the other side's m highest
    trumps beat, it wins c - m tricks. Each of those c trumps is played to its own trick (one seat), and
    that trick goes to the side unless one of the m trumps falls on it; each of those falls on one trick.
    Two partners holding c and d such trumps keep them apart in min(c + d, max(a, b)) tricks as above, and
    win all but m of those."""
    cdef const State* st = &s.st
    cdef int trump = st.rules.trump, n = seats(g), seat, k, best = 0, top
    cdef uint64_t theirs = 0, t, above
    cdef uint64_t pair[2]
    for seat in range(n):
        if not ((side >> seat) & 1):
            theirs |= st.hands[seat] & suit_mask(trump)
    pair[0] = pair[1] = 0
    for seat in range(n):
        if (side >> seat) & 1:
            t = st.hands[seat] & suit_mask(trump)
            if t:
                pair[1 if pair[0] else 0] = t
                best = trumps_under(t, theirs, tc_popcount(t), best, win)
    if pair[1] and not st.rules.must_trump:
        k = tc_popcount(pair[0]) if tc_popcount(pair[0]) > tc_popcount(pair[1]) else tc_popcount(pair[1])
        best = trumps_under(pair[0] | pair[1], theirs, k, best, win)
    if best == 0 and n == 4 and not st.rules.must_trump and theirs:
        # The other side holds the top trump. Our second trump, guarded, behind it (the top trump's owner
        # plays before its holder): in every trick he does not lead he sees that owner play first, plays
        # low under the top trump and wins with his own otherwise. He leads only now (then not a trump:
        # he must hold another suit) or after his side won a trick.
        top = 63 - tc_clz(theirs)
        above = all_hands(st) & suit_mask(trump) & ~((<uint64_t>1) << top)
        if above:
            k = 63 - tc_clz(above)
            for seat in range(n):
                if ((side >> seat) & 1 and (st.hands[seat] >> k) & 1
                        and tc_popcount(st.hands[seat] & suit_mask(trump)) > 1
                        and (st.hands[seat_after(seat, 3, 4)] >> top) & 1
                        and (seat != st.leader or st.hands[seat] & ~suit_mask(trump))):
                    win[0] = ((<uint64_t>1) << k) | ((<uint64_t>1) << top)
                    best = 1
    return best


cdef inline bint ducks(uint64_t cx, uint64_t ox) noexcept nogil:
    """Whether C's cards ``cx`` of a suit duck the others' cards ``ox`` of it: his i-th lowest card lies
    under their i-th lowest for every i both reach. Then C can play under every trick of the suit the
    others lead, with his highest card under the best card played before his turn: its removal with that
    card's keeps the condition (that card lies under his next higher card, so under their (i+1)-th lowest
    where his next card was i-th), as does any removal of their cards or of his highest.
    """
    cdef uint64_t c
    while cx and ox:
        c = cx & (~cx + 1)
        if c > (ox & (~ox + 1)):
            return False
        cx ^= c
        ox &= ox - 1
    return True


cdef int lone_bound(const Search* s, uint64_t* win, const Game* g) noexcept nogil:
    """Misère and all-pass bounds at a trick start (no trump, must follow suit): 0 when the lone seat C
    surely takes no more tricks, 2 when he surely takes every one left, 1 when he surely takes this one,
    -1 when none is known.

    No more tricks: every suit ducks (see ``ducks``), and C is not on lead or can lead a suit that still
    ducks once his lowest card of it is gone. C plays under every trick another seat leads and sheds his
    highest card of a suit when he discards, which keeps every suit ducking; his own lead of the lowest
    card of such a suit is beaten by a seat that must follow with a higher card: C never wins a trick, so
    never leads again.
    Every trick: in every suit his lowest card lies above every card the others hold, and C is on lead or
    the leader holds a suit of his. His lead wins (nobody holds a higher card of its suit) and leaves the
    condition true, so he leads again; the leader (in M) leads that suit and C must follow and win, then
    leads. (M makes him win them all: no play gives C more than every trick, so that is the value.)

    Both rely on the owners of the suits where C and the others hold cards (hand lengths fix the rest):
    every trick down to C's lowest card there, no more tricks too, or only down to the others' lowest
    where all of C's cards lie under theirs (all the cards above it being theirs puts C's under them);
    those cards go to ``win``.
    This trick: in a suit C holds, each of the others holding it has a card under C's lowest; the leader
    too when he is not C. The others (all in M) lead and follow under him, so C must follow and win; C's
    own lead wins when every suit he holds is so. It relies on the owners down to C's lowest card of the
    suit (of each suit the others hold, when he leads): hand lengths then tell who holds cards under it.
    """
    cdef const State* st = &s.st
    cdef int su, seat, c_seat = lone_seat(s, g)
    cdef uint64_t mine = st.hands[c_seat], others = all_hands(st) & ~mine, cx, ox, low, w = 0, w_under = 0
    cdef bint forced
    cdef bint under = True, over = True, lead_out = False, led_into = st.leader == c_seat
    for su in range(4):
        cx = mine & suit_mask(su)
        ox = others & suit_mask(su)
        if not cx or not ox:
            continue
        if st.hands[st.leader] & ox:
            led_into = True
        low = cx & (~cx + 1)
        w |= low
        if 63 - tc_clz(cx) < tc_ctz(ox):
            w_under |= ox & (~ox + 1)
            lead_out = True
        else:
            w_under |= low
            if under and not ducks(cx, ox):
                under = False
            if under and not lead_out and ducks(cx ^ low, ox):
                lead_out = True
        if tc_ctz(cx) < 63 - tc_clz(ox):
            over = False
    win[0] = w
    if under and (lead_out or st.leader != c_seat):
        win[0] = w_under
        return 0
    if over and led_into:
        return 2
    for su in range(4):
        cx = mine & suit_mask(su)
        if not cx:
            continue
        low = cx & (~cx + 1)
        if st.leader != c_seat and not (st.hands[st.leader] & suit_mask(su) & (low - 1)):
            continue
        forced = True
        for seat in range(seats(g)):
            if seat == c_seat or seat == st.leader:
                continue
            ox = st.hands[seat] & suit_mask(su)
            if ox and not (ox & (low - 1)):
                forced = False
                break
        if st.leader == c_seat:
            # His lead loses only in a suit where another seat holds nothing under his lowest card.
            if not forced:
                return -1
        elif forced:
            win[0] = low
            return 1
    return 1 if st.leader == c_seat else -1


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


cdef inline int lead_score(const Search* s, int c, int turn, uint32_t side, const Game* g) noexcept nogil:
    """How promising leading ``c`` is for a two-side objective (higher first)."""
    cdef const State* st = &s.st
    cdef int su = c >> 4, r = c & 15, trump = st.rules.trump, n = seats(g), seat, owner
    cdef uint64_t held = all_hands(st) & suit_mask(su)
    cdef uint64_t others = held & ~st.hands[turn]
    cdef bint ruff_danger = False, partner_ruff = False
    # A suit only the leader holds wins unless an opponent can ruff it.
    if not others and (trump < 0 or su == trump
                       or not (all_hands(st) & ~all_side(st, side, n) & suit_mask(trump))):
        return 90 + r
    owner = top_owner(st, n, held)
    if trump >= 0 and su != trump:
        for seat in range(n):
            if seat == turn or (st.hands[seat] & suit_mask(su)) or not (st.hands[seat] & suit_mask(trump)):
                continue
            if (side >> seat) & 1:
                partner_ruff = True
            else:
                ruff_danger = True
    if ruff_danger:
        # An opponent can ruff: ranked among the low leads (a ruff spends his trump).
        return 25 - r
    if owner == turn:
        return 80 + r
    if partner_ruff:
        # Partner ruffs (no opponent can): the trick is ours without spending a high card.
        return 75 - r
    if (side >> owner) & 1:
        return 70 - r
    # A sequence top that drives out a higher card, else a low card from a long suit where the opponents
    # have few cards to choose from (a smaller tree).
    if (st.hands[turn] >> (c - 1)) & 1 and (c & 15):
        return 40 + r
    return (30 - r + 2 * tc_popcount(st.hands[turn] & suit_mask(su))
            - 5 * tc_popcount(others & ~all_side(st, side, n)))


cdef int lose_score(const Search* s, int c, int nin, int best, int best_seat, int turn,
                    const Game* g) noexcept nogil:
    """How promising ``c`` is when C (one seat) plays to lose tricks and M to make him win them."""
    cdef const State* st = &s.st
    cdef int r = c & 15, su = c >> 4, trump = st.rules.trump, seat, lowest
    cdef uint64_t others, mine, nxt
    if (s.counted >> turn) & 1:
        if nin == 0:
            # A lead that a seat holding only higher cards of the suit must beat loses the trick: the
            # highest such first (it sheds a high card). Any other lead wins when the others duck: the
            # highest first, shedding it.
            for seat in range(seats(g)):
                mine = st.hands[seat] & suit_mask(su)
                if seat != turn and mine and tc_ctz(mine) > c:
                    return 50 + r
            return r
        if beats(c, best, trump):
            # Second hand over the lead still loses when the next seat holds only higher cards of the
            # suit: like a card under the lead.
            nxt = st.hands[seat_after(turn, 1, seats(g))] & suit_mask(su)
            if nin == 1 and nxt and tc_ctz(nxt) > c:
                return 30 + r
            return r            # forced to win: win with the highest, keep the low cards
        if (c >> 4) != (best >> 4):
            # A discard: first a card the others could undercut, keeping his cards under theirs.
            others = all_hands(st) & ~st.hands[turn] & suit_mask(su)
            if others & ((<uint64_t>1 << c) - 1):
                return 50 + r
        return 30 + r           # shed the highest card that does not win
    if nin == 0:
        # First a lead over C's lowest card of the suit, the highest first: he may duck, but the others
        # spend the high cards that would later let him play under them, keeping their low ones. Then a
        # lead under his lowest card, so that he must win: the highest such card (the lower ones stay
        # under him longer), in his shortest suit (fewer cards to duck with).
        seat = 0
        while not ((s.counted >> seat) & 1):
            seat += 1
        mine = st.hands[seat] & suit_mask(su)
        if mine:
            lowest = tc_ctz(mine)
            return (40 + r - 2 * tc_popcount(mine)) if lowest > c else (60 + r)
        return -r
    if best_seat >= 0 and (s.counted >> best_seat) & 1:
        # C is winning the trick: stay under him, shedding the highest such card; else overtake with the
        # highest card (C no longer takes this trick either way; the low cards stay to lead under him).
        return r if beats(c, best, trump) else 30 + r
    if (c >> 4) != (best >> 4) and (c >> 4) != trump:
        # A discard: shed high cards, keeping the low ones to lead under C.
        return r
    if best_seat >= 0 and nin == seats(g) - 1:
        # Last to a trick M wins: shed the highest card.
        return r
    # Partner led, C still to play: shed the highest card under the lead (C must still duck under the
    # lead), else the lowest card over it.
    return -r if beats(c, best, trump) else 30 + r


cdef inline int nth_owner(const State* st, int n, uint64_t cards, int k) noexcept nogil:
    """The seat holding the ``k``-th highest of ``cards`` (one suit), or -1 when there are fewer."""
    while k > 0 and cards:
        cards ^= (<uint64_t>1) << (63 - tc_clz(cards))
        k -= 1
    if not cards:
        return -1
    return top_owner(st, n, cards)


cdef inline bint ruffs(const State* st, int seat, uint64_t held, int trump) noexcept nogil:
    """``seat`` is void in the suit of ``held`` and holds a trump."""
    return not (st.hands[seat] & held) and (st.hands[seat] & suit_mask(trump)) != 0


cdef inline bint trumps_over(const State* st, int seat, int other, int trump) noexcept nogil:
    """``seat``'s highest trump beats ``other``'s (who may hold none)."""
    return (st.hands[seat] & suit_mask(trump)) > (st.hands[other] & suit_mask(trump))


cdef int lead_weight(const Search* s, int c, int turn, int rem, int tt_move, int killer) noexcept nogil:
    """DDS's lead weights (4 seats, two sides): suits where the opponents have few cards to choose from
    keep the tree small; then leads that win the trick (for either partner), finesse positions, sequences;
    the lead that last caused a cutoff at this depth (``killer``) and the stored best lead get a bonus."""
    cdef const State* st = &s.st
    cdef int su = c >> 4, trump = st.rules.trump
    cdef int lho = (turn + 1) & 3, rho = (turn + 3) & 3, pd = (turn + 2) & 3
    cdef uint64_t held = all_hands(st) & suit_mask(su)
    cdef int len_l = tc_popcount(st.hands[lho] & held), len_r = tc_popcount(st.hands[rho] & held)
    cdef int len_p = tc_popcount(st.hands[pd] & held), len_t = tc_popcount(st.hands[turn] & held)
    cdef int rr = tc_popcount(held & ((((<uint64_t>1) << c)) - 1))
    cdef int top = top_owner(st, 4, held), second = nth_owner(st, 4, held, 1), third = nth_owner(st, 4, held, 2)
    cdef int top_card = 63 - tc_clz(held)
    cdef uint64_t opp = (st.hands[lho] | st.hands[rho]) & held
    cdef bint seq = sequence_below(c, st.hands[turn], held) != 0
    cdef bint partner_tops = (st.hands[pd] & held) > opp
    cdef bint wins, side_suit
    cdef int w
    if trump < 0 or not (all_hands(st) & suit_mask(trump)):
        w = -(((len_l if len_l else rem) + (len_r if len_r else rem)) * 128) // 19
        if not len_p:
            w -= 9
        if c == top_card or partner_tops:
            if second == rho:
                if len_r != 1:
                    w -= 1
            elif second == lho:
                w += 22 if len_l != 1 else 16
            if (second != lho or len_l == 1) and (second != rho or len_r == 1):
                w += 45 + rr
            else:
                w += 18 + rr
            if c == killer:
                return w + 126
            return w + 32 if c == tt_move else w
        if top == rho or second == rho:
            if len_r != 1:
                w -= 10
        elif top == lho and second == pd:
            if len_p != 1:
                w += 31
        if second == pd and third == pd:
            w += 35
        elif ((second == turn and third == pd) or (second == pd and third == turn)) and len_p > 1:
            w += 25
        if (len_l == 1 and top == lho) or (len_r == 1 and top == rho):
            w += 28 + rr
        elif top == turn:
            w += -17 + rr
        elif not seq:
            w += 12 + rr
        elif c == 63 - tc_clz(held & ~((<uint64_t>1) << top_card)):
            w += 48
        else:
            w += 29 - rr
        if c == killer:
            return w + 47
        return w + 19 if c == tt_move else w
    # Trumps remain.
    side_suit = su != trump
    w = -(((len_l if len_l else rem) + (len_r if len_r else rem)) * 128) // 13
    if side_suit and (ruffs(st, lho, held, trump) or ruffs(st, rho, held, trump)):
        w -= 12
    if side_suit and ruffs(st, pd, held, trump) and len_r:
        w += 17
    if top == rho or second == rho:
        if len_r != 1:
            w -= 12
    elif top == lho and second == pd:
        if len_p != 1:
            w += 27
    if side_suit and len_t == 1 and st.hands[turn] & suit_mask(trump) and len_p > 1 and top == pd:
        w += 19
    # Can the lead (or partner's card over it) win the trick, ruffs considered?
    wins = False
    if c == top_card or partner_tops:
        if not side_suit:
            wins = True
        elif c != top_card or len_p or not (st.hands[pd] & suit_mask(trump)):
            wins = not ruffs(st, lho, held, trump) and not ruffs(st, rho, held, trump)
        else:
            wins = ((len_l or trumps_over(st, pd, lho, trump)) and (len_r or trumps_over(st, pd, rho, trump)))
    elif side_suit and ruffs(st, pd, held, trump):
        if ruffs(st, lho, held, trump) and ruffs(st, rho, held, trump):
            wins = trumps_over(st, pd, lho, trump) and trumps_over(st, pd, rho, trump)
        elif ruffs(st, lho, held, trump):
            wins = trumps_over(st, pd, lho, trump)
        elif ruffs(st, rho, held, trump):
            wins = trumps_over(st, pd, rho, trump)
        else:
            wins = True
    if wins:
        if (len_l == 1 and top == lho) or (len_r == 1 and top == rho):
            w += 35 + rr
        elif top == turn:
            if second == pd:
                w += 48 + rr
            elif c == top_card:
                w += 31
            else:
                w += -3 + rr
        elif top == pd:
            w += (42 if second == turn else 28) + rr
        elif seq and c == 63 - tc_clz(held & ~((<uint64_t>1) << top_card)):
            w += 40
        elif seq:
            w += 22 + rr
        else:
            w += 11 + rr
        if c == killer:
            return w + 55
        return w + 18 if c == tt_move else w
    if second == pd and third == pd:
        w += 20
    elif ((second == turn and third == pd) or (second == pd and third == turn)) and len_p > 1:
        w += 13
    if (len_l == 1 and top == lho) or (len_r == 1 and top == rho):
        w += rr + 2
    elif top == turn:
        if second == pd:
            w += 33 + rr
        elif c == top_card:
            w += 38
        else:
            w += -14 + rr
    elif top == pd:
        w += 34 + rr
    elif seq and c == 63 - tc_clz(held & ~((<uint64_t>1) << top_card)):
        w += 35
    else:
        w += 17 - (c & 15)
    return w + 18 if c == killer else w


cdef int order_moves(const Search* s, int* moves, int tt_move, const Game* g) noexcept nogil:
    """The cards worth trying (one per sequence), most promising first; returns how many. ``tt_move``: the
    lead stored for this position (-1: none)."""
    cdef const State* st = &s.st
    cdef int n = seats(g), turn = turn_of(st, n), nin = st.n_in_trick, trump = st.rules.trump
    cdef bint sides = two_sides(s, g)
    cdef uint64_t hand = st.hands[turn]
    cdef uint64_t present = in_play(st)
    cdef uint64_t m = sequence_tops(
        legal_mask(&st.rules, hand, st.history[st.n_history - nin] >> 4 if nin else -1), hand, present)
    cdef uint64_t rest_led
    cdef bint maxing = (s.maxim >> turn) & 1
    cdef uint32_t side = s.maxim if maxing else (~s.maxim) & ((1u << n) - 1)
    cdef bint mine_winning = False, last = nin == n - 1, wins, partner_beats = False
    cdef uint64_t third, fourth
    cdef int last_top = -1
    cdef int best = 0, pos, c, r, k, j, nm = 0, led = -1, seat, best_seat = -1
    cdef int score[16]
    # Leads first try the lead that last caused a cutoff at this depth (sibling positions are mostly
    # refuted by the same lead), for misère and all-pass the ones before it too, then the stored lead.
    # Bridge leads weigh these in lead_weight.
    cdef int slot = killer_slot(s, st.n_history, g)
    cdef bint hints = nin == 0 and not (sides and n == 4)
    cdef int n_killers = (1 if sides else KILLERS) if hints else 0
    if nin:
        pos = winning_position(&st.history[st.n_history - nin], nin, trump)
        best = st.history[st.n_history - nin + pos]
        best_seat = seat_after(st.leader, pos, n)
        mine_winning = ((s.maxim >> best_seat) & 1) == maxing
        led = st.history[st.n_history - nin] >> 4
        if nin == n - 2 and sides:
            # Next to last (third of four, second of three): the last seat's strongest legal card.
            fourth = legal_mask(&st.rules, st.hands[seat_after(st.leader, n - 1, n)], led)
            while fourth:
                c = 63 - tc_clz(fourth)
                fourth ^= (<uint64_t>1) << c
                if last_top < 0 or beats(c, last_top, trump):
                    last_top = c
        if nin == 1 and n == 3 and sides and (side >> seat_after(st.leader, 2, 3)) & 1:
            # Second of three with partner last to play: when he can beat the lead (over it in its suit,
            # or ruffing), play low and leave the trick to him.
            third = st.hands[seat_after(st.leader, 2, 3)]
            fourth = third & suit_mask(led)
            partner_beats = ((63 - tc_clz(fourth)) > best if fourth
                             else trump >= 0 and led != trump and (third & suit_mask(trump)) != 0)
        if nin == 1 and n == 4 and sides:
            # Second hand: when partner (fourth hand) beats the lead and everything third hand holds in
            # the suit, play low (DDS).
            third = st.hands[(st.leader + 2) & 3]
            fourth = st.hands[(st.leader + 3) & 3] & suit_mask(led)
            if (fourth and (63 - tc_clz(fourth)) > best
                    and (third & suit_mask(led) or trump < 0 or not (third & suit_mask(trump)))
                    and (not (third & suit_mask(led)) or (63 - tc_clz(fourth)) > 63 - tc_clz(third & suit_mask(led)))):
                partner_beats = True
    while m:
        c = tc_ctz(m)
        m &= m - 1
        r = c & 15
        if not sides:
            k = lose_score(s, c, nin, best, best_seat, turn, g)
        elif nin == 0:
            k = (lead_weight(s, c, turn, tc_popcount(hand), tt_move, s.killer[slot]) if n == 4
                 else lead_score(s, c, turn, side, g))
        else:
            wins = beats(c, best, trump)
            if partner_beats:
                k = -r
            elif (c >> 4) != led and (c >> 4) != trump:
                # A discard: the lowest card of the longest suit.
                k = 20 - r + 3 * tc_popcount(hand & suit_mask(c >> 4))
            elif mine_winning:
                if last_top >= 0 and beats(last_top, best, trump):
                    # The last seat (an opponent) would beat partner: take over with a card he cannot
                    # beat, cheaply.
                    k = (80 - r) if beats(c, last_top, trump) else -r
                else:
                    k = 50 - r - 30 * wins
            elif wins:
                if last:
                    k = 100 - r
                else:
                    # Win as cheaply as possible with a card the seats still to play cannot beat.
                    rest_led = 0
                    for seat in range(nin + 1, n):
                        if not ((side >> seat_after(st.leader, seat, n)) & 1):
                            rest_led |= st.hands[seat_after(st.leader, seat, n)]
                    if n == 3 and last_top >= 0 and not ((side >> seat_after(st.leader, 2, 3)) & 1):
                        # Second of three: the last seat's best card, a ruff included, decides.
                        wins = not beats(last_top, c, trump)
                    else:
                        wins = (c >> 4) == led and not ((rest_led & suit_mask(led)) >> c)
                    if wins:
                        k = 90 - r
                    elif nin == 1 and (c >> 4) == led:
                        k = 30 - r
                    else:
                        k = 70 - r
            else:
                k = 40 - r
        # Each bonus step exceeds the heuristic scores' range: killers in order, then the stored lead.
        j = 0
        while j < n_killers and c != s.killer[slot + j]:
            j += 1
        if j < n_killers:
            k += 300 * (KILLERS + 1 - j)
        elif c == tt_move and hints:
            k += 300
        j = nm
        while j > 0 and score[j - 1] < k:
            score[j] = score[j - 1]
            moves[j] = moves[j - 1]
            j -= 1
        score[j] = k
        moves[j] = c
        nm += 1
    return nm


cdef inline bint entry_matches(const Entry* e, const uint32_t* code) noexcept nogil:
    return ((code[0] & e.msk[0]) == e.pat[0] and (code[1] & e.msk[1]) == e.pat[1]
            and (code[2] & e.msk[2]) == e.pat[2] and (code[3] & e.msk[3]) == e.pat[3])


cdef inline uint32_t narrow_tag(int leader, const uint32_t* code, int suits) noexcept nogil:
    """The tag of a narrow bucket: the leader, a set of suits and the owners of their top cards.

    An entry whose pattern fixes the top cards of the suits ``suits`` (and no other) is kept in the narrow
    bucket of those suits and their top cards' owners; the wide bucket (tag: the leader alone) keeps the
    entries fixing no suit and the sets of suits used. A lookup scans a few short lists, not one long one.
    """
    cdef uint32_t t = <uint32_t>leader | (<uint32_t>suits << 10) | (1u << 14)
    cdef int su
    for su in range(4):
        if (suits >> su) & 1:
            t |= (code[su] >> 24) << (2 + 2 * su)
    return t


cdef inline uint64_t tag_bit(uint32_t tag) noexcept nogil:
    return (<uint64_t>1) << ((tag * <uint64_t>0x9E3779B97F4A7C15) >> 58)


cdef inline Bucket* find_bucket(Search* s, uint64_t dist, uint32_t leader, bint create) noexcept nogil:
    """The bucket of (hand lengths, tag), or NULL; ``create`` claims an empty one (linear probing)."""
    cdef uint64_t i = mix64(dist * 2048 + <uint64_t>leader) & s.bucket_mask
    cdef Bucket* b
    while True:
        b = &s.buckets[i]
        if b.gen != s.gen:
            if not create:
                return NULL
            b.gen, b.dist, b.tag, b.head = s.gen, dist, leader, -1
            return b
        if b.dist == dist and b.tag == leader:
            return b
        i = (i + 1) & s.bucket_mask


cdef void grow_buckets(Search* s) noexcept nogil:
    """Double the buckets in use, rehashing this generation's (their entries stay where they are)."""
    cdef uint64_t i, n = 0
    for i in range(s.bucket_mask + 1):
        if s.buckets[i].gen == s.gen:
            s.moved[n] = s.buckets[i]
            # Generation 0 is never current (new_generation runs before any search).
            s.buckets[i].gen = 0
            n += 1
    s.bucket_mask = 2 * s.bucket_mask + 1
    for i in range(n):
        find_bucket(s, s.moved[i].dist, s.moved[i].tag, True)[0] = s.moved[i]


cdef inline void new_generation(Search* s) noexcept nogil:
    """Forget every stored bound (another trump or objective, or a full arena)."""
    cdef int i
    s.gen += 1
    s.bucket_mask = s.max_mask if s.max_mask < 0xFFFF else 0xFFFF
    s.arena_used = 0
    s.n_buckets = 0
    for i in range(64 * 4 * KILLERS):
        s.killer[i] = -1


cdef void tt_store(Search* s, uint64_t dist, int leader, const uint32_t* code,
                   uint64_t win, int rem, bint lower, int bound, int move) noexcept nogil:
    """Record a bound for every position sharing the hand lengths and the owners of the top cards down
    to the lowest card of ``win`` in each suit (partition search)."""
    cdef const State* st = &s.st
    cdef uint64_t p = all_hands(st), ws
    cdef uint32_t msk[4]
    cdef uint32_t pat[4]
    cdef int su, k
    cdef int32_t i
    cdef Entry* e = NULL
    cdef Bucket* b
    cdef uint32_t tag
    cdef int suits
    for su in range(4):
        ws = win & suit_mask(su)
        if ws:
            k = tc_popcount((p & suit_mask(su)) >> tc_ctz(ws))
            msk[su] = ((1u << (2 * k)) - 1) << (26 - 2 * k)
        else:
            msk[su] = 0
        pat[su] = code[su] & msk[su]
    if 2 * s.n_buckets > <int64_t>s.bucket_mask and s.bucket_mask < s.max_mask:
        grow_buckets(s)
    if s.arena_used >= s.arena_size or 2 * s.n_buckets > <int64_t>s.bucket_mask:
        new_generation(s)
    suits = 0
    for su in range(4):
        if msk[su]:
            suits |= 1 << su
    b = find_bucket(s, dist, <uint32_t>leader, False)
    if b == NULL:
        b = find_bucket(s, dist, <uint32_t>leader, True)
        b.subsets = 0
        b.narrow = 0
        s.n_buckets += 1
    if suits:
        b.subsets |= 1u << suits
        tag = narrow_tag(leader, code, suits)
        b.narrow |= tag_bit(tag)
        b = find_bucket(s, dist, tag, False)
        if b == NULL:
            b = find_bucket(s, dist, tag, True)
            s.n_buckets += 1
    i = b.head
    while i >= 0:
        e = &s.arena[i]
        if (e.msk[0] == msk[0] and e.msk[1] == msk[1] and e.msk[2] == msk[2] and e.msk[3] == msk[3]
                and e.pat[0] == pat[0] and e.pat[1] == pat[1] and e.pat[2] == pat[2] and e.pat[3] == pat[3]):
            break
        i = e.next
    if i < 0:
        i = s.arena_used
        s.arena_used += 1
        e = &s.arena[i]
        e.lo, e.hi, e.move, e.next = 0, rem, -1, b.head
        b.head = i
        for su in range(4):
            e.msk[su] = msk[su]
            e.pat[su] = pat[su]
    if move >= 0:
        e.move = move
    if lower:
        if bound > e.lo:
            e.lo = bound
    elif bound < e.hi:
        e.hi = bound


cdef bint last_trick(Search* s, int won, int target, uint64_t* win, const Game* g) noexcept nogil:
    """Every seat holds one card: the trick plays itself."""
    cdef State* st = &s.st
    cdef int cards[4]
    cdef int k, pos, w, n = seats(g)
    for k in range(n):
        cards[k] = tc_ctz(st.hands[seat_after(st.leader, k, n)])
    pos = winning_position(cards, n, st.rules.trump)
    win[0] = 0
    for k in range(n):
        if k != pos and (cards[k] >> 4) == (cards[pos] >> 4):
            win[0] = (<uint64_t>1) << cards[pos]
            break
    s.nodes += 1
    w = seat_after(st.leader, pos, n)
    return won + ((s.counted >> w) & 1) >= target


cdef int lazy_moves(Search* s, int* moves, uint64_t* aside, int nm, int ruffs, const Game* g) noexcept nogil:
    """Append the lazy seat's moves that set cards aside (``aside``) to stop following: all his cards of
    the suit led, and with the must-trump rule his trumps too, within his budget. The cards each set aside
    makes playable are of other suits than the ordinary moves' and than each other's, so suit by suit a
    card always comes with the same cards set aside. ``ruffs``: 1 for the ruffs only, 0 for the others,
    -1 for all."""
    cdef const State* st = &s.st
    cdef int turn = turn_of(st, seats(g)), led = st.history[st.n_history - st.n_in_trick] >> 4
    cdef int trump = st.rules.trump
    cdef uint64_t hand = st.hands[turn], cards = hand & suit_mask(led), trumps = 0, m, present
    cdef int k
    if st.rules.must_trump and trump >= 0 and trump != led:
        trumps = hand & suit_mask(trump)
    present = in_play(st)
    for k in range(2):
        if k == 1:
            if not trumps:
                break
            cards |= trumps
        if not cards or tc_popcount(cards) > lazy_budget(s, g):
            continue
        m = sequence_tops(legal_mask(&st.rules, hand & ~cards, led), hand & ~cards, present & ~cards)
        if ruffs >= 0 and ((m & suit_mask(trump)) != 0 if trump >= 0 else False) != ruffs:
            continue
        while m:
            # Low cards first: the cheapest ruff or discard.
            moves[nm] = tc_ctz(m)
            aside[nm] = cards
            m &= m - 1
            nm += 1
    return nm


cdef bint ab(Search* s, int target, uint64_t* win, const Game* g) noexcept nogil:
    """True when M can make C take at least ``target`` tricks counted since the state was set up.

    ``win`` receives the cards whose owners decided the answer (the partition-search "winning ranks"): any
    position with the same hand lengths and the same owners of each suit's cards down to its lowest card
    in ``win`` has the same answer.
    """
    cdef State* st = &s.st
    cdef int n = seats(g)
    cdef bint sides = two_sides(s, g)
    cdef int won = counted_won(s)
    cdef int turn = turn_of(st, n)
    cdef int rem = tc_popcount(st.hands[turn]) - (lazy_budget(s, g) if turn == lazy_seat(s, g) else 0)
    cdef Bucket* b
    cdef Bucket* wide
    cdef uint32_t subsets, tag
    cdef uint64_t narrow
    cdef Entry* e
    cdef int32_t ei
    cdef uint64_t dist = 0, cw, qwin
    cdef uint32_t code[4]
    cdef int i, nm, first = -1, best_move = -1, nin, pos, c
    cdef uint64_t present, ws
    cdef int low, k
    cdef int small[4]
    cdef int moves[32]
    cdef uint64_t aside[32]
    cdef int trick[4]
    cdef bint maxing, result, lazy
    win[0] = 0
    if won >= target:
        return True
    if won + rem < target:
        return False
    nin = st.n_in_trick
    if nin == 0:
        if rem == 1 and lazy_budget(s, g) == 0:
            return last_trick(s, won, target, win, g)
        s.nodes += 1
        dist = s.dist
        for i in range(4):
            code[i] = s.code[i]
        wide = find_bucket(s, dist, <uint32_t>st.leader, False)
        subsets = wide.subsets if wide != NULL else 0
        narrow = wide.narrow if wide != NULL else 0
        b = wide
        while b != NULL:
            ei = b.head
            while ei >= 0:
                e = &s.arena[ei]
                ei = e.next
                if entry_matches(e, code):
                    if won + e.lo >= target:
                        win[0] = pattern_cards(st, e.msk)
                        return True
                    if won + e.hi < target:
                        win[0] = pattern_cards(st, e.msk)
                        return False
                    if e.move >= 0 and first < 0:
                        first = e.move
            b = NULL
            while subsets and b == NULL:
                k = tc_ctz(subsets)
                subsets &= subsets - 1
                tag = narrow_tag(st.leader, code, k)
                if narrow & tag_bit(tag):
                    b = find_bucket(s, dist, tag, False)
        if sides:
            if (s.maxim >> st.leader) & 1:
                if quick_tricks(s, target - won, &qwin, g):
                    win[0] = qwin
                    return True
            elif quick_tricks(s, rem - target + won + 1, &qwin, g):
                win[0] = qwin
                return False
            if st.rules.trump >= 0:
                if won + top_trumps(s, s.maxim, &qwin, g) >= target:
                    win[0] = qwin
                    return True
                if won + rem - top_trumps(s, ((1u << n) - 1) & ~s.maxim, &qwin, g) < target:
                    win[0] = qwin
                    return False
        elif lone_seat(s, g) >= 0 and st.rules.trump < 0 and st.rules.follow_suit:
            k = lone_bound(s, &qwin, g)
            if lazy_budget(s, g) and k > 0:
                # The lazy seat may yet void a suit: only "no more tricks" still holds for him.
                k = -1
            if k == 0 or k == 2 or (k == 1 and won + 1 >= target):
                # won < target <= won + rem here: no more tricks fails the test, every one passes it.
                win[0] = qwin
                return k > 0
    else:
        s.nodes += 1
        if nin == 1 and sides and n == 4:
            if (s.maxim >> turn) & 1:
                if second_hand_tricks(s, target - won, &qwin):
                    win[0] = qwin
                    return True
            elif second_hand_tricks(s, rem - target + won + 1, &qwin):
                win[0] = qwin
                return False
    maxing = (s.maxim >> turn) & 1
    result = not maxing
    present = in_play(st)
    nm = 0
    lazy = lazy_budget(s, g) != 0 and turn == lazy_seat(s, g) and nin != 0
    if lazy and maxing:
        # The lazy declarer's ruffs come first, his discards last.
        nm = lazy_moves(s, moves, aside, 0, True, g)
    k = nm
    nm += order_moves(s, moves + k, first, g)
    if lazy:
        for i in range(k, nm):
            aside[i] = 0
        nm = lazy_moves(s, moves, aside, nm, 0 if maxing else -1, g)
    if nin == n - 1:
        for i in range(nin):
            trick[i] = st.history[st.n_history - nin + i]
    for i in range(4):
        small[i] = -1
    for i in range(nm):
        c = moves[i]
        if c < small[c >> 4]:
            continue
        if lazy and aside[i]:
            set_aside(s, turn, aside[i])
        play(s, turn, c, g)
        if ab(s, target, &cw, g) == maxing:
            result = maxing
            best_move = c
            if nin == 0:
                k = killer_slot(s, st.n_history - 1, g)
                pos = 0
                while pos < KILLERS - 1 and s.killer[k + pos] != c:
                    pos += 1
                while pos > 0:
                    s.killer[k + pos] = s.killer[k + pos - 1]
                    pos -= 1
                s.killer[k] = c
            win[0] = cw
        else:
            win[0] |= cw
        unplay(s, turn, c, g)
        if lazy and aside[i]:
            take_back(s, turn, aside[i])
        if nin == n - 1:
            # This card completes the trick: a card that won it by rank over a card of its suit is a
            # winning rank.
            trick[nin] = c
            pos = winning_position(trick, n, st.rules.trump)
            for k in range(n):
                if k != pos and (trick[k] >> 4) == (trick[pos] >> 4):
                    win[0] |= (<uint64_t>1) << trick[pos]
                    break
        if result == maxing:
            break
        # Every card is being tried. If the answer did not depend on the rank of ``c`` (it lies below
        # every winning rank of its suit), the other cards of the suit below those ranks give the same
        # answer: skip them (DDS). Otherwise the cards skipped as equivalent to ``c`` (its sequence) are
        # relied on: their owners become part of the answer.
        ws = win[0] & suit_mask(c >> 4)
        low = tc_ctz(ws) if ws else 16 * (c >> 4) + 16
        if c < low:
            if small[c >> 4] < 0:
                small[c >> 4] = low
        else:
            win[0] |= sequence_below(c, st.hands[turn], present)
    if nin == 0:
        if result:
            tt_store(s, dist, st.leader, code, win[0], rem, True, target - won, best_move)
        else:
            tt_store(s, dist, st.leader, code, win[0], rem, False, target - won - 1, best_move)
    return result


cdef bint search(Search* s, int target, uint64_t* win) noexcept nogil:
    """ab compiled for the game being searched."""
    if s.n == 3:
        return ab(s, target, win, <const ThreeSeats*>NULL)
    if s.sides and s.lazy < 0:
        return ab(s, target, win, <const Bridge*>NULL)
    return ab(s, target, win, <const FourSeats*>NULL)


cdef bint talon_trick(Search* s, uint64_t* h, int k, int pos, int best, uint64_t played, int won,
                      int target) noexcept nogil:
    """All-pass tricks led by the talon cards: seat ``pos`` plays to talon trick ``k``; ``best`` is the
    highest card of the talon suit played so far (-1: none), ``played`` the cards played to this trick,
    ``won`` the tricks C took in earlier talon tricks.
    """
    cdef int ts, seat, c, i, nm, winner
    cdef uint64_t m, present
    cdef int moves[16]
    cdef bint maxing, result, r
    cdef uint64_t dummy
    if k == s.n_talon:
        # Trick 3 is led by hand1 whoever won the talon tricks.
        state_init(&s.st, s.st.rules, h, 0, NULL, 0)
        reset_keys(s)
        return search(s, target - won, &dummy)
    if pos == s.n:
        winner = -1
        if best >= 0 and not (s.dealer_owns and s.talon[k] > (best & 0xFF)):
            winner = (best >> 8)
        if winner >= 0 and (s.counted >> winner) & 1:
            won += 1
        return talon_trick(s, h, k + 1, 0, -1, 0, won, target)
    ts = s.talon[k] >> 4
    seat = pos
    present = h[0] | h[1] | h[2] | played | ((<uint64_t>1) << s.talon[k])
    m = sequence_tops(legal_mask(&s.st.rules, h[seat], ts), h[seat], present)
    maxing = (s.maxim >> seat) & 1
    result = not maxing
    nm = 0
    while m:
        moves[nm] = tc_ctz(m)
        m &= m - 1
        nm += 1
    for i in range(nm):
        c = moves[i]
        h[seat] ^= (<uint64_t>1) << c
        # ``best`` keeps the card in its low byte and the seat that played it above.
        if (c >> 4) == ts and (best < 0 or c > (best & 0xFF)):
            r = talon_trick(s, h, k, pos + 1, c | (seat << 8), played | ((<uint64_t>1) << c), won, target)
        else:
            r = talon_trick(s, h, k, pos + 1, best, played | ((<uint64_t>1) << c), won, target)
        h[seat] ^= (<uint64_t>1) << c
        if r == maxing:
            result = maxing
            break
    return result


cdef inline bint test(Search* s, const uint64_t* hands, int target) noexcept nogil:
    cdef uint64_t h[4]
    cdef uint64_t dummy
    cdef int k
    if s.n_talon:
        for k in range(4):
            h[k] = hands[k]
        return talon_trick(s, h, 0, 0, -1, 0, 0, target)
    return search(s, target, &dummy)


cdef int solve_value(Search* s, int guess) noexcept nogil:
    """The tricks C takes from the position in ``s.st`` (all-pass talon tricks included when set)."""
    cdef uint64_t hands[4]
    cdef int k, t, lo = 0, hi
    cdef int won = counted_won(s)
    for k in range(4):
        hands[k] = s.st.hands[k]
    hi = tc_popcount(hands[state_turn(&s.st)])
    while lo < hi:
        t = guess
        if t <= lo:
            t = lo + 1
        if t > hi:
            t = hi
        if test(s, hands, won + t):
            lo = t
            guess = t + 1
        else:
            hi = t - 1
            guess = t - 1
    return lo


cdef int first_guess(const uint64_t* h, int strain) noexcept nogil:
    """A guess at North-South's tricks with East on lead in a 13-card deal, to start the null-window tests
    near the answer: a least-squares fit on 300 random deals of DDS's tables (mean error under one trick)
    to North-South's high-card points and, in a trump suit, their trump length."""
    cdef uint64_t ns = h[0] | h[2], m
    cdef int hcp = 0, su, r, guess
    for su in range(4):
        m = (ns >> (16 * su)) & 0x1FFF
        for r in range(9, 13):
            hcp += (r - 8) * <int>((m >> r) & 1)
    if strain < 4:
        guess = (-8106 + 376 * hcp + 1072 * tc_popcount(ns & suit_mask(strain)) + 500) // 1000
    else:
        guess = (-3974 + 506 * hcp + 500) // 1000
    return 0 if guess < 0 else (13 if guess > 13 else guess)


cdef inline int contract_waste(uint64_t hand, uint64_t others, int c, int trump) noexcept nogil:
    """How much discarding ``c`` likely costs a trick contract (for ordering discards): low cards of short
    side suits cost least; a card no other seat holds a higher card of (a likely winner) costs more."""
    return ((c & 15) + 2 * tc_popcount(hand & suit_mask(c >> 4)) + (20 if (c >> 4) == trump else 0)
            + (0 if others & suit_mask(c >> 4) & ~(((<uint64_t>2) << c) - 1) else 9))


cdef int contract_discard_cost(uint64_t hand, uint64_t others, int a, int b, int trump) noexcept nogil:
    """How much discarding ``a`` and ``b`` likely costs a trick contract (for ordering discards): their
    costs, less for two cards of one suit and for each suit the discard leaves void (a chance to ruff or
    discard). The weights (here and in contract_waste) cut the discards found better than the first one
    tried from 253 to 188 over 450 contracts of each of three sets of 30 random deals, 78 to 60 on a set
    left out of the fit."""
    cdef int cost = contract_waste(hand, others, a, trump) + contract_waste(hand, others, b, trump)
    if (a >> 4) == (b >> 4):
        cost -= 2 + (5 if tc_popcount(hand & suit_mask(a >> 4)) == 2 else 0)
    else:
        cost -= (5 * (tc_popcount(hand & suit_mask(a >> 4)) == 1)
                 + 5 * (tc_popcount(hand & suit_mask(b >> 4)) == 1))
    return cost


cdef int contract_guess(uint64_t hand, int trump) noexcept nogil:
    """A first guess at a declarer's tricks: his aces and kings, and his trumps beyond two."""
    cdef int su, g = 0
    for su in range(4):
        g += tc_popcount(hand & suit_mask(su) & ((<uint64_t>3) << (16 * su + 11)))
    if trump >= 0 and tc_popcount(hand & suit_mask(trump)) > 2:
        g += tc_popcount(hand & suit_mask(trump)) - 2
    return g


cdef int misere_danger(uint64_t hand, uint64_t others) noexcept nogil:
    """A misère hand's weakness (for ordering discards): its cards the others can undercut, the ``i``-th
    lowest of a suit when they hold ``i`` lower cards of it (they can lead under it in turn), 4 each and up
    to 2 more for further lower cards; less 1 per void in a suit they hold (a chance to discard)."""
    cdef int su, i, k, d = 0
    cdef uint64_t h
    for su in range(4):
        h = hand & suit_mask(su)
        if not h and others & suit_mask(su):
            d -= 1
        i = 0
        while h:
            i += 1
            k = tc_popcount(others & suit_mask(su) & ((h & (~h + 1)) - 1)) - i
            if k >= 0:
                d += 4 + (k if k < 2 else 2)
            h &= h - 1
    return d


cdef int misere_forced(uint64_t hand, uint64_t a, uint64_t b) noexcept nogil:
    """A misère hand's likely tricks (for ordering discards): suit by suit, the others (seats holding ``a``
    and ``b``) lead it while they can, both playing their lowest card, and the hand ducks with its highest
    card under theirs or, when it cannot, wins and sheds its highest card. A greedy estimate, not a bound:
    it ignores the lead passing to the hand and its discards."""
    cdef int su, won = 0
    cdef uint64_t c, x, y, top
    for su in range(4):
        c = hand & suit_mask(su)
        x = a & suit_mask(su)
        y = b & suit_mask(su)
        while c and (x or y):
            if x and y:
                top = (x & (~x + 1)) if (x & (~x + 1)) > (y & (~y + 1)) else (y & (~y + 1))
                x &= x - 1
                y &= y - 1
            elif x:
                top = x & (~x + 1)
                x &= x - 1
            else:
                top = y & (~y + 1)
                y &= y - 1
            if c & (top - 1):
                c ^= (<uint64_t>1) << (63 - tc_clz(c & (top - 1)))
            else:
                won += 1
                c ^= (<uint64_t>1) << (63 - tc_clz(c))
    return won


cdef struct Discard:
    int score           # heuristic: lower first
    int tie             # then this (misère: the higher card discarded first)
    uint64_t kept       # the hand kept


cdef inline bint discard_before(const Discard* a, const Discard* b) noexcept nogil:
    if a.score != b.score:
        return a.score < b.score
    if a.tie != b.tie:
        return a.tie < b.tie
    return a.kept < b.kept


cdef inline void set_hand(Search* s, const State* root, int seat, uint64_t hand) noexcept nogil:
    """Start a search from ``root`` with ``seat`` holding ``hand``."""
    s.st = root[0]
    s.st.hands[seat] = hand
    reset_keys(s)


cdef bint seen_before(const Search* s, uint64_t* dists, uint32_t* codes, int* n_seen) noexcept nogil:
    """Whether the position in ``s`` has the keys of one already listed (rank-equivalent); if not, list it."""
    cdef int i, k
    for i in range(n_seen[0]):
        if (dists[i] == s.dist and codes[4 * i] == s.code[0] and codes[4 * i + 1] == s.code[1]
                and codes[4 * i + 2] == s.code[2] and codes[4 * i + 3] == s.code[3]):
            return True
    dists[n_seen[0]] = s.dist
    for k in range(4):
        codes[4 * n_seen[0] + k] = s.code[k]
    n_seen[0] += 1
    return False


cdef int discard_search(Search* s, int declarer, bint misere) noexcept nogil:
    """Solver.best_discard on the position set up in ``s`` (the declarer holding his two cards more)."""
    cdef State root = s.st
    cdef uint64_t full = root.hands[declarer], others = all_hands(&root) & ~full
    cdef uint64_t next_hand = root.hands[seat_after(declarer, 1, root.rules.n_seats)]
    cdef uint64_t m = full, kept, dummy
    cdef int trump = root.rules.trump
    cdef int cards[16]
    cdef Discard order[120]
    cdef Discard d
    cdef uint64_t dists[120]
    cdef uint32_t codes[480]
    cdef int nc = 0, n = 0, i, j, k, best, n_after, n_seen = 0, bound_at = -1
    while m:
        cards[nc] = tc_ctz(m)
        m &= m - 1
        nc += 1
    # The likeliest discards first, so that they prune the rest: low cards for a trick contract; for
    # misère the hands left with the fewest likely tricks, then the fewest cards the others can force
    # to win (insertion sort: 66 discards).
    for i in range(nc):
        for j in range(i + 1, nc):
            d.kept = full & ~((<uint64_t>1) << cards[i]) & ~((<uint64_t>1) << cards[j])
            if misere:
                # Likely tricks first, then the weakness (under 100) among hands alike in that.
                d.score = (100 * misere_forced(d.kept, next_hand, others & ~next_hand)
                           + misere_danger(d.kept, others))
                d.tie = -cards[j]
            else:
                d.score = contract_discard_cost(full, others, cards[i], cards[j], trump)
                d.tie = 0
            k = n
            while k > 0 and discard_before(&d, &order[k - 1]):
                order[k] = order[k - 1]
                k -= 1
            order[k] = d
            n += 1
    if misere:
        return misere_discard(s, &root, declarer, order, n)
    n_after = nc - 2
    best = -1
    for i in range(n):
        if best == n_after:
            break       # no discard can do better
        if best >= 0 and bound_at != best:
            # One search bounds every discard at once (a trick contract's bound is almost always
            # tight; a misère declarer gains too much from voiding late for it to pay).
            bound_at = best
            if not lazy_improves(s, &root, declarer, full, 2, best, False):
                break
        set_hand(s, &root, declarer, order[i].kept)
        if seen_before(s, dists, codes, &n_seen):
            continue
        if best < 0:
            # The first discard is solved outright; the others are only tested against the best so far.
            best = solve_value(s, contract_guess(order[i].kept, trump))
        else:
            while best < n_after and search(s, best + 1, &dummy):
                best += 1
    return best


cdef int misere_discard(Search* s, const State* root, int declarer, const Discard* order, int n) noexcept nogil:
    """The fewest tricks the misère declarer takes after his best discard, the ``n`` discards in ``order``,
    likeliest best first.

    The first few distinct discards are tested together, target by target from 1, until one fails:
    that one's value (it passed the target below) is the best of them, as every other passed the
    targets so far. The costly search (a failing test: the declarer holds his tricks under the
    target against every defence) is so made at the best candidate's value plus one, not at the
    higher value of a worse discard ordered first. At each target the candidates go in the order of
    their last test's cost, the costliest first: the defenders' hardest win is the likeliest to fail
    next. The other discards are only tested against that best; one that fails is better, its value
    found from below (low targets are cheap).
    """
    cdef uint64_t kept_hands[120]
    cdef uint64_t dists[120]
    cdef uint32_t codes[480]
    cdef uint64_t cost[MISERE_CANDIDATES]
    cdef int candidates[MISERE_CANDIDATES]
    cdef uint64_t dummy, start
    cdef int n_kept = 0, n_seen = 0, best = -1, t = 1, i, j, k, c, n_first
    cdef bint passed
    for i in range(n):
        set_hand(s, root, declarer, order[i].kept)
        if not seen_before(s, dists, codes, &n_seen):
            kept_hands[n_kept] = order[i].kept
            n_kept += 1
    n_first = n_kept if n_kept < MISERE_CANDIDATES else MISERE_CANDIDATES
    for i in range(n_first):
        candidates[i] = i
        cost[i] = 0
    while best < 0:
        for j in range(n_first):
            i = candidates[j]
            set_hand(s, root, declarer, kept_hands[i])
            start = s.nodes
            passed = search(s, t, &dummy)
            cost[i] = s.nodes - start
            if not passed:
                best = t - 1
                break
        # Costliest first; a stable insertion sort keeps the order among equal costs.
        for j in range(1, n_first):
            c = candidates[j]
            k = j
            while k > 0 and cost[candidates[k - 1]] < cost[c]:
                candidates[k] = candidates[k - 1]
                k -= 1
            candidates[k] = c
        t += 1
    for j in range(n_first, n_kept):
        if best == 0:
            break       # no discard can do better
        set_hand(s, root, declarer, kept_hands[j])
        if not search(s, best, &dummy):
            i = 1
            while i < best and search(s, i, &dummy):
                i += 1
            best = i - 1
    return best


cdef bint lazy_improves(Search* s, const State* root, int declarer, uint64_t hand, int budget, int best,
                        bint misere) noexcept nogil:
    """Whether the declarer might beat ``best`` after some discard of ``budget`` cards from ``hand``.

    The bound is a relaxed game: he keeps all of ``hand`` and sets cards aside (never to be played)
    only when he must, at most ``budget`` of them: all his cards of the suit led, and with the must-trump
    rule his trumps too, so as to stop following. Setting a card aside earlier would gain nothing: it
    changes no play until its suit is led (or a trump is called for). Any fixed discard D is a strategy
    of this game (set D's cards of a suit aside when D would leave him void of it), so its value is at
    least as good for him as every discard's: "no" rules them all out.
    """
    cdef bint r
    cdef uint64_t dummy
    s.lazy, s.budget = declarer, budget
    set_hand(s, root, declarer, hand)
    r = search(s, best, &dummy) if misere else search(s, best + 1, &dummy)
    s.lazy, s.budget = -1, 0
    return not r if misere else r


cdef class Solver:
    """A double-dummy solver with its own transposition table; one per thread or process."""

    cdef Search s
    # The game and objective the table's current generation was stored under (see setup), with that
    # generation: a new generation started elsewhere (dd_table, a full arena) ends the match.
    cdef tuple table_game
    cdef uint32_t table_gen

    def __cinit__(self, int tt_bits=20):
        # The sizes first: __dealloc__ releases what was mapped even when a mapping fails.
        self.s.max_mask = ((<uint64_t>1) << tt_bits) - 1
        self.s.arena_size = 1 << (tt_bits + 1)
        self.s.buckets = <Bucket*>tc_table_alloc((self.s.max_mask + 1) * sizeof(Bucket))
        self.s.moved = <Bucket*>tc_table_alloc((self.s.max_mask + 1) // 2 * sizeof(Bucket))
        self.s.arena = <Entry*>tc_table_alloc(self.s.arena_size * sizeof(Entry))
        if self.s.buckets == NULL or self.s.moved == NULL or self.s.arena == NULL:
            raise MemoryError()
        self.s.gen = 0

    def __dealloc__(self):
        tc_table_free(self.s.buckets, (self.s.max_mask + 1) * sizeof(Bucket))
        tc_table_free(self.s.moved, (self.s.max_mask + 1) // 2 * sizeof(Bucket))
        tc_table_free(self.s.arena, self.s.arena_size * sizeof(Entry))

    @property
    def nodes(self):
        """Positions visited since the solver was made."""
        return self.s.nodes

    cdef void setup(self, tuple rules, list hands, int leader, list trick, uint32_t counted, uint32_t maxim):
        cdef Rules r
        cdef uint64_t h[4]
        cdef int t[4]
        cdef int k
        r.n_seats, r.trump, r.follow_suit, r.must_trump = rules
        for k in range(4):
            h[k] = hands[k] if k < len(hands) else 0
        for k in range(len(trick)):
            t[k] = trick[k]
        state_init(&self.s.st, r, h, leader, t, len(trick))
        self.s.n = r.n_seats
        reset_keys(&self.s)
        self.s.counted = counted
        self.s.maxim = maxim
        self.s.sides = counted == maxim
        self.s.lone = tc_ctz(counted) if tc_popcount(counted) == 1 and maxim == ((1u << r.n_seats) - 1) & ~counted else -1
        self.s.lazy = -1
        self.s.budget = 0
        self.s.n_talon = 0
        # A stored bound depends only on the position it was stored for (the cards held and the leader)
        # under the same play rules and objective, not on the deal it came from: keep them when those
        # are unchanged (a preferans table's misère and all-pass searches of a seat share positions).
        # Must-trump means nothing without a trump.
        game = (r.n_seats, r.trump, r.follow_suit, r.must_trump and r.trump >= 0, counted, maxim)
        if game != self.table_game or self.s.gen != self.table_gen:
            new_generation(&self.s)
            self.table_game, self.table_gen = game, self.s.gen

    def solve(self, tuple rules, list hands, int leader, list trick, uint32_t counted, uint32_t maxim):
        """Tricks C takes from the position (the current trick included) with M maximising them."""
        cdef int v
        self.setup(rules, hands, leader, trick, counted, maxim)
        with nogil:
            v = solve_value(&self.s, tc_popcount(self.s.st.hands[state_turn(&self.s.st)]) // 2)
        return v

    def solve_cards(self, tuple rules, list hands, int leader, list trick, uint32_t counted, uint32_t maxim):
        """{card index: tricks C takes from the position if that card is played now}, for every legal card."""
        self.setup(rules, hands, leader, trick, counted, maxim)
        cdef State root = self.s.st
        cdef int turn = state_turn(&root)
        cdef uint64_t legal = state_legal(&root), present = in_play(&root)
        cdef uint64_t tops = sequence_tops(legal, root.hands[turn], present)
        cdef dict out = {}
        cdef int c, guess = tc_popcount(root.hands[turn]) // 2
        for c in range(64):
            if (tops >> c) & 1:
                self.s.st = root
                state_play(&self.s.st, c)
                reset_keys(&self.s)
                guess = solve_value(&self.s, guess)
                out[c] = counted_won(&self.s) + guess
        for c in range(64):
            if (legal >> c) & 1 and c not in out:
                out[c] = out[sequence_top(c, root.hands[turn], present)]
        return out

    def dd_table(self, list hands, tuple strains=(0, 1, 2, 3, 4)):
        """Tricks per declarer (rows: trump S, H, D, C, then no trump (4); columns: seats 0..3) of a 4-hand
        deal, one row for each of ``strains``."""
        cdef uint64_t h[4]
        cdef int k, strain, lead, v, guess, n_cards, first
        cdef list table = []
        cdef list row
        cdef Rules r
        for k in range(4):
            h[k] = hands[k]
        n_cards = tc_popcount(h[0])
        r.n_seats, r.follow_suit, r.must_trump = 4, True, False
        self.s.n, self.s.counted, self.s.maxim, self.s.sides, self.s.n_talon, self.s.lone = 4, 5, 5, True, 0, -1
        self.s.lazy, self.s.budget = -1, 0
        first = n_cards // 2
        for strain in strains:
            r.trump = strain if strain < 4 else -1
            new_generation(&self.s)
            row = [0, 0, 0, 0]
            guess = first_guess(h, strain) if n_cards == 13 else first
            # Leaders E, W (declarers N, S), then S, N (declarers E, W): partners often take the same count.
            for lead in (1, 3, 2, 0):
                state_init(&self.s.st, r, h, lead, NULL, 0)
                reset_keys(&self.s)
                with nogil:
                    v = solve_value(&self.s, guess)
                if lead == 1:
                    first = v
                guess = v
                row[(lead + 3) % 4] = v if lead % 2 else n_cards - v
            table.append(row)
        return table

    def best_discard(self, tuple rules, list hands, int declarer, int leader, bint misere):
        """Preferans: the declarer (holding his hand and the talon, two cards more) discards two.

        Trick contract (``misere`` false): the most tricks he can take after his best discard; misère: the
        fewest. Discards leaving the same position up to rank equivalence are tried once.
        """
        cdef int best
        self.setup(rules, hands, leader, [], 1u << declarer,
                   (((1u << len(hands)) - 1) & ~(1u << declarer)) if misere else (1u << declarer))
        with nogil:
            best = discard_search(&self.s, declarer, misere)
        return best

    def discard_bound(self, tuple rules, list hands, int declarer, int leader, bint misere, int budget,
                      int best):
        """Whether the declarer, holding ``budget`` cards more than the others, might beat ``best`` (take
        more tricks, or fewer for misère) after some discard of ``budget`` cards (lazy_improves)."""
        cdef bint r
        self.setup(rules, hands, leader, [], 1u << declarer,
                   (((1u << len(hands)) - 1) & ~(1u << declarer)) if misere else (1u << declarer))
        cdef State root = self.s.st
        with nogil:
            r = lazy_improves(&self.s, &root, declarer, root.hands[declarer], budget, best, misere)
        return r

    def all_pass(self, list hands, list talon, int seat, bint dealer_owns):
        """All-pass (3 seats, no trump): the fewest tricks ``seat`` can take when the other two play against
        him, the ``talon`` cards (0 to 2, in order) leading tricks 1 and 2 and hand1 leading trick 3."""
        cdef int k, v
        self.setup((3, -1, True, False), hands, 0, [], 1u << seat, 7 & ~(1u << seat))
        self.s.n_talon = len(talon)
        for k in range(len(talon)):
            self.s.talon[k] = talon[k]
        self.s.dealer_owns = dealer_owns
        with nogil:
            v = solve_value(&self.s, 1)
        self.s.n_talon = 0
        return v
