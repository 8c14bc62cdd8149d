"""Queueing-theory references the module is checked against."""

from __future__ import annotations


def erlang_c(c: int, rho: float) -> float:
    """Probability of waiting in M/M/c at utilisation rho (Erlang C)."""
    if not 0 <= rho < 1:
        raise ValueError("rho must be in [0, 1)")
    a = rho * c
    b = 1.0  # Erlang B by its stable recursion
    for k in range(1, c + 1):
        b = a * b / (k + a * b)
    return b / (1 - rho * (1 - b))


def mmc_mean_sojourn(c: int, rho: float, mean_service: float) -> float:
    """Mean sojourn of M/M/c FCFS (same unit as mean_service)."""
    return erlang_c(c, rho) * mean_service / (c * (1 - rho)) + mean_service


def power_of_d_mean_sojourn(n: int, d: int, rho: float, rule: str = "independent", cap: int = 12) -> float:
    """Mean sojourn, in mean service times, of power-of-d over ``n``
    single-server FCFS queues with Poisson arrivals (rate ``rho * n``) and
    exponential service (rate 1): the exact stationary distribution of the
    continuous-time Markov chain, solved numerically.

    Servers are exchangeable, so a state is the sorted vector of queue
    lengths (at most ``cap`` each; an arrival that would exceed it is lost,
    and the accepted rate is used in Little's law). An arrival joins a queue
    of length l with probability G(l) - G(l + 1), G(l) being the chance that
    all d samples see at least l: (m / n) ** d for ``rule="independent"``
    draws (with replacement, RackSched's switch), C(m, d) / C(n, d) for
    ``"distinct"`` samples, m the number of queues of length >= l.
    """
    from itertools import combinations_with_replacement
    from math import comb

    import numpy as np
    from scipy.sparse import csr_matrix
    from scipy.sparse.linalg import LinearOperator, gmres, spilu

    if rule not in ("independent", "distinct"):
        raise ValueError("rule must be independent or distinct")
    if not 0 < rho < 1 or not 1 <= d <= n:
        raise ValueError("need 0 < rho < 1 and 1 <= d <= n")

    def at_least(m: int) -> float:
        return (m / n) ** d if rule == "independent" else comb(m, d) / comb(n, d)

    states = [tuple(sorted(c, reverse=True)) for c in combinations_with_replacement(range(cap + 1), n)]
    index = {s: i for i, s in enumerate(states)}
    rows, cols, rates = [], [], []
    lam = rho * n

    def move(s: tuple, i: int, change: int) -> int:
        t = list(s)
        t[i] += change
        return index[tuple(sorted(t, reverse=True))]

    for i, s in enumerate(states):
        for length in sorted(set(s)):
            m_ge = sum(1 for q in s if q >= length)
            m_gt = sum(1 for q in s if q > length)
            p = at_least(m_ge) - at_least(m_gt)
            pos = s.index(length)
            if p > 0 and length < cap:
                rows.append(i), cols.append(move(s, pos, +1)), rates.append(lam * p)
            if length > 0:
                rows.append(i), cols.append(move(s, pos, -1)), rates.append(float(s.count(length)))
    size = len(states)
    q = csr_matrix((rates, (rows, cols)), shape=(size, size))
    out = np.asarray(q.sum(axis=1)).ravel()
    # pi Q = 0: fix pi[0] = 1, drop its balance equation (one is redundant),
    # solve the rest, normalise. (A row of ones instead would be dense.)
    a = (q.T - csr_matrix((out, (range(size), range(size))), shape=(size, size))).tocsc()
    m, rhs = a[1:, 1:].tocsc(), -a[1:, 0].toarray().ravel()
    # Direct LU fills in badly beyond ~10^4 states: GMRES, preconditioned
    # by an incomplete LU, to a residual far below the figures reported.
    ilu = spilu(m, drop_tol=1e-5, fill_factor=20)
    x, info = gmres(m, rhs, M=LinearOperator(m.shape, ilu.solve), rtol=1e-12, restart=100, maxiter=2000)
    if info != 0:
        raise RuntimeError(f"power_of_d_mean_sojourn: GMRES did not converge ({info})")
    pi = np.concatenate(([1.0], x))
    pi /= pi.sum()
    total = np.array([sum(s) for s in states], dtype=float)
    accepted = 0.0
    for i, s in enumerate(states):
        # The chance an arrival is lost: its chosen queue is at the cap.
        m_cap = s.count(cap)
        accepted += pi[i] * (1 - (at_least(m_cap) if m_cap else 0.0))
    return float(pi @ total) / (lam * accepted)


def power_of_d_simulated(n: int, rho: float, rules=("independent", "distinct"), replicas: int = 2000,
                         steps: int = 100_000, warmup: int = 20_000, seed: int = 1) -> dict:
    """Mean sojourn, in mean service times, of power-of-2 over ``n``
    single-server queues with Poisson arrivals (rate ``rho * n``) and
    exponential service (rate 1), per independent replica, for each sampling
    rule: ``"independent"`` (two uniform draws, with replacement) or
    ``"distinct"``; ties go to the first sample.

    A reference written apart from the module: the uniformised Markov chain
    (every step an arrival with probability rho / (1 + rho), else a
    departure from a uniformly chosen server, if busy), without any queue
    cap, run for ``replicas`` chains at once with numpy. Steps of the
    uniformised chain last equally long on average, so the time-average
    number in the system is the average over steps; Little's law gives the
    sojourn. The rules share their random numbers (common random numbers),
    so their difference has a small variance. Returns
    ``{rule: array of per-replica mean sojourns}``.
    """
    import numpy as np

    rng = np.random.default_rng(seed)
    lam = rho * n
    p_arrival = lam / (lam + n)
    queues = {r: np.zeros((replicas, n), dtype=np.int64) for r in rules}
    totals = {r: np.zeros(replicas) for r in rules}
    rows = np.arange(replicas)
    for step in range(warmup + steps):
        arrive = rng.random(replicas) < p_arrival
        first = rng.integers(0, n, replicas)
        u = rng.random(replicas)
        for r in rules:
            q = queues[r]
            if r == "independent":
                second = (u * n).astype(np.int64)
            else:
                second = (u * (n - 1)).astype(np.int64)
                second += second >= first
            a, b = q[rows, first], q[rows, second]
            join = np.where(b < a, second, first)
            # An arrival joins the lesser of its samples; otherwise server
            # ``first`` completes a request if it has one.
            change = np.where(arrive, 1, np.where(a > 0, -1, 0))
            target = np.where(arrive, join, first)
            q[rows, target] += change
            if step >= warmup:
                totals[r] += q.sum(axis=1)
    return {r: totals[r] / steps / lam for r in rules}
