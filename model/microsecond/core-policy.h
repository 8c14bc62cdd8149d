/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef CORE_POLICY_H
#define CORE_POLICY_H

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/object.h"
#include "ns3/recurring-event.h"
#include "ns3/server-request.h"
#include "ns3/traced-callback.h"

#include <limits>
#include <string>
#include <vector>

namespace ns3
{
namespace rsched
{

/**
 * \ingroup request-scheduling-microsecond
 * \brief Base class of intra-server scheduling policies: which worker core
 * runs which request, and when.
 *
 * Like QueueDisc, the base class owns the mechanism and each policy fills in
 * a few hooks. The mechanism is a set of worker cores that run one request
 * at a time for a slice (the whole remaining work, or a quantum), optionally
 * after a per-start overhead; a request whose slice ends unfinished is handed
 * back to the policy (DoSliceEnd), which may continue it or park it
 * (preemption with a cost). A policy that is not built on run-to-completion
 * workers (processor sharing) overrides Enqueue handling and reports
 * completions through Finish().
 *
 * Work is in time units of the server's cores: the owner sets
 * ServerRequest::work (demand / core speed) before Enqueue().
 *
 * Later policies add cores of their own (a dispatcher, a timer core); those
 * are not workers and are reported separately by the policy.
 */
class CorePolicy : public Object
{
  public:
    /// Handle of a request in the owner's pool.
    using Handle = ServerRequestPool::Handle;
    /// Called when a request completes; the owner then releases the handle.
    using CompletionCallback = Callback<void, Handle>;
    /// Worker index used in traces of policies without worker cores.
    static constexpr uint32_t NO_WORKER = std::numeric_limits<uint32_t>::max();

    /**
     * \brief Signature of the request traces (Start, Preempt, Complete).
     * \param request the request
     * \param worker the worker core, or NO_WORKER
     */
    typedef void (*RequestTracedCallback)(const ServerRequest& request, uint32_t worker);

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    CorePolicy();
    ~CorePolicy() override;

    /**
     * \brief Connect the policy to its server. Call once, before Enqueue().
     * \param pool where the requests live
     * \param workers number of worker cores, >= 1
     * \param onComplete called for every completed request
     */
    void Attach(ServerRequestPool* pool, uint32_t workers, CompletionCallback onComplete);

    /**
     * \brief A request has arrived from its NIC queue (ServerRequest::nicQueue).
     * \param h its handle; ServerRequest::work must be set
     */
    void Enqueue(Handle h);

    /// \return the number of worker cores
    uint32_t GetWorkers() const;
    /// \return requests waiting (not in service)
    uint64_t GetWaiting() const;
    /// \return requests in service
    virtual uint32_t GetInService() const;
    /// \return worker busy time summed over workers, up to now
    virtual Time GetBusyTime() const;
    /// \return requests preempted so far
    uint64_t GetPreemptions() const;
    /// \return requests completed so far
    uint64_t GetCompleted() const;
    /**
     * \return true if the policy uses the NIC receive queue of a request
     * (ServerRequest::nicQueue); the server skips RSS for those that do not
     */
    virtual bool UsesNicQueues() const;
    /**
     * \return cores the policy takes besides the workers (a dispatcher, a
     * timer core); 0 by default
     */
    virtual uint32_t GetSpecialCores() const;
    /**
     * \return busy time of the special cores, summed, up to now (0 by
     * default, and for special cores whose work is not modelled)
     */
    virtual Time GetSpecialBusyTime() const;
    /**
     * \return true if the policy treats requests of some class differently
     * from the others (AFP's and Perséphone's ShortClass), so that it does
     * nothing of its own when all requests are of one class; false by default
     */
    virtual bool DistinguishesClasses() const;
    /**
     * \brief Check the policy's attributes against the server it will run
     * on, before the simulation starts (as QueueDisc::CheckConfig does).
     * \param workers number of worker cores of the server
     * \param error receives a one-line reason on failure, naming the attribute
     * \return true if the policy can run with \p workers workers
     */
    virtual bool CheckConfig(uint32_t workers, std::string& error) const;
    /**
     * \param w a worker
     * \return true if the worker is idle
     */
    bool IsIdle(uint32_t w) const;

  protected:
    void DoDispose() override;

    /// Called by Attach() once the workers exist: size per-worker state.
    virtual void DoAttach();
    /**
     * \brief A request arrived; start it on a worker or queue it.
     * \param h the request
     */
    virtual void DoEnqueue(Handle h) = 0;
    /**
     * \brief Worker \p w has become idle; give it work with Run() or leave it idle.
     * \param w the worker
     */
    virtual void DoWorkerIdle(uint32_t w) = 0;
    /**
     * \brief The slice of \p h on \p w ended with work left. The default
     * continues it on the same worker with no slice limit.
     * \param w the worker
     * \param h the request
     */
    virtual void DoSliceEnd(uint32_t w, Handle h);
    /// \return requests waiting in the policy's queues
    virtual uint64_t DoGetWaiting() const = 0;

