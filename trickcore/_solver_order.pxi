# Move ordering: the cards worth trying, most promising first: DDS's lead weights for two partnerships,
# lead scores for three seats, following to a trick, losing play for misère and all-pass, and the killer
# leads. Included by _solver.pyx.


cdef inline int killer_slot(const Search* s, int played, const Seating* g) noexcept nogil:
    """The killers of a trick start after ``played`` cards: per leader when C and M play apart (a lead
    that refutes C's leads says nothing of M's), per depth otherwise."""
    return KILLERS * (4 * played + (0 if two_sides(s, g) else s.st.leader))


cdef inline int lead_score(const Search* s, int c, int turn, uint32_t side, const Seating* g) noexcept nogil:
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
                    const Seating* g) noexcept nogil:
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


cdef int order_moves(const Search* s, int* moves, int tt_move, const Seating* g) noexcept nogil:
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
    # Two partnerships weigh these in lead_weight.
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
