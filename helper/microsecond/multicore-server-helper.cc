/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "multicore-server-helper.h"

#include "ns3/core-policy.h"
#include "ns3/multicore-server.h"
#include "ns3/pointer.h"
#include "ns3/uinteger.h"

namespace ns3
{
namespace rsched
{

const Choices<MulticoreServer::Scaling> MulticoreServerHelper::SCALINGS = {
    {"parallel", MulticoreServer::PARALLEL},
    {"scaled", MulticoreServer::SCALED}};
const Choices<MulticoreServer::RssMode> MulticoreServerHelper::RSS_MODES = {
    {"hash", MulticoreServer::RSS_HASH},
    {"random", MulticoreServer::RSS_RANDOM}};

MulticoreServerHelper::MulticoreServerHelper(uint16_t port)
{
    m_factory.SetTypeId(MulticoreServer::GetTypeId());
    m_factory.Set("Port", UintegerValue(port));
    m_policyFactory.SetTypeId("ns3::DfcfsCorePolicy");
}

void
MulticoreServerHelper::SetAttribute(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

void
MulticoreServerHelper::SetPolicy(const ObjectFactory& factory)
{
    m_policyFactory = factory;
}

ApplicationContainer
MulticoreServerHelper::Install(NodeContainer nodes) const
{
    ApplicationContainer apps;
    for (auto i = nodes.Begin(); i != nodes.End(); ++i)
    {
        apps.Add(Install(*i));
    }
    return apps;
}

ApplicationContainer
MulticoreServerHelper::Install(Ptr<Node> node) const
{
    Ptr<MulticoreServer> app = m_factory.Create<MulticoreServer>();
    app->SetAttribute("Policy", PointerValue(m_policyFactory.Create<CorePolicy>()));
    node->AddApplication(app);
    return ApplicationContainer(app);
}

int64_t
MulticoreServerHelper::AssignStreams(ApplicationContainer apps, int64_t stream)
{
    int64_t used = 0;
    for (auto i = apps.Begin(); i != apps.End(); ++i)
    {
        if (auto server = DynamicCast<MulticoreServer>(*i))
        {
            used += server->AssignStreams(stream + used);
        }
    }
    return used;
}

} // namespace rsched
} // namespace ns3
