/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SCENARIO_OPTIONS_H
#define SCENARIO_OPTIONS_H

#include "distribution-spec.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class CommandLine;

namespace rsched
{
/**
 * \ingroup request-scheduling
 * \brief The options of a scenario, declared once next to the fields they
 * set, read from a CommandLine as text and converted strictly.
 *
 * ns-3's CommandLine accepts "4abc" as 4 and "-1" as a huge unsigned; the
 * examples read their options as strings and convert them here, so a bad
 * value ends the program with one line naming the option. A scenario's
 * parameters declare their options (AddUnsigned(), AddTime(), ...; see
 * MicrosecondScenario::Parameters::AddOptions), AddTo() hands them to a
 * CommandLine, and Convert() converts, in the order of declaration, the
 * options that were given; the others keep the fields' values. Every
 * conversion fails with "invalid --NAME=VALUE: reason".
 *
 * The static functions are the conversions themselves.
 */
/**
 * \ingroup request-scheduling
 * A closed set of option values: each word with the enum value it stands
 * for, the one place the set is spelled (ScenarioOptions::AddChoice reads
 * it, ScenarioOptions::NameOf writes it back for the JSON).
 */
template <typename E>
using Choices = std::vector<std::pair<std::string, E>>;

class ScenarioOptions
{
  public:
    /**
     * The longest duration an option or a distribution may give (s): far
     * beyond any run, and far from the 292 years where ns-3's Time (int64
     * nanoseconds) overflows into negative delays.
     */
    static constexpr double MAX_SECONDS = 1e6;

    /**
     * \brief Converts the text of an option into its field.
     * \param text the value given
     * \param error receives "invalid --NAME=VALUE: reason" on failure
     * \return true on success
     */
    using Converter = std::function<bool(const std::string& text, std::string& error)>;

    /**
     * \brief Declare an option with its own conversion.
     * \param name option name (without --)
     * \param help help text
     * \param defaultText the value shown as default in --help
     * \param convert called by Convert() if the option was given
     */
    void Add(const std::string& name,
             const std::string& help,
             const std::string& defaultText,
             Converter convert);
    /**
     * \brief Declare an unsigned option.
     * \param name option name
     * \param help help text
     * \param value the field it sets (its value is the default)
     * \param min smallest allowed value
     * \param max largest allowed value
     */
    void AddUnsigned(const std::string& name,
                     const std::string& help,
                     uint32_t& value,
                     uint32_t min,
                     uint32_t max);
    /**
     * \brief Declare a real option in (minExclusive, maxInclusive].
     * \param name option name
     * \param help help text
     * \param value the field it sets
     * \param minExclusive the value must be greater
     * \param maxInclusive the value must be at most this
     */
    void AddDouble(const std::string& name,
                   const std::string& help,
                   double& value,
                   double minExclusive,
                   double maxInclusive);
    /**
     * \brief Declare a share: a real option in [0, 1], or [0, 1) when 1
     * itself is not a valid share (a load that must leave room).
     * \param name option name
     * \param help help text
     * \param value the field it sets
     * \param oneAllowed 1 is valid
     */
    void AddShare(const std::string& name, const std::string& help, double& value, bool oneAllowed);
    /**
     * \brief Declare a duration option (with a unit: s, ms, us, ns).
     * \param name option name
     * \param help help text
     * \param value the field it sets
     * \param allowZero accept 0
     */
    void AddTime(const std::string& name, const std::string& help, Time& value, bool allowZero);
    /**
     * \brief Declare an option taking one of a list of words.
     * \param name option name
     * \param help help text (the choices are appended)
     * \param value the field it sets
     * \param choices the words allowed
     */
    void AddChoice(const std::string& name,
                   const std::string& help,
                   std::string& value,
                   const std::vector<std::string>& choices);

