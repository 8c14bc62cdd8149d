/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_CLIENT_H
#define REQUEST_CLIENT_H

#include "direct-link.h"
#include "mixture-random-variable.h"
#include "request-stats.h"
#include "service-request-header.h"
#include "target-chooser.h"

#include "ns3/address.h"
#include "ns3/application.h"
#include "ns3/event-impl.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/random-variable-stream.h"
#include "ns3/socket.h"
#include "ns3/traced-callback.h"

#include <memory>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Open-loop request generator over UDP, for one client or a
 * population of independent clients sharing a node.
 *
 * Each of the Clients logical clients (ids ClientId, ClientId + 1, ...)
 * joins at StartTime plus a uniform draw in [0, JoinWindow], then sends one
 * request after every InterArrival draw (seconds) until StopTime. Each
 * request has a service demand drawn from ServiceDemand (seconds); if that
 * is a MixtureRandomVariable, the index of the drawn component is the
 * request's class. Requests leave on one of Flows UDP sockets (distinct
 * source ports) chosen uniformly at random per request, so RSS at a server
 * spreads them over its queues.
 *
 * Transactions and instance affinity (CArDS): a client's requests form
 * transactions of TransactionRequests requests, or of TransactionDuration
 * if that is set. The first requests of a transaction go to RemoteAddress
 * (a service identifier, scheduled by the network); once a reply of the
 * transaction arrives, the client knows the serving instance's locator from
 * it and sends the rest of the transaction there directly, flagged as
 * affinity requests. With TransactionRequests = 1 (the default) every
 * request is scheduled ("packet level").
 *
 * A request may span PacketsPerRequest packets (each PayloadSize bytes
 * after the header, all on the same flow, indexed 0 .. n-1); the server
 * starts it when all have arrived.
 *
 * Client-based scheduling: with a TargetChooser (a Dispatcher whose
 * compute vector lists the servers), the application picks the server of
 * every request itself and sends it there directly; the chooser hears each
 * reply (its load report) from the server that sent it, so its view is as fresh as this
 * application's own replies make it (RackSched's client-based baseline,
 * one application per independent client).
 *
 * The completion time (RCT) of a request is from its sending to the arrival
 * of its reply; it is recorded per class. Replies keep being received after
 * StopTime, so the requests in flight can drain.
 */
class RequestClient : public Application
{
  public:
    /// Replies are matched against a ring of the last request ids sent; it
    /// grows to this many (a power of 2), and beyond only as far as the
    /// oldest request still unanswered needs.
    static constexpr uint64_t OUTSTANDING_WINDOW = uint64_t(1) << 20;

    /**
     * \brief Signature of the Tx trace.
     * \param header the request sent
     */
    typedef void (*TxTracedCallback)(const ServiceRequestHeader& header);
    /**
     * \brief Signature of the Drop trace.
     * \param header the request that could not be sent
     * \param reason why
     */
    typedef void (*DropTracedCallback)(const ServiceRequestHeader& header,
                                       const std::string& reason);
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
    /// \return requests sent as affinity requests (to a known instance)
    uint64_t GetAffinitySent() const;
    /// \return requests the socket refused to send (counted as sent and dropped: Drop trace)
    uint64_t GetSendFailures() const;
    /// \return requests whose reply arrived
    uint64_t GetCompleted() const;
    /// \return malformed or unexpected packets received and dropped (not a
    /// reply, another client's, sent after now, or answering no request
    /// outstanding: forged or a duplicate)
    uint64_t GetMalformed() const;
    /// \return completion-time statistics
    const RequestStats& GetStats() const;

