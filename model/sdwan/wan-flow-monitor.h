/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_FLOW_MONITOR_H
#define WAN_FLOW_MONITOR_H

#include "tunnel-router.h"

#include "ns3/object.h"
#include "ns3/request-stats.h"

#include <unordered_map>

namespace ns3
{

/**
 * \ingroup request-scheduling-sdwan
 * \brief Flow completion time, one-way delay and jitter as the SD-WAN
 * paper measures them: at the border routers, not at the hosts.
 *
 * Watches the TunnelTx and TunnelRx traces of the border routers (Watch):
 * a packet leaving a border router into a tunnel carries its departure time
 * (a packet tag) to the border router at the other end, which gives its
 * one-way delay. Jitter is the difference between the one-way delays of
 * consecutive packets of a flow in the same direction, reported as its
 * absolute value.
 *
 * A flow is a TCP connection, opened by the application that starts it
 * (Open, with its client -> server 5-tuple) and closed when it completes
 * (Close). Its completion time runs from its first packet leaving a border
 * router into a tunnel to the arrival at the other border router of its
 * last packet carrying payload (packets after completion, such as the last
 * FIN and ACK, do not count). Only open flows are tracked, so memory is the
 * number of flows in flight. Delays and jitter are recorded from WarmUp on.
 */
class WanFlowMonitor : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    WanFlowMonitor();
    ~WanFlowMonitor() override;

    /**
     * \brief Take the packets of a border router into the measurements.
     * \param router a border router
     */
    void Watch(Ptr<TunnelRouter> router);
    /**
     * \brief Start tracking a connection.
     * \param key its client -> server 5-tuple
     */
    void Open(const FlowKey& key);
    /**
     * \brief Stop tracking a connection and give its completion time.
     * \param key its client -> server 5-tuple
     * \param fct receives the completion time measured at the border routers
     * \return false if none of its payload crossed the WAN
     */
    bool Close(const FlowKey& key, Time& fct);

    /// \return one-way delays between the border routers
    const LatencySummary& GetDelay() const;
    /// \return jitter (absolute difference of consecutive one-way delays)
    const LatencySummary& GetJitter() const;
    /// \return connections tracked now
    uint32_t GetOpen() const;

  private:
    /**
     * \param p packet leaving into a tunnel
     * \param header its IP header
     * \param tunnel the tunnel
     */
    void TunnelTx(Ptr<const Packet> p, const Ipv4Header& header, uint32_t tunnel);
    /**
     * \param p packet arriving from a tunnel
     * \param header its IP header
     * \param tunnel the tunnel
     */
    void TunnelRx(Ptr<const Packet> p, const Ipv4Header& header, uint32_t tunnel);

    /// A connection being tracked.
    struct Record
    {
        Time firstTx{-1};                      //!< its first packet left a border router
        Time lastPayload{-1};                  //!< its last payload packet arrived at one
        Time lastDelay[2]{Time(-1), Time(-1)}; //!< last one-way delay per direction
    };

    /**
     * \param key a packet's 5-tuple
     * \param direction receives 0 (client -> server) or 1
     * \return its connection's record, or null if not tracked
     */
    Record* Find(const FlowKey& key, int& direction);

    Time m_warmUp;                                                //!< start of recording
    std::unordered_map<FlowKey, Record, FlowKey::Hash> m_records; //!< open connections
    LatencySummary m_delay;                                       //!< one-way delays
    LatencySummary m_jitter;                                      //!< |delay differences|
};

} // namespace ns3

#endif // WAN_FLOW_MONITOR_H
