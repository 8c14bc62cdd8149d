/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "proactive-load-tracker.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ProactiveLoadTracker");

NS_OBJECT_ENSURE_REGISTERED(ProactiveLoadTracker);

TypeId
ProactiveLoadTracker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ProactiveLoadTracker")
            .SetParent<LoadTracker>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<ProactiveLoadTracker>()
            .AddAttribute("Timeout",
                          "A request unanswered for between one and two Timeouts after its send "
                          "time is taken to be lost and uncounted (0: counted for ever)",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&ProactiveLoadTracker::m_timeout),
                          MakeTimeChecker(Time(0)));
    return tid;
}

void
ProactiveLoadTracker::DoDispose()
{
    m_sweep.Cancel();
    LoadTracker::DoDispose();
}

uint64_t
ProactiveLoadTracker::GetReclaimed() const
{
    return m_reclaimed;
}

int64_t
ProactiveLoadTracker::EpochOf(Time time) const
{
    return std::max<int64_t>(time.GetTimeStep(), 0) / m_timeout.GetTimeStep();
}

void
ProactiveLoadTracker::DoDispatched(int64_t& load,
                                   std::size_t slot,
                                   const ServiceRequestHeader& request)
{
    ++load;
    if (!m_timeout.IsStrictlyPositive())
    {
        return;
    }
    if (slot >= m_epochs.size())
    {
        m_epochs.resize(m_load.size());
    }
    // A request seen later than its epoch's successor counts in the oldest live one.
    int64_t e = std::max(EpochOf(request.GetSendTime()), EpochOf(Simulator::Now()) - 1);
    Epochs& s = m_epochs[slot];
    int half = e & 1;
    if (s.epoch[half] != e)
    {
        // What is left of the epoch two before is lost (the sweep is due now).
        load -= s.count[half];
        m_reclaimed += s.count[half];
        s.epoch[half] = e;
        s.count[half] = 0;
    }
    ++s.count[half];
    if (!m_sweep.IsPending())
    {
        Time next = m_timeout * (EpochOf(Simulator::Now()) + 1);
        m_sweep = Simulator::Schedule(next - Simulator::Now(), &ProactiveLoadTracker::Sweep, this);
    }
}

void
ProactiveLoadTracker::DoReplied(int64_t& load, std::size_t slot, const ServiceRequestHeader& reply)
{
    if (!m_timeout.IsStrictlyPositive())
    {
        load -= load > 0 ? 1 : 0;
        return;
    }
    if (slot >= m_epochs.size())
    {
        return; // nothing counted here
    }
    int64_t e = EpochOf(reply.GetSendTime());
    Epochs& s = m_epochs[slot];
    int half = e & 1;
    // A request reclaimed already (or never counted) is not uncounted.
    if (s.epoch[half] == e && s.count[half] > 0)
    {
        --s.count[half];
        --load;
    }
}

void
ProactiveLoadTracker::Sweep()
{
    int64_t oldest = EpochOf(Simulator::Now()) - 1;
    bool left = false;
    for (std::size_t i = 0; i < m_epochs.size(); ++i)
    {
        Epochs& s = m_epochs[i];
        for (int half = 0; half < 2; ++half)
        {
            if (s.count[half] > 0 && s.epoch[half] < oldest)
            {
                NS_LOG_LOGIC("slot " << i << ": " << s.count[half] << " requests of epoch "
                                     << s.epoch[half] << " taken to be lost");
                m_load[i] -= s.count[half];
                m_reclaimed += s.count[half];
                s.count[half] = 0;
            }
            left = left || s.count[half] > 0;
        }
    }
    if (left)
    {
        m_sweep = Simulator::Schedule(m_timeout, &ProactiveLoadTracker::Sweep, this);
    }
}

void
ProactiveLoadTracker::DoReset()
{
    m_epochs.clear();
    m_sweep.Cancel();
}

void
ProactiveLoadTracker::DoForget(std::size_t slot)
{
    if (slot < m_epochs.size())
    {
        m_epochs[slot] = Epochs{};
    }
}

} // namespace ns3
