/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DIRECT_LINK_H
#define DIRECT_LINK_H

#include "service-request-header.h"

#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/event-impl.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{
namespace rsched
{

class RequestClient;

/**
 * \ingroup request-scheduling
 * \return 0.0.0.0, built once: Ipv4Address::GetAny() builds (and logs)
 * one per call, which the per-request paths avoid
 */
inline const Ipv4Address&
AnyAddress()
{
    static const Ipv4Address any = Ipv4Address::GetAny();
    return any;
}

/**
 * \ingroup request-scheduling
 * \brief A request or reply at queue level: what its UDP packet would
 * carry, without the packet.
 */
struct DirectPacket
{
    ServiceRequestHeader header;                         //!< the request or reply
    InetSocketAddress from{Ipv4Address(uint32_t(0)), 0}; //!< source address and port
    Ipv4Address to;                                      //!< destination address
    RequestClient* client{nullptr};                      //!< the client application answered
    uint32_t payload{0};                                 //!< bytes after the header

    /// \return the packet level's IP payload: UDP header (ports), the
    /// header, the payload (for traces that take packets)
    Ptr<Packet> ToIpPayload() const;
    /// \return the IP header the packet level's packet would have (for
    /// dispatchers and traces that take one)
    Ipv4Header ToIpHeader() const;
    /// \brief Write ToIpHeader() into an existing header (no header built).
    /// \param ip the header to overwrite
    void WriteIpHeader(Ipv4Header& ip) const;
};

/**
 * \ingroup request-scheduling
 * \brief One direction of a point-to-point link at queue level: a FIFO
 * that serialises packets at DataRate, then delays them by Delay (plus a
 * per-packet draw of DelayVariable, if set), with no packet, device,
 * channel or IP stack.
 *
 * Why: a request crossing a rack as packets costs about ten events and a
 * packet's worth of work at each hop; here it costs one light event per
 * hop. The timing is the packet level's over a PointToPointNetDevice with
 * a DropTail queue and no queue disc (flow control off), as RackHelper and
 * CardsScenario build their links: a packet starts when it is sent or when
 * the one ahead of it has been serialised, whichever is later, and arrives
 * its propagation delay after its last bit leaves, with ns-3's own rounding
 * of the serialisation time (DataRate::CalculateBytesTxTime of the frame:
 * Overhead bytes of PPP, IP and UDP headers, the request header, the
 * payload). So queueing in the link is kept exactly; the queue is
 * unbounded (GetPeakBacklog tells how long it grew).
 *
 * DelayVariable is RandomDelayChannel's: drawn when a packet starts, so
 * packets may overtake each other. The two directions of a link share one
 * variable, as they share the channel, and draw in the same order as the
 * packet level does.
 *
 * The receiver gets the packet in place, so it must not send on the link it
 * receives from (a link runs one way, from one node to another; the far
 * node answers on the link back).
 *
 * A packet's arrival is an event scheduled when its serialisation starts,
 * as a device schedules the reception (a packet sent to a busy link gets a
 * start event first), so that events at the same nanosecond run in the
 * same order as at packet level: such ties are frequent at a nanosecond
 * resolution. A packet sent at the very nanosecond the one ahead of it is
 * done waits for it if a device's end-of-transmission event would run
 * after the sender's event (with the examples' PeekableScheduler, which
 * tells the running event's uid). The events reuse their EventImpls and the
 * packets their slots: no heap allocation per packet once the link has
 * warmed up.
 */
class DirectLink : public Object
{
  public:
    /// Where packets arrive (the node at the far end).
    typedef Callback<void, const DirectPacket&> Receiver;

    /// PPP (2), IPv4 (20) and UDP (8) header bytes of every packet.
    static constexpr uint32_t UDP_OVER_PPP = 30;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    DirectLink();
    ~DirectLink() override;

    /**
     * \param receiver where packets arrive
     * \param ahead called with each packet when it is sent (null: none),
     * for the receiver to start loading what the packet's arrival will
     * read. Why: a reply's last hop to a client is tens of nanoseconds, and
     * with tens of thousands of clients their state is seldom in the cache
     * when the reply arrives (a tenth of CArDS's scenario-3 time waited for
     * it).
     */
    void SetReceiver(Receiver receiver, Receiver ahead = Receiver());
    /**
     * \brief Send a packet: it arrives at the receiver after the packets
     * ahead of it, its serialisation and the propagation delay.
     * \param packet the packet
     */
    void Send(const DirectPacket& packet);

