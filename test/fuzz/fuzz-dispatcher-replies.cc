/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: the dispatchers as their hosts drive them, with arbitrary
 * load reports (the QueueLength, Outstanding and OutstandingWork fields a
 * server piggy-backs on its replies, anything a well-formed header can
 * carry: up to 2^32 - 1 requests and 2^63 - 1 ns of work), failures and
 * recoveries the control plane signals (SetAvailable), new compute vectors
 * (the orchestrator's signalling), decisions with placement constraints
 * and the releases of the dispatchers that hold requests.
 *
 * Every dispatcher of the module is driven by the same input: random,
 * round robin, power-of-2 on each reported load and on proactive
 * tracking, RackSched's lowest-load register, JBSQ(2), CArDS weighted
 * round robin and STEAM. Input: a byte for the number of entries (1-8),
 * a byte per entry for its compute units (1-4), then operations, each an
 * opcode byte and its operands (missing bytes read as 0):
 * - 0, choose: Choose() without constraints;
 * - 1 M, choose among: the entries of bit mask M (entry M % N if none);
 * - 2 T Q Q Q Q O O O O W W W W W W W W, reply: a reply from entry T % N
 *   carrying queue length Q, outstanding O and work W (its top bit
 *   cleared), reported to the dispatchers that want replies, whether or
 *   not a request is outstanding there (a reply to a request sent before
 *   the entry failed arrives after the recovery reset its count);
 * - 3 T, down / 4 T, up: SetAvailable(T % N, false / true);
 * - 5 W, release: Release() with 1 + W requests waiting, repeated while it
 *   sends (the host sends each, Dispatched());
 * - 6 N U..., new compute vector: as the input's first bytes.
 *
 * Checked besides the absence of crashes, aborts and sanitizer reports
 * (UBSan flags signed overflow of loads built from reported work): every
 * choice is an entry, among the candidates when constrained; no
 * unavailable entry is chosen or released to while an allowed one is
 * available; a release sends between 1 and the waiting requests;
 * decisions add up to the requests dispatched.
 */

#include "fuzz-check.h"

#include "ns3/cards-dispatcher.h"
#include "ns3/compute-vector.h"
#include "ns3/enum.h"
#include "ns3/ipv4-header.h"
#include "ns3/jbsq-dispatcher.h"
#include "ns3/lowest-load-dispatcher.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/power-of-k-dispatcher.h"
#include "ns3/proactive-load-tracker.h"
#include "ns3/random-dispatcher.h"
#include "ns3/reported-load-tracker.h"
#include "ns3/round-robin-dispatcher.h"
#include "ns3/service-request-header.h"
#include "ns3/steam-dispatcher.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <numeric>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// Reads the input, with zeros past its end.
struct Input
{
    const uint8_t* data; //!< the bytes
    size_t size;         //!< their number
    size_t at{0};        //!< the next one

    /// \return true while bytes are left
    bool More() const
    {
        return at < size;
    }

    /// \return the next byte (0 past the end)
    uint8_t Byte()
    {
        return at < size ? data[at++] : 0;
    }

    /// \param bytes how many \return the next bytes as a big-endian number
    uint64_t Number(uint32_t bytes)
    {
        uint64_t v = 0;
        for (uint32_t i = 0; i < bytes; ++i)
        {
            v = (v << 8) | Byte();
        }
        return v;
    }
};

/// \param in the input \return a compute vector of 1-8 entries read from it
ComputeVector
ReadVector(Input& in)
{
    uint32_t n = 1 + in.Byte() % 8;
    ComputeVector v;
    for (uint32_t i = 0; i < n; ++i)
    {
        ComputeTarget t;
        t.address = Ipv4Address(0x0a000001 + i);
        t.computeUnits = 1 + in.Byte() % 4;
        v.Add(t);
    }
    return v;
}

/// \return every dispatcher of the module, freshly made
std::vector<Ptr<Dispatcher>>
MakeDispatchers()
{
    std::vector<Ptr<Dispatcher>> d;
    d.push_back(CreateObject<RandomDispatcher>());
    d.push_back(CreateObject<RoundRobinDispatcher>());
    for (auto report : {ReportedLoadTracker::QUEUE_LENGTH,
                        ReportedLoadTracker::OUTSTANDING,
                        ReportedLoadTracker::OUTSTANDING_WORK})
    {
        auto tracker = CreateObject<ReportedLoadTracker>();
        tracker->SetAttribute("Report", EnumValue(report));
        auto k = CreateObject<PowerOfKDispatcher>();
        k->SetLoadTracker(tracker);
        d.push_back(k);
    }
    auto proactive = CreateObject<PowerOfKDispatcher>();
    proactive->SetLoadTracker(CreateObject<ProactiveLoadTracker>());
    d.push_back(proactive);
    d.push_back(CreateObject<LowestLoadDispatcher>());
    auto jbsq = CreateObject<JbsqDispatcher>();
    jbsq->SetAttribute("Bound", UintegerValue(2));
    d.push_back(jbsq);
    d.push_back(CreateObject<CardsDispatcher>());
    d.push_back(CreateObject<SteamDispatcher>());
    int64_t stream = 1;
    for (auto& x : d)
    {
        stream += x->AssignStreams(stream);
    }
    return d;
}

/**
 * \param d a dispatcher
 * \param allowed the entries the host allows
 * \param target the entry it picked
 * \return true unless it picked a down entry while an allowed one is up
 */
bool
AvoidsDown(Ptr<Dispatcher> d, const std::vector<uint32_t>& allowed, uint32_t target)
{
    return d->IsAvailable(target) || std::none_of(allowed.begin(), allowed.end(), [&d](uint32_t e) {
               return d->IsAvailable(e);
           });
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    Input in{data, size};
    ComputeVector vector = ReadVector(in);
    std::vector<Ptr<Dispatcher>> dispatchers = MakeDispatchers();
    std::vector<uint64_t> dispatched(dispatchers.size(), 0);
    for (auto& d : dispatchers)
    {
        d->SetComputeVector(vector);
    }
    ServiceRequestHeader request;
    Ipv4Header ip;
    std::vector<uint32_t> all;
    std::vector<uint32_t> candidates;
    for (uint32_t ops = 0; in.More() && ops < 4096; ++ops)
    {
        uint32_t n = vector.GetN();
        all.resize(n);
        std::iota(all.begin(), all.end(), 0);
        uint8_t op = in.Byte() % 7;
        if (op == 0 || op == 1)
        {
            uint8_t mask = op == 1 ? in.Byte() : 0xff;
            candidates.clear();
            for (uint32_t e = 0; e < n; ++e)
            {
                if (mask & (1u << e))
                {
                    candidates.push_back(e);
                }
            }
            if (candidates.empty())
            {
                candidates.push_back(mask % n);
            }
            for (size_t i = 0; i < dispatchers.size(); ++i)
            {
                Ptr<Dispatcher> d = dispatchers[i];
                if (d->HoldsRequests() || (op == 1 && !d->SupportsCandidates()))
                {
                    continue;
                }
                uint32_t target =
                    op == 0 ? d->Choose(request, ip) : d->Choose(request, ip, candidates);
                ++dispatched[i];
                std::string name = d->GetInstanceTypeId().GetName();
                FUZZ_CHECK(target < n, name << " chose entry " << target << " of " << n);
                const auto& allowed = op == 0 ? all : candidates;
                FUZZ_CHECK(std::find(allowed.begin(), allowed.end(), target) != allowed.end(),
                           name << " chose " << target << ", not a candidate");
                FUZZ_CHECK(AvoidsDown(d, allowed, target), name << " chose down entry " << target);
            }
        }
        else if (op == 2)
        {
            uint32_t target = in.Byte() % n;
            ServiceRequestHeader reply;
            reply.SetMessageType(ServiceRequestHeader::REPLY);
            reply.SetQueueLength(static_cast<uint32_t>(in.Number(4)));
            reply.SetOutstanding(static_cast<uint32_t>(in.Number(4)));
            reply.SetOutstandingWork(
                NanoSeconds(static_cast<int64_t>(in.Number(8) & 0x7fffffffffffffffULL)));
            for (auto& d : dispatchers)
            {
                if (d->WantsReplies())
                {
                    d->NotifyReply(target, reply);
                }
            }
        }
        else if (op == 3 || op == 4)
        {
            uint32_t target = in.Byte() % n;
            for (auto& d : dispatchers)
            {
                d->SetAvailable(target, op == 4);
                FUZZ_CHECK(d->IsAvailable(target) == (op == 4), "SetAvailable not in force");
            }
        }
        else if (op == 5)
        {
            uint32_t waiting = 1 + in.Byte();
            for (size_t i = 0; i < dispatchers.size(); ++i)
            {
                Ptr<Dispatcher> d = dispatchers[i];
                if (!d->HoldsRequests())
                {
                    continue;
                }
                std::string name = d->GetInstanceTypeId().GetName();
                Dispatcher::ReleaseOrder order;
                uint32_t left = waiting;
                while (left > 0 && d->Release(left, order))
                {
                    FUZZ_CHECK(order.target < n, name << " released to entry " << order.target);
                    FUZZ_CHECK(order.count >= 1 && order.count <= left,
                               name << " released " << order.count << " of " << left);
                    FUZZ_CHECK(AvoidsDown(d, all, order.target),
                               name << " released to down entry " << order.target);
                    for (uint32_t r = 0; r < order.count; ++r)
                    {
                        d->Dispatched(request, ip, order.target);
                    }
                    dispatched[i] += order.count;
                    left -= order.count;
                }
            }
        }
        else
        {
            vector = ReadVector(in);
            for (auto& d : dispatchers)
            {
                d->SetComputeVector(vector);
            }
            std::fill(dispatched.begin(), dispatched.end(), 0);
        }
    }
    for (size_t i = 0; i < dispatchers.size(); ++i)
    {
        const auto& decisions = dispatchers[i]->GetDecisions();
        FUZZ_CHECK(std::accumulate(decisions.begin(), decisions.end(), uint64_t{0}) ==
                       dispatched[i],
                   dispatchers[i]->GetInstanceTypeId().GetName() << ": decisions not counted");
    }
    return 0;
}
