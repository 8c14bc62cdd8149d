/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "semantic-router-helper.h"

#include "ns3/semantic-router.h"

namespace ns3
{
namespace rsched
{

SemanticRouterHelper::SemanticRouterHelper()
    : DataPathRouterHelper(ObjectFactory(SemanticRouter::GetTypeId().GetName()))
{
}

SemanticRouterHelper*
SemanticRouterHelper::Copy() const
{
    return new SemanticRouterHelper(*this);
}

Ptr<SemanticRouter>
SemanticRouterHelper::Get(Ptr<Node> node)
{
    return DataPathRouterHelper::Get<SemanticRouter>(node);
}

} // namespace rsched
} // namespace ns3
