/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MULTICORE_SERVER_HELPER_H
#define MULTICORE_SERVER_HELPER_H

#include "ns3/application-container.h"
#include "ns3/multicore-server.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/scenario-options.h"

#include <string>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Installs MulticoreServer applications, each with its own CorePolicy.
 *
 * \code
 *   MulticoreServerHelper servers(9000);
 *   servers.SetAttribute("ComputeUnits", UintegerValue(4));
 *   servers.SetPolicy("ns3::CfcfsCorePolicy", "DispatchOverhead", TimeValue(NanoSeconds(100)));
 *   ApplicationContainer apps = servers.Install(serverNodes);
 * \endcode
 */
class MulticoreServerHelper
{
  public:
    /// The words of the scenarios' --scaling (MulticoreServer::Scaling).
    static const Choices<MulticoreServer::Scaling> SCALINGS;
    /// The words of the scenarios' --rss (MulticoreServer::RssMode).
    static const Choices<MulticoreServer::RssMode> RSS_MODES;

    /**
     * \param port UDP port the servers listen on
     */
    explicit MulticoreServerHelper(uint16_t port);

    /**
     * \param name attribute of MulticoreServer
     * \param value its value
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Choose the policy type and its attributes.
     * \param type TypeId name of a CorePolicy subclass
     * \param args attribute name / value pairs
     */
    template <typename... Args>
    void SetPolicy(const std::string& type, Args&&... args)
    {
        m_policyFactory = ObjectFactory(type);
        m_policyFactory.Set(std::forward<Args>(args)...);
    }

    /**
     * \brief Choose the policy type and its attributes, set up beforehand.
     * \param factory creates a CorePolicy subclass
     */
    void SetPolicy(const ObjectFactory& factory);

    /**
     * \param nodes where to install one server each
     * \return the servers
     */
    ApplicationContainer Install(NodeContainer nodes) const;
    /**
     * \param node where to install a server
     * \return the server
     */
    ApplicationContainer Install(Ptr<Node> node) const;

    /**
     * \brief Fix the random streams of the servers in \p apps.
     * \param apps servers
     * \param stream first stream index
     * \return number of streams used
     */
    static int64_t AssignStreams(ApplicationContainer apps, int64_t stream);

  private:
    ObjectFactory m_factory;       //!< server factory
    ObjectFactory m_policyFactory; //!< policy factory
};

} // namespace rsched
} // namespace ns3

#endif // MULTICORE_SERVER_HELPER_H
