/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * CArDS: the compute-aware WRR, instance affinity, the deployments and, at
 * reduced scale, the paper's qualitative results.
 */

#include "request-scheduling-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/cards-dispatcher.h"
#include "ns3/cards-scenario.h"
#include "ns3/compute-vector.h"
#include "ns3/config.h"
#include "ns3/fault-spec.h"
#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/multicore-server.h"
#include "ns3/nstime.h"
#include "ns3/orchestrator-helper.h"
#include "ns3/request-client.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/semantic-router.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/steam-dispatcher.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <map>
#include <numeric>
#include <set>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/**
 * \param units compute units per entry
 * \param randomOffset start at a random slot
 * \return a CArDS dispatcher over entries 10.0.0.1, 10.0.0.2, ...
 */
Ptr<CardsDispatcher>
MakeCards(const std::vector<uint32_t>& units, bool randomOffset)
{
    ComputeVector v;
    for (uint32_t i = 0; i < units.size(); ++i)
    {
        v.Add(ComputeTarget{Ipv4Address(0x0a000001 + i), units[i], true, 0});
    }
    auto d = CreateObject<CardsDispatcher>();
    d->SetAttribute("RandomOffset", BooleanValue(randomOffset));
    d->SetComputeVector(v);
    return d;
}

/// The slot sequence of the WRR and its proportions.
class WrrSequenceTestCase : public TestCase
{
  public:
    WrrSequenceTestCase()
        : TestCase("CArDS WRR: slot sequence, exact proportions, new vector at run time")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<CardsDispatcher> d = MakeCards({1, 2, 3}, false);
        Ipv4Header h;
        const uint32_t expected[] = {0, 1, 1, 2, 2, 2, 0, 1, 1, 2, 2, 2};
        for (uint32_t e : expected)
        {
            NS_TEST_ASSERT_MSG_EQ(d->Choose(ServiceRequestHeader(), h), e, "slot sequence");
        }
        for (int i = 0; i < 6000 - 12; ++i)
        {
            d->Choose(ServiceRequestHeader(), h);
        }
        NS_TEST_ASSERT_MSG_EQ(d->GetDecisions()[0], 1000u, "1 of 6 slots");
        NS_TEST_ASSERT_MSG_EQ(d->GetDecisions()[1], 2000u, "2 of 6 slots");
        NS_TEST_ASSERT_MSG_EQ(d->GetDecisions()[2], 3000u, "3 of 6 slots");
        // The orchestrator installs a new vector: the proportions follow.
        ComputeVector v;
        v.Add(ComputeTarget{Ipv4Address("10.0.0.9"), 4, true, 0});
        v.Add(ComputeTarget{Ipv4Address("10.0.0.8"), 1, true, 0});
        d->SetComputeVector(v);
        for (int i = 0; i < 500; ++i)
        {
            d->Choose(ServiceRequestHeader(), h);
        }
        NS_TEST_ASSERT_MSG_EQ(d->GetDecisions()[0], 400u, "new vector, entry 0");
        NS_TEST_ASSERT_MSG_EQ(d->GetDecisions()[1], 100u, "new vector, entry 1");
    }
};

/// Every router starts at a random slot, uniformly.
class RandomOffsetTestCase : public TestCase
{
  public:
    RandomOffsetTestCase()
        : TestCase("CArDS WRR: the starting slot is uniform over the slots")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(31);
        const uint32_t n = 5000;
        std::vector<uint32_t> start(10, 0);
        Ipv4Header h;
        for (uint32_t k = 0; k < n; ++k)
        {
            // The start is drawn at the first request: the slot after it.
            Ptr<CardsDispatcher> d = MakeCards({1, 2, 3, 4}, true);
            d->Choose(ServiceRequestHeader(), h);
            ++start[(d->GetCounter() + 9) % 10];
        }
        // Chi-square over 10 slots, 9 degrees of freedom: 0.999 quantile 27.9.
        double chi2 = 0;
        for (uint32_t c : start)
        {
            chi2 += (c - n / 10.0) * (c - n / 10.0) / (n / 10.0);
        }
        NS_TEST_ASSERT_MSG_LT(chi2, 27.9, "starting slots are not uniform");
        NS_TEST_ASSERT_MSG_EQ(MakeCards({1, 2, 3, 4}, false)->GetCounter(), 0u, "no offset");
    }
};

