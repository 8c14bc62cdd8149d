/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/map-scheduler.h"
#include "ns3/peekable-scheduler.h"
#include "ns3/random-variable-stream.h"
#include "ns3/recurring-event.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/simulator-impl.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <algorithm>
#include <functional>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// Inserts, removals and pops in random order against a std::set of keys,
/// the events due within a window from the last one taken.
class HeapOrderTestCase : public TestCase
{
  public:
    /**
     * \param window the latest an event is due after the current time (ns)
     * \param what the window's effect, for the name
     */
    HeapOrderTestCase(uint64_t window, const std::string& what)
        : TestCase("events leave in (time, uid) order; Remove takes out exactly the event (" +
                   what + ")"),
          m_window(window)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(7);
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        Ptr<PeekableScheduler> heap = CreateObject<PeekableScheduler>();
        std::set<std::pair<uint64_t, uint32_t>> reference;
        uint32_t uid = 4; // the first uid ns-3 gives an event
        uint64_t now = 0;
        for (int step = 0; step < 20000; ++step)
        {
            double op = u->GetValue();
            if (op < 0.5 || reference.empty())
            {
                uint64_t at = now + static_cast<uint64_t>(u->GetValue(0, m_window + 1));
                Scheduler::Event ev{nullptr, {at, uid++, 0}};
                heap->Insert(ev);
                reference.emplace(ev.key.m_ts, ev.key.m_uid);
            }
            else if (op < 0.7)
            {
                // Any pending event, the earliest and the latest included.
                auto it = reference.begin();
                std::advance(it, u->GetInteger(0, reference.size() - 1));
                heap->Remove(Scheduler::Event{nullptr, {it->first, it->second, 0}});
                reference.erase(it);
            }
            else
            {
                Scheduler::Event next = heap->RemoveNext();
                auto expected = *reference.begin();
                reference.erase(reference.begin());
                NS_TEST_ASSERT_MSG_EQ(next.key.m_ts, expected.first, "time, step " << step);
                NS_TEST_ASSERT_MSG_EQ(next.key.m_uid, expected.second, "uid, step " << step);
                now = next.key.m_ts;
            }
            NS_TEST_ASSERT_MSG_EQ(heap->IsEmpty(), reference.empty(), "emptiness");
            if (!reference.empty())
            {
                NS_TEST_ASSERT_MSG_EQ(heap->PeekNext().key.m_uid,
                                      reference.begin()->second,
                                      "next, step " << step);
                uint64_t first = reference.begin()->first;
                NS_TEST_ASSERT_MSG_EQ(heap->IsDue(TimeStep(first)), true, "due at its time");
                NS_TEST_ASSERT_MSG_EQ(heap->IsDue(TimeStep(first) - TimeStep(1)),
                                      false,
                                      "not due before");
            }
        }
    }

    uint64_t m_window; //!< the latest an event is due after the current time (ns)
};

