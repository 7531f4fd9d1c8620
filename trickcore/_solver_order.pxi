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


cdef inline int card_place(const State* st, int c) noexcept nogil:
    """``c``'s place among its suit's cards still held, the highest 1 (DDS's relative rank)."""
    return tc_popcount(all_hands(st) & suit_mask(c >> 4) & ~(((<uint64_t>2) << c) - 1)) + 1


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


cdef struct LeadSuit:
    # The suit of a lead as DDS's lead weights see it from the leader's seat (lead_weight).
    int lho             # the leader's left-hand opponent, right-hand opponent and partner
    int rho
    int pd
    uint64_t held       # the suit's cards still held
    int len_l           # the suit's lengths of lho, rho, partner and the leader
    int len_r
    int len_p
    int len_t
    int rr              # the lead's rank term: DDS's relative rank (its place among the suit's cards held,
                        # the highest 1: DDS's weights try the lowest of cards weighed alike first), but after
                        # the trumps are out in a suit contract the cards held below it (DDS's rank there
                        # measured 0.5% more positions on 2024/0-199's tables)
    int top             # the owners of the suit's three highest cards (-1: fewer cards)
    int second
    int third
    int top_card        # the suit's highest card
    bint seq            # the leader holds a card below the lead in sequence with it
    bint partner_tops   # partner's highest card of the suit beats both opponents'


cdef inline void survey_lead_suit(const State* st, int su, int turn, LeadSuit* ls) noexcept nogil:
    """Fill ``ls``'s fields of the suit ``su`` for a lead by ``turn`` (4 seats): the same for every card of
    the suit, so order_moves surveys a suit once for all its leads."""
    cdef uint64_t held = all_hands(st) & suit_mask(su), opp
    ls.lho, ls.rho, ls.pd = (turn + 1) & 3, (turn + 3) & 3, (turn + 2) & 3
    ls.held = held
    ls.len_l = tc_popcount(st.hands[ls.lho] & held)
    ls.len_r = tc_popcount(st.hands[ls.rho] & held)
    ls.len_p = tc_popcount(st.hands[ls.pd] & held)
    ls.len_t = tc_popcount(st.hands[turn] & held)
    ls.top, ls.second, ls.third = top_owner(st, 4, held), nth_owner(st, 4, held, 1), nth_owner(st, 4, held, 2)
    ls.top_card = 63 - tc_clz(held)
    opp = (st.hands[ls.lho] | st.hands[ls.rho]) & held
    ls.partner_tops = (st.hands[ls.pd] & held) > opp


cdef int lead_weight(const Search* s, LeadSuit* ls, int c, int turn, int rem, int tt_move, int killer,
                     bint trumps_out) noexcept nogil:
    """DDS's lead weights (4 seats, two sides): suits where the opponents have few cards to choose from
    keep the tree small; then leads that win the trick (for either partner), finesse positions, sequences;
    the lead that last caused a cutoff at this depth (``killer``) and the stored best lead get a bonus.
    ``ls``: the suit of ``c`` surveyed (survey_lead_suit); ``trumps_out``: no trump is left in play."""
    cdef const State* st = &s.st
    if st.rules.trump >= 0 and trumps_out:
        ls.rr = tc_popcount(ls.held & ((((<uint64_t>1) << c)) - 1))
    else:
        ls.rr = card_place(st, c)
    ls.seq = sequence_below(c, st.hands[turn], ls.held) != 0
    if trumps_out:
        return notrump_lead_weight(ls, c, turn, rem, tt_move, killer) + (
            notrump_lead_shape(st, ls, c, turn) if st.rules.trump < 0 else 0)
    return trump_lead_weight(st, ls, c, turn, rem, tt_move, killer)


