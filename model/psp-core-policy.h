/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PSP_CORE_POLICY_H
#define PSP_CORE_POLICY_H

#include "cfcfs-core-policy.h"

#include <deque>

namespace ns3
{

/**
 * \ingroup request-scheduling
 * \brief Perséphone (Demoulin et al., SOSP 2021): a dispatcher core
 * classifies each request (DispatchOverhead, 150-600 ns in the AFP paper's
 * runs) into a short or a long queue; ReservedCores workers (indices 0 ..
 * ReservedCores - 1) serve short requests only.
 *
 * A short request (class ShortClass) goes to an idle reserved worker first,
 * else to any idle worker, else waits in the short queue; a long request
 * goes only to an idle non-reserved worker, else waits in the long queue.
 * An idle reserved worker takes from the short queue only; an idle
 * non-reserved worker takes the short queue first, then the long one.
 * Requests run to completion. The single dispatcher bounds the throughput
 * at 1 / DispatchOverhead.
 */
class PspCorePolicy : public CfcfsCorePolicy
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    /// \return the number of workers reserved for short requests
    uint32_t GetReservedCores() const;

  protected:
    void DoAttach() override;
    void Admit(Handle h) override;
    void DoWorkerIdle(uint32_t w) override;
    uint64_t DoGetWaiting() const override;

  private:
    /**
     * \param h a request
     * \return true if it is of the short class
     */
    bool IsShort(Handle h);

    uint32_t m_reserved;        //!< workers reserved for short requests
    uint32_t m_shortClass;      //!< request class that is short
    std::deque<Handle> m_short; //!< waiting short requests
    std::deque<Handle> m_long;  //!< waiting long requests
};

} // namespace ns3

#endif // PSP_CORE_POLICY_H
