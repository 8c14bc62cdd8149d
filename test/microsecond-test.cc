/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The multi-core server at packet level: requests cross links as UDP
 * packets, RSS picks receive queues, and every request is accounted for.
 */

#include "request-scheduling-test-utils.h"

#include "ns3/afp-core-policy.h"
#include "ns3/config.h"
#include "ns3/dfcfs-core-policy.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/microsecond-scenario.h"
#include "ns3/multicore-server.h"
#include "ns3/node.h"
#include "ns3/psp-core-policy.h"
#include "ns3/request-client.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <functional>

using namespace ns3;
using namespace ns3::rsched;
using namespace ns3::rsched::tests;

NS_LOG_COMPONENT_DEFINE("RequestSchedulingServerTest");

namespace
{

/**
 * \param policy dfcfs, cfcfs, ps, shinjuku, psp or afp
 * \param cores compute units
 * \param load utilisation
 * \param service distribution text
 * \param duration sending time
 * \return the scenario parameters
 */
MicrosecondScenario::Parameters
MakeConfig(const std::string& policy,
           uint32_t cores,
           double load,
           const std::string& service,
           Time duration)
{
    MicrosecondScenario::Parameters c;
    std::string error;
    DistributionSpec::Parse(service, c.service, error);
    c.SetPolicy(policy, error);
    c.cores = cores;
    c.load = load;
    c.duration = duration;
    return c;
}

/// Requests are conserved at every instant and all are answered in the end.
class ConservationTestCase : public TestCase
{
  public:
    /// \param policy the policy to run
    explicit ConservationTestCase(const std::string& policy)
        : TestCase("conservation with " + policy + ": received = completed + in system + dropped"),
          m_policy(policy)
    {
    }

  private:
    /// Check the server's identity now.
    void Check()
    {
        Ptr<MulticoreServer> s = m_scenario->GetServer();
        ++m_checks;
        NS_TEST_ASSERT_MSG_EQ(s->GetReceived(),
                              s->GetCompleted() + s->GetInSystem() + s->GetDropped(),
                              "server conservation at " << Simulator::Now().As(Time::US));
        NS_TEST_ASSERT_MSG_EQ(s->GetInSystem(),
                              s->GetPolicy()->GetWaiting() + s->GetPolicy()->GetInService(),
                              "requests in system = waiting + in service");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(m_scenario->GetSent(),
                                    m_scenario->GetCompleted() + m_scenario->GetDropped(),
                                    "sent >= completed + dropped");
        // Work conservation: no idle worker while a request it may run waits.
        Ptr<CorePolicy> policy = s->GetPolicy();
        for (uint32_t w = 0; w < s->GetWorkers(); ++w)
        {
            if (!policy->IsIdle(w))
            {
                continue;
            }
            if (auto dfcfs = DynamicCast<DfcfsCorePolicy>(policy))
            {
                NS_TEST_ASSERT_MSG_EQ(dfcfs->GetQueueLength(w), 0u, "idle with its queue");
            }
            else if (auto afp = DynamicCast<AfpCorePolicy>(policy))
            {
                NS_TEST_ASSERT_MSG_EQ(afp->GetNicQueueLength(w), 0u, "idle with its NIC queue");
                NS_TEST_ASSERT_MSG_EQ(afp->GetWaitQueueLength(), 0u, "idle with a wait queue");
            }
            else if (auto psp = DynamicCast<PspCorePolicy>(policy))
            {
                // Reserved workers may idle while long requests wait.
                bool reserved = w < psp->GetReservedCores();
                NS_TEST_ASSERT_MSG_EQ((reserved || policy->GetWaiting() == 0),
                                      true,
                                      "non-reserved worker idle while requests wait");
            }
            else
            {
                // A shared queue never waits while a worker is idle.
                NS_TEST_ASSERT_MSG_EQ(policy->GetWaiting(), 0u, "idle with a shared queue");
            }
        }
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(21);
        RngSeedManager::SetRun(1);
        Config::SetDefault("ns3::MulticoreServer::MaxRequests",
                           UintegerValue(m_policy == "dfcfs" ? 20 : 0));
        m_scenario = std::make_unique<MicrosecondScenario>(
            MakeConfig(m_policy, 4, 0.95, "bimodal:0.9:5us:50us", MilliSeconds(20)));
        m_scenario->Build();
        for (int i = 1; i < 200; ++i)
        {
            Simulator::Schedule(MicroSeconds(100 * i) + NanoSeconds(7),
                                &ConservationTestCase::Check,
                                this);
        }
        m_scenario->Run();
        Check();
        Ptr<MulticoreServer> s = m_scenario->GetServer();
        uint64_t dropped = m_scenario->GetDropped();
        NS_TEST_ASSERT_MSG_GT(m_scenario->GetSent(), 1000u, "traffic flowed");
        NS_TEST_ASSERT_MSG_EQ(m_scenario->GetSent(),
                              m_scenario->GetCompleted() + dropped,
                              "drained: sent = completed + dropped");
        NS_TEST_ASSERT_MSG_EQ(s->GetInSystem(), 0u, "nothing left at the server");
        if (m_policy == "dfcfs")
        {
            NS_TEST_ASSERT_MSG_GT(s->GetDrops().at(MulticoreServer::SERVER_FULL_DROP),
                                  0u,
                                  "a 20-request server overflows at 95 % load");
        }
        if (m_policy == "shinjuku" || m_policy == "afp")
        {
            NS_TEST_ASSERT_MSG_GT(s->GetPolicy()->GetPreemptions(), 0u, "requests were preempted");
        }
        NS_TEST_ASSERT_MSG_EQ(m_checks, 200u, "every check ran");
    }

