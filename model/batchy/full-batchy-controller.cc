/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "full-batchy-controller.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FullBatchyController");

NS_OBJECT_ENSURE_REGISTERED(FullBatchyController);

TypeId
FullBatchyController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FullBatchyController")
            .SetParent<BatchyController>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<FullBatchyController>()
            .AddAttribute("Tolerance",
                          "A flow within this share of its SLO is on its constraint (delta)",
                          DoubleValue(0.05),
                          MakeDoubleAccessor(&FullBatchyController::m_tolerance),
                          MakeDoubleChecker<double>(0, 0.5))
            .AddAttribute("PushRatio",
                          "A buffer whose input batches average at least this share of B is "
                          "turned off",
                          DoubleValue(0.7),
                          MakeDoubleAccessor(&FullBatchyController::m_pushRatio),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("BufferPull",
                          "A buffer turned on starts at the mean input batch plus this",
                          UintegerValue(4),
                          MakeUintegerAccessor(&FullBatchyController::m_bufferPull),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxIterations",
                          "Projections per step (constraints dropped for negative multipliers)",
                          UintegerValue(3),
                          MakeUintegerAccessor(&FullBatchyController::m_maxIterations),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

namespace
{

/**
 * \brief Rosen's projection of a gradient onto the active constraints.
 *
 * The direction is -P g with P = I - A^T (A A^T)^+ A. When it vanishes,
 * the multipliers -(A A^T)^+ A g say whether the point is a KKT point (all
 * >= 0); if not, the constraint with the most negative one is dropped and
 * the projection redone, at most \p iterations times in all.
 * \param grad the gradient
 * \param rows the active constraints (a q <= c), may lose some
 * \param iterations the most projections
 * \param d receives the direction
 * \return false at a KKT point or without a direction
 */
bool
ProjectGradient(const Eigen::VectorXd& grad,
                std::vector<Eigen::RowVectorXd>& rows,
                uint32_t iterations,
                Eigen::VectorXd& d)
{
    const double eps = 1e-9 * grad.norm();
    for (uint32_t it = 0; it < iterations; ++it)
    {
        if (rows.empty())
        {
            d = -grad;
            return d.norm() > eps;
        }
        // mu = -(A A^T)^+ A g = -(A^T)^+ g: the least-norm least-squares
        // solution of A^T mu = -g, from one decomposition of A^T (cubic in
        // the smaller of its sides, not in the number of rows).
        Eigen::MatrixXd at(grad.size(), rows.size());
        for (uint32_t r = 0; r < rows.size(); ++r)
        {
            at.col(r) = rows[r].transpose();
        }
        Eigen::VectorXd mu =
            Eigen::CompleteOrthogonalDecomposition<Eigen::MatrixXd>(at).solve(-grad);
        d = -(grad + at * mu);
        if (d.norm() > eps)
        {
            return true;
        }
        Eigen::Index worst;
        if (mu.minCoeff(&worst) >= 0)
        {
            return false;
        }
        rows.erase(rows.begin() + worst);
    }
    return false;
}

} // namespace

std::vector<uint32_t>
FullBatchyController::Plan(const std::vector<ModuleState>& modules,
                           const std::vector<FlowState>& flows,
                           const Settings& settings)
{
    const double inf = std::numeric_limits<double>::infinity();
    const double tol = settings.tolerance;
    const double bMax = settings.maxBatch;
    uint32_t n = modules.size();
    std::vector<uint32_t> q(n);
    std::vector<double> qMin(n);
    std::vector<double> slope(n); // delay per trigger unit (ns)
    std::vector<bool> fixed(n, false);
    std::vector<std::vector<uint32_t>> flowsThrough(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        const auto& m = modules[i];
        q[i] = m.trigger;
        qMin[i] = std::min(bMax, std::floor(m.meanInputBatch) + settings.bufferPull);
        slope[i] = m.packetRate > 0 ? 1 / m.packetRate + m.t1Ns : 0;
    }
    std::vector<double> budget(flows.size());
    std::vector<bool> flowFixed(flows.size(), false);
    for (uint32_t f = 0; f < flows.size(); ++f)
    {
        budget[f] = flows[f].sloNs - flows[f].delayNs;
        for (uint32_t i : flows[f].modules)
        {
            flowsThrough[i].push_back(f);
        }
    }
    auto spend = [&](uint32_t i, double ns) {
        for (uint32_t f : flowsThrough[i])
        {
            budget[f] -= ns;
        }
    };

    // Push: a buffer whose input batches are already large is useless.
    for (uint32_t i = 0; i < n; ++i)
    {
        if (q[i] > 0 && modules[i].meanInputBatch >= settings.pushRatio * bMax)
        {
            q[i] = 0;
            fixed[i] = true;
        }
    }

    // Recovery: lower the buffers of a flow over its SLO, slowest turn first.
    std::vector<double> turn(n, 0);
    for (uint32_t i = 0; i < n; ++i)
    {
        const auto& m = modules[i];
        if (m.executionRate > 0)
        {
            turn[i] = 1 / m.executionRate + m.t0Ns + m.t1Ns * q[i];
        }
    }
    std::vector<uint32_t> bySlowest(n);
    std::iota(bySlowest.begin(), bySlowest.end(), 0);
    std::stable_sort(bySlowest.begin(), bySlowest.end(), [&](uint32_t a, uint32_t b) {
        return turn[a] > turn[b];
    });
    for (uint32_t f = 0; f < flows.size(); ++f)
    {
        if (budget[f] >= 0)
        {
            continue;
        }
        flowFixed[f] = true;
        const auto& path = flows[f].modules;
        for (uint32_t i : bySlowest)
        {
            if (budget[f] >= 0)
            {
                break;
            }
            if (fixed[i] || q[i] == 0 || slope[i] == 0 ||
                std::find(path.begin(), path.end(), i) == path.end())
            {
                continue;
            }
            double cut = std::floor(-budget[f] / slope[i]) + 1;
            uint32_t lowered = cut < q[i] - qMin[i] ? q[i] - uint32_t(cut) : 0;
            NS_LOG_LOGIC("recovery of flow " << f << ": module " << i << " " << q[i] << " -> "
                                             << lowered);
            spend(i, -(double(q[i]) - lowered) * slope[i]);
            q[i] = lowered;
            fixed[i] = true;
        }
    }

    // Pull: turn on a buffer where the delay it adds fits every budget.
    for (uint32_t i = 0; i < n; ++i)
    {
        const auto& m = modules[i];
        if (fixed[i] || q[i] > 0 || m.packetRate * 1e9 < 1 ||
            m.meanInputBatch >= settings.pushRatio * bMax)
        {
            continue;
        }
        double room = inf;
        bool blocked = false;
        for (uint32_t f : flowsThrough[i])
        {
            room = std::min(room, budget[f]);
            blocked |= flowFixed[f];
        }
        double added = qMin[i] * slope[i];
        if (!blocked && added < room)
        {
            NS_LOG_LOGIC("pull: module " << i << " 0 -> " << qMin[i]);
            spend(i, added);
            q[i] = qMin[i];
            fixed[i] = true;
        }
    }

    // Gradient: the other buffered modules.
    std::vector<uint32_t> free;
    std::vector<int> column(n, -1);
    for (uint32_t i = 0; i < n; ++i)
    {
        if (!fixed[i] && q[i] > 0)
        {
            column[i] = free.size();
            free.push_back(i);
        }
    }
    if (free.empty() || std::all_of(flowFixed.begin(), flowFixed.end(), [](bool b) { return b; }))
    {
        return q;
    }
    uint32_t k = free.size();
    // Active constraints, one row each, in the form a q <= c.
    std::vector<Eigen::RowVectorXd> rows;
    std::vector<bool> tight(flows.size(), false);
    for (uint32_t f = 0; f < flows.size(); ++f)
    {
        if (flowFixed[f] || flows[f].delayNs < (1 - tol) * flows[f].sloNs)
        {
            continue;
        }
        Eigen::RowVectorXd a = Eigen::RowVectorXd::Zero(k);
        for (uint32_t i : flows[f].modules)
        {
            if (column[i] >= 0)
            {
                a(column[i]) = slope[i];
            }
        }
        if (a.squaredNorm() > 0)
        {
            tight[f] = true;
            rows.push_back(a);
        }
    }
    for (uint32_t j = 0; j < k; ++j)
    {
        uint32_t u = free[j];
        if (q[u] >= bMax)
        {
            rows.push_back(Eigen::RowVectorXd::Unit(k, j));
        }
        // A buffer holds no more time's worth of packets than the one below.
        for (uint32_t v : modules[u].below)
        {
            double ru = modules[u].packetRate;
            double rv = modules[v].packetRate;
            if (column[v] < 0 || rv <= 0 || rv > ru * (1 + tol) ||
                q[u] < ru / rv * q[v] * (1 - tol))
            {
                continue;
            }
            Eigen::RowVectorXd a = Eigen::RowVectorXd::Unit(k, j);
            a(column[v]) = -ru / rv;
            rows.push_back(a);
        }
    }
    // Gradient of the load sum_v x_v (T0_v + T1_v q_v), x_v = R_v / q_v.
    Eigen::VectorXd grad(k);
    for (uint32_t j = 0; j < k; ++j)
    {
        const auto& m = modules[free[j]];
        grad(j) = -m.executionRate * m.t0Ns / q[free[j]];
    }
    // A trigger at its pull level that the direction would lower joins the
    // active constraints, and the projection is redone.
    Eigen::VectorXd d;
    for (uint32_t pass = 0; pass <= k; ++pass)
    {
        if (!ProjectGradient(grad, rows, settings.maxIterations, d))
        {
            NS_LOG_LOGIC("KKT point: triggers stay");
            return q;
        }
        bool blocked = false;
        for (uint32_t j = 0; j < k; ++j)
        {
            if (d(j) < 0 && q[free[j]] <= qMin[free[j]])
            {
                rows.push_back(-Eigen::RowVectorXd::Unit(k, j));
                blocked = true;
            }
        }
        if (!blocked)
        {
            break;
        }
    }
    double dMax = d.cwiseAbs().maxCoeff();
    for (uint32_t j = 0; j < k; ++j)
    {
        if (std::abs(d(j)) < 1e-9 * dMax)
        {
            d(j) = 0;
        }
    }

    // How far: the flows' budgets (those not on their constraint, which the
    // projection keeps) up to the middle of the tolerance band, the trigger
    // bounds, the order of buffers.
    const double target = 1 - tol / 2;
    double lambdaMax = inf;
    for (uint32_t f = 0; f < flows.size(); ++f)
    {
        if (flowFixed[f] || tight[f] || !std::isfinite(flows[f].sloNs))
        {
            continue;
        }
        double rise = 0;
        for (uint32_t i : flows[f].modules)
        {
            rise += column[i] >= 0 ? slope[i] * d(column[i]) : 0;
        }
        if (rise > 0)
        {
            lambdaMax = std::min(
                lambdaMax,
                std::max(0.0, target * flows[f].sloNs - (flows[f].sloNs - budget[f])) / rise);
        }
    }
    for (uint32_t j = 0; j < k; ++j)
    {
        uint32_t u = free[j];
        if (d(j) > 0)
        {
            lambdaMax = std::min(lambdaMax, (bMax - q[u]) / d(j));
        }
        else if (d(j) < 0)
        {
            lambdaMax = std::min(lambdaMax, std::max(0.0, (q[u] - qMin[u]) / -d(j)));
        }
        for (uint32_t v : modules[u].below)
        {
            double ru = modules[u].packetRate;
            double rv = modules[v].packetRate;
            if (column[v] < 0 || rv <= 0 || rv > ru * (1 + tol))
            {
                continue;
            }
            // Closing in on the one below (a constraint the projection keeps
            // closes by rounding errors only).
            double closing = d(j) / ru - d(column[v]) / rv;
            double gap = q[v] / rv - q[u] / ru;
            if (closing > 1e-9 * (std::abs(d(j)) / ru + std::abs(d(column[v])) / rv) && gap >= 0)
            {
                lambdaMax = std::min(lambdaMax, gap / closing);
            }
        }
    }
    if (!std::isfinite(lambdaMax))
    {
        lambdaMax = bMax / dMax;
    }
    // Rosen's line search: the load along the direction is convex in the
    // step; take its minimum within [0, lambdaMax].
    auto slopeAt = [&](double lambda) {
        double s = 0;
        for (uint32_t j = 0; j < k; ++j)
        {
            const auto& m = modules[free[j]];
            double c = m.executionRate * m.t0Ns * q[free[j]]; // R_v T0_v
            double qj = q[free[j]] + lambda * d(j);
            s -= c * d(j) / (qj * qj);
        }
        return s;
    };
    double lambda = lambdaMax;
    if (slopeAt(lambdaMax) > 0)
    {
        double lo = 0;
        double hi = lambdaMax;
        for (int i = 0; i < 60; ++i)
        {
            double mid = (lo + hi) / 2;
            (slopeAt(mid) > 0 ? hi : lo) = mid;
        }
        lambda = lo;
    }
    // Round to whole packets: every module the direction moves moves by at
    // least one, the cuts first; a rise is trimmed while it would take a
    // flow through the module past the target, counting the moves before it.
    std::vector<uint32_t> order(k);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
        return d(a) < d(b);
    });
    for (uint32_t j : order)
    {
        uint32_t u = free[j];
        double move = lambda * d(j);
        long step = move > 0 ? long(std::ceil(move)) : long(std::floor(move));
        step = std::clamp<long>(step, -long(q[u]), long(bMax) - long(q[u]));
        auto over = [&]() {
            for (uint32_t f : flowsThrough[u])
            {
                if (!flowFixed[f] &&
                    flows[f].sloNs - budget[f] + slope[u] * step > target * flows[f].sloNs)
                {
                    return true;
                }
            }
            return false;
        };
        while (step > 0 && over())
        {
            --step;
        }
        spend(u, slope[u] * step);
        NS_LOG_LOGIC("gradient: module " << u << " " << q[u] << " -> " << q[u] + step);
        q[u] += step;
    }
    return q;
}

