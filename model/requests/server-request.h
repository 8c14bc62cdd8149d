/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SERVER_REQUEST_H
#define SERVER_REQUEST_H

#include "service-request-header.h"

#include "ns3/inet-socket-address.h"
#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace rsched
{

class RequestClient;

/**
 * \ingroup request-scheduling
 * \brief What a server keeps of one request from its arrival at the NIC to
 * its completion.
 *
 * Core policies see requests as handles into a ServerRequestPool, so queues
 * hold 32-bit integers and a request's state is allocated once per slot, not
 * once per request.
 */
struct ServerRequest
{
    ServiceRequestHeader header;                      //!< the request as received
    InetSocketAddress replyTo{Ipv4Address::GetAny()}; //!< where the reply goes
    RequestClient* client{nullptr}; //!< queue level: the client to answer directly
    Time arrival;                   //!< arrival at the server's NIC
    Time work;                      //!< service time at this server (demand / core speed)
    Time remaining;                 //!< work still to do
    Time firstStart{Time::Max()};   //!< first time a core started it (Max: not yet)
    uint32_t nicQueue{0};           //!< receive queue chosen by RSS
    uint32_t preemptions{0};        //!< times it was preempted
};

/**
 * \ingroup request-scheduling
 * \brief Slab of ServerRequest records with a free list: handles stay valid
 * until released, and slots are reused, so memory is O(requests in the server).
 */
class ServerRequestPool
{
  public:
    /// Handle of a request in the pool.
    using Handle = uint32_t;

    /**
     * \brief Take a free slot, reset to a fresh record.
     * \return its handle
     */
    Handle Allocate();
    /**
     * \brief Return a slot to the free list.
     * \param h handle from Allocate(), not yet released
     */
    void Release(Handle h);

    /**
     * \param h a live handle
     * \return the record
     */
    ServerRequest& operator[](Handle h)
    {
        return m_slots[h];
    }

    /**
     * \param h a live handle
     * \return the record
     */
    const ServerRequest& operator[](Handle h) const
    {
        return m_slots[h];
    }

    /// \return the number of live records
    uint32_t GetLive() const;
    /// \return the number of slots ever allocated (the high-water mark)
    uint32_t GetCapacity() const;

  private:
    std::vector<ServerRequest> m_slots; //!< all slots
    std::vector<bool> m_live;           //!< slot in use
    std::vector<Handle> m_free;         //!< free slots
};

} // namespace rsched
} // namespace ns3

#endif // SERVER_REQUEST_H