    void DoTeardown() override
    {
        // Runs even when an assertion ended DoRun early.
        m_scenario.reset();
        Config::Reset();
        Simulator::Destroy();
    }

    std::string m_policy;                            //!< policy
    std::unique_ptr<MicrosecondScenario> m_scenario; //!< scenario
    uint32_t m_checks{0};                            //!< checks done
};

/// Garbage packets are dropped and counted; valid requests are still served.
class MalformedTestCase : public TestCase
{
  public:
    MalformedTestCase()
        : TestCase("malformed packets are dropped with a reason and counted; a duplicate or "
                   "forged reply is not counted as completed")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(22);
        MicrosecondScenario scenario(MakeConfig("cfcfs", 2, 0.5, "exp:10us", MilliSeconds(10)));
        scenario.Build();
        Ptr<MulticoreServer> server = scenario.GetServer();
        Ptr<Node> client = scenario.GetClients().Get(0)->GetNode();
        Ipv4Address serverAddress =
            server->GetNode()->GetObject<Ipv4>()->GetAddress(1, 0).GetLocal();
        Ptr<Socket> socket = Socket::CreateSocket(client, UdpSocketFactory::GetTypeId());
        socket->Bind();
        socket->Connect(InetSocketAddress(serverAddress, 9000));
        auto u = CreateObject<UniformRandomVariable>();
        const uint32_t garbage = 500;
        for (uint32_t i = 0; i < garbage; ++i)
        {
            std::vector<uint8_t> bytes(u->GetInteger(0, 100));
            for (auto& b : bytes)
            {
                b = u->GetInteger(0, 255);
            }
            Simulator::Schedule(MicroSeconds(10 * i), [socket, bytes]() {
                socket->Send(Create<Packet>(bytes.data(), bytes.size()));
            });
        }
        // A well-formed reply sent to the server is not a request.
        ServiceRequestHeader reply;
        reply.SetMessageType(ServiceRequestHeader::REPLY);
        Simulator::Schedule(MicroSeconds(3), [socket, reply]() {
            Ptr<Packet> p = Create<Packet>();
            p->AddHeader(reply);
            socket->Send(p);
        });
        // Replies that answer no request of the client: the first real
        // reply again (a duplicate) and one for a request never sent.
        Ptr<RequestClient> app = DynamicCast<RequestClient>(scenario.GetClients().Get(0));
        bool duplicated = false;
        std::function<void(const ServiceRequestHeader&, Time)> again =
            [app, &duplicated](const ServiceRequestHeader& h, Time) {
                if (!duplicated)
                {
                    duplicated = true;
                    Simulator::Schedule(MicroSeconds(1), [app, h]() { app->ReceiveReply(h); });
                    ServiceRequestHeader forged = h;
                    forged.SetRequestId(h.GetRequestId() + 1000000);
                    Simulator::Schedule(MicroSeconds(2),
                                        [app, forged]() { app->ReceiveReply(forged); });
                }
            };
        app->TraceConnectWithoutContext("Complete",
                                        MakeCallback(&decltype(again)::operator(), &again));
        scenario.Run();
        NS_TEST_ASSERT_MSG_EQ(duplicated, true, "a reply was duplicated");
        NS_TEST_ASSERT_MSG_EQ(app->GetMalformed(), 2u, "the duplicate and the forged reply");
        NS_TEST_ASSERT_MSG_EQ(server->GetDrops().at(MulticoreServer::MALFORMED_DROP),
                              garbage,
                              "every garbage packet is a malformed drop");
        NS_TEST_ASSERT_MSG_EQ(server->GetDrops().at(MulticoreServer::NOT_A_REQUEST_DROP),
                              1u,
                              "the stray reply is dropped");
        NS_TEST_ASSERT_MSG_EQ(scenario.GetDropped(), 0u, "garbage is not counted as requests");
        NS_TEST_ASSERT_MSG_EQ(scenario.GetCompleted(), scenario.GetSent(), "valid requests served");
        NS_TEST_ASSERT_MSG_EQ(server->GetReceived(),
                              server->GetCompleted() + server->GetDropped(),
                              "server conservation");
        Simulator::Destroy();
    }
};