/// The same event program, with Simulator::Remove and Cancel, runs in the
/// same order on PeekableScheduler as on ns-3's MapScheduler.
/// The slot of the next event, step by step: an earlier event pushes it
/// into the heap, Remove and RemoveNext take it, and a bucket enters the
/// heap while it holds one.
class FrontSlotTestCase : public TestCase
{
  public:
    FrontSlotTestCase()
        : TestCase("the next event's slot: displaced by an earlier one, removed, and held while a "
                   "bucket enters the heap")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<PeekableScheduler> s = CreateObject<PeekableScheduler>();
        // A bucket: the least power of two time steps of at least 1 ms.
        uint64_t bucket = 1;
        while (bucket < static_cast<uint64_t>(MilliSeconds(1).GetTimeStep()))
        {
            bucket <<= 1;
        }
        auto ev = [](uint64_t ts, uint32_t uid) { return Scheduler::Event{nullptr, {ts, uid, 0}}; };
        auto next = [&s]() { return s->RemoveNext().key.m_uid; };
        s->Insert(ev(0, 1));
        NS_TEST_ASSERT_MSG_EQ(next(), 1, "alone");
        s->Insert(ev(3 * bucket, 3)); // later: a bucket enters the heap at once
        s->Insert(ev(100, 2));        // before it: the slot
        s->Insert(ev(5 * bucket, 7)); // stays in the ring
        s->Insert(ev(50, 4));         // pushes 2 into the heap
        s->Insert(ev(50, 5));         // a tie after 4: the heap
        s->Insert(ev(40, 6));         // pushes 4 into the heap
        s->Remove(ev(40, 6));         // the slot's own
        NS_TEST_ASSERT_MSG_EQ(s->PeekNext().key.m_uid, 4, "the heap's first after the slot");
        NS_TEST_ASSERT_MSG_EQ(s->IsDue(TimeStep(49)), false, "nothing due before 50");
        NS_TEST_ASSERT_MSG_EQ(s->IsDue(TimeStep(50)), true, "4 due at 50");
        NS_TEST_ASSERT_MSG_EQ(next(), 4, "time, then uid");
        NS_TEST_ASSERT_MSG_EQ(next(), 5, "the tie");
        s->Insert(ev(60, 8)); // before 2: the slot
        NS_TEST_ASSERT_MSG_EQ(next(), 8, "the slot");
        NS_TEST_ASSERT_MSG_EQ(next(), 2, "then the heap");
        s->Insert(ev(200, 9));        // the slot, while the heap holds 3 only
        s->Remove(ev(3 * bucket, 3)); // the heap runs empty: 7's bucket enters it
        NS_TEST_ASSERT_MSG_EQ(s->IsEmpty(), false, "9 and 7 wait");
        NS_TEST_ASSERT_MSG_EQ(next(), 9, "the slot first");
        NS_TEST_ASSERT_MSG_EQ(next(), 7, "then the later bucket");
        NS_TEST_ASSERT_MSG_EQ(s->IsEmpty(), true, "all gone");
    }
};

class SimulatorOrderTestCase : public TestCase
{
  public:
    /// \param step the unit of the events' delays (0 to 3 of them)
    explicit SimulatorOrderTestCase(Time step)
        : TestCase("a simulation runs its events in the same order as with MapScheduler (delays "
                   "of 0-3 x " +
                   std::to_string(step.GetNanoSeconds()) + " ns)"),
          m_step(step)
    {
    }

  private:
    /// Runs the program on \p scheduler; \return the order events ran in
    std::vector<uint32_t> RunOn(ObjectFactory scheduler)
    {
        RngSeedManager::SetSeed(11);
        RngSeedManager::SetRun(1);
        Simulator::SetScheduler(scheduler);
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(3);
        std::vector<uint32_t> order;
        std::vector<EventId> pending;
        uint32_t label = 0;
        // Each event records itself and schedules one or two more, some at
        // the same time, and removes or cancels a pending one now and then.
        std::function<void(uint32_t)> fire = [&](uint32_t self) {
            order.push_back(self);
            for (int k = u->GetInteger(1, 2); k > 0 && label < 5000; --k)
            {
                Time at = TimeStep(m_step.GetTimeStep() * u->GetInteger(0, 3));
                uint32_t next = label++;
                pending.push_back(Simulator::Schedule(at, [&fire, next]() { fire(next); }));
            }
            if (!pending.empty() && u->GetValue() < 0.2)
            {
                EventId& victim = pending[u->GetInteger(0, pending.size() - 1)];
                if (u->GetValue() < 0.5)
                {
                    Simulator::Remove(victim);
                }
                else
                {
                    victim.Cancel();
                }
            }
        };
        for (uint32_t i = 0; i < 8; ++i)
        {
            uint32_t next = label++;
            pending.push_back(Simulator::Schedule(TimeStep(m_step.GetTimeStep() * (i % 3)),
                                                  [&fire, next]() { fire(next); }));
        }
        Simulator::Run();
        Simulator::Destroy();
        return order;
    }

