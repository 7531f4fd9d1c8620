# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The heuristic preferans player, compiled (private): every decision of games.preferans.agents.HeuristicAgent
(its docstring is the spec) over 32-card hand masks, written once here. The agent turns its View into these masks
and codes and calls the functions at the end of this file; the whole-deal loop of simulations
(_heuristic_deals.pxi, included below) calls the same decisions.

The player's numbers (thresholds, per-suit figures) and the game's words (the bid ladder, the obligation, the
prices) are read once at import from games.preferans.heuristic_figures and games.preferans.vocab, never written
here. The per-suit figures come as tables indexed by a suit's 8-bit holding (sevens to aces).

Action codes: 0..63 a card's index; FIRST_WORD + k the word ``WORDS[k]`` (a call, ``open``); TALON_CODE, followed
by the two discarded cards and the contract's word, the declarer's talon choice.
"""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t

from trickcore._kernel cimport Rules, legal_mask, suit_mask, tc_popcount, winning_position

from trickcore.cards import DECK32, Suit, hand_mask
from trickcore.games.agent_spec import style_table
from trickcore.games.preferans import heuristic_figures as figures
from trickcore.games.preferans.vocab import (HALF_WHIST, HOLD, LADDER, MISERE, OBLIGATION, OPEN, PASS, RETURN,
                                            STRAINS, TALON, WHIST, level, price, strain)

WORDS = (PASS, HOLD) + LADDER + (WHIST, HALF_WHIST, RETURN, OPEN)
FIRST_WORD = 64
TALON_CODE = FIRST_WORD + len(WORDS)

cdef enum:
    MAX_LADDER = 32
    # The kinds of deal a card is played in (table.py: kind) and the defence call stages (defence_call).
    GAME = 0
    ALL_PASS = 1
    MISERE_KIND = 2
    STAGE_D1 = 0
    STAGE_D2_AFTER_WHIST = 1
    STAGE_D2_AFTER_PASS = 2
    STAGE_SWITCH = 3
    STAGE_RETURN = 4
    STAGE_DEALER = 5
    UNKNOWN = -2               # a hand's highest supported bid, not estimated yet

KINDS = {"game": GAME, "all_pass": ALL_PASS, "misere": MISERE_KIND}
DEFENCE_STAGES = {"d1": STAGE_D1, "d2 after whist": STAGE_D2_AFTER_WHIST, "d2 after pass": STAGE_D2_AFTER_PASS,
                  "switch": STAGE_SWITCH, "return": STAGE_RETURN, "dealer": STAGE_DEALER}

# The words' codes and the ladder's facts, from vocab.
cdef int A_PASS = FIRST_WORD + WORDS.index(PASS)
cdef int A_HOLD = FIRST_WORD + WORDS.index(HOLD)
cdef int A_LADDER = FIRST_WORD + WORDS.index(LADDER[0])
cdef int A_WHIST = FIRST_WORD + WORDS.index(WHIST)
cdef int A_HALF_WHIST = FIRST_WORD + WORDS.index(HALF_WHIST)
cdef int A_RETURN = FIRST_WORD + WORDS.index(RETURN)
cdef int A_OPEN = FIRST_WORD + WORDS.index(OPEN)
cdef int A_TALON = TALON_CODE
cdef int N_LADDER = len(LADDER)
cdef int L_MISERE = LADDER.index(MISERE)
cdef int PLAYED_BY_TALON = TALON
cdef int LEVEL[MAX_LADDER]             # vocab.level per ladder index (misère: 0)
cdef int STRAIN[MAX_LADDER]            # the strain per ladder index as 0..4 (S C D H NT; misère: -1)
cdef int PRICE[11]                     # vocab.price per level
cdef int OBLIGATION_OF[11]             # vocab.OBLIGATION per level
cdef int TRUMP[5]                      # each strain's trump suit (S=0 H=1 D=2 C=3; -1 no trump)
cdef uint64_t DECK_MASK = hand_mask(DECK32.cards)   # the 32 cards, sevens to aces

# The player's numbers, from heuristic_figures: those every style shares, then those of each playing style
# (the heuristic_figures.Style fields it uses; a style is its index in STYLES).
cdef double TALON_WEIGHT = figures.TALON_WEIGHT
cdef double TALON_DISCOUNT = figures.TALON_DISCOUNT
cdef double SHORTFALL_WEIGHT = figures.SHORTFALL_WEIGHT
cdef int DEALER_WHIST_LEVEL = figures.DEALER_WHIST_LEVEL

cdef struct Style:
    double bid_margin
    int misere_danger
    double whist_first
    double whist_alone
    double whist_switch
    double whist_second_high
    double return_slack

cdef enum:
    MAX_STYLES = 8

STYLES = tuple(figures.STYLES)
"""The playing styles' names; the functions below take a style as its index here."""
cdef Style STYLE_FIGURES[MAX_STYLES]
for _k, _figures in enumerate(style_table(figures.STYLES, MAX_STYLES)):
    STYLE_FIGURES[_k] = _figures
