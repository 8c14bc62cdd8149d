/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MIXTURE_RANDOM_VARIABLE_H
#define MIXTURE_RANDOM_VARIABLE_H

#include "ns3/random-variable-stream.h"

#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief A finite mixture of random variables: each draw picks component i
 * with probability w_i / sum(w) and returns a draw of that component.
 *
 * Service-time workloads of the microsecond-scheduling papers are mixtures
 * (W1: 99.5 % 0.5 us + 0.5 % 500 us). The index of the component of the last
 * draw is kept, so a client can tag each request with its class (mode)
 * without a second random draw. Components are added like the points of an
 * EmpiricalRandomVariable's CDF.
 */
class MixtureRandomVariable : public RandomVariableStream
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    MixtureRandomVariable();

    /**
     * \brief Add a component.
     * \param weight relative weight, > 0
     * \param component the component's random variable
     */
    void AddComponent(double weight, Ptr<RandomVariableStream> component);
    /// \return the number of components
    uint32_t GetComponentCount() const;
    /**
     * \param i component index
     * \return the probability of component i
     */
    double GetProbability(uint32_t i) const;
    /// \return the component index of the last value drawn
    uint32_t GetLastComponent() const;

    /**
     * \brief Assign fixed streams to this variable and its components.
     * \param stream first stream index to use
     * \return the number of streams assigned
     */
    int64_t AssignStreams(int64_t stream);

    double GetValue() override;
    uint32_t GetInteger() override;

  private:
    std::vector<Ptr<RandomVariableStream>> m_components; //!< components
    std::vector<double> m_cumulative;                    //!< cumulative weights
    uint32_t m_last{0};                                  //!< component of the last draw
};

} // namespace rsched
} // namespace ns3

#endif // MIXTURE_RANDOM_VARIABLE_H