cdef inline int notrump_lead_shape(const State* st, const LeadSuit* ls, int c, int turn) noexcept nogil:
    """lead_weight's terms of our own in no trump (bridge-solver's suit classes, measured by nodes; in a suit
    contract after the trumps are out they cost nodes):
    a suit where partner's ace-queen sits over the king on our left is led first (partner's tenace is
    finessed for free); a suit whose top two cards the leader and his right-hand opponent split, the leader's
    side without the third, later (the lead gives that opponent a free finesse); in a suit our side wins,
    the top and the bottom card before a card between them (which neither cashes nor reaches partner
    cheaply); in a suit the opponents win, the highest card last and, when partner holds the suit, the lowest
    first (the high card is worth more kept to beat theirs later; the low one goes toward partner's)."""
    cdef uint64_t mine = st.hands[turn] & ls.held
    cdef int w = 0, pd = ls.pd, third = ls.third, fourth
    if ls.len_p >= 2 and ls.len_l >= 2 and ls.top == pd and ls.second == ls.lho:
        fourth = nth_owner(st, 4, ls.held, 3)
        if third == pd or ((third == turn or third == pd) and (fourth == turn or fourth == pd)):
            w += 40
    if ls.len_t >= 2 and ls.len_r >= 2 and (
            (ls.top == turn and ls.second == ls.rho)
            or (ls.top == ls.rho and ls.second == turn and third != turn and third != pd)):
        w -= 10
    if c == ls.top_card or ls.partner_tops:
        if not ls.seq and c != 63 - tc_clz(mine) and c != tc_ctz(mine):
            w -= 10
    elif ls.len_t >= 2:
        if c == tc_ctz(mine):
            if ls.len_p:
                w += 10
        elif c == 63 - tc_clz(mine):
            w -= 10
    return w


cdef inline int notrump_lead_weight(const LeadSuit* ls, int c, int turn, int rem, int tt_move,
                                    int killer) noexcept nogil:
    """lead_weight when no trumps remain."""
    cdef int w = -(((ls.len_l if ls.len_l else rem) + (ls.len_r if ls.len_r else rem)) * 128) // 19
    cdef int rr = ls.rr, top = ls.top, second = ls.second, third = ls.third
    if not ls.len_p:
        w -= 9
    if c == ls.top_card or ls.partner_tops:
        if second == ls.rho:
            if ls.len_r != 1:
                w -= 1
        elif second == ls.lho:
            w += 22 if ls.len_l != 1 else 16
        if (second != ls.lho or ls.len_l == 1) and (second != ls.rho or ls.len_r == 1):
            w += 45 + rr
        else:
            w += 18 + rr
        if c == killer:
            return w + 126
        return w + 32 if c == tt_move else w
    if top == ls.rho or second == ls.rho:
        if ls.len_r != 1:
            w -= 10
    elif top == ls.lho and second == ls.pd:
        if ls.len_p != 1:
            w += 31
    if second == ls.pd and third == ls.pd:
        w += 35
    elif ((second == turn and third == ls.pd) or (second == ls.pd and third == turn)) and ls.len_p > 1:
        w += 25
    if (ls.len_l == 1 and top == ls.lho) or (ls.len_r == 1 and top == ls.rho):
        w += 28 + rr
    elif top == turn:
        w += -17 + rr
    elif not ls.seq:
        w += 12 + rr
    elif c == 63 - tc_clz(ls.held & ~((<uint64_t>1) << ls.top_card)):
        w += 48
    else:
        w += 29 - rr
    if c == killer:
        return w + 47
    return w + 19 if c == tt_move else w


cdef inline bint lead_wins(const State* st, const LeadSuit* ls, int c, int trump) noexcept nogil:
    """Whether the lead of ``c`` (or partner's card over it) wins the trick, ruffs considered (trumps
    remain)."""
    cdef bint side_suit = (c >> 4) != trump
    cdef int lho = ls.lho, rho = ls.rho, pd = ls.pd
    cdef uint64_t held = ls.held
    if c == ls.top_card or ls.partner_tops:
        if not side_suit:
            return True
        if c != ls.top_card or ls.len_p or not (st.hands[pd] & suit_mask(trump)):
            return not ruffs(st, lho, held, trump) and not ruffs(st, rho, held, trump)
        return ((ls.len_l or trumps_over(st, pd, lho, trump)) and (ls.len_r or trumps_over(st, pd, rho, trump)))
    if side_suit and ruffs(st, pd, held, trump):
        if ruffs(st, lho, held, trump) and ruffs(st, rho, held, trump):
            return trumps_over(st, pd, lho, trump) and trumps_over(st, pd, rho, trump)
        if ruffs(st, lho, held, trump):
            return trumps_over(st, pd, lho, trump)
        if ruffs(st, rho, held, trump):
            return trumps_over(st, pd, rho, trump)
        return True
    return False


