/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "batchy-switch.h"

#include "../requests/request-scheduling-compat.h"
#include "batchy-header.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/hash-mix.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/udp-l4-protocol.h"
#include "ns3/uinteger.h"

#include <iterator>

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(BatchySwitch);

TypeId
BatchySwitch::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BatchySwitch")
            .SetParent<Application>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<BatchySwitch>()
            .AddAttribute("Worker",
                          "The worker running the data-flow graph",
                          PointerValue(),
                          MakePointerAccessor(&BatchySwitch::m_worker),
                          MakePointerChecker<BatchyWorker>())
            .AddAttribute("Controller",
                          "The controller of the worker's buffers (null: none)",
                          PointerValue(),
                          MakePointerAccessor(&BatchySwitch::m_controller),
                          MakePointerChecker<BatchyController>())
            .AddAttribute("EgressDevice",
                          "Index of the node's device packets leave on",
                          UintegerValue(1),
                          MakeUintegerAccessor(&BatchySwitch::m_egressIndex),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Ingress",
                          "What arrives: packets with a BatchyHeader naming their flow, or "
                          "IPv4 packets, the switch a bump in the wire between device 0 and "
                          "the egress device, each packet's flow a hash of its 5-tuple",
                          EnumValue(BATCHY_HEADER),
                          RS_MAKE_ENUM_ACCESSOR(Ingress, &BatchySwitch::m_ingress),
                          MakeEnumChecker(BATCHY_HEADER, "BatchyHeader", IPV4_HASH, "Ipv4Hash"))
            .AddTraceSource("Drop",
                            "A packet was dropped at the switch; the reason is given",
                            MakeTraceSourceAccessor(&BatchySwitch::m_dropTrace),
                            "ns3::BatchyWorker::DropTracedCallback");
    return tid;
}

BatchySwitch::BatchySwitch()
    : m_egressIndex(1)
{
}

BatchySwitch::~BatchySwitch() = default;

void
BatchySwitch::DoDispose()
{
    m_worker = nullptr;
    m_controller = nullptr;
    m_egress = nullptr;
    m_direct = DirectEgress();
    for (auto& [time, group] : m_pending)
    {
        for (const Departure& d : group)
        {
            Ptr<Packet>(d.packet, false); // the reference Egress took
        }
    }
    m_pending.clear();
    m_spareGroups.clear();
    Application::DoDispose();
}

Ptr<BatchyWorker>
BatchySwitch::GetWorker() const
{
    return m_worker;
}

Ptr<BatchyController>
BatchySwitch::GetController() const
{
    return m_controller;
}

uint64_t
BatchySwitch::GetReceived() const
{
    return m_received;
}

uint64_t
BatchySwitch::GetReturned() const
{
    return m_returned;
}

uint64_t
BatchySwitch::GetForwarded() const
{
    return m_forwarded;
}

uint32_t
BatchySwitch::GetPendingEgress() const
{
    return m_pendingPackets;
}

const std::map<std::string, uint64_t>&
BatchySwitch::GetDrops() const
{
    return m_drops;
}

void
BatchySwitch::SetDeviceDown(uint32_t device, const std::string& reason)
{
    auto& [holders, why] = m_down[device];
    ++holders;
    why = reason;
}

void
BatchySwitch::SetDeviceUp(uint32_t device)
{
    auto it = m_down.find(device);
    NS_ABORT_MSG_IF(it == m_down.end(), "BatchySwitch: device " << device << " is not down");
    if (--it->second.first == 0)
    {
        m_down.erase(it);
    }
}

void
BatchySwitch::SetDirectEgress(DirectEgress egress)
{
    m_direct = egress;
}

void
BatchySwitch::Deliver(uint32_t flow, uint64_t sequence)
{
    ++m_received;
    for (const auto& [device, down] : m_down)
    {
        if (device != m_egressIndex)
        {
            Drop(nullptr, down.second);
            return;
        }
    }
    if (flow >= m_worker->GetGraph().GetNFlows())
    {
        Drop(nullptr, MALFORMED_DROP);
        return;
    }
    static const Ptr<Packet> none; // queue level: no packet (and no copy of a null one per call)
    m_worker->Receive(none, flow, sequence);
}

