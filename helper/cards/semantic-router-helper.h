/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SEMANTIC_ROUTER_HELPER_H
#define SEMANTIC_ROUTER_HELPER_H

#include "ns3/data-path-router-helper.h"

namespace ns3
{
namespace rsched
{

class SemanticRouter;

/**
 * \ingroup request-scheduling-cards
 * \brief Creates SemanticRouter routing protocols, ahead of the node's
 * ordinary routing:
 *
 * \code
 *   InternetStackHelper stack;
 *   stack.SetRoutingHelper(AheadOfStaticRouting(SemanticRouterHelper()));
 *   stack.Install(routers);
 *   SemanticRouterHelper::Get(routers.Get(0))->AddService(service, dispatcher);
 * \endcode
 */
class SemanticRouterHelper : public DataPathRouterHelper
{
  public:
    SemanticRouterHelper();

    SemanticRouterHelper* Copy() const override;

    /**
     * \param node a node whose routing includes a SemanticRouter
     * \return that router (null if none)
     */
    static Ptr<SemanticRouter> Get(Ptr<Node> node);
};

} // namespace rsched
} // namespace ns3

#endif // SEMANTIC_ROUTER_HELPER_H
