# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Whole preferans deals of three heuristic players in one compiled loop (private): the decisions of
games.preferans.agents.HeuristicAgent (its docstring is the spec) over 32-card hand masks, call for call,
discard for discard and card for card as it decides through the game protocol. It writes only the actions;
games/preferans/heuristic_deals.py replays them through PreferansState, which checks them and writes the
record. tests/games/preferans/test_heuristic_batch.py proves the records equal the protocol's.

Each function below is the twin of the Python function it names, with the same steps in the same order; the
per-suit figures (``_suit_terms``, ``_suit_danger``, ``_defence_terms``) are not recomputed here but come in
as tables built from those Python functions. The float sums are the same IEEE double operations in the same
order as in Python, so every comparison comes out the same.
"""
from libc.stdint cimport uint64_t, int16_t

from trickcore._kernel cimport Rules, legal_mask, suit_mask, tc_popcount, winning_position

# Action codes (games/preferans/heuristic_deals.py decodes them): 0..63 a card's index, then the words.
cdef enum:
    A_PASS = 64
    A_HOLD = 65
    A_LADDER = 66          # + the ladder index (vocab.LADDER: 6S 6C 6D 6H 6NT 7S ... misere 9S ... 10NT)
    A_WHIST = 92
    A_HALF_WHIST = 93
    A_RETURN = 94
    A_OPEN = 95
    A_TALON = 96           # then the two discarded cards and the contract's ladder code
    # At most 81 calls (each of the 26 bids held at most twice, three passes), 4 talon codes, 4 defence calls
    # and open, and 30 cards: 120.
    MAX_ACTIONS = 128
    MISERE = 15            # the ladder index of misère
    N_LADDER = 26
    TALON = 3              # who plays a talon card (vocab.TALON)
    # kinds of deal and who sees what (table.py: kind, exposed)
    GAME = 0
    ALL_PASS = 1
    MISERE_KIND = 2
    EXPOSED_NONE = 0
    EXPOSED_OPEN = 1
    EXPOSED_MISERE = 2

# A strain's trump suit (strains S C D H NT in ladder order; suits S=0 H=1 D=2 C=3; -1 no trump).
cdef int TRUMP[5]
TRUMP[:] = [0, 3, 2, 1, -1]
# agents.OPTIMISM per strain, vocab.OBLIGATION per level
cdef double OPTIMISM[5]
OPTIMISM[:] = [1.3, 1.3, 1.3, 1.3, 1.8]
cdef int OBLIGATION[11]
OBLIGATION[:] = [0, 0, 0, 0, 0, 0, 4, 2, 1, 1, 1]
cdef uint64_t DECK32 = 0x1FE01FE01FE01FE0


cdef inline int ladder_level(int i) noexcept nogil:
    """vocab.level of ladder index ``i`` (not misère)."""
    return 6 + i // 5 if i < MISERE else 9 + (i - MISERE - 1) // 5


cdef inline int ladder_strain(int i) noexcept nogil:
    """vocab.strain of ladder index ``i`` as 0..4 (S C D H NT)."""
    return i % 5 if i < MISERE else (i - MISERE - 1) % 5


cdef inline int suit_byte(uint64_t mask, int s) noexcept nogil:
    """One suit's sevens to aces as 8 bits (agents._by_suit_mask's table index)."""
    return <int>((mask >> (16 * s + 5)) & 0xFF)


cdef inline int rank_of(int card) noexcept nogil:
    return (card & 15) + 2


cdef inline uint64_t bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


cdef struct Tables:
    const double* terms      # agents._suit_terms per suit byte: full, beside, no-trump, shortness
    const int* danger        # agents._suit_danger per suit byte
    const double* defence    # agents._defence_terms per suit byte: as trump, at no trump, as a side suit


cdef struct Settings:
    bint allow_hold
    bint half_whist
    bint gentleman_switch
    bint mandatory_whist_6s
    bint ten_checked
    bint open_after_first_lead
    bint talon_leads           # all-pass: the talon cards lead tricks 1 and 2 (suit_only)


# ---- evaluation (agents.py) -------------------------------------------------------------------------------

cdef double evaluate(const Tables* t, uint64_t mask, int st) noexcept nogil:
    """agents._evaluate of the hand ``mask`` in strain ``st``."""
    cdef int trump = TRUMP[st], s, b, n_trump, extra
    cdef double est = 0.0, shortness = 0.0
    if trump < 0:
        for s in range(4):
            est += t.terms[4 * suit_byte(mask, s) + 2]
        return est if est <= 10.0 else 10.0
    n_trump = tc_popcount(mask & suit_mask(trump))
    for s in range(4):
        b = suit_byte(mask, s)
        if s == trump:
            est += t.terms[4 * b]
        else:
            est += t.terms[4 * b] if n_trump >= 5 else t.terms[4 * b + 1]
            shortness += t.terms[4 * b + 3]
    extra = n_trump - 4 if n_trump > 4 else 0
    est += extra if extra <= shortness else shortness
    if n_trump <= 2:
        est -= 1
    return est if est <= 10.0 else 10.0


cdef int misere_danger(const Tables* t, uint64_t mask) noexcept nogil:
    """agents._misere_danger_mask."""
    return (t.danger[suit_byte(mask, 0)] + t.danger[suit_byte(mask, 1)] + t.danger[suit_byte(mask, 2)]
            + t.danger[suit_byte(mask, 3)])


cdef void bidding_estimates(const Tables* t, uint64_t mask, double* out) noexcept nogil:
    """agents.bidding_estimates of the 10-card hand ``mask``, per strain S C D H NT."""
    cdef int st, c
    cdef double base, gain
    cdef uint64_t unseen = DECK32 & ~mask
    for st in range(5):
        base = evaluate(t, mask, st)
        gain = 0.0
        for c in range(64):
            if unseen >> c & 1:
                gain += evaluate(t, mask | bit(c), st) - base
        gain = gain / tc_popcount(unseen)
        out[st] = base + 2 * gain - 0.25


cdef int max_bid(const double* estimates) noexcept nogil:
    """agents.max_bid (margin 0.8): the ladder index of the highest trick bid, or -1."""
    cdef int i, best = -1
    for i in range(N_LADDER):
        if i != MISERE and ladder_level(i) <= estimates[ladder_strain(i)] - 0.8:
            best = i
    return best


cdef double defensive_tricks(const Tables* t, uint64_t mask, int trump) noexcept nogil:
    """agents.defensive_tricks."""
    cdef int s, b
    cdef double est = 0.0
    for s in range(4):
        b = suit_byte(mask, s)
        if s == trump:
            est += t.defence[3 * b]
        elif trump < 0:
            est += t.defence[3 * b + 1]
        else:
            est += t.defence[3 * b + 2]
    return est


# ---- auction (auction.Auction, HeuristicAgent._bid and call_within) ---------------------------------------

cdef int auction_call(const Tables* t, const Settings* cfg, uint64_t hand, int turn, int high, int high_by,
                      bint misere_by, bint called) noexcept nogil:
    """HeuristicAgent.choose_call in the auction: the action code of ``turn``'s call."""
    cdef bint hold_legal, misere_legal
    cdef int cheapest, top
    cdef double estimates[5]
    if misere_by:
        return A_PASS                                  # only pass is legal (_declare_suit passes)
    hold_legal = cfg.allow_hold and high >= 0 and high != MISERE and high_by > turn
    misere_legal = not called and high < MISERE
    cheapest = high + 1
    if cheapest == MISERE:
        cheapest += 1
    if not hold_legal and not misere_legal and cheapest >= N_LADDER:
        return A_PASS                                  # only pass is legal (_declare_suit passes)
    # _bid
    if misere_legal and misere_danger(t, hand) <= 3:
        return A_LADDER + MISERE
    bidding_estimates(t, hand, estimates)
    top = max_bid(estimates)
    if top < 0:
        return A_PASS
    # call_within
    if hold_legal and high <= top:
        return A_HOLD
    if cheapest < N_LADDER and cheapest <= top:
        return A_LADDER + cheapest
    return A_PASS


