/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RackSched: the inter-server dispatchers and load trackers, the switch's
// request affinity and placement, the per-type queues of the servers, and
// the rack against queueing theory.

#include "request-scheduling-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/cards-dispatcher.h"
#include "ns3/cfcfs-core-policy.h"
#include "ns3/compute-vector.h"
#include "ns3/data-path-router-helper.h"
#include "ns3/double.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/jbsq-dispatcher.h"
#include "ns3/multicore-server.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/pointer.h"
#include "ns3/power-of-k-dispatcher.h"
#include "ns3/proactive-load-tracker.h"
#include "ns3/rack-helper.h"
#include "ns3/rack-scheduler.h"
#include "ns3/racksched-scenario.h"
#include "ns3/random-dispatcher.h"
#include "ns3/random-variable-stream.h"
#include "ns3/reported-load-tracker.h"
#include "ns3/request-affinity-table.h"
#include "ns3/request-client-helper.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/round-robin-dispatcher.h"
#include "ns3/semantic-router-helper.h"
#include "ns3/semantic-router.h"
#include "ns3/shinjuku-core-policy.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/type-aliases.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>
#include <set>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;
using namespace ns3::rsched::tests;

namespace
{

/**
 * \param n entries
 * \return a compute vector of n single-core entries 10.0.0.1 ...
 */
ComputeVector
Entries(uint32_t n)
{
    ComputeVector v;
    for (uint32_t i = 0; i < n; ++i)
    {
        ComputeTarget t;
        t.address = Ipv4Address(0x0a000001 + i);
        v.Add(t);
    }
    return v;
}

/**
 * \param outstanding the load report
 * \return a reply carrying it
 */
ServiceRequestHeader
Reply(uint32_t outstanding)
{
    ServiceRequestHeader h;
    h.SetMessageType(ServiceRequestHeader::REPLY);
    h.SetOutstanding(outstanding);
    return h;
}

/// Power-of-k: the least loaded of k distinct samples, in the exact proportions.
class PowerOfKTestCase : public TestCase
{
  public:
    PowerOfKTestCase()
        : TestCase("Power-of-k picks the least loaded of its k samples; k = N is JSQ")
    {
    }

  private:
    void DoRun() override
    {
        // Loads 0, 1, 2, 3 (reported). With 2 distinct samples of 4, entry
        // i wins when it is sampled with a more loaded one: of the 6 pairs,
        // 3 contain 0, 2 contain 1 with a larger, 1 is {2, 3}.
        auto tracker = CreateObject<ReportedLoadTracker>();
        tracker->SetAttribute("Report", StringValue("Outstanding"));
        auto d = CreateObject<PowerOfKDispatcher>();
        d->SetAttribute("Sampling", StringValue("Distinct"));
        d->SetAttribute("LoadTracker", PointerValue(tracker));
        d->SetComputeVector(Entries(4));
        d->AssignStreams(7);
        for (uint32_t i = 0; i < 4; ++i)
        {
            d->NotifyReply(i, Reply(i));
        }
        ServiceRequestHeader request;
        Ipv4Header ip;
        const uint32_t draws = 60000;
        std::vector<uint32_t> count(4, 0);
        for (uint32_t n = 0; n < draws; ++n)
        {
            ++count[d->Choose(request, ip)];
        }
        const double expected[] = {1.0 / 2, 1.0 / 3, 1.0 / 6, 0};
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(count[i] / double(draws),
                                      expected[i],
                                      0.01,
                                      "share of entry " << i);
        }
        NS_TEST_ASSERT_MSG_EQ(count[3], 0, "the most loaded entry is never the lesser of two");
        // Independent draws (RackSched's P4 rule): entry i wins when the
        // lesser of two uniform draws is i, ((4 - i)^2 - (3 - i)^2) / 16,
        // the most loaded one too (drawn twice).
        d->SetAttribute("Sampling", StringValue("Independent"));
        std::fill(count.begin(), count.end(), 0);
        for (uint32_t n = 0; n < draws; ++n)
        {
            ++count[d->Choose(request, ip)];
        }
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(count[i] / double(draws),
                                      (2.0 * (3 - i) + 1) / 16,
                                      0.01,
                                      "independent samples: share of entry " << i);
        }
        d->SetAttribute("Sampling", StringValue("Distinct"));
        // Among candidates only.
        std::vector<uint32_t> candidates{2, 3};
        for (uint32_t n = 0; n < 100; ++n)
        {
            NS_TEST_ASSERT_MSG_EQ(d->Choose(request, ip, candidates), 2, "least loaded candidate");
        }
        // K = N: exact JSQ; reported loads do not move on dispatch (stale).
        d->SetAttribute("K", UintegerValue(4));
        for (uint32_t n = 0; n < 100; ++n)
        {
            NS_TEST_ASSERT_MSG_EQ(d->Choose(request, ip), 0, "JSQ on stale load herds");
        }
    }
};

/// JSQ with fresh (proactive) information on two single-core servers.
class FreshJsqTestCase : public TestCase
{
  public:
    FreshJsqTestCase()
        : TestCase("JSQ with proactive tracking on two servers follows the hand-computed "
                   "sequence")
    {
    }

  private:
    void DoRun() override
    {
        auto d = CreateObject<PowerOfKDispatcher>();
        d->SetAttribute("K", UintegerValue(2));
        d->SetAttribute("LoadTracker", PointerValue(CreateObject<ProactiveLoadTracker>()));
        d->SetComputeVector(Entries(2));
        ServiceRequestHeader request;
        Ipv4Header ip;
        Ptr<LoadTracker> t = d->GetLoadTracker();
        // Loads (0,0): either; then the other; (1,1): either; a reply from
        // server 0 makes it (0,1) or (0,2)... every non-tie is forced.
        uint32_t first = d->Choose(request, ip);
        uint32_t second = d->Choose(request, ip);
        NS_TEST_ASSERT_MSG_EQ(second, 1 - first, "second request to the idle server");
        d->Choose(request, ip); // (1,1): either, now (2,1) or (1,2)
        uint32_t busier = t->GetLoad(0) > t->GetLoad(1) ? 0 : 1;
        NS_TEST_ASSERT_MSG_EQ(d->Choose(request, ip), 1 - busier, "to the shorter queue");
        // Now (2,2). Two replies from server 0: (0,2).
        d->NotifyReply(0, ServiceRequestHeader());
        d->NotifyReply(0, ServiceRequestHeader());
        NS_TEST_ASSERT_MSG_EQ(d->Choose(request, ip), 0, "(0,2) -> 0");
        NS_TEST_ASSERT_MSG_EQ(d->Choose(request, ip), 0, "(1,2) -> 0");
        NS_TEST_ASSERT_MSG_EQ(t->GetLoad(0), 2, "counted");
        NS_TEST_ASSERT_MSG_EQ(t->GetLoad(1), 2, "counted");
        // More replies than requests never go below zero.
        for (int i = 0; i < 5; ++i)
        {
            d->NotifyReply(1, ServiceRequestHeader());
        }
        NS_TEST_ASSERT_MSG_EQ(t->GetLoad(1), 0, "not below zero");
    }
};

/// JBSQ: at most Bound per core outstanding; the rest stay held.
class JbsqTestCase : public TestCase
{
  public:
    JbsqTestCase()
        : TestCase("JBSQ releases to the least loaded entry below its bound, holds the rest")
    {
    }

