/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SECONDS_TO_TIME_H
#define SECONDS_TO_TIME_H

// Private to the module's .cc files (not installed).

#include "ns3/nstime.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \return time steps (of the current resolution) per second
 */
inline double
StepsPerSecond()
{
    static const double steps = static_cast<double>(Seconds(1).GetTimeStep());
    return steps;
}

/**
 * \ingroup request-scheduling
 * \brief A random draw in seconds as a Time, for the per-request paths.
 *
 * Rounds to the nearest time step as Seconds() does, but with one double
 * multiplication instead of Seconds()' 128-bit fixed-point conversion,
 * which costs more than the draw itself.
 * \param s seconds (finite)
 * \return the Time
 */
inline Time
SecondsToTime(double s)
{
    return Time(s * StepsPerSecond());
}

/**
 * \ingroup request-scheduling
 * \brief A cost in nanoseconds as a Time, for the per-batch paths.
 *
 * As SecondsToTime: the nearest time step, as Time::FromDouble(ns, Time::NS)
 * gives it, with one double multiplication (exact at the default
 * nanosecond resolution, where it is by 1).
 * \param ns nanoseconds (finite)
 * \return the Time
 */
inline Time
NanoSecondsToTime(double ns)
{
    static const double stepsPerNs = StepsPerSecond() / 1e9;
    return Time(ns * stepsPerNs);
}

} // namespace rsched
} // namespace ns3

#endif // SECONDS_TO_TIME_H