# ---- talon (HeuristicAgent.choose_discard) ----------------------------------------------------------------

cdef int twelve_in_order(uint64_t mask, int* cards) noexcept nogil:
    """The cards of ``mask`` as the view lists the twelve (sorted from the top: spades ace first, then hearts,
    diamonds, clubs)."""
    cdef int s, r, n = 0
    for s in range(4):
        for r in range(12, 4, -1):
            if mask >> (16 * s + r) & 1:
                cards[n] = 16 * s + r
                n += 1
    return n


cdef void misere_pair(const Tables* t, uint64_t mask, int* pair) noexcept nogil:
    """choose_discard's misère discard: the first pair with the lowest misère danger, then the highest ranks."""
    cdef int cards[12]
    cdef int n = twelve_in_order(mask, cards), i, j, d, ranks, best_d = 1 << 30, best_ranks = 0
    for i in range(n):
        for j in range(i + 1, n):
            d = misere_danger(t, mask & ~(bit(cards[i]) | bit(cards[j])))
            ranks = rank_of(cards[i]) + rank_of(cards[j])
            if d < best_d or (d == best_d and ranks > best_ranks):
                best_d, best_ranks, pair[0], pair[1] = d, ranks, cards[i], cards[j]


cdef int choose_discard(const Tables* t, uint64_t mask, int bid, int* pair) noexcept nogil:
    """choose_discard for a trick bid: the contract's ladder index; ``pair`` its discard."""
    cdef int cards[12]
    cdef int best_pair[5][2]
    cdef double best[5]
    cdef int n = twelve_in_order(mask, cards), i, j, st, c, lv, price, contract = -1
    cdef uint64_t ten
    cdef double est, utility, best_utility = 0.0
    for st in range(5):
        best[st] = -1e300
    for i in range(n):
        for j in range(i + 1, n):
            ten = mask & ~(bit(cards[i]) | bit(cards[j]))
            for st in range(5):
                est = evaluate(t, ten, st)
                if est > best[st]:
                    best[st], best_pair[st][0], best_pair[st][1] = est, cards[i], cards[j]
    for c in range(bid, N_LADDER):                     # contracts_allowed(bid), cheapest first
        if c == MISERE:
            continue
        st, lv = ladder_strain(c), ladder_level(c)
        price = 2 * (lv - 5)
        est = best[st] - OPTIMISM[st]
        utility = price if est >= lv else -1.5 * price * (lv - est)
        if contract < 0 or utility > best_utility:
            contract, best_utility = c, utility
    st = ladder_strain(contract)
    pair[0], pair[1] = best_pair[st][0], best_pair[st][1]
    return contract


