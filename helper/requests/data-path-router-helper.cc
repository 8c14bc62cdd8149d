/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "data-path-router-helper.h"

#include "ns3/abort.h"
#include "ns3/ipv4-static-routing-helper.h"

namespace ns3
{
namespace rsched
{

DataPathRouterHelper::DataPathRouterHelper(const ObjectFactory& factory)
    : m_factory(factory)
{
    NS_ABORT_MSG_UNLESS(m_factory.GetTypeId().IsChildOf(DataPathRouter::GetTypeId()),
                        "DataPathRouterHelper: " << m_factory.GetTypeId().GetName()
                                                 << " is not a DataPathRouter");
}

DataPathRouterHelper::DataPathRouterHelper(const std::string& typeName)
    : DataPathRouterHelper(ObjectFactory(typeName))
{
}

DataPathRouterHelper*
DataPathRouterHelper::Copy() const
{
    return new DataPathRouterHelper(*this);
}

Ptr<Ipv4RoutingProtocol>
DataPathRouterHelper::Create(Ptr<Node> /* node */) const
{
    return m_factory.Create<DataPathRouter>();
}

void
DataPathRouterHelper::Set(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ipv4ListRoutingHelper
AheadOfStaticRouting(const Ipv4RoutingHelper& first)
{
    Ipv4ListRoutingHelper list;
    list.Add(first, 10);
    list.Add(Ipv4StaticRoutingHelper(), 0);
    return list;
}

} // namespace rsched
} // namespace ns3
