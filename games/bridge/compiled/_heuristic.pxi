# The heuristic agents of games/bridge/agents.py (included by _boards.pyx), written once over bit masks and call
# codes: the bidder (``decide``) and the card player (``heuristic_card``). The module docstring of agents.py is
# their specification; the batch calls them over its own auction and trick state, HeuristicAgent over its view
# turned into the same encoding (_boards.decide_call and choose_card).
#
# Strains are C D H S NT = 0..4 (a bid's code is 5 * (level - 1) + strain), TRUMP gives a strain's kernel suit; a
# set of strains is a bit mask (1 << strain). Seats N E S W = 0..3, a seat's side is its parity.


# A hand as the bidder sees it: high-card points, the length of each suit strain, balanced, the suit-contract points.
cdef struct Hand:
    int hcp
    int lens[4]
    bint balanced
    int suit_points


cdef inline bint is_major(int strain) noexcept nogil:
    return MAJOR[strain]


cdef inline bint is_minor(int strain) noexcept nogil:
    return strain != NT and not MAJOR[strain]


cdef inline int bid_code(int level, int strain) noexcept nogil:
    return 5 * (level - 1) + strain


cdef inline int level_of(int call) noexcept nogil:
    return call // 5 + 1


cdef inline Hand hand_shape(uint64_t mask) noexcept nogil:
    """The hand's evaluation: A 4, K 3, Q 2, J 1; balanced 4333, 4432 or 5332; a point per card beyond four."""
    cdef Hand h
    cdef int s, points, doubletons = 0, shortest = 13, most = 0
    cdef uint64_t every_suit = <uint64_t>0x0001000100010001
    h.hcp = 0
    for points in range(1, 5):        # J Q K A at rank offsets 9..12
        h.hcp += points * tc_popcount(mask & (every_suit << (8 + points)))
    h.suit_points = h.hcp
    for s in range(4):
        h.lens[s] = tc_popcount((mask >> (16 * (3 - s))) & 0x1FFF)
        if h.lens[s] > 4:
            h.suit_points += h.lens[s] - 4
        doubletons += h.lens[s] == 2
        shortest = min(shortest, h.lens[s])
        most = max(most, h.lens[s])
    # 4333, 4432 and 5332: no suit shorter than two, at most one doubleton, none longer than five.
    h.balanced = shortest >= 2 and doubletons <= 1 and most <= 5
    return h


cdef inline int longest(const Hand* me, int strains) noexcept nogil:
    """The longest strain of the set ``strains``, the higher one on equal length."""
    cdef int s, best = -1
    for s in range(4):
        if strains >> s & 1 and (best < 0 or me.lens[s] >= me.lens[best]):
            best = s
    return best


cdef inline int cheapest(int last, int strain) noexcept nogil:
    """The lowest bid in ``strain`` above the bid ``last`` (-1: none), or NO_CALL above 7."""
    cdef int level
    for level in range(1, 8):
        if bid_code(level, strain) > last:
            return bid_code(level, strain)
    return NO_CALL


cdef inline int game_level(int strain) noexcept nogil:
    """The lowest game level in ``strain``: 3 at no-trump, 4 in a major, 5 in a minor."""
    return 3 if strain == NT else 4 if is_major(strain) else 5


cdef inline int level_for(double points, int strain, int game, const Figures* f) noexcept nogil:
    """The level a side's combined ``points`` reach in ``strain`` by the style's figures ``f``: 7 or 6 for the
    slams, ``game`` from game points (more in a minor); 0 below game, where each bidder has its own part-score
    rule."""
    if points >= f.grand_slam:
        return 7
    if points >= f.small_slam:
        return 6
    if points >= (f.minor_game if is_minor(strain) else f.game):
        return game
    return 0


# ---- what the auction says -------------------------------------------------------------------------------