# ---- card play (HeuristicAgent.choose_card and its helpers) -----------------------------------------------

# What a decision in the play reads: the hands left, the trick so far (``who``/``cards``, TALON for a talon
# card), the cards played, the completed tricks and the deal's facts.
cdef struct Table:
    uint64_t left[3]
    uint64_t played
    uint64_t discard
    uint64_t talon
    int who[4]
    int cards[4]
    int n_trick
    int n_done
    int kind
    int exposed
    bint late
    int declarer
    int trump


cdef int sorted_legal(uint64_t legal, int* cards) noexcept nogil:
    """``legal`` as choose_card sorts it: by rank, then suit (S H D C)."""
    cdef int r, s, n = 0
    for r in range(5, 13):
        for s in range(4):
            if legal >> (16 * s + r) & 1:
                cards[n] = 16 * s + r
                n += 1
    return n


cdef inline uint64_t above(int card) noexcept nogil:
    """The cards of ``card``'s suit above it."""
    return suit_mask(card >> 4) & ~((bit(card) << 1) - 1)


cdef inline uint64_t below(int card) noexcept nogil:
    return suit_mask(card >> 4) & (bit(card) - 1)


cdef inline bint is_top(int card, uint64_t outstanding) noexcept nogil:
    """HeuristicAgent._is_top."""
    return not (outstanding & above(card))


cdef bint would_win(const Table* tb, int card, int trump) noexcept nogil:
    """agents._would_win: ``card`` played now would win the trick so far."""
    cdef int cards[5]
    cdef int k
    for k in range(tb.n_trick):
        cards[k] = tb.cards[k]
    cards[tb.n_trick] = card
    return winning_position(cards, tb.n_trick + 1, trump) == tb.n_trick


cdef uint64_t outstanding(const Table* tb, int seat, int friend, bint friend_visible) noexcept nogil:
    """HeuristicAgent._outstanding for ``seat`` (``friend`` >= 0: a friend's hand, counted if visible)."""
    cdef uint64_t known = tb.left[seat] | tb.played
    if seat == tb.declarer:
        known |= tb.discard                 # the view shows the discard to the declarer only
        if tb.kind != ALL_PASS:
            known |= tb.talon
    if friend >= 0 and friend_visible:
        known |= tb.left[friend]
    return DECK32 & ~known