cdef inline int trump_lead_weight(const State* st, const LeadSuit* ls, int c, int turn, int rem, int tt_move,
                                  int killer) noexcept nogil:
    """lead_weight while trumps remain."""
    cdef int trump = st.rules.trump, rr = ls.rr, top = ls.top, second = ls.second, third = ls.third
    cdef int lho = ls.lho, rho = ls.rho, pd = ls.pd, len_p = ls.len_p
    cdef uint64_t held = ls.held
    cdef bint side_suit = (c >> 4) != trump
    cdef int w = -(((ls.len_l if ls.len_l else rem) + (ls.len_r if ls.len_r else rem)) * 128) // 13
    if side_suit and (ruffs(st, lho, held, trump) or ruffs(st, rho, held, trump)):
        w -= 12
    if side_suit and ruffs(st, pd, held, trump) and ls.len_r:
        w += 17
    if top == rho or second == rho:
        if ls.len_r != 1:
            w -= 12
    elif top == lho and second == pd:
        if len_p != 1:
            w += 27
    if side_suit and ls.len_t == 1 and st.hands[turn] & suit_mask(trump) and len_p > 1 and top == pd:
        w += 19
    if lead_wins(st, ls, c, trump):
        if (ls.len_l == 1 and top == lho) or (ls.len_r == 1 and top == rho):
            w += 35 + rr
        elif top == turn:
            if second == pd:
                w += 48 + rr
            elif c == ls.top_card:
                w += 31
            else:
                w += -3 + rr
        elif top == pd:
            w += (42 if second == turn else 28) + rr
        elif ls.seq and c == 63 - tc_clz(held & ~((<uint64_t>1) << ls.top_card)):
            w += 40
        elif ls.seq:
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
    if (ls.len_l == 1 and top == lho) or (ls.len_r == 1 and top == rho):
        w += rr + 2
    elif top == turn:
        if second == pd:
            w += 33 + rr
        elif c == ls.top_card:
            w += 38
        else:
            w += -14 + rr
    elif top == pd:
        w += 34 + rr
    elif ls.seq and c == 63 - tc_clz(held & ~((<uint64_t>1) << ls.top_card)):
        w += 35
    else:
        w += 17 - (c & 15)
    return w + 18 if c == killer else w


cdef struct TrickSoFar:
    # The trick in progress as the seat to play sees it (order_moves).
    int best            # the card winning it so far (0: no card played)
    int best_seat       # that card's seat (-1: no card played)
    int led             # the suit led (-1: none)
    bint mine_winning   # a seat of the side to play is winning it
    int last_top        # next to last, two sides: the last seat's strongest legal card (-1: not looked at)
    bint partner_beats  # second hand, two sides: partner, still to play, beats the lead
    bint trumps_left    # four seats, two sides, a suit contract with trumps still held: follow_trumps
    bint third_plan     # third of four following suit (in a suit contract, no ruff in the trick or ahead of
                        # it): scored by the two below
    int third_over      # the cards above it win the trick, tried first (plan_third_hand)
    int third_bonus     # the card tried next: an overtake or one driving out fourth hand's top (-1: none)


