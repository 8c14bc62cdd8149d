/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MAX_BATCHY_CONTROLLER_H
#define MAX_BATCHY_CONTROLLER_H

#include "batchy-controller.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief Batchy's "max" controller: every controllable module's buffer
 * triggers at the worker's MaxBatch, once and for all.
 *
 * The largest batches, hence the least CPU per packet, whatever the delay:
 * the upper bound of throughput the paper compares against, and the
 * reference of its relative SLOs ("0.8x the max controller's delay").
 */
class MaxBatchyController : public BatchyController
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

  protected:
    void DoStart() override;
};

} // namespace rsched
} // namespace ns3

#endif // MAX_BATCHY_CONTROLLER_H