    void DoRun() override
    {
        std::vector<uint32_t> peekable = RunOn(ObjectFactory("ns3::PeekableScheduler"));
        std::vector<uint32_t> map = RunOn(ObjectFactory("ns3::MapScheduler"));
        NS_TEST_ASSERT_MSG_GT(peekable.size(), 1000u, "the program ran");
        NS_TEST_ASSERT_MSG_EQ(peekable.size(), map.size(), "as many events");
        NS_TEST_ASSERT_MSG_EQ((peekable == map), true, "same order");
        NS_TEST_ASSERT_MSG_EQ(PeekableScheduler::GetCurrent(), nullptr, "destroyed with the run");
    }

    Time m_step; //!< the unit of the events' delays
};

/// The same program over the whole Simulator API (Schedule, ScheduleNow,
/// ScheduleWithContext from the main and from another thread,
/// ScheduleDestroy, Remove, Cancel, IsExpired, GetDelayLeft, Stop(delay)
/// and a second Run after SetScheduler has moved the pending events) gives
/// the same trace, uids included, on LeanSimulatorImpl as on ns-3's
/// DefaultSimulatorImpl, with either scheduler first.
class LeanSimulatorImplTestCase : public TestCase
{
  public:
    /**
     * \param scheduler the SchedulerType until the stop
     * \param then the SchedulerType after it
     */
    LeanSimulatorImplTestCase(const std::string& scheduler, const std::string& then)
        : TestCase("LeanSimulatorImpl runs a program as DefaultSimulatorImpl does (" + scheduler +
                   ", then " + then + ")"),
          m_scheduler(scheduler),
          m_then(then)
    {
    }

  private:
    /**
     * \brief Run the program.
     * \param impl the SimulatorImplementationType
     * \param[out] stopped the events run when the stop came
     * \param[out] total the events run in all
     * \return its trace, one line per event, schedule and probe
     */
    std::vector<std::string> RunOn(const std::string& impl, uint64_t& stopped, uint64_t& total)
    {
        Simulator::Destroy();
        ObjectFactory factory(impl);
        Simulator::SetImplementation(factory.Create<SimulatorImpl>());
        Simulator::SetScheduler(ObjectFactory(m_scheduler));
        RngSeedManager::SetSeed(5);
        RngSeedManager::SetRun(2);
        Ptr<UniformRandomVariable> u = CreateObject<UniformRandomVariable>();
        u->SetStream(9);
        std::vector<std::string> trace;
        std::vector<EventId> pending;
        uint32_t label = 0;
        auto note = [&trace](const std::string& what) {
            trace.push_back(what + " at " + std::to_string(Simulator::Now().GetTimeStep()) +
                            " context " + std::to_string(Simulator::GetContext()));
        };
        auto noteId = [&note](const std::string& what, const EventId& id) {
            note(what + " uid " + std::to_string(id.GetUid()) + " ts " +
                 std::to_string(id.GetTs()) + " context " + std::to_string(id.GetContext()));
        };
        std::function<void(uint32_t)> fire = [&](uint32_t self) {
            note("event " + std::to_string(self));
            if (self == 60)
            {
                // A destroy event scheduled while running.
                noteId("destroy late",
                       Simulator::ScheduleDestroy([&note]() { note("destroy late ran"); }));
            }
            for (int k = u->GetInteger(1, 2); k > 0 && label < 3000; --k)
            {
                Time at = NanoSeconds(u->GetInteger(0, 4));
                uint32_t next = label++;
                double how = u->GetValue();
                if (how < 0.15)
                {
                    Simulator::ScheduleWithContext(next % 7, at, [&fire, next]() { fire(next); });
                }
                else if (how < 0.25)
                {
                    pending.push_back(Simulator::ScheduleNow([&fire, next]() { fire(next); }));
                    noteId("now", pending.back());
                }
                else if (how < 0.27)
                {
                    // From another thread: taken after the current event.
                    std::thread other([&fire, next, at]() {
                        Simulator::ScheduleWithContext(100 + next, at, [&fire, next]() {
                            fire(next);
                        });
                    });
                    other.join();
                }
                else
                {
                    pending.push_back(Simulator::Schedule(at, [&fire, next]() { fire(next); }));
                    noteId("later", pending.back());
                }
            }
            if (!pending.empty())
            {
                const EventId& probe = pending[u->GetInteger(0, pending.size() - 1)];
                note("probe expired " + std::to_string(Simulator::IsExpired(probe)) + " left " +
                     std::to_string(Simulator::GetDelayLeft(probe).GetTimeStep()));
            }
            if (!pending.empty() && u->GetValue() < 0.2)
            {
                EventId& victim = pending[u->GetInteger(0, pending.size() - 1)];
                if (u->GetValue() < 0.5)
                {
                    Simulator::Remove(victim);
                }
                else
                {
                    Simulator::Cancel(victim);
                }
            }
        };
        for (uint32_t i = 0; i < 6; ++i)
        {
            uint32_t next = label++;
            pending.push_back(
                Simulator::Schedule(NanoSeconds(i % 3), [&fire, next]() { fire(next); }));
        }
        EventId kept = Simulator::ScheduleDestroy([&note]() { note("destroy kept"); });
        EventId removed = Simulator::ScheduleDestroy([&note]() { note("destroy removed"); });
        EventId cancelled = Simulator::ScheduleDestroy([&note]() { note("destroy cancelled"); });
        Simulator::Remove(removed);
        Simulator::Cancel(cancelled);
        noteId("destroy kept", kept);
        note("destroy expired " + std::to_string(Simulator::IsExpired(kept)) +
             std::to_string(Simulator::IsExpired(removed)) +
             std::to_string(Simulator::IsExpired(cancelled)) + " left " +
             std::to_string(Simulator::GetDelayLeft(kept).GetTimeStep()));
        // A fifth of the program runs before the stop.
        Simulator::Stop(NanoSeconds(20));
        Simulator::Run();
        stopped = Simulator::GetEventCount();
        note("stopped, finished " + std::to_string(Simulator::IsFinished()) + " events " +
             std::to_string(stopped));
        Simulator::SetScheduler(ObjectFactory(m_then));
        Simulator::Run();
        total = Simulator::GetEventCount();
        note("ran out, finished " + std::to_string(Simulator::IsFinished()) + " events " +
             std::to_string(total));
        Simulator::Destroy();
        return trace;
    }