cdef int duck(const Table* tb, int seat, const int* legal, int n) noexcept nogil:
    """HeuristicAgent._duck."""
    cdef int led, i, k, c, hands_played, lower, higher, best = -1, best_lower = 0, best_higher = 0
    cdef bint follows = False
    cdef uint64_t out
    if tb.n_trick:
        led = tb.cards[0] >> 4
        for i in range(n):
            if legal[i] >> 4 == led:
                follows = True
        if follows:
            for i in range(n - 1, -1, -1):
                if not would_win(tb, legal[i], -1):
                    return legal[i]
            hands_played = 0
            for k in range(tb.n_trick):
                hands_played += tb.who[k] != TALON
            return legal[n - 1] if hands_played == 2 else legal[0]
        return legal[n - 1]
    out = outstanding(tb, seat, -1, False)
    for i in range(n):
        c = legal[i]
        lower, higher = tc_popcount(out & below(c)), tc_popcount(out & above(c))
        if best < 0 or lower < best_lower or (lower == best_lower and higher > best_higher):
            best, best_lower, best_higher = c, lower, higher
    return best


cdef int catch(const Table* tb, int seat, int other, bint visible, const int* legal, int n) noexcept nogil:
    """HeuristicAgent._catch (a misère defender; ``other`` the other defender, seen when ``visible``)."""
    cdef int i, c, led, who, best = -1, higher, best_higher = 0
    cdef bint declarer_played = False, follows = False, ladder, best_ladder = False
    cdef uint64_t out = outstanding(tb, seat, other, visible)
    if not tb.n_trick:
        for i in range(n):
            c = legal[i]
            higher = tc_popcount(out & above(c))
            ladder = not (out & below(c)) and higher > 0
            # max by (ladder, higher, -rank): legal is by rank, so a later card wins a tie only if strictly better
            if best < 0 or ladder > best_ladder or (ladder == best_ladder and higher > best_higher):
                best, best_ladder, best_higher = c, ladder, higher
        return best
    led = tb.cards[0] >> 4
    who = tb.who[winning_position(tb.cards, tb.n_trick, -1)]
    for i in range(tb.n_trick):
        declarer_played = declarer_played or tb.who[i] == tb.declarer
    for i in range(n):
        follows = follows or legal[i] >> 4 == led
    if not follows:
        return legal[n - 1]
    if declarer_played:
        if who == tb.declarer:
            for i in range(n - 1, -1, -1):
                if not would_win(tb, legal[i], -1):
                    return legal[i]
            return legal[0]
        return legal[n - 1]
    return legal[0]


cdef int cheapest(const Table* tb, const int* legal, int n) noexcept nogil:
    """min(legal, key=(c.suit == trump, c.rank)) of _follow and _defend_card."""
    cdef int i, best = legal[0]
    for i in range(1, n):
        if 16 * (legal[i] >> 4 == tb.trump) + rank_of(legal[i]) < 16 * (best >> 4 == tb.trump) + rank_of(best):
            best = legal[i]
    return best


cdef int follow(const Table* tb, const int* legal, int n, uint64_t out, int partner) noexcept nogil:
    """HeuristicAgent._follow."""
    cdef int trump = tb.trump, led = tb.cards[0] >> 4, pos, who, best_card, i, c, key
    cdef int win = -1, win_key = 0, safe = -1, safe_key = 0
    cdef bint last = tb.n_trick == 2, ruff
    pos = winning_position(tb.cards, tb.n_trick, trump)
    who, best_card = tb.who[pos], tb.cards[pos]
    if partner >= 0 and who == partner and (last or is_top(best_card, out)):
        return cheapest(tb, legal, n)
    # winners sorted (stably) by (ruff, rank): the first of the least key, and of the safe ones
    for i in range(n):
        c = legal[i]
        if not would_win(tb, c, trump):
            continue
        ruff = c >> 4 == trump and led != trump
        key = 16 * ruff + rank_of(c)
        if win < 0 or key < win_key:
            win, win_key = i, key
        if (is_top(c, out) or ruff) and (safe < 0 or key < safe_key):
            safe, safe_key = i, key
    if win >= 0:
        if last:
            return legal[win]
        if safe >= 0:
            return legal[safe]
    return cheapest(tb, legal, n)