  private:
    void DoRun() override
    {
        auto d = CreateObject<JbsqDispatcher>();
        d->SetAttribute("Bound", UintegerValue(2));
        ComputeVector v = Entries(2);
        d->SetComputeVector(v);
        Ipv4Header ip;
        ServiceRequestHeader request;
        Dispatcher::ReleaseOrder order;
        std::vector<uint32_t> sent;
        while (d->Release(10, order))
        {
            NS_TEST_ASSERT_MSG_EQ(order.count, 1, "one at a time");
            d->Dispatched(request, ip, order.target);
            sent.push_back(order.target);
        }
        NS_TEST_ASSERT_MSG_EQ(sent.size(), 4, "2 servers x bound 2");
        NS_TEST_ASSERT_MSG_EQ((sent == std::vector<uint32_t>{0, 1, 0, 1}), true, "balanced");
        d->NotifyReply(1, ServiceRequestHeader());
        NS_TEST_ASSERT_MSG_EQ(d->Release(10, order), true, "a slot is free");
        NS_TEST_ASSERT_MSG_EQ(order.target, 1, "at the server that replied");
    }
};

/// Entries known to be down are avoided; back up, they start afresh.
class AvailabilityTestCase : public TestCase
{
  public:
    AvailabilityTestCase()
        : TestCase("Dispatchers avoid unavailable entries and forget their state on recovery")
    {
    }

  private:
    void DoRun() override
    {
        ServiceRequestHeader request;
        Ipv4Header ip;
        // Candidate-honouring dispatchers: never a down entry, all others used.
        for (Ptr<Dispatcher> d : {Ptr<Dispatcher>(CreateObject<RandomDispatcher>()),
                                  Ptr<Dispatcher>(CreateObject<RoundRobinDispatcher>()),
                                  Ptr<Dispatcher>(CreateObject<PowerOfKDispatcher>())})
        {
            d->SetComputeVector(Entries(4));
            d->AssignStreams(3);
            d->SetAvailable(1, false);
            d->SetAvailable(1, false); // twice: still one entry down
            std::vector<uint32_t> count(4, 0);
            for (uint32_t n = 0; n < 400; ++n)
            {
                ++count[d->Choose(request, ip)];
            }
            std::string name = d->GetInstanceTypeId().GetName();
            NS_TEST_ASSERT_MSG_EQ(count[1], 0, name << ": the down entry is avoided");
            bool shared = count[0] > 0 && count[2] > 0 && count[3] > 0;
            NS_TEST_ASSERT_MSG_EQ(shared, true, name << ": the others share the requests");
            // Among candidates: the down one is left out unless it is the only one.
            std::vector<uint32_t> some{1, 3};
            NS_TEST_ASSERT_MSG_EQ(d->Choose(request, ip, some),
                                  3,
                                  name << ": the available candidate");
            std::vector<uint32_t> only{1};
            NS_TEST_ASSERT_MSG_EQ(d->Choose(request, ip, only),
                                  1,
                                  name << ": nothing else allowed");
            d->SetAvailable(1, true);
            NS_TEST_ASSERT_MSG_EQ(d->IsAvailable(1), true, name << ": back");
        }
        // Proactive power-of-2 forgets what the failed server never answered.
        auto k = CreateObject<PowerOfKDispatcher>();
        k->SetAttribute("LoadTracker", PointerValue(CreateObject<ProactiveLoadTracker>()));
        k->SetComputeVector(Entries(2));
        for (uint32_t n = 0; n < 6; ++n)
        {
            k->Dispatched(request, ip, 0);
        }
        k->SetAvailable(0, false);
        k->SetAvailable(0, true);
        NS_TEST_ASSERT_MSG_EQ(k->GetLoadTracker()->GetLoad(0), 0, "load forgotten on recovery");
        // CArDS WRR: the slots of the entries up, in proportion to their units.
        auto c = CreateObject<CardsDispatcher>();
        c->SetAttribute("RandomOffset", BooleanValue(false));
        ComputeVector v = Entries(3);
        ComputeVector weighted;
        for (uint32_t i = 0; i < 3; ++i)
        {
            ComputeTarget t = v.Get(i);
            t.computeUnits = i + 1;
            weighted.Add(t);
        }
        c->SetComputeVector(weighted);
        c->SetAvailable(1, false);
        std::vector<uint32_t> cards(3, 0);
        for (uint32_t n = 0; n < 400; ++n)
        {
            ++cards[c->Choose(request, ip)];
        }
        NS_TEST_ASSERT_MSG_EQ(cards[1], 0, "WRR skips the down entry");
        NS_TEST_ASSERT_MSG_EQ(cards[0], 100, "1 of 4 slots");
        NS_TEST_ASSERT_MSG_EQ(cards[2], 300, "3 of 4 slots");
        // JBSQ: a down entry gets nothing; back up, its lost requests no longer count.
        auto j = CreateObject<JbsqDispatcher>();
        j->SetAttribute("Bound", UintegerValue(2));
        j->SetComputeVector(Entries(2));
        Dispatcher::ReleaseOrder order;
        j->SetAvailable(0, false);
        std::vector<uint32_t> sent;
        while (j->Release(10, order))
        {
            j->Dispatched(request, ip, order.target);
            sent.push_back(order.target);
        }
        NS_TEST_ASSERT_MSG_EQ((sent == std::vector<uint32_t>{1, 1}), true, "only entry 1");
        j->Dispatched(request, ip, 0); // sent before the failure was known, never answered
        j->SetAvailable(0, true);
        NS_TEST_ASSERT_MSG_EQ(j->GetInFlight(0), 0, "forgotten on recovery");
        bool released = j->Release(10, order);
        NS_TEST_ASSERT_MSG_EQ(released && order.target == 0, true, "used again");
    }
};

/// The affinity table: stages, collisions, removal.
class AffinityTableTestCase : public TestCase
{
  public:
    AffinityTableTestCase()
        : TestCase("Request affinity table: insert, look up, collide when every stage is taken, "
                   "remove")
    {
    }

  private:
    void DoRun() override
    {
        RequestAffinityTable one(1, 1);
        NS_TEST_ASSERT_MSG_EQ(one.Insert(1, 10, 3), true, "empty slot");
        NS_TEST_ASSERT_MSG_EQ(one.Insert(1, 10, 3), true, "same key again");
        NS_TEST_ASSERT_MSG_EQ(one.Insert(2, 10, 4), false, "slot taken by another request");
        NS_TEST_ASSERT_MSG_EQ(one.Lookup(1, 10), 3, "found");
        NS_TEST_ASSERT_MSG_EQ(one.Lookup(2, 10), RequestAffinityTable::NOT_FOUND, "absent");
        one.Remove(1, 10);
        NS_TEST_ASSERT_MSG_EQ(one.GetSize(), 0, "removed");
        NS_TEST_ASSERT_MSG_EQ(one.Insert(2, 10, 4), true, "free again");

        // Three stages of 4 slots hold at least 4 and at most 12 requests.
        RequestAffinityTable t(3, 4);
        uint32_t in = 0;
        for (uint64_t r = 0; r < 100; ++r)
        {
            if (t.Insert(7, r, r % 5))
            {
                ++in;
                NS_TEST_ASSERT_MSG_EQ(t.Lookup(7, r), r % 5, "stored target");
            }
        }
        NS_TEST_ASSERT_MSG_EQ(in, t.GetSize(), "size counts inserts");
        NS_TEST_ASSERT_MSG_EQ((in >= 4 && in <= 12), true, "bounded by the stages");
    }
};

/**
 * \param requestClass a class
 * \param sent send time
 * \return a request header of that class
 */
