/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: ServiceRequestHeader::Deserialize and ::Peek on arbitrary
 * bytes.
 *
 * Every request, reply and piggy-backed load report (queue length,
 * outstanding requests, outstanding work, which RackSched's trackers and
 * the dispatchers read) crosses the simulated network in this header, and
 * receivers count what it rejects as malformed drops. Checked besides the
 * absence of crashes and sanitizer reports:
 * - an accepted header consumed exactly SERIALIZED_SIZE bytes and
 *   re-serialises to exactly the bytes it was read from (no field is
 *   normalised or lost, so what a receiver acts on is what was sent);
 * - a rejected header leaves the object as it was (no half-read header
 *   reaches a receiver that ignores the return value);
 * - Peek() on a packet of the same bytes agrees with Deserialize();
 * - the getters of an accepted header give values its setters accept
 *   (non-negative times, index < count).
 */

#include "fuzz-check.h"

#include "ns3/buffer.h"
#include "ns3/packet.h"
#include "ns3/service-request-header.h"

#include <cstring>
#include <sstream>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// \param h a header \return its bytes on the wire
std::vector<uint8_t>
Bytes(const ServiceRequestHeader& h)
{
    Buffer b;
    b.AddAtStart(h.GetSerializedSize());
    h.Serialize(b.Begin());
    std::vector<uint8_t> out(h.GetSerializedSize());
    b.CopyData(out.data(), out.size());
    return out;
}

/// \return a header whose every field differs from the default
ServiceRequestHeader
Sentinel()
{
    ServiceRequestHeader h;
    h.SetMessageType(ServiceRequestHeader::REPLY);
    h.SetFlags(0xa5);
    h.SetRequestClass(7);
    h.SetPacketIndex(2, 9);
    h.SetServiceId(11);
    h.SetClientId(13);
    h.SetTransactionId(17);
    h.SetRequestId(19);
    h.SetServiceDemand(NanoSeconds(23));
    h.SetSendTime(NanoSeconds(29));
    h.SetLocator(31);
    h.SetQueueLength(37);
    h.SetOutstanding(41);
    h.SetOutstandingWork(NanoSeconds(43));
    return h;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static const ServiceRequestHeader sentinel = Sentinel();
    static const std::vector<uint8_t> sentinelBytes = Bytes(sentinel);

    Buffer buffer;
    buffer.AddAtStart(size);
    buffer.Begin().Write(data, size);
    ServiceRequestHeader h = sentinel;
    uint32_t read = h.Deserialize(buffer.Begin());
    FUZZ_CHECK(read == 0 || read == ServiceRequestHeader::SERIALIZED_SIZE, "read " << read);

    ServiceRequestHeader peeked = sentinel;
    bool peek = ServiceRequestHeader::Peek(Create<Packet>(data, size), peeked);
    FUZZ_CHECK(peek == (read != 0), "Peek and Deserialize disagree");

    std::vector<uint8_t> after = Bytes(h);
    if (read == 0)
    {
        FUZZ_CHECK(after == sentinelBytes, "a rejected header changed the object");
        FUZZ_CHECK(Bytes(peeked) == sentinelBytes, "a rejected Peek changed the object");
        return 0;
    }
    FUZZ_CHECK(std::memcmp(after.data(), data, after.size()) == 0,
               "an accepted header does not re-serialise to its bytes");
    FUZZ_CHECK(Bytes(peeked) == after, "Peek read other fields");

    // What a receiver does with an accepted header: its values must be
    // ones the setters take (they abort on the others).
    ServiceRequestHeader copy;
    copy.SetMessageType(h.GetMessageType());
    copy.SetPacketIndex(h.GetPacketIndex(), h.GetPacketCount());
    copy.SetServiceDemand(h.GetServiceDemand());
    copy.SetSendTime(h.GetSendTime());
    copy.SetOutstandingWork(h.GetOutstandingWork());
    std::ostringstream os;
    h.Print(os);
    FUZZ_CHECK(!os.str().empty(), "empty Print");
    return 0;
}
