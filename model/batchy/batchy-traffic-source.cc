/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-traffic-source.h"

#include "../requests/peekable-scheduler.h"
#include "../requests/request-scheduling-compat.h"
#include "../requests/seconds-to-time.h"
#include "batchy-header.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(BatchyTrafficSource);

TypeId
BatchyTrafficSource::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BatchyTrafficSource")
            .SetParent<Application>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<BatchyTrafficSource>()
            .AddAttribute("DeviceIndex",
                          "Index of the node's device to send on",
                          UintegerValue(0),
                          MakeUintegerAccessor(&BatchyTrafficSource::m_deviceIndex),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("PacketSize",
                          "Bytes per packet, header included",
                          UintegerValue(64),
                          MakeUintegerAccessor(&BatchyTrafficSource::m_packetSize),
                          MakeUintegerChecker<uint32_t>(BatchyHeader::SERIALIZED_SIZE, 9000))
            .AddAttribute("Burstiness",
                          "Mean number of consecutive packets of one flow (>= 1)",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&BatchyTrafficSource::m_burstiness),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("Arrival",
                          "Arrival process: Poisson, or Paced (even gaps, flows in an evenly "
                          "spread order, as the authors' rate-limited sources)",
                          EnumValue(POISSON),
                          RS_MAKE_ENUM_ACCESSOR(BatchyTrafficSource::Arrival,
                                                &BatchyTrafficSource::m_arrival),
                          MakeEnumChecker(POISSON, "Poisson", PACED, "Paced"))
            .AddAttribute("SendBatch",
                          "Packets sent back to back at each arrival instant, the gaps "
                          "between instants scaled so that the rate holds (a BESS Source's "
                          "burst; 1: one packet at a time)",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BatchyTrafficSource::m_sendBatch),
                          MakeUintegerChecker<uint32_t>(1, 4096));
    return tid;
}

BatchyTrafficSource::BatchyTrafficSource()
    : m_gap(CreateObject<ExponentialRandomVariable>()),
      m_draw(CreateObject<UniformRandomVariable>())
{
}

BatchyTrafficSource::~BatchyTrafficSource() = default;

void
BatchyTrafficSource::DoDispose()
{
    m_next.Cancel();
    m_device = nullptr;
    m_direct = DirectSink();
    m_pending.clear();
    Application::DoDispose();
}

void
BatchyTrafficSource::SetFlowRates(const std::vector<double>& rates)
{
    m_cumulative.clear();
    m_totalRate = 0;
    for (double r : rates)
    {
        NS_ABORT_MSG_IF(!(r >= 0) || !std::isfinite(r), "BatchyTrafficSource: rate " << r);
        m_totalRate += r;
        m_cumulative.push_back(m_totalRate);
    }
    NS_ABORT_MSG_IF(m_totalRate <= 0, "BatchyTrafficSource: no flow has a rate");
    // A guide table (Chen and Asau): slice j of [0, total) starts its
    // search at the first flow whose cumulative rate exceeds the start of
    // slice j - 1, a slice early so that rounding in x * slices / total
    // can never start it past the answer. A flow draw then scans one or
    // two entries instead of a binary search, whose branches a random x
    // mispredicts (it was 5 % of a saturated run).
    m_guide.resize(4 * m_cumulative.size());
    for (size_t j = 0; j < m_guide.size(); ++j)
    {
        double start = j == 0 ? 0 : m_totalRate * (j - 1) / m_guide.size();
        m_guide[j] = std::upper_bound(m_cumulative.begin(), m_cumulative.end(), start) -
                     m_cumulative.begin();
        m_guide[j] = std::min<uint32_t>(m_guide[j], m_cumulative.size() - 1);
    }
    m_guideScale = m_guide.size() / m_totalRate;
}

uint32_t
BatchyTrafficSource::FlowAt(double x) const
{
    // The first flow whose cumulative rate exceeds x (the last for x at or
    // above the total), as std::upper_bound finds it.
    auto j = static_cast<size_t>(std::max(0.0, x * m_guideScale));
    uint32_t flow = m_guide[std::min(j, m_guide.size() - 1)];
    while (flow + 1 < m_cumulative.size() && m_cumulative[flow] <= x)
    {
        ++flow;
    }
    return flow;
}

void
BatchyTrafficSource::SetDirectSink(DirectSink sink)
{
    m_direct = sink;
}

void
BatchyTrafficSource::SetPaused(bool paused)
{
    if (paused == m_paused)
    {
        return;
    }
    m_paused = paused;
    if (paused)
    {
        ++m_pauses;
        m_next.Cancel();
    }
    else if (m_running)
    {
        // Poisson gaps are memoryless: the next packet one gap from now.
        m_next = m_sendEvent.Schedule(NextGap());
    }
}

uint64_t
BatchyTrafficSource::GetPauses() const
{
    return m_pauses;
}

uint64_t
BatchyTrafficSource::GetSent() const
{
    return m_sent;
}

