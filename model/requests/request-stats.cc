/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "request-stats.h"

#include "ns3/abort.h"
#include "ns3/gnuplot.h"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <fstream>
#include <iterator>

namespace ns3
{
namespace rsched
{

namespace
{
const double kGamma = (1 + LatencySummary::RELATIVE_ERROR) / (1 - LatencySummary::RELATIVE_ERROR);
const double kLogGamma = std::log(kGamma);

/// \param ns a value in ns (>= 0) \return LatencySummary::BucketOf(ns), computed
int32_t
Formula(double ns)
{
    return ns > 0 ? static_cast<int32_t>(std::ceil(std::log(ns) / kLogGamma)) : 0;
}

/// \param ns a duration in ns \return it as a Time, keeping fractions of the resolution
Time
FromNs(double ns)
{
    return Time::FromDouble(ns, Time::NS);
}
} // namespace

LatencySummary::LatencySummary(bool exact)
    : m_exact(exact)
{
}

int32_t
LatencySummary::BucketOf(double ns)
{
    // The same delay often comes twice in a row (a Batchy departure goes
    // to the worker's flow statistics, then to the scenario's end-to-end
    // ones): the last index is kept.
    static double lastNs = -1;
    static int32_t lastIndex = 0;
    if (ns == lastNs)
    {
        return lastIndex;
    }
    lastNs = ns;
    // Whole nanoseconds below 65.5 us, most samples of a microsecond-scale
    // or Batchy run, take their index from a table filled as they come,
    // with the formula below: the same index for a fraction of the cost (a
    // logarithm per sample was 8 % of a saturated Batchy run). Entries hold
    // the index + 1, so that a zero-initialised entry is an empty one.
    static int16_t tabled[1 << 16];
    if (ns < static_cast<double>(std::size(tabled)))
    {
        auto n = static_cast<uint32_t>(ns);
        if (n == ns)
        {
            int16_t& entry = tabled[n];
            if (entry == 0)
            {
                entry = static_cast<int16_t>(Formula(ns) + 1);
            }
            return lastIndex = entry - 1;
        }
    }
    return lastIndex = Formula(ns);
}

double
LatencySummary::ValueOf(int32_t index)
{
    return 2 * std::pow(kGamma, index) / (kGamma + 1);
}

double
LatencySummary::ToNs(Time latency)
{
    NS_ABORT_MSG_IF(latency.IsStrictlyNegative(), "negative latency " << latency);
    // Steps times a constant, not GetSeconds(): its 128-bit fixed-point
    // conversion costs more than the rest of Add().
    static const double nsPerStep = 1e9 / static_cast<double>(Seconds(1).GetTimeStep());
    return static_cast<double>(latency.GetTimeStep()) * nsPerStep;
}

void
LatencySummary::Add(Time latency)
{
    double ns = ToNs(latency);
    Add(ns, BucketOf(ns));
}

void
LatencySummary::AddToBoth(Time latency, LatencySummary& a, LatencySummary& b)
{
    double ns = ToNs(latency);
    int32_t bucket = BucketOf(ns);
    a.Add(ns, bucket);
    b.Add(ns, bucket);
}

void
LatencySummary::Add(double ns, int32_t b)
{
    ++m_count;
    // Welford's update keeps the variance accurate over long runs.
    double delta = ns - m_mean;
    m_mean += delta / m_count;
    m_m2 += delta * (ns - m_mean);
    m_min = m_count == 1 ? ns : std::min(m_min, ns);
    m_max = m_count == 1 ? ns : std::max(m_max, ns);
    if (m_exact)
    {
        m_samples.push_back(ns);
        m_sorted = false;
    }
    if (ns == 0)
    {
        ++m_zeros;
        return;
    }
    if (m_counts.empty())
    {
        m_offset = b;
    }
    if (b < m_offset)
    {
        m_counts.insert(m_counts.begin(), m_offset - b, 0);
        m_offset = b;
    }
    if (b - m_offset >= static_cast<int32_t>(m_counts.size()))
    {
        m_counts.resize(b - m_offset + 1, 0);
    }
    ++m_counts[b - m_offset];
}

void
LatencySummary::Merge(const LatencySummary& other)
{
    NS_ABORT_MSG_IF(m_exact != other.m_exact, "cannot merge exact and histogram summaries");
    if (other.m_count == 0)
    {
        return;
    }
    if (m_count == 0)
    {
        *this = other;
        return;
    }
    // Chan et al.'s pairwise combination of means and squared deviations.
    double n = m_count + other.m_count;
    double delta = other.m_mean - m_mean;
    m_m2 += other.m_m2 + delta * delta * m_count * other.m_count / n;
    m_mean += delta * other.m_count / n;
    m_count += other.m_count;
    m_min = std::min(m_min, other.m_min);
    m_max = std::max(m_max, other.m_max);
    m_zeros += other.m_zeros;
    m_samples.insert(m_samples.end(), other.m_samples.begin(), other.m_samples.end());
    m_sorted = m_samples.empty();
    if (!other.m_counts.empty())
    {
        if (m_counts.empty())
        {
            m_counts = other.m_counts;
            m_offset = other.m_offset;
            return;
        }
        int32_t lo = std::min(m_offset, other.m_offset);
        int32_t hi =
            std::max<int32_t>(m_offset + m_counts.size(), other.m_offset + other.m_counts.size());
        std::vector<uint64_t> merged(hi - lo, 0);
        for (size_t i = 0; i < m_counts.size(); ++i)
        {
            merged[m_offset - lo + i] += m_counts[i];
        }
        for (size_t i = 0; i < other.m_counts.size(); ++i)
        {
            merged[other.m_offset - lo + i] += other.m_counts[i];
        }
        m_counts.swap(merged);
        m_offset = lo;
    }
}

uint64_t
LatencySummary::GetCount() const
{
    return m_count;
}

Time
LatencySummary::GetMean() const
{
    return FromNs(m_mean);
}

Time
LatencySummary::GetStdDev() const
{
    return m_count < 2 ? Time(0) : FromNs(std::sqrt(m_m2 / (m_count - 1)));
}

Time
LatencySummary::GetMin() const
{
    return FromNs(m_min);
}

Time
LatencySummary::GetMax() const
{
    return FromNs(m_max);
}

bool
LatencySummary::IsExact() const
{
    return m_exact;
}

void
LatencySummary::SortSamples() const
{
    if (!m_sorted)
    {
        std::sort(m_samples.begin(), m_samples.end());
        m_sorted = true;
    }
}

Time
LatencySummary::GetQuantile(double q) const
{
    NS_ABORT_MSG_IF(!(q >= 0 && q <= 1), "quantile " << q << " outside [0, 1]");
    if (m_count == 0)
    {
        return Time(0);
    }
    auto rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(q * m_count)));
    if (m_exact)
    {
        SortSamples();
        return FromNs(m_samples[rank - 1]);
    }
    uint64_t seen = m_zeros;
    if (seen >= rank)
    {
        return Time(0);
    }
    for (size_t i = 0; i < m_counts.size(); ++i)
    {
        seen += m_counts[i];
        if (seen >= rank)
        {
            double v = ValueOf(m_offset + static_cast<int32_t>(i));
            return FromNs(std::clamp(v, m_min, m_max));
        }
    }
    return FromNs(m_max);
}