/// RSS spreads the flows of the clients over the worker queues.
class RssSpreadTestCase : public TestCase
{
  public:
    /// \param mode hash or random
    explicit RssSpreadTestCase(const std::string& mode)
        : TestCase("RSS (" + mode + ") spreads requests over the 8 receive queues"),
          m_mode(mode)
    {
    }

  private:
    /// \param r an arriving request
    void Arrival(const ServerRequest& r)
    {
        ++m_perQueue.at(r.nicQueue);
    }

    void DoRun() override
    {
        RngSeedManager::SetSeed(23);
        MicrosecondScenario::Parameters c =
            MakeConfig("dfcfs", 8, 0.3, "exp:10us", MilliSeconds(50));
        c.flows = 256;
        c.clients = 2;
        c.rss = m_mode == "random" ? MulticoreServer::RSS_RANDOM : MulticoreServer::RSS_HASH;
        MicrosecondScenario scenario(c);
        scenario.Build();
        m_perQueue.assign(8, 0);
        scenario.GetServer()->TraceConnectWithoutContext(
            "RequestArrival",
            MakeCallback(&RssSpreadTestCase::Arrival, this));
        scenario.Run();
        double mean = scenario.GetSent() / 8.0;
        for (uint32_t q = 0; q < 8; ++q)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(m_perQueue[q], mean, 0.3 * mean, "queue " << q);
        }
        Simulator::Destroy();
    }

    std::string m_mode;               //!< hash or random
    std::vector<uint64_t> m_perQueue; //!< arrivals per queue
};

/// End to end over the network, the server still matches queueing theory.
class PacketLevelTheoryTestCase : public TestCase
{
  public:
    /**
     * \param scaling parallel (M/M/4) or scaled (M/M/1 at 4x speed)
     * \param load utilisation
     * \param duration sending time
     */
    PacketLevelTheoryTestCase(const std::string& scaling, double load, Time duration)
        : TestCase("packet level: 4 compute units, " + scaling + ", load " +
                   std::to_string(load).substr(0, 3) + " vs queueing theory"),
          m_scaling(scaling),
          m_load(load),
          m_duration(duration)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(24);
        MicrosecondScenario::Parameters c = MakeConfig("cfcfs", 4, m_load, "exp:10us", m_duration);
        c.scaling = m_scaling == "scaled" ? MulticoreServer::SCALED : MulticoreServer::PARALLEL;
        MicrosecondScenario scenario(c);
        scenario.Build();
        scenario.Run();
        double lambda = scenario.GetRate();
        double expected = m_scaling == "parallel" ? MmcMeanSojourn(4, lambda, 1e5)
                                                  : MmcMeanSojourn(1, lambda, 4e5);
        double measured = scenario.GetServer()->GetStats().GetAll().GetMean().GetSeconds();
        NS_LOG_INFO(GetName() << ": measured " << measured * 1e6 << " us, theory " << expected * 1e6
                              << " us, error " << 100 * (measured / expected - 1) << " %");
        NS_TEST_ASSERT_MSG_EQ_TOL(measured, expected, 0.03 * expected, "mean sojourn");
        NS_TEST_ASSERT_MSG_EQ(scenario.GetCompleted(), scenario.GetSent(), "all answered");
        // Completion time adds two link crossings (1 us each plus transmission).
        double rct = scenario.GetClientStats().GetAll().GetMean().GetSeconds();
        NS_TEST_ASSERT_MSG_EQ_TOL(rct - measured, 2e-6, 0.1e-6, "RCT = sojourn + 2 link delays");
        Simulator::Destroy();
    }

    std::string m_scaling; //!< parallel or scaled
    double m_load;         //!< utilisation
    Time m_duration;       //!< sending time
};