cdef inline void survey_trick(const Search* s, bint maxing, uint32_t side, TrickSoFar* t,
                              const Seating* g) noexcept nogil:
    """Fill ``t`` for the seat to play, of the side ``side`` (``maxing``: in M)."""
    cdef const State* st = &s.st
    cdef int n = seats(g), nin = st.n_in_trick, pos
    cdef bint sides = two_sides(s, g)
    t.best, t.best_seat, t.led, t.mine_winning, t.last_top, t.partner_beats = 0, -1, -1, False, -1, False
    t.third_plan = False
    t.trumps_left = n == 4 and sides and st.rules.trump >= 0 and (all_hands(st) & suit_mask(st.rules.trump)) != 0
    if not nin:
        return
    pos = winning_position(&st.history[st.n_history - nin], nin, st.rules.trump)
    t.best = st.history[st.n_history - nin + pos]
    t.best_seat = seat_after(st.leader, pos, n)
    t.mine_winning = ((s.maxim >> t.best_seat) & 1) == maxing
    t.led = st.history[st.n_history - nin] >> 4
    if nin == 1 and sides:
        t.partner_beats = partner_beats_lead(st, n, t.best, t.led, side)
    if nin == 2 and n == 4 and sides and st.hands[(st.leader + 2) & 3] & suit_mask(t.led) and (
            st.rules.trump < 0 or (t.trumps_left and plain_third_trick(st, t))):
        t.third_plan = True
        plan_third_hand(st, st.hands[(st.leader + 2) & 3] & suit_mask(t.led), t)
    elif nin == n - 2 and sides:
        # Next to last (third of four, second of three): the last seat's strongest legal card.
        t.last_top = strongest_card(st, st.hands[seat_after(st.leader, n - 1, n)], t.led)


cdef inline bint plain_third_trick(const State* st, const TrickSoFar* t) noexcept nogil:
    """Third hand, trumps left: the trick goes as in no trump (trumps led, or a side suit that second hand did
    not ruff and fourth hand holds)."""
    cdef int trump = st.rules.trump
    return t.led == trump or ((t.best >> 4) != trump and (st.hands[(st.leader + 3) & 3] & suit_mask(t.led)) != 0)


cdef inline int strongest_card(const State* st, uint64_t hand, int led) noexcept nogil:
    """The legal card of ``hand`` that would beat all its others on the trick (-1: none)."""
    cdef uint64_t m = legal_mask(&st.rules, hand, led)
    cdef int c, top = -1
    while m:
        c = 63 - tc_clz(m)
        m ^= (<uint64_t>1) << c
        if top < 0 or beats(c, top, st.rules.trump):
            top = c
    return top


cdef inline bint partner_beats_lead(const State* st, int n, int best, int led, uint32_t side) noexcept nogil:
    """Second hand (two sides): whether partner, playing after him, beats the lead ``best``: then he plays
    low and leaves the trick to him."""
    cdef int trump = st.rules.trump
    cdef uint64_t third, fourth
    if n == 3:
        # Second of three with partner last to play: he can beat the lead (over it in its suit, or ruffing).
        if not (side >> seat_after(st.leader, 2, 3)) & 1:
            return False
        third = st.hands[seat_after(st.leader, 2, 3)]
        fourth = third & suit_mask(led)
        return ((63 - tc_clz(fourth)) > best if fourth
                else trump >= 0 and led != trump and (third & suit_mask(trump)) != 0)
    # Second hand of four: partner (fourth hand) beats the lead and everything third hand holds in the
    # suit (DDS).
    third = st.hands[(st.leader + 2) & 3]
    fourth = st.hands[(st.leader + 3) & 3] & suit_mask(led)
    return (fourth != 0 and (63 - tc_clz(fourth)) > best
            and ((third & suit_mask(led)) != 0 or trump < 0 or not (third & suit_mask(trump)))
            and (not (third & suit_mask(led)) or (63 - tc_clz(fourth)) > 63 - tc_clz(third & suit_mask(led))))


