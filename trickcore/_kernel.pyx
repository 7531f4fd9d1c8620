# cython: language_level=3
"""The trick kernel (private): bitmask hands, legal moves, trick winners, play/undo, random playouts, dealing.

The public, validated API is in trickcore.play and trickcore.dealing; nothing here checks its input.
"""
from libc.stdint cimport uint64_t, uint32_t, uint8_t, int8_t, int32_t, int64_t
from libc.string cimport memcpy

# Salts that keep the dealing and playing streams of one seed apart.
cdef enum:
    DEAL_SALT = 0x6465616C
    PLAY_SALT = 0x706C6179

tc_init()


def cpu_has_fast_bits():
    """True when this processor has POPCNT, LZCNT and BMI1/2 (trickcore.solver then loads _solver_fast)."""
    return bool(tc_cpu_fast_bits())


def native():
    """True when the kernel was compiled with the BMI2 bit-deposit instruction (a machine-tuned build)."""
    return bool(tc_native())


cdef void state_init(State* st, Rules rules, const uint64_t* hands, int leader,
                     const int* trick, int n_trick) noexcept nogil:
    cdef int i
    st.rules = rules
    for i in range(4):
        st.hands[i] = hands[i] if i < rules.n_seats else 0
        st.tricks[i] = 0
    st.leader = leader
    st.n_in_trick = n_trick
    st.n_tricks = 0
    st.n_history = n_trick
    st.n_initial = n_trick
    for i in range(n_trick):
        st.history[i] = trick[i]


cdef int playout(Rules rules, uint64_t* hands, int leader, Rng* rng, int* tricks,
                 int* record) noexcept nogil:
    """Play every card at random from the start of a trick; ``hands`` is consumed. Returns the tricks played.

    Written without data-dependent branches where it matters (legal mask, trick winner), because random
    play makes every such branch a coin flip for the predictor.
    """
    cdef int n = rules.n_seats
    cdef int seat, k, t, c, led, key, best, pos = 0
    cdef int trump = rules.trump
    cdef int n_tricks = tc_popcount(hands[leader])
    cdef uint64_t hand, same, legal, led_mask
    cdef uint64_t trump_mask = suit_mask(trump) if trump >= 0 and rules.must_trump else 0
    cdef uint64_t follow = (<uint64_t>0) - (<uint64_t>rules.follow_suit)
    # Local copies: the compiler can keep them in registers, as stores through ``hands`` might alias them.
    cdef Rng r = rng[0]
    cdef uint64_t h[4]
    cdef int won[4]
    for k in range(n):
        won[k] = 0
        h[k] = hands[k]
    for t in range(n_tricks):
        seat = leader
        hand = h[seat]
        c = tc_select(hand, below(&r, tc_popcount(hand)))
        h[seat] = hand ^ ((<uint64_t>1) << c)
        led = c >> 4
        led_mask = suit_mask(led) & follow
        # A card's key ranks it in the trick (trump over led suit over the rest, then rank) with its seat in
        # the low two bits; the keys of one trick are distinct, so the winner is the seat of the largest.
        best = ((32 + (c & 15) + 64 * (led == trump)) << 2) | seat
        if record != NULL:
            record[pos] = c
            pos += 1
        for k in range(1, n):
            seat += 1
            if seat == n:
                seat = 0
            hand = h[seat]
            same = hand & led_mask
            legal = hand & trump_mask
            legal = legal if legal else hand
            legal = same if same else legal
            c = tc_select(legal, below(&r, tc_popcount(legal)))
            h[seat] = hand ^ ((<uint64_t>1) << c)
            key = (((c & 15) + 32 * ((c >> 4) == led) + 64 * ((c >> 4) == trump)) << 2) | seat
            best ^= (best ^ key) & -(key > best)       # max without a branch
            if record != NULL:
                record[pos] = c
                pos += 1
        leader = best & 3
        won[leader] += 1
    for k in range(n):
        tricks[k] = won[k]
        hands[k] = h[k]
    rng[0] = r
    return n_tricks


