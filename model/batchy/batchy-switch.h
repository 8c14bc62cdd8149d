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
 */
class BatchySwitch : public Application
{
  public:
    static constexpr const char* MALFORMED_DROP = "Malformed packet"; //!< drop reason

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    BatchySwitch();
    ~BatchySwitch() override;

    /// \return the worker
    Ptr<BatchyWorker> GetWorker() const;
    /// \return the controller (may be null)
    Ptr<BatchyController> GetController() const;
    /// \return packets received on the ingress devices
    uint64_t GetReceived() const;
    /// \return packets sent on the egress device
    uint64_t GetForwarded() const;
    /// \return packets finished by the worker, not yet sent (same-time batch pending)
    uint32_t GetPendingEgress() const;
    /// \return drops by reason (the worker's are its own)
    const std::map<std::string, uint64_t>& GetDrops() const;

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
     * \param packet a packet leaving the graph
     * \param flow its flow
     * \param departure when
     */
    void Egress(Ptr<Packet> packet, uint32_t flow, Time departure);
    /// Send the group of packets that leaves now (the oldest).
    void SendPending();

    Ptr<BatchyWorker> m_worker;         //!< the pipeline
    Ptr<BatchyController> m_controller; //!< its controller
    uint32_t m_egressIndex;             //!< egress device index
    Ptr<NetDevice> m_egress;            //!< egress device
    /// packets finished by the worker, grouped by departure time, in time order
    std::deque<std::pair<Time, std::vector<Ptr<Packet>>>> m_pending;
    uint32_t m_pendingPackets{0};            //!< packets in m_pending
    uint64_t m_received{0};                  //!< packets received
    uint64_t m_forwarded{0};                 //!< packets sent
    std::map<std::string, uint64_t> m_drops; //!< drops per reason
    bool m_handlerRegistered{false};         //!< protocol handler in place
    TracedCallback<Ptr<const Packet>, const std::string&> m_dropTrace; //!< drops
};

} // namespace ns3

#endif // BATCHY_SWITCH_H