cdef int lowest_of_suit(const int* legal, int n, int suit) noexcept nogil:
    """min(c for c in side if c.suit == suit): legal is by rank, so the first of the suit."""
    cdef int i
    for i in range(n):
        if legal[i] >> 4 == suit:
            return legal[i]
    return -1


cdef int side_cards(const int* legal, int n, int trump, int* side) noexcept nogil:
    """``side = [c for c in legal if c.suit != trump] or legal`` (declare's and _defend_card's leads): the count."""
    cdef int i, count = 0
    for i in range(n):
        if legal[i] >> 4 != trump:
            side[count] = legal[i]
            count += 1
    if count == 0:
        for i in range(n):
            side[i] = legal[i]
        count = n
    return count


cdef int declare(const Table* tb, int seat, const int* legal, int n) noexcept nogil:
    """HeuristicAgent._declare."""
    cdef int trump = tb.trump, i, c, top_trump = -1, best = -1, s, side_n
    cdef int length[4]
    cdef int side[10]
    cdef uint64_t out = outstanding(tb, seat, -1, False)
    if tb.n_trick:
        return follow(tb, legal, n, out, -1)
    for i in range(n):
        if legal[i] >> 4 == trump:
            top_trump = legal[i]
    if top_trump >= 0 and out & suit_mask(trump) and is_top(top_trump, out):
        return top_trump
    for s in range(4):
        length[s] = tc_popcount(tb.left[seat] & suit_mask(s))
    for i in range(n):                                 # tops: max by (length, rank), the first of the best
        c = legal[i]
        if c >> 4 != trump and is_top(c, out):
            if best < 0 or 16 * length[c >> 4] + rank_of(c) > 16 * length[best >> 4] + rank_of(best):
                best = c
    if best >= 0:
        return best
    side_n = side_cards(legal, n, trump, side)
    best = side[0]                                     # the longest suit: max by (length, -rank)
    for i in range(1, side_n):
        c = side[i]
        if 16 * length[c >> 4] - rank_of(c) > 16 * length[best >> 4] - rank_of(best):
            best = c
    return lowest_of_suit(side, side_n, best >> 4)


cdef int defend_card(const Table* tb, int seat, bint visible, const int* legal, int n) noexcept nogil:
    """HeuristicAgent._defend_card (``visible``: the partner's hand is seen)."""
    cdef int trump = tb.trump, partner = 3 - seat - tb.declarer, i, c, best = -1, s, side_n
    cdef int length[4]
    cdef int side[10]
    cdef uint64_t out = outstanding(tb, seat, partner, visible)
    if tb.n_trick:
        return follow(tb, legal, n, out, partner)
    for i in range(n):                                 # tops: the first of the highest rank
        c = legal[i]
        if c >> 4 != trump and is_top(c, out) and (best < 0 or rank_of(c) > rank_of(best)):
            best = c
    if best >= 0:
        return best
    side_n = side_cards(legal, n, trump, side)
    for s in range(4):
        length[s] = tc_popcount(tb.left[seat] & suit_mask(s))
    best = side[0]
    for i in range(1, side_n):
        c = side[i]
        if tb.declarer == (seat + 1) % 3:              # declarer plays next: through him, the longest suit
            if 16 * length[c >> 4] - rank_of(c) > 16 * length[best >> 4] - rank_of(best):
                best = c
        elif 16 * length[c >> 4] + rank_of(c) < 16 * length[best >> 4] + rank_of(best):
            best = c
    return lowest_of_suit(side, side_n, best >> 4)


cdef int choose_card(const Table* tb, int seat, uint64_t legal_cards) noexcept nogil:
    """HeuristicAgent.choose_card for hand ``seat``."""
    cdef int legal[10]
    cdef int n = sorted_legal(legal_cards, legal)
    cdef bint visible
    if n == 1:
        return legal[0]
    if tb.kind == ALL_PASS or (tb.kind == MISERE_KIND and seat == tb.declarer):
        return duck(tb, seat, legal, n)
    # table.py _play_view: the exposed defenders' hands, once the first card is out when shown late
    visible = tb.exposed != EXPOSED_NONE and (tb.n_trick > 0 or tb.n_done > 0 or not tb.late)
    if tb.kind == MISERE_KIND:
        return catch(tb, seat, 3 - seat - tb.declarer, visible, legal, n)
    if seat == tb.declarer:
        return declare(tb, seat, legal, n)
    return defend_card(tb, seat, visible, legal, n)