/// Compute vectors from text; bad ones are rejected.
class ComputeVectorParseTestCase : public TestCase
{
  public:
    ComputeVectorParseTestCase()
        : TestCase("compute vectors: parsing, zero units and capacity are rejected")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::vector<uint32_t>> sites;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(ComputeVector::ParseSites("1,2,2,3;8,8,9,9", sites, error),
                              true,
                              error);
        NS_TEST_ASSERT_MSG_EQ(sites.size(), 2u, "sites");
        NS_TEST_ASSERT_MSG_EQ(sites[1][3], 9u, "units");
        for (const char* bad : {"", ";", "1,0", "1,,2", "a", "1;", "-1", "1.5", "1;;2"})
        {
            NS_TEST_EXPECT_MSG_EQ(ComputeVector::ParseSites(bad, sites, error),
                                  false,
                                  "'" << bad << "'");
        }
        CardsScenario::Parameters c;
        c.computeUnits = {{1, 2}, {20}};
        c.serverCapacity = 16;
        NS_TEST_ASSERT_MSG_EQ(c.Validate(error), false, "20 units on a 16-unit server");
        NS_TEST_ASSERT_MSG_NE(error.find("--server-capacity"), std::string::npos, error);
        c.computeUnits = {};
        NS_TEST_ASSERT_MSG_EQ(c.Validate(error), false, "empty vector");
        c = CardsScenario::Parameters();
        c.schedulers = 7;
        NS_TEST_ASSERT_MSG_EQ(c.Validate(error), false, "7 scheduling points over 5 ingresses");
    }
};

/**
 * \param c a configuration
 * \return served requests per instance after running it
 */
std::vector<uint64_t>
Served(const CardsScenario::Parameters& c)
{
    CardsScenario s(c);
    s.Build();
    s.Run();
    std::vector<uint64_t> served;
    for (const auto& si : s.GetInstances())
    {
        served.push_back(si->GetCompleted());
    }
    Simulator::Destroy();
    return served;
}

/// Load shares follow compute units, in both deployments.
class LoadShareTestCase : public TestCase
{
  public:
    /// \param deployment ingress or routed
    explicit LoadShareTestCase(const std::string& deployment)
        : TestCase("CArDS (" + deployment + "): each instance serves its share of compute units"),
          m_deployment(deployment)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(32);
        CardsScenario::Parameters c;
        c.clients = 200;
        c.duration = Seconds(1);
        c.deployment = m_deployment == "routed" ? CardsScenario::Deployment::ROUTED
                                                : CardsScenario::Deployment::INGRESS;
        std::vector<uint64_t> served = Served(c);
        uint64_t total = std::accumulate(served.begin(), served.end(), uint64_t{0});
        NS_TEST_ASSERT_MSG_GT(total, 30000u, "traffic");
        uint32_t i = 0;
        for (const auto& site : c.computeUnits)
        {
            for (uint32_t cu : site)
            {
                double expected = total * cu / 50.0;
                // WRR is exact up to one cycle per scheduling point.
                NS_TEST_EXPECT_MSG_EQ_TOL(double(served[i]),
                                          expected,
                                          0.01 * expected + 60,
                                          "instance " << i);
                ++i;
            }
        }
    }

    std::string m_deployment; //!< ingress or routed
};

/// Affinity requests go straight to the instance of their transaction.
class AffinityTestCase : public TestCase
{
  public:
    AffinityTestCase()
        : TestCase(
              "affinity: a transaction stays on one instance; affinity requests bypass scheduling")
    {
    }

