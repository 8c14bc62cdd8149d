/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: BatchyHeader::Deserialize on arbitrary bytes.
 *
 * The Batchy switch classifies every packet of a pipeline by this header
 * (its flow picks the path through the match tables) and takes the
 * packet's delay from its send time; what it rejects is dropped as
 * malformed. Checked besides the absence of crashes and sanitizer reports:
 * an accepted header consumed exactly SERIALIZED_SIZE bytes and
 * re-serialises to exactly the bytes it was read from; a rejected one
 * leaves the object as it was; an accepted send time is not negative
 * (the switch subtracts it from the time of arrival).
 */

#include "fuzz-check.h"

#include "ns3/batchy-header.h"
#include "ns3/buffer.h"

#include <cstring>
#include <sstream>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// \param h a header \return its bytes on the wire
std::vector<uint8_t>
Bytes(const BatchyHeader& h)
{
    Buffer b;
    b.AddAtStart(h.GetSerializedSize());
    h.Serialize(b.Begin());
    std::vector<uint8_t> out(h.GetSerializedSize());
    b.CopyData(out.data(), out.size());
    return out;
}

} // namespace

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    BatchyHeader sentinel;
    sentinel.SetFlow(0x1234);
    sentinel.SetSequence(0x56789abc);
    sentinel.SetSendTime(NanoSeconds(12345));
    static const std::vector<uint8_t> sentinelBytes = Bytes(sentinel);

    Buffer buffer;
    buffer.AddAtStart(size);
    buffer.Begin().Write(data, size);
    BatchyHeader h = sentinel;
    uint32_t read = h.Deserialize(buffer.Begin());
    FUZZ_CHECK(read == 0 || read == BatchyHeader::SERIALIZED_SIZE, "read " << read);
    std::vector<uint8_t> after = Bytes(h);
    if (read == 0)
    {
        FUZZ_CHECK(after == sentinelBytes, "a rejected header changed the object");
        return 0;
    }
    FUZZ_CHECK(std::memcmp(after.data(), data, after.size()) == 0,
               "an accepted header does not re-serialise to its bytes");
    FUZZ_CHECK(!h.GetSendTime().IsStrictlyNegative(), "negative send time accepted");
    std::ostringstream os;
    h.Print(os);
    return 0;
}
