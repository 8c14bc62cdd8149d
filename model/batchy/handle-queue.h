/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef HANDLE_QUEUE_H
#define HANDLE_QUEUE_H

#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

namespace ns3
{
namespace rsched
{

/// Packet handles waiting in a BatchyWorker queue (the ingress, a task's,
/// a core's hand-off queue), oldest first.
using HandleQueue = std::deque<uint32_t>;

/**
 * \ingroup request-scheduling-batchy
 * \brief Move up to \p max handles from the front of a queue into a batch.
 * \param queue the queue
 * \param max most handles to take
 * \param batch replaced by the handles taken, oldest first
 * \return handles taken
 */
inline uint32_t
TakeFront(HandleQueue& queue, uint32_t max, std::vector<uint32_t>& batch)
{
    uint32_t n = std::min<std::size_t>(max, queue.size());
    batch.assign(queue.begin(), queue.begin() + n);
    queue.erase(queue.begin(), queue.begin() + n);
    return n;
}

} // namespace rsched
} // namespace ns3

#endif // HANDLE_QUEUE_H
