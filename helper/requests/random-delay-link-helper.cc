/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "random-delay-link-helper.h"

#include "ns3/abort.h"
#include "ns3/mac48-address.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue.h"
#include "ns3/random-delay-channel.h"

#include <set>

namespace ns3
{
namespace rsched
{

RandomDelayLinkHelper::RandomDelayLinkHelper()
{
    m_deviceFactory.SetTypeId("ns3::PointToPointNetDevice");
    m_channelFactory.SetTypeId("ns3::RandomDelayChannel");
    m_queueFactory.SetTypeId("ns3::DropTailQueue<Packet>");
}

void
RandomDelayLinkHelper::SetDeviceAttribute(const std::string& name, const AttributeValue& value)
{
    m_deviceFactory.Set(name, value);
}

void
RandomDelayLinkHelper::SetChannelAttribute(const std::string& name, const AttributeValue& value)
{
    m_channelFactory.Set(name, value);
}

void
RandomDelayLinkHelper::SetQueueAttribute(const std::string& name, const AttributeValue& value)
{
    m_queueFactory.Set(name, value);
}

Ptr<NetDevice>
RandomDelayLinkHelper::MakeDevice(Ptr<Node> node)
{
    Ptr<PointToPointNetDevice> dev = m_deviceFactory.Create<PointToPointNetDevice>();
    dev->SetAddress(Mac48Address::Allocate());
    node->AddDevice(dev);
    Ptr<Queue<Packet>> queue = m_queueFactory.Create<Queue<Packet>>();
    dev->SetQueue(queue);
    if (m_flowControl)
    {
        // As PointToPointHelper does: flow control between the device queue
        // and the traffic-control layer.
        Ptr<NetDeviceQueueInterface> ndqi = CreateObject<NetDeviceQueueInterface>();
        ndqi->GetTxQueue(0)->ConnectQueueTraces(queue);
        dev->AggregateObject(ndqi);
    }
    return dev;
}

void
RandomDelayLinkHelper::SetFlowControl(bool enable)
{
    m_flowControl = enable;
}

NetDeviceContainer
RandomDelayLinkHelper::Install(Ptr<Node> a, Ptr<Node> b)
{
    Ptr<PointToPointNetDevice> devA = DynamicCast<PointToPointNetDevice>(MakeDevice(a));
    Ptr<PointToPointNetDevice> devB = DynamicCast<PointToPointNetDevice>(MakeDevice(b));
    Ptr<RandomDelayChannel> channel = m_channelFactory.Create<RandomDelayChannel>();
    devA->Attach(channel);
    devB->Attach(channel);
    NetDeviceContainer devices(devA);
    devices.Add(devB);
    return devices;
}

NetDeviceContainer
RandomDelayLinkHelper::Install(NodeContainer nodes)
{
    NS_ABORT_MSG_IF(nodes.GetN() != 2, "RandomDelayLinkHelper::Install needs two nodes");
    return Install(nodes.Get(0), nodes.Get(1));
}

int64_t
RandomDelayLinkHelper::AssignStreams(NetDeviceContainer devices, int64_t stream)
{
    int64_t used = 0;
    std::set<Ptr<Channel>> done;
    for (auto i = devices.Begin(); i != devices.End(); ++i)
    {
        Ptr<Channel> c = (*i)->GetChannel();
        if (auto rd = DynamicCast<RandomDelayChannel>(c); rd && done.insert(c).second)
        {
            used += rd->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace rsched
} // namespace ns3
