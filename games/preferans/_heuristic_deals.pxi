# Whole preferans deals of three heuristic players in one compiled loop (included by _heuristic.pyx, whose
# decisions it calls): the game of a deal of the main variants run over masks, the auction, the talon, the defence
# calls and the tricks, as PreferansState runs them. The loop writes each deal's actions, who took each one and the
# tricks' winners; games/preferans/heuristic_deals.py makes the records of them. It is the one place outside
# the game's own code that runs the rules of a deal: tests/games/preferans/test_heuristic_batch.py replays its
# actions through PreferansState and compares the records, and so does every batch with TRICKCORE_CHECK_BATCH=1.

cdef enum:
    # At most 81 calls (each of the 26 bids held at most twice, three passes), 4 talon codes, 4 defence calls
    # and open, 2 talon cards turned and 30 cards: 122.
    MAX_ACTIONS = 128
    ACTION_KEYS = 128          # the action codes below FIRST_WORD + len(WORDS) + 1 fit in 7 bits
    EXPOSED_NONE = 0
    EXPOSED_OPEN = 1
    EXPOSED_MISERE = 2
    NOBODY = -1                # defence: nobody plays against the declarer
    BOTH = -2                  # defence: both defenders whist


cdef struct Settings:
    bint allow_hold
    bint half_whist
    bint gentleman_switch
    bint mandatory_whist_6s
    bint ten_checked
    bint open_after_first_lead
    bint talon_leads           # all-pass: the talon cards lead tricks 1 and 2 (suit_only)
    const Style* style         # the players' playing style


# The deal as it stands: the hands left, the trick so far (``who``/``cards``), the cards played, the completed
# tricks and the deal's facts.
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


# Where one deal's output goes: its actions, each as who took it (a hand, or PLAYED_BY_TALON for a talon card
# turned to lead) times ACTION_KEYS plus its code; the winner of each trick; and its marks: where the auction's
# calls end, where the play starts (the number of actions when there is none), and the winning bid's ladder
# index (-1: all pass).
cdef struct Out:
    int16_t* actions
    int8_t* winners
    int16_t* marks
    int n


cdef inline void put(Out* out, int who, int code) noexcept nogil:
    out.actions[out.n] = who * ACTION_KEYS + code
    out.n += 1


cdef void seen_by(const Table* tb, int seat, Seen* s) noexcept nogil:
    """What hand ``seat`` sees of the table (table.py _play_view): the defenders' hands once exposed (after the
    first card when shown late), the discard and talon when it is the declarer's."""
    cdef int k
    cdef bint exposed = tb.exposed != EXPOSED_NONE and (tb.n_trick > 0 or tb.n_done > 0 or not tb.late)
    s.seat, s.hand, s.played = seat, tb.left[seat], tb.played
    s.known = 0
    if seat == tb.declarer:
        s.known = tb.discard | (tb.talon if tb.kind != ALL_PASS else 0)
    for k in range(3):
        s.visible[k] = tb.left[k] if exposed and k != tb.declarer and k != seat else 0
    s.n_trick = tb.n_trick
    for k in range(tb.n_trick):
        s.who[k], s.cards[k] = tb.who[k], tb.cards[k]
    s.kind, s.declarer, s.trump, s.trick_size = tb.kind, tb.declarer, tb.trump, 3


cdef void play_card(Table* tb, int seat, int card, Out* out) noexcept nogil:
    """``seat`` plays ``card`` to the trick."""
    tb.left[seat] &= ~bit(card)
    tb.played |= bit(card)
    tb.who[tb.n_trick] = seat
    tb.cards[tb.n_trick] = card
    tb.n_trick += 1
    put(out, seat, card)