ServiceRequestHeader
Request(uint8_t requestClass, Time sent = Time(0))
{
    ServiceRequestHeader h;
    h.SetRequestClass(requestClass);
    h.SetSendTime(sent);
    return h;
}

/// The authors' P4 rules: the tournament, the random share, per-type
/// registers, reclaimed counts and affinity entries, RR per type.
class P4RulesTestCase : public TestCase
{
  public:
    P4RulesTestCase()
        : TestCase("P4 rules: tournament with coin flips, random share, per-type loads, counts "
                   "and affinity entries reclaimed after their timeout, round robin per type")
    {
    }

  private:
    /**
     * \param loads reported load per entry
     * \param share RandomShare
     * \return the share of 80 000 decisions each entry gets (K = every entry)
     */
    std::vector<double> Shares(const std::vector<uint32_t>& loads, double share)
    {
        auto d = CreateObject<PowerOfKDispatcher>();
        d->SetAttribute("K", UintegerValue(loads.size()));
        d->SetAttribute("RandomShare", DoubleValue(share));
        d->SetAttribute("LoadTracker", PointerValue(CreateObject<ReportedLoadTracker>()));
        d->SetComputeVector(Entries(loads.size()));
        d->AssignStreams(3);
        for (uint32_t i = 0; i < loads.size(); ++i)
        {
            d->NotifyReply(i, Reply(loads[i]));
        }
        ServiceRequestHeader request;
        Ipv4Header ip;
        const uint32_t draws = 80000;
        std::vector<double> shares(loads.size(), 0);
        for (uint32_t n = 0; n < draws; ++n)
        {
            shares[d->Choose(request, ip)] += 1.0 / draws;
        }
        return shares;
    }

    void DoRun() override
    {
        // Ties are settled pair by pair: three zeros in the first half, one
        // in the second; the lone one wins half the time, not a quarter.
        std::vector<double> s = Shares({0, 0, 0, 1, 1, 1, 1, 0}, 0);
        const double tournament[] = {0.125, 0.125, 0.25, 0, 0, 0, 0, 0.5};
        for (uint32_t i = 0; i < 8; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(s[i], tournament[i], 0.01, "tournament: entry " << i);
        }
        // A quarter at random: the least loaded gets 0.75 + 0.25 / 4.
        s = Shares({0, 5, 5, 5}, 0.25);
        NS_TEST_EXPECT_MSG_EQ_TOL(s[0], 0.8125, 0.01, "random share: the least loaded");
        NS_TEST_EXPECT_MSG_EQ_TOL(s[3], 0.0625, 0.01, "random share: another");

        // One count per (entry, type).
        auto typed = CreateObject<ProactiveLoadTracker>();
        typed->SetAttribute("PerClass", BooleanValue(true));
        typed->Reset(2);
        for (int i = 0; i < 3; ++i)
        {
            typed->Dispatched(0, Request(1));
        }
        typed->Dispatched(1, Request(0));
        NS_TEST_ASSERT_MSG_EQ(typed->GetLoad(0, 1), 3, "type 1 at entry 0");
        NS_TEST_ASSERT_MSG_EQ(typed->GetLoad(0, 0), 0, "type 0 at entry 0");
        NS_TEST_ASSERT_MSG_EQ(typed->GetLoad(1, 0), 1, "type 0 at entry 1");
        NS_TEST_ASSERT_MSG_EQ(typed->GetLoad(1, 7), 0, "a type never seen");
        ServiceRequestHeader reply = Request(1);
        reply.SetMessageType(ServiceRequestHeader::REPLY);
        typed->Replied(0, reply);
        NS_TEST_ASSERT_MSG_EQ(typed->GetLoad(0, 1), 2, "uncounted in its type");
        typed->Forget(0);
        NS_TEST_ASSERT_MSG_EQ(typed->GetLoad(0, 1), 0, "forgotten in every type");

        // Counts whose replies are lost: two requests counted at 0, one
        // answered; the other is reclaimed at the sweep of 10 ms, and its
        // late reply does not uncount a newer request.
        auto counts = CreateObject<ProactiveLoadTracker>();
        counts->SetAttribute("Timeout", TimeValue(MilliSeconds(10)));
        counts->Reset(1);
        std::vector<int64_t> seen;
        auto look = [&seen, counts]() { seen.push_back(counts->GetLoad(0)); };
        ServiceRequestHeader late = Request(0);
        late.SetMessageType(ServiceRequestHeader::REPLY);
        Simulator::Schedule(Time(0), [counts]() {
            counts->Dispatched(0, Request(0));
            counts->Dispatched(0, Request(0));
        });
        Simulator::Schedule(MilliSeconds(5), [counts, late]() { counts->Replied(0, late); });
        Simulator::Schedule(MilliSeconds(9), look);  // 1 left
        Simulator::Schedule(MilliSeconds(11), look); // reclaimed at 10 ms
        Simulator::Schedule(MilliSeconds(12), [counts, late]() {
            counts->Dispatched(0, Request(0, MilliSeconds(12)));
            counts->Replied(0, late); // the lost request's reply, at last
        });
        Simulator::Schedule(MilliSeconds(13), look); // the new request still counted
        Simulator::Stop(MilliSeconds(15));           // (it would be reclaimed at 30 ms)
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ((seen == std::vector<int64_t>{1, 0, 1}), true, "reclaimed, once");
        NS_TEST_ASSERT_MSG_EQ(counts->GetReclaimed(), 1, "counted");

        // JBSQ(1) over one single-core entry: a request whose reply is lost
        // gives its place back after the timeout.
        auto jbsq = CreateObject<JbsqDispatcher>();
        jbsq->SetAttribute("Bound", UintegerValue(1));
        jbsq->SetAttribute("Timeout", TimeValue(MilliSeconds(10)));
        jbsq->SetComputeVector(Entries(1));
        std::vector<bool> free;
        auto release = [&free, jbsq]() {
            Dispatcher::ReleaseOrder order;
            free.push_back(jbsq->Release(1, order));
        };
        Simulator::Schedule(Time(0), [jbsq]() {
            jbsq->Dispatched(Request(0), Ipv4Header(), 0); // never answered
        });
        Simulator::Schedule(MilliSeconds(5), release);
        Simulator::Schedule(MilliSeconds(11), release);
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ((free == std::vector<bool>{false, true}), true, "place given back");
        NS_TEST_ASSERT_MSG_EQ(jbsq->GetReclaimed(), 1, "JBSQ: counted");

        // Affinity entries: a slot held past the timeout changes hands.
        RequestAffinityTable one(1, 1, MilliSeconds(10));
        NS_TEST_ASSERT_MSG_EQ(one.Insert(1, 10, 3, Time(0)), true, "empty slot");
        NS_TEST_ASSERT_MSG_EQ(one.Insert(2, 10, 4, MilliSeconds(5)), false, "held, young");
        NS_TEST_ASSERT_MSG_EQ(one.Insert(2, 10, 4, MilliSeconds(11)), true, "held too long");
        NS_TEST_ASSERT_MSG_EQ(one.GetReclaimed(), 1, "reclaimed");
        NS_TEST_ASSERT_MSG_EQ(one.Lookup(1, 10), RequestAffinityTable::NOT_FOUND, "old one gone");
        NS_TEST_ASSERT_MSG_EQ(one.GetSize(), 1, "one entry");

        // Round robin: one turn for all (type 1 only on 1 and 3), or one per type.
        Ipv4Header ip;
        std::vector<uint32_t> odd{1, 3};
        for (bool perClass : {false, true})
        {
            auto rr = CreateObject<RoundRobinDispatcher>();
            rr->SetAttribute("PerClass", BooleanValue(perClass));
            rr->SetComputeVector(Entries(4));
            std::vector<uint32_t> order;
            for (int n = 0; n < 4; ++n)
            {
                order.push_back(rr->Choose(Request(0), ip));
                order.push_back(rr->Choose(Request(1), ip, odd));
            }
            std::vector<uint32_t> expected = perClass
                                                 ? std::vector<uint32_t>{0, 1, 1, 3, 2, 1, 3, 3}
                                                 : std::vector<uint32_t>{0, 1, 2, 3, 0, 1, 2, 3};
            NS_TEST_ASSERT_MSG_EQ((order == expected),
                                  true,
                                  (perClass ? "type 0 cycles 0-3, type 1 its own 1, 3"
                                            : "one turn, type 1 takes the next it may use"));
        }
    }
};