  private:
    /// \param r a request arriving at an instance
    void Arrival(uint32_t instance, const ServerRequest& r)
    {
        auto key = std::make_pair(r.header.GetClientId(), r.header.GetTransactionId());
        if (r.header.GetFlags() & ServiceRequestHeader::FLAG_AFFINITY)
        {
            ++m_affinityArrived;
            m_affinityInstances[key].insert(instance);
        }
        else
        {
            m_scheduledInstances[key].insert(instance);
        }
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(33);
        CardsScenario::Parameters c;
        c.clients = 50;
        c.duration = Seconds(2);
        c.transactionRequests = 20;
        CardsScenario s(c);
        s.Build();
        const auto& instances = s.GetInstances();
        for (uint32_t i = 0; i < instances.size(); ++i)
        {
            instances[i]->TraceConnectWithoutContext(
                "RequestArrival",
                MakeBoundCallback(&AffinityTestCase::ArrivalSink, this, i));
        }
        s.Run();
        uint64_t affinity = 0;
        for (uint32_t k = 0; k < s.GetClients().GetN(); ++k)
        {
            affinity += DynamicCast<RequestClient>(s.GetClients().Get(k))->GetAffinitySent();
        }
        uint64_t resolved = 0;
        for (const auto& r : s.GetIngressRouters())
        {
            resolved += r->GetResolved();
        }
        NS_TEST_ASSERT_MSG_EQ(s.GetCompleted(), s.GetSent(), "all answered");
        // Each client sends every ~5 ms and a reply takes ~5 ms: about the
        // first two requests of a transaction are scheduled, the rest follow.
        NS_TEST_ASSERT_MSG_GT(affinity, s.GetSent() * 8 / 10, "most requests use affinity");
        NS_TEST_ASSERT_MSG_EQ(resolved + affinity,
                              s.GetSent(),
                              "affinity requests are not scheduled");
        NS_TEST_ASSERT_MSG_EQ(m_affinityArrived, affinity, "affinity requests reach instances");
        NS_TEST_ASSERT_MSG_GT(m_affinityInstances.size(), 100u, "transactions with affinity");
        for (const auto& [key, set] : m_affinityInstances)
        {
            // The requests sent before the first reply are scheduled; the
            // rest all go to one of the instances that served those.
            NS_TEST_EXPECT_MSG_EQ(set.size(), 1u, "affinity requests of a transaction split");
            NS_TEST_EXPECT_MSG_EQ(m_scheduledInstances[key].count(*set.begin()),
                                  1u,
                                  "affinity to an instance the transaction was not scheduled to");
        }
        Simulator::Destroy();
    }

    /**
     * \param self the test
     * \param instance instance index
     * \param r the request
     */
    static void ArrivalSink(AffinityTestCase* self, uint32_t instance, const ServerRequest& r)
    {
        self->Arrival(instance, r);
    }

    /// instances that received scheduled requests, per (client, transaction)
    std::map<std::pair<uint32_t, uint32_t>, std::set<uint32_t>> m_scheduledInstances;
    /// instances that received affinity requests, per (client, transaction)
    std::map<std::pair<uint32_t, uint32_t>, std::set<uint32_t>> m_affinityInstances;
    uint64_t m_affinityArrived{0}; //!< affinity requests seen at instances
};

/**
 * \param scenario paper scenario
 * \param scheduler scheduler
 * \param clients clients
 * \param schedulers scheduling points
 * \param duration sending time
 * \return mean RCT (s)
 */
double
MeanRct(const std::string& scenario,
        const std::string& scheduler,
        uint32_t clients,
        uint32_t schedulers,
        Time duration)
{
    RngSeedManager::SetSeed(34);
    CardsScenario::Parameters c;
    std::string error;
    c.SetScenario(scenario, error);
    NS_ABORT_MSG_IF(!c.SetScheduler(scheduler, error), error);
    c.clients = clients;
    c.schedulers = schedulers;
    c.duration = duration;
    CardsScenario s(c);
    s.Build();
    s.Run();
    double mean = s.GetClientStats().GetAll().GetMean().GetSeconds();
    Simulator::Destroy();
    return mean;
}

/// The paper's qualitative results at reduced scale.
class PaperTrendTestCase : public TestCase
{
  public:
    PaperTrendTestCase()
        : TestCase(
              "paper trends: 2b random and STEAM far above CArDS; site-random far above direct; "
              "central no worse than 1550 points")
    {
    }