    /// \return packets sent
    uint64_t GetSent() const;
    /// \return packets sent and not yet arrived
    uint32_t GetInFlight() const;
    /// \return most packets waiting for the link at once (not counting the one
    /// being serialised), as the packet level's device queue would hold them
    uint32_t GetPeakBacklog() const;
    /**
     * \brief Use a fixed random stream for DelayVariable (set it on one
     * direction only when the two share it).
     * \param stream stream index
     * \return number of streams used (0 without DelayVariable)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    /// An event of the link: a packet arrives, or a waiting one starts.
    class LinkEvent : public EventImpl
    {
      public:
        /**
         * \param link the link
         * \param arrival true: a packet arrives; false: the next waiting
         * packet starts its serialisation
         */
        LinkEvent(DirectLink* link, bool arrival);
        uint32_t m_slot{0}; //!< arrival: the packet's slot

      private:
        void Notify() override;
        DirectLink* m_link; //!< the link
        bool m_arrival;     //!< which event
    };

    /// No slot.
    static constexpr uint32_t NONE = UINT32_MAX;

    /// A packet on the link.
    struct InFlight
    {
        DirectPacket packet; //!< the packet
        Time start;          //!< when its serialisation starts
        Time done;           //!< when its serialisation ends
        uint32_t next{NONE}; //!< the next packet waiting behind it
    };

    /**
     * \brief Schedule an event of the link, with a spare EventImpl if there is one.
     * \param delay from now
     * \param arrival which event (LinkEvent)
     * \param slot arrival: the packet's slot
     * \return its uid
     */
    uint32_t Schedule(Time delay, bool arrival, uint32_t slot = NONE);
    /**
     * \brief A packet starts: its propagation delay is drawn and its arrival
     * scheduled, as a device and its channel do when it starts sending it.
     * \param slot the packet's slot
     */
    void Launch(uint32_t slot);
    /**
     * \brief A packet arrives.
     * \param event its event, free again
     */
    void Arrive(Ptr<LinkEvent> event);
    /**
     * \brief The oldest waiting packet starts.
     * \param event its event, free again
     */
    void Start(Ptr<LinkEvent> event);

    DataRate m_rate;                           //!< serialisation rate
    Time m_delay;                              //!< propagation delay (fixed part)
    Ptr<RandomVariableStream> m_delayVariable; //!< per-packet part, in seconds (null: none)
    uint32_t m_overhead;                       //!< header bytes below the request header
    Receiver m_receiver;                       //!< the far end
    Receiver m_ahead;                          //!< told of each packet sent (may be null)
    Time m_busyUntil;                          //!< when the last packet sent has been serialised
    /// The last serialisation time computed (ns-3's is a 128-bit division),
    /// for packets of m_txBytes at m_txRate: a link's packets mostly have one size.
    Time m_tx;
    uint32_t m_txBytes{0}; //!< the frame size of m_tx (0: none)
    DataRate m_txRate;     //!< the rate of m_tx

    std::vector<InFlight> m_slots;          //!< packets in flight, and free slots
    std::vector<uint32_t> m_free;           //!< free slots
    uint32_t m_count{0};                    //!< packets in flight
    uint32_t m_waitHead{NONE};              //!< the oldest packet waiting to start
    uint32_t m_waitTail{NONE};              //!< the newest packet waiting to start
    uint32_t m_queued{0};                   //!< packets waiting to start
    uint32_t m_lastStartUid{0};             //!< uid of the arrival scheduled at the last start
    uint64_t m_sent{0};                     //!< packets sent
    uint32_t m_peakBacklog{0};              //!< most packets waiting at once
    bool m_delivering{false};               //!< the receiver has a packet in place
    std::vector<Ptr<LinkEvent>> m_spare[2]; //!< events not scheduled now: starts, arrivals
};

} // namespace rsched
} // namespace ns3

#endif // DIRECT_LINK_H
