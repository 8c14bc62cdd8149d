/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "full-batchy-controller.h"

#include "../requests/request-scheduling-compat.h"
#include "trigger-budget.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace ns3
{
namespace rsched
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
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Rounding",
                          "Rounding of a step to whole packets: Target (a rise up, a cut down, a "
                          "rise trimmed while it takes a flow past 1 - Tolerance/2 of its SLO) "
                          "or PlusOne (the authors' code: trunc(step) + 1 for every free module, "
                          "one packet back if its move alone takes a flow's measured delay past "
                          "1 - Tolerance of its SLO)",
                          EnumValue(ROUND_TO_TARGET),
                          RS_MAKE_ENUM_ACCESSOR(Rounding, &FullBatchyController::m_rounding),
                          MakeEnumChecker(ROUND_TO_TARGET, "Target", ROUND_PLUS_ONE, "PlusOne"))
            .AddAttribute("RecoveringBoundStep",
                          "Bound the gradient step by the flows in recovery too, with the "
                          "budget recovery gave back (the authors' code); false leaves them out",
                          BooleanValue(false),
                          MakeBooleanAccessor(&FullBatchyController::m_recoveringBoundStep),
                          MakeBooleanChecker());
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

/**
 * \brief One step of Batchy/full, phase by phase (the authors' order):
 * Push, Recover, Pull, then the gradient step on the other buffered modules
 * (SelectFree, ActiveRows, Direction, StepBound, LineSearch, Round). Each
 * phase reads and updates the triggers q and the flows' budgets.
 */
class FullStep
{
  public:
    using ModuleState = FullBatchyController::ModuleState; //!< a module
    using FlowState = FullBatchyController::FlowState;     //!< a flow
    using Settings = FullBatchyController::Settings;       //!< parameters

    /**
     * \param modules the controllable modules
     * \param flows the flows
     * \param settings the parameters
     */
    FullStep(const std::vector<ModuleState>& modules,
             const std::vector<FlowState>& flows,
             const Settings& settings)
        : m_modules(modules),
          m_flows(flows),
          m_settings(settings),
          m_bMax(settings.maxBatch),
          m_plan(Triggers(modules), FlowModules(flows), Budgets(flows)),
          m_qMin(modules.size()),
          m_slope(modules.size())
    {
        for (uint32_t i = 0; i < modules.size(); ++i)
        {
            const auto& m = modules[i];
            m_qMin[i] = std::min(m_bMax, std::floor(m.meanInputBatch) + settings.bufferPull);
            m_slope[i] = m.packetRate > 0 ? 1 / m.packetRate + m.t1Ns : 0;
        }
    }

    /// \return the triggers, as the phases so far have set them
    const std::vector<uint32_t>& GetTriggers() const
    {
        return m_plan.GetTriggers();
    }

    /// Push: a buffer whose input batches are already large is useless.
    void Push()
    {
        std::vector<double> inputBatch;
        for (const auto& m : m_modules)
        {
            inputBatch.push_back(m.meanInputBatch);
        }
        m_plan.Push(inputBatch, m_settings.pushRatio * m_bMax);
    }