/**
 * \return a small rack: 4 servers x 2 workers, exp(20us) service, 0.2 s
 */
RackSchedScenario::Parameters
SmallRack()
{
    RackSchedScenario::Parameters p;
    p.servers = 4;
    p.workers = 2;
    std::string error;
    DistributionSpec::Parse("exp:20us", p.service, error);
    p.workload = "";
    p.load = 0.6;
    p.duration = MilliSeconds(200);
    p.warmUp = MilliSeconds(20);
    return p;
}

/// Proactive counters return to zero; multi-packet requests keep to one server.
class RackConservationTestCase : public TestCase
{
  public:
    /**
     * \param packets packets per request
     * \param tinyTable an affinity table of one slot (collisions)
     */
    RackConservationTestCase(uint32_t packets, bool tinyTable)
        : TestCase(std::string("Rack, proactive power-of-2, ") + std::to_string(packets) +
                   " packet(s) per request" + (tinyTable ? ", one-slot affinity table" : "") +
                   ": every request answered, counters back to zero"),
          m_packets(packets),
          m_tiny(tinyTable)
    {
    }

  private:
    void DoRun() override
    {
        RackSchedScenario::Parameters p = SmallRack();
        p.tracking = "proactive-k";
        p.packetsPerRequest = m_packets;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p.Validate(error), true, error);
        RackSchedScenario s(p);
        s.Build();
        Ptr<RackScheduler> tor = s.GetRack().GetSwitch();
        if (m_tiny)
        {
            tor->SetAttribute("AffinityStages", UintegerValue(1));
            tor->SetAttribute("AffinitySlots", UintegerValue(1));
        }
        s.Run();
        NS_TEST_ASSERT_MSG_GT(s.GetSent(), 10000, "enough requests");
        NS_TEST_ASSERT_MSG_EQ(s.GetCompleted(), s.GetSent(), "every request answered");
        NS_TEST_ASSERT_MSG_EQ(s.GetDropped(), 0, "none dropped");
        auto d = DynamicCast<PowerOfKDispatcher>(tor->GetDispatcher());
        for (uint32_t i = 0; i < 4; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(d->GetLoadTracker()->GetLoad(i), 0, "server " << i);
        }
        ApplicationContainer servers = s.GetRack().GetServers();
        for (uint32_t i = 0; i < servers.GetN(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(DynamicCast<MulticoreServer>(servers.Get(i))->GetAssembling(),
                                  0,
                                  "no request left in parts at server " << i);
        }
        if (m_tiny)
        {
            NS_TEST_ASSERT_MSG_GT(tor->GetAffinityMisses(), 0, "collisions counted");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(tor->GetAffinityMisses(), 0, "no collision");
        }
        Simulator::Destroy();
    }

    uint32_t m_packets; //!< packets per request
    bool m_tiny;        //!< one-slot table
};

/// JBSQ's switch queue is bounded: beyond QueueLimit requests are dropped, with their reason.
class JbsqQueueLimitTestCase : public TestCase
{
  public:
    JbsqQueueLimitTestCase()
        : TestCase("JBSQ overloaded: the switch holds at most QueueLimit requests and drops the "
                   "rest as 'Switch queue full'; requests conserved")
    {
    }

  private:
    void DoRun() override
    {
        RackSchedScenario::Parameters p = SmallRack();
        p.policy = "jbsq";
        p.load = 1.5;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p.Validate(error), true, error);
        RackSchedScenario s(p);
        s.Build();
        Ptr<RackScheduler> tor = s.GetRack().GetSwitch();
        tor->SetAttribute("QueueLimit", UintegerValue(50));
        s.Run();
        auto drops = tor->GetDrops();
        NS_TEST_ASSERT_MSG_GT(drops[RackScheduler::QUEUE_FULL_DROP], 1000, "dropped at the switch");
        NS_TEST_ASSERT_MSG_EQ(tor->GetQueuePeak(), 50, "bounded");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(s.GetDropped(),
                                    drops[RackScheduler::QUEUE_FULL_DROP],
                                    "the scenario counts them");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(s.GetSent(),
                                    s.GetCompleted() + s.GetDropped(),
                                    "none counted twice");
        Simulator::Destroy();
    }
};

/// Client(N): every client has a view of its own.
class ClientViewsTestCase : public TestCase
{
  public:
    ClientViewsTestCase()
        : TestCase("Client-based: each client's dispatcher has its own load tracker")
    {
    }

  private:
    void DoRun() override
    {
        RackSchedScenario::Parameters p = SmallRack();
        p.policy = "client";
        p.clientCount = 5;
        p.duration = MilliSeconds(20);
        p.warmUp = MilliSeconds(2);
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(p.Validate(error), true, error);
        RackSchedScenario s(p);
        s.Build();
        std::set<LoadTracker*> trackers;
        ApplicationContainer clients = s.GetClients();
        for (uint32_t i = 0; i < clients.GetN(); ++i)
        {
            PointerValue d;
            clients.Get(i)->GetAttribute("Dispatcher", d);
            trackers.insert(PeekPointer(d.Get<PowerOfKDispatcher>()->GetLoadTracker()));
        }
        NS_TEST_ASSERT_MSG_EQ(trackers.size(), 5, "one tracker per client");
        NS_TEST_ASSERT_MSG_EQ(s.GetRack().GetSwitch()->GetDispatcher(), nullptr, "switch routes");
        s.Run();
        NS_TEST_ASSERT_MSG_EQ(s.GetCompleted(), s.GetSent(), "every request answered");
        Simulator::Destroy();
    }
};

/// Placement constraints: a type only reaches its servers.
class PlacementTestCase : public TestCase
{
  public:
    PlacementTestCase()
        : TestCase("Placement: long requests reach servers 0-1 only, short ones all four")
    {
    }

  private:
    void DoRun() override
    {
        RackSchedScenario::Parameters p = SmallRack();
        std::string error;
        DistributionSpec::Parse("bimodal:0.8:10us:60us", p.service, error);
        p.placement = "long:0-1";
        NS_TEST_ASSERT_MSG_EQ(p.Validate(error), true, error);
        RackSchedScenario s(p);
        s.Build();
        s.GetRack().GetSwitch()->TraceConnectWithoutContext(
            "Schedule",
            MakeCallback(&PlacementTestCase::Scheduled, this));
        s.Run();
        NS_TEST_ASSERT_MSG_EQ(s.GetCompleted(), s.GetSent(), "every request answered");
        NS_TEST_ASSERT_MSG_EQ((m_seen[1] == std::set<uint32_t>{0, 1}), true, "long on 0-1");
        NS_TEST_ASSERT_MSG_EQ(m_seen[0].size(), 4, "short anywhere");
        Simulator::Destroy();
    }

