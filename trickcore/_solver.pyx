# cython: language_level=3
"""Double-dummy search (private): null-window alpha-beta over the kernel's incremental play state.

Every search counts the tricks won by a set of seats C (``counted``) from the position on, while the seats
of M (``maxim``) choose their cards to make that count as large as possible and the others to make it
small. The three objectives of trickcore.solver are choices of C and M:

* two sides (partnerships, or a declarer against the defenders): C = M = one side; the value is the most
  tricks that side can guarantee (its opponents' best defence gives the rest);
* misère and all-pass, for a seat s: C = {s}, M = the other seats; the value is the fewest tricks s can hold
  himself to when all the others play against him.

Techniques (after Haglund's DDS and Ginsberg's partition search):

* partition search: every answer comes with its "winning ranks" (the cards whose owners decided it: cards
  that won a trick by rank over a card of their suit, quick-trick and top-trump cards, stored patterns).
  The transposition table, probed at trick starts only, groups positions by leader and hand lengths (one
  bucket each, its entries listed in an arena; narrow buckets per set of fixed suits and the owners of
  their top cards keep the lists short) and stores each bound with the owners of each suit's cards down to
  its lowest winning rank: any position agreeing on those gets the bound (a suit's lowest cards, held by one
  seat, are left to the hand lengths: without_bottom_runs). It is about 100 MB read at random, so on Linux
  it sits on transparent huge pages (trickcore/_memory.h);
* bounds: the last trick played out directly; quick tricks of the side on lead (the leader's top cards,
  a partner's reached through an entry, or both in turn), cut to the suits needed, relying only on the
  cards that win by rank (no more of a suit's top cards than the longest other holding of it: the rest win
  by length, which the stored hand lengths fix); trump counts (the trumps of one seat, or of two partners
  kept apart, that only the other side's m highest beat win all but m tricks; see top_trumps; against a
  side without trumps they rest on hand lengths alone);
  for misère and all-pass (no trump), the lone seat C surely takes no more tricks when every suit of his
  ducks theirs (his i-th lowest card under their i-th lowest; on lead he needs a suit that still ducks
  without his lowest card), every
  trick left when each suit's lowest card of his lies above all of theirs and he is on lead or the
  leader holds a suit of his, and the current trick when in a suit of his (in every suit of his, when he
  leads) the others can all lead or follow under his lowest card;
* moves: one card of each sequence; after a card below every winning rank of its suit, the suit's other
  cards below those ranks are skipped (their answer is the same); DDS-style heuristic ordering (lead
  weights from the opponents' choices, winners, finesse positions, a card's place in its suit (DDS's relative
  rank, the highest 1), in no trump with suit classes after bridge-solver's: partner's tenace over the
  left-hand opponent first, the high card of a suit the opponents win last; second hand low, with no trumps
  left in DDS's order (win outright, split a sequence over a high lead, then by the card's place); while
  trumps remain, the followers as DDS when a ruff is in the air (discard before ruffing partner's winner, ruff
  to win or to force out a higher trump, underruff last); the seat before
  the last covering partner's card cheaply when the last seat would beat it; of three seats, second hand low
  when partner, last, can beat the lead); leads try first the lead that last caused a cutoff at the same
  depth (the killer; misère and all-pass keep the last four per depth and leader), then the stored best
  lead (two partnerships weigh both into their lead weights); for misère and all-pass, "lose high, stay under"
  ordering (C sheds his highest losing cards, the others lead their high cards over his lowest, then
  just under it, and shed their high cards);
* the trick count found by null-window tests ("can M make C take at least t tricks?") stepped from a
  guess; a tricks table of four seats (dd_table) keeps one table per strain for its four leaders, the first
  test one trick above the estimate (expected to fail, as bridge-solver's driver) and each later leader's
  search starting from the previous result; a solver keeps its table between searches of the same
  game and objective (a seat's all-pass searched right after its misère reuses its bounds).
* discards (a declarer holding two cards more than the others discards two): one per class of rank-equivalent hands, the likeliest best first (heuristically:
  low cards of short side suits, sparing likely winners, making voids; for misère the hand left with the
  fewest tricks when the others lead each suit low, then the fewest cards they can undercut) solved
  outright (for misère the first eight together, target by target, each time the one that cost the
  defenders most first), the rest only tested against the best so far, stopping when no discard can
  beat it.
  A trick contract first tests all discards at once in a relaxed game where the declarer keeps his twelve
  cards and sets two aside only when that lets him stop following a suit (lazy_improves): on random
  deals it proves the first discard best almost every time.

The search is compiled three times (the fused type ``Seating``): for four seats in two partnerships
(each side counting its own tricks), and for three and four seats with any objective. Knowing the seat count
and, for the first, the objective at compile time lets the compiler fold them (tables of two partnerships
about 7% faster).

The code is split by job into include files, compiled here as one translation unit so that the compiler
still inlines across them (scikit-learn's ``_binary_tree.pxi`` practice):

* _solver_position.pxi: the search state, the seat structures, card sets, playing and taking back a card;
* _solver_table.pxi: the transposition table (its keys, buckets and entries, probing and storing);
* _solver_bounds.pxi: quick tricks, trump counts, the lone seat's bounds, the last trick;
* _solver_order.pxi: move ordering (lead weights, following, losing play, killers);
* _solver_discards.pxi: the best discard (ordering, rank equivalence, misère candidates, the lazy bound);
* _solver_search.pxi: the alpha-beta search, its dispatch by seat structure, the null-window tests.

This file keeps the Solver class, the Python-facing API. Nothing here validates its input: the public API
is trickcore.solver.
"""
from libc.stdint cimport uint64_t, uint32_t, uint8_t, int8_t, int32_t, int64_t

