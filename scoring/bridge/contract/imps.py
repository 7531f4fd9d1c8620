"""The IMP scale of Law 78B (rules/bridge.md §8)."""
import bisect

# The lowest difference of each IMP step; 24 is the cap.
LOWER = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100,
         1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(diff):
    """The IMPs for a point difference ``diff`` (any integer), with the sign of ``diff``."""
    steps = bisect.bisect_right(LOWER, abs(diff))
    return steps if diff >= 0 else -steps
