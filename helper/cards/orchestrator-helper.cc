/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "orchestrator-helper.h"

#include "semantic-router-helper.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/semantic-router.h"
#include "ns3/simulator.h"

#include <set>

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("OrchestratorHelper");

namespace
{

/**
 * \param router a node
 * \return its SemanticRouter; aborts if it has none
 */
Ptr<SemanticRouter>
RouterOf(Ptr<Node> router)
{
    Ptr<SemanticRouter> r = SemanticRouterHelper::Get(router);
    NS_ABORT_MSG_IF(!r, "OrchestratorHelper: node " << router->GetId() << " has no SemanticRouter");
    return r;
}

/**
 * \param r a semantic router
 * \param service a service it serves
 * \param vector the new compute vector
 */
void
Apply(Ptr<SemanticRouter> r, Ipv4Address service, ComputeVector vector)
{
    for (const auto& d : r->GetDispatchers(service))
    {
        d->SetComputeVector(vector);
    }
    NS_LOG_INFO("service " << service << ": " << vector.GetN() << " entries, "
                           << vector.GetTotalComputeUnits() << " compute units");
}

} // namespace

OrchestratorHelper::OrchestratorHelper()
{
    m_dispatcher.SetTypeId("ns3::CardsDispatcher");
}

void
OrchestratorHelper::SetDispatcher(const ObjectFactory& factory)
{
    m_dispatcher = factory;
}

Ptr<Dispatcher>
OrchestratorHelper::Create(const ComputeVector& vector) const
{
    NS_ABORT_MSG_IF(vector.GetN() == 0, "OrchestratorHelper: empty compute vector");
    Ptr<Dispatcher> d = m_dispatcher.Create<Dispatcher>();
    NS_ABORT_MSG_IF(!d,
                    "OrchestratorHelper: " << m_dispatcher.GetTypeId().GetName()
                                           << " is not a Dispatcher");
    d->SetComputeVector(vector);
    return d;
}

std::vector<Ptr<Dispatcher>>
OrchestratorHelper::Install(Ptr<Node> router,
                            Ipv4Address service,
                            const ComputeVector& vector,
                            uint32_t points) const
{
    NS_ABORT_MSG_IF(points == 0, "OrchestratorHelper: a service needs a scheduling point");
    Ptr<SemanticRouter> r = RouterOf(router);
    std::vector<Ptr<Dispatcher>> created;
    for (uint32_t i = 0; i < points; ++i)
    {
        created.push_back(Create(vector));
    }
    r->AddService(service, created);
    return created;
}

Ptr<Dispatcher>
OrchestratorHelper::InstallShared(const NodeContainer& routers,
                                  Ipv4Address service,
                                  const ComputeVector& vector) const
{
    Ptr<Dispatcher> d = Create(vector);
    for (auto n = routers.Begin(); n != routers.End(); ++n)
    {
        RouterOf(*n)->AddService(service, d);
    }
    return d;
}

std::vector<Ptr<Dispatcher>>
OrchestratorHelper::Install(const NodeContainer& routers,
                            Ipv4Address service,
                            const ComputeVector& vector,
                            uint32_t points) const
{
    std::vector<Ptr<Dispatcher>> all;
    for (auto n = routers.Begin(); n != routers.End(); ++n)
    {
        auto mine = Install(*n, service, vector, points);
        all.insert(all.end(), mine.begin(), mine.end());
    }
    return all;
}

int64_t
OrchestratorHelper::AssignStreams(const NodeContainer& routers, Ipv4Address service, int64_t stream)
{
    int64_t used = 0;
    std::set<Ptr<Dispatcher>> done;
    for (auto n = routers.Begin(); n != routers.End(); ++n)
    {
        for (const auto& d : RouterOf(*n)->GetDispatchers(service))
        {
            if (done.insert(d).second)
            {
                used += d->AssignStreams(stream + used);
            }
        }
    }
    return used;
}

void
OrchestratorHelper::Signal(Time delay,
                           Ptr<Node> router,
                           Ipv4Address service,
                           const ComputeVector& vector)
{
    NS_ABORT_MSG_IF(vector.GetN() == 0,
                    "OrchestratorHelper: empty compute vector for service " << service);
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(), "OrchestratorHelper: negative signalling delay");
    Ptr<SemanticRouter> r = RouterOf(router);
    NS_ABORT_MSG_IF(r->GetDispatchers(service).empty(),
                    "OrchestratorHelper: node " << router->GetId() << " does not serve "
                                                << service);
    Simulator::Schedule(delay, &Apply, r, service, vector);
}

void
OrchestratorHelper::Signal(Time delay,
                           const NodeContainer& routers,
                           Ipv4Address service,
                           const ComputeVector& vector)
{
    for (auto n = routers.Begin(); n != routers.End(); ++n)
    {
        Signal(delay, *n, service, vector);
    }
}

} // namespace rsched
} // namespace ns3