    /**
     * \param h the request
     * \param server its server
     */
    void Scheduled(const ServiceRequestHeader& h, uint32_t server)
    {
        m_seen[h.GetRequestClass()].insert(server);
    }

    std::map<uint8_t, std::set<uint32_t>> m_seen; //!< servers per class
};

/// Strict priority and weighted fair sharing between per-type queues.
class TypeQueuesTestCase : public TestCase
{
  public:
    TypeQueuesTestCase()
        : TestCase("Per-type queues: strict priority order, 3:1 weighted fair shares, the "
                   "oldest wait over target, preempted requests first")
    {
    }

  private:
    void DoRun() override
    {
        {
            auto policy = CreateObject<ShinjukuCorePolicy>();
            policy->SetAttribute("Quantum", TimeValue(MilliSeconds(1)));
            policy->SetAttribute("QueuePerClass", BooleanValue(true));
            policy->SetAttribute("ClassScheduling", StringValue("Priority"));
            policy->SetAttribute("ClassWeights", StringValue("1,2"));
            ScriptedDriver s(policy, 1);
            s.Add(Time(0), MicroSeconds(10), 0);
            uint32_t a = s.Add(MicroSeconds(1), MicroSeconds(10), 0);
            s.Add(MicroSeconds(1), MicroSeconds(10), 0);
            uint32_t b = s.Add(MicroSeconds(2), MicroSeconds(10), 1);
            uint32_t c = s.Add(MicroSeconds(2), MicroSeconds(10), 1);
            ScriptOutcome o = s.Run();
            // The first runs 0-10; then class 1 (priority 2) 10-20, 20-30; class 0 30-40, 40-50.
            NS_TEST_ASSERT_MSG_EQ(o.completion[b], MicroSeconds(20), "high priority first");
            NS_TEST_ASSERT_MSG_EQ(o.completion[c], MicroSeconds(30), "high priority first");
            NS_TEST_ASSERT_MSG_EQ(o.completion[a], MicroSeconds(40), "then low priority");
        }
        {
            auto policy = CreateObject<ShinjukuCorePolicy>();
            policy->SetAttribute("Quantum", TimeValue(MilliSeconds(1)));
            policy->SetAttribute("QueuePerClass", BooleanValue(true));
            policy->SetAttribute("ClassScheduling", StringValue("WeightedFair"));
            policy->SetAttribute("ClassWeights", StringValue("3,1"));
            ScriptedDriver s(policy, 1);
            for (int i = 0; i < 20; ++i)
            {
                s.Add(Time(0), MicroSeconds(10), 0);
                s.Add(Time(0), MicroSeconds(10), 1);
            }
            ScriptOutcome o = s.Run();
            uint32_t zero = 0;
            for (uint32_t i = 0; i < 16; ++i)
            {
                zero += o.starts[i].second == 0;
            }
            // Both backlogged: worker time 3:1, 12 of the first 16 starts.
            NS_TEST_ASSERT_MSG_EQ((zero >= 11 && zero <= 13), true, "3:1 shares, got " << zero);
        }
        {
            // Equal weights. Class 0 runs (nearly) alone for 500 us; a class-1
            // request arrives at 600 us at an idle worker and starts at
            // once; both classes then arrive in a burst, class 1 first (at
            // the idle worker again). Class 1 must not claim the 500 us it
            // was idle: the two alternate.
            auto policy = CreateObject<ShinjukuCorePolicy>();
            policy->SetAttribute("Quantum", TimeValue(MilliSeconds(1)));
            policy->SetAttribute("QueuePerClass", BooleanValue(true));
            policy->SetAttribute("ClassScheduling", StringValue("WeightedFair"));
            policy->SetAttribute("ClassWeights", StringValue("1,1"));
            ScriptedDriver s(policy, 1);
            for (int i = 0; i < 50; ++i)
            {
                s.Add(Time(0), MicroSeconds(10), 0);
            }
            s.Add(Time(0), MicroSeconds(10), 1);
            s.Add(MicroSeconds(600), MicroSeconds(10), 1);
            for (int i = 0; i < 20; ++i)
            {
                s.Add(MicroSeconds(700), MicroSeconds(10), 1);
                s.Add(MicroSeconds(700), MicroSeconds(10), 0);
            }
            ScriptOutcome o = s.Run();
            // Starts 0 .. 50 are the first 51 (class 1 second), 51 the lone
            // class-1 request, and from 52 on the burst.
            uint32_t one = 0;
            for (uint32_t i = 53; i < 63; ++i)
            {
                one += o.starts[i].second == 1;
            }
            NS_TEST_ASSERT_MSG_EQ((one >= 4 && one <= 6), true, "fair after idling, got " << one);
        }
        // Oldest over target. One worker, busy 0-10 us; p (class 0) arrives at
        // 1, q (class 1) at 2, r (class 0) at 3. In turn, p, q, r would run.
        for (const auto& [targets, first] : {std::pair{"1,100", 0}, std::pair{"100,1", 1}})
        {
            auto policy = CreateObject<ShinjukuCorePolicy>();
            policy->SetAttribute("Quantum", TimeValue(MilliSeconds(1)));
            policy->SetAttribute("QueuePerClass", BooleanValue(true));
            policy->SetAttribute("ClassScheduling", StringValue("OldestOverTarget"));
            policy->SetAttribute("ClassWeights", StringValue(targets));
            ScriptedDriver s(policy, 1);
            s.Add(Time(0), MicroSeconds(10), 0);
            uint32_t p = s.Add(MicroSeconds(1), MicroSeconds(10), 0);
            uint32_t q = s.Add(MicroSeconds(2), MicroSeconds(10), 1);
            uint32_t r = s.Add(MicroSeconds(3), MicroSeconds(10), 0);
            ScriptOutcome o = s.Run();
            if (first == 0)
            {
                // At 10: p waited 9/1, q 8/100; at 20: r 17/1, q 18/100.
                NS_TEST_ASSERT_MSG_EQ(o.completion[p], MicroSeconds(20), "class 0's short target");
                NS_TEST_ASSERT_MSG_EQ(o.completion[r], MicroSeconds(30), "class 0 again");
                NS_TEST_ASSERT_MSG_EQ(o.completion[q], MicroSeconds(40), "class 1 last");
            }
            else
            {
                // At 10: q waited 8/1, p 9/100; then p and r in age order.
                NS_TEST_ASSERT_MSG_EQ(o.completion[q], MicroSeconds(20), "class 1's short target");
                NS_TEST_ASSERT_MSG_EQ(o.completion[p], MicroSeconds(30), "then the oldest");
                NS_TEST_ASSERT_MSG_EQ(o.completion[r], MicroSeconds(40), "then the next");
            }
        }
        // Preempted first. Quantum 5 us; L (12 us) at 0, s (2 us) at 1: at the
        // tail, L yields to s at 5 (s done at 7); at the head, L keeps its
        // place and s waits until L is done at 12.
        for (bool first : {false, true})
        {
            auto policy = CreateObject<ShinjukuCorePolicy>();
            policy->SetAttribute("Quantum", TimeValue(MicroSeconds(5)));
            policy->SetAttribute("QueuePerClass", BooleanValue(true));
            policy->SetAttribute("PreemptedFirst", BooleanValue(first));
            ScriptedDriver s(policy, 1);
            uint32_t l = s.Add(Time(0), MicroSeconds(12), 0);
            uint32_t shortOne = s.Add(MicroSeconds(1), MicroSeconds(2), 0);
            ScriptOutcome o = s.Run();
            NS_TEST_ASSERT_MSG_EQ(o.completion[shortOne],
                                  MicroSeconds(first ? 14 : 7),
                                  "the short request behind a preempted one");
            NS_TEST_ASSERT_MSG_EQ(o.completion[l], MicroSeconds(first ? 12 : 14), "the long one");
        }
        {
            auto policy = CreateObject<ShinjukuCorePolicy>();
            policy->SetAttribute("PreemptedFirst", BooleanValue(true));
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(policy->CheckConfig(1, error), false, "needs QueuePerClass");
        }
    }
};

