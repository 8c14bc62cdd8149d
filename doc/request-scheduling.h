/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Doxygen groups of the request-scheduling module (read by Doxygen only;
 * not compiled, not installed).
 */

/**
 * \defgroup request-scheduling Request scheduling
 *
 * Five published request and flow schedulers and their baselines on one
 * packet-level simulator, over a shared base: requests on the wire
 * (ServiceRequestHeader, RequestClient), statistics (RequestStats,
 * JsonSummary), links with a per-packet random delay, the data-path router
 * base (DataPathRouter) and the scenario base (RequestScenario,
 * ScenarioOptions, TypeAliases). Sources: model/requests/, helper/requests/.
 */

/**
 * \defgroup request-scheduling-microsecond Multi-core server and core policies
 * \ingroup request-scheduling
 *
 * MulticoreServer with its NIC (RssHash) and the CorePolicy family:
 * d-FCFS, c-FCFS, processor sharing, Shinjuku, Perséphone, AFP, LCFS; the
 * microsecond-scale scheduling study (AFP paper). Sources: model/microsecond/,
 * helper/microsecond/.
 */

/**
 * \defgroup request-scheduling-dispatch Dispatchers
 * \ingroup request-scheduling
 *
 * The Dispatcher seam ("choose a target for this request" over a
 * ComputeVector) and the generic dispatchers that several systems use:
 * random, round robin, power-of-k (and JSQ) over a LoadTracker (reported
 * in replies, or proactive), JBSQ. Sources: model/dispatch/.
 */

/**
 * \defgroup request-scheduling-cards CArDS
 * \ingroup request-scheduling
 *
 * Compute-aware semantic routing (Khandaker et al.): SemanticRouter,
 * CardsDispatcher, SteamDispatcher, OrchestratorHelper and the paper's
 * evaluation scenario (CardsScenario). Sources: model/cards/, helper/cards/.
 */

/**
 * \defgroup request-scheduling-sdwan SD-WAN flow splitter
 * \ingroup request-scheduling
 *
 * Short/long flow splitting on WAN border routers ("Flow Optimization at
 * Inter-Datacenter Networks for Application Run-time Acceleration"):
 * TunnelRouter and its FlowSplitter, EcmpRouter and PacketSprayRouter;
 * the file-hosting workload over TCP (FileTransferClient,
 * FileTransferServer), BackgroundTrafficGenerator, WanFlowMonitor, the
 * paper's testbed (SdwanTestbedHelper) and experiment (SdwanScenario).
 * Sources: model/sdwan/, helper/sdwan/.
 */

/**
 * \defgroup request-scheduling-racksched RackSched
 * \ingroup request-scheduling
 *
 * Rack-scale two-layer scheduling (Zhu et al., OSDI'20): the top-of-rack
 * RackScheduler with its RequestAffinityTable, over MulticoreServer and its
 * core policies; the rack (RackHelper) and the paper's experiment
 * (RackSchedScenario). Sources: model/racksched/, helper/racksched/.
 */

/**
 * \defgroup request-scheduling-batchy Batchy
 * \ingroup request-scheduling
 *
 * Batch scheduling of data-flow-graph packet pipelines (Lévai et al.,
 * NSDI'20): the DataFlowGraph of modules with batch costs T0 + T1 b, the
 * FractionalBuffer, the run-to-completion BatchyWorker on a software
 * switch (BatchySwitch) fed by BatchyTrafficSource, the controllers
 * (BatchyController: NullBatchyController, MaxBatchyController), the
 * use-case pipelines (BatchyPipelines) and the experiment (BatchyScenario).
 * Sources: model/batchy/, helper/batchy/.
 */
