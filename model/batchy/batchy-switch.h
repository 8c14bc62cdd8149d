/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BATCHY_SWITCH_H
#define BATCHY_SWITCH_H

#include "batchy-controller.h"
#include "batchy-worker.h"

#include "ns3/application.h"
#include "ns3/net-device.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <map>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief A software switch (a BESS pipeline) on an ns-3 node: packets
 * arriving on its net devices enter a BatchyWorker, traverse its data-flow
 * graph, and leave on the egress device at the time the worker finishes
 * them.
 *
 * Every device but EgressDevice is an ingress. Arriving packets are
 * classified by their BatchyHeader's flow (the pipeline's match tables);
 * packets without a well-formed header, or of a flow the graph does not
 * have, are dropped and counted (MALFORMED_DROP). The packets one module
 * execution finishes leave together: one send event per batch, not per
 * packet. A BatchyController, if set, is attached to the worker when the
 * application starts.
 *
 * A device can be taken down (SetDeviceDown: a failed link or port) and
 * up again: packets arriving on a down ingress, or leaving when their
 * departure finds the egress down, are dropped with the failure's reason.
 *
 * In front of an IP network (Ingress = Ipv4Hash), the switch is a bump in
 * the wire between two devices, 0 and EgressDevice, on a node without an
 * IP stack: the IPv4 packets arriving on device 0 go through the graph,
 * each to flow hash(addresses, protocol, ports) modulo the graph's flows
 * (a flow's packets stay in order, as a NIC's RSS keeps them), and leave
 * on the egress device as IPv4; those arriving on the egress device (the
 * way back) leave on device 0 at once, not scheduled (GetReturned). An IP
 * fragment or a truncated header counts as malformed.
 *
 * Queue level (SetDirectEgress): no packets and no devices. The source
 * hands each packet's flow and sequence to Deliver, and the packets one
 * execution finishes go to the direct egress at the same time as they
 * would be sent, so the worker sees what it sees at packet level with an
 * infinitely fast link and no delay. Device indices still name the ingress
 * (any index but EgressDevice) and the egress for SetDeviceDown.
 */
class BatchySwitch : public Application
{
  public:
    static constexpr const char* MALFORMED_DROP = "Malformed packet"; //!< drop reason

    /// What arrives on the ingress devices.
    enum Ingress
    {
        BATCHY_HEADER, //!< packets with a BatchyHeader, which names the flow
        IPV4_HASH,     //!< IPv4 packets, a bump in the wire; the flow is a 5-tuple hash
    };

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BatchySwitch();
    ~BatchySwitch() override;

    /// Queue level: a packet leaving (flow, sequence, arrival at the worker).
    using DirectEgress = Callback<void, uint32_t, uint64_t, Time>;

    /// \return the worker
    Ptr<BatchyWorker> GetWorker() const;
    /**
     * \brief Work at queue level: the node needs no devices, packets come
     * in by Deliver and leave to \p egress.
     * \param egress receives each departure at its time
     */
    void SetDirectEgress(DirectEgress egress);
    /**
     * \brief Queue level: a packet arrives, without a packet object.
     * \param flow its flow (one the graph lacks is dropped as malformed)
     * \param sequence the source's sequence number, given back at egress
     */
    void Deliver(uint32_t flow, uint64_t sequence);
    /// \return the controller (may be null)
    Ptr<BatchyController> GetController() const;
    /// \return packets received on the ingress devices
    uint64_t GetReceived() const;
    /// \return packets sent on the egress device
    uint64_t GetForwarded() const;
    /// \return packets sent back unscheduled (Ipv4Hash: from the egress device to device 0)
    uint64_t GetReturned() const;
    /**
     * \brief The flow of an IPv4 packet (Ipv4Hash).
     * \param packet the packet, from its IPv4 header on
     * \param flows the graph's flows (> 0)
     * \param flow receives hash(addresses, protocol, ports) modulo \p flows
     * \return false if the packet is not a whole, unfragmented IPv4 packet
     *         whose TCP or UDP ports can be read (other protocols: ports 0)
     */
    static bool ClassifyIpv4(Ptr<const Packet> packet, uint32_t flows, uint32_t& flow);
    /// \return packets finished by the worker, not yet sent (same-time batch pending)
    uint32_t GetPendingEgress() const;
    /// \return drops by reason (the worker's are its own)
    const std::map<std::string, uint64_t>& GetDrops() const;
    /**
     * \brief A device of the node goes down. Failures nest (a device down
     * twice needs two SetDeviceUp); the latest reason names the drops.
     * \param device its index on the node
     * \param reason drop reason of the packets it loses
     */
    void SetDeviceDown(uint32_t device, const std::string& reason);
    /**
     * \brief A device that was down recovers.
     * \param device its index on the node
     */
    void SetDeviceUp(uint32_t device);

