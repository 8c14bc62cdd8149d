"""mean_ci and summarize: scipy's t quantile and standard error, failed runs left out."""

import math
import random

import pandas as pd
import pytest

import request_scheduling as rs
from request_scheduling.microsecond import max_load


def _mean_ci_by_hand(values, level=0.95):
    """stats.mean_ci before scipy.stats.sem took its place."""
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


def test_mean_ci_known_sample():
    # t(0.975, 4) = 2.776445; sd = sqrt(2.5).
    mean, half = rs.mean_ci([1, 2, 3, 4, 5])
    assert mean == 3
    assert half == pytest.approx(2.7764451 * math.sqrt(2.5) / math.sqrt(5), rel=1e-6)
    mean, half = rs.mean_ci([12.5, 14.0, 13.25], level=0.9)
    assert mean == pytest.approx(13.25, rel=1e-15)
    assert half == pytest.approx(2.9199856 * 0.75 / math.sqrt(3), rel=1e-6)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 10, 200])
@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
def test_mean_ci_unchanged(n, level):
    rng = random.Random(n)
    xs = [rng.lognormvariate(3, 1) for _ in range(n)]
    mean, half = rs.mean_ci(xs, level)
    want_mean, want_half = _mean_ci_by_hand(xs, level)
    if n == 0:
        assert math.isnan(mean) and math.isnan(half)
    else:
        assert mean == pytest.approx(want_mean, rel=1e-12)
        assert half == pytest.approx(want_half, rel=1e-12)


def test_mean_ci_of_identical_values_is_exact():
    assert rs.mean_ci([7, 7, 7]) == (7.0, 0.0)
    assert rs.mean_ci(pd.Series([4])) == (4.0, 0.0)


def test_summarize_leaves_failed_runs_out():
    df = pd.DataFrame({
        "policy": ["a", "a", "a", "b", "b"],
        "run": [1, 2, 3, 1, 2],
        "error": [None, None, "x exited with 1: boom", "x exited with 1: boom", "x timed out after 5 s"],
        "mean_us": [1.0, 3.0, math.nan, math.nan, math.nan],
    })
    with pytest.warns(rs.FailedRunsWarning, match="3 of 5 runs failed"):
        s = rs.summarize(df, ["policy"], ["mean_us"])
    a, b = s.iloc[0], s.iloc[1]
    assert (a.runs, a.failed, a.mean_us) == (2, 1, 2.0)
    assert a.mean_us_ci == pytest.approx(rs.mean_ci([1.0, 3.0])[1])
    assert (b.runs, b.failed) == (0, 2) and math.isnan(b.mean_us) and math.isnan(b.mean_us_ci)


def test_summarize_without_error_column_unchanged(recwarn):
    df = pd.DataFrame({"policy": ["a", "a", "b"], "mean_us": [1.0, 2.0, 5.0]})
    s = rs.summarize(df, ["policy"], ["mean_us"])
    assert list(s.columns) == ["policy", "runs", "mean_us", "mean_us_ci"]
    assert s.runs.tolist() == [2, 1] and s.mean_us.tolist() == [1.5, 5.0]
    assert not [w for w in recwarn if issubclass(w.category, rs.FailedRunsWarning)]
    with pytest.raises(KeyError):
        rs.summarize(df, ["policy"], ["p99_us"])


def test_max_load_counts_a_failed_point_as_a_miss():
    points = pd.DataFrame({"load": [0.1, 0.2, 0.3], "p": [1.0, math.nan, 1.0]})
    assert max_load(points, "p", 5.0) == 0.1