cdef int play_card(Table* tb, int seat, int card, int16_t* out, int n_out) noexcept nogil:
    """``seat`` plays ``card`` to the trick; writes its action code, returns the codes' new count."""
    tb.left[seat] &= ~bit(card)
    tb.played |= bit(card)
    tb.who[tb.n_trick] = seat
    tb.cards[tb.n_trick] = card
    tb.n_trick += 1
    out[n_out] = card
    return n_out + 1


cdef int play(Table* tb, uint64_t talon_leads, int16_t* out, int n_out) noexcept nogil:
    """The tricks (table.py _start_play, _play, _talon_trick_done): hand1 leads; in all-pass the talon cards
    lead tricks 1 and 2 (``talon_leads``), then hand1 leads again."""
    cdef Rules rules
    cdef int talon_cards[2]
    cdef int leader = 0, k, seat, pos
    rules.n_seats = 3
    rules.follow_suit = 1
    rules.must_trump = 1
    if talon_leads:
        rules.trump = -1
        twelve_in_order(talon_leads, talon_cards)
        for k in range(2):
            tb.n_trick = 1
            tb.who[0], tb.cards[0] = TALON, talon_cards[k]
            tb.played |= bit(talon_cards[k])
            for seat in range(3):
                n_out = play_card(tb, seat, choose_card(tb, seat, legal_mask(&rules, tb.left[seat],
                                                                             talon_cards[k] >> 4)), out, n_out)
            tb.n_done += 1
    rules.trump = tb.trump
    while tb.n_done < 10:
        tb.n_trick = 0
        for k in range(3):
            seat = (leader + k) % 3
            n_out = play_card(tb, seat, choose_card(tb, seat, legal_mask(&rules, tb.left[seat],
                                                                         tb.cards[0] >> 4 if k else -1)),
                              out, n_out)
        pos = winning_position(tb.cards, 3, tb.trump)
        leader = tb.who[pos]
        tb.n_done += 1
    return n_out


# ---- one deal ---------------------------------------------------------------------------------------------