cdef inline int follow_score(const Search* s, int c, uint64_t hand, uint32_t side, const TrickSoFar* t,
                             const Seating* g) noexcept nogil:
    """How promising following to the trick with ``c`` (from ``hand``) is for a two-side objective (higher
    first)."""
    cdef const State* st = &s.st
    cdef int n = seats(g), nin = st.n_in_trick, trump = st.rules.trump, r = c & 15, seat, k
    cdef bint wins = beats(c, t.best, trump)
    cdef uint64_t rest_led
    if t.trumps_left and not t.third_plan:
        k = follow_trumps(st, c, hand, t)
        if k != GENERIC:
            return k
    if t.partner_beats:
        return -r
    if (c >> 4) != t.led and (c >> 4) != trump:
        return discard_score(c, hand)
    if t.third_plan:
        return 60 - r if c > t.third_over else (20 - r if c == t.third_bonus else -r)
    if nin == 1 and n == 4 and not t.trumps_left:
        return second_hand_notrump(st, c, hand, t.best)
    if t.mine_winning:
        if t.last_top >= 0 and beats(t.last_top, t.best, trump):
            # The last seat (an opponent) would beat partner: take over with a card he cannot beat,
            # cheaply.
            return (80 - r) if beats(c, t.last_top, trump) else -r
        return 50 - r - 30 * wins
    if not wins:
        return 40 - r
    if nin == n - 1:
        return 100 - r
    # Win as cheaply as possible with a card the seats still to play cannot beat.
    if n == 3 and t.last_top >= 0 and not ((side >> seat_after(st.leader, 2, 3)) & 1):
        # Second of three: the last seat's best card, a ruff included, decides.
        wins = not beats(t.last_top, c, trump)
    else:
        rest_led = 0
        for seat in range(nin + 1, n):
            if not ((side >> seat_after(st.leader, seat, n)) & 1):
                rest_led |= st.hands[seat_after(st.leader, seat, n)]
        wins = (c >> 4) == t.led and not ((rest_led & suit_mask(t.led)) >> c)
    if wins:
        return 90 - r
    if nin == 1 and (c >> 4) == t.led:
        return 30 - r           # second hand covering the lead: low
    return 70 - r


cdef inline int discard_score(int c, uint64_t hand) noexcept nogil:
    """A discard: the lowest card of the longest suit first."""
    return 20 - (c & 15) + 3 * tc_popcount(hand & suit_mask(c >> 4))


# follow_trumps's answer where follow_score's own scores apply.
cdef enum:
    GENERIC = -1000


cdef inline int follow_trumps(const State* st, int c, uint64_t hand, const TrickSoFar* t) noexcept nogil:
    """follow_score with trumps left (four seats, two sides; third hand's planned tricks aside), after DDS's
    follow weights for trump contracts where they measured better, else GENERIC. Second hand in a suit third
    hand may ruff, or when partner beats the lead, as DDS; else as in no trump; void with partner beating the
    lead, he discards before he ruffs. Third hand after second hand's ruff or with fourth hand void: low, or
    the cheapest card over second hand's; void, as DDS. Fourth hand underruffs last."""
    cdef int trump = st.rules.trump, su = c >> 4, r = c & 15, nin = st.n_in_trick
    if nin == 1:
        if su == t.led:
            if t.partner_beats or (t.led != trump and ruffs(st, (st.leader + 2) & 3, suit_mask(t.led), trump)):
                return second_hand_trumps(st, c, hand)
            return second_hand_notrump(st, c, hand, t.best)
        if t.partner_beats:
            return -r if su == trump else discard_score(c, hand)
        return GENERIC
    if nin == 2:
        if su == t.led:
            return 20 - r if beats(c, t.best, trump) and not t.mine_winning else -r
        return third_hand_void(st, c, hand, t)
    if su == trump and t.led != trump and (t.best >> 4) == trump and c < t.best:
        return -r
    return GENERIC