del _k, _figures


cdef const Style* style_of(int style) except NULL:
    """The figures of the playing style of index ``style``."""
    if not 0 <= style < len(STYLES):
        raise ValueError(f"no playing style has the index {style} (styles: {', '.join(STYLES)})")
    return &STYLE_FIGURES[style]


cdef double OPTIMISM[5]
cdef double TERMS[4 * 256]             # heuristic_figures.suit_terms per holding: full, beside, no-trump, short
cdef double DEFENCE[3 * 256]           # heuristic_figures.defence_terms per holding: trump, no trump, side suit
cdef int DANGER[256]                   # heuristic_figures.suit_danger per holding


cdef void load_tables():
    cdef int i
    for i, bid in enumerate(LADDER):
        LEVEL[i] = 0 if bid == MISERE else level(bid)
        STRAIN[i] = -1 if bid == MISERE else STRAINS.index(strain(bid))
    for i in range(6, 11):
        PRICE[i], OBLIGATION_OF[i] = price(i), OBLIGATION[i]
    for i, name in enumerate(STRAINS):
        TRUMP[i] = int(Suit[name]) if name in Suit.__members__ else -1
        OPTIMISM[i] = figures.OPTIMISM[name]
    for i, value in enumerate(figures.per_holding(figures.suit_terms)):
        TERMS[i] = value
    for i, value in enumerate(figures.per_holding(figures.defence_terms)):
        DEFENCE[i] = value
    for i, value in enumerate(figures.per_holding(figures.suit_danger)):
        DANGER[i] = value


load_tables()


cdef inline int suit_byte(uint64_t mask, int s) noexcept nogil:
    """One suit's sevens to aces as 8 bits (the tables' index)."""
    return <int>((mask >> (16 * s + 5)) & 0xFF)


cdef inline int rank_of(int card) noexcept nogil:
    return (card & 15) + 2


cdef inline uint64_t bit(int card) noexcept nogil:
    return (<uint64_t>1) << card


# ---- evaluation -------------------------------------------------------------------------------------------

cdef double evaluate(uint64_t mask, int st) noexcept nogil:
    """Expected declarer tricks of the hand ``mask`` in strain ``st`` (0..4: S C D H NT).

    Every term is a multiple of one half, so the sums are exact in any order."""
    cdef int trump = TRUMP[st], s, b, n_trump, extra
    cdef double est = 0.0, shortness = 0.0
    if trump < 0:
        for s in range(4):
            est += TERMS[4 * suit_byte(mask, s) + 2]
        return est if est <= 10.0 else 10.0
    n_trump = tc_popcount(mask & suit_mask(trump))
    for s in range(4):
        b = suit_byte(mask, s)
        if s == trump:
            est += TERMS[4 * b]
        else:
            est += TERMS[4 * b] if n_trump >= 5 else TERMS[4 * b + 1]
            shortness += TERMS[4 * b + 3]
    extra = n_trump - 4 if n_trump > 4 else 0
    est += extra if extra <= shortness else shortness
    if n_trump <= 2:
        est -= 1
    return est if est <= 10.0 else 10.0


