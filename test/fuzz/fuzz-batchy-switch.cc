/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: the receive path of BatchySwitch (classification by the
 * BatchyHeader, the worker's queues, fractional buffers and cores, the
 * controller's periods, the egress) driven with arbitrary frames, with
 * ports and a core failing and recovering in between.
 *
 * Three nodes joined by SimpleNetDevices as in BatchyScenario (source,
 * switch, sink); the switch runs VRF(2,2) on a worker of two cores (one
 * under NFVnice, whose weighted-fair scheduling runs on one), under a
 * controller with a 20 us period. The bench is rebuilt every 256 inputs,
 * taking the controllers in turn (full with decomposition, on-off, NFVnice,
 * max, null). Input: the first byte toggles a fault (byte % 4: none, the
 * ingress port, core 1 with the controller told, the egress port); the
 * rest is frames, each a length byte and that many bytes, sent from the
 * source at once. Then the simulation runs 50 us.
 *
 * Checked besides the absence of crashes, aborts and sanitizer reports
 * (send times up to 2^63 - 1 ns and any flow number reach the switch):
 * every frame sent is received; on an ingress that is up, exactly the
 * frames without a well-formed header or with a flow the pipeline does
 * not have are dropped as malformed; packets are conserved, in the worker
 * (received = departed + dropped + queued + held) and at the switch
 * (received = dropped at the ingress + the worker's received; departed =
 * forwarded + pending + dropped at a down egress); the sink gets no more
 * than was forwarded.
 */

#include "fuzz-check.h"

#include "ns3/batchy-controller.h"
#include "ns3/batchy-header.h"
#include "ns3/batchy-pipelines.h"
#include "ns3/batchy-switch.h"
#include "ns3/batchy-worker.h"
#include "ns3/boolean.h"
#include "ns3/buffer.h"
#include "ns3/node-container.h"
#include "ns3/object-factory.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simple-net-device-helper.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <array>
#include <string>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

constexpr const char* INGRESS_DOWN = "fault: ingress down"; //!< drop reason
constexpr const char* EGRESS_DOWN = "fault: egress down";   //!< drop reason

/// The three nodes, the switch and what the checks count.
struct Bench
{
    Ptr<BatchySwitch> sw;       //!< the switch
    Ptr<BatchyWorker> worker;   //!< its worker
    Ptr<NetDevice> source;      //!< sends the frames
    uint32_t flows{0};          //!< flows of the pipeline
    uint32_t inputs{0};         //!< inputs since the build
    uint32_t builds{0};         //!< builds so far
    uint64_t workerDrops{0};    //!< packets the worker dropped
    uint64_t sunk{0};           //!< packets the sink received
    std::array<bool, 3> down{}; //!< ingress, core 1, egress down

    /// Build the nodes (after Simulator::Destroy).
    void Build()
    {
        static const char* controllers[] = {"ns3::FullBatchyController",
                                            "ns3::OnOffBatchyController",
                                            "ns3::NfvniceBatchyController",
                                            "ns3::MaxBatchyController",
                                            "ns3::NullBatchyController"};
        std::string controllerName = controllers[builds++ % 5];
        bool nfvnice = controllerName == "ns3::NfvniceBatchyController";
        NodeContainer nodes;
        nodes.Create(3);
        SimpleNetDeviceHelper link;
        // Every frame of an input leaves at once: no drop at the source.
        link.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("10000p"));
        NetDeviceContainer in = link.Install(NodeContainer(nodes.Get(0), nodes.Get(1)));
        NetDeviceContainer out = link.Install(NodeContainer(nodes.Get(1), nodes.Get(2)));
        source = in.Get(0);

        DataFlowGraph graph;
        std::string error;
        FUZZ_CHECK(BatchyPipelines::Build("vrf", 2, 2, 1e6, Time(0), graph, error), error);
        flows = graph.GetNFlows();
        worker = CreateObject<BatchyWorker>();
        worker->SetAttribute("Cores", UintegerValue(nfvnice ? 1 : 2));
        worker->SetAttribute("QueueCapacity", UintegerValue(64));
        worker->SetGraph(graph);
        worker->TraceConnectWithoutContext("Drop", MakeCallback(&Bench::WorkerDrop, this));
        ObjectFactory factory(controllerName);
        auto controller = factory.Create<BatchyController>();
        controller->SetAttribute("Period", TimeValue(MicroSeconds(20)));
        controller->SetAttribute("Decompose", BooleanValue(!nfvnice));
        sw = CreateObject<BatchySwitch>();
        sw->SetAttribute("Worker", PointerValue(worker));
        sw->SetAttribute("Controller", PointerValue(controller));
        sw->SetAttribute("EgressDevice", UintegerValue(1));
        nodes.Get(1)->AddApplication(sw);
        nodes.Get(2)->RegisterProtocolHandler(MakeCallback(&Bench::Sink, this),
                                              BatchyHeader::PROTOCOL,
                                              out.Get(1));
        inputs = 0;
        workerDrops = 0;
        sunk = 0;
        down = {};
        Simulator::Stop(NanoSeconds(1));
        Simulator::Run();
    }

    /// Counts the worker's drops.
    void WorkerDrop(Ptr<const Packet>, uint32_t, const std::string&)
    {
        ++workerDrops;
    }

    /// Counts what reaches the sink.
    void Sink(Ptr<NetDevice>,
              Ptr<const Packet>,
              uint16_t,
              const Address&,
              const Address&,
              NetDevice::PacketType)
    {
        ++sunk;
    }

    /// \param reason a drop reason \return the switch's drops for it
    uint64_t Drops(const std::string& reason) const
    {
        auto it = sw->GetDrops().find(reason);
        return it == sw->GetDrops().end() ? 0 : it->second;
    }

    /// Toggle a fault (0: the ingress port, 1: core 1, 2: the egress port).
    void Toggle(uint32_t which)
    {
        if (which == 1 && worker->GetCores() < 2)
        {
            return;
        }
        bool goesDown = !down[which];
        down[which] = goesDown;
        if (which == 1)
        {
            if (goesDown)
            {
                worker->SetCoreDown(1, "fault: core 1 down");
            }
            else
            {
                worker->SetCoreUp(1);
            }
            sw->GetController()->SetCoreAvailable(1, !goesDown);
            return;
        }
        uint32_t device = which == 0 ? 0 : 1;
        if (goesDown)
        {
            sw->SetDeviceDown(device, which == 0 ? INGRESS_DOWN : EGRESS_DOWN);
        }
        else
        {
            sw->SetDeviceUp(device);
        }
    }
};

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static Bench bench;
    if (size == 0)
    {
        return 0;
    }
    if (!bench.sw || bench.inputs == 256)
    {
        Simulator::Destroy();
        bench.Build();
    }
    ++bench.inputs;
    if (data[0] % 4 > 0)
    {
        bench.Toggle(data[0] % 4 - 1);
    }
    uint64_t receivedBefore = bench.sw->GetReceived();
    uint64_t malformedBefore = bench.Drops(BatchySwitch::MALFORMED_DROP);
    uint64_t frames = 0;
    uint64_t malformed = 0;
    for (size_t i = 1; i < size;)
    {
        size_t n = std::min<size_t>(data[i], size - i - 1);
        const uint8_t* bytes = data + i + 1;
        i += 1 + n;
        Buffer b;
        b.AddAtStart(n);
        b.Begin().Write(bytes, n);
        BatchyHeader h;
        bool classified = h.Deserialize(b.Begin()) != 0 && h.GetFlow() < bench.flows;
        malformed += classified ? 0 : 1;
        ++frames;
        Ptr<Packet> packet = Create<Packet>(bytes, n);
        Ptr<NetDevice> source = bench.source;
        Simulator::ScheduleNow([source, packet]() {
            source->Send(packet, source->GetBroadcast(), BatchyHeader::PROTOCOL);
        });
    }
    Simulator::Stop(MicroSeconds(50));
    Simulator::Run();

    Ptr<BatchySwitch> sw = bench.sw;
    Ptr<BatchyWorker> w = bench.worker;
    FUZZ_CHECK(sw->GetReceived() - receivedBefore == frames, "frames sent but not received");
    if (!bench.down[0])
    {
        FUZZ_CHECK(bench.Drops(BatchySwitch::MALFORMED_DROP) - malformedBefore == malformed,
                   "malformed frames not all dropped as malformed");
    }
    uint64_t received = 0;
    uint64_t departed = 0;
    for (uint32_t f = 0; f < bench.flows; ++f)
    {
        received += w->GetFlowStats(f).received;
        departed += w->GetFlowStats(f).departed;
    }
    FUZZ_CHECK(received == departed + bench.workerDrops + w->GetQueued() + w->GetHeld(),
               "worker conservation: received " << received << ", departed " << departed
                                                << ", dropped " << bench.workerDrops << ", queued "
                                                << w->GetQueued() << ", held " << w->GetHeld());
    FUZZ_CHECK(sw->GetReceived() ==
                   bench.Drops(BatchySwitch::MALFORMED_DROP) + bench.Drops(INGRESS_DOWN) + received,
               "switch ingress conservation");
    FUZZ_CHECK(departed == sw->GetForwarded() + sw->GetPendingEgress() + bench.Drops(EGRESS_DOWN),
               "switch egress conservation");
    FUZZ_CHECK(bench.sunk <= sw->GetForwarded(), "the sink got more than was forwarded");
    return 0;
}