/// Random dispatch to single-core exponential servers: independent M/M/1 queues.
class RackMm1TestCase : public TestCase
{
  public:
    RackMm1TestCase()
        : TestCase("Rack, random dispatch, single-core exponential servers: M-M-1 mean sojourn "
                   "within 3 %")
    {
    }

  private:
    void DoRun() override
    {
        RackSchedScenario::Parameters p = SmallRack();
        p.policy = "random";
        p.workers = 1;
        std::string error;
        TypeAliases::Parse("intra", "cfcfs", CorePolicy::GetTypeId(), p.intra, error);
        DistributionSpec::Parse("exp:50us", p.service, error);
        p.load = 0.5;
        p.duration = Seconds(3);
        p.warmUp = MilliSeconds(100);
        NS_TEST_ASSERT_MSG_EQ(p.Validate(error), true, error);
        RackSchedScenario s(p);
        s.Build();
        s.Run();
        LatencySummary all;
        ApplicationContainer servers = s.GetRack().GetServers();
        for (uint32_t i = 0; i < servers.GetN(); ++i)
        {
            all.Merge(DynamicCast<MulticoreServer>(servers.Get(i))->GetStats().GetAll());
        }
        // E[T] = E[S] / (1 - rho) = 100 us.
        NS_TEST_ASSERT_MSG_GT(all.GetCount(), 100000, "enough samples");
        NS_TEST_ASSERT_MSG_EQ_TOL(all.GetMean().GetMicroSeconds(), 100.0, 3.0, "M/M/1");
        Simulator::Destroy();
    }
};

/// Bad parameters give one line naming the option.
class RackOptionsTestCase : public TestCase
{
  public:
    RackOptionsTestCase()
        : TestCase("Rack options: k out of range, unknown type, placement "
                   "without a server are rejected naming the option")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        auto check = [this](RackSchedScenario::Parameters p, const std::string& option) {
            std::string error;
            NS_TEST_ASSERT_MSG_EQ(p.Validate(error), false, "accepted --" << option);
            NS_TEST_ASSERT_MSG_EQ(error.rfind("invalid --" + option, 0), 0, error);
            NS_TEST_ASSERT_MSG_EQ(error.find('\n'), std::string::npos, "one line");
        };
        RackSchedScenario::Parameters p = SmallRack();
        p.k = 5;
        p.kGiven = true;
        check(p, "k");
        p.k = 0;
        check(p, "k");
        p = SmallRack();
        p.placement = "long:0";
        check(p, "placement"); // exp has one type
        p.placement = "0:7";
        check(p, "placement"); // no such server
        p.placement = "0:";
        check(p, "placement");
        p = SmallRack();
        p.policy = "jbsq";
        p.placement = "0:1";
        check(p, "placement");
        p = SmallRack();
        p.heterogeneous = "5:2";
        check(p, "heterogeneous");
        p = SmallRack();
        p.weights = "1,0";
        check(p, "weights");
        p = SmallRack();
        DistributionSpec::Parse("bimodal:0.8:10us:60us", p.service, error);
        p.placement = "long:0;long:1";
        check(p, "placement"); // twice
        p.placement = "long:0";
        p.tracking = "int2";
        check(p, "placement"); // INT2 sends to its register
        p = SmallRack();
        p.heterogeneous = "2:5000";
        check(p, "heterogeneous");
    }
};

/**
 * \brief Exact mean sojourn time of power-of-d dispatch over n single-core
 * FIFO servers of rate 1 with fresh loads (each server's queue length),
 * Poisson arrivals at rate rho n: the stationary distribution of the
 * queue-length CTMC, truncated at cap jobs per server (an arrival whose
 * chosen server is full is lost), by Gauss-Seidel sweeps over its balance
 * equations, then Little's law. Ties go to the earlier sample, as
 * PowerOfKDispatcher breaks them.
 * \param n servers
 * \param d samples per arrival (d = n with distinct samples: JSQ)
 * \param rho load per server
 * \param independent true: d independent draws; false: d distinct servers
 * \param cap jobs per server at most
 * \param lost receives the share of arrivals lost to the truncation
 * \return the mean sojourn time (service time 1)
 */
double
ExactPowerOfD(uint32_t n, uint32_t d, double rho, bool independent, uint32_t cap, double& lost)
{
    const uint32_t base = cap + 1;
    uint32_t states = 1;
    for (uint32_t i = 0; i < n; ++i)
    {
        states *= base;
    }
    auto length = [base](uint32_t state, uint32_t i) {
        for (uint32_t k = 0; k < i; ++k)
        {
            state /= base;
        }
        return state % base;
    };
    std::vector<uint32_t> stride(n, 1);
    for (uint32_t i = 1; i < n; ++i)
    {
        stride[i] = stride[i - 1] * base;
    }
    // Every ordered tuple of d samples, with its probability.
    std::vector<std::vector<uint32_t>> tuples;
    std::vector<uint32_t> tuple(d, 0);
    std::function<void(uint32_t)> enumerate = [&](uint32_t at) {
        if (at == d)
        {
            tuples.push_back(tuple);
            return;
        }
        for (uint32_t i = 0; i < n; ++i)
        {
            if (!independent &&
                std::find(tuple.begin(), tuple.begin() + at, i) != tuple.begin() + at)
            {
                continue;
            }
            tuple[at] = i;
            enumerate(at + 1);
        }
    };
    enumerate(0);
    const double lambda = rho * n;
    const double perTuple = lambda / tuples.size();
    // Incoming transitions of every state, and every state's out-rate.
    std::vector<std::vector<std::pair<uint32_t, double>>> in(states);
    std::vector<double> out(states, 0);
    std::vector<double> blocked(states, 0); // arrival rate lost in each state
    for (uint32_t x = 0; x < states; ++x)
    {
        for (const auto& t : tuples)
        {
            uint32_t best = t[0];
            for (uint32_t k = 1; k < d; ++k)
            {
                if (length(x, t[k]) < length(x, best))
                {
                    best = t[k];
                }
            }
            if (length(x, best) == cap)
            {
                blocked[x] += perTuple;
                continue;
            }
            in[x + stride[best]].emplace_back(x, perTuple);
            out[x] += perTuple;
        }
        for (uint32_t i = 0; i < n; ++i)
        {
            if (length(x, i) > 0)
            {
                in[x - stride[i]].emplace_back(x, 1.0);
                out[x] += 1.0;
            }
        }
    }
    std::vector<double> pi(states, 1.0 / states);
    for (uint32_t sweep = 0; sweep < 100000; ++sweep)
    {
        double change = 0;
        double total = 0;
        for (uint32_t x = 0; x < states; ++x)
        {
            double flow = 0;
            for (const auto& [from, rate] : in[x])
            {
                flow += pi[from] * rate;
            }
            double next = flow / out[x];
            change = std::max(change, std::abs(next - pi[x]));
            pi[x] = next;
            total += next;
        }
        for (double& p : pi)
        {
            p /= total;
        }
        if (change < 1e-13)
        {
            break;
        }
    }
    double jobs = 0;
    double lostRate = 0;
    for (uint32_t x = 0; x < states; ++x)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            jobs += pi[x] * length(x, i);
        }
        lostRate += pi[x] * blocked[x];
    }
    lost = lostRate / lambda;
    return jobs / (lambda - lostRate);
}

