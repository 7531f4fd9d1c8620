"""The project's seeded random stream (splitmix64), in pure Python, bit for bit the kernel's.

Every random process in trickcore draws from ``Stream(seed, index, salt)``: item ``index`` of a seeded batch
gets its own stream, so results do not depend on how a batch is split between workers or machines.
"""
from typing import TypeVar

T = TypeVar("T")

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
DEAL_SALT = 0x6465616C
PLAY_SALT = 0x706C6179


def mix64(z: int) -> int:
    """The splitmix64 finaliser."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


class Stream:
    """The random stream of item ``index`` under ``seed``; ``below(n)`` draws as the kernel does."""

    def __init__(self, seed: int, index: int = 0, salt: int = 0) -> None:
        self.state = mix64((mix64((seed ^ salt) & M64) + index) & M64)

    def next32(self) -> int:
        """The high half of the next splitmix64 output."""
        self.state = (self.state + GOLDEN) & M64
        return mix64(self.state) >> 32

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), by Lemire's multiply-and-reject."""
        m = self.next32() * n
        low = m & 0xFFFFFFFF
        if low < n:
            t = ((1 << 32) - n) % n
            while low < t:
                m = self.next32() * n
                low = m & 0xFFFFFFFF
        return m >> 32

    def shuffle(self, items: list[T]) -> list[T]:
        """Shuffle ``items`` in place (Fisher-Yates, highest position first) and return them."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items
