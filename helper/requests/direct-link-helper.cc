/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "direct-link-helper.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/data-rate.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/nstime.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/random-delay-channel.h"
#include "ns3/request-client.h"

#include <algorithm>

namespace ns3
{
namespace rsched
{

void
DirectLinkHelper::Install(const NetDeviceContainer& devices)
{
    for (auto it = devices.Begin(); it != devices.End(); ++it)
    {
        Ptr<PointToPointNetDevice> device = DynamicCast<PointToPointNetDevice>(*it);
        NS_ABORT_MSG_IF(!device || !device->GetChannel() ||
                            device->GetChannel()->GetNDevices() != 2,
                        "DirectLinkHelper: only connected point-to-point devices");
        NS_ABORT_MSG_IF(m_byDevice.count(device), "DirectLinkHelper: a device given twice");
        DataRateValue rate;
        device->GetAttribute("DataRate", rate);
        TimeValue gap;
        device->GetAttribute("InterframeGap", gap);
        NS_ABORT_MSG_IF(!gap.Get().IsZero(), "DirectLinkHelper: devices with an InterframeGap");
        Ptr<Channel> channel = device->GetChannel();
        TimeValue delay;
        channel->GetAttribute("Delay", delay);
        Ptr<DirectLink> link = CreateObject<DirectLink>();
        link->SetAttribute("DataRate", rate);
        link->SetAttribute("Delay", delay);
        if (channel->GetInstanceTypeId() == RandomDelayChannel::GetTypeId())
        {
            // The same variable, in both directions: the draws follow each
            // other in the packet level's order.
            PointerValue variable;
            channel->GetAttribute("DelayVariable", variable);
            link->SetAttribute("DelayVariable", variable);
        }
        m_links.push_back(link);
        m_devices.push_back(device);
        m_byDevice[device] = link;
    }
}

Ptr<DirectLink>
DirectLinkHelper::Get(Ptr<NetDevice> device) const
{
    auto it = m_byDevice.find(device);
    return it == m_byDevice.end() ? nullptr : it->second;
}

Ptr<DirectLink>
DirectLinkHelper::GetRoute(Ptr<Node> node, Ipv4Address destination) const
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    NS_ABORT_MSG_IF(!ipv4 || !ipv4->GetRoutingProtocol(),
                    "DirectLinkHelper::GetRoute: node " << node->GetId() << " has no IP routing");
    Ipv4Header header;
    header.SetDestination(destination);
    Socket::SocketErrno error;
    Ptr<Ipv4Route> route = ipv4->GetRoutingProtocol()->RouteOutput(nullptr, header, nullptr, error);
    return route ? Get(route->GetOutputDevice()) : nullptr;
}

void
DirectLinkHelper::SetReceiver(Ptr<Node> node,
                              DirectLink::Receiver receiver,
                              DirectLink::Receiver ahead)
{
    for (uint32_t i = 0; i < m_links.size(); ++i)
    {
        Ptr<Channel> channel = m_devices[i]->GetChannel();
        Ptr<NetDevice> peer = channel->GetDevice(channel->GetDevice(0) == m_devices[i] ? 1 : 0);
        if (peer->GetNode() == node)
        {
            m_links[i]->SetReceiver(receiver, ahead);
        }
    }
}

std::vector<Ptr<DirectLink>>
DirectLinkHelper::GetLinks() const
{
    return m_links;
}

std::vector<Ipv4Address>
DirectLinkHelper::ConnectClients(const NodeContainer& hosts,
                                 const ApplicationContainer& clients,
                                 Ipv4Address service)
{
    std::vector<Ipv4Address> addresses;
    for (auto n = hosts.Begin(); n != hosts.End(); ++n)
    {
        addresses.push_back((*n)->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal());
        SetReceiver(*n,
                    MakeCallback(&RequestClient::ReceiveDirect),
                    MakeCallback(&RequestClient::PrefetchDirect));
    }
    for (auto a = clients.Begin(); a != clients.End(); ++a)
    {
        Ptr<DirectLink> uplink = GetRoute((*a)->GetNode(), service);
        NS_ABORT_MSG_IF(!uplink, "DirectLinkHelper: a client node without a route to " << service);
        DynamicCast<RequestClient>(*a)->SetDirectUplink(uplink);
    }
    return addresses;
}

uint32_t
DirectLinkHelper::GetPeakBacklog(const std::vector<Ptr<DirectLink>>& links)
{
    uint32_t peak = 0;
    for (const auto& link : links)
    {
        peak = std::max(peak, link->GetPeakBacklog());
    }
    return peak;
}

} // namespace rsched
} // namespace ns3