/**
 * \brief Mean sojourn time of a dispatcher over n single-core FIFO servers
 * of rate 1 with Poisson arrivals at rate rho n: the queue-length Markov
 * chain run jump by jump, the dispatcher choosing every arrival's server
 * (its tracker told of every departure as a reply), the time average of
 * the jobs in the system weighted by each state's mean holding time, then
 * Little's law. The first tenth of the jumps warms up.
 * \param dispatcher the dispatcher (entries 0 .. n-1)
 * \param n servers
 * \param rho load per server
 * \param jumps events to run
 * \param stream random stream of the arrivals and departures
 * \param halfWidth receives the 95 % half-width over 20 batches
 * \return the mean sojourn time
 */
double
SimulateDispatch(Ptr<Dispatcher> dispatcher,
                 uint32_t n,
                 double rho,
                 uint64_t jumps,
                 int64_t stream,
                 double& halfWidth)
{
    auto u = CreateObject<UniformRandomVariable>();
    u->SetStream(stream);
    ServiceRequestHeader request;
    Ipv4Header ip;
    const double lambda = rho * n;
    std::vector<uint32_t> queue(n, 0);
    std::vector<uint32_t> busy; // servers with jobs, in any order
    uint64_t jobs = 0;
    const uint64_t warmUp = jumps / 10;
    const uint32_t batches = 20;
    const uint64_t perBatch = (jumps - warmUp) / batches;
    std::vector<double> area(batches, 0);
    std::vector<double> time(batches, 0);
    for (uint64_t j = 0; j < warmUp + perBatch * batches; ++j)
    {
        double rate = lambda + busy.size();
        if (j >= warmUp)
        {
            uint32_t b = (j - warmUp) / perBatch;
            area[b] += jobs / rate;
            time[b] += 1 / rate;
        }
        if (u->GetValue() * rate < lambda)
        {
            uint32_t t = dispatcher->Choose(request, ip);
            if (queue[t]++ == 0)
            {
                busy.push_back(t);
            }
            ++jobs;
        }
        else
        {
            uint32_t k = std::min<uint32_t>(u->GetValue() * busy.size(), busy.size() - 1);
            uint32_t s = busy[k];
            dispatcher->NotifyReply(s, ServiceRequestHeader());
            --jobs;
            if (--queue[s] == 0)
            {
                busy[k] = busy.back();
                busy.pop_back();
            }
        }
    }
    std::vector<double> sojourn;
    for (uint32_t b = 0; b < batches; ++b)
    {
        sojourn.push_back(area[b] / time[b] / lambda);
    }
    double mean = std::accumulate(sojourn.begin(), sojourn.end(), 0.0) / batches;
    double var = 0;
    for (double x : sojourn)
    {
        var += (x - mean) * (x - mean);
    }
    halfWidth = 2.093 * std::sqrt(var / (batches - 1) / batches); // t(0.975, 19)
    return mean;
}

/**
 * \param k samples
 * \param sampling Independent or Distinct
 * \param n entries
 * \return a power-of-k dispatcher with fresh (proactive) loads over n entries
 */
Ptr<PowerOfKDispatcher>
FreshPowerOfK(uint32_t k, const std::string& sampling, uint32_t n)
{
    auto d = CreateObject<PowerOfKDispatcher>();
    d->SetAttribute("K", UintegerValue(k));
    d->SetAttribute("Sampling", StringValue(sampling));
    d->SetAttribute("LoadTracker", PointerValue(CreateObject<ProactiveLoadTracker>()));
    d->SetComputeVector(Entries(n));
    d->AssignStreams(11);
    return d;
}

/**
 * \brief Power-of-d and JSQ against queueing theory, with fresh loads over
 * single-core exponential servers: the exact CTMC of three servers (both
 * sampling rules, and JSQ), and the supermarket model's mean field for a
 * large rack, whose finite-N gap is stated.
 */
class PowerOfDTheoryTestCase : public TestCase
{
  public:
    PowerOfDTheoryTestCase()
        : TestCase("Power-of-d over exponential servers: exact three-server chain (independent "
                   "and distinct samples, JSQ) and the supermarket model")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 3;
        const double rho = 0.8;
        double exact[2];
        double simulated[2];
        const char* rules[2] = {"Independent", "Distinct"};
        for (uint32_t r = 0; r < 2; ++r)
        {
            double lost;
            exact[r] = ExactPowerOfD(n, 2, rho, r == 0, 24, lost);
            NS_TEST_ASSERT_MSG_LT(lost, 1e-6, "the truncation loses nothing that counts");
            double hw;
            simulated[r] = SimulateDispatch(FreshPowerOfK(2, rules[r], n), n, rho, 4000000, 3, hw);
            NS_TEST_EXPECT_MSG_EQ_TOL(simulated[r],
                                      exact[r],
                                      std::max(3 * hw, 0.01 * exact[r]),
                                      rules[r] << " samples: mean sojourn against the exact chain");
        }
        // Independent draws pick one server twice with probability 1/3: a
        // random choice then, which the exact chain prices.
        NS_TEST_EXPECT_MSG_GT(exact[0], exact[1] * 1.02, "independent samples cost more");
        NS_TEST_EXPECT_MSG_EQ_TOL(simulated[0] / simulated[1],
                                  exact[0] / exact[1],
                                  0.02,
                                  "the cost of independent samples");
        // JSQ (K = N): the exact chain with every server sampled.
        double lost;
        double jsq = ExactPowerOfD(n, n, rho, false, 24, lost);
        double hw;
        double simulatedJsq =
            SimulateDispatch(FreshPowerOfK(n, "Independent", n), n, rho, 4000000, 5, hw);
        NS_TEST_EXPECT_MSG_EQ_TOL(simulatedJsq,
                                  jsq,
                                  std::max(3 * hw, 0.01 * jsq),
                                  "JSQ (K = N samples every server, whatever Sampling says)");
        NS_TEST_EXPECT_MSG_LT(jsq, exact[1], "JSQ beats power-of-2");
        NS_TEST_EXPECT_MSG_LT(exact[1], 1 / (1 - rho), "power-of-2 beats random (M/M/1: 5)");

        // Supermarket model (Mitzenmacher; Vvedenskaya et al.): as N grows,
        // the share of servers with at least i jobs tends to
        // rho^((d^i - 1) / (d - 1)); with d = 2 the mean sojourn is
        // sum_i rho^(2^i - 2). At N = 100 the finite rack is within a few
        // per cent of it (slower: the mean field is the N -> infinity limit).
        double field = 0;
        for (uint32_t i = 1; i < 64; ++i)
        {
            field += std::pow(rho, std::pow(2.0, i) - 2);
        }
        double large =
            SimulateDispatch(FreshPowerOfK(2, "Distinct", 100), 100, rho, 5000000, 7, hw);
        NS_TEST_EXPECT_MSG_EQ_TOL(large, field, 0.04 * field, "N = 100 against the mean field");
        NS_TEST_EXPECT_MSG_GT(large, field - 3 * hw, "a finite rack is not faster than the limit");
    }
};

