/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SPLIT_TEXT_H
#define SPLIT_TEXT_H

#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief The pieces of a text between separators, the one way every option
 * and file parser of the module splits: n separators give n + 1 pieces,
 * empty ones included (an empty text is one empty piece), so that a
 * trailing or doubled separator is an empty item the caller rejects.
 * \param text "a<sep>b<sep>c"
 * \param sep the separator
 * \return the pieces
 */
inline std::vector<std::string>
SplitText(const std::string& text, char sep)
{
    std::vector<std::string> parts(1);
    for (char c : text)
    {
        if (c == sep)
        {
            parts.emplace_back();
        }
        else
        {
            parts.back() += c;
        }
    }
    return parts;
}

} // namespace rsched
} // namespace ns3

#endif // SPLIT_TEXT_H