    void DoRun() override
    {
        uint64_t stopped = 0;
        uint64_t total = 0;
        std::vector<std::string> lean = RunOn("ns3::LeanSimulatorImpl", stopped, total);
        NS_TEST_ASSERT_MSG_GT(stopped, 100u, "events ran before the stop");
        NS_TEST_ASSERT_MSG_GT(total, stopped + 100, "and after it");
        std::vector<std::string> ns3 = RunOn("ns3::DefaultSimulatorImpl", stopped, total);
        NS_TEST_ASSERT_MSG_GT(lean.size(), 3000u, "the program ran");
        NS_TEST_ASSERT_MSG_EQ(lean.size(), ns3.size(), "as many lines");
        for (size_t i = 0; i < std::min(lean.size(), ns3.size()); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(lean[i], ns3[i], "line " << i);
        }
    }

    std::string m_scheduler; //!< the SchedulerType until the stop
    std::string m_then;      //!< the SchedulerType after it
};

/// RecurringEvent runs like Simulator::Schedule, reusing its EventImpl only
/// when that cannot change what runs.
class RecurringEventTestCase : public TestCase
{
  public:
    RecurringEventTestCase()
        : TestCase("a recurring event reuses its EventImpl once the last has run, not otherwise")
    {
    }

  private:
    /// The member function the events call: notes its argument and time, and
    /// schedules itself again while again > 0.
    void Fire(uint32_t arg)
    {
        m_fired.emplace_back(arg, Simulator::Now().GetNanoSeconds());
        if (m_again > 0)
        {
            --m_again;
            EventId next = m_event.Schedule(NanoSeconds(5));
            m_sameImpl.push_back(next.PeekEventImpl() == m_last.PeekEventImpl());
            m_last = next;
        }
    }