cdef void play(Table* tb, uint64_t talon_leads, Out* out) noexcept nogil:
    """The tricks (table.py _start_play, _play, _talon_trick_done): hand1 leads; in all-pass the talon cards
    lead tricks 1 and 2 (``talon_leads``), won by the highest card of their suit, then hand1 leads again."""
    cdef Rules rules
    cdef Seen s
    cdef int talon_cards[2]
    cdef int leader = 0, k, seat
    rules.n_seats = 3
    rules.follow_suit = 1
    rules.must_trump = 1
    out.marks[1] = out.n
    if talon_leads:
        rules.trump = -1
        twelve_in_order(talon_leads, talon_cards)
        for k in range(2):
            tb.n_trick = 1
            tb.who[0], tb.cards[0] = PLAYED_BY_TALON, talon_cards[k]
            tb.played |= bit(talon_cards[k])
            put(out, PLAYED_BY_TALON, talon_cards[k])
            for seat in range(3):
                seen_by(tb, seat, &s)
                play_card(tb, seat, choose_card(&s, legal_mask(&rules, tb.left[seat], talon_cards[k] >> 4)), out)
            out.winners[tb.n_done] = winning_position(&tb.cards[1], 3, talon_cards[k] >> 4)
            tb.n_done += 1
    rules.trump = tb.trump
    while tb.n_done < 10:
        tb.n_trick = 0
        for k in range(3):
            seat = (leader + k) % 3
            seen_by(tb, seat, &s)
            play_card(tb, seat, choose_card(&s, legal_mask(&rules, tb.left[seat], tb.cards[0] >> 4 if k else -1)),
                      out)
        leader = tb.who[winning_position(tb.cards, 3, tb.trump)]
        out.winners[tb.n_done] = leader
        tb.n_done += 1


cdef int auction(const Settings* cfg, const uint64_t* dealt, Out* out, int* high_by) noexcept nogil:
    """The auction (auction.Auction.make_call): the highest bid's ladder index, -1 when all pass; ``high_by``
    who holds it."""
    cdef int turn = 0, high = -1, n_passed = 0, call, h, cheapest
    cdef bint passed[3]
    cdef bint misere_by[3]
    cdef bint called[3]
    cdef int top[3]
    cdef bint hold_legal, misere_legal
    high_by[0] = -1
    for h in range(3):
        passed[h] = misere_by[h] = called[h] = False
        top[h] = UNKNOWN
    while not (n_passed == 3 or (n_passed == 2 and high >= 0)):
        if misere_by[turn]:
            call = A_PASS
        else:
            hold_legal = cfg.allow_hold and high >= 0 and high != L_MISERE and high_by[0] > turn
            misere_legal = not called[turn] and high < L_MISERE
            cheapest = high + 1 if high + 1 != L_MISERE else high + 2
            call = auction_call(dealt[turn], hold_legal, misere_legal, cheapest if cheapest < N_LADDER else -1,
                                high, &top[turn], cfg.style)
        put(out, turn, call)
        called[turn] = True
        if call == A_PASS:
            passed[turn] = True
            n_passed += 1
        else:
            if call == A_LADDER + L_MISERE:
                misere_by[turn] = True
            if call != A_HOLD:
                high = call - A_LADDER
            high_by[0] = turn
        if not (n_passed == 3 or (n_passed == 2 and high >= 0)):
            turn = (turn + 1) % 3
            while passed[turn]:
                turn = (turn + 1) % 3
    return high


cdef int defence(const Settings* cfg, Table* tb, int lv, bint spades, Out* out) noexcept nogil:
    """The defence calls (defence.DefenceCalls): the lone whister, BOTH or NOBODY."""
    cdef int d1 = (tb.declarer + 1) % 3, d2 = (tb.declarer + 2) % 3, d1_call, d2_call, half_by = -1
    cdef bint mandatory = cfg.mandatory_whist_6s and lv == 6 and spades
    cdef bint half_allowed = cfg.half_whist and lv <= 7
    cdef double est1 = defensive_tricks(tb.left[d1], tb.trump), est2 = defensive_tricks(tb.left[d2], tb.trump)
    d1_call = A_WHIST if mandatory else defence_call(est1, lv, STAGE_D1, False, cfg.style)
    put(out, d1, d1_call)
    if mandatory:
        d2_call = A_WHIST
    else:
        d2_call = defence_call(est2, lv, STAGE_D2_AFTER_WHIST if d1_call == A_WHIST else STAGE_D2_AFTER_PASS,
                               d1_call == A_PASS and half_allowed, cfg.style)
    put(out, d2, d2_call)
    if d2_call == A_HALF_WHIST:
        half_by = d2
    elif d1_call == A_WHIST and d2_call == A_PASS and half_allowed and cfg.gentleman_switch:
        d1_call = defence_call(est1, lv, STAGE_SWITCH, True, cfg.style)
        put(out, d1, d1_call)
        if d1_call == A_HALF_WHIST:
            half_by = d1
    if half_by >= 0:                                   # the other defender may return the half-whist
        if defence_call(est1 if half_by == d2 else est2, lv, STAGE_RETURN, False, cfg.style) == A_RETURN:
            put(out, d1 if half_by == d2 else d2, A_RETURN)
            return d1 if half_by == d2 else d2
        put(out, d1 if half_by == d2 else d2, A_PASS)
        return NOBODY                                  # the half-whist stands: no play
    if d1_call == A_WHIST and d2_call == A_WHIST:
        return BOTH
    if d1_call == A_WHIST:
        return d1
    return d2 if d2_call == A_WHIST else NOBODY