void
FullBatchyController::DoStart()
{
    Ptr<BatchyWorker> w = GetWorker();
    const DataFlowGraph& g = w->GetGraph();
    m_controlled.clear();
    m_position.assign(g.GetNModules(), DataFlowGraph::EGRESS);
    for (uint32_t v = 0; v < g.GetNModules(); ++v)
    {
        w->SetTrigger(v, 0);
        if (g.GetModule(v).controllable)
        {
            m_position[v] = m_controlled.size();
            m_controlled.push_back(v);
        }
    }
    // The first controllable modules below each controllable one.
    m_below.assign(m_controlled.size(), {});
    std::vector<uint32_t> chain;
    std::vector<uint32_t> next;
    for (uint32_t i = 0; i < m_controlled.size(); ++i)
    {
        g.GetChain(m_controlled[i], chain, next);
        for (uint32_t u : next)
        {
            m_below[i].push_back(m_position[u]);
        }
    }
}

void
FullBatchyController::DoControl()
{
    Ptr<BatchyWorker> w = GetWorker();
    const DataFlowGraph& g = w->GetGraph();
    double periodNs = GetPeriod().GetDouble();
    std::vector<ModuleState> modules(m_controlled.size());
    for (uint32_t i = 0; i < m_controlled.size(); ++i)
    {
        uint32_t v = m_controlled[i];
        const auto& s = w->GetPeriodModuleStats(v);
        auto& m = modules[i];
        GetChainCosts(v, m.t0Ns, m.t1Ns);
        m.executionRate = s.executions / periodNs;
        m.packetRate = s.packets / periodNs;
        m.meanInputBatch = s.GetMeanInputBatch();
        m.trigger = w->GetTrigger(v);
        m.below = m_below[i];
    }
    std::vector<FlowState> flows(g.GetNFlows());
    for (uint32_t f = 0; f < g.GetNFlows(); ++f)
    {
        const auto& flow = g.GetFlow(f);
        const auto& s = w->GetPeriodFlowStats(f);
        auto& state = flows[f];
        state.sloNs = flow.slo.IsStrictlyPositive() ? flow.slo.GetDouble()
                                                    : std::numeric_limits<double>::infinity();
        // Packets that arrived and none left: at least a period's delay.
        state.delayNs = s.departed > 0 ? s.delay.GetQuantile(0.95).GetDouble()
                                       : (s.received > 0 ? periodNs : 0);
        for (uint32_t v : flow.path)
        {
            if (m_position[v] != DataFlowGraph::EGRESS)
            {
                state.modules.push_back(m_position[v]);
            }
        }
    }
    Settings settings;
    settings.maxBatch = std::min(w->GetMaxBatch(), w->GetBufferCapacity());
    settings.tolerance = m_tolerance;
    settings.pushRatio = m_pushRatio;
    settings.bufferPull = m_bufferPull;
    settings.maxIterations = m_maxIterations;
    std::vector<uint32_t> q = Plan(modules, flows, settings);
    for (uint32_t i = 0; i < m_controlled.size(); ++i)
    {
        w->SetTrigger(m_controlled[i], q[i]);
    }
}

} // namespace ns3