/// RackHelper in the traffic-control idiom: the servers' policy and the
/// switch's dispatcher named by type with attribute pairs.
class RackHelperIdiomTestCase : public TestCase
{
  public:
    RackHelperIdiomTestCase()
        : TestCase("RackHelper: SetServerPolicy and SetDispatcher by type and attributes")
    {
    }

  private:
    void DoRun() override
    {
        RackHelper rack;
        rack.SetServers({2, 4});
        rack.SetClients(1);
        rack.SetServerPolicy("ns3::CfcfsCorePolicy",
                             "DispatchOverhead",
                             TimeValue(NanoSeconds(70)));
        rack.SetDispatcher("ns3::PowerOfKDispatcher", "K", UintegerValue(2));
        rack.Install();
        UintegerValue k;
        rack.GetDispatcher()->GetAttribute("K", k);
        NS_TEST_ASSERT_MSG_EQ(k.Get(), 2, "the dispatcher's K");
        NS_TEST_ASSERT_MSG_EQ(rack.GetComputeVector().Get(1).computeUnits,
                              4,
                              "the second server's cores");
        for (uint32_t s = 0; s < 2; ++s)
        {
            auto server = DynamicCast<MulticoreServer>(rack.GetServers().Get(s));
            auto policy = DynamicCast<CfcfsCorePolicy>(server->GetPolicy());
            NS_TEST_ASSERT_MSG_NE(policy, nullptr, "a c-FCFS server");
            TimeValue overhead;
            policy->GetAttribute("DispatchOverhead", overhead);
            NS_TEST_ASSERT_MSG_EQ(overhead.Get(), NanoSeconds(70), "its dispatch overhead");
        }
        Simulator::Destroy();
    }
};

/**
 * Racks compose with the rest of a network: two racks without clients of
 * their own, each on its own address base and virtual address, behind a
 * CArDS semantic router (the ingress) through ConnectUplink(); a client
 * beyond the ingress sends to the service. CArDS spreads the requests over
 * the racks by their cores, each switch over its servers, and every reply
 * comes back.
 */
class RacksBehindIngressTestCase : public TestCase
{
  public:
    RacksBehindIngressTestCase()
        : TestCase("racks compose: two racks behind a CArDS ingress, clients outside")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetRun(1);
        Ptr<Node> ingress = CreateObject<Node>();
        Ptr<Node> client = CreateObject<Node>();
        InternetStackHelper routerStack;
        routerStack.SetRoutingHelper(AheadOfStaticRouting(SemanticRouterHelper()));
        routerStack.Install(ingress);
        InternetStackHelper hostStack;
        hostStack.Install(client);
        PointToPointHelper link;
        link.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        link.SetChannelAttribute("Delay", StringValue("5us"));
        NetDeviceContainer access = link.Install(client, ingress);
        Ipv4AddressHelper addresses("192.168.0.0", "255.255.255.252");
        Ipv4InterfaceContainer accessIfaces = addresses.Assign(access);
        Ipv4StaticRoutingHelper routing;
        routing.GetStaticRouting(client->GetObject<Ipv4>())
            ->SetDefaultRoute(accessIfaces.GetAddress(1), 1);

        // Rack r: servers with 2 and 1 + r worker cores (3 and 4 in all).
        std::vector<RackHelper> racks(2);
        ComputeVector sites;
        for (uint32_t r = 0; r < racks.size(); ++r)
        {
            racks[r].SetServers({2, 1 + r});
            racks[r].SetClients(0);
            racks[r].SetAddressBase(Ipv4Address(0x0a000000 + ((16 * (r + 1)) << 16)));
            racks[r].SetSwitchAttribute("VirtualAddress",
                                        Ipv4AddressValue(Ipv4Address(0x0aff0001 + (r << 8))));
            racks[r].SetDispatcher("ns3::PowerOfKDispatcher",
                                   "K",
                                   UintegerValue(2),
                                   "LoadTracker",
                                   PointerValue(CreateObject<ReportedLoadTracker>()));
            racks[r].Install();
            racks[r].ConnectUplink(ingress,
                                   Ipv4Address(0xc0a80100 + (r << 8)),
                                   DataRate("10Gbps"),
                                   MicroSeconds(20));
            sites.Add(ComputeTarget{racks[r].GetVirtualAddress(), 3 + r, true, r});
        }
        auto cards = CreateObject<CardsDispatcher>();
        cards->SetComputeVector(sites);
        const Ipv4Address service("100.64.0.1");
        SemanticRouterHelper::Get(ingress)->AddService(service, cards);

        // 40 % of the 7 cores' capacity with 10 us requests.
        RequestClientHelper clients(service, racks[0].GetPort());
        clients.SetAttribute("InterArrival",
                             StringValue("ns3::ExponentialRandomVariable[Mean=3.5714285714e-6]"));
        clients.SetAttribute("ServiceDemand",
                             StringValue("ns3::ExponentialRandomVariable[Mean=10e-6]"));
        ApplicationContainer apps = clients.Install(client);
        apps.Stop(MilliSeconds(20));
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();

        uint64_t sent = RequestClientHelper::GetSent(apps);
        uint64_t answered = RequestClientHelper::GetStats(apps, false).GetAll().GetCount();
        NS_TEST_ASSERT_MSG_GT(sent, 4000u, "the client sent");
        NS_TEST_EXPECT_MSG_EQ(answered, sent, "every request answered through the ingress");
        uint64_t served[2] = {0, 0};
        for (uint32_t r = 0; r < racks.size(); ++r)
        {
            ApplicationContainer servers = racks[r].GetServers();
            for (uint32_t s = 0; s < servers.GetN(); ++s)
            {
                uint64_t n = DynamicCast<MulticoreServer>(servers.Get(s))->GetCompleted();
                NS_TEST_EXPECT_MSG_GT(n, 0u, "rack " << r << " server " << s << " served");
                served[r] += n;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(served[0] + served[1], sent, "each request served once");
        // CArDS: weighted round robin over the racks' 3 and 4 cores.
        NS_TEST_EXPECT_MSG_EQ_TOL(served[1] / double(sent), 4.0 / 7, 0.01, "CArDS's split");
        Simulator::Destroy();
    }
};

/// The RackSched test suite.
class RackSchedTestSuite : public TestSuite
{
  public:
    RackSchedTestSuite()
        : TestSuite("request-scheduling-racksched", Type::UNIT)
    {
        AddTestCase(new PowerOfKTestCase());
        AddTestCase(new RackHelperIdiomTestCase());
        AddTestCase(new FreshJsqTestCase());
        AddTestCase(new JbsqTestCase());
        AddTestCase(new AvailabilityTestCase());
        AddTestCase(new AffinityTableTestCase());
        AddTestCase(new P4RulesTestCase());
        AddTestCase(new JbsqQueueLimitTestCase());
        AddTestCase(new TypeQueuesTestCase());
        AddTestCase(new RackOptionsTestCase());
        AddTestCase(new RackConservationTestCase(1, false));
        AddTestCase(new RackConservationTestCase(4, false));
        AddTestCase(new RackConservationTestCase(3, true));
        AddTestCase(new PlacementTestCase());
        AddTestCase(new ClientViewsTestCase());
        AddTestCase(new RackMm1TestCase(), RS_TEST_EXTENSIVE);
        AddTestCase(new PowerOfDTheoryTestCase(), RS_TEST_EXTENSIVE);
        AddTestCase(new RacksBehindIngressTestCase());
    }
};

/// Registers the suite.
RackSchedTestSuite g_rackSchedTestSuite;

} // namespace
