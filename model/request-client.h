/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_CLIENT_H
#define REQUEST_CLIENT_H

#include "request-stats.h"
#include "service-request-header.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/random-variable-stream.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <vector>

namespace ns3
{

/**
 * \ingroup request-scheduling
 * \brief Open-loop request generator over UDP.
 *
 * Between StartTime and StopTime the client sends one request after every
 * InterArrival draw (seconds), each with a service demand drawn from
 * ServiceDemand (seconds). If ServiceDemand is a MixtureRandomVariable, the
 * index of the drawn component is the request's class. Requests leave on
 * one of Flows UDP sockets (distinct source ports) chosen uniformly at random
 * per request, so RSS at the server spreads them over its queues. The
 * completion time (RCT) of a request is from its sending to the arrival of
 * its reply; it is recorded per class. Replies keep being received after
 * StopTime, so the requests in flight can drain.
 */
class RequestClient : public Application
{
  public:
    /**
     * \brief Signature of the Tx trace.
     * \param header the request sent
     */
    typedef void (*TxTracedCallback)(const ServiceRequestHeader& header);
    /**
     * \brief Signature of the Complete trace.
     * \param header the reply
     * \param rct the request completion time
     */
    typedef void (*CompleteTracedCallback)(const ServiceRequestHeader& header, Time rct);

    static constexpr const char* MALFORMED_DROP = "Malformed reply"; //!< drop reason

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RequestClient();
    ~RequestClient() override;

    /// \return requests sent
    uint64_t GetSent() const;
    /// \return requests whose reply arrived
    uint64_t GetCompleted() const;
    /// \return malformed or unexpected packets received and dropped
    uint64_t GetMalformed() const;
    /// \return completion-time statistics
    const RequestStats& GetStats() const;

    /**
     * \brief Use fixed random streams.
     * \param stream first stream index
     * \return number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /// Send one request and schedule the next.
    void SendRequest();
    /// \param socket a socket with replies to read
    void HandleRead(Ptr<Socket> socket);

    Address m_remote;                          //!< server address
    uint16_t m_remotePort;                     //!< server port
    uint32_t m_serviceId;                      //!< service identifier
    uint32_t m_clientId;                       //!< client identifier
    uint32_t m_flows;                          //!< number of source ports
    uint32_t m_packetSize;                     //!< request payload after the header
    uint64_t m_maxRequests;                    //!< 0: unlimited
    Time m_warmUp;                             //!< requests sent before are not recorded
    bool m_exactQuantiles;                     //!< exact quantiles
    Ptr<RandomVariableStream> m_interArrival;  //!< inter-arrival time (s)
    Ptr<RandomVariableStream> m_serviceDemand; //!< service demand (s)
    Ptr<UniformRandomVariable> m_flowChoice;   //!< picks the flow of a request
    std::vector<Ptr<Socket>> m_sockets;        //!< one per flow
    EventId m_sendEvent;                       //!< next request
    uint64_t m_sent{0};                        //!< requests sent
    uint64_t m_completed{0};                   //!< replies received
    uint64_t m_malformed{0};                   //!< bad packets received
    RequestStats m_stats;                      //!< completion times

    TracedCallback<const ServiceRequestHeader&> m_txTrace;             //!< request sent
    TracedCallback<const ServiceRequestHeader&, Time> m_completeTrace; //!< reply received
};

} // namespace ns3

#endif // REQUEST_CLIENT_H
