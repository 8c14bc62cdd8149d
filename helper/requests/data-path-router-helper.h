/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DATA_PATH_ROUTER_HELPER_H
#define DATA_PATH_ROUTER_HELPER_H

#include "ns3/data-path-router.h"
#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-routing-helper.h"
#include "ns3/ipv4.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
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
 *   Ipv4ListRoutingHelper list;
 *   list.Add(splitter, 10);
 *   list.Add(Ipv4StaticRoutingHelper(), 0);
 *   InternetStackHelper stack;
 *   stack.SetRoutingHelper(list);
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

} // namespace ns3

#endif // DATA_PATH_ROUTER_HELPER_H
