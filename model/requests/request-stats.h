/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_STATS_H
#define REQUEST_STATS_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief Streaming summary of a latency sample: count, mean, standard
 * deviation, min, max and quantiles.
 *
 * Quantiles come from a logarithmic histogram whose buckets are
 * (gamma^(i-1), gamma^i] with gamma = (1 + a) / (1 - a), a = RELATIVE_ERROR:
 * reporting a bucket by 2 gamma^i / (gamma + 1) is within a relative error
 * a of every value in it, so every quantile is within 0.5 % of the exact
 * order statistic. Memory is O(log(max / min) / a) buckets, whatever the
 * number of samples. With exact mode on, samples are kept and quantiles are
 * exact order statistics (memory O(samples)). Mean, min and max are exact
 * either way. Quantile q is the nearest-rank order statistic: the
 * ceil(q n)-th smallest sample.
 */
class LatencySummary
{
  public:
    /// Bound on the relative error of quantiles from the histogram.
    static constexpr double RELATIVE_ERROR = 0.005;

    /**
     * \param exact keep every sample and report exact quantiles
     */
    explicit LatencySummary(bool exact = false);

    /**
     * \brief Add one sample.
     * \param latency the sample (>= 0)
     */
    void Add(Time latency);
    /**
     * \brief Add one sample to two summaries, at the cost of one Add (its
     * histogram bucket, a logarithm, computed once).
     * \param latency the sample (>= 0)
     * \param a one summary
     * \param b the other
     */
    static void AddToBoth(Time latency, LatencySummary& a, LatencySummary& b);
    /**
     * \brief Add every sample of another summary (same exactness).
     * \param other the other summary
     */
    void Merge(const LatencySummary& other);

    /// \return the number of samples
    uint64_t GetCount() const;
    /// \return the mean (0 if empty)
    Time GetMean() const;
    /// \return the sample standard deviation (0 with fewer than 2 samples)
    Time GetStdDev() const;
    /// \return the smallest sample (0 if empty)
    Time GetMin() const;
    /// \return the largest sample (0 if empty)
    Time GetMax() const;
    /**
     * \param q quantile in [0, 1]
     * \return the nearest-rank q-quantile (0 if empty)
     */
    Time GetQuantile(double q) const;
    /// \return true if quantiles are exact
    bool IsExact() const;
    /**
     * \brief The empirical CDF: one point (value, fraction of samples <= value)
     * per histogram bucket or, in exact mode, per distinct sample.
     * \return the points in increasing value
     */
    std::vector<std::pair<Time, double>> GetCdf() const;

  private:
    /**
     * \param latency a sample
     * \return it in ns (checked >= 0)
     */
    static double ToNs(Time latency);
    /**
     * \param ns a value in ns (>= 0)
     * \return its bucket index (0 for 0, which is counted apart)
     */
    static int32_t BucketOf(double ns);
    /**
     * \brief Add one sample already converted.
     * \param ns the sample in ns (ToNs())
     * \param bucket BucketOf(ns)
     */
    void Add(double ns, int32_t bucket);
    /**
     * \param index a bucket index
     * \return the value (ns) that represents it
     */
    static double ValueOf(int32_t index);
    /// Sort the kept samples once before reading order statistics.
    void SortSamples() const;

    bool m_exact;                          //!< keep samples
    mutable std::vector<double> m_samples; //!< samples (ns), exact mode only
    mutable bool m_sorted{true};           //!< m_samples is sorted
    std::vector<uint64_t> m_counts;        //!< histogram counts, from bucket m_offset
    int32_t m_offset{0};                   //!< bucket index of m_counts[0]
    uint64_t m_zeros{0};                   //!< samples equal to 0
    uint64_t m_count{0};                   //!< samples
    double m_mean{0};                      //!< running mean (ns)
    double m_m2{0};                        //!< running sum of squared deviations (ns^2)
    double m_min{0};                       //!< smallest sample (ns)
    double m_max{0};                       //!< largest sample (ns)
};

/**
 * \ingroup request-scheduling
 * \brief Latency summaries of all requests and of each request class.
 */
class RequestStats
{
  public:
    /**
     * \param exact keep samples for exact quantiles (see LatencySummary)
     */
    explicit RequestStats(bool exact = false);

    /**
     * \brief Record the latency of one request.
     * \param requestClass the request's class
     * \param latency its latency
     */
    void Record(uint32_t requestClass, Time latency);
    /**
     * \brief Add the records of another collector.
     * \param other the other collector
     */
    void Merge(const RequestStats& other);

    /// \return the summary over all classes
    const LatencySummary& GetAll() const;
    /// \return the number of classes seen (highest class + 1)
    uint32_t GetClassCount() const;
    /**
     * \param requestClass a class < GetClassCount()
     * \return its summary
     */
    const LatencySummary& GetClass(uint32_t requestClass) const;

  private:
    bool m_exact;                        //!< exact quantiles
    LatencySummary m_all;                //!< all requests
    std::vector<LatencySummary> m_class; //!< per class
};

/**
 * \ingroup request-scheduling
 * \brief Mean of independent replications with a Student-t confidence interval.
 */
struct ConfidenceInterval
{
    double mean{0};      //!< sample mean
    double halfWidth{0}; //!< half width of the interval (0 with fewer than 2 values)
    uint32_t n{0};       //!< number of values

    /**
     * \param values one value per independent run (RngRun)
     * \param level confidence level in (0, 1)
     * \return mean and half width
     */
    static ConfidenceInterval Of(const std::vector<double>& values, double level = 0.95);
};

/**
 * \ingroup request-scheduling
 * \brief Write a latency CDF as an ns-3 Gnuplot script and its data:
 * \p prefix.plt, which gnuplot turns into \p prefix.png.
 * \param summary the latencies
 * \param prefix output path without extension
 * \param title plot title
 */
void WriteLatencyCdfPlot(const LatencySummary& summary,
                         const std::string& prefix,
                         const std::string& title);

} // namespace rsched
} // namespace ns3

#endif // REQUEST_STATS_H
