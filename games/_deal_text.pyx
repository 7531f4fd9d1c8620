# cython: language_level=3
"""The hands of many deals as text at once (private): each hand in canonical PBN form (suits S.H.D.C, ranks high to
low), written from the kernel's masks without a Python object per card, for a simulation's lines and table
(games.simulation_hooks.SimulationHooks.deal_texts; tests/games/test_simulate_table.py checks it against
Deal.to_string)."""
from libc.stdint cimport uint64_t

cdef const char* RANKS = b"23456789TJQKA"


cdef inline int write_hand(char* out, uint64_t mask) noexcept nogil:
    """The PBN text of ``mask`` (card bit 16 * suit + rank - 2) at ``out``; its length."""
    cdef int n = 0, suit, rank
    for suit in range(4):
        if suit:
            out[n] = b'.'
            n += 1
        for rank in range(12, -1, -1):
            if mask >> (16 * suit + rank) & 1:
                out[n] = RANKS[rank]
                n += 1
    return n


def hand_texts(const uint64_t[::1] masks, int stride, int n_hands):
    """The first ``n_hands`` hands of each deal (``stride`` masks a deal) as PBN hands joined by spaces."""
    cdef Py_ssize_t d, count = masks.shape[0] // stride
    cdef char buf[256]
    cdef int n, seat
    if n_hands > 4:
        raise ValueError("at most four hands")
    texts = []
    for d in range(count):
        n = 0
        for seat in range(n_hands):
            if seat:
                buf[n] = b' '
                n += 1
            n += write_hand(buf + n, masks[d * stride + seat])
        texts.append(buf[:n].decode("ascii"))
    return texts
