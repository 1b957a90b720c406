"""How sure a sampled number is: 95% intervals for means and for paired
differences over common worlds (standard library only, for the browser too).

    >>> round(t95(1), 3), round(t95(30), 3), round(t95(10_000), 3)
    (12.706, 2.042, 1.96)
    >>> round(half_width([1.0, 2.0, 3.0, 4.0]), 3)    # 2.5 +- t(3) * s / sqrt(4)
    2.054
    >>> half_width([2.0, 2.0, 2.0])               # no spread seen
    0.0
    >>> half_width([5.0]) is None                 # one value: no interval
    True
    >>> round(t_quantile(0.975, 7), 3), round(t_quantile(1 - 0.05 / 22, 7), 3)   # 95%; 11 at once
    (2.365, 4.103)
    >>> rate_interval(0, 8), rate_interval(8, 8), rate_interval(3, 3, population=3)
    ([0.0, 0.3244], [0.6756, 1.0], [1.0, 1.0])
"""
from __future__ import annotations

import math
from statistics import NormalDist

# Student's t, two-sided 95% (the 97.5th percentile), for 1 to 30 degrees of freedom.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with `df` degrees of freedom
    (beyond 30, 1.96 + 2.4 / df, within 0.002 of the true value)."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    return _T95[df - 1] if df <= len(_T95) else 1.96 + 2.4 / df


def t_quantile(p: float, df: int) -> float:
    """The `p` quantile of Student's t with `df` >= 7 degrees of freedom, from the
    normal's by the Cornish-Fisher expansion (Abramowitz & Stegun 26.7.5): within
    0.2% of the true value for p up to 1 - 0.0025 (checked against SciPy), which
    is what a 95% test of up to 11 comparisons at once asks."""
    if df < 7:
        raise ValueError("this t quantile needs at least 7 degrees of freedom")
    z = NormalDist().inv_cdf(p)
    terms = ((z ** 3 + z) / 4,
             (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
             (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
             (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
    return z + sum(g / df ** (k + 1) for k, g in enumerate(terms))


def half_width(values, population: int | None = None, comparisons: int = 1) -> float | None:
    """Half the width of the 95% interval of the mean of `values`, a uniform
    sample: None for fewer than two values. `population`: the sample was drawn
    without replacement from that many (the finite-population correction; the
    interval is 0 when the sample is the whole population). `comparisons`: this
    interval is one of that many that must hold together at 95% (Bonferroni:
    each at 1 - 5% / comparisons)."""
    n = len(values)
    if n < 2:
        return None
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    if population is not None:
        if n >= population:
            return 0.0
        var *= (population - n) / (population - 1)
    t = t95(n - 1) if comparisons == 1 else t_quantile(1 - 0.05 / (2 * comparisons), n - 1)
    return round(t * math.sqrt(var / n), 12)


def welch_half_width(a, b) -> float | None:
    """Half the width of the 95% interval of mean(a) - mean(b), two independent
    samples (Welch's: each its own variance, Student's t at the Welch-Satterthwaite
    degrees of freedom); None when either has fewer than two values.

    >>> round(welch_half_width([1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0]), 3)   # t(3) * sqrt(5/3 / 4)
    2.054
    >>> welch_half_width([1.0, 1.0], [3.0, 3.0]), welch_half_width([1.0], [2.0, 3.0])
    (0.0, None)
    """
    if len(a) < 2 or len(b) < 2:
        return None
    terms = []
    for values in (a, b):
        n = len(values)
        mean = sum(values) / n
        terms.append((sum((v - mean) ** 2 for v in values) / (n - 1) / n, n))
    spread = terms[0][0] + terms[1][0]
    if spread == 0:
        return 0.0
    df = spread ** 2 / sum(t * t / (n - 1) for t, n in terms)
    return round(t95(max(1, int(df))) * math.sqrt(spread), 12)


def rate_interval(hits: int, n: int, population: int | None = None) -> list | None:
    """The 95% interval [low, high] of a proportion seen `hits` times in `n`
    (Wilson's score interval: it stays inside 0..1 and never collapses to a point
    at 0% or 100% of a small sample); the point itself when `n` is the whole
    `population`; None for no sample."""
    if n < 1:
        return None
    p = hits / n
    if population is not None and n >= population:
        return [round(p, 4), round(p, 4)]
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - spread), 4), round(min(1.0, centre + spread), 4)]
