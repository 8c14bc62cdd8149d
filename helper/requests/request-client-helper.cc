/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-client-helper.h"

#include "ns3/request-client.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

RequestClientHelper::RequestClientHelper(const Address& remote, uint16_t port)
{
    m_factory.SetTypeId(RequestClient::GetTypeId());
    m_factory.Set("RemoteAddress", AddressValue(remote));
    m_factory.Set("RemotePort", UintegerValue(port));
}

RequestClientHelper::RequestClientHelper(Ipv4Address remote, uint16_t port)
    : RequestClientHelper(Address(remote), port)
{
}

void
RequestClientHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

ApplicationContainer
RequestClientHelper::Install(NodeContainer nodes)
{
    ApplicationContainer apps;
    for (auto i = nodes.Begin(); i != nodes.End(); ++i)
    {
        apps.Add(Install(*i));
    }
    return apps;
}

ApplicationContainer
RequestClientHelper::Install(Ptr<Node> node)
{
    m_factory.Set("ClientId", UintegerValue(m_nextClientId));
    Ptr<RequestClient> app = m_factory.Create<RequestClient>();
    // An application may run several logical clients, with consecutive ids.
    UintegerValue clients;
    app->GetAttribute("Clients", clients);
    m_nextClientId += clients.Get();
    node->AddApplication(app);
    return ApplicationContainer(app);
}

int64_t
RequestClientHelper::AssignStreams(ApplicationContainer apps, int64_t stream)
{
    int64_t used = 0;
    for (auto i = apps.Begin(); i != apps.End(); ++i)
    {
        if (auto client = DynamicCast<RequestClient>(*i))
        {
            used += client->AssignStreams(stream + used);
        }
    }
    return used;
}

uint64_t
RequestClientHelper::GetSent(ApplicationContainer apps)
{
    uint64_t sent = 0;
    for (auto i = apps.Begin(); i != apps.End(); ++i)
    {
        sent += DynamicCast<RequestClient>(*i)->GetSent();
    }
    return sent;
}

RequestStats
RequestClientHelper::GetStats(ApplicationContainer apps, bool exact)
{
    RequestStats stats(exact);
    for (auto i = apps.Begin(); i != apps.End(); ++i)
    {
        stats.Merge(DynamicCast<RequestClient>(*i)->GetStats());
    }
    return stats;
}

} // namespace rsched
} // namespace ns3