cdef int second_hand_trumps(const State* st, int c, uint64_t hand) noexcept nogil:
    """Second hand following the lead with trumps left when third hand may ruff or partner beats the lead
    (DDS): first the cards with which his side wins the trick (partner's card or a ruff included), then a
    card too low to matter, one under the lead, a cover."""
    # rank: DDS's scale (2-14), which its weights mix with card_place.
    cdef int trump = st.rules.trump, lead = st.history[st.n_history - 1], rank = (c & 15) + 2
    cdef int p3 = (st.leader + 2) & 3, p4 = (st.leader + 3) & 3
    cdef uint64_t led = suit_mask(lead >> 4), ruff3 = st.hands[p3] & suit_mask(trump)
    cdef uint64_t ruff4 = st.hands[p4] & suit_mask(trump)
    cdef int max3 = high_card(st.hands[p3] & led), max4 = high_card(st.hands[p4] & led)
    cdef bint win
    if (lead >> 4) == trump:
        win = (max4 > lead and max4 > max3) or (c > lead and c > max3)
    elif c > lead and c > max3:
        win = max3 >= 0 or not ruff3 or (max4 < 0 and ruff4 > ruff3)
    elif max4 > lead and max4 > max3:
        win = max3 >= 0 or not ruff3
    elif max4 < 0 and ruff4:
        # Partner ruffs: the trick is ours unless the lead wins it already and third hand, void as well,
        # overruffs.
        win = lead < max3 or lead < c or max3 >= 0 or not ruff3 or ruff4 > ruff3
    else:
        win = False
    if win:
        if max3 >= 0 and tc_ctz(st.hands[p3] & led) > c:
            return 40 + card_place(st, c)
        if max4 > lead and (hand & led) > (st.hands[p4] & led):
            return 41 + card_place(st, c)
        if c < lead:
            return (47 if max4 >= 0 else 40) - rank
        if c < max4:
            return 78 - rank
        if c > max3:
            return 73 - rank
        return (62 if sequence_below(c, hand, in_play(st)) else 49) - rank
    if (max3 >= 0 and c < tc_ctz(st.hands[p3] & led)) or (max4 >= 0 and c < tc_ctz(st.hands[p4] & led)):
        return -9 + card_place(st, c)
    if c < lead:
        return -16 + card_place(st, c)
    return (22 if sequence_below(c, hand, in_play(st)) else 10) - rank


cdef int third_hand_void(const State* st, int c, uint64_t hand, const TrickSoFar* t) noexcept nogil:
    """Third hand void in the suit led, trumps left (DDS): a discard, the lowest of the longest suit; no ruff
    of partner's sure winner; a ruff when it wins the trick or forces out fourth hand's higher trump, an
    underruff last."""
    cdef int trump = st.rules.trump, rank = (c & 15) + 2, lead = st.history[st.n_history - 2], w
    cdef int length = tc_popcount(hand & suit_mask(c >> 4))
    cdef uint64_t theirs = st.hands[(st.leader + 3) & 3] & suit_mask(trump)
    cdef int max4 = high_card(st.hands[(st.leader + 3) & 3] & suit_mask(t.led))
    if t.led == trump or (c >> 4) != trump:
        return (length << 6) // 40 - rank
    if t.mine_winning and lead > max4 and (max4 >= 0 or not theirs):
        return -rank - 50
    if (t.best >> 4) == trump and c < t.best:
        return -32 + card_place(st, c) + (length << 6) // 40
    if max4 >= 0:
        w = 48 if t.mine_winning else 72
    elif ((<uint64_t>1) << c) > theirs:
        w = 48
    else:
        w = -12 if t.mine_winning else 36
    return w - rank + (length << 6) // 50


cdef inline int high_card(uint64_t cards) noexcept nogil:
    """The highest of ``cards`` (-1: none)."""
    return (63 - tc_clz(cards)) if cards else -1