    /// Recovery: lower the buffers of a flow over its SLO, slowest turn first.
    void Recover()
    {
        const std::vector<uint32_t>& q = m_plan.GetTriggers();
        uint32_t n = q.size();
        std::vector<double> turn(n, 0);
        for (uint32_t i = 0; i < n; ++i)
        {
            const auto& m = m_modules[i];
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
        for (uint32_t f = 0; f < m_flows.size(); ++f)
        {
            if (m_plan.GetBudget(f) >= 0)
            {
                continue;
            }
            m_plan.SetRecovering(f);
            const auto& path = m_flows[f].modules;
            for (uint32_t i : bySlowest)
            {
                if (m_plan.GetBudget(f) >= 0)
                {
                    break;
                }
                if (m_plan.IsFixed(i) || q[i] == 0 || m_slope[i] == 0 ||
                    std::find(path.begin(), path.end(), i) == path.end())
                {
                    continue;
                }
                double cut = std::floor(-m_plan.GetBudget(f) / m_slope[i]) + 1;
                uint32_t lowered = cut < q[i] - m_qMin[i] ? q[i] - uint32_t(cut) : 0;
                NS_LOG_LOGIC("recovery of flow " << f << ": module " << i << " " << q[i] << " -> "
                                                 << lowered);
                m_plan.Set(i, lowered, -(double(q[i]) - lowered) * m_slope[i]);
            }
        }
    }

    /// Pull: turn on a buffer where the delay it adds fits every budget.
    void Pull()
    {
        for (uint32_t i = 0; i < m_modules.size(); ++i)
        {
            const auto& m = m_modules[i];
            if (m_plan.IsFixed(i) || m_plan.GetTrigger(i) > 0 || m.packetRate * 1e9 < 1 ||
                m.meanInputBatch >= m_settings.pushRatio * m_bMax)
            {
                continue;
            }
            if (m_plan.Pull(i, uint32_t(m_qMin[i]), m_qMin[i] * m_slope[i]))
            {
                NS_LOG_LOGIC("pull: module " << i << " 0 -> " << m_qMin[i]);
            }
        }
    }

    /**
     * \brief The gradient's variables: the buffered modules no earlier
     * phase has set.
     * \return false when nothing is left to move (or every flow recovers)
     */
    bool SelectFree()
    {
        m_column.assign(m_modules.size(), -1);
        for (uint32_t i = 0; i < m_modules.size(); ++i)
        {
            if (!m_plan.IsFixed(i) && m_plan.GetTrigger(i) > 0)
            {
                m_column[i] = m_free.size();
                m_free.push_back(i);
            }
        }
        bool anyFree = false;
        for (uint32_t f = 0; f < m_flows.size() && !anyFree; ++f)
        {
            anyFree = !m_plan.IsRecovering(f);
        }
        return !m_free.empty() && anyFree;
    }

    /// Active constraints, one row each, in the form a q <= c.
    void ActiveRows()
    {
        uint32_t k = m_free.size();
        const double tol = m_settings.tolerance;
        const std::vector<uint32_t>& q = m_plan.GetTriggers();
        m_tight.assign(m_flows.size(), false);
        for (uint32_t f = 0; f < m_flows.size(); ++f)
        {
            if (m_plan.IsRecovering(f) || m_flows[f].delayNs < (1 - tol) * m_flows[f].sloNs)
            {
                continue;
            }
            Eigen::RowVectorXd a = Eigen::RowVectorXd::Zero(k);
            for (uint32_t i : m_flows[f].modules)
            {
                if (m_column[i] >= 0)
                {
                    a(m_column[i]) = m_slope[i];
                }
            }
            if (a.squaredNorm() > 0)
            {
                m_tight[f] = true;
                m_rows.push_back(a);
            }
        }
        for (uint32_t j = 0; j < k; ++j)
        {
            uint32_t u = m_free[j];
            if (q[u] >= m_bMax)
            {
                m_rows.push_back(Eigen::RowVectorXd::Unit(k, j));
            }
            // A buffer holds no more time's worth of packets than the one below.
            for (uint32_t v : m_modules[u].below)
            {
                double ru = m_modules[u].packetRate;
                double rv = m_modules[v].packetRate;
                if (m_column[v] < 0 || rv <= 0 || rv > ru * (1 + tol) ||
                    q[u] < ru / rv * q[v] * (1 - tol))
                {
                    continue;
                }
                Eigen::RowVectorXd a = Eigen::RowVectorXd::Unit(k, j);
                a(m_column[v]) = -ru / rv;
                m_rows.push_back(a);
            }
        }
    }

    /**
     * \brief The projected gradient of the load sum_v x_v (T0_v + T1_v q_v),
     * x_v = R_v / q_v; a trigger at its pull level that the direction would
     * lower joins the active constraints, and the projection is redone.
     * \return false at a KKT point
     */
    bool Direction()
    {
        uint32_t k = m_free.size();
        const std::vector<uint32_t>& q = m_plan.GetTriggers();
        Eigen::VectorXd grad(k);
        for (uint32_t j = 0; j < k; ++j)
        {
            const auto& m = m_modules[m_free[j]];
            grad(j) = -m.executionRate * m.t0Ns / q[m_free[j]];
        }
        for (uint32_t pass = 0; pass <= k; ++pass)
        {
            if (!ProjectGradient(grad, m_rows, m_settings.maxIterations, m_d))
            {
                NS_LOG_LOGIC("KKT point: triggers stay");
                return false;
            }
            bool blocked = false;
            for (uint32_t j = 0; j < k; ++j)
            {
                if (m_d(j) < 0 && q[m_free[j]] <= m_qMin[m_free[j]])
                {
                    m_rows.push_back(-Eigen::RowVectorXd::Unit(k, j));
                    blocked = true;
                }
            }
            if (!blocked)
            {
                break;
            }
        }
        m_dMax = m_d.cwiseAbs().maxCoeff();
        for (uint32_t j = 0; j < k; ++j)
        {
            if (std::abs(m_d(j)) < 1e-9 * m_dMax)
            {
                m_d(j) = 0;
            }
        }
        return true;
    }

    /**
     * \brief How far along the direction: the flows' budgets (those not on
     * their constraint, which the projection keeps) up to the middle of the
     * tolerance band, the trigger bounds, the order of buffers.
     * \return the largest step
     */
    double StepBound() const
    {
        const double target = Target();
        const std::vector<uint32_t>& q = m_plan.GetTriggers();
        double lambdaMax = INF;
        for (uint32_t f = 0; f < m_flows.size(); ++f)
        {
            if ((m_plan.IsRecovering(f) && !m_settings.recoveringBoundStep) || m_tight[f] ||
                !std::isfinite(m_flows[f].sloNs))
            {
                continue;
            }
            double rise = 0;
            for (uint32_t i : m_flows[f].modules)
            {
                rise += m_column[i] >= 0 ? m_slope[i] * m_d(m_column[i]) : 0;
            }
            if (rise > 0)
            {
                lambdaMax = std::min(
                    lambdaMax,
                    std::max(0.0,
                             target * m_flows[f].sloNs - (m_flows[f].sloNs - m_plan.GetBudget(f))) /
                        rise);
            }
        }
        const double tol = m_settings.tolerance;
        for (uint32_t j = 0; j < m_free.size(); ++j)
        {
            uint32_t u = m_free[j];
            if (m_d(j) > 0)
            {
                lambdaMax = std::min(lambdaMax, (m_bMax - q[u]) / m_d(j));
            }
            else if (m_d(j) < 0)
            {
                lambdaMax = std::min(lambdaMax, std::max(0.0, (q[u] - m_qMin[u]) / -m_d(j)));
            }
            for (uint32_t v : m_modules[u].below)
            {
                double ru = m_modules[u].packetRate;
                double rv = m_modules[v].packetRate;
                if (m_column[v] < 0 || rv <= 0 || rv > ru * (1 + tol))
                {
                    continue;
                }
                // Closing in on the one below (a constraint the projection keeps
                // closes by rounding errors only).
                double closing = m_d(j) / ru - m_d(m_column[v]) / rv;
                double gap = q[v] / rv - q[u] / ru;
                if (closing > 1e-9 * (std::abs(m_d(j)) / ru + std::abs(m_d(m_column[v])) / rv) &&
                    gap >= 0)
                {
                    lambdaMax = std::min(lambdaMax, gap / closing);
                }
            }
        }
        return std::isfinite(lambdaMax) ? lambdaMax : m_bMax / m_dMax;
    }

    /**
     * \brief Rosen's line search: the load along the direction is convex
     * in the step; its minimum within [0, lambdaMax].
     * \param lambdaMax the largest step
     * \return the step
     */
    double LineSearch(double lambdaMax) const
    {
        const std::vector<uint32_t>& q = m_plan.GetTriggers();
        auto slopeAt = [&](double lambda) {
            double s = 0;
            for (uint32_t j = 0; j < m_free.size(); ++j)
            {
                const auto& m = m_modules[m_free[j]];
                double c = m.executionRate * m.t0Ns * q[m_free[j]]; // R_v T0_v
                double qj = q[m_free[j]] + lambda * m_d(j);
                s -= c * m_d(j) / (qj * qj);
            }
            return s;
        };
        if (!(slopeAt(lambdaMax) > 0))
        {
            return lambdaMax;
        }
        double lo = 0;
        double hi = lambdaMax;
        for (int i = 0; i < 60; ++i)
        {
            double mid = (lo + hi) / 2;
            (slopeAt(mid) > 0 ? hi : lo) = mid;
        }
        return lo;
    }

    /**
     * \brief Round to whole packets: every module the direction moves moves
     * by at least one, the cuts first; a rise is trimmed while it would take
     * a flow through the module past the target, counting the moves before it.
     * \param lambda the step
     */
    void Round(double lambda)
    {
        const double target = Target();
        const std::vector<uint32_t>& q = m_plan.GetTriggers();
        std::vector<uint32_t> order(m_free.size());
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
            return m_d(a) < m_d(b);
        });
        for (uint32_t j : order)
        {
            uint32_t u = m_free[j];
            double move = lambda * m_d(j);
            if (m_settings.rounding == FullBatchyController::ROUND_PLUS_ONE)
            {
                RoundPlusOne(u, move);
                continue;
            }
            long step = move > 0 ? long(std::ceil(move)) : long(std::floor(move));
            step = std::clamp<long>(step, -long(q[u]), long(m_bMax) - long(q[u]));
            auto over = [&]() {
                for (uint32_t f : m_plan.GetFlowsThrough(u))
                {
                    if (!m_plan.IsRecovering(f) &&
                        m_flows[f].sloNs - m_plan.GetBudget(f) + m_slope[u] * step >
                            target * m_flows[f].sloNs)
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
            NS_LOG_LOGIC("gradient: module " << u << " " << q[u] << " -> " << q[u] + step);
            m_plan.Set(u, q[u] + step, m_slope[u] * step, false);
        }
    }

  private:
    /**
     * \brief The authors' rounding of one module's move: truncated, plus
     * one packet, one packet back if this move alone takes a flow's measured
     * delay past 1 - Tolerance of its SLO; then kept within [0, B].
     * \param u the module
     * \param move its move along the direction (packets)
     */
    void RoundPlusOne(uint32_t u, double move)
    {
        uint32_t q = m_plan.GetTrigger(u);
        long step = long(std::trunc(move)) + 1;
        for (uint32_t f : m_plan.GetFlowsThrough(u))
        {
            if (!m_plan.IsRecovering(f) && m_flows[f].delayNs + m_slope[u] * step >
                                               (1 - m_settings.tolerance) * m_flows[f].sloNs)
            {
                --step;
                break;
            }
        }
        step = std::clamp<long>(step, -long(q), long(m_bMax) - long(q));
        NS_LOG_LOGIC("gradient: module " << u << " " << q << " -> " << q + step);
        m_plan.Set(u, q + step, m_slope[u] * step, false);
    }

    static constexpr double INF = std::numeric_limits<double>::infinity(); //!< no bound

    /// \return the share of its SLO a flow's delay is steered to
    double Target() const
    {
        return 1 - m_settings.tolerance / 2;
    }

    /**
     * \param modules the modules
     * \return their triggers
     */
    static std::vector<uint32_t> Triggers(const std::vector<ModuleState>& modules)
    {
        std::vector<uint32_t> q;
        for (const auto& m : modules)
        {
            q.push_back(m.trigger);
        }
        return q;
    }

    /**
     * \param flows the flows
     * \return the modules on each one's path
     */
    static std::vector<std::vector<uint32_t>> FlowModules(const std::vector<FlowState>& flows)
    {
        std::vector<std::vector<uint32_t>> paths;
        for (const auto& f : flows)
        {
            paths.push_back(f.modules);
        }
        return paths;
    }

    /**
     * \param flows the flows
     * \return their budgets: SLO minus the period's p95 (ns)
     */
    static std::vector<double> Budgets(const std::vector<FlowState>& flows)
    {
        std::vector<double> budgets;
        for (const auto& f : flows)
        {
            budgets.push_back(f.sloNs - f.delayNs);
        }
        return budgets;
    }

    const std::vector<ModuleState>& m_modules; //!< the modules
    const std::vector<FlowState>& m_flows;     //!< the flows
    const Settings& m_settings;                //!< the parameters
    const double m_bMax;                       //!< B
    TriggerBudget m_plan;                      //!< triggers and budgets, phase by phase
    std::vector<double> m_qMin;                //!< pull level of each module
    std::vector<double> m_slope;               //!< delay per trigger unit (ns)
    std::vector<uint32_t> m_free;              //!< the gradient's modules
    std::vector<int> m_column;                 //!< module -> its column, or -1
    std::vector<bool> m_tight;                 //!< a flow on its constraint
    std::vector<Eigen::RowVectorXd> m_rows;    //!< the active constraints
    Eigen::VectorXd m_d;                       //!< the direction
    double m_dMax{0};                          //!< its largest component
};

} // namespace

std::vector<uint32_t>
FullBatchyController::Plan(const std::vector<ModuleState>& modules,
                           const std::vector<FlowState>& flows,
                           const Settings& settings)
{
    FullStep step(modules, flows, settings);
    step.Push();
    step.Recover();
    step.Pull();
    if (step.SelectFree())
    {
        step.ActiveRows();
        if (step.Direction())
        {
            step.Round(step.LineSearch(step.StepBound()));
        }
    }
    return step.GetTriggers();
}

void
FullBatchyController::DoStart()
{
    Ptr<BatchyWorker> w = GetWorker();
    const DataFlowGraph& g = w->GetGraph();
    m_controlled.clear();
    m_position.assign(g.GetNModules(), DataFlowGraph::NO_MODULE);
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
            if (m_position[v] != DataFlowGraph::NO_MODULE)
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
    settings.rounding = m_rounding;
    settings.recoveringBoundStep = m_recoveringBoundStep;
    std::vector<uint32_t> q = Plan(modules, flows, settings);
    for (uint32_t i = 0; i < m_controlled.size(); ++i)
    {
        w->SetTrigger(m_controlled[i], q[i]);
    }
}

} // namespace rsched
} // namespace ns3
