/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ECMP_ROUTER_H
#define ECMP_ROUTER_H

#include "tunnel-router.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-sdwan
 * \brief The ECMP baseline of the SD-WAN paper, per flow: a packet's tunnel
 * is a hash of its 5-tuple modulo the number of tunnels, so every packet of
 * a flow takes the same tunnel, whatever its length.
 *
 * The hash is salted with HashSeed, as routers salt theirs so that
 * neighbours do not polarise; packets whose ports cannot be read (not TCP
 * or UDP, fragments, truncated headers) hash on addresses and protocol.
 */
class EcmpRouter : public TunnelRouter
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    EcmpRouter();
    ~EcmpRouter() override;

  protected:
    uint32_t SelectTunnel(Ptr<const Packet> p,
                          const FlowKey& key,
                          FlowKey::Status status,
                          Ipv4Header& header) override;

  private:
    uint32_t m_seed; //!< hash salt
};

/**
 * \ingroup request-scheduling-sdwan
 * \brief The per-packet ECMP variant (the SD-WAN paper's text says ECMP
 * "evenly distributes packets"): steered packets go to the tunnels in
 * turn, 0, 1, ..., so consecutive packets of a flow alternate between
 * tunnels (and TCP sees them reordered when the tunnels' delays differ).
 */
class PacketSprayRouter : public TunnelRouter
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    PacketSprayRouter();
    ~PacketSprayRouter() override;

  protected:
    uint32_t SelectTunnel(Ptr<const Packet> p,
                          const FlowKey& key,
                          FlowKey::Status status,
                          Ipv4Header& header) override;

  private:
    uint32_t m_next{0}; //!< next tunnel
};

} // namespace rsched
} // namespace ns3

#endif // ECMP_ROUTER_H
