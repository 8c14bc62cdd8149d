/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OUTPUT_ROUTE_CACHE_HELPER_H
#define OUTPUT_ROUTE_CACHE_HELPER_H

#include "ns3/ipv4-list-routing-helper.h"
#include "ns3/ipv4-routing-helper.h"
#include "ns3/node.h"

namespace ns3
{

/**
 * \ingroup request-scheduling
 * \brief Creates an OutputRouteCache; add it to an Ipv4ListRoutingHelper
 * at a priority above the protocols whose routes it caches:
 *
 * \code
 *   Ipv4ListRoutingHelper list;
 *   list.Add(OutputRouteCacheHelper(), 10);
 *   list.Add(Ipv4StaticRoutingHelper(), 0);
 *   InternetStackHelper stack;
 *   stack.SetRoutingHelper(list);
 *   stack.Install(hosts);
 * \endcode
 *
 * (that list is what AheadOfStaticRouting returns).
 */
class OutputRouteCacheHelper : public Ipv4RoutingHelper
{
  public:
    OutputRouteCacheHelper* Copy() const override;
    Ptr<Ipv4RoutingProtocol> Create(Ptr<Node> node) const override;

    /**
     * \return a list routing of an OutputRouteCache (priority 10) ahead of
     * static routing (priority 0): what the scenarios install on hosts
     */
    static Ipv4ListRoutingHelper AheadOfStaticRouting();
};

} // namespace ns3

#endif // OUTPUT_ROUTE_CACHE_HELPER_H