int64_t
BatchyTrafficSource::AssignStreams(int64_t stream)
{
    m_gap->SetStream(stream);
    m_draw->SetStream(stream + 1);
    return 2;
}

void
BatchyTrafficSource::StartApplication()
{
    NS_ABORT_MSG_IF(m_cumulative.empty(), "BatchyTrafficSource: SetFlowRates first");
    if (m_direct.IsNull())
    {
        m_device = GetNode()->GetDevice(m_deviceIndex);
    }
    NS_ABORT_MSG_IF(m_arrival == PACED && m_burstiness != std::floor(m_burstiness),
                    "BatchyTrafficSource: paced bursts need a whole Burstiness, not "
                        << m_burstiness);
    if (m_arrival == PACED)
    {
        // A random start of the flows' sequence, and of the packets (below).
        m_phase = m_draw->GetValue(0, 1);
    }
    m_sendEvent = {this, &BatchyTrafficSource::Send, m_sendBatch};
    m_running = true;
    if (m_paused)
    {
        return; // SetPaused(false) starts it
    }
    Time first = m_arrival == PACED
                     ? SecondsToTime(m_draw->GetValue(0, 1) * m_sendBatch / m_totalRate)
                     : NextGap();
    m_next = m_sendEvent.Schedule(first);
}

Time
BatchyTrafficSource::NextGap()
{
    if (m_arrival == POISSON)
    {
        return SecondsToTime(m_gap->GetValue(m_sendBatch / m_totalRate, 0));
    }
    // Whole time steps, carrying the remainder, so that the mean rate is exact.
    m_pacedCarry += StepsPerSecond() * m_sendBatch / m_totalRate;
    int64_t steps = std::llround(m_pacedCarry);
    m_pacedCarry -= steps;
    return TimeStep(steps);
}

void
BatchyTrafficSource::StopApplication()
{
    m_running = false;
    m_next.Cancel();
}

void
BatchyTrafficSource::Send(uint32_t packets)
{
    if (m_direct.IsNull())
    {
        for (uint32_t i = 0; i < packets; ++i)
        {
            SendPacket(NextFlow());
        }
        m_next = m_sendEvent.Schedule(NextGap());
        return;
    }
    // Queue level. The gap is drawn even if a delivery below pauses the
    // source, as a packet's arrival after this event would cancel the next
    // instant.
    m_next = m_sendEvent.Schedule(NextGap());
    // A packet on an infinitely fast link arrives in an event of its own,
    // after those due now (the next instant's too, if it is now): with
    // none due, the end of this event is that moment. The instant's
    // packets arrive together, as a BESS Source pushes its burst, each
    // flow drawn as it goes (a delivery draws nothing of the source's).
    PeekableScheduler* scheduler = PeekableScheduler::GetCurrent();
    bool atOnce = scheduler && !scheduler->IsDue(PeekableScheduler::Now());
    for (uint32_t i = 0; i < packets; ++i)
    {
        uint32_t flow = NextFlow();
        if (atOnce)
        {
            m_direct(flow, m_sent++);
        }
        else
        {
            m_pending.emplace_back(flow, m_sent++);
        }
    }
    if (!atOnce)
    {
        Simulator::ScheduleNow(&BatchyTrafficSource::DeliverFront, this, packets);
    }
}

void
BatchyTrafficSource::DeliverFront(uint32_t count)
{
    for (uint32_t i = 0; i < count; ++i)
    {
        auto [flow, sequence] = m_pending.front();
        m_pending.pop_front();
        m_direct(flow, sequence);
    }
}

uint32_t
BatchyTrafficSource::NextFlow()
{
    if (m_left == 0)
    {
        // A new burst: its flow by rate; its length geometric (mean
        // Burstiness) or, paced, Burstiness (a whole number).
        double x;
        if (m_arrival == PACED)
        {
            const double invPhi = 0.6180339887498949;
            m_phase += invPhi;
            m_phase -= std::floor(m_phase);
            x = m_phase * m_totalRate;
        }
        else
        {
            x = m_draw->GetValue(0, m_totalRate);
        }
        m_flow = FlowAt(x);
        if (m_arrival == PACED)
        {
            m_left = static_cast<uint32_t>(m_burstiness);
        }
        else
        {
            m_left = 1;
            if (m_burstiness > 1)
            {
                double p = 1.0 / m_burstiness;
                double u = m_draw->GetValue(0, 1);
                m_left += static_cast<uint32_t>(std::floor(std::log1p(-u) / std::log1p(-p)));
            }
        }
    }
    --m_left;
    return m_flow;
}

void
BatchyTrafficSource::SendPacket(uint32_t flow)
{
    BatchyHeader h;
    h.SetFlow(flow);
    h.SetSequence(m_sent);
    h.SetSendTime(Simulator::Now());
    Ptr<Packet> p = Create<Packet>(m_packetSize - BatchyHeader::SERIALIZED_SIZE);
    p->AddHeader(h);
    m_device->Send(p, m_device->GetBroadcast(), BatchyHeader::PROTOCOL);
    ++m_sent;
}

} // namespace rsched
} // namespace ns3