cdef void one_deal(const Settings* cfg, const uint64_t* dealt, Out* out) noexcept nogil:
    """The actions of one deal (hand1, hand2, hand3, talon masks) in the order PreferansState takes them."""
    cdef int h, high, declarer, contract, lv, st, lone
    cdef int pair[2]
    cdef Table tb
    for h in range(3):
        tb.left[h] = dealt[h]
    tb.played = tb.discard = tb.talon = 0
    tb.n_trick = tb.n_done = 0
    tb.exposed, tb.late, tb.declarer, tb.trump = EXPOSED_NONE, False, -1, -1
    high = auction(cfg, dealt, out, &declarer)
    out.marks[0], out.marks[2] = out.n, high
    if high < 0:
        tb.kind = ALL_PASS
        play(&tb, dealt[3] if cfg.talon_leads else 0, out)
        return
    # the talon
    tb.declarer = declarer
    tb.talon = dealt[3]
    contract = talon_choice(dealt[declarer] | dealt[3], allowed_after(high), pair, cfg.style)
    put(out, declarer, A_TALON)
    put(out, declarer, pair[0])
    put(out, declarer, pair[1])
    put(out, declarer, A_LADDER + contract)
    tb.discard = bit(pair[0]) | bit(pair[1])
    tb.left[declarer] = (dealt[declarer] | dealt[3]) & ~tb.discard
    if contract == L_MISERE:
        tb.kind, tb.exposed, tb.late = MISERE_KIND, EXPOSED_MISERE, declarer == 0
        play(&tb, 0, out)
        return
    tb.kind = GAME
    st, lv = STRAIN[contract], LEVEL[contract]
    tb.trump = TRUMP[st]
    if lv == 10 and cfg.ten_checked:
        play(&tb, 0, out)
        return
    lone = defence(cfg, &tb, lv, st == 0, out)
    if lone == NOBODY:
        out.marks[1] = out.n
        return                                         # passed out, or a half-whist stands
    if lone >= 0:
        put(out, lone, A_OPEN)                         # a lone whister always plays open
        tb.exposed, tb.late = EXPOSED_OPEN, cfg.open_after_first_lead
    play(&tb, 0, out)


cdef uint32_t allowed_after(int bid) noexcept nogil:
    """The contracts the declarer may announce after winning with ``bid`` (auction.contracts_allowed), as bits."""
    cdef int c
    cdef uint32_t bits = 0
    if bid == L_MISERE:
        return (<uint32_t>1) << L_MISERE
    for c in range(bid, N_LADDER):
        if c != L_MISERE:
            bits |= (<uint32_t>1) << c
    return bits


def heuristic_deals(const uint64_t[::1] dealt, settings, int style, int16_t[::1] actions, int8_t[::1] winners,
                    int16_t[::1] marks, int16_t[::1] counts):
    """Play every deal: deal ``i``'s hand1, hand2, hand3 and talon masks at ``dealt[4 * i:]``; ``settings`` the
    flags of the variant (see Settings, in order), ``style`` the players' playing style (its index in STYLES). Writes MAX_ACTIONS actions (who x ACTION_KEYS + code), 10
    trick winners and 3 marks (see Out) per deal; ``counts`` the number of actions of each."""
    cdef Settings cfg
    cdef Out out
    cdef Py_ssize_t i, count = counts.shape[0]
    if TALON_CODE >= ACTION_KEYS:
        raise ValueError("the action codes outgrow ACTION_KEYS")
    (cfg.allow_hold, cfg.half_whist, cfg.gentleman_switch, cfg.mandatory_whist_6s, cfg.ten_checked,
     cfg.open_after_first_lead, cfg.talon_leads) = settings
    cfg.style = style_of(style)
    with nogil:
        for i in range(count):
            out.actions, out.winners, out.marks, out.n = &actions[i * MAX_ACTIONS], &winners[10 * i], &marks[3 * i], 0
            one_deal(&cfg, &dealt[4 * i], &out)
            counts[i] = out.n


ACTIONS_PER_DEAL = MAX_ACTIONS
KEYS_PER_HAND = ACTION_KEYS
