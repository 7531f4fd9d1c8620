# Bounds on the tricks left, tried before searching: the last trick played out, quick tricks of the side
# on lead or of the second hand, trump counts, a side needing every trick without trumps, and the lone
# seat's bounds for misère and all-pass.
# Included by _solver.pyx.


cdef inline int follow_length(const Search* s, int seat, int su, const Seating* g) noexcept nogil:
    """How many more rounds of suit ``su`` ``seat`` surely follows to (the lazy seat may void it early)."""
    cdef int ln = tc_popcount(s.st.hands[seat] & suit_mask(su))
    if seat == lazy_seat(s, g):
        ln -= lazy_budget(s, g)
    return ln if ln > 0 else 0


cdef inline int longest_other(const State* st, int seat, int su, int n) noexcept nogil:
    """The most cards of suit ``su`` any seat but ``seat`` holds."""
    cdef int k, ln, most = 0
    for k in range(n):
        if k != seat:
            ln = tc_popcount(st.hands[k] & suit_mask(su))
            if ln > most:
                most = ln
    return most


cdef inline uint64_t rank_winners(const State* st, int seat, int su, int k) noexcept nogil:
    """Of the top ``k`` cards ``seat`` cashes in suit ``su``, those whose rank decides: no more than the
    longest other holding of the suit, since the others are void after that many rounds and his further
    cards win by length (the hand lengths, part of every stored position, fix that)."""
    cdef int most = longest_other(st, seat, su, 4)
    return top_cards(st.hands[seat] & suit_mask(su), k if k < most else most)


