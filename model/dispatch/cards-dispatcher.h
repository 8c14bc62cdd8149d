/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CARDS_DISPATCHER_H
#define CARDS_DISPATCHER_H

#include "ns3/random-variable-stream.h"
#include "ns3/request-dispatcher.h"

#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-dispatch
 * \brief CArDS: compute-aware weighted round robin over compute units.
 *
 * The compute vector is flattened into an interval of sum(CU) slots, the
 * slots of entry i following those of entry i - 1 (entry i owns CU_i
 * consecutive slots). A counter k steps through the slots, one step per
 * request, and the request goes to the owner of slot k. Each dispatcher
 * starts k at a random slot (RandomOffset), so independent dispatchers do
 * not move in lock step. No load signalling is used. A new compute vector
 * restarts k at a new random slot, drawn when the first request after it
 * comes.
 */
class CardsDispatcher : public Dispatcher
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    CardsDispatcher();

    /// \return the slot the next request takes (before the first request
    /// after a new vector: 0, the random start being drawn then)
    uint32_t GetCounter() const;
    int64_t AssignStreams(int64_t stream) override;

  protected:
    uint32_t DoChoose(const ServiceRequestHeader& request, const Ipv4Header& header) override;
    void DoComputeVectorChanged() override;
    void DoAvailabilityChanged(uint32_t target, bool available) override;

  private:
    bool m_randomOffset;                 //!< start at a random slot
    Ptr<UniformRandomVariable> m_offset; //!< draws the starting slot
    std::vector<uint32_t> m_slotOwner;   //!< entry of each slot
    uint32_t m_counter{0};               //!< next slot
    bool m_drawStart{false};             //!< draw a random start at the next request
};

} // namespace rsched
} // namespace ns3

#endif // CARDS_DISPATCHER_H