cdef double first_action_estimate(int call, const int* bid_seat, const int* bid_codes, int n_bids, int me,
                                  int partner, int cheapest_level, bint i_doubled, int* lens) noexcept nogil:
    """The points (returned) and suit lengths (written to ``lens``) that partner's first non-pass ``call`` shows,
    after the bids ``bid_seat``/``bid_codes`` before it; ``cheapest_level`` is the lowest legal level of the call's
    strain, ``i_doubled`` whether my first call was a takeout double (then partner's bid is an advance: cheapest
    0-8, a jump 9-11, game 12+)."""
    cdef int level = level_of(call), strain = call % 5, opening, j
    cdef bint opened_by_me = n_bids > 0 and bid_seat[0] == me
    if call > PASS:
        return 13.0
    if i_doubled and strain != NT:
        lens[strain] = 4
        if level >= (4 if is_major(strain) else 5):
            return 13.0
        return 10.0 if level > cheapest_level else 4.5
    if n_bids == 0:
        if strain == NT:
            return 16.0 if level == 1 else 20.5
        if level == 1:
            lens[strain] = 5 if is_major(strain) else 3
            return 14.0
        lens[strain] = 5 + level
        return 8.0
    if opened_by_me:
        opening = bid_codes[0] % 5
        if opening == NT:
            if strain == NT:
                return 8.5 if level == 2 else 12.0
            lens[strain] = 5 if level < 4 else 6
            return 4.0 if level == 2 else 11.0
        if strain == opening:
            lens[strain] = 3 if is_major(strain) else 5
            return 7.5 if level == 2 else 11.0 if level == 3 else 13.0
        if strain == NT:
            return 7.5 if level == 1 else 11.5 if level == 2 else 14.0
        lens[strain] = 4
        return 9.0 if level == 1 else 12.0
    for j in range(n_bids):
        if (bid_seat[j] & 1) == (partner & 1):
            if strain != NT:
                lens[strain] = 4
            return 8.0
    if strain == NT:
        return 16.5
    lens[strain] = 5
    return 11.0


cdef double partner_picture(const Auction* a, int me, int* lens) noexcept nogil:
    """Partner's estimated points (returned) and suit lengths (``lens``, 0 = none shown), read from partner's
    calls: the first action's estimate, then a jump (or an uncontested invitation in our agreed suit) +3 and any
    other bid +1, a rebid suit one card more; no action 4 points (5 for a passed hand, which caps it at 11)."""
    cdef int partner = (me + 2) % 4, bid_seat[40], bid_codes[40], n_bids = 0, last = -1
    cdef int k, j, seat, call, level, strain, low = NO_CALL, my_first = NO_CALL, shown, agreed
    cdef bint has_points = False, passed_hand = False, uncontested, invitation, mine_before
    cdef double points = 0
    for k in range(4):
        lens[k] = 0
    for k in range(a.n):
        seat, call = (a.dealer + k) % 4, a.calls[k]
        if seat == partner and call == PASS and not has_points and n_bids == 0:
            passed_hand = True
        if seat == me and call != PASS and my_first == NO_CALL:
            my_first = call
        if seat == partner and call != PASS:
            level, strain = level_of(call), call % 5
            low = cheapest(last, strain) if call < PASS else NO_CALL
            if not has_points:
                points = first_action_estimate(call, bid_seat, bid_codes, n_bids, me, partner,
                                               level_of(low) if low != NO_CALL else 0, my_first == DOUBLE, lens)
                has_points = True
            elif call < PASS:
                agreed = 0
                uncontested = True
                mine_before = False
                for j in range(n_bids):
                    agreed += (bid_seat[j] & 1) == (me & 1) and bid_codes[j] % 5 == strain
                    uncontested = uncontested and (bid_seat[j] & 1) == (me & 1)
                    mine_before = mine_before or (bid_seat[j] == me and bid_codes[j] % 5 == strain)
                invitation = uncontested and agreed >= 2 and level == game_level(strain) - 1
                points += 3 if level > level_of(low) or invitation else 1
                if strain != NT:
                    shown = lens[strain]
                    lens[strain] = max(shown + 1, 6) if shown else (3 if mine_before else 4)
        if call < PASS:
            bid_seat[n_bids], bid_codes[n_bids] = seat, call
            n_bids += 1
            last = call
    if not has_points:
        points = 5.0 if passed_hand else 4.0
    return min(points, 11.0) if passed_hand else points


# ---- the bidder ------------------------------------------------------------------------------------------