cdef int one_deal(const Tables* t, const Settings* cfg, const uint64_t* dealt, int16_t* out) noexcept nogil:
    """The actions of one deal (hand1, hand2, hand3, talon masks) in the order PreferansState takes them;
    returns how many codes were written."""
    cdef int n = 0, turn = 0, high = -1, high_by = -1, n_passed = 0, call, h, declarer, contract, lv, st
    cdef int d1, d2, obl, d1_call, d2_call, half_by = -1, returner = -1, whisters = 0, lone = -1
    cdef bint passed[3]
    cdef bint misere_by[3]
    cdef bint called[3]
    cdef bint mandatory, half_allowed
    cdef int pair[2]
    cdef double est1, est2
    cdef Table tb
    for h in range(3):
        passed[h] = misere_by[h] = called[h] = False
        tb.left[h] = dealt[h]
    tb.played = tb.discard = tb.talon = 0
    tb.n_trick = tb.n_done = 0
    tb.exposed, tb.late, tb.declarer, tb.trump = EXPOSED_NONE, False, -1, -1
    # the auction (auction.Auction.make_call)
    while not (n_passed == 3 or (n_passed == 2 and high >= 0)):
        call = auction_call(t, cfg, dealt[turn], turn, high, high_by, misere_by[turn], called[turn])
        out[n] = call
        n += 1
        called[turn] = True
        if call == A_PASS:
            passed[turn] = True
            n_passed += 1
        else:
            if call == A_LADDER + MISERE:
                misere_by[turn] = True
            if call != A_HOLD:
                high = call - A_LADDER
            high_by = turn
        if not (n_passed == 3 or (n_passed == 2 and high >= 0)):
            turn = (turn + 1) % 3
            while passed[turn]:
                turn = (turn + 1) % 3
    if high < 0:
        tb.kind = ALL_PASS
        return play(&tb, dealt[3] if cfg.talon_leads else 0, out, n)
    # the talon
    declarer = tb.declarer = high_by
    tb.talon = dealt[3]
    if high == MISERE:
        misere_pair(t, dealt[declarer] | dealt[3], pair)
        contract = MISERE
    else:
        contract = choose_discard(t, dealt[declarer] | dealt[3], high, pair)
    out[n], out[n + 1], out[n + 2], out[n + 3] = A_TALON, pair[0], pair[1], A_LADDER + contract
    n += 4
    tb.discard = bit(pair[0]) | bit(pair[1])
    tb.left[declarer] = (dealt[declarer] | dealt[3]) & ~tb.discard
    if contract == MISERE:
        tb.kind, tb.exposed, tb.late = MISERE_KIND, EXPOSED_MISERE, declarer == 0
        return play(&tb, 0, out, n)
    tb.kind = GAME
    st, lv = ladder_strain(contract), ladder_level(contract)
    tb.trump = TRUMP[st]
    if lv == 10 and cfg.ten_checked:
        return play(&tb, 0, out, n)
    # the defence (defence.Defence, HeuristicAgent._defend)
    d1, d2 = (declarer + 1) % 3, (declarer + 2) % 3
    obl = OBLIGATION[lv]
    mandatory = cfg.mandatory_whist_6s and lv == 6 and st == 0
    half_allowed = cfg.half_whist and lv <= 7
    est1 = defensive_tricks(t, tb.left[d1], tb.trump)
    est2 = defensive_tricks(t, tb.left[d2], tb.trump)
    if mandatory:
        d1_call = A_WHIST
    else:
        d1_call = A_WHIST if est1 >= obl / 2.0 else A_PASS
    out[n] = d1_call
    n += 1
    if mandatory:
        d2_call = A_WHIST
    elif d1_call == A_WHIST:
        d2_call = A_WHIST if est2 >= (obl / 2.0 if lv <= 7 else 1.5) else A_PASS
    elif est2 >= 0.6 * obl:
        d2_call = A_WHIST
    else:
        d2_call = A_HALF_WHIST if half_allowed else A_PASS
    out[n] = d2_call
    n += 1
    if d2_call == A_HALF_WHIST:
        half_by = d2
    elif d1_call == A_WHIST and d2_call == A_PASS and half_allowed and cfg.gentleman_switch:
        d1_call = A_WHIST if est1 >= 0.75 * obl else A_HALF_WHIST     # the gentleman switch
        out[n] = d1_call
        n += 1
        if d1_call == A_HALF_WHIST:
            half_by = d1
    if half_by >= 0:                                   # the other defender may return the half-whist
        if (est1 if half_by == d2 else est2) >= obl - 1.5:
            out[n] = A_RETURN
            returner = d1 if half_by == d2 else d2
        else:
            out[n] = A_PASS
        n += 1
        if returner < 0:
            return n                                   # the half-whist stands: no play
        lone = returner
    else:
        whisters = (d1_call == A_WHIST) + (d2_call == A_WHIST)
        if whisters == 0:
            return n                                   # passed out
        if whisters == 1:
            lone = d1 if d1_call == A_WHIST else d2
    if lone >= 0:
        out[n] = A_OPEN                                # a lone whister always plays open
        n += 1
        tb.exposed, tb.late = EXPOSED_OPEN, cfg.open_after_first_lead
    return play(&tb, 0, out, n)


def heuristic_deals(const uint64_t[::1] dealt, const double[::1] terms, const int[::1] danger,
                    const double[::1] defence, settings, int16_t[::1] actions, int16_t[::1] n_actions):
    """Play every deal: deal ``i``'s hand1, hand2, hand3 and talon masks at ``dealt[4 * i:]``; ``settings``
    the flags of the variant (see Settings, in order). Writes MAX_ACTIONS action codes and their number per
    deal."""
    cdef Tables t
    cdef Settings cfg
    cdef Py_ssize_t i, count = n_actions.shape[0]
    t.terms, t.danger, t.defence = &terms[0], &danger[0], &defence[0]
    (cfg.allow_hold, cfg.half_whist, cfg.gentleman_switch, cfg.mandatory_whist_6s, cfg.ten_checked,
     cfg.open_after_first_lead, cfg.talon_leads) = settings
    with nogil:
        for i in range(count):
            n_actions[i] = one_deal(&t, &cfg, &dealt[4 * i], &actions[i * MAX_ACTIONS])


ACTIONS_PER_DEAL = MAX_ACTIONS
