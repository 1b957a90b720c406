"""Small statistics helpers for the solver tests (standard library only)."""
from math import erf, sqrt


def chi_square_p(observed: list[int]) -> float:
    """P-value of Pearson's chi-square test of `observed` against equal expected
    counts (Wilson-Hilferty normal approximation, good for dof >= 10)."""
    k = len(observed)
    total = sum(observed)
    expected = total / k
    x = sum((o - expected) ** 2 / expected for o in observed)
    dof = k - 1
    z = ((x / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / sqrt(2 / (9 * dof))
    return 0.5 * (1 - erf(z / sqrt(2)))