std::vector<std::pair<Time, double>>
LatencySummary::GetCdf() const
{
    std::vector<std::pair<Time, double>> cdf;
    if (m_count == 0)
    {
        return cdf;
    }
    if (m_exact)
    {
        SortSamples();
        const std::vector<double>& s = m_samples;
        for (size_t i = 0; i < s.size(); ++i)
        {
            if (i + 1 == s.size() || s[i + 1] != s[i])
            {
                cdf.emplace_back(FromNs(s[i]), double(i + 1) / m_count);
            }
        }
        return cdf;
    }
    uint64_t seen = m_zeros;
    if (m_zeros)
    {
        cdf.emplace_back(Time(0), double(seen) / m_count);
    }
    for (size_t i = 0; i < m_counts.size(); ++i)
    {
        if (m_counts[i])
        {
            seen += m_counts[i];
            double v = std::clamp(ValueOf(m_offset + static_cast<int32_t>(i)), m_min, m_max);
            cdf.emplace_back(FromNs(v), double(seen) / m_count);
        }
    }
    return cdf;
}

RequestStats::RequestStats(bool exact)
    : m_exact(exact),
      m_all(exact)
{
}

void
RequestStats::Record(uint32_t requestClass, Time latency)
{
    if (requestClass >= m_class.size())
    {
        m_class.resize(requestClass + 1, LatencySummary(m_exact));
    }
    LatencySummary::AddToBoth(latency, m_all, m_class[requestClass]);
}

void
RequestStats::Merge(const RequestStats& other)
{
    m_all.Merge(other.m_all);
    if (other.m_class.size() > m_class.size())
    {
        m_class.resize(other.m_class.size(), LatencySummary(m_exact));
    }
    for (size_t c = 0; c < other.m_class.size(); ++c)
    {
        m_class[c].Merge(other.m_class[c]);
    }
}

const LatencySummary&
RequestStats::GetAll() const
{
    return m_all;
}

uint32_t
RequestStats::GetClassCount() const
{
    return m_class.size();
}

const LatencySummary&
RequestStats::GetClass(uint32_t requestClass) const
{
    NS_ABORT_MSG_IF(requestClass >= m_class.size(), "no request class " << requestClass);
    return m_class[requestClass];
}

ConfidenceInterval
ConfidenceInterval::Of(const std::vector<double>& values, double level)
{
    NS_ABORT_MSG_IF(!(level > 0 && level < 1), "confidence level " << level << " outside (0, 1)");
    ConfidenceInterval ci;
    ci.n = values.size();
    if (ci.n == 0)
    {
        return ci;
    }
    double sum = 0;
    for (double v : values)
    {
        sum += v;
    }
    ci.mean = sum / ci.n;
    if (ci.n < 2)
    {
        return ci;
    }
    double ss = 0;
    for (double v : values)
    {
        ss += (v - ci.mean) * (v - ci.mean);
    }
    double sd = std::sqrt(ss / (ci.n - 1));
    boost::math::students_t t(ci.n - 1);
    ci.halfWidth = boost::math::quantile(t, 0.5 + level / 2) * sd / std::sqrt(double(ci.n));
    return ci;
}

void
WriteLatencyCdfPlot(const LatencySummary& summary,
                    const std::string& prefix,
                    const std::string& title)
{
    Gnuplot plot(prefix + ".png", title);
    plot.SetTerminal("pngcairo size 800,500");
    plot.SetLegend("latency (us)", "CDF");
    plot.AppendExtra("set logscale x\nset grid\nset key bottom right");
    Gnuplot2dDataset data("latency");
    data.SetStyle(Gnuplot2dDataset::LINES);
    for (const auto& [value, fraction] : summary.GetCdf())
    {
        data.Add(value.GetSeconds() * 1e6, fraction);
    }
    plot.AddDataset(data);
    std::ofstream out(prefix + ".plt");
    NS_ABORT_MSG_IF(!out, "cannot write " << prefix << ".plt");
    plot.GenerateOutput(out);
}

} // namespace rsched
} // namespace ns3
