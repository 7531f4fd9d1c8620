# The search: the alpha-beta null-window test ``ab``, its dispatch by seat structure, the all-pass talon
# tricks, and the null-window tests stepped to the trick count. Included by _solver.pyx.


cdef bint ab(Search* s, int target, uint64_t* win, const Seating* g) noexcept nogil:
    """True when M can make C take at least ``target`` tricks counted since the state was set up.

    ``win`` receives the cards whose owners decided the answer (the partition-search "winning ranks"): any
    position with the same hand lengths and the same owners of each suit's cards down to its lowest card
    in ``win`` has the same answer.
    """
    cdef State* st = &s.st
    cdef int n = seats(g)
    cdef int won = counted_won(s)
    cdef int turn = turn_of(st, n)
    cdef int rem = tc_popcount(st.hands[turn]) - (lazy_budget(s, g) if turn == lazy_seat(s, g) else 0)
    cdef uint64_t dist = 0, cw, present
    cdef uint32_t code[4]
    cdef int i, nm, first = -1, best_move = -1, nin, c, known
    cdef int small[4]
    cdef int moves[32]
    cdef uint64_t aside[32]
    cdef int trick[4]
    cdef bint maxing, result, lazy, passed
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
        known = tt_probe(s, dist, code, target - won, &first, win)
        if known < 0:
            known = trick_start_bound(s, won, target, rem, win, g)
    else:
        s.nodes += 1
        known = -1
        if nin == 1 and two_sides(s, g) and n == 4:
            known = second_hand_bound(s, turn, won, target, rem, win)
    if known >= 0:
        return known
    maxing = (s.maxim >> turn) & 1
    result = not maxing
    present = in_play(st)
    lazy = lazy_budget(s, g) != 0 and turn == lazy_seat(s, g) and nin != 0
    nm = moves_to_try(s, moves, aside, lazy, maxing, first, g)
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
        passed = ab(s, target, &cw, g) == maxing
        if passed and nin == 0:
            # Before unplay: the killer's slot is read from the cards played, this one included.
            note_killer(s, c, g)
        unplay(s, turn, c, g)
        if lazy and aside[i]:
            take_back(s, turn, aside[i])
        if nin == n - 1:
            # This card completes the trick: a card that won it by rank over a card of its suit is a
            # winning rank.
            trick[nin] = c
            cw |= won_by_rank(trick, n, winning_position(trick, n, st.rules.trump))
        if passed:
            result = maxing
            best_move = c
            win[0] = cw
            break
        win[0] |= cw
        skip_low_cards(c, st.hands[turn], present, cw, win, small)
    if nin == 0:
        win[0] = without_bottom_runs(st, n, win[0])
        # A pass proves C takes at least target - won more tricks (a lower bound), a fail at most one fewer.
        tt_store(s, dist, st.leader, code, win[0], rem, result, target - won - (0 if result else 1), best_move)
    return result


cdef inline void skip_low_cards(int c, uint64_t hand, uint64_t present, uint64_t branch, uint64_t* win,
                                int* small) noexcept nogil:
    """After ``c`` (of ``hand``) was tried without a cutoff, with every card being tried: if its own answer
    (``branch``, the cards that decided it) did not depend on its rank (it lies below every winning rank of
    its suit there), every card of the suit below those ranks gives the same answer, the positions after it
    matching the same pattern: ``small`` skips them (DDS, bridge-solver). Otherwise the cards skipped as
    equivalent to ``c`` (its sequence) are relied on: their owners become part of the answer ``win``."""
    cdef uint64_t ws = branch & suit_mask(c >> 4)
    cdef int low = tc_ctz(ws) if ws else 16 * (c >> 4) + 16
    if c < low:
        if low > small[c >> 4]:
            small[c >> 4] = low
    else:
        win[0] |= sequence_below(c, hand, present)


cdef bint search(Search* s, int target, uint64_t* win) noexcept nogil:
    """ab compiled for the seat structure of the search (see Seating)."""
    if s.n == 3:
        return ab(s, target, win, <const ThreeSeats*>NULL)
    if s.sides and s.lazy < 0:
        return ab(s, target, win, <const TwoPartnerships*>NULL)
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