    /**
     * \brief Run a request on an idle worker.
     * \param w an idle worker
     * \param h the request
     * \param slice longest time to run before DoSliceEnd() (Time::Max(): to completion)
     * \param overhead time the worker spends before the request runs (dispatch, context switch)
     */
    void Run(uint32_t w, Handle h, Time slice = Time::Max(), Time overhead = Time(0));
    /**
     * \brief Let the request on \p w, whose slice has just ended
     * (DoSliceEnd()), run on for another slice.
     * \param w the worker
     * \param slice longest time to run before DoSliceEnd() again
     */
    void ContinueSlice(uint32_t w, Time slice = Time::Max());
    /**
     * \brief Stop the request running on \p w now and take it off the worker,
     * which stays busy for \p cost, then becomes idle (DoWorkerIdle()).
     * Counts a preemption and fires the Preempt trace.
     * \param w a worker running a request (or at the end of its slice)
     * \param cost preemption overhead charged to the worker
     * \return the preempted request, with its remaining work updated
     */
    Handle Preempt(uint32_t w, Time cost = Time(0));
    /**
     * \brief End the slice running on \p w at \p at (DoSliceEnd() is then
     * called) if that is before its scheduled end; otherwise do nothing.
     * Lets a policy whose timer would find nothing to do on most ticks
     * compute the tick at which it acts instead of waking on every one.
     * \param w a worker running a request
     * \param at the new end of the slice (not before now, nor before the slice's work starts)
     */
    void EndSliceAt(uint32_t w, Time at);
    /**
     * \brief Report a completion of a policy that does not run requests on
     * workers (fires Complete, calls the owner).
     * \param h the request
     */
    void Finish(Handle h);

    /// \return true if some worker is idle
    bool HasIdleWorker() const;
    /// \return an idle worker (HasIdleWorker() must be true)
    uint32_t GetIdleWorker() const;
    /**
     * \param h a handle
     * \return the request
     */
    ServerRequest& Get(Handle h);
    /**
     * \brief Start loading a request into the cache, for a queue to call on
     * the request that is served next: one that waited long (an overloaded
     * server holds millions) is no longer there, and the load then overlaps
     * the events before it starts instead of stalling its start.
     * \param h a handle
     */
    void Prefetch(Handle h) const;

    TracedCallback<const ServerRequest&, uint32_t> m_startTrace;    //!< a request starts or resumes
    TracedCallback<const ServerRequest&, uint32_t> m_preemptTrace;  //!< a request is preempted
    TracedCallback<const ServerRequest&, uint32_t> m_completeTrace; //!< a request completes

  private:
    /// State of one worker core.
    struct Worker
    {
        Handle current{0};                                //!< request on the worker, if running
        bool running{false};                              //!< a request is on the worker
        Time sliceStart;                                  //!< when the current slice's work started
        Time busySince;                                   //!< start of the current busy period
        Time busyTotal;                                   //!< busy time of finished busy periods
        EventId event;                                    //!< end of slice or of overhead
        RecurringEvent<CorePolicy, uint32_t> sliceEnd;    //!< SliceEnd of this worker
        RecurringEvent<CorePolicy, uint32_t> overheadEnd; //!< OverheadEnd of this worker
    };

    /**
     * \param w the worker
     * \param slice slice limit
     * \param overhead time before the work starts
     */
    void StartSlice(uint32_t w, Time slice, Time overhead);
    /// \param w the worker whose slice ended
    void SliceEnd(uint32_t w);
    /// \param w the worker that has paid a preemption's cost
    void OverheadEnd(uint32_t w);
    /// \param w the worker that becomes idle
    void SetIdle(uint32_t w);
    /// \param w the worker that becomes busy
    void SetBusy(uint32_t w);

    ServerRequestPool* m_pool{nullptr}; //!< owner's request pool
    CompletionCallback m_onComplete;    //!< owner's completion callback
    std::vector<Worker> m_workers;      //!< worker cores
    std::vector<uint32_t> m_idle;       //!< idle workers (unordered)
    std::vector<uint32_t> m_idlePos;    //!< position in m_idle, or NOT_IDLE
    uint64_t m_preemptions{0};          //!< preemptions so far
    uint64_t m_completed{0};            //!< completions so far
    uint32_t m_inService{0};            //!< workers running a request
    static constexpr uint32_t NOT_IDLE = std::numeric_limits<uint32_t>::max(); //!< marker
};

} // namespace rsched
} // namespace ns3

#endif // CORE_POLICY_H
