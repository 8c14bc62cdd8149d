/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TARGET_CHOOSER_H
#define TARGET_CHOOSER_H

#include "service-request-header.h"

#include "ns3/ipv4-address.h"
#include "ns3/object.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief The seam through which a RequestClient picks the server of each
 * request itself (client-based scheduling, as RackSched's Client(N)).
 *
 * It lives in the requests layer so that the client needs nothing from
 * the layers above it: every Dispatcher is a TargetChooser (its compute
 * vector lists the servers), and a scenario hands one to the client's
 * Dispatcher attribute.
 */
class TargetChooser : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /**
     * \brief Choose the server of a request.
     * \param request the request's header
     * \param service the address the request would go to without a choice
     * \return the server's address
     */
    virtual Ipv4Address ChooseTarget(const ServiceRequestHeader& request, Ipv4Address service) = 0;
    /**
     * \brief A reply came back to the client.
     * \param reply its header (its locator names the server that answered,
     *        and it carries that server's load report)
     */
    virtual void NotifyTargetReply(const ServiceRequestHeader& reply) = 0;
    /**
     * \brief Use fixed random streams.
     * \param stream first stream index
     * \return number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream) = 0;
};

} // namespace rsched
} // namespace ns3

#endif // TARGET_CHOOSER_H
