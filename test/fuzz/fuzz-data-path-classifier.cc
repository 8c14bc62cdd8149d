/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: DataPathRouter::ReadServiceHeader, the classification of a
 * packet in transit (UDP header + ServiceRequestHeader) that the CArDS
 * semantic router, its dispatchers and the RackSched switch apply to every
 * packet they see.
 *
 * Input: the first byte picks the IP protocol (UDP if even, else another
 * one), the rest is the packet as it reaches RouteInput (UDP header and
 * payload). Checked besides the absence of crashes and sanitizer reports:
 * the packet is classified as a request or reply exactly when it is UDP
 * and the 8 bytes of the UDP header are followed by a header that
 * ServiceRequestHeader::Deserialize accepts, the fields read are those
 * bytes, and the packet itself is not changed (it is still in transit).
 */

#include "fuzz-check.h"

#include "ns3/buffer.h"
#include "ns3/data-path-router.h"
#include "ns3/ipv4-header.h"
#include "ns3/packet.h"
#include "ns3/service-request-header.h"
#include "ns3/udp-l4-protocol.h"

#include <cstring>
#include <vector>

using namespace ns3;
using namespace ns3::rsched;

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
    {
        return 0;
    }
    Ipv4Header ip;
    bool udp = data[0] % 2 == 0;
    ip.SetProtocol(udp ? UdpL4Protocol::PROT_NUMBER : data[0]);
    if (ip.GetProtocol() == UdpL4Protocol::PROT_NUMBER)
    {
        udp = true;
    }
    const uint8_t* bytes = data + 1;
    size_t n = size - 1;
    Ptr<const Packet> packet = Create<Packet>(bytes, n);

    ServiceRequestHeader header;
    bool classified = DataPathRouter::ReadServiceHeader(packet, ip, header);

    bool expected = false;
    std::vector<uint8_t> wire(ServiceRequestHeader::SERIALIZED_SIZE);
    if (udp && n >= 8)
    {
        Buffer b;
        b.AddAtStart(n - 8);
        b.Begin().Write(bytes + 8, n - 8);
        ServiceRequestHeader direct;
        expected = direct.Deserialize(b.Begin()) != 0;
    }
    FUZZ_CHECK(classified == expected, "classified " << classified << ", expected " << expected);
    if (classified)
    {
        Buffer b;
        b.AddAtStart(ServiceRequestHeader::SERIALIZED_SIZE);
        header.Serialize(b.Begin());
        b.CopyData(wire.data(), wire.size());
        FUZZ_CHECK(std::memcmp(wire.data(), bytes + 8, wire.size()) == 0,
                   "the fields read are not the packet's bytes");
    }
    std::vector<uint8_t> still(packet->GetSize());
    packet->CopyData(still.data(), still.size());
    FUZZ_CHECK(still.size() == n && (n == 0 || std::memcmp(still.data(), bytes, n) == 0),
               "classification changed the packet");
    return 0;
}
