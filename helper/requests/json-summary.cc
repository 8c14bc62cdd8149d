/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "json-summary.h"

#include "ns3/request-stats.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace ns3
{
namespace rsched
{

namespace
{
/// \param s a string \return it as a JSON string literal
std::string
Quote(const std::string& s)
{
    std::string out = "\"";
    for (char c : s)
    {
        switch (c)
        {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20)
            {
                char buf[8];
                std::snprintf(buf, sizeof(buf), "\\u%04x", c);
                out += buf;
            }
            else
            {
                out += c;
            }
        }
    }
    return out + "\"";
}
} // namespace

JsonSummary&
JsonSummary::Put(const std::string& key, std::string rendered, std::shared_ptr<JsonSummary> child)
{
    for (auto& e : m_entries)
    {
        if (e.key == key)
        {
            e.rendered = std::move(rendered);
            e.child = std::move(child);
            return *this;
        }
    }
    m_entries.push_back(Entry{key, std::move(rendered), std::move(child)});
    return *this;
}

JsonSummary&
JsonSummary::Set(const std::string& key, double value)
{
    if (!std::isfinite(value))
    {
        return Put(key, "null");
    }
    std::ostringstream os;
    os.precision(10);
    os << value;
    return Put(key, os.str());
}

JsonSummary&
JsonSummary::Set(const std::string& key, uint64_t value)
{
    return Put(key, std::to_string(value));
}

JsonSummary&
JsonSummary::Set(const std::string& key, int64_t value)
{
    return Put(key, std::to_string(value));
}

JsonSummary&
JsonSummary::Set(const std::string& key, uint32_t value)
{
    return Put(key, std::to_string(value));
}

JsonSummary&
JsonSummary::Set(const std::string& key, bool value)
{
    return Put(key, value ? "true" : "false");
}

JsonSummary&
JsonSummary::Set(const std::string& key, const std::string& value)
{
    return Put(key, Quote(value));
}

JsonSummary&
JsonSummary::Set(const std::string& key, const std::vector<std::string>& value)
{
    std::string list = "[";
    for (const auto& item : value)
    {
        if (list.size() > 1)
        {
            list += ", ";
        }
        list += Quote(item);
    }
    list += "]";
    return Put(key, list);
}

JsonSummary&
JsonSummary::Set(const std::string& key, const char* value)
{
    return Put(key, Quote(value));
}

JsonSummary&
JsonSummary::Set(const std::string& key, const JsonSummary& value)
{
    return Put(key, "", std::make_shared<JsonSummary>(value));
}

JsonSummary&
JsonSummary::SetLatency(const std::string& prefix, const LatencySummary& summary)
{
    auto us = [](Time t) { return t.GetSeconds() * 1e6; };
    Set(prefix + "mean_us", us(summary.GetMean()));
    Set(prefix + "p50_us", us(summary.GetQuantile(0.5)));
    Set(prefix + "p99_us", us(summary.GetQuantile(0.99)));
    Set(prefix + "p999_us", us(summary.GetQuantile(0.999)));
    Set(prefix + "max_us", us(summary.GetMax()));
    return *this;
}

void
JsonSummary::Write(std::ostream& os, uint32_t indent) const
{
    if (m_entries.empty())
    {
        os << "{}";
        return;
    }
    std::string pad(indent, ' ');
    os << "{\n";
    for (size_t i = 0; i < m_entries.size(); ++i)
    {
        const Entry& e = m_entries[i];
        os << pad << Quote(e.key) << ": ";
        if (e.child)
        {
            e.child->Write(os, indent + 2);
        }
        else
        {
            os << e.rendered;
        }
        os << (i + 1 < m_entries.size() ? ",\n" : "\n");
    }
    os << std::string(indent >= 2 ? indent - 2 : 0, ' ') << "}";
}

bool
JsonSummary::WriteFile(const std::string& path) const
{
    if (path.empty())
    {
        Write(std::cout);
        std::cout << std::endl;
        return bool(std::cout);
    }
    std::ofstream out(path);
    if (!out)
    {
        return false;
    }
    Write(out);
    out << "\n";
    return bool(out);
}

} // namespace rsched
} // namespace ns3