cdef int misere_danger(uint64_t mask) noexcept nogil:
    """How far the suits are from safe misère ladders (0: every suit can always duck when led)."""
    return DANGER[suit_byte(mask, 0)] + DANGER[suit_byte(mask, 1)] + DANGER[suit_byte(mask, 2)] + DANGER[
        suit_byte(mask, 3)]


cdef void bidding_estimates(uint64_t mask, double* out) noexcept nogil:
    """Estimated declarer tricks per strain (S C D H NT) of the 10-card hand ``mask``, with the talon's
    expectation."""
    cdef int st, c
    cdef double base, gain
    cdef uint64_t unseen = DECK_MASK & ~mask
    for st in range(5):
        base = evaluate(mask, st)
        gain = 0.0
        for c in range(64):
            if unseen >> c & 1:
                gain += evaluate(mask | bit(c), st) - base
        gain = gain / tc_popcount(unseen)
        out[st] = base + TALON_WEIGHT * gain - TALON_DISCOUNT


cdef int max_bid(const double* estimates, const Style* f) noexcept nogil:
    """The ladder index of the highest trick bid the estimates support in the style ``f``, or -1."""
    cdef int i, best = -1
    for i in range(N_LADDER):
        if i != L_MISERE and LEVEL[i] <= estimates[STRAIN[i]] - f.bid_margin:
            best = i
    return best


cdef double defensive_tricks(uint64_t mask, int trump) noexcept nogil:
    """Tricks a defender holding ``mask`` expects against a contract with ``trump`` (-1: no trump)."""
    cdef int s, b
    cdef double est = 0.0
    for s in range(4):
        b = suit_byte(mask, s)
        if s == trump:
            est += DEFENCE[3 * b]
        elif trump < 0:
            est += DEFENCE[3 * b + 1]
        else:
            est += DEFENCE[3 * b + 2]
    return est


# ---- calls ------------------------------------------------------------------------------------------------

cdef int bid_within(bint hold_legal, int high, int cheapest, int top) noexcept nogil:
    """Hold when allowed and the held bid ``high`` is within ``top``, else the cheapest legal trick bid
    (``cheapest``, -1: none) within it, else pass (ladder indices)."""
    if hold_legal and high != L_MISERE and high <= top:
        return A_HOLD
    if cheapest >= 0 and cheapest <= top:
        return A_LADDER + cheapest
    return A_PASS


cdef int auction_call(uint64_t hand, bint hold_legal, bint misere_legal, int cheapest, int high,
                      int* top, const Style* f) noexcept nogil:
    """The bid of the 10-card ``hand`` in the style ``f`` given what is legal: hold, misère, the cheapest trick
    bid (-1: none).
    ``top`` is the hand's highest supported bid (``max_bid``) when known, else UNKNOWN and filled in here: a hand
    that calls again in the auction need not be estimated again."""
    cdef double estimates[5]
    if not hold_legal and not misere_legal and cheapest < 0:
        return A_PASS                                  # only pass is legal
    if misere_legal and misere_danger(hand) <= f.misere_danger:
        return A_LADDER + L_MISERE
    if top[0] == UNKNOWN:
        bidding_estimates(hand, estimates)
        top[0] = max_bid(estimates, f)
    if top[0] < 0:
        return A_PASS
    return bid_within(hold_legal, high, cheapest, top[0])


