/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "random-delay-channel.h"

#include "seconds-to-time.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"

#include <cmath>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("RandomDelayChannel");

NS_OBJECT_ENSURE_REGISTERED(RandomDelayChannel);

TypeId
RandomDelayChannel::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RandomDelayChannel")
            .SetParent<PointToPointChannel>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<RandomDelayChannel>()
            .AddAttribute("DelayVariable",
                          "Random part of the propagation delay, drawn per packet, in seconds",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&RandomDelayChannel::m_delayVariable),
                          MakePointerChecker<RandomVariableStream>())
            .AddTraceSource("PacketDelay",
                            "A packet was given its propagation delay",
                            MakeTraceSourceAccessor(&RandomDelayChannel::m_delayTrace),
                            "ns3::RandomDelayChannel::PacketDelayTracedCallback");
    return tid;
}

RandomDelayChannel::RandomDelayChannel() = default;

bool
RandomDelayChannel::TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime)
{
    NS_LOG_FUNCTION(this << p << src << txTime);
    NS_ABORT_MSG_IF(GetNDevices() != 2, "RandomDelayChannel needs two attached devices");
    Ptr<PointToPointNetDevice> dst =
        GetPointToPointDevice(0) == src ? GetPointToPointDevice(1) : GetPointToPointDevice(0);
    double draw = m_delayVariable->GetValue();
    NS_ABORT_MSG_IF(!(draw >= 0) || !std::isfinite(draw),
                    "RandomDelayChannel: DelayVariable drew " << draw << " s; it must be >= 0");
    Time delay = GetDelay() + SecondsToTime(draw);
    m_delayTrace(p, delay);
    Simulator::ScheduleWithContext(dst->GetNode()->GetId(),
                                   txTime + delay,
                                   &PointToPointNetDevice::Receive,
                                   dst,
                                   p->Copy());
    return true;
}

int64_t
RandomDelayChannel::AssignStreams(int64_t stream)
{
    m_delayVariable->SetStream(stream);
    return 1;
}

} // namespace rsched
} // namespace ns3