cdef extern from "_memory.h":
    void* tc_table_alloc(size_t bytes) nogil
    void tc_table_free(void* p, size_t bytes) nogil

from trickcore._kernel cimport (Rules, State, legal_mask, mix64, play_at, seat_after, state_init, state_legal,
                                state_play, state_turn, suit_mask, tc_clz, tc_ctz, tc_popcount, turn_of, undo_at,
                                winning_position)

include "_solver_position.pxi"
include "_solver_table.pxi"
include "_solver_bounds.pxi"
include "_solver_order.pxi"
include "_solver_discards.pxi"
include "_solver_search.pxi"


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
        # are unchanged (the misère and all-pass searches of one seat share positions).
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

    def solve_cards(self, tuple rules, list hands, int leader, list trick, uint32_t counted, uint32_t maxim,
                    uint64_t only=0):
        """{card index: tricks C takes from the position if that card is played now}, for every legal card (or
        for those in the mask ``only``, when not 0, and the cards equivalent to one)."""
        self.setup(rules, hands, leader, trick, counted, maxim)
        cdef State root = self.s.st
        cdef int turn = state_turn(&root)
        cdef uint64_t legal = state_legal(&root), present = in_play(&root)
        cdef uint64_t tops = sequence_tops(legal, root.hands[turn], present), wanted = 0
        cdef dict out = {}
        cdef int c, guess = tc_popcount(root.hands[turn]) // 2
        if only:
            for c in range(64):
                if (only & legal) >> c & 1:
                    wanted |= (<uint64_t>1) << sequence_top(c, root.hands[turn], present)
            tops &= wanted
        for c in range(64):
            if (tops >> c) & 1:
                self.s.st = root
                state_play(&self.s.st, c)
                reset_keys(&self.s)
                guess = solve_value(&self.s, guess)
                out[c] = counted_won(&self.s) + guess
        for c in range(64):
            if (legal >> c) & 1 and c not in out and (tops >> sequence_top(c, root.hands[turn], present)) & 1:
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
            # The first test one trick above the estimate, expected to fail (bridge-solver's driver): the bounds
            # a failing test stores serve the tests after it better (1.3% fewer positions on 2024/0-199).
            guess = (first_guess(h, strain) if n_cards == 13 else first) + 1
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
        """The declarer, holding two cards more than the others (a hand and a talon), discards two.

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