cdef int defence_call(double est, int lv, int stage, bint half_legal, const Style* f) noexcept nogil:
    """The defence call in the style ``f`` at ``stage`` (STAGE_*) of a defender expecting ``est`` tricks against
    a contract of level ``lv`` (STAGE_RETURN: the returning hand's, or the seen defender's for the 4-player
    dealer)."""
    cdef int obl = OBLIGATION_OF[lv]
    if stage == STAGE_DEALER:
        return A_WHIST if lv >= DEALER_WHIST_LEVEL else A_PASS
    if stage == STAGE_RETURN:
        return A_RETURN if est >= obl - f.return_slack else A_PASS
    if stage == STAGE_SWITCH:
        return A_WHIST if est >= f.whist_switch * obl else A_HALF_WHIST
    if stage == STAGE_D1:
        return A_WHIST if est >= f.whist_first * obl else A_PASS
    if stage == STAGE_D2_AFTER_WHIST:
        return A_WHIST if est >= (f.whist_first * obl if lv <= 7 else f.whist_second_high) else A_PASS
    if est >= f.whist_alone * obl:
        return A_WHIST
    return A_HALF_WHIST if half_legal else A_PASS


# ---- talon ------------------------------------------------------------------------------------------------

cdef int twelve_in_order(uint64_t mask, int* cards) noexcept nogil:
    """The cards of ``mask`` as the view lists them (from the top: spades ace first, then hearts, diamonds,
    clubs)."""
    cdef int s, r, n = 0
    for s in range(4):
        for r in range(12, 4, -1):
            if mask >> (16 * s + r) & 1:
                cards[n] = 16 * s + r
                n += 1
    return n


cdef int misere_pair(uint64_t mask, int* pair) noexcept nogil:
    """The misère discard: the first pair leaving the lowest misère danger, then the highest ranks; returns the
    danger left."""
    cdef int cards[12]
    cdef int n = twelve_in_order(mask, cards), i, j, d, ranks, best_d = 1 << 30, best_ranks = 0
    for i in range(n):
        for j in range(i + 1, n):
            d = misere_danger(mask & ~(bit(cards[i]) | bit(cards[j])))
            ranks = rank_of(cards[i]) + rank_of(cards[j])
            if d < best_d or (d == best_d and ranks > best_ranks):
                best_d, best_ranks, pair[0], pair[1] = d, ranks, cards[i], cards[j]
    return best_d


cdef int talon_choice(uint64_t mask, uint32_t allowed, int* pair, const Style* f) noexcept nogil:
    """The contract (a ladder index among the ``allowed`` bits) and the discard (``pair``) of the twelve cards
    ``mask`` in the style ``f``."""
    cdef int cards[12]
    cdef int best_pair[5][2]
    cdef double best[5]
    cdef int n, i, j, st, c, lv, contract = -1
    cdef uint64_t ten
    cdef double est, utility, best_utility = 0.0
    if allowed >> L_MISERE & 1:
        # Misère when it is the only choice, or (Gusarik's forced player) a clean misère by the bidding screen.
        if misere_pair(mask, pair) <= f.misere_danger or allowed == (<uint32_t>1) << L_MISERE:
            return L_MISERE
    n = twelve_in_order(mask, cards)
    for st in range(5):
        best[st] = -1e300
    for i in range(n):
        for j in range(i + 1, n):
            ten = mask & ~(bit(cards[i]) | bit(cards[j]))
            for st in range(5):
                est = evaluate(ten, st)
                if est > best[st]:
                    best[st], best_pair[st][0], best_pair[st][1] = est, cards[i], cards[j]
    for c in range(N_LADDER):                          # the cheapest first: the first of the best utility
        if c == L_MISERE or not allowed >> c & 1:
            continue
        st, lv = STRAIN[c], LEVEL[c]
        est = best[st] - OPTIMISM[st]
        utility = PRICE[lv] if est >= lv else -SHORTFALL_WEIGHT * PRICE[lv] * (lv - est)
        if contract < 0 or utility > best_utility:
            contract, best_utility = c, utility
    st = STRAIN[contract]
    pair[0], pair[1] = best_pair[st][0], best_pair[st][1]
    return contract


