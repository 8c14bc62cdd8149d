/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "semantic-router-helper.h"

#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4.h"
#include "ns3/semantic-router.h"

namespace ns3
{

SemanticRouterHelper::SemanticRouterHelper()
{
    m_factory.SetTypeId(SemanticRouter::GetTypeId());
}

SemanticRouterHelper*
SemanticRouterHelper::Copy() const
{
    return new SemanticRouterHelper(*this);
}

Ptr<Ipv4RoutingProtocol>
SemanticRouterHelper::Create(Ptr<Node> /* node */) const
{
    return m_factory.Create<SemanticRouter>();
}

void
SemanticRouterHelper::Set(const std::string& name, const AttributeValue& value)
{
    m_factory.Set(name, value);
}

Ptr<SemanticRouter>
SemanticRouterHelper::Get(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    Ptr<Ipv4RoutingProtocol> top = ipv4 ? ipv4->GetRoutingProtocol() : nullptr;
    if (auto router = DynamicCast<SemanticRouter>(top))
    {
        return router;
    }
    if (auto list = DynamicCast<Ipv4ListRouting>(top))
    {
        for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
        {
            int16_t priority;
            if (auto router = DynamicCast<SemanticRouter>(list->GetRoutingProtocol(i, priority)))
            {
                return router;
            }
        }
    }
    return nullptr;
}

} // namespace ns3