void
BatchySwitch::Drop(Ptr<const Packet> packet, const std::string& reason)
{
    ++m_drops[reason];
    m_dropTrace(packet, reason);
}

void
BatchySwitch::StartApplication()
{
    NS_ABORT_MSG_IF(!m_worker || m_worker->GetGraph().GetNModules() == 0,
                    "BatchySwitch: needs a Worker with a graph");
    m_worker->SetEgressCallback(MakeCallback(&BatchySwitch::Egress, this));
    Ptr<Node> node = GetNode();
    if (m_direct.IsNull())
    {
        NS_ABORT_MSG_IF(m_egressIndex >= node->GetNDevices(),
                        "BatchySwitch: no device " << m_egressIndex << " for the egress");
        m_egress = node->GetDevice(m_egressIndex);
    }
    if (m_direct.IsNull() && !m_handlerRegistered)
    {
        if (m_ingress == IPV4_HASH)
        {
            NS_ABORT_MSG_IF(node->GetNDevices() != 2 || m_egressIndex != 1,
                            "BatchySwitch: Ingress=Ipv4Hash is a bump in the wire: devices 0 "
                            "and 1, EgressDevice 1");
            node->RegisterProtocolHandler(MakeCallback(&BatchySwitch::Receive, this),
                                          Ipv4L3Protocol::PROT_NUMBER,
                                          node->GetDevice(0));
            node->RegisterProtocolHandler(MakeCallback(&BatchySwitch::Return, this),
                                          Ipv4L3Protocol::PROT_NUMBER,
                                          node->GetDevice(1));
        }
        else
        {
            for (uint32_t i = 0; i < node->GetNDevices(); ++i)
            {
                if (i != m_egressIndex)
                {
                    node->RegisterProtocolHandler(MakeCallback(&BatchySwitch::Receive, this),
                                                  BatchyHeader::PROTOCOL,
                                                  node->GetDevice(i));
                }
            }
        }
        m_handlerRegistered = true;
    }
    if (m_controller)
    {
        m_controller->Attach(m_worker);
    }
}

void
BatchySwitch::StopApplication()
{
}

void
BatchySwitch::Receive(Ptr<NetDevice> device,
                      Ptr<const Packet> packet,
                      uint16_t /* protocol */,
                      const Address& /* from */,
                      const Address& /* to */,
                      NetDevice::PacketType /* type */)
{
    ++m_received;
    if (!m_down.empty())
    {
        auto down = m_down.find(device->GetIfIndex());
        if (down != m_down.end())
        {
            Drop(packet, down->second.second);
            return;
        }
    }
    uint32_t flow = 0;
    if (m_ingress == IPV4_HASH)
    {
        if (!ClassifyIpv4(packet, m_worker->GetGraph().GetNFlows(), flow))
        {
            Drop(packet, MALFORMED_DROP);
            return;
        }
    }
    else
    {
        BatchyHeader h;
        if (packet->GetSize() < BatchyHeader::SERIALIZED_SIZE ||
            packet->PeekHeader(h) != BatchyHeader::SERIALIZED_SIZE ||
            h.GetFlow() >= m_worker->GetGraph().GetNFlows())
        {
            Drop(packet, MALFORMED_DROP);
            return;
        }
        flow = h.GetFlow();
    }
    m_worker->Receive(packet->Copy(), flow);
}

