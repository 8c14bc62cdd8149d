/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FRACTIONAL_BUFFER_H
#define FRACTIONAL_BUFFER_H

#include <cstdint>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief Batchy's fractional buffer, in front of a module: it holds the
 * packets that arrive until there are as many as its trigger b, then lets
 * exactly b through as one batch (Lévai et al., NSDI'20, Sec. 3).
 *
 * Holding packets back suppresses the module's execution until its batch
 * is worth the per-batch cost T0; the price is delay. b = 0 lets every
 * batch through as it comes. When the trigger is lowered below the
 * backlog, what is held goes on first, as one batch (as the authors'
 * buffer does). The capacity bounds the trigger: a buffer emits as soon as
 * it holds b packets, so between offers it holds at most b - 1 and cannot
 * overflow (packets are dropped, and counted, at the worker's ingress
 * queue instead).
 *
 * Packets are handles (indices into the owner's packet pool). Offer()
 * appends a batch and returns the batches to pass on.
 */
class FractionalBuffer
{
  public:
    /**
     * \param capacity most packets held (>= 1)
     */
    explicit FractionalBuffer(uint32_t capacity = 64);
    /**
     * \param trigger b: 0 (pass-through) .. capacity
     */
    void SetTrigger(uint32_t trigger);
    /// \return the trigger b
    uint32_t GetTrigger() const;
    /// \return the capacity
    uint32_t GetCapacity() const;
    /// \return packets held
    uint32_t GetBacklog() const;
    /**
     * \brief Take a batch; fill \p out with the batches to pass on, in
     * order (each a run of \p out delimited by \p sizes).
     * \param batch the packets arriving
     * \param out receives the packets passed on, batch after batch
     * \param sizes receives the size of each batch passed on
     */
    void Offer(const std::vector<uint32_t>& batch,
               std::vector<uint32_t>& out,
               std::vector<uint32_t>& sizes);
    /**
     * \brief Release everything held as one batch (a flush).
     * \param out receives the packets
     */
    void Flush(std::vector<uint32_t>& out);

  private:
    uint32_t m_capacity;          //!< most packets held
    uint32_t m_trigger{0};        //!< b
    std::vector<uint32_t> m_held; //!< packets held, oldest first
};

} // namespace rsched
} // namespace ns3

#endif // FRACTIONAL_BUFFER_H