cdef int opening(const Hand* me) noexcept nogil:
    """The opening bid (or Pass) of the hand ``me``."""
    cdef int s, best = longest(me, 0xF), long_suits = 0
    if me.balanced and 15 <= me.hcp <= 17:
        return bid_code(1, NT)
    if me.balanced and 20 <= me.hcp <= 21:
        return bid_code(2, NT)
    for s in range(4):
        long_suits += me.lens[s] >= 5
    if me.hcp >= 12 or (me.hcp >= 11 and (long_suits >= 2 or me.lens[best] >= 6)):
        if me.lens[3] >= 5 or me.lens[2] >= 5:
            return bid_code(1, 3 if me.lens[3] >= 5 and me.lens[3] >= me.lens[2] else 2)
        if me.lens[1] > me.lens[0] or me.lens[1] == me.lens[0] == 4:
            return bid_code(1, 1)
        return bid_code(1, 0)
    if 6 <= me.hcp <= 10 and me.lens[best] == 6 and best != 0:
        return bid_code(2, best)
    if 6 <= me.hcp <= 10 and me.lens[best] >= 7:
        return bid_code(3, best)
    return PASS


cdef int respond_nt(int opening_bid, const Hand* me) noexcept nogil:
    """The response to partner's 1NT or 2NT opening."""
    cdef int majors = (me.lens[3] >= 5) << 3 | (me.lens[2] >= 5) << 2, major
    if level_of(opening_bid) == 2:
        if majors and me.hcp >= 4:
            return bid_code(3, longest(me, majors))
        return bid_code(6, NT) if me.hcp >= 12 else bid_code(3, NT) if me.hcp >= 4 else PASS
    if majors:
        major = longest(me, majors)
        if me.lens[major] >= 6 and me.hcp >= 9:
            return bid_code(4, major)
        if me.hcp <= 7:
            return bid_code(2, major)
        if me.hcp >= 10:
            return bid_code(3, major)
    if me.hcp <= 7:
        return PASS
    if me.hcp <= 9:
        return bid_code(2, NT)
    if me.hcp <= 15:
        return bid_code(3, NT)
    return bid_code(4, NT) if me.hcp <= 17 else bid_code(6, NT)


cdef int response(const Auction* a, int opening_bid, const Hand* me) noexcept nogil:
    """The response to partner's opening bid (NO_CALL when the response rules give none)."""
    cdef int suit = opening_bid % 5, level = level_of(opening_bid), points = me.suit_points, major, s, new = 0
    cdef bint support
    if suit == NT:
        return respond_nt(opening_bid, me)
    if level > 1:
        support = me.lens[suit] >= (2 if is_major(suit) else 3)
        if support and me.suit_points >= 16:
            return bid_code(4 if is_major(suit) else 5, suit)
        if (me.balanced or (not is_major(suit) and level == 3)) and me.hcp >= 16:
            return bid_code(3, NT)
        return PASS
    if me.hcp < 6:
        return PASS
    if is_major(suit) and me.lens[suit] >= 3:
        return bid_code(2 if points <= 9 else 3 if points <= 12 else 4, suit)
    for major in range(2, 4):      # hearts, then spades
        if me.lens[major] >= 4 and me.lens[major] >= me.lens[5 - major]:
            if is_legal(a, bid_code(1, major)):
                return bid_code(1, major)
    if not is_major(suit) and me.lens[suit] >= 5:
        return bid_code(2 if points <= 9 else 3, suit)
    if me.lens[1] >= 4 and is_legal(a, bid_code(1, 1)) and not me.balanced:
        return bid_code(1, 1)
    if me.hcp >= 10 and not me.balanced:
        for s in range(4):
            if s != suit and me.lens[s] >= (5 if is_major(s) else 4):
                new |= 1 << s
        if new:
            return cheapest(a.last, longest(me, new))
    if me.hcp <= 10:
        return bid_code(1, NT)
    return bid_code(2, NT) if me.hcp <= 12 else bid_code(3, NT)


cdef int their_strains(const Auction* a, int seat) noexcept nogil:
    """The set of strains the opponents of ``seat`` have bid."""
    cdef int k, theirs = 0
    for k in range(a.n):
        if a.calls[k] < PASS and ((a.dealer + k) & 1) != (seat & 1):
            theirs |= 1 << (a.calls[k] % 5)
    return theirs