bool
BatchySwitch::ClassifyIpv4(Ptr<const Packet> packet, uint32_t flows, uint32_t& flow)
{
    Ipv4Header ip;
    if (packet->GetSize() < 20 || packet->PeekHeader(ip) == 0 || !ip.IsLastFragment() ||
        ip.GetFragmentOffset() != 0 || packet->GetSize() < ip.GetSerializedSize())
    {
        return false;
    }
    uint8_t protocol = ip.GetProtocol();
    uint32_t ports = 0;
    if (protocol == UdpL4Protocol::PROT_NUMBER || protocol == TcpL4Protocol::PROT_NUMBER)
    {
        // The source and destination ports lead both headers.
        uint8_t bytes[60 + 4];
        uint32_t end = ip.GetSerializedSize() + 4;
        if (packet->GetSize() < end)
        {
            return false;
        }
        packet->CopyData(bytes, end);
        const uint8_t* p = bytes + ip.GetSerializedSize();
        ports = uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3];
    }
    uint64_t h = HashPair(uint64_t(ip.GetSource().Get()) << 32 | ip.GetDestination().Get(),
                          uint64_t(protocol) << 32 | ports);
    flow = h % flows;
    return true;
}

void
BatchySwitch::Return(Ptr<NetDevice> /* device */,
                     Ptr<const Packet> packet,
                     uint16_t /* protocol */,
                     const Address& /* from */,
                     const Address& /* to */,
                     NetDevice::PacketType /* type */)
{
    Ptr<NetDevice> back = GetNode()->GetDevice(0);
    auto down = m_down.find(0);
    if (down == m_down.end())
    {
        down = m_down.find(m_egressIndex);
    }
    if (down != m_down.end())
    {
        Drop(packet, down->second.second);
        return;
    }
    back->Send(packet->Copy(), back->GetBroadcast(), Ipv4L3Protocol::PROT_NUMBER);
    ++m_returned;
}

void
BatchySwitch::Egress(const Ptr<Packet>& packet,
                     uint32_t flow,
                     uint64_t id,
                     Time arrival,
                     Time departure)
{
    // A run computes its departures when it starts: the packets one module
    // execution finishes share a departure time, one send event per group.
    // One core's groups come in time order; runs of other cores overlap,
    // so a group may belong before the last ones (a short walk back).
    auto at = m_pending.end();
    while (at != m_pending.begin() && std::prev(at)->first > departure)
    {
        --at;
    }
    if (at == m_pending.begin() || std::prev(at)->first != departure)
    {
        std::vector<Departure> group;
        if (!m_spareGroups.empty())
        {
            group = std::move(m_spareGroups.back());
            m_spareGroups.pop_back();
        }
        at = m_pending.emplace(at, departure, std::move(group));
        Simulator::Schedule(departure - Simulator::Now(), &BatchySwitch::SendPending, this);
    }
    else
    {
        --at;
    }
    Packet* raw = PeekPointer(packet);
    if (raw)
    {
        raw->Ref(); // given back in SendPending
    }
    at->second.push_back(Departure{raw, flow, id, arrival});
    ++m_pendingPackets;
}

void
BatchySwitch::SendPending()
{
    // Events at one time run in the order scheduled, and each group's
    // event was scheduled with it: the front group is the one due now.
    auto& group = m_pending.front().second;
    auto down = m_down.find(m_egressIndex);
    if (down == m_down.end() && !m_direct.IsNull())
    {
        // Queue level: no packets to release.
        for (const Departure& d : group)
        {
            m_direct(d.flow, d.id, d.arrival);
        }
        m_forwarded += group.size();
    }
    else
    {
        for (const Departure& d : group)
        {
            Ptr<Packet> packet(d.packet, false); // the reference Egress took
            if (down != m_down.end())
            {
                Drop(packet, down->second.second);
            }
            else if (packet)
            {
                m_egress->Send(packet,
                               m_egress->GetBroadcast(),
                               m_ingress == IPV4_HASH ? Ipv4L3Protocol::PROT_NUMBER
                                                      : BatchyHeader::PROTOCOL);
                ++m_forwarded;
            }
        }
    }
    m_pendingPackets -= group.size();
    group.clear();
    m_spareGroups.push_back(std::move(group));
    m_pending.pop_front();
}

} // namespace rsched
} // namespace ns3
