/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TYPE_ALIASES_H
#define TYPE_ALIASES_H

#include "ns3/object-factory.h"
#include "ns3/type-id.h"

#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief The short names users type for the module's pluggable families
 * (core policies, dispatchers, ...), and the parsing of an ObjectFactory
 * from a command-line value.
 *
 * A value is a short name or a TypeId name, optionally followed by
 * attributes in ns-3's ObjectFactory syntax:
 * `afp`, `ns3::AfpCorePolicy`, `afp[Quantum=2us|Thresh=100]`. The TypeId
 * must derive from the family's base (TypeId::IsChildOf, as ns-3's
 * tcp-variants-comparison example checks its TCP variants), and every
 * attribute must exist and take the value; otherwise parsing fails with
 * one line naming the option, instead of ns-3's fatal error.
 *
 * The table in type-aliases.cc is the only list of short names: the
 * examples, their help texts and the Python package all go through it, so
 * a new policy or dispatcher adds one line there and nothing else.
 */
class TypeAliases
{
  public:
    /**
     * \brief Parse a factory of a type derived from \p base.
     * \param option option name for messages (without --)
     * \param text short name or TypeId name, optionally with [Name=Value|...]
     * \param base the family's base TypeId
     * \param factory receives the type and attributes
     * \param error receives "invalid --OPTION=TEXT: reason" on failure
     * \return true on success
     */
    static bool Parse(const std::string& option,
                      const std::string& text,
                      TypeId base,
                      ObjectFactory& factory,
                      std::string& error);
    /**
     * \param text an option's text, NAME[Attribute=Value|...]
     * \return the attributes its brackets name (not those of nested objects)
     */
    static std::vector<std::string> AttributeNames(const std::string& text);
    /**
     * \param base a family's base TypeId
     * \return the short names of the types derived from it, joined by '|'
     */
    static std::string List(TypeId base);
    /**
     * \param tid a TypeId
     * \return its short name, or its TypeId name if it has none
     */
    static std::string Name(TypeId tid);
    /**
     * \param name a short name
     * \return its TypeId name, or empty if \p name is not a short name
     */
    static std::string Lookup(const std::string& name);
    /**
     * \brief Read an attribute value from text, or fail, without aborting.
     *
     * ns-3 aborts on some malformed values instead of rejecting them: a
     * number with trailing text ("5x", "abc" for an integer), a Time
     * without a known unit, an enum name it does not know, text with spaces
     * for the types read with >>.
     * Those are rejected here first; the rest goes to the checker.
     * \param checker the attribute's checker
     * \param text the value
     * \return the value, or null if \p text is not a valid value
     */
    static Ptr<AttributeValue> ReadValue(Ptr<const AttributeChecker> checker,
                                         const std::string& text);
    /**
     * \brief The attributes of an object as they are set, in the order of
     * its TypeId and of its parents' (base class last), up to ns3::Object.
     * \param object the object
     * \return (name, value as ns-3 serialises it) pairs
     */
    static std::vector<std::pair<std::string, std::string>> Attributes(Ptr<const Object> object);
};

} // namespace rsched
} // namespace ns3

#endif // TYPE_ALIASES_H
