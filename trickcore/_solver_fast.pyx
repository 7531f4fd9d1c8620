# cython: language_level=3
# The double-dummy search compiled for x86-64 processors with the population-count and bit-manipulation
# instructions (POPCNT, LZCNT, BMI1/2); trickcore.solver loads it when this processor has them.
include "_solver.pyx"
