/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-profiler.h"

#include "batchy-worker.h"

#include "ns3/double.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <vector>

namespace ns3
{
namespace rsched
{

BatchyProfiler::Fit
BatchyProfiler::Profile(const DataFlowGraph::Module& module,
                        uint32_t maxBatch,
                        uint32_t repetitions,
                        double costJitter,
                        int64_t stream)
{
    DataFlowGraph g;
    uint32_t v =
        g.AddModule(module.name.empty() ? "module" : module.name, module.t0Ns, module.t1Ns);
    g.AddFlow("profile", {v}, 1, Time(0));
    auto w = CreateObject<BatchyWorker>();
    w->SetAttribute("MaxBatch", UintegerValue(maxBatch));
    w->SetAttribute("BufferCapacity", UintegerValue(maxBatch));
    w->SetAttribute("QueueCapacity", UintegerValue(maxBatch));
    w->SetAttribute("CostJitter", DoubleValue(costJitter));
    // The module's own costs: its buffer (which cuts the batches) is free here.
    w->SetAttribute("BufferT0", DoubleValue(0));
    w->SetAttribute("BufferT1", DoubleValue(0));
    w->AssignStreams(stream);
    w->SetGraph(g);
    // Each execution is timed through the Run trace: a run that executes
    // the module lasts exactly that execution (one module, one packet in).
    std::vector<std::pair<double, double>> samples; // batch, ns
    uint32_t batch = 0;
    w->TraceConnectWithoutContext("Run",
                                  MakeCallback(+[](std::vector<std::pair<double, double>>* s,
                                                   uint32_t* b,
                                                   uint32_t /* taken */,
                                                   Time busy) {
                                      if (busy.IsStrictlyPositive())
                                      {
                                          s->emplace_back(*b, busy.GetDouble());
                                      }
                                  }).Bind(&samples, &batch));
    // Packets 1 us apart: the worker is idle at each arrival.
    Time at;
    for (uint32_t b = 1; b <= maxBatch; ++b)
    {
        for (uint32_t r = 0; r < repetitions; ++r)
        {
            Simulator::Schedule(at, [w, b, &batch]() {
                batch = b;
                w->SetTrigger(0, b);
            });
            for (uint32_t i = 0; i < b; ++i)
            {
                at += MicroSeconds(1);
                Simulator::Schedule(at, &BatchyWorker::Receive, w, nullptr, 0, 0);
            }
            at += MicroSeconds(1);
        }
    }
    Simulator::Run();
    Simulator::Destroy();
    // Least squares: cost = T0 + T1 b.
    Fit fit;
    fit.samples = samples.size();
    double n = samples.size();
    double sx = 0;
    double sy = 0;
    for (const auto& [x, y] : samples)
    {
        sx += x;
        sy += y;
    }
    double mx = sx / n;
    double my = sy / n;
    double sxx = 0;
    double sxy = 0;
    double syy = 0;
    for (const auto& [x, y] : samples)
    {
        sxx += (x - mx) * (x - mx);
        sxy += (x - mx) * (y - my);
        syy += (y - my) * (y - my);
    }
    fit.t1Ns = sxx > 0 ? sxy / sxx : 0;
    fit.t0Ns = my - fit.t1Ns * mx;
    double residual = 0;
    for (const auto& [x, y] : samples)
    {
        double e = y - fit.t0Ns - fit.t1Ns * x;
        residual += e * e;
    }
    fit.r2 = syy > 0 ? 1 - residual / syy : 1;
    return fit;
}

} // namespace rsched
} // namespace ns3
