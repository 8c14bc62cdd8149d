/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef JSON_SUMMARY_H
#define JSON_SUMMARY_H

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

class LatencySummary;

/**
 * \ingroup request-scheduling
 * \brief A JSON object whose keys keep their insertion order: the
 * machine-readable summary every example writes with --json.
 *
 * Only what run summaries need: numbers, strings, lists of strings,
 * booleans and nested objects. Non-finite numbers become null.
 */
class JsonSummary
{
  public:
    /**
     * \param key the key (replaced if present)
     * \param value the value
     * \return this object
     */
    JsonSummary& Set(const std::string& key, double value);
    /// \copydoc Set(const std::string&, double)
    JsonSummary& Set(const std::string& key, uint64_t value);
    /// \copydoc Set(const std::string&, double)
    JsonSummary& Set(const std::string& key, int64_t value);
    /// \copydoc Set(const std::string&, double)
    JsonSummary& Set(const std::string& key, uint32_t value);
    /// \copydoc Set(const std::string&, double)
    JsonSummary& Set(const std::string& key, bool value);
    /// \copydoc Set(const std::string&, double)
    JsonSummary& Set(const std::string& key, const std::string& value);
    /// \copydoc Set(const std::string&, double)
    JsonSummary& Set(const std::string& key, const char* value);
    /// \copydoc Set(const std::string&, double)
    JsonSummary& Set(const std::string& key, const JsonSummary& value);
    /// \copydoc Set(const std::string&, double)
    JsonSummary& Set(const std::string& key, const std::vector<std::string>& value);

    /**
     * \brief Add count, mean and percentiles of a latency summary, in
     * microseconds: PREFIXmean_us, PREFIXp50_us, PREFIXp99_us, PREFIXp999_us, PREFIXmax_us.
     * \param prefix key prefix (e.g. "rct_")
     * \param summary the latencies
     * \return this object
     */
    JsonSummary& SetLatency(const std::string& prefix, const LatencySummary& summary);

    /**
     * \param os where to write
     * \param indent indentation of this object's keys
     */
    void Write(std::ostream& os, uint32_t indent = 2) const;
    /**
     * \param path file to write; empty: standard output
     * \return false if the file cannot be written
     */
    bool WriteFile(const std::string& path) const;

  private:
    /**
     * \param key the key
     * \param rendered the value as JSON text
     * \param child the value as an object, if it is one
     * \return this object
     */
    JsonSummary& Put(const std::string& key,
                     std::string rendered,
                     std::shared_ptr<JsonSummary> child = nullptr);

    /// One key and its value.
    struct Entry
    {
        std::string key;                    //!< key
        std::string rendered;               //!< scalar value as JSON text
        std::shared_ptr<JsonSummary> child; //!< object value
    };

    std::vector<Entry> m_entries; //!< in insertion order
};

} // namespace rsched
} // namespace ns3

#endif // JSON_SUMMARY_H