cdef int overcall(const Auction* a, int seat, const Hand* me, const Figures* f) noexcept nogil:
    """The first call over the opponents' opening: 1NT, a takeout double, a suit overcall or Pass."""
    cdef int theirs = their_strains(a, seat), s, suits = 0, bid, need
    cdef bint short = True, others = True
    if me.balanced and 15 <= me.hcp <= 18 and is_legal(a, bid_code(1, NT)):
        return bid_code(1, NT)
    for s in range(4):
        if theirs >> s & 1:
            short = short and me.lens[s] <= 2
        else:
            others = others and me.lens[s] >= 3
            if me.lens[s] >= 5:
                suits |= 1 << s
    if level_of(a.last) <= 3 and ((me.hcp >= 12 and short and others) or me.hcp >= 17):
        return DOUBLE
    if suits:
        bid = cheapest(a.last, longest(me, suits))
        need = 99 if bid == NO_CALL else f.overcall + 3 * (level_of(bid) - 1)
        if need <= me.hcp <= 16 and (level_of(bid) < 3 or me.lens[bid % 5] >= 6):
            return bid
    return PASS


cdef int advance_double(const Auction* a, int seat, const Hand* me) noexcept nogil:
    """The advance of partner's takeout double, in the longest unbid suit (a 4-card major first)."""
    cdef int theirs = their_strains(a, seat), suits = ~theirs & 0xF, majors, best, low
    if not suits:
        return PASS
    majors = suits & ((me.lens[3] >= 4) << 3 | (me.lens[2] >= 4) << 2)
    best = longest(me, majors if majors else suits)
    if me.hcp >= 12:
        return bid_code(4, best) if is_major(best) and me.lens[best] >= 4 else bid_code(3, NT)
    low = cheapest(a.last, best)
    if me.hcp >= 9 and low != NO_CALL and level_of(low) < 4:
        return bid_code(level_of(low) + 1, best)
    return low


cdef bint forcing(const Auction* a, int seat) noexcept nogil:
    """Whether partner's last call is a new suit by an unpassed responder, uncontested (forcing one round)."""
    cdef int k, n_bids = 0, first = NO_CALL, first_k = -1, last = NO_CALL, last_seat = -1
    cdef bint partner_passed = False
    for k in range(a.n):
        if a.calls[k] < PASS:
            if ((a.dealer + k) & 1) != (seat & 1):
                return False
            if n_bids == 0:
                first, first_k = a.calls[k], k
            last, last_seat = a.calls[k], (a.dealer + k) % 4
            n_bids += 1
    if n_bids < 2 or (a.dealer + first_k) % 4 != seat:
        return False
    for k in range(first_k):
        if a.calls[k] == PASS and (a.dealer + k) % 4 == (seat + 2) % 4:
            partner_passed = True
    return (last_seat == (seat + 2) % 4 and n_bids == 2 and last % 5 != NT and not partner_passed
            and last % 5 != first % 5 and first % 5 != NT and level_of(first) == 1)


cdef int choose_strain(const Hand* me, const int* fits, int theirs, bint picture_shown, int* fit) noexcept nogil:
    """The side's best strain, its fit length written to ``fit`` (0 at no-trump): an 8-card major fit, a fit in a
    minor, else no-trump."""
    cdef int s, best = -1
    cdef bint key, best_key = False
    fit[0] = 0
    for s in range(4):
        if theirs >> s & 1:
            continue
        key = fits[s] >= 8 and is_major(s)
        if best < 0 or key > best_key or (key == best_key and fits[s] >= fits[best]):
            best, best_key = s, key
    if best < 0:
        return NT
    if fits[best] >= 8 and (is_major(best) or not me.balanced):
        fit[0] = fits[best]
        return best
    if fits[best] >= 8 and not picture_shown:
        fit[0] = fits[best]
        return best
    return NT