    /**
     * \brief Use fixed random streams.
     * \param stream first stream index
     * \return number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief Where a request goes at queue level: its header, the flow it
     * would leave by (this node's address and the flow's source port), the
     * address it would be sent to, and the client to answer with
     * ReceiveReply.
     */
    typedef Callback<void,
                     const ServiceRequestHeader&,
                     const InetSocketAddress&,
                     Ipv4Address,
                     Ptr<RequestClient>>
        DirectSink;
    /**
     * \brief Queue level: hand every request to \p sink instead of sending
     * packets (same draws, same headers, same flows); the server answers
     * with ReceiveReply. Set before the application starts; not with a
     * Dispatcher.
     * \param sink the receiver (a null callback: send packets)
     */
    void SetDirectSink(DirectSink sink);
    /**
     * \brief Queue level through a network of DirectLinks: every request's
     * packets go onto \p link at the moment the packet level would send
     * them (same draws, headers, flows and client-based choices); replies
     * come back by ReceiveDirect. Set before the application starts.
     * \param link the link from this node (null: send packets)
     */
    void SetDirectUplink(Ptr<DirectLink> link);
    /**
     * \brief A reply reaching a client's node at queue level: the receiver
     * of the DirectLink to that node.
     * \param packet the reply, for its client application's ReceiveReply
     */
    static void ReceiveDirect(const DirectPacket& packet);
    /**
     * \brief A reply leaving for a client's node at queue level: start
     * loading the client state ReceiveReply will read (the link's
     * DirectLink::SetReceiver ahead).
     * \param packet the reply
     */
    static void PrefetchDirect(const DirectPacket& packet);
    /**
     * \brief A reply to one of this application's requests, as HandleRead
     * takes it from a packet (queue level: straight from the server). A
     * header that is not a reply, names another client or echoes a send
     * time after now is counted as malformed.
     * \param reply the reply header
     */
    void ReceiveReply(const ServiceRequestHeader& reply);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;

    /**
     * \brief A request sent: its id is outstanding until its reply.
     * \param id its request id
     */
    void MarkOutstanding(uint64_t id);
    /**
     * \brief A reply arrived: was its request outstanding? It no longer is.
     * \param id the reply's request id
     * \return false for a forged or duplicate reply
     */
    bool TakeOutstanding(uint64_t id);

    /**
     * \brief State of one logical client, and the event of its next request.
     *
     * Why one object: with tens of thousands of clients each is visited
     * once per inter-arrival time, so its state is out of the cache by then.
     * As the EventImpl that the simulator runs it is loaded once, and
     * SendRequest finds the rest on the same cache line.
     */
    class alignas(64) Client : public EventImpl
    {
      public:
        /**
         * \param app the application
         * \param k its index there
         */
        Client(RequestClient* app, uint32_t k);
        /**
         * \brief Schedule its next request.
         * \param delay from now
         */
        void ScheduleNext(const Time& delay);

        RequestClient* app;                          //!< the application
        uint32_t k;                                  //!< index in the application
        uint32_t transaction{0};                     //!< current transaction
        uint32_t sentInTransaction{0};               //!< requests of it sent so far
        Ipv4Address instance{Ipv4Address::GetAny()}; //!< locator learnt (Any: none)
        bool pending{false};                         //!< its next request is scheduled
        Time transactionStart;                       //!< when it started
        /// Requests (and their flows) held until the affinity is learnt.
        using Held = std::vector<std::pair<ServiceRequestHeader, uint32_t>>;
        std::unique_ptr<Held> held; //!< HoldUntilAffinity: held requests (null: none yet)

      private:
        void Notify() override;
    };

    /// Cancel every client's next request (stop, dispose, a second start).
    void CancelClients();

    /**
     * \brief Send the requests a client held for its affinity.
     * \param c the client
     * \param to where they go
     * \param affinity whether they carry the affinity flag
     */
    void ReleaseHeld(Client& c, Ipv4Address to, bool affinity);

