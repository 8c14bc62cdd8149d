/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "output-route-cache-helper.h"

#include "ns3/output-route-cache.h"

namespace ns3
{
namespace rsched
{

OutputRouteCacheHelper*
OutputRouteCacheHelper::Copy() const
{
    return new OutputRouteCacheHelper(*this);
}

Ptr<Ipv4RoutingProtocol>
OutputRouteCacheHelper::Create(Ptr<Node> /* node */) const
{
    return CreateObject<OutputRouteCache>();
}

} // namespace rsched
} // namespace ns3
