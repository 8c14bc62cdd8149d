/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RANDOM_DELAY_LINK_HELPER_H
#define RANDOM_DELAY_LINK_HELPER_H

#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"

#include <string>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Builds point-to-point links over a RandomDelayChannel: the same
 * devices and queues as PointToPointHelper (whose channel type cannot be
 * changed), with a propagation delay drawn per packet.
 *
 * \code
 *   RandomDelayLinkHelper link;
 *   link.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
 *   link.SetChannelAttribute("DelayVariable",
 *                            StringValue("ns3::ExponentialRandomVariable[Mean=0.003]"));
 *   NetDeviceContainer devices = link.Install(a, b);
 * \endcode
 */
class RandomDelayLinkHelper
{
  public:
    RandomDelayLinkHelper();

    /**
     * \param name attribute of PointToPointNetDevice
     * \param value its value
     */
    void SetDeviceAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of RandomDelayChannel (Delay, DelayVariable)
     * \param value its value
     */
    void SetChannelAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param name attribute of the device queue (a DropTailQueue<Packet>)
     * \param value its value
     */
    void SetQueueAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Connect the device queues to the traffic-control layer for
     * flow control, as PointToPointHelper does (the default). Without a
     * queue disc on the devices (TrafficControlHelper::Uninstall) flow
     * control has nothing to do, and leaving it out saves an event per
     * packet sent.
     * \param enable true to install flow control
     */
    void SetFlowControl(bool enable);

    /**
     * \param a one end
     * \param b the other end
     * \return the two devices (a's first)
     */
    NetDeviceContainer Install(Ptr<Node> a, Ptr<Node> b);
    /**
     * \param nodes exactly two nodes
     * \return the two devices
     */
    NetDeviceContainer Install(NodeContainer nodes);

    /**
     * \brief Fix the random streams of the channels of \p devices.
     * \param devices devices installed by this helper
     * \param stream first stream index
     * \return number of streams used
     */
    static int64_t AssignStreams(NetDeviceContainer devices, int64_t stream);

  private:
    /**
     * \param node the node
     * \return a new device with its queue, added to the node
     */
    Ptr<NetDevice> MakeDevice(Ptr<Node> node);

    ObjectFactory m_deviceFactory;  //!< devices
    ObjectFactory m_channelFactory; //!< channels
    ObjectFactory m_queueFactory;   //!< device queues
    bool m_flowControl{true};       //!< aggregate a NetDeviceQueueInterface
};

} // namespace rsched
} // namespace ns3

#endif // RANDOM_DELAY_LINK_HELPER_H