# ---- card play --------------------------------------------------------------------------------------------

# What a hand sees when it plays a card (its View as masks): its cards, the exposed hands it sees, the cards
# played (talon cards turned included), the discard and talon it knows as declarer, the trick so far
# (``who``/``cards``, PLAYED_BY_TALON for a talon card) and the deal's facts.
cdef struct Seen:
    int seat
    uint64_t hand
    uint64_t visible[3]
    uint64_t played
    uint64_t known
    int who[4]
    int cards[4]
    int n_trick
    int kind
    int declarer
    int trump
    int trick_size


cdef int sorted_legal(uint64_t legal, int* cards) noexcept nogil:
    """``legal`` by rank, then suit (S H D C)."""
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
    """No outstanding card of its suit beats ``card``."""
    return not (outstanding & above(card))


cdef bint would_win(const Seen* s, int card, int trump) noexcept nogil:
    """``card`` played now would win the trick so far."""
    cdef int cards[5]
    cdef int k
    for k in range(s.n_trick):
        cards[k] = s.cards[k]
    cards[s.n_trick] = card
    return winning_position(cards, s.n_trick + 1, trump) == s.n_trick


cdef inline uint64_t outstanding(const Seen* s, uint64_t friends) noexcept nogil:
    """Cards the opponents may still hold: not ours, not played, not known as declarer, not in ``friends``."""
    return DECK_MASK & ~(s.hand | s.played | s.known | friends)


cdef int duck(const Seen* s, const int* legal, int n) noexcept nogil:
    """Follow with the highest card that still loses, throw the highest when void, lead the card with the fewest
    outstanding lower cards (then the most higher ones)."""
    cdef int led, i, k, c, hands_played, lower, higher, best = -1, best_lower = 0, best_higher = 0
    cdef bint follows = False
    cdef uint64_t out
    if s.n_trick:
        led = s.cards[0] >> 4
        for i in range(n):
            if legal[i] >> 4 == led:
                follows = True
        if follows:
            for i in range(n - 1, -1, -1):
                if not would_win(s, legal[i], -1):
                    return legal[i]
            hands_played = 0
            for k in range(s.n_trick):
                hands_played += s.who[k] != PLAYED_BY_TALON
            return legal[n - 1] if hands_played == s.trick_size - 1 else legal[0]
        return legal[n - 1]
    out = outstanding(s, 0)
    for i in range(n):
        c = legal[i]
        lower, higher = tc_popcount(out & below(c)), tc_popcount(out & above(c))
        if best < 0 or lower < best_lower or (lower == best_lower and higher > best_higher):
            best, best_lower, best_higher = c, lower, higher
    return best


cdef int catch(const Seen* s, const int* legal, int n) noexcept nogil:
    """A misère defender: lead low where the declarer's cards may lie above ours, play under his winning card."""
    cdef int i, c, led, who, best = -1, higher, best_higher = 0
    cdef bint declarer_played = False, follows = False, ladder, best_ladder = False
    cdef uint64_t out = outstanding(s, s.visible[0] | s.visible[1] | s.visible[2])
    if not s.n_trick:
        for i in range(n):
            c = legal[i]
            higher = tc_popcount(out & above(c))
            ladder = not (out & below(c)) and higher > 0
            # max by (ladder, higher, -rank): legal is by rank, so a later card wins a tie only if strictly better
            if best < 0 or ladder > best_ladder or (ladder == best_ladder and higher > best_higher):
                best, best_ladder, best_higher = c, ladder, higher
        return best
    led = s.cards[0] >> 4
    who = s.who[winning_position(s.cards, s.n_trick, -1)]
    for i in range(s.n_trick):
        declarer_played = declarer_played or s.who[i] == s.declarer
    for i in range(n):
        follows = follows or legal[i] >> 4 == led
    if not follows:
        return legal[n - 1]
    if declarer_played:
        if who == s.declarer:
            for i in range(n - 1, -1, -1):
                if not would_win(s, legal[i], -1):
                    return legal[i]
            return legal[0]
        return legal[n - 1]
    return legal[0]


