/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ORCHESTRATOR_HELPER_H
#define ORCHESTRATOR_HELPER_H

#include "ns3/compute-vector.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/request-dispatcher.h"

#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-cards
 * \brief The orchestrator of a service: installs its dispatchers and
 * compute vectors on semantic routers, and signals new compute vectors
 * while the simulation runs (instances added, removed or rescaled).
 *
 * The routers must already run a SemanticRouter (see SemanticRouterHelper).
 *
 * \code
 *   OrchestratorHelper orchestrator;                  // CArDS WRR by default
 *   orchestrator.Install(ingresses, service, vector); // one scheduling point each
 *   orchestrator.Signal(Seconds(5), ingresses, service, rescaled);
 * \endcode
 */
class OrchestratorHelper
{
  public:
    /// Dispatchers of type ns3::CardsDispatcher.
    OrchestratorHelper();

    /**
     * \brief Choose the dispatcher type and its attributes.
     * \param type a TypeId name derived from ns3::Dispatcher
     * \param args attribute name / value pairs
     */
    template <typename... Ts>
    void SetDispatcher(const std::string& type, Ts&&... args);
    /**
     * \brief Choose the dispatcher type and attributes from a factory (as
     * parsed by TypeAliases::Parse).
     * \param factory a factory of a type derived from ns3::Dispatcher
     */
    void SetDispatcher(const ObjectFactory& factory);

    /**
     * \brief Give a router a service with independent scheduling points
     * (a request uses point client id mod points), each with the vector.
     * \param router a node running a SemanticRouter
     * \param service the service identifier
     * \param vector a non-empty compute vector
     * \param points number of scheduling points (>= 1)
     * \return the dispatchers created
     */
    std::vector<Ptr<Dispatcher>> Install(Ptr<Node> router,
                                         Ipv4Address service,
                                         const ComputeVector& vector,
                                         uint32_t points = 1) const;
    /**
     * \brief Install on each router of a container.
     * \param routers nodes running a SemanticRouter
     * \param service the service identifier
     * \param vector a non-empty compute vector
     * \param points scheduling points per router
     * \return the dispatchers created, router by router
     */
    std::vector<Ptr<Dispatcher>> Install(const NodeContainer& routers,
                                         Ipv4Address service,
                                         const ComputeVector& vector,
                                         uint32_t points = 1) const;
    /**
     * \brief Give every router of a container the same single dispatcher:
     * one scheduler whose state all of them share (a central scheduler
     * without the path stretch of sending requests to it).
     * \param routers nodes running a SemanticRouter
     * \param service the service identifier
     * \param vector a non-empty compute vector
     * \return the dispatcher
     */
    Ptr<Dispatcher> InstallShared(const NodeContainer& routers,
                                  Ipv4Address service,
                                  const ComputeVector& vector) const;

    /**
     * \brief Fix the random streams of the service's dispatchers on the
     * routers (a dispatcher shared by several routers once), in router and
     * scheduling-point order.
     * \param routers nodes whose SemanticRouter serves the service
     * \param service the service identifier
     * \param stream the first stream
     * \return the number of streams used
     */
    static int64_t AssignStreams(const NodeContainer& routers, Ipv4Address service, int64_t stream);

    /**
     * \brief Signal a new compute vector: after \p delay every dispatcher of
     * the service on the router installs it (a CArDS counter restarts from
     * a new random slot).
     * \param delay from now until the routers apply it (>= 0)
     * \param router a node whose SemanticRouter serves the service
     * \param service the service identifier
     * \param vector a non-empty compute vector
     */
    static void Signal(Time delay,
                       Ptr<Node> router,
                       Ipv4Address service,
                       const ComputeVector& vector);
    /**
     * \brief Signal a new compute vector to each router of a container.
     * \param delay from now until the routers apply it (>= 0)
     * \param routers nodes whose SemanticRouter serves the service
     * \param service the service identifier
     * \param vector a non-empty compute vector
     */
    static void Signal(Time delay,
                       const NodeContainer& routers,
                       Ipv4Address service,
                       const ComputeVector& vector);

  private:
    /**
     * \param vector its compute vector
     * \return a new dispatcher of the factory's type with the vector
     */
    Ptr<Dispatcher> Create(const ComputeVector& vector) const;

    ObjectFactory m_dispatcher; //!< dispatcher factory
};

template <typename... Ts>
void
OrchestratorHelper::SetDispatcher(const std::string& type, Ts&&... args)
{
    m_dispatcher.SetTypeId(type);
    m_dispatcher.Set(std::forward<Ts>(args)...);
}

} // namespace rsched
} // namespace ns3

#endif // ORCHESTRATOR_HELPER_H