  private:
    void DoRun() override
    {
        // Scenario 2b at 60 % load: compute-unaware choices overload the
        // small sites.
        double cards = MeanRct("2b", "cards", 930, 5, MilliSeconds(500));
        double random = MeanRct("2b", "random", 930, 5, MilliSeconds(500));
        double steam = MeanRct("2b", "steam", 930, 5, MilliSeconds(500));
        NS_TEST_EXPECT_MSG_GT(random, 5 * cards, "2b: random far above CArDS");
        NS_TEST_EXPECT_MSG_GT(steam, 5 * cards, "2b: STEAM far above CArDS");
        // Scenario 1 at 80 % load: site-random overloads the small instances,
        // whose queues grow for as long as the run lasts (half a second here).
        double direct = MeanRct("1", "cards", 1240, 5, MilliSeconds(500));
        double siteRandom = MeanRct("1", "site-random", 1240, 5, MilliSeconds(500));
        NS_TEST_EXPECT_MSG_GT(siteRandom, 5 * direct, "site-random far above direct CArDS");
        // Scenario 1 at 100 % load: one scheduler does no worse than one per client.
        double central = MeanRct("1", "central", 1550, 1, MilliSeconds(500));
        double perClient = MeanRct("1", "cards", 1550, 1550, MilliSeconds(500));
        NS_TEST_EXPECT_MSG_LT_OR_EQ(central, perClient, "central <= 1550 scheduling points");
    }
};

/// STEAM's batches: largest pressure first, in-flight limit, replies free instances.
class SteamReleaseTestCase : public TestCase
{
  public:
    SteamReleaseTestCase()
        : TestCase("STEAM: batches by pressure, in-flight limit, replies free instances")
    {
    }

  private:
    void DoRun() override
    {
        ComputeVector v;
        v.Add(ComputeTarget{Ipv4Address("10.0.0.1"), 1, true, 0});
        v.Add(ComputeTarget{Ipv4Address("10.0.0.2"), 3, true, 0});
        auto d = CreateObject<SteamDispatcher>();
        d->SetAttribute("BatchSize", UintegerValue(2));
        d->SetComputeVector(v);
        Dispatcher::ReleaseOrder o;
        Ipv4Header ip;
        // As a host does: send on what a Release() lets go, request by request.
        auto release = [&](uint32_t waiting, uint32_t sent) {
            bool released = d->Release(waiting, o);
            for (uint32_t r = 0; released && r < std::min(sent, o.count); ++r)
            {
                d->Dispatched(ServiceRequestHeader(), ip, o.target);
            }
            return released;
        };
        NS_TEST_ASSERT_MSG_EQ(release(5, 2), true, "both instances idle");
        NS_TEST_ASSERT_MSG_EQ(o.target, 1u, "3 CU x 5 waiting beats 1 CU x 5");
        NS_TEST_ASSERT_MSG_EQ(o.count, 2u, "a batch");
        NS_TEST_ASSERT_MSG_EQ(release(3, 2), true, "instance 0 still idle");
        NS_TEST_ASSERT_MSG_EQ(o.target, 0u, "the other instance");
        NS_TEST_ASSERT_MSG_EQ(release(1, 1), false, "both at the in-flight limit");
        d->NotifyReply(1, ServiceRequestHeader());
        NS_TEST_ASSERT_MSG_EQ(release(1, 1), false, "one request still in flight");
        d->NotifyReply(1, ServiceRequestHeader());
        NS_TEST_ASSERT_MSG_EQ(release(1, 1), true, "instance 1 drained");
        NS_TEST_ASSERT_MSG_EQ(o.target, 1u, "instance 1");
        NS_TEST_ASSERT_MSG_EQ(o.count, 1u, "only one waiting");
        NS_TEST_ASSERT_MSG_EQ(d->GetInFlight(0), 2u, "in flight at 0");
        NS_TEST_ASSERT_MSG_EQ(d->GetInFlight(1), 1u, "in flight at 1");
        // A request of a batch its host could not send on is not in flight.
        NS_TEST_ASSERT_MSG_EQ(release(1, 0), false, "both busy");
        d->NotifyReply(1, ServiceRequestHeader());
        NS_TEST_ASSERT_MSG_EQ(release(4, 1), true, "instance 1 drained again");
        NS_TEST_ASSERT_MSG_EQ(o.count, 2u, "a batch of 2, one of them dropped");
        NS_TEST_ASSERT_MSG_EQ(d->GetInFlight(1), 1u, "only the one sent");
    }
};