cdef Rules make_rules(tuple rules):
    cdef Rules r
    r.n_seats, r.trump, r.follow_suit, r.must_trump = rules
    return r


def legal(tuple rules, uint64_t hand, int led_suit):
    """Legal-card mask of ``hand`` after ``led_suit`` was led (-1 when on lead)."""
    cdef Rules r = make_rules(rules)
    return legal_mask(&r, hand, led_suit)


def winner(list cards, int trump):
    """Position in the trick (0 = the lead) of the winning card; ``cards`` are bit indices."""
    cdef int buf[4]
    cdef int i
    for i in range(len(cards)):
        buf[i] = cards[i]
    return winning_position(buf, len(cards), trump)


def deal_batch(uint64_t seed, uint64_t start, Py_ssize_t count, const uint8_t[::1] deck,
               const uint8_t[::1] pattern, int n_owners, uint64_t[::1] out, uint8_t[::1] last):
    """Shuffle ``deck`` (card bit indices) for deals start..start+count-1 and give position i of the
    shuffled sequence to owner ``pattern[i]``.

    The shuffle is the "inside-out" Fisher-Yates: position i takes a uniform j <= i, moves the card at j to i
    and puts deck[i] at j. Its random draws do not depend on the cards, so the loop runs at full speed
    without a select instruction. ``out`` receives ``count * n_owners`` masks, deal-major; ``last`` the card
    dealt last (the whist turn-up). Each deal has its own random stream, so a deal depends only on
    (seed, its index).
    """
    cdef Py_ssize_t d
    cdef int i, j, size = pattern.shape[0]
    cdef uint8_t perm[64]
    cdef uint64_t hands[65]
    cdef Rng rng
    with nogil:
        for d in range(count):
            rng = stream(seed, start + d, DEAL_SALT)
            for i in range(size):
                j = below(&rng, i + 1)
                perm[i] = perm[j]
                perm[j] = deck[i]
            for i in range(n_owners):
                hands[i] = 0
            for i in range(size):
                hands[pattern[i]] |= (<uint64_t>1) << perm[i]
            last[d] = perm[size - 1]
            for i in range(n_owners):
                out[d * n_owners + i] = hands[i]


cdef enum:
    MAX_HOLDERS = 8


def deal_hidden_once(uint64_t state, const uint8_t[::1] cards, const uint64_t[::1] allowed, const int32_t[::1] room):
    """One random deal of ``cards`` (bit indices, at most 64) to the holders 0..h-1, holder ``k`` taking
    ``room[k]`` of them among the mask ``allowed[k]`` (h at most 8), from the splitmix64 ``state``: (the state
    after, the holders' masks), the masks None when the draw ran into a dead end.

    games.sampling's dealing of the unseen cards: the cards are shuffled (Fisher-Yates, highest position first)
    and ordered by how many holders may take them, stably; each card some holder may not take goes to a holder
    that may, with room, drawn in proportion to the room; the cards any holder may take are cut into the rooms
    left, holder by holder.
    """
    cdef int n = cards.shape[0], holders = allowed.shape[0], i, j, k, h, total, free
    cdef int order[64], sorted_order[64], takers[64], left[MAX_HOLDERS]
    cdef uint64_t masks[MAX_HOLDERS]
    cdef uint64_t bit
    cdef uint32_t pick
    cdef Rng rng
    if n > 64 or holders > MAX_HOLDERS or room.shape[0] != holders:
        raise ValueError(f"at most 64 cards to at most {MAX_HOLDERS} holders, each with a room")
    rng.state = state
    for i in range(n):
        order[i] = i
    for i in range(n - 1, 0, -1):
        j = below(&rng, i + 1)
        order[i], order[j] = order[j], order[i]
    for h in range(holders):
        left[h], masks[h] = room[h], 0
    k = 0
    for total in range(holders + 1):          # a stable counting sort by the number of takers
        for i in range(n):
            bit = (<uint64_t>1) << cards[order[i]]
            j = 0
            for h in range(holders):
                j += (allowed[h] & bit) != 0
            if j == total:
                sorted_order[k], takers[k] = order[i], j
                k += 1
    free = 0
    while free < n and takers[free] < holders:
        bit = (<uint64_t>1) << cards[sorted_order[free]]
        total = 0
        for h in range(holders):
            if allowed[h] & bit and left[h] > 0:
                total += left[h]
        if total == 0:
            return rng.state, None
        pick = below(&rng, total)
        for h in range(holders):
            if allowed[h] & bit and left[h] > 0:
                if pick < <uint32_t>left[h]:
                    break
                pick -= left[h]
        masks[h] |= bit
        left[h] -= 1
        free += 1
    for h in range(holders):
        for i in range(left[h]):
            if free < n:
                masks[h] |= (<uint64_t>1) << cards[sorted_order[free]]
                free += 1
    return rng.state, [masks[h] for h in range(holders)]


