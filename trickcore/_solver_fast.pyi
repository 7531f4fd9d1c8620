"""Types of the x86-64 build of the double-dummy search (trickcore/_solver_fast.pyx): the same as _solver's."""
from trickcore._solver import Solver as Solver
