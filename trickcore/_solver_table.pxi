# The transposition table: its entries and buckets, the position's keys (hand lengths and the owners of
# each suit's cards) kept up to date by play and unplay, and the probing and storing of bounds (partition
# search). Included by _solver.pyx.


cdef struct Entry:
    uint32_t pat[4]     # per suit: owners (2 bits each) of the top cards that decided the bound, left-aligned
    uint8_t low[4]      # per suit: the bits of ``pat`` below those owners, 26 - 2k for the top k cards fixed
    int32_t next        # the next entry of the same bucket (-1: none)
    int8_t lo           # bounds on the tricks C still takes from this trick start
    int8_t hi
    int8_t move         # the lead that last decided this position, tried first
    uint8_t pad[5]      # 32 bytes: an entry never straddles two cache lines of the (aligned) arena


cdef struct Bucket:
    uint64_t dist       # hand lengths per seat and suit (4 bits each): positions are grouped by them
    uint32_t gen        # buckets of older generations (other trump or objective) count as empty
    int32_t head        # the newest entry of the bucket in the arena
    uint32_t tag        # the leader, and for a narrow bucket the suits fixed and the owners of their top cards
    uint32_t subsets    # wide bucket: bit S set when the narrow bucket of suit set S has entries
    uint64_t narrow     # wide bucket: a one-bit-per-tag filter of its narrow buckets (saves failing probes)


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


cdef inline uint64_t pattern_cards(const State* st, const uint8_t* low) noexcept nogil:
    """The cards of the position whose owners a stored pattern fixes."""
    cdef uint64_t w = 0, p = all_hands(st)
    cdef int su
    for su in range(4):
        if low[su] < 26:
            w |= top_cards(p & suit_mask(su), (26 - low[su]) // 2)
    return w


cdef inline uint64_t without_bottom_runs(const State* st, int n, uint64_t win) noexcept nogil:
    """``win`` (at a trick start) with the cards of each suit's bottom run (its lowest cards held, all by one
    seat, up to a card of another seat) replaced by that card, when its lowest card in ``win`` lies in the
    run: once the owners of every card above the run are fixed, the hand lengths give the run to its seat,
    so the pattern fixes the same positions; the parents' patterns, built from it, fix fewer cards
    (bridge-solver's pattern hands)."""
    cdef uint64_t held, other, above
    cdef int su
    for su in range(4):
        held = all_hands(st) & suit_mask(su)
        if not (win & held):
            continue
        other = held & ~st.hands[top_owner(st, n, held & (~held + 1))]
        above = other & (~other + 1)
        # (``above`` is 0 when one seat holds the whole suit: then no card of it stays fixed.)
        if win & held & (above - 1):
            win = (win & ~(held & (above - 1))) | above
    return win


cdef inline bint entry_matches(const Entry* e, const uint32_t* code) noexcept nogil:
    # A code has 26 bits: shifted by 26, a suit fixing no card always matches.
    return (((code[0] ^ e.pat[0]) >> e.low[0]) == 0 and ((code[1] ^ e.pat[1]) >> e.low[1]) == 0
            and ((code[2] ^ e.pat[2]) >> e.low[2]) == 0 and ((code[3] ^ e.pat[3]) >> e.low[3]) == 0)


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
    cdef uint8_t low[4]
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
        else:
            k = 0
        low[su] = 26 - 2 * k
        pat[su] = (code[su] >> low[su]) << low[su]
    if 2 * s.n_buckets > <int64_t>s.bucket_mask and s.bucket_mask < s.max_mask:
        grow_buckets(s)
    if s.arena_used >= s.arena_size or 2 * s.n_buckets > <int64_t>s.bucket_mask:
        new_generation(s)
    suits = 0
    for su in range(4):
        if low[su] < 26:
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
        if (e.low[0] == low[0] and e.low[1] == low[1] and e.low[2] == low[2] and e.low[3] == low[3]
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
            e.low[su] = low[su]
            e.pat[su] = pat[su]
    if move >= 0:
        e.move = move
    if lower:
        if bound > e.lo:
            e.lo = bound
    elif bound < e.hi:
        e.hi = bound


cdef inline int tt_probe(Search* s, uint64_t dist, const uint32_t* code, int need, int* move,
                         uint64_t* win) noexcept nogil:
    """Whether a stored bound decides at this trick start (keys ``dist`` and ``code``) if C takes ``need``
    more tricks: 1 (he does), 0 (he does not), -1 (none decides). ``win`` receives the cards of the
    deciding pattern; ``move`` the stored lead of the first matching entry that has one (if still -1).

    The wide bucket first, then the narrow bucket of each set of suits with entries that its filter does
    not rule out."""
    cdef Bucket* b = find_bucket(s, dist, <uint32_t>s.st.leader, False)
    cdef uint32_t subsets = b.subsets if b != NULL else 0, tag
    cdef uint64_t narrow = b.narrow if b != NULL else 0
    cdef Entry* e
    cdef int32_t ei
    cdef int k
    while b != NULL:
        ei = b.head
        while ei >= 0:
            e = &s.arena[ei]
            ei = e.next
            if entry_matches(e, code):
                if e.lo >= need:
                    win[0] = pattern_cards(&s.st, e.low)
                    return 1
                if e.hi < need:
                    win[0] = pattern_cards(&s.st, e.low)
                    return 0
                if e.move >= 0 and move[0] < 0:
                    move[0] = e.move
        b = NULL
        while subsets and b == NULL:
            k = tc_ctz(subsets)
            subsets &= subsets - 1
            tag = narrow_tag(s.st.leader, code, k)
            if narrow & tag_bit(tag):
                b = find_bucket(s, dist, tag, False)
    return -1
