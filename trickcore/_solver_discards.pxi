# The best discard of surplus cards (Solver.best_discard): the discards ordered by likely cost, one per
# class of rank-equivalent hands, the misère candidates tested together, and the lazy-seat bound that
# tests all discards at once (the lazy seat's moves of the relaxed game are here too). Included by
# _solver.pyx.


# Misère discards stepped together from the lowest target before the others are tested (best_discard).
cdef enum:
    MISERE_CANDIDATES = 8


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


cdef int lazy_moves(Search* s, int* moves, uint64_t* aside, int nm, int ruffs, const Seating* g) noexcept nogil:
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
