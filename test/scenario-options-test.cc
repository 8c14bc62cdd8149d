/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/afp-core-policy.h"
#include "ns3/cards-dispatcher.h"
#include "ns3/cards-scenario.h"
#include "ns3/cfcfs-core-policy.h"
#include "ns3/command-line.h"
#include "ns3/core-policy.h"
#include "ns3/double.h"
#include "ns3/fault-spec.h"
#include "ns3/microsecond-scenario.h"
#include "ns3/mixture-random-variable.h"
#include "ns3/multicore-server.h"
#include "ns3/pointer.h"
#include "ns3/request-dispatcher.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/scenario-options.h"
#include "ns3/simulator.h"
#include "ns3/steam-dispatcher.h"
#include "ns3/test.h"
#include "ns3/type-aliases.h"
#include "ns3/uinteger.h"

#include <cmath>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/**
 * \param stream a random variable
 * \param n number of draws
 * \return sample mean and (biased) sample variance of n draws
 */
std::pair<double, double>
SampleMoments(Ptr<RandomVariableStream> stream, int n)
{
    double sum = 0;
    double sum2 = 0;
    for (int i = 0; i < n; ++i)
    {
        double v = stream->GetValue();
        sum += v;
        sum2 += v * v;
    }
    double m = sum / n;
    return {m, std::max(0.0, sum2 / n - m * m)};
}

/// Distribution texts: means, classes and sampled moments.
class DistributionParseTestCase : public TestCase
{
  public:
    DistributionParseTestCase()
        : TestCase("distribution texts give the right mean, classes and samples")
    {
    }

  private:
    /**
     * \param text a distribution
     * \param mean its mean (s)
     * \param classes its number of classes
     */
    void Check(const std::string& text, double mean, size_t classes)
    {
        DistributionSpec spec;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(DistributionSpec::Parse(text, spec, error),
                              true,
                              text << ": " << error);
        NS_TEST_ASSERT_MSG_EQ_TOL(spec.mean, mean, 1e-12 * mean + 1e-18, text << " mean");
        NS_TEST_ASSERT_MSG_EQ(spec.classNames.size(), classes, text << " classes");
        // The sample mean of 200 000 draws is within 4 standard errors.
        const int n = 200000;
        auto [m, var] = SampleMoments(spec.stream, n);
        NS_TEST_ASSERT_MSG_EQ_TOL(m, mean, 4 * std::sqrt(var / n) + 1e-15, text << " sample mean");
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(5);
        Check("exp:50us", 50e-6, 1);
        Check("const:1us", 1e-6, 1);
        Check("uniform:128us:192us", 160e-6, 1);
        Check("lognormal:10us:3", 10e-6, 1);
        Check("bimodal:0.995:500ns:500us", 0.995 * 0.5e-6 + 0.005 * 500e-6, 2);
        Check("mix:0.333:50us:0.333:500us:0.334:5ms",
              0.333 * 50e-6 + 0.333 * 500e-6 + 0.334 * 5e-3,
              3);
        Check("exp:2.5ms", 2.5e-3, 1);
        Check("const:1s", 1, 1);

        DistributionSpec spec;
        std::string error;
        DistributionSpec::Parse("bimodal:0.995:500ns:500us", spec, error);
        NS_TEST_ASSERT_MSG_EQ(spec.classNames[0], "short", "first mode is the short one");
        NS_TEST_ASSERT_MSG_EQ(spec.classNames[1], "long", "second mode is the long one");

        // lognormal CV^2: variance / mean^2.
        DistributionSpec::Parse("lognormal:1s:3", spec, error);
        auto [m, var] = SampleMoments(spec.stream, 400000);
        NS_TEST_ASSERT_MSG_EQ_TOL(var / (m * m), 3.0, 0.3, "lognormal CV^2");

        for (const auto& [word, process] : DistributionSpec::PROCESSES)
        {
            NS_TEST_ASSERT_MSG_EQ(DistributionSpec::Arrival(process, 2e-6, spec, error),
                                  true,
                                  word);
            NS_TEST_ASSERT_MSG_EQ_TOL(spec.mean, 2e-6, 1e-15, word << " arrival mean");
        }
        NS_TEST_ASSERT_MSG_EQ(
            DistributionSpec::Arrival(DistributionSpec::Process::EXPONENTIAL, -1, spec, error),
            false,
            "mean");
    }
};

/// Bad texts are rejected with a reason.
class DistributionRejectTestCase : public TestCase
{
  public:
    DistributionRejectTestCase()
        : TestCase("malformed distribution texts are rejected")
    {
    }