cdef inline int second_hand_notrump(const State* st, int c, uint64_t hand, int lead) noexcept nogil:
    """How promising following the lead ``lead`` with ``c`` (of its suit, from ``hand``) is for second hand
    of four when no trumps remain, or in a suit third hand cannot ruff (follow_trumps), partner not beating the
    lead (DDS): a card beating the lead and third hand's cards first, the cheapest first; then, by the card's
    place among the suit's cards held, a sequence split over a lead of the ten or higher (third hand must spend
    a higher card, promoting partner's), a card too low to matter (under all of third hand's or partner's
    cards), a plain cover (the cheapest first), a duck under the lead."""
    cdef uint64_t led = suit_mask(c >> 4)
    cdef uint64_t third = st.hands[(st.leader + 2) & 3] & led, fourth = st.hands[(st.leader + 3) & 3] & led
    cdef int r = c & 15
    # The card's place among the suit's cards held, the highest 1: lower cards score higher.
    cdef int place = card_place(st, c)
    if c > lead and (not third or c > 63 - tc_clz(third)):
        return 79 - r
    if (third and tc_ctz(third) > c) or (fourth and tc_ctz(fourth) > c):
        return -3 + place
    if c < lead:
        return -11 + place
    if (lead & 15) >= 8 and sequence_below(c, hand, all_hands(st) | ((<uint64_t>1) << lead)):
        return 10 + place
    return 11 - r


cdef inline void plan_third_hand(const State* st, uint64_t mine, TrickSoFar* t) noexcept nogil:
    """Third hand's order in no trump when he follows partner's lead with ``mine`` (DDS): low when
    partner's card beats fourth hand's or all ours are too low to matter; else a card beating second and
    fourth hand, the cheapest first, then the cheapest card that drives out fourth hand's top run, then
    low."""
    cdef int lead = st.history[st.n_history - 2], second = st.history[st.n_history - 1]
    cdef uint64_t fourth = st.hands[(st.leader + 3) & 3] & suit_mask(lead >> 4), rest, present
    cdef int max3 = 63 - tc_clz(mine), max4 = (63 - tc_clz(fourth)) if fourth else -1
    t.third_over, t.third_bonus = 63, -1
    if (second >> 4) != (lead >> 4):
        second = -1
    if lead > second and lead > max4:
        # Partner's card wins: overtake only to run a suit partner no longer holds.
        if overtake_runs(st, mine, fourth):
            t.third_bonus = lowest_move_over(mine, lead, in_play(st))
        return
    if max3 < second or (fourth and max3 < tc_ctz(fourth)):
        return
    t.third_over = max4 if max4 > second else second
    if max4 < max3 or max4 < second:
        return
    # Fourth hand wins: drive out his top run with the cheapest card over his next card, else (second hand
    # winning) beat second hand cheaply.
    present = in_play(st)
    rest = fourth & ~sequence_below(max4, fourth, present) & ~((<uint64_t>1) << max4)
    if rest and 63 - tc_clz(rest) > second:
        t.third_bonus = lowest_move_over(mine, 63 - tc_clz(rest), present)
    elif rest and second > lead:
        t.third_bonus = lowest_move_over(mine, second, present)


cdef inline int lowest_move_over(uint64_t mine, int x, uint64_t present) noexcept nogil:
    """The sequence top of the lowest of ``mine`` (one suit) above ``x`` (-1: none)."""
    cdef uint64_t over = mine & ~((((<uint64_t>2) << x) - 1) if x >= 0 else 0)
    if not over:
        return -1
    return sequence_top(tc_ctz(over), mine, present)


cdef inline bint overtake_runs(const State* st, uint64_t mine, uint64_t fourth) noexcept nogil:
    """Third hand over partner's winning card: partner holds no more cards of the suit and third hand's top
    run, from the suit's top, outlasts both opponents' cards of it after the trick."""
    cdef uint64_t held = all_hands(st) & suit_mask(tc_ctz(mine) >> 4)
    cdef int opp = tc_popcount(fourth) - 1, top = 63 - tc_clz(held)
    if (st.hands[st.leader] & held) or not ((mine >> top) & 1):
        return False
    if tc_popcount(st.hands[(st.leader + 1) & 3] & held) > opp:
        opp = tc_popcount(st.hands[(st.leader + 1) & 3] & held)
    return opp <= tc_popcount(sequence_below(top, mine, held))


cdef inline int hint_bonus(const Search* s, int c, int slot, int n_killers, int tt_move,
                          bint hints) noexcept nogil:
    """The bonus of ``c`` for being a killer of ``slot`` (the first ``n_killers``) or the stored lead: each
    step exceeds the heuristic scores' range, killers in order, then the stored lead."""
    cdef int j = 0
    while j < n_killers and c != s.killer[slot + j]:
        j += 1
    if j < n_killers:
        return 300 * (KILLERS + 1 - j)
    if c == tt_move and hints:
        return 300
    return 0