    /**
     * \brief Send one request of a logical client and schedule its next.
     * \param c the logical client
     */
    void SendRequest(Client& c);
    /// \return the next inter-arrival time
    Time NextGap();
    /**
     * \brief Packet level: send a request's packets on a flow.
     * \param header the request (its packet index is advanced per packet)
     * \param flow the flow
     * \param to where it goes (the Dispatcher, if any, picks instead)
     * \return false if the socket refused the first packet
     */
    bool SendPackets(ServiceRequestHeader& header, uint32_t flow, InetSocketAddress to);
    /**
     * \brief Queue level: put a request's packets on the uplink.
     * \param header the request (its packet index is advanced per packet)
     * \param flow the flow
     * \param to where it goes (the Dispatcher, if any, picks instead)
     */
    void SendDirect(ServiceRequestHeader& header, uint32_t flow, Ipv4Address to);
    /**
     * \brief Send a request issued earlier and held (HoldUntilAffinity);
     * if it cannot leave the node it is dropped.
     * \param header the request
     * \param flow its flow
     * \param to where it goes
     */
    void Transmit(ServiceRequestHeader header, uint32_t flow, Ipv4Address to);
    /// \param socket a socket with replies to read
    void HandleRead(Ptr<Socket> socket);
    /**
     * \brief Queue level: hand a request to the direct sink.
     * \param header the request
     * \param flow the flow it leaves by
     * \param to the address it is sent to
     */
    void Deliver(const ServiceRequestHeader& header, uint32_t flow, Ipv4Address to);

    Address m_remote;                //!< server or service address
    uint16_t m_remotePort;           //!< server port
    uint32_t m_serviceId;            //!< service identifier
    uint32_t m_clientId;             //!< id of the first logical client
    uint32_t m_clientCount;          //!< logical clients
    Time m_joinWindow;               //!< clients join within this after StartTime
    uint32_t m_transactionRequests;  //!< requests per transaction
    Time m_transactionDuration;      //!< transaction length (0: by requests)
    bool m_holdUntilAffinity;        //!< hold requests until the transaction's instance is known
    uint32_t m_flows;                //!< number of source ports
    uint32_t m_packetSize;           //!< request payload after the header, per packet
    uint16_t m_packetsPerRequest;    //!< packets of each request
    Ptr<TargetChooser> m_dispatcher; //!< client-based scheduling (null: none)
    uint64_t m_maxRequests;          //!< 0: unlimited
    Time m_warmUp;                   //!< requests sent before are not recorded
    bool m_exactQuantiles;           //!< exact quantiles
    Ptr<RandomVariableStream> m_interArrival;              //!< inter-arrival time (s)
    Ptr<RandomVariableStream> m_serviceDemand;             //!< service demand (s)
    Ptr<MixtureRandomVariable> m_mixture;                  //!< m_serviceDemand if it is a mixture
    Ptr<UniformRandomVariable> m_flowChoice;               //!< picks the flow of a request
    Ptr<UniformRandomVariable> m_join;                     //!< draws join times
    std::vector<Ptr<Socket>> m_sockets;                    //!< one per flow
    DirectSink m_direct;                                   //!< queue level (null: packets)
    Ptr<DirectLink> m_uplink;                              //!< queue level over links
    std::vector<InetSocketAddress> m_flowAddress;          //!< queue level: each flow's source
    InetSocketAddress m_service{Ipv4Address::GetAny(), 0}; //!< where scheduled requests go
    std::vector<Ptr<Client>> m_clients;                    //!< logical clients
    uint64_t m_sent{0};                                    //!< requests sent
    uint64_t m_affinitySent{0};                            //!< affinity requests sent
    uint64_t m_sendFailures{0};                            //!< requests the socket refused
    uint64_t m_completed{0};                               //!< replies received
    uint64_t m_malformed{0};                               //!< bad packets received
    /// Requests awaiting their replies: one bit per request id (set:
    /// outstanding) over a ring of the last ids sent, grown by doubling up
    /// to OUTSTANDING_WINDOW bits (128 KiB), and beyond only while the
    /// oldest unanswered request is further back: memory stays flat unless
    /// requests are lost (a lost request keeps its bit, one per request sent
    /// after it).
    std::vector<uint64_t> m_outstanding;
    RequestStats m_stats; //!< completion times

    TracedCallback<const ServiceRequestHeader&> m_txTrace;                       //!< request sent
    TracedCallback<const ServiceRequestHeader&, const std::string&> m_dropTrace; //!< not sent
    TracedCallback<const ServiceRequestHeader&, Time> m_completeTrace;           //!< reply received
};

} // namespace rsched
} // namespace ns3

#endif // REQUEST_CLIENT_H