    void DoRun() override
    {
        m_event = RecurringEvent<RecurringEventTestCase, uint32_t>(this,
                                                                   &RecurringEventTestCase::Fire,
                                                                   7);

        // Scheduled again from its own run: the same EventImpl each time.
        m_again = 3;
        m_last = m_event.Schedule(NanoSeconds(1));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_fired.size(), 4u, "ran four times");
        NS_TEST_ASSERT_MSG_EQ(m_fired.back().second, 16, "at 1, 6, 11, 16 ns");
        NS_TEST_ASSERT_MSG_EQ(m_fired.front().first, 7u, "with its argument");
        NS_TEST_ASSERT_MSG_EQ((m_sameImpl == std::vector<bool>{true, true, true}), true, "reused");

        // Scheduled twice while pending: two EventImpls, both run, and
        // cancelling one leaves the other.
        m_fired.clear();
        EventId a = m_event.Schedule(NanoSeconds(1));
        EventId b = m_event.Schedule(NanoSeconds(2));
        NS_TEST_ASSERT_MSG_NE(a.PeekEventImpl(), b.PeekEventImpl(), "a new one while pending");
        m_event.Schedule(NanoSeconds(3));
        b.Cancel();
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_fired.size(), 2u, "the two not cancelled ran");
        NS_TEST_ASSERT_MSG_EQ(m_fired[1].second - m_fired[0].second, 2, "at +1 and +3 ns");

        // After a cancellation or a removal, the next one is new and runs.
        for (bool remove : {false, true})
        {
            m_fired.clear();
            EventId gone = m_event.Schedule(NanoSeconds(1));
            remove ? Simulator::Remove(gone) : gone.Cancel();
            EventId next = m_event.Schedule(NanoSeconds(2));
            NS_TEST_ASSERT_MSG_NE(gone.PeekEventImpl(), next.PeekEventImpl(), "a new one");
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(m_fired.size(), 1u, "only the second ran");
        }

        // A copy calls the same function with its own EventImpl.
        m_fired.clear();
        RecurringEvent<RecurringEventTestCase, uint32_t> copy = m_event;
        EventId mine = m_event.Schedule(NanoSeconds(1));
        EventId its = copy.Schedule(NanoSeconds(1));
        NS_TEST_ASSERT_MSG_NE(mine.PeekEventImpl(), its.PeekEventImpl(), "not shared");
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_fired.size(), 2u, "both ran");
        Simulator::Destroy();
    }

    RecurringEvent<RecurringEventTestCase, uint32_t> m_event; //!< the event under test
    EventId m_last;                                           //!< its last EventId
    uint32_t m_again{0};                                      //!< runs still to schedule
    std::vector<std::pair<uint32_t, int64_t>> m_fired;        //!< (argument, ns) of each run
    std::vector<bool> m_sameImpl;                             //!< reuse of each re-scheduling
};

class PeekableSchedulerTestSuite : public TestSuite
{
  public:
    PeekableSchedulerTestSuite()
        : TestSuite("request-scheduling-scheduler", Type::UNIT)
    {
        AddTestCase(new HeapOrderTestCase(20, "ties, broken by uid"));
        AddTestCase(new HeapOrderTestCase(5000000, "over a few buckets"));
        AddTestCase(new HeapOrderTestCase(20000000000, "beyond the ring of buckets"));
        AddTestCase(new FrontSlotTestCase());
        AddTestCase(new SimulatorOrderTestCase(NanoSeconds(1)));
        // A bucket is about 1 ms, the ring about 4 s.
        AddTestCase(new SimulatorOrderTestCase(MicroSeconds(700)));
        AddTestCase(new SimulatorOrderTestCase(MilliSeconds(1900)));
        AddTestCase(new RecurringEventTestCase());
        AddTestCase(new LeanSimulatorImplTestCase("ns3::PeekableScheduler", "ns3::MapScheduler"));
        AddTestCase(new LeanSimulatorImplTestCase("ns3::MapScheduler", "ns3::PeekableScheduler"));
    }
};

PeekableSchedulerTestSuite g_peekableSchedulerTestSuite;

} // namespace