cdef int order_moves(const Search* s, int* moves, int tt_move, const Seating* g) noexcept nogil:
    """The cards worth trying (one per sequence), most promising first; returns how many. ``tt_move``: the
    lead stored for this position (-1: none)."""
    cdef const State* st = &s.st
    cdef int n = seats(g), turn = turn_of(st, n), nin = st.n_in_trick
    cdef bint sides = two_sides(s, g)
    cdef uint64_t hand = st.hands[turn]
    cdef uint64_t m = sequence_tops(
        legal_mask(&st.rules, hand, st.history[st.n_history - nin] >> 4 if nin else -1), hand, in_play(st))
    cdef bint maxing = (s.maxim >> turn) & 1
    cdef uint32_t side = s.maxim if maxing else (~s.maxim) & ((1u << n) - 1)
    cdef TrickSoFar t
    cdef int c, k, j, nm = 0, suit = -1
    cdef int score[16]
    cdef LeadSuit ls
    # Leads first try the lead that last caused a cutoff at this depth (sibling positions are mostly
    # refuted by the same lead), for misère and all-pass the ones before it too, then the stored lead.
    # Two partnerships weigh these in lead_weight.
    cdef int slot = killer_slot(s, st.n_history, g)
    cdef bint hints = nin == 0 and not (sides and n == 4)
    cdef int n_killers = (1 if sides else KILLERS) if hints else 0
    survey_trick(s, maxing, side, &t, g)
    while m:
        c = tc_ctz(m)
        m &= m - 1
        if not sides:
            k = lose_score(s, c, nin, t.best, t.best_seat, turn, g)
        elif nin == 0 and n == 4:
            # The cards come suit by suit (lowest bit first): each suit is surveyed once.
            if c >> 4 != suit:
                suit = c >> 4
                survey_lead_suit(st, suit, turn, &ls)
            k = lead_weight(s, &ls, c, turn, tc_popcount(hand), tt_move, s.killer[slot], not t.trumps_left)
        elif nin == 0:
            k = lead_score(s, c, turn, side, g)
        else:
            k = follow_score(s, c, hand, side, &t, g)
        k += hint_bonus(s, c, slot, n_killers, tt_move, hints)
        # Insertion in order of score, after the moves scored as high.
        j = nm
        while j > 0 and score[j - 1] < k:
            score[j] = score[j - 1]
            moves[j] = moves[j - 1]
            j -= 1
        score[j] = k
        moves[j] = c
        nm += 1
    return nm


cdef inline int moves_to_try(Search* s, int* moves, uint64_t* aside, bint lazy, bint maxing, int tt_move,
                             const Seating* g) noexcept nogil:
    """The moves ab tries, in order; returns how many. For the lazy seat (``lazy``) they include those
    setting cards aside (``aside``: the cards each sets aside, 0 for none): the lazy declarer's ruffs come
    first, his discards last."""
    cdef int i, k, nm = 0
    if lazy and maxing:
        nm = lazy_moves(s, moves, aside, 0, True, g)
    k = nm
    nm += order_moves(s, moves + k, tt_move, g)
    if lazy:
        for i in range(k, nm):
            aside[i] = 0
        nm = lazy_moves(s, moves, aside, nm, 0 if maxing else -1, g)
    return nm


cdef inline void note_killer(Search* s, int c, const Seating* g) noexcept nogil:
    """The lead ``c``, just played, caused a cutoff: it becomes the newest killer of its slot."""
    cdef int k = killer_slot(s, s.st.n_history - 1, g), pos = 0
    while pos < KILLERS - 1 and s.killer[k + pos] != c:
        pos += 1
    while pos > 0:
        s.killer[k + pos] = s.killer[k + pos - 1]
        pos -= 1
    s.killer[k] = c
