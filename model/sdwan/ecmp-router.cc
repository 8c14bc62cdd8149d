/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ecmp-router.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("EcmpRouter");

NS_OBJECT_ENSURE_REGISTERED(EcmpRouter);
NS_OBJECT_ENSURE_REGISTERED(PacketSprayRouter);

TypeId
EcmpRouter::GetTypeId()
{
    static TypeId tid = TypeId("ns3::EcmpRouter")
                            .SetParent<TunnelRouter>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<EcmpRouter>()
                            .AddAttribute("HashSeed",
                                          "Salt of the 5-tuple hash.",
                                          UintegerValue(0),
                                          MakeUintegerAccessor(&EcmpRouter::m_seed),
                                          MakeUintegerChecker<uint32_t>());
    return tid;
}

EcmpRouter::EcmpRouter() = default;

EcmpRouter::~EcmpRouter() = default;

uint32_t
EcmpRouter::SelectTunnel(Ptr<const Packet> /* p */,
                         const FlowKey& key,
                         FlowKey::Status /* status */,
                         Ipv4Header& /* header */)
{
    FlowKey salted = key;
    salted.source ^= m_seed;
    return FlowKey::Hash()(salted) % GetTunnelCount();
}

TypeId
PacketSprayRouter::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PacketSprayRouter")
                            .SetParent<TunnelRouter>()
                            .SetGroupName("RequestScheduling")
                            .AddConstructor<PacketSprayRouter>();
    return tid;
}

PacketSprayRouter::PacketSprayRouter() = default;

PacketSprayRouter::~PacketSprayRouter() = default;

uint32_t
PacketSprayRouter::SelectTunnel(Ptr<const Packet> /* p */,
                                const FlowKey& /* key */,
                                FlowKey::Status /* status */,
                                Ipv4Header& /* header */)
{
    uint32_t tunnel = m_next;
    m_next = (m_next + 1) % GetTunnelCount();
    return tunnel;
}

} // namespace rsched
} // namespace ns3