    /**
     * \brief Declare an option taking one of a closed set of words, read
     * into an enum.
     * \param name option name
     * \param help help text (the words are appended)
     * \param value the field it sets
     * \param choices the words and the values they stand for
     */
    template <typename E>
    void AddChoice(const std::string& name,
                   const std::string& help,
                   E& value,
                   const Choices<E>& choices)
    {
        std::vector<std::string> words;
        for (const auto& [word, v] : choices)
        {
            words.push_back(word);
        }
        Add(name,
            help + ": " + JoinWords(words),
            NameOf(value, choices),
            [=, &value](const std::string& text, std::string& error) {
                if (!ParseChoice(name, text, words, error))
                {
                    return false;
                }
                value = choices[std::find(words.begin(), words.end(), text) - words.begin()].second;
                return true;
            });
    }

    /**
     * \param value an enum value
     * \param choices its closed set
     * \return the word for \p value ("" if the set has none)
     */
    template <typename E>
    static std::string NameOf(E value, const Choices<E>& choices)
    {
        for (const auto& [word, v] : choices)
        {
            if (v == value)
            {
                return word;
            }
        }
        return "";
    }

    /**
     * \param words some words
     * \return them separated by |
     */
    static std::string JoinWords(const std::vector<std::string>& words);
    /**
     * \brief Declare a true|false option.
     * \param name option name
     * \param help help text
     * \param value the field it sets
     */
    void AddBool(const std::string& name, const std::string& help, bool& value);
    /**
     * \brief Declare a free-text option (a file name).
     * \param name option name
     * \param help help text
     * \param value the field it sets
     */
    void AddString(const std::string& name, const std::string& help, std::string& value);
    /**
     * \brief Declare an output file option: it must be writable (checked
     * when converted, so before the run; no file is left behind by the check)
     * and not another output option's file.
     * \param name option name
     * \param help help text
     * \param value the field it sets (empty: no output)
     * \param suffix appended to the value to make the file name (e.g. ".plt")
     */
    void AddOutputFile(const std::string& name,
                       const std::string& help,
                       std::string& value,
                       const std::string& suffix = "");
    /**
     * \brief Declare a data rate option (see ParseDataRate()); the field keeps the text.
     * \param name option name
     * \param help help text
     * \param value the field it sets
     */
    void AddDataRate(const std::string& name, const std::string& help, std::string& value);
    /**
     * \brief Declare a distribution option (see DistributionSpec).
     * \param name option name
     * \param help help text
     * \param value the field it sets
     * \param quantity durations or counts
     */
    void AddDistribution(
        const std::string& name,
        const std::string& help,
        DistributionSpec& value,
        DistributionSpec::Quantity quantity = DistributionSpec::Quantity::DURATION);

    /**
     * \brief Mark a declared option whose default depends on other options
     * (the scenario's, or it applies to some choices only): --PrintHelp
     * shows its default in the help text, "(default D)", instead of as a
     * [D] that a SEM campaign would pass back; an empty value leaves it
     * unset, as a campaign passes it.
     * \param name the option's name
     * \param what the default in words, if not its declared value
     */
    void ContextualDefault(const std::string& name, const std::string& what = "");

    /**
     * \brief Keep a renamed option's former name working for a deprecation
     * period: its text goes to the option, and Convert() notes the rename
     * (GetDeprecations()). Giving both names is an error.
     * \param former the former name (without --)
     * \param name the option's name, declared before
     */
    void AddFormerName(const std::string& former, const std::string& name);
    /// The release after which former option names (AddFormerName()) are removed.
    static constexpr const char* FORMER_NAMES_UNTIL = "the first release after 2027-06-01";
    /**
     * \return one line per former name given on the command line, for the
     *         run's warnings (filled by Convert())
     */
    const std::vector<std::string>& GetDeprecations() const;

    /**
     * \brief Declare --workload: one of the papers' named workloads
     * (DistributionSpec::WORKLOADS), instead of --service. Either one
     * sets the other, so both get a ContextualDefault() (in AddTo(), so
     * --service may be declared after).
     * \param service the service-demand field it sets
     * \param workload the field that keeps the name (its value is the default)
     */
    void AddWorkload(DistributionSpec& service, std::string& workload);