cdef int place(const Auction* a, int seat, const Hand* me, const Figures* f) noexcept nogil:
    """The call that places the contract: the side's strain and a level by its combined points, Pass once the
    contract is high enough, a penalty double when the opponents outbid a strong side."""
    cdef int plens[4], fits[4], theirs = their_strains(a, seat), s, strain, fit, game, target, bid
    cdef double points = partner_picture(a, seat, plens), total
    cdef bint ours_last, reached
    for s in range(4):
        fits[s] = me.lens[s] + (plens[s] if plens[s] else 2)
    strain = choose_strain(me, fits, theirs, plens[0] or plens[1] or plens[2] or plens[3], &fit)
    if theirs:
        total = me.hcp + max(0, fit - 8) + points - 1
    else:
        total = (me.suit_points if strain != NT else me.hcp) + points
    game = game_level(strain)
    if is_minor(strain) and total < f.minor_game and me.balanced:
        strain, game = NT, 3
    target = level_for(total, strain, game, f)
    if target == 0:
        target = game - 1 if total >= f.invitation else (3 if fit >= 9 else 2)
    ours_last = (a.last_seat & 1) == (seat & 1)
    reached = ours_last and (
        (level_of(a.last) >= game_level(a.last % 5) and target < 6)
        or (level_of(a.last) >= target and target < game)
        or (total < f.invitation and (a.last % 5 == strain or fit < 8)))
    if reached:
        if forcing(a, seat):
            bid = cheapest(a.last, strain)
            return bid if bid != NO_CALL else PASS
        return PASS
    bid = cheapest(a.last, strain)
    if bid != NO_CALL and target >= game and level_of(bid) <= game:
        bid = bid_code(max(level_of(bid), target if target > game else game), strain)
    if bid != NO_CALL and level_of(bid) <= target:
        return bid
    if not ours_last and not a.doubled and total >= f.penalty_double and level_of(a.last) >= 2:
        return DOUBLE
    return PASS


cdef inline int decide(const Auction* a, const Hand* me, const Figures* f) noexcept nogil:
    """The bidder's call for the seat on turn holding ``me``, in the playing style of the figures ``f`` (NO_CALL:
    none, the agent passes): an opening, a response, an overcall, an advance of a double, or a call that places
    the contract."""
    cdef int seat = (a.dealer + a.n) % 4, partner = (seat + 2) % 4, k, opener = -1, opening_bid = NO_CALL
    cdef int n_ours = 0, first_ours = -1, call
    cdef bint i_acted = False
    for k in range(a.n):
        if a.calls[k] < PASS and opener < 0:
            opener, opening_bid = (a.dealer + k) % 4, a.calls[k]
        if a.calls[k] != PASS and ((a.dealer + k) & 1) == (seat & 1):
            if n_ours == 0:
                first_ours = k
            n_ours += 1
            i_acted = i_acted or (a.dealer + k) % 4 == seat
    if opener < 0:
        return opening(me)
    if n_ours == 0 and opener == partner:
        return NO_CALL
    if not i_acted and opener == partner and n_ours == 1:
        call = response(a, opening_bid, me)
        return call if call != NO_CALL else place(a, seat, me, f)
    if n_ours == 0:
        return overcall(a, seat, me, f)
    if not i_acted and n_ours == 1 and a.calls[first_ours] == DOUBLE and a.calls[a.n - 1] == PASS:
        return advance_double(a, seat, me)
    return place(a, seat, me, f)


cdef int heuristic_call(const Auction* a, const Hand* me, const Figures* f) noexcept nogil:
    """The batch's call: the decided call when legal, else Pass."""
    cdef int call = decide(a, me, f)
    return call if call != NO_CALL and is_legal(a, call) else PASS


# ---- the card player -------------------------------------------------------------------------------------

# What the card player knows (games.bridge.table.PlayView in the core's encoding): the hand to play (``seat``) and
# the player choosing for it (declarer for dummy), declarer and the contract's trump (a kernel suit, -1 at
# no-trump); the legal cards, the remaining cards of each hand the player sees (``seen``, 0 for a hidden hand) and
# the cards he cannot see (neither played nor in a hand he sees); the completed tricks' leaders, ``history`` their
# cards four a trick then the current trick's ``n_current`` cards, led by ``leader``; and the auction.
cdef struct PlayView:
    int seat
    int player
    int declarer
    int trump
    uint64_t legal
    uint64_t seen[4]
    uint64_t unseen
    int n_tricks
    const int* leaders
    const int* history
    int leader
    int n_current
    const Auction* auction


cdef inline int highest(uint64_t cards) noexcept nogil:
    return 63 - tc_clz(cards)


cdef inline bint unseen_higher(uint64_t unseen, int card) noexcept nogil:
    """True when some card of ``card``'s suit above it is in ``unseen``."""
    return (unseen & suit_mask(card >> 4) & ~(((<uint64_t>2) << card) - 1)) != 0