/// Scheduling points: one shared counter for central, distinct ones otherwise.
class SchedulingPointsTestCase : public TestCase
{
  public:
    SchedulingPointsTestCase()
        : TestCase("scheduling points: central shares one dispatcher, N points are distinct")
    {
    }

  private:
    void DoRun() override
    {
        CardsScenario::Parameters c;
        c.clients = 10;
        c.duration = MilliSeconds(10);
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(c.SetScheduler("central", error), true, error);
        CardsScenario central(c);
        central.Build();
        auto routers = central.GetIngressRouters();
        Ptr<Dispatcher> first = routers[0]->GetDispatchers(CardsScenario::SERVICE_ADDRESS)[0];
        for (const auto& r : routers)
        {
            auto ds = r->GetDispatchers(CardsScenario::SERVICE_ADDRESS);
            NS_TEST_ASSERT_MSG_EQ(ds.size(), 1u, "one point");
            NS_TEST_ASSERT_MSG_EQ(ds[0], first, "the same counter at every ingress");
        }
        Simulator::Destroy();

        NS_TEST_ASSERT_MSG_EQ(c.SetScheduler("cards", error), true, error);
        c.schedulers = 10;
        CardsScenario distributed(c);
        distributed.Build();
        std::set<Ptr<Dispatcher>> all;
        for (const auto& r : distributed.GetIngressRouters())
        {
            auto ds = r->GetDispatchers(CardsScenario::SERVICE_ADDRESS);
            NS_TEST_ASSERT_MSG_EQ(ds.size(), 2u, "10 points over 5 ingresses");
            all.insert(ds.begin(), ds.end());
        }
        NS_TEST_ASSERT_MSG_EQ(all.size(), 10u, "distinct points");
        Simulator::Destroy();
    }
};

/// Requests the router cannot resolve are dropped with a reason.
class RouterDropTestCase : public TestCase
{
  public:
    RouterDropTestCase()
        : TestCase("semantic router: unknown service, malformed request, no route are dropped")
    {
    }

  private:
    void DoRun() override
    {
        CardsScenario::Parameters c;
        c.clients = 5;
        c.schedulers = 10; // two points per ingress: the router reads the client id
        c.duration = MilliSeconds(20);
        CardsScenario s(c);
        s.Build();
        Ptr<SemanticRouter> router = s.GetIngressRouters()[0];
        // A service whose only entry has no route.
        ComputeVector nowhere;
        nowhere.Add(ComputeTarget{Ipv4Address("192.0.2.1"), 1, true, 0});
        auto d = CreateObject<CardsDispatcher>();
        d->SetComputeVector(nowhere);
        router->AddService(Ipv4Address("100.64.0.2"), d);
        Ptr<Node> client = s.GetClients().Get(0)->GetNode();
        Ptr<Socket> socket = Socket::CreateSocket(client, UdpSocketFactory::GetTypeId());
        socket->Bind();
        ServiceRequestHeader request;
        request.SetMessageType(ServiceRequestHeader::REQUEST);
        request.SetClientId(999999); // not one of the scenario's clients
        Ptr<Packet> good = Create<Packet>();
        good->AddHeader(request);
        auto sendAt = [socket](Time at, Ipv4Address to, Ptr<Packet> p) {
            Simulator::Schedule(at, [socket, to, p]() {
                socket->SendTo(p, 0, InetSocketAddress(to, CardsScenario::SERVICE_PORT));
            });
        };
        sendAt(MilliSeconds(1), Ipv4Address("100.64.0.99"), good->Copy());
        sendAt(MilliSeconds(2), Ipv4Address("100.64.0.2"), good->Copy());
        sendAt(MilliSeconds(3), CardsScenario::SERVICE_ADDRESS, Create<Packet>(10));
        s.Run();
        const auto& drops = router->GetDrops();
        NS_TEST_ASSERT_MSG_EQ(drops.at(SemanticRouter::UNKNOWN_SERVICE_DROP),
                              1u,
                              "unknown service");
        NS_TEST_ASSERT_MSG_EQ(drops.at(SemanticRouter::NO_ROUTE_DROP), 1u, "no route");
        NS_TEST_ASSERT_MSG_EQ(drops.at(SemanticRouter::MALFORMED_DROP), 1u, "malformed request");
        NS_TEST_ASSERT_MSG_EQ(s.GetCompleted(), s.GetSent(), "the clients' requests are served");
        Simulator::Destroy();
    }
};

