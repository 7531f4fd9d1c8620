# cython: language_level=3
"""The text of many played boards at once (private): auctions and plays as space-separated calls and cards, from
the arrays of a compiled batch (games.bridge.compiled.played_boards), so that a simulation's table and lines are
written without a Python object per card. games/bridge/simulation.py is its Python side;
tests/games/test_simulate_table.py checks the text against the records' own."""
from libc.stdint cimport uint16_t, uint8_t, int8_t

cdef const char* RANKS = b"23456789TJQKA"
cdef const char* SUITS = b"SHDC"


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
