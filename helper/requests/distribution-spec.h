/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DISTRIBUTION_SPEC_H
#define DISTRIBUTION_SPEC_H

#include "ns3/object-factory.h"
#include "ns3/random-variable-stream.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief A random variable built from a short text, with its mean and the
 * names of its classes (modes).
 *
 * Grammar (durations carry a unit: s, ms, us or ns; a distribution of
 * counts, Quantity::COUNT, takes plain numbers instead, e.g. sizes in
 * packets `mix:0.5:5:0.5:40`):
 * - `exp:MEAN` exponential
 * - `const:VALUE` constant
 * - `uniform:MIN:MAX` uniform on [MIN, MAX]
 * - `lognormal:MEAN:CV2` lognormal with that mean and squared coefficient of variation
 * - `bimodal:P:A:B` A with probability P, else B (classes "short" and "long" by value)
 * - `mix:P1:V1:P2:V2...` Vi with probability Pi (sum 1), classes "c0", "c1", ...
 *
 * Durations are at most ScenarioOptions::MAX_SECONDS (1e6 s, as
 * ScenarioOptions::ParseTime) and counts at most MAX_COUNT (1e9), so that
 * means are finite and the values drawn convert to Time and to integers
 * without overflow.
 * Values drawn are in seconds, as the module's RandomVariableStream
 * attributes expect. Create() makes an independent copy (for each client)
 * from the parsed form, without parsing the text again.
 */
struct DistributionSpec
{
    /// What the values of a distribution are.
    enum class Quantity
    {
        DURATION, //!< durations with a unit, drawn in seconds
        COUNT,    //!< plain numbers >= 0 (packets, bytes, ...)
    };

    static constexpr double MAX_COUNT = 1e9; //!< the largest count a text may give

    Ptr<RandomVariableStream> stream;    //!< the random variable (seconds)
    double mean{0};                      //!< its mean (seconds)
    std::vector<std::string> classNames; //!< one name per class (mixture component)
    std::string text;                    //!< the text it was parsed from

    /**
     * \brief Parse a distribution.
     * \param text the text, e.g. "exp:50us" or "bimodal:0.995:500ns:500us"
     * \param spec receives the result
     * \param error receives a one-line reason on failure
     * \param quantity durations (the default) or counts
     * \return true on success
     */
    static bool Parse(const std::string& text,
                      DistributionSpec& spec,
                      std::string& error,
                      Quantity quantity = Quantity::DURATION);

    /// An inter-arrival process.
    enum class Process
    {
        EXPONENTIAL, //!< Poisson arrivals
        LOGNORMAL,   //!< lognormal gaps with CV^2 = 3, as in the AFP authors' simulator
        UNIFORM,     //!< gaps uniform on [0, 2 mean]
        CONSTANT,    //!< equal gaps
    };

    /// The processes by option word (exp, lognormal, uniform, constant), a
    /// ScenarioOptions Choices table.
    static const std::vector<std::pair<std::string, Process>> PROCESSES;

    /**
     * \brief An inter-arrival distribution of a given process and mean.
     * \param process the arrival process
     * \param mean mean inter-arrival time (seconds, 1 ns .. 1e6 s)
     * \param spec receives the result
     * \param error receives a one-line reason on failure
     * \return true on success
     */
    static bool Arrival(Process process, double mean, DistributionSpec& spec, std::string& error);

    /// A service-demand workload of the papers, by name (--workload).
    struct Workload
    {
        const char* name;    //!< the option value, e.g. "w1"
        const char* service; //!< its distribution, e.g. "bimodal:0.995:500ns:500us"
        const char* about;   //!< whose it is and what, for --help
        const char* first;   //!< name of class 0 instead of the distribution's ("": keep)
        const char* second;  //!< name of class 1 instead of the distribution's
    };

    /// The named workloads: every example's --workload takes each of them.
    static const std::vector<Workload> WORKLOADS;

    /**
     * \brief Parse a named workload (WORKLOADS) into a distribution with
     * its class names.
     * \param name a workload's name
     * \param spec receives the distribution
     * \param error receives "expected one of" the names on failure
     * \return true on success
     */
    static bool ParseWorkload(const std::string& name, DistributionSpec& spec, std::string& error);

    /**
     * \param workload a workload's name (or anything else)
     * \param service the service demand in use
     * \return \p workload if \p service is that workload's, else "custom"
     *         (a service demand given by --service)
     */
    static std::string WorkloadOf(const std::string& workload, const DistributionSpec& service);

    /// \return the named workloads for --help: "w1 (AFP: 99.5% 0.5us, 0.5% 500us) | ..."
    static std::string ListWorkloads();

    /// \return a new random variable of this distribution (null if none was parsed)
    Ptr<RandomVariableStream> Create() const;

  private:
    ObjectFactory m_factory;                        //!< the ns-3 random variable, if not a mixture
    std::vector<std::pair<double, double>> m_modes; //!< (probability, value) of a mixture
};

} // namespace rsched
} // namespace ns3

#endif // DISTRIBUTION_SPEC_H