cdef int cheapest(const Seen* s, const int* legal, int n) noexcept nogil:
    """The lowest card, a trump only when nothing else is legal."""
    cdef int i, best = legal[0]
    for i in range(1, n):
        if 16 * (legal[i] >> 4 == s.trump) + rank_of(legal[i]) < 16 * (best >> 4 == s.trump) + rank_of(best):
            best = legal[i]
    return best


cdef int follow(const Seen* s, const int* legal, int n, uint64_t out, int partner) noexcept nogil:
    """Following in a trick contract: low when the partner's card wins for sure, else win as cheaply as is safe
    (a top card or a ruff; the cheapest winner when last to play), else low."""
    cdef int trump = s.trump, led = s.cards[0] >> 4, pos, who, best_card, i, c, key
    cdef int win = -1, win_key = 0, safe = -1, safe_key = 0
    cdef bint last = s.n_trick == 2, ruff
    pos = winning_position(s.cards, s.n_trick, trump)
    who, best_card = s.who[pos], s.cards[pos]
    if partner >= 0 and who == partner and (last or is_top(best_card, out)):
        return cheapest(s, legal, n)
    # winners sorted (stably) by (ruff, rank): the first of the least key, and of the safe ones
    for i in range(n):
        c = legal[i]
        if not would_win(s, c, trump):
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
    return cheapest(s, legal, n)


cdef int lowest_of_suit(const int* legal, int n, int suit) noexcept nogil:
    """The lowest card of ``suit`` (legal is by rank: the first of the suit)."""
    cdef int i
    for i in range(n):
        if legal[i] >> 4 == suit:
            return legal[i]
    return -1


cdef int side_cards(const int* legal, int n, int trump, int* side) noexcept nogil:
    """The legal cards outside trumps, or all of them when only trumps are legal: their count."""
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


cdef int declare(const Seen* s, const int* legal, int n) noexcept nogil:
    """The declarer: draw trumps with the top trump, cash top winners of the longest suit, else lead low from it."""
    cdef int trump = s.trump, i, c, top_trump = -1, best = -1, suit, side_n
    cdef int length[4]
    cdef int side[10]
    cdef uint64_t out = outstanding(s, 0)
    if s.n_trick:
        return follow(s, legal, n, out, -1)
    for i in range(n):
        if legal[i] >> 4 == trump:
            top_trump = legal[i]
    if top_trump >= 0 and out & suit_mask(trump) and is_top(top_trump, out):
        return top_trump
    for suit in range(4):
        length[suit] = tc_popcount(s.hand & suit_mask(suit))
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


cdef int defend_card(const Seen* s, const int* legal, int n) noexcept nogil:
    """A defender: cash top winners; else lead through the declarer (low from the longest side suit when he
    plays next) or the shortest side suit for a ruff."""
    cdef int trump = s.trump, partner = 3 - s.seat - s.declarer, i, c, best = -1, suit, side_n
    cdef int length[4]
    cdef int side[10]
    cdef uint64_t out = outstanding(s, s.visible[partner])
    if s.n_trick:
        return follow(s, legal, n, out, partner)
    for i in range(n):                                 # tops: the first of the highest rank
        c = legal[i]
        if c >> 4 != trump and is_top(c, out) and (best < 0 or rank_of(c) > rank_of(best)):
            best = c
    if best >= 0:
        return best
    side_n = side_cards(legal, n, trump, side)
    for suit in range(4):
        length[suit] = tc_popcount(s.hand & suit_mask(suit))
    best = side[0]
    for i in range(1, side_n):
        c = side[i]
        if s.declarer == (s.seat + 1) % 3:             # declarer plays next: through him, the longest suit
            if 16 * length[c >> 4] - rank_of(c) > 16 * length[best >> 4] - rank_of(best):
                best = c
        elif 16 * length[c >> 4] + rank_of(c) < 16 * length[best >> 4] + rank_of(best):
            best = c
    return lowest_of_suit(side, side_n, best >> 4)