/// A request lost on the way is forgotten by its router after ReplyTimeout.
class ReplyTimeoutTestCase : public TestCase
{
  public:
    ReplyTimeoutTestCase()
        : TestCase("semantic router: requests lost on the way are forgotten after ReplyTimeout")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::SemanticRouter::ReplyTimeout", TimeValue(MilliSeconds(20)));
        CardsScenario::Parameters c;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(c.SetScenario("2a", error), true, error);
        NS_TEST_ASSERT_MSG_EQ(c.SetScheduler("steam", error), true, error);
        c.clients = 200;
        c.duration = MilliSeconds(300);
        c.drain = Seconds(1);
        // Server 0 down for 100 ms, which its gateway learns only after the
        // run: what the gateway sends it meanwhile is lost.
        NS_TEST_ASSERT_MSG_EQ(FaultSpec::Parse("fail", "server:0@50ms-150ms", c.faults, error),
                              true,
                              error);
        c.faultDetection = Seconds(1);
        CardsScenario s(c);
        s.Build();
        s.Run();
        uint64_t expired = 0;
        uint64_t awaiting = 0;
        for (const auto& r : s.GetGatewayRouters())
        {
            expired += r->GetExpired();
            awaiting += r->GetAwaitingReply();
        }
        NS_TEST_ASSERT_MSG_GT(s.GetDropped(), 0u, "requests lost at the failed server");
        NS_TEST_ASSERT_MSG_GT(expired, 0u, "lost requests forgotten");
        NS_TEST_ASSERT_MSG_EQ(expired + awaiting,
                              s.GetDropped(),
                              "every lost request forgotten, or still in the last two epochs");
        Simulator::Destroy();
        Config::Reset();
    }
};

/// Link latency: the mean every time (const), or exponential per packet.
class LatencyModelTestCase : public TestCase
{
  public:
    LatencyModelTestCase()
        : TestCase("latency: const gives every request the same RCT, exp spreads it")
    {
    }

  private:
    /**
     * \param latency exp or const
     * \return completion times of one client's requests over 1 ms links
     */
    LatencySummary Rct(const std::string& latency)
    {
        CardsScenario::Parameters c;
        std::string error;
        DistributionSpec::Parse("const:100us", c.service, error);
        DistributionSpec::Parse("const:10ms", c.interArrival, error);
        c.clients = 1;
        c.duration = Seconds(2);
        c.intraSiteMean = MilliSeconds(1);
        c.interSiteMean = MilliSeconds(1);
        c.latency = latency == "const" ? CardsScenario::Latency::CONSTANT
                                       : CardsScenario::Latency::EXPONENTIAL;
        CardsScenario s(c);
        s.Build();
        s.Run();
        LatencySummary all = s.GetClientStats().GetAll();
        Simulator::Destroy();
        return all;
    }

    void DoRun() override
    {
        // Two 1 ms links, 100 us of service; transmission and forwarding
        // add well under a microsecond.
        LatencySummary fixed = Rct("const");
        NS_TEST_ASSERT_MSG_GT(fixed.GetCount(), 190u, "one request every 10 ms for 2 s");
        NS_TEST_EXPECT_MSG_EQ_TOL(fixed.GetMin().GetMicroSeconds(), 2100, 1, "min");
        NS_TEST_EXPECT_MSG_EQ_TOL(fixed.GetMax().GetMicroSeconds(), 2100, 1, "max");
        // Exponential: same mean (sum of two exp(1 ms): sd 1.41 ms, 200
        // samples: 3 standard errors = 0.3 ms), a wide spread.
        LatencySummary random = Rct("exp");
        NS_TEST_EXPECT_MSG_EQ_TOL(random.GetMean().GetMicroSeconds(), 2100, 300, "mean");
        NS_TEST_EXPECT_MSG_GT(random.GetMax() - random.GetMin(), MilliSeconds(3), "spread");
    }
};