    /**
     * \brief Register every declared option with a command line.
     * \param cmd the command line (keeps references into this object)
     */
    void AddTo(CommandLine& cmd);
    /**
     * \brief Convert the options given, in the order of declaration.
     *
     * An option without a default (no [value] in --PrintHelp) given an empty
     * value is taken as not given: that is how a SEM campaign passes the
     * options it leaves alone (request_scheduling.campaign).
     * \param error receives the first failure's message
     * \return true if every given option converted
     */
    bool Convert(std::string& error);
    /**
     * \param name option name
     * \return true if the option was given on the command line
     */
    bool IsGiven(const std::string& name) const;
    /**
     * \brief Check the arguments before ns-3's CommandLine sees them.
     *
     * CommandLine answers an unknown option with its whole usage text,
     * ignores words without a leading dash, and aborts on an ns-3 attribute
     * or global value it cannot read (--ns3::AfpCorePolicy::Thresh=abc,
     * --RngRun=x). This lets through the declared options, ns-3's own
     * (--PrintHelp, ...; --PrintAttributes with a type that exists, as
     * CommandLine aborts on others) and attributes and global values whose text reads
     * as their type, and fails with one line on anything else.
     * \param argc argument count
     * \param argv arguments (argv[0] is the program)
     * \param error receives "unknown option --NAME ..." or "invalid --NAME=VALUE: ..."
     * \return true if CommandLine can be given the arguments
     */
    bool CheckArguments(int argc, char* argv[], std::string& error);
    /**
     * \brief Declare that the scenario sets an attribute from one of its
     * options, so that a user who names the attribute elsewhere gets an
     * error naming both instead of a value silently replaced.
     *
     * Convert() then fails when the attribute is named in the brackets of
     * another option's object (--mode=splitter[Thresholds=5]) or as an ns-3
     * default or global value on the command line
     * (--ns3::FlowSplitter::Thresholds=5, --RngRun=7): always if the
     * scenario sets the attribute from the option's default too, else only
     * when the option is given as well. The option's own brackets may name
     * it (--intra=shinjuku[Quantum=5us] where --intra owns Quantum).
     * \param attribute "ns3::Type::Name" (the type that declares it, or the
     *        base of a family: ns3::CorePolicy::Quantum covers every policy
     *        with a Quantum), or a global value's name
     * \param option the option that sets it (without --), the attribute a
     *        user should set instead ("ns3::Type::Name"), or empty if the
     *        scenario fixes the value (no option changes it)
     * \param always the scenario sets it even when the option is not given
     */
    void Owns(const std::string& attribute, const std::string& option, bool always = true);
    /**
     * \brief Declare a check of a combination of options, run by Convert()
     * once every option given is converted (an option the chosen policy
     * ignores, two options that set the same thing).
     * \param check returns false with "invalid --NAME...: reason" in its argument
     */
    void AddCheck(std::function<bool(std::string& error)> check);
    /**
     * \brief Refuse options where they do nothing, rather than ignore them.
     *
     * Each one with a declared default gets a ContextualDefault() (so a SEM
     * campaign does not pass it back), and a check (AddCheck()) fails with
     * "invalid --NAME=VALUE: has no effect REASON" on the first of them given
     * that \p reason gives a reason.
     * \param names the options, declared before
     * \param reason for an option, once every option is converted: why it does
     *        nothing ("with --wan=none", "without --fail"), or "" where it acts
     */
    void RefuseUnused(const std::vector<std::string>& names,
                      std::function<std::string(const std::string& name)> reason);
    /**
     * \param attribute "ns3::Type::Name"
     * \return true if the command line gave it as an ns-3 default (checked
     *         by CheckArguments())
     */
    bool GivesDefault(const std::string& attribute) const;
    /**
     * \brief Give an option's text as a command line would (tests, fuzzing
     * and callers that do not go through a CommandLine); Convert() then
     * converts it like any other.
     * \param name option name (without --)
     * \param text its value
     * \return false if no option of that name was declared
     */
    bool Set(const std::string& name, const std::string& text);