cdef int lead_from_length(uint64_t legal, int trump) noexcept nogil:
    """The top of an honour sequence, else fourth best of the longest suit (a side suit when there is one)."""
    cdef int s, top, second, best = -1, n, best_n = -1, best_top = -1
    cdef uint64_t cards, side = legal & ~suit_mask(trump) if trump >= 0 else legal
    if not side:
        side = legal
    for s in range(4):         # suits in the order S H D C: the first sequence found is led
        cards = side & suit_mask(s)
        if tc_popcount(cards) >= 2:
            top = highest(cards)
            second = highest(cards & ~((<uint64_t>1) << top))
            if (top & 15) >= 10 and top - second == 1:       # a sequence headed by the queen or higher
                return top
    for s in range(4):
        cards = side & suit_mask(s)
        n = tc_popcount(cards)
        if n and (n > best_n or (n == best_n and (highest(cards) & 15) > best_top)):
            best, best_n, best_top = s, n, highest(cards) & 15
    cards = side & suit_mask(best)
    if best_n >= 4:
        for n in range(3):
            cards &= ~((<uint64_t>1) << highest(cards))
        return highest(cards)
    return tc_ctz(cards)


cdef int discard(uint64_t legal, int trump) noexcept nogil:
    """The lowest card of the longest side suit."""
    cdef int s, n, best = -1, best_n = 0
    cdef uint64_t side = legal & ~suit_mask(trump) if trump >= 0 else legal
    if not side:
        side = legal
    for s in range(4):
        n = tc_popcount(side & suit_mask(s))
        if n > best_n:
            best, best_n = s, n
    return tc_ctz(side & suit_mask(best))


cdef inline int lead_in(uint64_t cards) noexcept nogil:
    """The lead in a suit partner has shown, from our ``cards`` in it: the top of two, else the lowest."""
    return highest(cards) if tc_popcount(cards) <= 2 else tc_ctz(cards)


cdef int lead(const PlayView* v) noexcept nogil:
    """A defender leads partner's suit (the suits partner led, most recent first; before any trick, partner's bid
    suits), else from length; declarer draws trumps while the opponents hold some, then cashes winners."""
    cdef int partner = (v.player + 2) % 4, t, k, s, card, best = -1
    cdef uint64_t cards, ours
    if (v.player & 1) != (v.declarer & 1):
        for t in range(v.n_tricks - 1, -1, -1):
            if v.leaders[t] == partner:
                cards = v.legal & suit_mask(v.history[4 * t] >> 4)
                if cards:
                    return lead_in(cards)
        if not v.n_tricks:
            for k in range(v.auction.n - 1, -1, -1):
                if v.auction.calls[k] < PASS and v.auction.calls[k] % 5 != NT \
                        and (v.auction.dealer + k) % 4 == partner:
                    cards = v.legal & suit_mask(TRUMP[v.auction.calls[k] % 5])
                    if cards:
                        return lead_in(cards)
        return lead_from_length(v.legal, v.trump)
    if v.trump >= 0:
        ours = v.legal & suit_mask(v.trump)
        if ours and v.unseen & suit_mask(v.trump):
            card = highest(ours)
            return card if not unseen_higher(v.unseen, card) else tc_ctz(ours)
    for s in range(4):      # the highest winner; of equal ranks, the first suit in the order S H D C
        cards = v.legal & suit_mask(s)
        if s != v.trump and cards and not unseen_higher(v.unseen, highest(cards)):
            if best < 0 or (highest(cards) & 15) > (best & 15):
                best = highest(cards)
    if best >= 0:
        return best
    return lead_from_length(v.legal, v.trump)


cdef bint shown_out(const PlayView* v, int seat, int suit) noexcept nogil:
    """Whether ``seat`` has played another suit to a trick led in ``suit`` (the trick in progress included)."""
    cdef int t, k, n, leader
    for t in range(v.n_tricks + 1):
        n = 4 if t < v.n_tricks else v.n_current
        leader = v.leaders[t] if t < v.n_tricks else v.leader
        k = (seat - leader + 4) % 4
        if 0 < k < n and v.history[4 * t] >> 4 == suit and v.history[4 * t + k] >> 4 != suit:
            return True
    return False