/// The orchestrator helper: a new compute vector signalled at run time.
class OrchestratorSignalTestCase : public TestCase
{
  public:
    OrchestratorSignalTestCase()
        : TestCase("orchestrator: a signalled compute vector takes effect at its time")
    {
    }

  private:
    /// \param instances the instances, whose arrivals are recorded
    void Snapshot(const std::vector<Ptr<MulticoreServer>>* instances)
    {
        for (const auto& si : *instances)
        {
            m_atSignal.push_back(si->GetReceived());
        }
    }

    /// \param si an instance \param cu compute units \return its entry
    static ComputeTarget Entry(Ptr<MulticoreServer> si, uint32_t cu)
    {
        Ipv4AddressValue locator;
        si->GetAttribute("Locator", locator);
        return ComputeTarget{locator.Get(), cu, true, 0};
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(35);
        CardsScenario::Parameters c;
        c.clients = 200;
        c.duration = Seconds(1);
        CardsScenario s(c);
        s.Build();
        // Half-way, the orchestrator keeps site 0's first two instances only
        // (1 and 2 compute units).
        const auto& instances = s.GetInstances();
        ComputeVector v;
        v.Add(Entry(instances[0], 1));
        v.Add(Entry(instances[1], 2));
        OrchestratorHelper::Signal(MilliSeconds(500),
                                   s.GetIngressNodes(),
                                   CardsScenario::SERVICE_ADDRESS,
                                   v);
        Simulator::Schedule(MilliSeconds(500),
                            &OrchestratorSignalTestCase::Snapshot,
                            this,
                            &instances);
        s.Run();
        NS_TEST_ASSERT_MSG_EQ(m_atSignal.size(), instances.size(), "snapshot taken");
        NS_TEST_ASSERT_MSG_EQ(s.GetCompleted(), s.GetSent(), "every request answered");
        uint64_t before = 0;
        for (const auto n : m_atSignal)
        {
            before += n;
        }
        uint64_t after0 = instances[0]->GetReceived() - m_atSignal[0];
        uint64_t after1 = instances[1]->GetReceived() - m_atSignal[1];
        NS_TEST_ASSERT_MSG_GT(before, 15000u, "traffic before the signal");
        for (uint32_t i = 2; i < instances.size(); ++i)
        {
            // Requests already on the wire when the signal lands may still
            // arrive; none is scheduled to these instances afterwards.
            NS_TEST_EXPECT_MSG_LT(instances[i]->GetReceived() - m_atSignal[i],
                                  100u,
                                  "instance " << i << " left the vector");
        }
        // 1 : 2 compute units, WRR exact up to a cycle per scheduling point.
        NS_TEST_EXPECT_MSG_EQ_TOL(double(after1), 2.0 * after0, 0.02 * after1 + 10, "1:2 share");
        Simulator::Destroy();
    }

    std::vector<uint64_t> m_atSignal; //!< arrivals per instance at the signal
};

/// Suite of the CArDS tests.
class CardsTestSuite : public TestSuite
{
  public:
    CardsTestSuite()
        : TestSuite("request-scheduling-cards", Type::UNIT)
    {
        AddTestCase(new WrrSequenceTestCase());
        AddTestCase(new RandomOffsetTestCase());
        AddTestCase(new ComputeVectorParseTestCase());
        AddTestCase(new LoadShareTestCase("ingress"));
        AddTestCase(new LoadShareTestCase("routed"));
        AddTestCase(new ReplyTimeoutTestCase());
        AddTestCase(new AffinityTestCase());
        AddTestCase(new SteamReleaseTestCase());
        AddTestCase(new SchedulingPointsTestCase());
        AddTestCase(new RouterDropTestCase());
        AddTestCase(new LatencyModelTestCase());
        AddTestCase(new OrchestratorSignalTestCase());
        AddTestCase(new PaperTrendTestCase(), RS_TEST_EXTENSIVE);
    }
};

/// The suite's instance.
CardsTestSuite g_cardsTestSuite;

} // namespace
