"""Statistics over independent runs."""

from __future__ import annotations

import math
import warnings
from typing import Iterable, Sequence

from .runner import FailedRunsWarning, failed_runs


def mean_ci(values: Iterable[float], level: float = 0.95) -> tuple[float, float]:
    """Mean and Student-t confidence half-width of independent replications."""
    import numpy as np
    from scipy import stats

    xs = np.asarray([float(v) for v in values])
    n = len(xs)
    if n == 0:
        return math.nan, math.nan
    mean = float(np.mean(xs))
    if n < 2:
        return mean, 0.0
    # t.ppf times the standard error rather than t.interval: the latter is
    # NaN for identical values (scale 0), where the half-width is 0.
    return mean, float(stats.t.ppf(0.5 + level / 2, n - 1) * stats.sem(xs))


def summarize(df, by: Sequence[str], metrics: Sequence[str], level: float = 0.95):
    """One row per group of ``by``: for each metric its mean over runs and
    the confidence half-width (columns ``<metric>`` and ``<metric>_ci``).

    Failed runs (rows of a sweep with an ``error``) are left out, with a
    FailedRunsWarning saying how many: ``runs`` counts the runs used and
    ``failed`` the others; a group whose runs all failed has NaN metrics.
    """
    import pandas as pd

    bad = failed_runs(df)
    if bad.any():
        warnings.warn(f"summarize: {int(bad.sum())} of {len(df)} runs failed and are left out",
                      FailedRunsWarning, stacklevel=2)
    rows = []
    for key, group in df.groupby(list(by), sort=True):
        key = key if isinstance(key, tuple) else (key,)
        row = dict(zip(by, key))
        ok = group[~failed_runs(group)]
        row["runs"] = len(ok)
        if "error" in df.columns:
            row["failed"] = len(group) - len(ok)
        for m in metrics:
            # A sweep whose runs all failed has no metric columns at all.
            row[m], row[f"{m}_ci"] = mean_ci(ok[m] if len(ok) else [], level)
        rows.append(row)
    return pd.DataFrame(rows)
