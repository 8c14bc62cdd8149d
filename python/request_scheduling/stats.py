"""Statistics over independent runs."""

from __future__ import annotations

import math
from typing import Iterable, Sequence


def mean_ci(values: Iterable[float], level: float = 0.95) -> tuple[float, float]:
    """Mean and Student-t confidence half-width of independent replications."""
    from scipy import stats

    xs = [float(v) for v in values]
    n = len(xs)
    if n == 0:
        return math.nan, math.nan
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    return mean, stats.t.ppf(0.5 + level / 2, n - 1) * sd / math.sqrt(n)


def summarize(df, by: Sequence[str], metrics: Sequence[str], level: float = 0.95):
    """One row per group of ``by``: for each metric its mean over runs and
    the confidence half-width (columns ``<metric>`` and ``<metric>_ci``)."""
    import pandas as pd

    rows = []
    for key, group in df.groupby(list(by), sort=True):
        key = key if isinstance(key, tuple) else (key,)
        row = dict(zip(by, key))
        row["runs"] = len(group)
        for m in metrics:
            row[m], row[f"{m}_ci"] = mean_ci(group[m], level)
        rows.append(row)
    return pd.DataFrame(rows)
