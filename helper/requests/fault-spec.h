/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FAULT_SPEC_H
#define FAULT_SPEC_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief One part of a scenario that fails during a run: `KIND:INDEX@DOWN[-UP]`.
 *
 * KIND is `server`, `link` or `switch`; what INDEX numbers is the
 * scenario's (see the doc's "Faults" section). DOWN and UP are durations
 * with a unit; without UP the part stays down. Several faults are separated
 * by commas: `--fail=server:3@1s-2s,link:0@1.5s`. Two faults of one part
 * may not overlap.
 */
struct FaultSpec
{
    /// What fails.
    enum class Kind
    {
        SERVER, //!< a server (or a switch's core)
        LINK,   //!< a link
        SWITCH, //!< a switch or router
    };

    std::string text;        //!< as given, e.g. "server:3@1s-2s"
    Kind kind{Kind::SERVER}; //!< what fails
    uint32_t index{0};       //!< which one of its kind
    Time down;               //!< when it fails
    Time up{Time::Max()};    //!< when it recovers (Time::Max(): never)

    /// \return "KIND INDEX", as it appears in drop reasons
    std::string GetName() const;
    /// \return the kind's name: server, link or switch
    std::string GetKindName() const;

    /**
     * \brief Parse a comma-separated list of faults.
     * \param name the option's name, for messages
     * \param text the list
     * \param faults receives the faults, in the order given
     * \param error receives "invalid --NAME=TEXT: reason" on failure
     * \return true on success
     */
    static bool Parse(const std::string& name,
                      const std::string& text,
                      std::vector<FaultSpec>& faults,
                      std::string& error);
};

} // namespace rsched
} // namespace ns3

#endif // FAULT_SPEC_H
