/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_CLIENT_HELPER_H
#define REQUEST_CLIENT_HELPER_H

#include "ns3/address.h"
#include "ns3/application-container.h"
#include "ns3/ipv4-address.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/request-stats.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Installs RequestClient applications.
 *
 * Every installed client gets distinct ClientIds (consecutive from the
 * helper's next id), so replies can be told apart.
 */
class RequestClientHelper
{
  public:
    /**
     * \param remote IPv4 address of the server (or of a service identifier)
     * \param port UDP port of the server
     */
    RequestClientHelper(const Address& remote, uint16_t port);
    /**
     * \param remote IPv4 address of the server (or of a service identifier),
     *        such as RackHelper::GetVirtualAddress() (Python passes it as it is)
     * \param port UDP port of the server
     */
    RequestClientHelper(Ipv4Address remote, uint16_t port);

    /**
     * \param name attribute name
     * \param value attribute value
     */
    void SetAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \param nodes where to install one client each
     * \return the clients
     */
    ApplicationContainer Install(NodeContainer nodes);
    /**
     * \param node where to install a client
     * \return the client
     */
    ApplicationContainer Install(Ptr<Node> node);

    /**
     * \brief Fix the random streams of the clients in \p apps.
     * \param apps clients installed by this helper
     * \param stream first stream index
     * \return number of streams used
     */
    static int64_t AssignStreams(ApplicationContainer apps, int64_t stream);

    /**
     * \param apps clients
     * \return requests they sent
     */
    static uint64_t GetSent(ApplicationContainer apps);
    /**
     * \param apps clients (all with the same ExactQuantiles)
     * \param exact their ExactQuantiles
     * \return their completion-time statistics, merged
     */
    static RequestStats GetStats(ApplicationContainer apps, bool exact);

  private:
    ObjectFactory m_factory;    //!< client factory
    uint32_t m_nextClientId{0}; //!< ClientId of the next client
};

} // namespace rsched
} // namespace ns3

#endif // REQUEST_CLIENT_HELPER_H
