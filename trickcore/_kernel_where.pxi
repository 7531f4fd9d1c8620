# Constrained dealing (included by _kernel.pyx): deal candidates as deal_batch does and keep those whose
# hands satisfy a compiled condition, without leaving nogil. trickcore/condition.py compiles the
# condition language to the program evaluated here and documents the opcodes.

cdef enum:
    OP_CONST = 0
    OP_HCP = 1
    OP_CONTROLS = 2
    OP_LOSERS = 3
    OP_LENGTH = 4
    OP_HASCARD = 5
    OP_SHAPE = 6
    OP_ADD = 7
    OP_SUB = 8
    OP_MUL = 9
    OP_NEG = 10
    OP_LT = 11
    OP_LE = 12
    OP_GT = 13
    OP_GE = 14
    OP_EQ = 15
    OP_NE = 16
    OP_AND = 17
    OP_OR = 18
    OP_NOT = 19
    STACK_SIZE = 64

# Ranks sit at offsets 0..12 of a suit's 16 bits: jack 9, queen 10, king 11, ace 12.
cdef uint64_t JACKS = 0x0200020002000200
cdef uint64_t QUEENS = 0x0400040004000400
cdef uint64_t KINGS = 0x0800080008000800
cdef uint64_t ACES = 0x1000100010001000
cdef uint64_t ALL_SUITS = 0x1FFF1FFF1FFF1FFF


cdef inline uint64_t part(uint64_t hand, int suit) noexcept nogil:
    """The cards of ``hand`` in ``suit`` (-1: the whole hand)."""
    return hand & (suit_mask(suit) if suit >= 0 else ALL_SUITS)


cdef inline int suit_losers(uint64_t cards, int suit) noexcept nogil:
    """Losing-trick count of one suit: its first min(length, 3) cards, less the ace, king and queen among the
    top min(length, 3) ranks held."""
    cdef int n = tc_popcount(cards)
    cdef int top = 3 if n > 3 else n
    cdef int held = 0
    cdef int k
    for k in range(top):
        if cards & ((<uint64_t>1) << (16 * suit + 12 - k)):
            held += 1
    return top - held


cdef inline int losers(uint64_t hand, int suit) noexcept nogil:
    cdef int s, total = 0
    if suit >= 0:
        return suit_losers(hand & suit_mask(suit), suit)
    for s in range(4):
        total += suit_losers(hand & suit_mask(s), s)
    return total


cdef inline int shape_index(uint64_t hand) noexcept nogil:
    """The index of a hand's shape (lengths of S, H, D, C) in a 14**4 shape table."""
    return (((tc_popcount(hand & suit_mask(0)) * 14 + tc_popcount(hand & suit_mask(1))) * 14
             + tc_popcount(hand & suit_mask(2))) * 14 + tc_popcount(hand & suit_mask(3)))


cdef inline bint satisfies(const uint64_t* hands, const int32_t[::1] program,
                           const uint8_t[::1] shapes) noexcept nogil:
    """Run the compiled condition (triples: opcode, a, b) on one deal's hands."""
    cdef int64_t stack[STACK_SIZE]
    cdef int64_t x, y
    cdef int top = 0, pc, op, a, b
    cdef uint64_t h
    for pc in range(0, program.shape[0], 3):
        op = program[pc]
        a = program[pc + 1]
        b = program[pc + 2]
        if op == OP_CONST:
            stack[top] = a
            top += 1
        elif op <= OP_SHAPE:
            h = hands[a]
            if op == OP_HCP:
                h = part(h, b)
                stack[top] = (4 * tc_popcount(h & ACES) + 3 * tc_popcount(h & KINGS)
                              + 2 * tc_popcount(h & QUEENS) + tc_popcount(h & JACKS))
            elif op == OP_CONTROLS:
                h = part(h, b)
                stack[top] = 2 * tc_popcount(h & ACES) + tc_popcount(h & KINGS)
            elif op == OP_LOSERS:
                stack[top] = losers(h, b)
            elif op == OP_LENGTH:
                stack[top] = tc_popcount(part(h, b))
            elif op == OP_HASCARD:
                stack[top] = (h >> b) & 1
            else:
                stack[top] = shapes[b + shape_index(h)]
            top += 1
        elif op == OP_NEG:
            stack[top - 1] = -stack[top - 1]
        elif op == OP_NOT:
            stack[top - 1] = stack[top - 1] == 0
        else:
            top -= 1
            x = stack[top - 1]
            y = stack[top]
            if op == OP_ADD:
                x = x + y
            elif op == OP_SUB:
                x = x - y
            elif op == OP_MUL:
                x = x * y
            elif op == OP_LT:
                x = x < y
            elif op == OP_LE:
                x = x <= y
            elif op == OP_GT:
                x = x > y
            elif op == OP_GE:
                x = x >= y
            elif op == OP_EQ:
                x = x == y
            elif op == OP_NE:
                x = x != y
            elif op == OP_AND:
                x = x != 0 and y != 0
            else:
                x = x != 0 or y != 0
            stack[top - 1] = x
    return stack[0] != 0


def deal_where(uint64_t seed, uint64_t start, Py_ssize_t count, const uint8_t[::1] deck,
               const uint8_t[::1] pattern, const uint64_t[::1] predealt, const int32_t[::1] program,
               const uint8_t[::1] shapes, uint64_t[::1] out, uint8_t[::1] last, uint64_t[::1] numbers):
    """Deal candidates start..start+count-1 as ``deal_batch`` does (``deck`` and ``pattern`` being the cards
    and positions left after the ``predealt`` masks, one per owner, which every candidate holds too) and keep
    those satisfying ``program`` (empty: all), in order, until ``out`` is full.

    Returns (kept, examined): the kept deals' masks fill ``out`` deal-major, their last dealt cards ``last``
    and their candidate numbers ``numbers``; ``examined`` candidates were looked at (fewer than ``count`` when
    ``out`` filled up first), so the next call starts at ``start + examined``.
    """
    cdef int n_owners = predealt.shape[0]
    cdef Py_ssize_t room = out.shape[0] // n_owners
    cdef Py_ssize_t d, kept = 0, examined = 0
    cdef int i, j, size = pattern.shape[0]
    cdef uint8_t perm[64]
    cdef uint64_t hands[65]
    cdef Rng rng
    cdef bint check = program.shape[0] > 0
    with nogil:
        for d in range(count):
            if kept == room:
                break
            examined += 1
            rng = stream(seed, start + d, DEAL_SALT)
            for i in range(size):
                j = below(&rng, i + 1)
                perm[i] = perm[j]
                perm[j] = deck[i]
            for i in range(n_owners):
                hands[i] = predealt[i]
            for i in range(size):
                hands[pattern[i]] |= (<uint64_t>1) << perm[i]
            if check and not satisfies(hands, program, shapes):
                continue
            for i in range(n_owners):
                out[kept * n_owners + i] = hands[i]
            last[kept] = perm[size - 1] if size else 0
            numbers[kept] = start + d
            kept += 1
    return kept, examined
