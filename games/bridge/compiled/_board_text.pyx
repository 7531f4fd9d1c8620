# cython: language_level=3
"""The text of many played boards at once (private): deals as PBN strings, auctions and plays as space-separated
calls and cards, from the arrays of a compiled batch (games.bridge.compiled.played_boards), so that a simulation's
table and lines are written without a Python object per card. games/bridge/simulation.py is its Python side;
tests/games/bridge/test_board_columns.py checks it against Deal.to_pbn and the records' own text."""
from libc.stdint cimport uint64_t, uint16_t, uint8_t, int8_t

cdef const char* RANKS = b"23456789TJQKA"
cdef const char* SUITS = b"SHDC"


cdef inline int write_hand(char* out, uint64_t mask) noexcept nogil:
    """PBN hand text (suits S.H.D.C, ranks high to low) of ``mask`` (card bit 16 * suit + rank - 2) at ``out``."""
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


def deal_texts(const uint64_t[::1] masks, int stride):
    """The PBN deal string ``N:h h h h`` of each deal whose hands N E S W start every ``stride`` masks."""
    cdef Py_ssize_t d, count = masks.shape[0] // stride
    cdef char buf[80]
    cdef int n, seat
    texts = []
    for d in range(count):
        buf[0] = b'N'
        buf[1] = b':'
        n = 2
        for seat in range(4):
            if seat:
                buf[n] = b' '
                n += 1
            n += write_hand(buf + n, masks[d * stride + seat])
        texts.append(buf[:n].decode("ascii"))
    return texts


def call_texts(const uint8_t[::1] calls, int per_board, const uint16_t[::1] n_calls, tuple names):
    """Each board's calls (``calls[i * per_board:]``, ``n_calls[i]`` of them, codes into ``names``) joined by
    spaces."""
    cdef Py_ssize_t i, k, count = n_calls.shape[0]
    texts = []
    for i in range(count):
        texts.append(" ".join([names[calls[i * per_board + k]] for k in range(n_calls[i])]))
    return texts


def play_texts(const uint8_t[::1] cards, const int8_t[::1] outcomes):
    """Each board's 52 cards in playing order (``cards[i * 52:]``, card bit indices) as ``SA HK ...``; an empty
    text for a board passed out (its contract's level, ``outcomes[i * 5]``, 0)."""
    cdef Py_ssize_t i, count = outcomes.shape[0] // 5
    cdef int k, card
    cdef char buf[156]
    texts = []
    for i in range(count):
        if outcomes[i * 5] == 0:
            texts.append("")
            continue
        for k in range(52):
            card = cards[i * 52 + k]
            buf[3 * k] = SUITS[card >> 4]
            buf[3 * k + 1] = RANKS[card & 15]
            buf[3 * k + 2] = b' '
        texts.append(buf[:155].decode("ascii"))
    return texts