cdef int choose_card(const Seen* s, uint64_t legal_cards) noexcept nogil:
    """The card to play of ``legal_cards``."""
    cdef int legal[10]
    cdef int n = sorted_legal(legal_cards, legal)
    if n == 1:
        return legal[0]
    if s.kind == ALL_PASS or (s.kind == MISERE_KIND and s.seat == s.declarer):
        return duck(s, legal, n)
    if s.kind == MISERE_KIND:
        return catch(s, legal, n)
    if s.seat == s.declarer:
        return declare(s, legal, n)
    return defend_card(s, legal, n)


include "_heuristic_deals.pxi"


# ---- the Python face: what games.preferans.agents calls -----------------------------------------------------

def hand_estimate(uint64_t mask, int st):
    """``evaluate`` of the hand ``mask`` in strain index ``st`` (vocab.STRAINS)."""
    return evaluate(mask, st)


def hand_misere_danger(uint64_t mask):
    """``misere_danger`` of the hand ``mask``."""
    return misere_danger(mask)


def hand_bidding_estimates(uint64_t mask):
    """``bidding_estimates`` of the 10-card hand ``mask``, a tuple per strain (vocab.STRAINS)."""
    cdef double out[5]
    bidding_estimates(mask, out)
    return tuple(out)


def highest_bid(estimates, int style=0):
    """``max_bid`` of five estimates (vocab.STRAINS order) in the style of index ``style``: a ladder index or
    -1."""
    cdef double values[5]
    cdef int i
    for i in range(5):
        values[i] = estimates[i]
    return max_bid(values, style_of(style))


def hand_defence(uint64_t mask, int trump):
    """``defensive_tricks`` of the hand ``mask`` with ``trump`` (a suit's index, -1 no trump)."""
    return defensive_tricks(mask, trump)


def within(bint hold_legal, int high, int cheapest, int top):
    """``bid_within``: the action code of hold, the cheapest bid within ``top``, or pass."""
    return bid_within(hold_legal, high, cheapest, top)


def bid(uint64_t hand, bint hold_legal, bint misere_legal, int cheapest, int high, int style=0):
    """``auction_call`` in the style of index ``style``: the action code of the bid."""
    cdef int top = UNKNOWN
    return auction_call(hand, hold_legal, misere_legal, cheapest, high, &top, style_of(style))


def whist(double est, int lv, int stage, bint half_legal, int style=0):
    """``defence_call`` in the style of index ``style``: the action code of the defence call at ``stage`` (a
    DEFENCE_STAGES value)."""
    return defence_call(est, lv, stage, half_legal, style_of(style))


def discard_and_contract(uint64_t mask, uint32_t allowed, int style=0):
    """``talon_choice`` in the style of index ``style``: (first discarded card's index, second's, the contract's
    ladder index)."""
    cdef int pair[2]
    cdef int contract = talon_choice(mask, allowed, pair, style_of(style))
    return pair[0], pair[1], contract


def card(int seat, uint64_t hand, visible, uint64_t played, uint64_t known, trick, int kind, int declarer,
         int trump, int trick_size, uint64_t legal):
    """``choose_card`` for hand ``seat``: ``visible`` the three hands' masks it sees (0 unseen), ``trick`` the
    (who, card index) pairs so far; returns a card index."""
    cdef Seen s
    cdef int k
    s.seat, s.hand, s.played, s.known = seat, hand, played, known
    for k in range(3):
        s.visible[k] = visible[k]
    s.n_trick = len(trick)
    for k in range(s.n_trick):
        s.who[k], s.cards[k] = trick[k]
    s.kind, s.declarer, s.trump, s.trick_size = kind, declarer, trump, trick_size
    return choose_card(&s, legal)
