"""Seeded mid-game positions and the truth a seat cannot see: solver/testing.py's
(the benchmarks use them too), importable from here as the solver tests did."""
from solver.testing import positions, truth  # noqa: F401