  protected:
    void DoDispose() override;

  private:
    void StartApplication() override;
    void StopApplication() override;
    /**
     * \param device ingress device
     * \param packet the packet
     * \param protocol protocol number
     * \param from sender
     * \param to receiver
     * \param type packet type
     */
    void Receive(Ptr<NetDevice> device,
                 Ptr<const Packet> packet,
                 uint16_t protocol,
                 const Address& from,
                 const Address& to,
                 NetDevice::PacketType type);
    /**
     * \param packet a packet leaving the graph (null at queue level)
     * \param flow its flow
     * \param id its sequence (queue level)
     * \param arrival when it reached the worker
     * \param departure when it leaves
     */
    void Egress(const Ptr<Packet>& packet,
                uint32_t flow,
                uint64_t id,
                Time arrival,
                Time departure);
    /**
     * \brief Ipv4Hash: a packet on the way back goes out on device 0.
     * \param device the egress device
     * \param packet the packet
     * \param protocol protocol number
     * \param from sender
     * \param to receiver
     * \param type packet type
     */
    void Return(Ptr<NetDevice> device,
                Ptr<const Packet> packet,
                uint16_t protocol,
                const Address& from,
                const Address& to,
                NetDevice::PacketType type);
    /// Send the group of packets that leaves now (the oldest).
    void SendPending();
    /**
     * \brief Drop a packet and count it.
     * \param packet the packet
     * \param reason why
     */
    void Drop(Ptr<const Packet> packet, const std::string& reason);

    Ptr<BatchyWorker> m_worker;         //!< the pipeline
    Ptr<BatchyController> m_controller; //!< its controller
    uint32_t m_egressIndex;             //!< egress device index
    Ingress m_ingress{BATCHY_HEADER};   //!< what arrives

    /// A packet finished by the worker, waiting for its departure time.
    struct Departure
    {
        /// Null at queue level; else one reference to it, taken in Egress
        /// and given back when sent or disposed of (a raw pointer: a
        /// queue-level group is cleared without a destructor per packet)
        Packet* packet;
        uint32_t flow; //!< its flow
        uint64_t id;   //!< its sequence (queue level)
        Time arrival;  //!< at the worker
    };

    Ptr<NetDevice> m_egress; //!< egress device
    DirectEgress m_direct;   //!< queue level (null: packets)
    /// packets finished by the worker, grouped by departure time, in time order
    std::deque<std::pair<Time, std::vector<Departure>>> m_pending;
    /// emptied groups' vectors, reused with their capacity (no allocation per group)
    std::vector<std::vector<Departure>> m_spareGroups;
    uint32_t m_pendingPackets{0};            //!< packets in m_pending
    uint64_t m_received{0};                  //!< packets received
    uint64_t m_forwarded{0};                 //!< packets sent
    uint64_t m_returned{0};                  //!< packets sent back unscheduled (Ipv4Hash)
    std::map<std::string, uint64_t> m_drops; //!< drops per reason
    bool m_handlerRegistered{false};         //!< protocol handler in place
    /// per device down: failures holding it down and the latest reason
    std::map<uint32_t, std::pair<uint32_t, std::string>> m_down;
    TracedCallback<Ptr<const Packet>, const std::string&> m_dropTrace; //!< drops
};

} // namespace rsched
} // namespace ns3

#endif // BATCHY_SWITCH_H