  private:
    void DoRun() override
    {
        for (const char* bad : {"",
                                "exp",
                                "exp:",
                                "exp:10",
                                "exp:-1us",
                                "exp:0us",
                                "exp:10us:5us",
                                "exp:nanus",
                                "exp:infs",
                                "const:1 us",
                                "uniform:5us:1us",
                                "uniform:1us",
                                "lognormal:1us:0",
                                "lognormal:1us",
                                "bimodal:1.5:1us:2us",
                                "bimodal:0.5:1us",
                                "bimodal:x:1us:2us",
                                "mix:0.5:1us:0.4:2us",
                                "mix:0.5:1us",
                                "weibull:1us",
                                ":1us"})
        {
            DistributionSpec spec;
            std::string error;
            NS_TEST_EXPECT_MSG_EQ(DistributionSpec::Parse(bad, spec, error),
                                  false,
                                  "'" << bad << "' accepted");
            NS_TEST_EXPECT_MSG_NE(error, "", "'" << bad << "' rejected without a reason");
        }
    }
};

/// Numbers, durations and choices are parsed strictly; errors name the option.
class OptionParseTestCase : public TestCase
{
  public:
    OptionParseTestCase()
        : TestCase("option values are parsed strictly and errors name the option")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        uint64_t u = 0;
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseUnsigned("cores", "16", 1, 64, u, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(u, 16, "cores");
        for (const char* bad :
             {"", "4abc", "-1", "0", "65", " 4", "4.0", "99999999999999999999999"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseUnsigned("cores", bad, 1, 64, u, error),
                                  false,
                                  "cores '" << bad << "'");
            NS_TEST_EXPECT_MSG_EQ(error.rfind("invalid --cores=", 0),
                                  0,
                                  "message names the option");
        }
        double d = 0;
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseDouble("load", "0.8", 0, 100, d, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ_TOL(d, 0.8, 1e-15, "load");
        for (const char* bad : {"-0.5", "0", "nan", "inf", "0.8x", "", "1e400"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseDouble("load", bad, 0, 100, d, error),
                                  false,
                                  "load '" << bad << "'");
            NS_TEST_EXPECT_MSG_EQ(error.rfind("invalid --load=", 0), 0, "message names the option");
        }
        Time t;
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseTime("duration", "200ms", false, t, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(t, MilliSeconds(200), "duration");
        for (const char* bad : {"2", "abc", "-1s", "0s", "1 s", "s", "1h"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseTime("duration", bad, false, t, error),
                                  false,
                                  "duration '" << bad << "'");
        }
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseTime("warmup", "0s", true, t, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseChoice("policy", "ps", {"dfcfs", "ps"}, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(
            ScenarioOptions::ParseChoice("policy", "fifo", {"dfcfs", "ps"}, error),
            false,
            "unknown choice");
        NS_TEST_ASSERT_MSG_EQ(error, "invalid --policy=fifo: expected one of dfcfs|ps", "message");
    }
};

/// A mixture draws each component with its probability and tells which one it drew.
class MixtureTestCase : public TestCase
{
  public:
    MixtureTestCase()
        : TestCase("mixture: component frequencies and class of the last draw")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(6);
        auto mix = CreateObject<MixtureRandomVariable>();
        for (double v : {1.0, 2.0, 3.0})
        {
            auto c = CreateObject<ConstantRandomVariable>();
            c->SetAttribute("Constant", DoubleValue(v));
            mix->AddComponent(v, c); // weights 1:2:3
        }
        mix->AssignStreams(100);
        NS_TEST_ASSERT_MSG_EQ_TOL(mix->GetProbability(2), 0.5, 1e-12, "probability");
        const int n = 300000;
        std::vector<int> count(3, 0);
        for (int i = 0; i < n; ++i)
        {
            double v = mix->GetValue();
            uint32_t k = mix->GetLastComponent();
            NS_TEST_ASSERT_MSG_EQ(v, k + 1.0, "value belongs to the component reported");
            ++count[k];
        }
        for (uint32_t k = 0; k < 3; ++k)
        {
            double p = (k + 1) / 6.0;
            NS_TEST_EXPECT_MSG_EQ_TOL(count[k] / double(n),
                                      p,
                                      4 * std::sqrt(p * (1 - p) / n),
                                      "frequency");
        }
    }
};

/// Values at the edges of what ns-3 can represent are refused, not wrapped around or aborted on.
class OptionLimitsTestCase : public TestCase
{
  public:
    OptionLimitsTestCase()
        : TestCase("limits: sub-nanosecond and huge durations, data rates, hex numbers, "
                   "attribute texts ns-3 aborts on, stray and unknown arguments")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        double v = 0;
        for (const char* bad : {"0x10", "infinity", "1e400", " 5", "5 ", "1,5"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseNumber(bad, v), false, "'" << bad << "'");
        }
        NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseNumber("-1.5e-3", v), true, "decimal");

        // A duration that is not 0 but below 1 ns would become 0; one
        // beyond MAX_SECONDS comes near Time's overflow.
        Time t;
        for (const char* bad : {"0.1ns", "1e-20s", "2e6s"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseTime("warmup", bad, true, t, error),
                                  false,
                                  "'" << bad << "'");
            NS_TEST_EXPECT_MSG_EQ(error.rfind("invalid --warmup=", 0), 0, error);
        }
        NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseTime("warmup", "1ns", false, t, error),
                              true,
                              error);

        // ns-3's DataRate wraps 1e20 bit/s around to a negative delay.
        DataRate rate;
        NS_TEST_ASSERT_MSG_EQ(ScenarioOptions::ParseDataRate("link-rate", "1.5Gbps", rate, error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(rate.GetBitRate(), 1500000000u, "1.5Gbps");
        NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseDataRate("link-rate", "1000", rate, error),
                              true,
                              "a plain number is bit/s");
        for (const char* bad :
             {"99999999999999999999", "2000Tbps", "0Gbps", "-1Gbps", "nanGbps", "1e3Gbps", "", "x"})
        {
            NS_TEST_EXPECT_MSG_EQ(ScenarioOptions::ParseDataRate("link-rate", bad, rate, error),
                                  false,
                                  "'" << bad << "'");
            NS_TEST_EXPECT_MSG_EQ(error.rfind("invalid --link-rate=", 0), 0, error);
        }

        // Distributions: no value, mean or spread whose draws overflow Time.
        DistributionSpec spec;
        for (const char* bad :
             {"const:2e6s", "exp:1e300s", "lognormal:1ms:1e300", "uniform:0s:2e6s"})
        {
            NS_TEST_EXPECT_MSG_EQ(DistributionSpec::Parse(bad, spec, error), false, bad);
        }
        NS_TEST_EXPECT_MSG_EQ(
            DistributionSpec::Parse("const:2e9", spec, error, DistributionSpec::Quantity::COUNT),
            false,
            "count beyond 1e9");
        NS_TEST_EXPECT_MSG_EQ(
            DistributionSpec::Arrival(DistributionSpec::Process::EXPONENTIAL, 2e6, spec, error),
            false,
            "inter-arrival beyond MAX_SECONDS");
        NS_TEST_EXPECT_MSG_EQ(
            DistributionSpec::Arrival(DistributionSpec::Process::EXPONENTIAL, 0.9e-9, spec, error),
            false,
            "inter-arrival below 1 ns");
        NS_TEST_EXPECT_MSG_EQ(
            DistributionSpec::Arrival(DistributionSpec::Process::EXPONENTIAL, 1e-9, spec, error),
            true,
            "inter-arrival of 1 ns");

        // Texts ns-3 aborts on are refused before the checker sees them.
        TypeId::AttributeInformation info;
        AfpCorePolicy::GetTypeId().LookupAttributeByName("Thresh", &info);
        for (const char* bad : {"abc", "5x", "", " 5", "-1", "99999999999999999999"})
        {
            NS_TEST_EXPECT_MSG_EQ(TypeAliases::ReadValue(info.checker, bad),
                                  nullptr,
                                  "Thresh '" << bad << "'");
        }
        NS_TEST_EXPECT_MSG_NE(TypeAliases::ReadValue(info.checker, "7"), nullptr, "Thresh 7");
        AfpCorePolicy::GetTypeId().LookupAttributeByName("Quantum", &info);
        NS_TEST_EXPECT_MSG_EQ(TypeAliases::ReadValue(info.checker, "1 us"), nullptr, "space");
        NS_TEST_EXPECT_MSG_EQ(TypeAliases::ReadValue(info.checker, "1parsec"), nullptr, "unit");
        NS_TEST_EXPECT_MSG_NE(TypeAliases::ReadValue(info.checker, "2us"), nullptr, "2us");

        // The command line before CommandLine sees it.
        uint32_t cores = 4;
        ScenarioOptions options;
        options.AddUnsigned("cores", "cores", cores, 1, 64);
        auto check = [&options, &error](std::vector<std::string> args) {
            std::vector<char*> argv{const_cast<char*>("program")};
            for (std::string& a : args)
            {
                argv.push_back(a.data());
            }
            return options.CheckArguments(argv.size(), argv.data(), error);
        };
        NS_TEST_EXPECT_MSG_EQ(check({"--cores=abc", "-cores=2"}), true, "ours: converted later");
        NS_TEST_EXPECT_MSG_EQ(check({"--ns3::AfpCorePolicy::Thresh=7", "--RngRun=3"}),
                              true,
                              "ns-3 attributes and global values");
        NS_TEST_EXPECT_MSG_EQ(check({"--bogus=1", "--PrintHelp"}), true, "help first");
        const std::pair<std::vector<std::string>, const char*> bad[] = {
            {{"--bogus=1"}, "unknown option --bogus "},
            {{"cores=2"}, "unexpected argument 'cores=2'"},
            {{"--ns3::AfpCorePolicy::Bogus=1"}, "unknown option --ns3::AfpCorePolicy::Bogus "},
            {{"--ns3::AfpCorePolicy::Thresh=abc"}, "invalid --ns3::AfpCorePolicy::Thresh=abc: "},
            {{"--RngRun=5x"}, "invalid --RngRun=5x: "},
        };
        for (const auto& [args, message] : bad)
        {
            NS_TEST_EXPECT_MSG_EQ(check(args), false, args[0]);
            NS_TEST_EXPECT_MSG_EQ(error.rfind(message, 0), 0, error);
        }
    }
};

/// Short names, TypeId names and attributes become a factory; bad ones a one-line error.
class TypeAliasesTestCase : public TestCase
{
  public:
    TypeAliasesTestCase()
        : TestCase("type aliases: short names, TypeId names, attributes, family, errors")
    {
    }