cdef uint64_t fourth_hand_cards(const PlayView* v, int led, bint* void) noexcept nogil:
    """The cards fourth hand may hold: his hand when the player sees it, else the unseen cards of the suits he has
    not shown out of; ``void`` tells whether he may hold none of the suit ``led`` (a hidden hand may when he has
    shown out of it or when the unseen cards of it fit in the other hidden hands)."""
    cdef int fourth = (v.seat + 1) % 4, seat, suit, room = 0
    cdef uint64_t cards = v.seen[fourth]
    if cards:
        void[0] = not cards & suit_mask(led)
        return cards
    cards = v.unseen
    for suit in range(4):
        if shown_out(v, fourth, suit):
            cards &= ~suit_mask(suit)
    for seat in range(4):
        if seat != fourth and not v.seen[seat] and not shown_out(v, seat, led):
            # A hand holds 13 cards less one a trick, less its card on the trick in progress.
            room += 13 - v.n_tricks - ((seat - v.leader + 4) % 4 < v.n_current)
    void[0] = tc_popcount(cards & suit_mask(led)) <= room
    return cards


cdef uint64_t beaters(uint64_t cards, bint void, int led, int card) noexcept nogil:
    """The cards of fourth hand's ``cards`` that beat ``card`` of its own suit, winning a trick led in ``led``
    (``void``: he may hold none of that suit, and so play any of his cards). A ruff by him is left out: it beats
    any card third hand follows suit with alike, and counts only against a trump of third hand's (an overruff)."""
    cdef uint64_t playable = cards if void else cards & suit_mask(led)
    return playable & suit_mask(card >> 4) & ~(((<uint64_t>2) << card) - 1)


cdef int third_hand(const PlayView* v, int* trick, int lowest) noexcept nogil:
    """Third hand's card: low when partner's card wins for sure (no card fourth hand may hold beats it), else the
    cheapest card that beats the trick so far and leaves fourth hand the fewest cards that beat it: the cheapest
    that wins for sure, else the lowest of the cards as good as his highest (third hand high); low when none beats
    the trick or none is harder to beat than partner's card."""
    cdef int led = trick[0] >> 4, card, best = -1, winner
    cdef bint void
    cdef uint64_t rest = v.legal, cards = fourth_hand_cards(v, led, &void), beat
    cdef uint64_t partners = ~(<uint64_t>0), fewest = ~(<uint64_t>0)
    trick[2] = lowest
    winner = winning_position(trick, 3, v.trump)
    if winner != 1:
        partners = beaters(cards, void, led, trick[winner])
        if not partners:
            return lowest
    while rest:            # the cards that beat the trick so far are of one suit (the suit led, or trumps)
        card = tc_ctz(rest)
        rest &= rest - 1
        trick[2] = card
        if winning_position(trick, 3, v.trump) == 2:
            beat = beaters(cards, void, led, card)
            if tc_popcount(beat) < tc_popcount(fewest):
                best, fewest = card, beat
    return best if best >= 0 and partners & ~fewest else lowest


cdef int follow(const PlayView* v) noexcept nogil:
    """Second hand low (covering an honour with a higher one), third hand as ``third_hand`` plays, fourth hand
    as cheaply as it wins (a trump last) and low when partner is winning; low is the lowest card, or a discard."""
    cdef int trick[4], position = v.n_current, trump = v.trump, k, card, best, best_seat, lowest
    cdef int winning = -1, key, best_key = 1 << 10
    cdef bint following
    cdef uint64_t rest
    for k in range(position):
        trick[k] = v.history[4 * v.n_tricks + k]
    following = (v.legal & suit_mask(trick[0] >> 4)) != 0
    lowest = tc_ctz(v.legal) if following else discard(v.legal, trump)
    if position == 2:
        return third_hand(v, trick, lowest)
    best = trick[winning_position(trick, position, trump)]
    best_seat = (v.leader + winning_position(trick, position, trump)) % 4
    rest = v.legal
    while rest:            # the cheapest winning card, ordered (is a trump, rank)
        card = tc_ctz(rest)
        rest &= rest - 1
        trick[position] = card
        if winning_position(trick, position + 1, trump) == position:
            key = ((card >> 4) == trump) << 4 | (card & 15)
            if key < best_key:
                winning, best_key = card, key
    if winning < 0 or (position == 3 and (best_seat & 1) == (v.seat & 1)):
        return lowest
    if position == 1 and following:
        # Second hand low, but cover an honour led with a higher honour.
        return winning if (best & 15) >= 9 and (winning & 15) >= 10 else lowest
    return winning


cdef inline int heuristic_card(const PlayView* v) noexcept nogil:
    """The card player's card: the only legal card, else a lead or a card to the trick in progress."""
    if tc_popcount(v.legal) == 1:
        return tc_ctz(v.legal)
    if v.n_current == 0:
        return lead(v)
    return follow(v)
