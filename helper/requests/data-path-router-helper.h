/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DATA_PATH_ROUTER_HELPER_H
#define DATA_PATH_ROUTER_HELPER_H

#include "ns3/data-path-router.h"
#include "ns3/ipv4-list-routing-helper.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Creates data-path routers (any DataPathRouter subclass, chosen by
 * an ObjectFactory); add it to an Ipv4ListRoutingHelper ahead of the
 * node's ordinary routing:
 *
 * \code
 *   DataPathRouterHelper splitter("ns3::FlowSplitter");
 *   splitter.Set("Thresholds", StringValue("20"));
 *   InternetStackHelper stack;
 *   stack.SetRoutingHelper(AheadOfStaticRouting(splitter));
 *   stack.Install(borderRouters);
 *   Ptr<FlowSplitter> s = DataPathRouterHelper::Get<FlowSplitter>(borderRouters.Get(0));
 * \endcode
 */
class DataPathRouterHelper : public Ipv4RoutingHelper
{
  public:
    /**
     * \param factory the router's type and attributes (a DataPathRouter subclass)
     */
    explicit DataPathRouterHelper(const ObjectFactory& factory);
    /**
     * \param typeName the TypeId name of a DataPathRouter subclass
     */
    explicit DataPathRouterHelper(const std::string& typeName);

    DataPathRouterHelper* Copy() const override;
    Ptr<Ipv4RoutingProtocol> Create(Ptr<Node> node) const override;

    /**
     * \param name an attribute of the router
     * \param value its value
     */
    void Set(const std::string& name, const AttributeValue& value);

    /**
     * \tparam T the router's class
     * \param node a node whose routing is, or includes, a T
     * \return that router (null if none)
     */
    template <typename T>
    static Ptr<T> Get(Ptr<Node> node);

  private:
    ObjectFactory m_factory; //!< router factory
};

/**
 * \ingroup request-scheduling
 * \brief Routing for a node whose data path handles what it can and leaves
 * the rest to ns-3's static routing: \p first at priority 10 ahead of an
 * Ipv4StaticRoutingHelper at 0, the idiom of every router and host of the
 * module's scenarios.
 * \param first a data-path router's helper (DataPathRouterHelper,
 *        SemanticRouterHelper, OutputRouteCacheHelper)
 * \return the list routing to give InternetStackHelper::SetRoutingHelper
 */
Ipv4ListRoutingHelper AheadOfStaticRouting(const Ipv4RoutingHelper& first);

template <typename T>
Ptr<T>
DataPathRouterHelper::Get(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node->GetObject<Ipv4>();
    Ptr<Ipv4RoutingProtocol> top = ipv4 ? ipv4->GetRoutingProtocol() : nullptr;
    if (auto router = DynamicCast<T>(top))
    {
        return router;
    }
    if (auto list = DynamicCast<Ipv4ListRouting>(top))
    {
        for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
        {
            int16_t priority;
            if (auto router = DynamicCast<T>(list->GetRoutingProtocol(i, priority)))
            {
                return router;
            }
        }
    }
    return nullptr;
}

} // namespace rsched
} // namespace ns3

#endif // DATA_PATH_ROUTER_HELPER_H