  private:
    void DoRun() override
    {
        TypeId policies = CorePolicy::GetTypeId();
        ObjectFactory f;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TypeAliases::Parse("policy", "afp", policies, f, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(f.GetTypeId(), AfpCorePolicy::GetTypeId(), "short name");
        NS_TEST_ASSERT_MSG_EQ(TypeAliases::Parse("policy",
                                                 "ns3::AfpCorePolicy[Quantum=2us|Thresh=7]",
                                                 policies,
                                                 f,
                                                 error),
                              true,
                              error);
        Ptr<AfpCorePolicy> afp = f.Create<AfpCorePolicy>();
        TimeValue quantum;
        afp->GetAttribute("Quantum", quantum);
        NS_TEST_EXPECT_MSG_EQ(quantum.Get(), MicroSeconds(2), "attribute from the factory string");
        UintegerValue thresh;
        afp->GetAttribute("Thresh", thresh);
        NS_TEST_EXPECT_MSG_EQ(thresh.Get(), 7u, "second attribute");
        NS_TEST_EXPECT_MSG_EQ(TypeAliases::Name(AfpCorePolicy::GetTypeId()), "afp", "reverse");
        NS_TEST_EXPECT_MSG_EQ(TypeAliases::Name(CorePolicy::GetTypeId()),
                              "ns3::CorePolicy",
                              "no short name: the TypeId name");
        // Every short name of a family is offered, and only those.
        std::string list = TypeAliases::List(policies);
        NS_TEST_EXPECT_MSG_NE(list.find("cfcfs"), std::string::npos, "cfcfs listed");
        NS_TEST_EXPECT_MSG_EQ(list.find("steam"),
                              std::string::npos,
                              "a dispatcher is not a policy");
        NS_TEST_ASSERT_MSG_EQ(TypeAliases::Parse("scheduler",
                                                 "steam[BatchSize=20]",
                                                 Dispatcher::GetTypeId(),
                                                 f,
                                                 error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(f.GetTypeId(), SteamDispatcher::GetTypeId(), "dispatcher family");

        const std::pair<const char*, const char*> bad[] = {
            {"fifo", "invalid --policy=fifo: expected one of "},
            {"steam", "invalid --policy=steam: expected one of "},
            {"ns3::CorePolicy", "invalid --policy=ns3::CorePolicy: expected one of "},
            {"afp[Quantum=2us", "invalid --policy=afp[Quantum=2us: expected NAME"},
            {"afp[Quantum]", "invalid --policy=afp[Quantum]: 'Quantum' is not Attribute=Value"},
            {"afp[Speed=2]", "invalid --policy=afp[Speed=2]: ns3::AfpCorePolicy has no attribute"},
            {"afp[Thresh=0]", "invalid --policy=afp[Thresh=0]: '0' is not a valid Thresh"},
            {"afp[Quantum=fast]", "invalid --policy=afp[Quantum=fast]: 'fast' is not a valid"},
        };
        for (const auto& [text, message] : bad)
        {
            NS_TEST_EXPECT_MSG_EQ(TypeAliases::Parse("policy", text, policies, f, error),
                                  false,
                                  "accepted " << text);
            NS_TEST_EXPECT_MSG_EQ(error.rfind(message, 0),
                                  0,
                                  "message for " << text << ": " << error);
            NS_TEST_EXPECT_MSG_EQ(error.find('\n'), std::string::npos, "one line");
        }
    }
};

/// Options declared once: only the given ones convert, in order, strictly.
class OptionSetTestCase : public TestCase
{
  public:
    OptionSetTestCase()
        : TestCase("option set: given options convert in declaration order; others keep defaults")
    {
    }

  private:
    /**
     * \param p scenario parameters
     * \param args the command line (without the program name)
     * \param error receives the message
     * \return true if parsing, conversion and validation succeed
     */
    static bool Parse(MicrosecondScenario::Parameters& p,
                      std::vector<std::string> args,
                      std::string& error)
    {
        ScenarioOptions options;
        p.AddOptions(options);
        CommandLine cmd;
        options.AddTo(cmd);
        std::string program = "microsecond-scenario";
        std::vector<char*> argv{program.data()};
        for (auto& a : args)
        {
            argv.push_back(a.data());
        }
        cmd.Parse(argv.size(), argv.data());
        return options.Convert(error) && p.Validate(error);
    }

    void DoRun() override
    {
        std::string error;
        MicrosecondScenario::Parameters p;
        NS_TEST_ASSERT_MSG_EQ(Parse(p, {"--intra=shinjuku", "--quantum=2us", "--cores=8"}, error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(p.cores, 8u, "cores");
        NS_TEST_EXPECT_MSG_EQ(p.duration, Seconds(1), "default kept");
        Ptr<CorePolicy> policy = p.policy.Create<CorePolicy>();
        TimeValue quantum;
        policy->GetAttribute("Quantum", quantum);
        NS_TEST_EXPECT_MSG_EQ(quantum.Get(), MicroSeconds(2), "friendly option sets the attribute");

        // AFP calls its preemption cost InterruptOverhead, Shinjuku PreemptionOverhead.
        MicrosecondScenario::Parameters a;
        NS_TEST_ASSERT_MSG_EQ(Parse(a, {"--intra=afp", "--preempt-overhead=100ns"}, error),
                              true,
                              error);
        TimeValue overhead;
        a.policy.Create<CorePolicy>()->GetAttribute("InterruptOverhead", overhead);
        NS_TEST_EXPECT_MSG_EQ(overhead.Get(), NanoSeconds(100), "first attribute present wins");

        // A former name sets the renamed option, and says so once.
        MicrosecondScenario::Parameters f;
        ScenarioOptions formerOptions;
        f.AddOptions(formerOptions);
        NS_TEST_ASSERT_MSG_EQ(formerOptions.Set("policy", "afp"), true, "former name declared");
        NS_TEST_ASSERT_MSG_EQ(formerOptions.Convert(error), true, error);
        NS_TEST_EXPECT_MSG_EQ(f.policy.GetTypeId(),
                              AfpCorePolicy::GetTypeId(),
                              "--policy sets --intra");
        NS_TEST_EXPECT_MSG_EQ(formerOptions.IsGiven("intra"),
                              true,
                              "given through its former name");
        NS_TEST_ASSERT_MSG_EQ(formerOptions.GetDeprecations().size(), 1u, "one deprecation");
        NS_TEST_EXPECT_MSG_EQ(
            formerOptions.GetDeprecations()[0].rfind("--policy is now --intra", 0),
            0,
            formerOptions.GetDeprecations()[0]);
        MicrosecondScenario::Parameters both;
        NS_TEST_EXPECT_MSG_EQ(Parse(both, {"--policy=afp", "--intra=ps"}, error),
                              false,
                              "both names");
        NS_TEST_EXPECT_MSG_EQ(error,
                              "invalid --policy=afp: --policy is the former name of --intra, "
                              "given as well",
                              "message");

        MicrosecondScenario::Parameters w;
        NS_TEST_ASSERT_MSG_EQ(Parse(w, {"--workload=w1"}, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(w.service.text, "bimodal:0.995:500ns:500us", "workload");

        const std::pair<std::vector<std::string>, const char*> bad[] = {
            {{"--quantum=1us"}, "invalid --quantum=1us: policy dfcfs has no such parameter"},
            {{"--intra=psp", "--reserved=4"}, "invalid --intra=psp: ReservedCores=4"},
            {{"--intra=psp", "--handout=wrk"}, "invalid --handout=wrk: expected one of"},
            {{"--intra=afp", "--quantum=1"}, "invalid --quantum=1: expected a duration"},
            {{"--workload=w1", "--service=exp:1us"}, "invalid --workload=w1: give --workload"},
            {{"--cores=0"}, "invalid --cores=0: expected an integer"},
            {{"--exact=yes"}, "invalid --exact=yes: expected one of true|false"},
        };
        for (const auto& [args, message] : bad)
        {
            MicrosecondScenario::Parameters q;
            NS_TEST_EXPECT_MSG_EQ(Parse(q, args, error), false, "accepted " << args[0]);
            NS_TEST_EXPECT_MSG_EQ(error.rfind(message, 0), 0, "message: " << error);
        }

        // CArDS: a preset, a dispatcher with attributes, a friendly dispatcher option.
        CardsScenario::Parameters c;
        NS_TEST_ASSERT_MSG_EQ(c.SetScheduler("steam", error), true, error);
        NS_TEST_EXPECT_MSG_EQ(c.UsesGateways(), true, "steam schedules at the gateways");
        NS_TEST_EXPECT_MSG_EQ(c.GetGatewayDispatcher().GetTypeId(),
                              SteamDispatcher::GetTypeId(),
                              "STEAM at the gateways");
        NS_TEST_ASSERT_MSG_EQ(c.SetScheduler("ns3::CardsDispatcher[RandomOffset=false]", error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(c.UsesGateways(), false, "a dispatcher alone runs at the ingress");
        NS_TEST_EXPECT_MSG_EQ(c.SetScheduler("dfcfs", error), false, "a policy is no dispatcher");
        c.deployment = CardsScenario::Deployment::ROUTED;
        NS_TEST_EXPECT_MSG_EQ(c.UsesGateways(), true, "routed");
        NS_TEST_EXPECT_MSG_EQ(c.GetGatewayDispatcher().GetTypeId(),
                              CardsDispatcher::GetTypeId(),
                              "routed: the ingress's type at the gateways");
    }
};

/// Special cores report their busy time, whatever the policy.
/// --fail: the grammar, and every malformed list rejected with a reason.
class FaultSpecTestCase : public TestCase
{
  public:
    FaultSpecTestCase()
        : TestCase("fault lists: KIND:INDEX@DOWN[-UP], overlaps and malformed items rejected")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<FaultSpec> f;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(FaultSpec::Parse("fail", "server:3@1s-2s,link:12@500ms", f, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(f.size(), 2u, "two faults");
        NS_TEST_ASSERT_MSG_EQ(f[0].GetName(), "server 3", "name");
        NS_TEST_ASSERT_MSG_EQ(f[0].down, Seconds(1), "down");
        NS_TEST_ASSERT_MSG_EQ(f[0].up, Seconds(2), "up");
        NS_TEST_ASSERT_MSG_EQ(f[1].text, "link:12@500ms", "as given");
        NS_TEST_ASSERT_MSG_EQ(f[1].up, Time::Max(), "stays down");
        // The same part twice, one after the other: allowed.
        NS_TEST_ASSERT_MSG_EQ(FaultSpec::Parse("fail", "switch:0@0s-1s,switch:0@1s", f, error),
                              true,
                              error);
        for (const char* bad : {"",
                                ",",
                                "server:3",
                                "server@1s",
                                "server:@1s",
                                "server:-1@1s",
                                "server:1.5@1s",
                                "server:99999999999@1s",
                                "disk:0@1s",
                                "server:0@1",
                                "server:0@-1s",
                                "server:0@nan",
                                "server:0@1s-",
                                "server:0@2s-1s",
                                "server:0@1s-1s",
                                "server:0@1s-3s,server:0@2s-4s",
                                "server:0@1s,server:0@5s",
                                "server:0@1s,,link:0@1s"})
        {
            std::vector<FaultSpec> kept(1);
            NS_TEST_EXPECT_MSG_EQ(FaultSpec::Parse("fail", bad, kept, error),
                                  false,
                                  "'" << bad << "' accepted");
            NS_TEST_EXPECT_MSG_EQ(error.rfind(std::string("invalid --fail=") + bad + ": ", 0),
                                  0,
                                  "'" << bad << "': " << error);
            NS_TEST_EXPECT_MSG_EQ(kept.size(), 1u, "'" << bad << "' left the list untouched");
        }
    }
};

class SpecialCoresTestCase : public TestCase
{
  public:
    SpecialCoresTestCase()
        : TestCase("special cores: the c-FCFS dispatcher's busy time is rate x overhead")
    {
    }

  private:
    void DoRun() override
    {
        MicrosecondScenario::Parameters p;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p.SetPolicy("cfcfs[DispatchOverhead=200ns]", error), true, error);
        p.duration = MilliSeconds(20);
        p.load = 0.5;
        MicrosecondScenario s(p);
        s.Build();
        s.Run();
        double measured = s.GetServer()->GetPolicy()->GetSpecialBusyTime().GetSeconds();
        double expected = s.GetCompleted() * 200e-9;
        NS_TEST_EXPECT_MSG_EQ_TOL(measured, expected, 0.01 * expected, "dispatcher busy time");
        Simulator::Destroy();
        NS_TEST_EXPECT_MSG_EQ(CreateObject<AfpCorePolicy>()->GetSpecialBusyTime(),
                              Time(0),
                              "AFP's timer core: work not modelled");
    }
};

/**
 * \ingroup request-scheduling-tests
 * \brief An attribute a scenario sets from an option (ScenarioOptions::Owns)
 * named elsewhere is an error naming both, never a value replaced: in the
 * brackets of an object option, as an ns-3 default or a global value;
 * always, or only with the option given too. Checks of combinations
 * (AddCheck) run after every conversion. A pointer attribute given in
 * brackets makes one object per object created.
 */
class OwnedAttributesTestCase : public TestCase
{
  public:
    OwnedAttributesTestCase()
        : TestCase("Owned attributes: named in brackets, as ns-3 defaults or global values")
    {
    }

  private:
    void DoRun() override
    {
        // (arguments, expected error; empty: accepted)
        const std::pair<std::vector<std::string>, std::string> cases[] = {
            {{"--policy=shinjuku[Quantum=2us]"}, ""},
            {{"--policy=shinjuku[Quantum=2us]", "--quantum=7us"},
             "invalid --policy=shinjuku[Quantum=2us]: --quantum sets Quantum too; give one of "
             "them"},
            {{"--policy=afp", "--ns3::AfpCorePolicy::Quantum=2us"}, ""},
            {{"--ns3::AfpCorePolicy::Quantum=2us", "--quantum=7us"},
             "invalid --ns3::AfpCorePolicy::Quantum=2us: --quantum sets Quantum too; give one of "
             "them"},
            {{"--policy=afp[Thresh=3]"},
             "invalid --policy=afp[Thresh=3]: the scenario sets Thresh from --thresh; give "
             "--thresh instead"},
            {{"--ns3::AfpCorePolicy::Thresh=3"},
             "invalid --ns3::AfpCorePolicy::Thresh=3: the scenario sets Thresh from --thresh; "
             "give --thresh instead"},
            // A default on the base reaches the subclass too.
            {{"--ns3::CorePolicy::Thresh=3"}, "unknown"},
            {{"--RngRun=3"},
             "invalid --RngRun=3: the scenario sets RngRun from --run; give --run instead"},
            {{"--RngSeed=3"}, ""},
            // Said twice, the same (a SEM campaign passes both).
            {{"--run=3", "--RngRun=3"}, ""},
            {{"--run=2", "--RngRun=3"}, "invalid --RngRun=3: --run=2 sets RngRun to another value"},
            // Empty, an option without a default is not given; with one, it
            // is read.
            {{"--policy=shinjuku[Quantum=2us]", "--quantum="}, ""},
            {{"--policy="}, "unknown"},
            {{"--ns3::CfcfsCorePolicy::DispatchOverhead=1ns"},
             "invalid --ns3::CfcfsCorePolicy::DispatchOverhead=1ns: the scenario sets "
             "DispatchOverhead itself (no option changes it)"},
            {{"--policy=cfcfs", "--thresh=5"}, "invalid --thresh: cfcfs takes none"},
        };
        for (const auto& [args, expected] : cases)
        {
            ObjectFactory policy("ns3::CfcfsCorePolicy");
            std::string quantum;
            std::string thresh;
            uint32_t run = 1;
            ScenarioOptions options;
            options
                .Add("policy", "policy", "cfcfs", [&policy](const std::string& t, std::string& e) {
                    return TypeAliases::Parse("policy", t, CorePolicy::GetTypeId(), policy, e);
                });
            options.AddString("quantum", "quantum", quantum);
            options.Owns("ns3::CorePolicy::Quantum", "quantum", false);
            options.AddString("thresh", "thresh", thresh);
            options.Owns("ns3::AfpCorePolicy::Thresh", "thresh");
            options.AddUnsigned("run", "run", run, 1, 100);
            options.Owns("RngRun", "run");
            options.Owns("ns3::CfcfsCorePolicy::DispatchOverhead", "");
            options.AddCheck([&](std::string& e) {
                if (options.IsGiven("thresh") && policy.GetTypeId() != AfpCorePolicy::GetTypeId())
                {
                    e = "invalid --thresh: " + TypeAliases::Name(policy.GetTypeId()) +
                        " takes none";
                    return false;
                }
                return true;
            });
            std::vector<std::string> copy = args;
            std::vector<char*> argv{const_cast<char*>("program")};
            for (std::string& a : copy)
            {
                argv.push_back(a.data());
            }
            std::string error;
            bool checked = options.CheckArguments(argv.size(), argv.data(), error);
            if (checked)
            {
                for (const std::string& a : args)
                {
                    size_t eq = a.find('=');
                    options.Set(a.substr(2, eq - 2), a.substr(eq + 1));
                }
            }
            bool ok = checked && options.Convert(error);
            NS_TEST_EXPECT_MSG_EQ(ok, expected.empty(), args.front() << ": " << error);
            if (!expected.empty() && expected != "unknown")
            {
                NS_TEST_EXPECT_MSG_EQ(error, expected, args.front());
            }
        }

        // One tracker per dispatcher, though the text names it once.
        ObjectFactory dispatcher;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(TypeAliases::Parse("scheduler",
                                                 "power-of-k[LoadTracker=proactive]",
                                                 Dispatcher::GetTypeId(),
                                                 dispatcher,
                                                 error),
                              true,
                              error);
        PointerValue first;
        PointerValue second;
        dispatcher.Create<Object>()->GetAttribute("LoadTracker", first);
        dispatcher.Create<Object>()->GetAttribute("LoadTracker", second);
        NS_TEST_ASSERT_MSG_NE(first.GetObject(), nullptr, "a tracker");
        NS_TEST_EXPECT_MSG_NE(first.GetObject(), second.GetObject(), "each its own");
        NS_TEST_EXPECT_MSG_EQ(second.GetObject()->GetInstanceTypeId().GetName(),
                              "ns3::ProactiveLoadTracker",
                              "of the type named");
    }
};

/**
 * \ingroup request-scheduling-tests
 * \brief A default that depends on other options shows in the help text,
 * not as the [value] a SEM campaign would pass back, and an empty value
 * leaves such an option unset.
 */
class ContextualDefaultTestCase : public TestCase
{
  public:
    ContextualDefaultTestCase()
        : TestCase("Contextual defaults: in the help text, empty is unset")
    {
    }

  private:
    void DoRun() override
    {
        double load = 0.5;
        uint32_t k = 2;
        ScenarioOptions options;
        options.AddDouble("load", "offered load", load, 0, 10);
        options.AddUnsigned("k", "samples", k, 1, 100);
        options.ContextualDefault("k");
        options.ContextualDefault("load", "0.5, or as --rate sets");
        CommandLine cmd("program");
        options.AddTo(cmd);
        std::ostringstream help;
        cmd.PrintHelp(help);
        NS_TEST_EXPECT_MSG_NE(help.str().find("samples (default 2)\n"),
                              std::string::npos,
                              help.str());
        NS_TEST_EXPECT_MSG_NE(help.str().find("offered load (default 0.5, or as --rate sets)\n"),
                              std::string::npos,
                              help.str());
        NS_TEST_EXPECT_MSG_EQ(help.str().find("[2]"), std::string::npos, "no [default]");
        NS_TEST_EXPECT_MSG_EQ(help.str().find("[0.5]"), std::string::npos, "no [default]");
        NS_TEST_ASSERT_MSG_EQ(options.Set("k", ""), true, "declared");
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(options.Convert(error), true, error);
        NS_TEST_EXPECT_MSG_EQ(options.IsGiven("k"), false, "empty: not given");
        NS_TEST_EXPECT_MSG_EQ(k, 2, "the default kept");
        options.Set("k", "0");
        NS_TEST_EXPECT_MSG_EQ(options.Convert(error), false, "a value is still checked");
    }
};

/// Suite of the option and distribution tests.
class ScenarioOptionsTestSuite : public TestSuite
{
  public:
    ScenarioOptionsTestSuite()
        : TestSuite("request-scheduling-options", Type::UNIT)
    {
        AddTestCase(new DistributionParseTestCase());
        AddTestCase(new DistributionRejectTestCase());
        AddTestCase(new OptionParseTestCase());
        AddTestCase(new FaultSpecTestCase());
        AddTestCase(new OptionLimitsTestCase());
        AddTestCase(new MixtureTestCase());
        AddTestCase(new TypeAliasesTestCase());
        AddTestCase(new OptionSetTestCase());
        AddTestCase(new SpecialCoresTestCase());
        AddTestCase(new OwnedAttributesTestCase());
        AddTestCase(new ContextualDefaultTestCase());
    }
};

/// The suite's instance.
ScenarioOptionsTestSuite g_scenarioOptionsTestSuite;

} // namespace
