/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RANDOM_DELAY_CHANNEL_H
#define RANDOM_DELAY_CHANNEL_H

#include "ns3/point-to-point-channel.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief A point-to-point channel whose propagation delay is drawn per
 * packet: Delay (the base class's fixed part) plus a draw of DelayVariable.
 *
 * CArDS models link latency as i.i.d. per packet (exponential, mean 3000 us
 * between sites, 700 us inside a site); ns-3's PointToPointChannel has one
 * fixed delay. Since each packet's delay is independent, packets may
 * overtake each other, as in the paper's model. Transmission time still
 * follows the devices' DataRate. The base class's TxRxPointToPoint trace is
 * not fired (its source is private); PacketDelay reports each packet's delay.
 */
class RandomDelayChannel : public PointToPointChannel
{
  public:
    /**
     * \brief Signature of the PacketDelay trace.
     * \param packet the packet
     * \param delay the propagation delay it gets
     */
    typedef void (*PacketDelayTracedCallback)(Ptr<const Packet> packet, Time delay);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RandomDelayChannel();

    bool TransmitStart(Ptr<const Packet> p, Ptr<PointToPointNetDevice> src, Time txTime) override;

    /**
     * \brief Use a fixed random stream.
     * \param stream stream index
     * \return number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    Ptr<RandomVariableStream> m_delayVariable;            //!< per-packet delay (s)
    TracedCallback<Ptr<const Packet>, Time> m_delayTrace; //!< delay drawn
};

} // namespace rsched
} // namespace ns3

#endif // RANDOM_DELAY_CHANNEL_H