cdef int cash_tricks(const Search* s, int lead, int* ks, const Seating* g) noexcept nogil:
    """Tricks ``lead``, were he on lead now, surely wins by cashing his top cards (two-side objectives).

    Per suit (``ks``), his cards above every other card in play, or all his cards of the suit when those
    outnumber every other seat's (the rest then win by length); in a trump contract a side suit counts
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
        if k < tc_popcount(h) and k >= longest_other(st, lead, su, n):
            k = tc_popcount(h)
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
    """The cards deciding the cashed tricks of the fewest suits (``entry`` first, if any) that reach ``need``."""
    cdef uint64_t w = 0
    cdef int got = 0, su, best
    cdef bint used[4]
    for su in range(4):
        used[su] = False
    if entry >= 0:
        used[entry] = True
        got = ks[entry]
        w = rank_winners(st, lead, entry, ks[entry])
    while got < need:
        best = -1
        for su in range(4):
            if not used[su] and ks[su] and (best < 0 or ks[su] > ks[best]):
                best = su
        if best < 0:
            break
        used[best] = True
        got += ks[best]
        w |= rank_winners(st, lead, best, ks[best])
    return w


cdef bint quick_tricks(const Search* s, int need, uint64_t* win, const Seating* g) noexcept nogil:
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


cdef inline bint outlasts_trick(const State* st, int seat, uint64_t led) noexcept nogil:
    """Whether a seat other than ``seat`` still holds a card of the suit ``led`` once the current trick is
    over (the seats yet to play follow to it): else ``seat``'s next card of it wins by length, which the
    hand lengths fix, not by rank."""
    cdef int k, ln
    for k in range(4):
        if k == seat:
            continue
        ln = tc_popcount(st.hands[k] & led)
        if ln > 1 or (ln == 1 and k == st.leader):
            return True
    return False


cdef bint second_hand_tricks(const Search* s, int need, uint64_t* win) noexcept nogil:
    """Whether the side of the second hand (4 seats, two sides) surely wins ``need`` tricks, this one first.

    It wins this trick when it can ruff and third hand cannot overruff (third hand is not void with
    trumps), or when its highest card of the suit led beats the lead and all of third hand's cards and
    third hand cannot ruff (DDS). In no trump the seat winning the trick then cashes its next card of that
    suit if it is the suit's top card, each other suit's top card it holds and every card of a suit only it
    holds. ``win`` receives the top cards relied on: the next card of the suit led only while another seat
    still holds the suit after this trick (else it wins by length).
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
        if outlasts_trick(st, hh, led):
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
    ``win`` receives the trumps counted when the result beats ``best``, none once m reaches all of
    ``theirs``: then every trump of ``t`` counts whatever its rank, and the count (at most ``apart``, less
    m) rests on hand lengths alone."""
    cdef int m = 0, c
    cdef uint64_t above
    while True:
        above = (t >> (64 - tc_clz(theirs))) << (64 - tc_clz(theirs)) if theirs else t
        c = tc_popcount(above)
        if (c if c < apart else apart) - m > best:
            best = (c if c < apart else apart) - m
            win[0] = above if theirs else 0
        if not theirs or apart - m - 1 <= best:
            return best
        theirs ^= (<uint64_t>1) << (63 - tc_clz(theirs))
        m += 1


cdef int top_trumps(const Search* s, uint32_t side, uint64_t* win, const Seating* g) noexcept nogil:
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
                # A lazy seat (lazy_improves) plays only as many cards as there are tricks left: his other
                # trumps may be the cards he sets aside.
                k = tc_popcount(t)
                if seat == lazy_seat(s, g) and tc_popcount(st.hands[seat]) - lazy_budget(s, g) < k:
                    k = tc_popcount(st.hands[seat]) - lazy_budget(s, g)
                best = trumps_under(t, theirs, k, best, win)
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


cdef int lone_bound(const Search* s, uint64_t* win, const Seating* g) noexcept nogil:
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


cdef bint short_of_top_suits(const Search* s, uint32_t side, int rem, uint64_t* win, const Seating* g) noexcept nogil:
    """Whether ``side``, on lead at this trick start with no trumps in play, surely loses one of the ``rem``
    tricks left: its longest holdings in the suits whose top card it holds add up to fewer than ``rem``.

    Needing every trick, the side leads every trick and wins only in a suit whose top card it holds, which
    shortens its longest holding there by one. A suit topped by an opponent opens only if he lets its top
    card go, and he need not while he holds another card; when he holds only top cards (three tricks from the
    end at most) the side cannot use the suit he frees in time, which DDS's LaterTricksMIN relies on as well
    (checked against brute force on such endings and against DDS). ``win`` receives the
    opponents' top cards of suits in which another seat holds cards: the bound stays true of any position
    where those stay theirs (a top card of the side turned the opponents' only lowers the sum)."""
    cdef const State* st = &s.st
    cdef uint64_t cards, w = 0
    cdef int su, seat, ln, most, total = 0, n = seats(g), top
    for su in range(4):
        cards = all_hands(st) & suit_mask(su)
        if not cards:
            continue
        top = top_owner(st, n, cards)
        if (side >> top) & 1:
            most = 0
            for seat in range(n):
                if (side >> seat) & 1:
                    ln = tc_popcount(st.hands[seat] & suit_mask(su))
                    if ln > most:
                        most = ln
            total += most
            if total >= rem:
                return False
        elif cards & ~st.hands[top]:
            w |= (<uint64_t>1) << (63 - tc_clz(cards))
    win[0] = w
    return True


cdef bint last_trick(Search* s, int won, int target, uint64_t* win, const Seating* g) noexcept nogil:
    """Every seat holds one card: the trick plays itself.

    The winning card's rank decides only when it beats a card of its suit held by a seat counted apart from
    the winner (C or not): no trick follows, so which of the seats counted alike takes this one changes
    nothing, and the hand lengths alone tell that a seat counted like the winner holds the top card played
    of that suit."""
    cdef State* st = &s.st
    cdef int cards[4]
    cdef int k, pos, w, n = seats(g)
    for k in range(n):
        cards[k] = tc_ctz(st.hands[seat_after(st.leader, k, n)])
    pos = winning_position(cards, n, st.rules.trump)
    w = seat_after(st.leader, pos, n)
    win[0] = 0
    for k in range(n):
        if (k != pos and (cards[k] >> 4) == (cards[pos] >> 4)
                and ((s.counted >> seat_after(st.leader, k, n)) & 1) != ((s.counted >> w) & 1)):
            win[0] = (<uint64_t>1) << cards[pos]
    s.nodes += 1
    return won + ((s.counted >> w) & 1) >= target


cdef inline int trick_start_bound(const Search* s, int won, int target, int rem, uint64_t* win,
                                  const Seating* g) noexcept nogil:
    """Whether a bound decides at this trick start if M makes C take ``target`` tricks (``won`` taken,
    ``rem`` left): 1 (he does), 0 (he does not), -1 (no bound decides). ``win`` receives the cards relied
    on when one does."""
    cdef const State* st = &s.st
    cdef uint64_t qwin
    cdef int k, n = seats(g)
    if two_sides(s, g):
        if (s.maxim >> st.leader) & 1:
            if quick_tricks(s, target - won, &qwin, g):
                win[0] = qwin
                return 1
        elif quick_tricks(s, rem - target + won + 1, &qwin, g):
            win[0] = qwin
            return 0
        if n == 4 and not lazy_budget(s, g) and (
                st.rules.trump < 0 or not (all_hands(st) & suit_mask(st.rules.trump))):
            if (s.maxim >> st.leader) & 1:
                if target - won == rem and short_of_top_suits(s, s.maxim, rem, &qwin, g):
                    win[0] = qwin
                    return 0
            elif target - won == 1 and short_of_top_suits(s, ((1u << n) - 1) & ~s.maxim, rem, &qwin, g):
                win[0] = qwin
                return 1
        if st.rules.trump >= 0:
            if won + top_trumps(s, s.maxim, &qwin, g) >= target:
                win[0] = qwin
                return 1
            if won + rem - top_trumps(s, ((1u << n) - 1) & ~s.maxim, &qwin, g) < target:
                win[0] = qwin
                return 0
    elif lone_seat(s, g) >= 0 and st.rules.trump < 0 and st.rules.follow_suit:
        k = lone_bound(s, &qwin, g)
        if lazy_budget(s, g) and k > 0:
            # The lazy seat may yet void a suit: only "no more tricks" still holds for him.
            k = -1
        if k == 0 or k == 2 or (k == 1 and won + 1 >= target):
            # won < target <= won + rem here: no more tricks fails the test, every one passes it.
            win[0] = qwin
            return 1 if k > 0 else 0
    return -1


cdef inline int second_hand_bound(const Search* s, int turn, int won, int target, int rem,
                                  uint64_t* win) noexcept nogil:
    """Whether the quick tricks of the second hand's side (four seats, two sides) decide if M makes C take
    ``target`` tricks: 1, 0 or -1 as trick_start_bound."""
    cdef uint64_t qwin
    if (s.maxim >> turn) & 1:
        if second_hand_tricks(s, target - won, &qwin):
            win[0] = qwin
            return 1
    elif second_hand_tricks(s, rem - target + won + 1, &qwin):
        win[0] = qwin
        return 0
    return -1
