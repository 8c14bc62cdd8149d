/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCENARIO_OPTIONS_H
#define SCENARIO_OPTIONS_H

#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup request-scheduling
 * \brief A random variable built from a short text, with its mean and the
 * names of its classes (modes).
 *
 * Grammar (durations carry a unit: s, ms, us or ns):
 * - `exp:MEAN` exponential
 * - `const:VALUE` constant
 * - `uniform:MIN:MAX` uniform on [MIN, MAX]
 * - `lognormal:MEAN:CV2` lognormal with that mean and squared coefficient of variation
 * - `bimodal:P:A:B` A with probability P, else B (classes "short" and "long" by value)
 * - `mix:P1:V1:P2:V2...` Vi with probability Pi (sum 1), classes "c0", "c1", ...
 *
 * Values drawn are in seconds, as the module's RandomVariableStream
 * attributes expect.
 */
struct DistributionSpec
{
    Ptr<RandomVariableStream> stream;    //!< the random variable (seconds)
    double mean{0};                      //!< its mean (seconds)
    std::vector<std::string> classNames; //!< one name per class (mixture component)
    std::string text;                    //!< the text it was parsed from

    /**
     * \brief Parse a distribution.
     * \param text the text, e.g. "exp:50us" or "bimodal:0.995:500ns:500us"
     * \param spec receives the result
     * \param error receives a one-line reason on failure
     * \return true on success
     */
    static bool Parse(const std::string& text, DistributionSpec& spec, std::string& error);

    /**
     * \brief An inter-arrival distribution of a given kind and mean.
     * \param kind exp (Poisson arrivals), lognormal (CV^2 = 3, as in the AFP
     *        authors' simulator), uniform (on [0, 2 mean]) or constant
     * \param mean mean inter-arrival time (seconds, > 0)
     * \param spec receives the result
     * \param error receives a one-line reason on failure
     * \return true on success
     */
    static bool Arrival(const std::string& kind,
                        double mean,
                        DistributionSpec& spec,
                        std::string& error);
};

/**
 * \ingroup request-scheduling
 * \brief Strict parsing of command-line values for the module's examples.
 *
 * ns-3's CommandLine accepts "4abc" as 4 and "-1" as a huge unsigned; the
 * examples read their options as strings and convert them here, so a bad
 * value ends the program with one line naming the option. Every function
 * returns false and sets \p error to "invalid --NAME=VALUE: reason".
 */
class ScenarioOptions
{
  public:
    /**
     * \param name option name (without --)
     * \param text its value
     * \param min smallest allowed value
     * \param max largest allowed value
     * \param value receives the number
     * \param error receives the reason on failure
     * \return true on success
     */
    static bool ParseUnsigned(const std::string& name,
                              const std::string& text,
                              uint64_t min,
                              uint64_t max,
                              uint64_t& value,
                              std::string& error);
    /**
     * \param name option name (without --)
     * \param text its value
     * \param minExclusive the value must be greater than this
     * \param maxInclusive the value must be at most this
     * \param value receives the number
     * \param error receives the reason on failure
     * \return true on success
     */
    static bool ParseDouble(const std::string& name,
                            const std::string& text,
                            double minExclusive,
                            double maxInclusive,
                            double& value,
                            std::string& error);
    /**
     * \param name option name (without --)
     * \param text a duration with unit (s, ms, us, ns), e.g. "2s"
     * \param allowZero accept 0
     * \param value receives the duration
     * \param error receives the reason on failure
     * \return true on success
     */
    static bool ParseTime(const std::string& name,
                          const std::string& text,
                          bool allowZero,
                          Time& value,
                          std::string& error);
    /**
     * \param name option name (without --)
     * \param text its value
     * \param choices allowed values
     * \param error receives the reason on failure
     * \return true if text is one of the choices
     */
    static bool ParseChoice(const std::string& name,
                            const std::string& text,
                            const std::vector<std::string>& choices,
                            std::string& error);
    /**
     * \param name option name (without --)
     * \param text a distribution (see DistributionSpec)
     * \param spec receives the distribution
     * \param error receives the reason on failure
     * \return true on success
     */
    static bool ParseDistribution(const std::string& name,
                                  const std::string& text,
                                  DistributionSpec& spec,
                                  std::string& error);
    /**
     * \brief Parse a duration with unit into seconds (no option context).
     * \param text e.g. "50us"
     * \param seconds receives the value
     * \return true if the text is a finite number followed by s, ms, us or ns
     */
    static bool ParseSeconds(const std::string& text, double& seconds);
};

} // namespace ns3

#endif // SCENARIO_OPTIONS_H