    /**
     * \brief The text of an option as read from the command line.
     */
    struct Text
    {
        std::string value; //!< the text
        bool given{false}; //!< set when the command line gave it
    };

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
     * \param text a data rate as ns-3 writes it, e.g. 100Gbps (a plain number is bit/s)
     * \param rate receives the rate
     * \param error receives the reason on failure
     * \return true if the rate is in [1 bit/s, 1 Pbit/s] (ns-3's own parser
     *         wraps larger numbers around without a word)
     */
    static bool ParseDataRate(const std::string& name,
                              const std::string& text,
                              DataRate& rate,
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
     * \param quantity durations or counts
     * \return true on success
     */
    static bool ParseDistribution(
        const std::string& name,
        const std::string& text,
        DistributionSpec& spec,
        std::string& error,
        DistributionSpec::Quantity quantity = DistributionSpec::Quantity::DURATION);
    /**
     * \brief Parse a duration with unit into seconds (no option context).
     * \param text e.g. "50us"
     * \param seconds receives the value
     * \return true if the text is a finite number followed by s, ms, us or ns
     */
    static bool ParseSeconds(const std::string& text, double& seconds);
    /**
     * \param text a string
     * \param value receives the number
     * \return true if all of \p text is one finite number
     */
    static bool ParseNumber(const std::string& text, double& value);
    /**
     * \param t a duration
     * \return its text with a unit, as ParseTime() reads it
     */
    static std::string FormatTime(Time t);

  private:
    /// One declared option.
    struct Option
    {
        std::string name;                     //!< option name
        std::string help;                     //!< help text
        Text text;                            //!< the value read
        Converter convert;                    //!< its conversion (null for a former name)
        std::string renamedTo{};              //!< for a former name: the option's name
        std::string givenAs{};                //!< the former name the value came under, if any
        bool hasDefault{!text.value.empty()}; //!< --PrintHelp shows a [default]
    };

    /**
     * \param name a declared option's name (aborts if there is none)
     * \return the option
     */
    Option& FindOption(const std::string& name);

    /// An attribute the scenario sets from an option (Owns()).
    struct Owned
    {
        std::string type;      //!< TypeId name (empty: a global value)
        std::string attribute; //!< attribute or global value name
        std::string option;    //!< the option that sets it
        bool always;           //!< set from the option's default too
    };

    /**
     * \param type the type the user named (or the object's), invalid for a global value
     * \param attribute the attribute named
     * \param except an option whose own brackets may name it
     * \param defaults true for an ns-3 default (a base type's matches too)
     * \return the declaration of Owns() that forbids naming it, or null
     */
    const Owned* FindOwner(TypeId type,
                           const std::string& attribute,
                           const std::string& except,
                           bool defaults) const;
    /**
     * \param error receives the first conflict (see Owns())
     * \return true if no owned attribute is named elsewhere
     */
    bool CheckOwned(std::string& error) const;

    std::deque<Option> m_options; //!< declared options (stable addresses for CommandLine)
    std::vector<Owned> m_owned;   //!< attributes the scenario sets (Owns())
    std::vector<std::function<bool(std::string&)>> m_checks; //!< AddCheck()
    std::vector<std::string> m_deprecations;                 //!< GetDeprecations()
    bool m_workload{false};                                  //!< AddWorkload() declared --workload
    /// ns-3 defaults and global values on the command line: (name, value)
    std::vector<std::pair<std::string, std::string>> m_ns3Arguments;
    /// The output files of the options converted so far: (option, absolute path)
    std::vector<std::pair<std::string, std::string>> m_outputs;
};

/**
 * \param is stream with the whole text of an option
 * \param text receives it, marked as given
 * \return \p is
 */
std::istream& operator>>(std::istream& is, ScenarioOptions::Text& text);
/**
 * \param os stream
 * \param text an option's text
 * \return \p os
 */
std::ostream& operator<<(std::ostream& os, const ScenarioOptions::Text& text);

} // namespace rsched
} // namespace ns3

#endif // SCENARIO_OPTIONS_H
