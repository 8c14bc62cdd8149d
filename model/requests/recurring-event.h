/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RECURRING_EVENT_H
#define RECURRING_EVENT_H

#include "ns3/event-id.h"
#include "ns3/event-impl.h"
#include "ns3/ptr.h"
#include "ns3/simulator.h"

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling
 * \brief One member function of one object, with one fixed argument,
 * scheduled over and over with the same EventImpl.
 *
 * Why: Simulator::Schedule(delay, &T::F, obj, arg) allocates an EventImpl
 * for every event and frees it once the event has run. A worker's end of
 * slice is scheduled once or more per request, so at queue level that
 * allocation was a tenth of the time of a request (a client's next request
 * is an EventImpl of its own: RequestClient::Client). This schedules its
 * own EventImpl again once the last event has run; the events get their
 * times and uids from the simulator as any other, so runs are the same.
 * ns-3 cannot undo a cancellation, so after a Cancel or a Remove, or while
 * the last event is still pending, the next Schedule takes a new
 * EventImpl, as MakeEvent would.
 *
 * A copy schedules the same function but never shares an EventImpl.
 */
template <typename T, typename A>
class RecurringEvent
{
  public:
    /// The member function called.
    using Method = void (T::*)(A);

    RecurringEvent() = default;

    /**
     * \param object the object (not owned; it outlives the pending events
     * or cancels them)
     * \param method its member function
     * \param arg the argument passed at every event
     */
    RecurringEvent(T* object, Method method, A arg)
        : m_object(object),
          m_method(method),
          m_arg(arg)
    {
    }

    /// \param other the event whose function this one calls
    RecurringEvent(const RecurringEvent& other)
        : RecurringEvent(other.m_object, other.m_method, other.m_arg)
    {
    }

    /**
     * \param other the event whose function this one calls
     * \return this
     */
    RecurringEvent& operator=(const RecurringEvent& other)
    {
        m_object = other.m_object;
        m_method = other.m_method;
        m_arg = other.m_arg;
        m_impl = nullptr;
        return *this;
    }

    /**
     * \param delay from now
     * \return the event, as Simulator::Schedule returns it
     */
    EventId Schedule(const Time& delay)
    {
        if (!m_impl || m_impl->pending || m_impl->IsCancelled())
        {
            m_impl = Create<Impl>(m_object, m_method, m_arg);
        }
        m_impl->pending = true;
        return Simulator::Schedule(delay, Ptr<EventImpl>(m_impl));
    }

  private:
    /// The EventImpl: calls the function, notes that it is no longer pending.
    class Impl : public EventImpl
    {
      public:
        /**
         * \param object the object
         * \param method its member function
         * \param arg the argument
         */
        Impl(T* object, Method method, A arg)
            : m_object(object),
              m_method(method),
              m_arg(arg)
        {
        }

        bool pending{false}; //!< scheduled and not yet run (cancelled ones stay pending)

      private:
        void Notify() override
        {
            // First: the call may schedule this event again.
            pending = false;
            (m_object->*m_method)(m_arg);
        }

        T* m_object;     //!< the object
        Method m_method; //!< its member function
        A m_arg;         //!< the argument
    };

    T* m_object{nullptr};     //!< the object
    Method m_method{nullptr}; //!< its member function
    A m_arg{};                //!< the argument
    Ptr<Impl> m_impl;         //!< the EventImpl of the last Schedule
};

} // namespace rsched
} // namespace ns3

#endif // RECURRING_EVENT_H
