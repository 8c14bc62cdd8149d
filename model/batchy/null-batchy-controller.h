/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef NULL_BATCHY_CONTROLLER_H
#define NULL_BATCHY_CONTROLLER_H

#include "batchy-controller.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-batchy
 * \brief Batchy's "null" controller: no fractional buffer ever holds a
 * packet, so every module runs on the batches that reach it (the baseline
 * of the paper's speed-ups: what BESS does without Batchy).
 */
class NullBatchyController : public BatchyController
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    /// \return false: every trigger stays 0
    bool UsesBuffers() const override;

  protected:
    void DoStart() override;
};

} // namespace rsched
} // namespace ns3

#endif // NULL_BATCHY_CONTROLLER_H