def playout_batch(tuple rules, const uint64_t[::1] hands, int stride, int leader, uint64_t seed,
                  uint64_t start, uint8_t[::1] out, const int8_t[::1] trumps):
    """Random playouts of deals start..start+count-1; ``hands`` has ``stride`` masks per deal (seats first).

    ``out`` receives the tricks per seat, deal-major. The stream of deal i depends only on (seed, i).
    ``trumps``, when not empty, gives each deal's trump suit (-1: none) in place of the rules' one.
    """
    cdef Rules r = make_rules(rules)
    cdef int n = r.n_seats
    cdef Py_ssize_t count = hands.shape[0] // stride
    cdef Py_ssize_t d
    cdef int k
    cdef uint64_t work[4]
    cdef int tricks[4]
    cdef Rng rng
    with nogil:
        for d in range(count):
            for k in range(n):
                work[k] = hands[d * stride + k]
            rng = stream(seed, start + d, PLAY_SALT)
            if trumps.shape[0]:
                r.trump = trumps[d]
            playout(r, work, leader, &rng, tricks, NULL)
            for k in range(n):
                out[d * n + k] = tricks[k]


def playout_one(tuple rules, list hands, int leader, uint64_t seed, uint64_t index):
    """One random playout, as in playout_batch; returns (tricks per seat, cards in playing order)."""
    cdef Rules r = make_rules(rules)
    cdef uint64_t work[4]
    cdef int tricks[4]
    cdef int record[64]
    cdef int k, n_tricks
    cdef Rng rng = stream(seed, index, PLAY_SALT)
    for k in range(r.n_seats):
        work[k] = hands[k]
    n_tricks = playout(r, work, leader, &rng, tricks, record)
    return [tricks[k] for k in range(r.n_seats)], [record[k] for k in range(n_tricks * r.n_seats)]


cdef class KernelState:
    """An incremental play position: play and undo one card at a time."""
    cdef State st

    def __init__(self, tuple rules, list hands, int leader, list trick):
        cdef uint64_t h[4]
        cdef int t[4]
        cdef int k
        for k in range(4):
            h[k] = hands[k] if k < len(hands) else 0
        for k in range(len(trick)):
            t[k] = trick[k]
        state_init(&self.st, make_rules(rules), h, leader, t, len(trick))

    def legal(self):
        return state_legal(&self.st)

    def play(self, int card):
        state_play(&self.st, card)

    def undo(self):
        return state_undo(&self.st)

    @property
    def turn(self):
        return state_turn(&self.st)

    @property
    def leader(self):
        return self.st.leader

    @property
    def hands(self):
        return [self.st.hands[k] for k in range(self.st.rules.n_seats)]

    @property
    def tricks(self):
        return [self.st.tricks[k] for k in range(self.st.rules.n_seats)]

    @property
    def current_trick(self):
        return [self.st.history[k] for k in range(self.st.n_history - self.st.n_in_trick, self.st.n_history)]

    @property
    def history(self):
        return [self.st.history[k] for k in range(self.st.n_history)]

    @property
    def completed(self):
        """(leader, winner) of each trick completed since the state was created."""
        return [(self.st.trick_leader[k], self.st.trick_winner[k]) for k in range(self.st.n_tricks)]


include "_kernel_where.pxi"
