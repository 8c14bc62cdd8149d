/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_TRAFFIC_SOURCE_H
#define BATCHY_TRAFFIC_SOURCE_H

#include "ns3/application.h"
#include "ns3/event-id.h"
#include "ns3/net-device.h"
#include "ns3/random-variable-stream.h"
#include "ns3/recurring-event.h"

#include <deque>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief Synthetic traffic for a Batchy pipeline: packets of several
 * flows, sent straight on a net device (no IP), at the sum of the flows'
 * rates, in bursts of one flow.
 *
 * Arrival is Poisson (exponential gaps; each burst's flow drawn in
 * proportion to the flows' rates, its length geometric with mean
 * Burstiness) or Paced, as the authors' testbed sends: BESS sources
 * cycling through the flows' packet templates behind a rate limiter. Paced
 * packets are evenly spaced at the total rate; burst i's flow is where
 * the point frac(u + i / phi) (golden-ratio sequence from a random u)
 * falls among the flows' rate shares, so each flow's bursts are spread
 * almost evenly too; a burst is Burstiness packets (a whole number).
 * SendBatch packets leave back to back at each arrival instant, the
 * instants SendBatch / rate apart on average, as a BESS Source emits a
 * burst each time its rate-limited task runs (31 packets in the authors'
 * bulk source): the switch's queue then fills in steps, not one packet at
 * a time. Each packet carries a BatchyHeader (flow, sequence, send time)
 * and is PacketSize bytes in all.
 *
 * At queue level (SetDirectSink) no packet is made: each one's flow and
 * sequence go to the sink at its send time, with the same draws, after the
 * events already due then, where a packet over an infinitely fast link
 * arrives. An instant's SendBatch packets arrive together, as a BESS
 * Source pushes its burst into the next module; on a link they come one
 * event apart, so the worker may start a run between two of them.
 */
class BatchyTrafficSource : public Application
{
  public:
    /// Queue level: where each packet's flow and sequence number go.
    using DirectSink = Callback<void, uint32_t, uint64_t>;

    /// Arrival process.
    enum Arrival
    {
        POISSON, //!< exponential gaps, random flows and burst lengths
        PACED,   //!< even gaps, flows in an evenly spread deterministic order
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BatchyTrafficSource();
    ~BatchyTrafficSource() override;

    /**
     * \param rates packets/s of each flow (flow i is index i), at least one > 0
     */
    void SetFlowRates(const std::vector<double>& rates);
    /**
     * \brief Send no packets: hand each one's flow and sequence to \p sink
     * instead (queue level; the node then needs no device).
     * \param sink the receiver
     */
    void SetDirectSink(DirectSink sink);
    /**
     * \brief Stop sending until told to resume (the switch's backpressure,
     * BatchyWorker::IngressBackpressure); packets not sent meanwhile are
     * not made: offered load above what the switch takes is never sent.
     * \param paused true to pause, false to resume
     */
    void SetPaused(bool paused);
    /// \return how many times the source was paused
    uint64_t GetPauses() const;
    /// \return packets sent
    uint64_t GetSent() const;
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
    /**
     * \brief An arrival instant: send its packets, schedule the next one.
     * \param packets how many (SendBatch)
     */
    void Send(uint32_t packets);
    /// \return the next packet's flow: the current burst's or a new one's
    uint32_t NextFlow();
    /**
     * \brief Packet level: send a packet on the device.
     * \param flow its flow
     */
    void SendPacket(uint32_t flow);
    /**
     * \brief Queue level: hand the oldest waiting packets to the sink.
     * \param count how many
     */
    void DeliverFront(uint32_t count);
    /// \return the time until the next arrival instant
    Time NextGap();
    /**
     * \param x a point of [0, total rate]
     * \return the flow whose share of the total rate holds x
     */
    uint32_t FlowAt(double x) const;

    uint32_t m_deviceIndex;           //!< device to send on
    uint32_t m_packetSize;            //!< bytes per packet
    double m_burstiness;              //!< mean burst length
    Arrival m_arrival;                //!< arrival process
    uint32_t m_sendBatch;             //!< packets per arrival instant
    double m_phase{0};                //!< paced: point of the golden-ratio sequence
    double m_pacedCarry{0};           //!< paced: time steps not yet rounded into a gap
    std::vector<double> m_cumulative; //!< cumulative flow rates
    std::vector<uint32_t> m_guide;    //!< per slice of the total rate, where FlowAt starts
    double m_guideScale{0};           //!< slices per packet/s of rate
    double m_totalRate{0};            //!< packets/s
    Ptr<NetDevice> m_device;          //!< where packets go
    DirectSink m_direct;              //!< queue level (null: packets)
    /// queue level: (flow, sequence) of the packets sent, not yet delivered
    std::deque<std::pair<uint32_t, uint64_t>> m_pending;
    Ptr<ExponentialRandomVariable> m_gap; //!< inter-packet time
    Ptr<UniformRandomVariable> m_draw;    //!< flow and burst draws
    uint32_t m_flow{0};                   //!< flow of the current burst
    uint32_t m_left{0};                   //!< packets left in the burst
    uint64_t m_sent{0};                   //!< packets sent
    bool m_running{false};                //!< between start and stop
    bool m_paused{false};                 //!< paused by backpressure
    uint64_t m_pauses{0};                 //!< times paused
    EventId m_next;                       //!< next packet
    /// Send, scheduled again with one EventImpl (one per pause, not per packet)
    RecurringEvent<BatchyTrafficSource, uint32_t> m_sendEvent;
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_TRAFFIC_SOURCE_H
