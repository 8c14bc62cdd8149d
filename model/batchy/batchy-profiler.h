/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_PROFILER_H
#define BATCHY_PROFILER_H

#include "data-flow-graph.h"

#include <cstdint>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief Batchy's module profiler (the authors' profiler/ in hsnlab/batchy,
 * on BESS): run a module alone on batches of every size from 1 to B, time
 * each execution, and fit the batch cost T0 + T1 b by least squares.
 *
 * Here the module runs on a BatchyWorker of its own in a separate
 * simulation (Simulator::Run and Destroy: call it before building a
 * scenario); its fractional buffer, set to the batch size, makes every
 * execution exactly that size. With the worker's CostJitter the timings
 * vary as on a real CPU and R^2 drops below 1.
 */
class BatchyProfiler
{
  public:
    /// A fitted cost line.
    struct Fit
    {
        double t0Ns{0};      //!< per-batch cost (intercept, ns)
        double t1Ns{0};      //!< per-packet cost (slope, ns)
        double r2{0};        //!< coefficient of determination
        uint32_t samples{0}; //!< executions timed
    };

    /**
     * \brief Profile one module.
     * \param module the module (its costs drive the simulated CPU)
     * \param maxBatch largest batch (B)
     * \param repetitions executions timed per batch size
     * \param costJitter the worker's CostJitter
     * \param stream random stream of the jitter
     * \return the fit
     */
    static Fit Profile(const DataFlowGraph::Module& module,
                       uint32_t maxBatch,
                       uint32_t repetitions,
                       double costJitter,
                       int64_t stream);
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_PROFILER_H