/// Servers made without the helper get a policy each; a stopped server drops new requests.
class ServerLifecycleTestCase : public TestCase
{
  public:
    ServerLifecycleTestCase()
        : TestCase("default policy per server; requests after StopApplication are dropped")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(26);
        Ptr<Node> a = CreateObject<Node>();
        Ptr<Node> b = CreateObject<Node>();
        InternetStackHelper().Install(NodeContainer(a, b));
        Ptr<MulticoreServer> s1 = CreateObject<MulticoreServer>();
        Ptr<MulticoreServer> s2 = CreateObject<MulticoreServer>();
        a->AddApplication(s1);
        b->AddApplication(s2);
        Simulator::Stop(MicroSeconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_NE(s1->GetPolicy(), nullptr, "a default policy");
        NS_TEST_ASSERT_MSG_NE(s1->GetPolicy(), s2->GetPolicy(), "one policy per server");
        Simulator::Destroy();

        MicrosecondScenario scenario(MakeConfig("cfcfs", 2, 0.5, "exp:10us", MilliSeconds(10)));
        scenario.Build();
        scenario.GetServer()->SetStopTime(MilliSeconds(5));
        scenario.Run();
        Ptr<MulticoreServer> server = scenario.GetServer();
        NS_TEST_ASSERT_MSG_GT(server->GetDrops().at(MulticoreServer::STOPPED_DROP),
                              100u,
                              "requests after the stop are dropped");
        NS_TEST_ASSERT_MSG_EQ(scenario.GetSent(),
                              scenario.GetCompleted() + scenario.GetDropped(),
                              "sent = completed + dropped");
        NS_TEST_ASSERT_MSG_EQ(server->GetReceived(),
                              server->GetCompleted() + server->GetDropped(),
                              "server conservation");
        Simulator::Destroy();
    }
};

/// Request classes of a mixture are kept apart.
class ClassTestCase : public TestCase
{
  public:
    ClassTestCase()
        : TestCase("bimodal demand: classes recorded with their frequencies and service times")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(25);
        MicrosecondScenario scenario(
            MakeConfig("ps", 4, 0.1, "bimodal:0.9:1us:100us", MilliSeconds(100)));
        scenario.Build();
        scenario.Run();
        const RequestStats& s = scenario.GetServer()->GetStats();
        NS_TEST_ASSERT_MSG_EQ(s.GetClassCount(), 2u, "two classes");
        double n = s.GetAll().GetCount();
        double p = s.GetClass(0).GetCount() / n;
        NS_TEST_ASSERT_MSG_EQ_TOL(p, 0.9, 4 * std::sqrt(0.09 / n), "short share");
        // At 10 % load on 4 cores, PS rarely shares: sojourn ~ service time.
        NS_TEST_ASSERT_MSG_EQ_TOL(s.GetClass(0).GetQuantile(0.5).GetSeconds(),
                                  1e-6,
                                  0.05e-6,
                                  "short");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.GetClass(1).GetQuantile(0.5).GetSeconds(),
                                  100e-6,
                                  5e-6,
                                  "long");
        Simulator::Destroy();
    }
};

/// Suite of the packet-level server tests.
class MulticoreServerTestSuite : public TestSuite
{
  public:
    MulticoreServerTestSuite()
        : TestSuite("request-scheduling-microsecond", Type::UNIT)
    {
        AddTestCase(new ConservationTestCase("dfcfs"));
        AddTestCase(new ConservationTestCase("cfcfs"));
        AddTestCase(new ConservationTestCase("ps"));
        AddTestCase(new ConservationTestCase("shinjuku"));
        AddTestCase(new ConservationTestCase("psp"));
        AddTestCase(new ConservationTestCase("afp"));
        AddTestCase(new MalformedTestCase());
        AddTestCase(new RssSpreadTestCase("hash"));
        AddTestCase(new RssSpreadTestCase("random"));
        AddTestCase(new PacketLevelTheoryTestCase("parallel", 0.5, MilliSeconds(500)));
        AddTestCase(new PacketLevelTheoryTestCase("parallel", 0.8, Seconds(2)), RS_TEST_EXTENSIVE);
        AddTestCase(new PacketLevelTheoryTestCase("scaled", 0.5, MilliSeconds(500)));
        AddTestCase(new ServerLifecycleTestCase());
        AddTestCase(new ClassTestCase());
    }
};

/// The suite's instance.
MulticoreServerTestSuite g_multicoreServerTestSuite;

} // namespace
