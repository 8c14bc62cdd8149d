/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OUTPUT_ROUTE_CACHE_HELPER_H
#define OUTPUT_ROUTE_CACHE_HELPER_H

#include "data-path-router-helper.h"

#include "ns3/ipv4-routing-helper.h"
#include "ns3/node.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Creates an OutputRouteCache; put it ahead of the protocols whose
 * routes it caches, as the scenarios do on every host:
 *
 * \code
 *   InternetStackHelper stack;
 *   stack.SetRoutingHelper(AheadOfStaticRouting(OutputRouteCacheHelper()));
 *   stack.Install(hosts);
 * \endcode
 */
class OutputRouteCacheHelper : public Ipv4RoutingHelper
{
  public:
    OutputRouteCacheHelper* Copy() const override;
    Ptr<Ipv4RoutingProtocol> Create(Ptr<Node> node) const override;
};

} // namespace rsched
} // namespace ns3

#endif // OUTPUT_ROUTE_CACHE_HELPER_H
