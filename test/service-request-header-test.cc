/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/service-request-header.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;
using namespace ns3::rsched;

namespace
{

/// \return a header with every field set to a non-default value
ServiceRequestHeader
FullHeader()
{
    ServiceRequestHeader h;
    h.SetMessageType(ServiceRequestHeader::REPLY);
    h.SetFlags(ServiceRequestHeader::FLAG_AFFINITY);
    h.SetRequestClass(7);
    h.SetPacketIndex(2, 5);
    h.SetServiceId(0xdeadbeef);
    h.SetClientId(1549);
    h.SetTransactionId(0x01020304);
    h.SetRequestId(0x0123456789abcdefULL);
    h.SetServiceDemand(MicroSeconds(500));
    h.SetSendTime(Seconds(12.5));
    h.SetLocator(0x0a000105);
    h.SetQueueLength(42);
    h.SetOutstanding(43);
    h.SetOutstandingWork(MicroSeconds(1234));
    return h;
}

/**
 * \param packet the packet
 * \return its bytes
 */
std::vector<uint8_t>
Bytes(Ptr<const Packet> packet)
{
    std::vector<uint8_t> b(packet->GetSize());
    packet->CopyData(b.data(), b.size());
    return b;
}

/// Every field survives serialization.
class HeaderRoundTripTestCase : public TestCase
{
  public:
    HeaderRoundTripTestCase()
        : TestCase("header round trip keeps every field")
    {
    }

  private:
    void DoRun() override
    {
        ServiceRequestHeader in = FullHeader();
        Ptr<Packet> p = Create<Packet>(100);
        p->AddHeader(in);
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), 100 + ServiceRequestHeader::SERIALIZED_SIZE, "size");
        ServiceRequestHeader out;
        NS_TEST_ASSERT_MSG_EQ(ServiceRequestHeader::Peek(p, out), true, "well formed");
        NS_TEST_ASSERT_MSG_EQ(out.GetMessageType(), ServiceRequestHeader::REPLY, "type");
        NS_TEST_ASSERT_MSG_EQ(+out.GetFlags(), +ServiceRequestHeader::FLAG_AFFINITY, "flags");
        NS_TEST_ASSERT_MSG_EQ(+out.GetRequestClass(), 7, "class");
        NS_TEST_ASSERT_MSG_EQ(out.GetPacketIndex(), 2, "index");
        NS_TEST_ASSERT_MSG_EQ(out.GetPacketCount(), 5, "count");
        NS_TEST_ASSERT_MSG_EQ(out.GetServiceId(), 0xdeadbeef, "service");
        NS_TEST_ASSERT_MSG_EQ(out.GetClientId(), 1549, "client");
        NS_TEST_ASSERT_MSG_EQ(out.GetTransactionId(), 0x01020304, "transaction");
        NS_TEST_ASSERT_MSG_EQ(out.GetRequestId(), 0x0123456789abcdefULL, "request id");
        NS_TEST_ASSERT_MSG_EQ(out.GetServiceDemand(), MicroSeconds(500), "demand");
        NS_TEST_ASSERT_MSG_EQ(out.GetSendTime(), Seconds(12.5), "send time");
        NS_TEST_ASSERT_MSG_EQ(out.GetLocator(), 0x0a000105, "locator");
        NS_TEST_ASSERT_MSG_EQ(out.GetQueueLength(), 42, "queue");
        NS_TEST_ASSERT_MSG_EQ(out.GetOutstanding(), 43, "outstanding");
        NS_TEST_ASSERT_MSG_EQ(out.GetOutstandingWork(), MicroSeconds(1234), "work");
        NS_TEST_ASSERT_MSG_EQ(p->RemoveHeader(out),
                              ServiceRequestHeader::SERIALIZED_SIZE,
                              "remove");
        NS_TEST_ASSERT_MSG_EQ(p->GetSize(), 100, "payload left");
    }
};

/// Truncated and inconsistent bytes are rejected without touching the header.
class HeaderRejectTestCase : public TestCase
{
  public:
    HeaderRejectTestCase()
        : TestCase("truncated or malformed headers are rejected")
    {
    }

  private:
    /**
     * \param bytes candidate header bytes
     * \param what description
     */
    void ExpectRejected(const std::vector<uint8_t>& bytes, const std::string& what)
    {
        Ptr<Packet> p = Create<Packet>(bytes.data(), bytes.size());
        ServiceRequestHeader h = FullHeader();
        NS_TEST_EXPECT_MSG_EQ(ServiceRequestHeader::Peek(p, h), false, what << " accepted");
        NS_TEST_EXPECT_MSG_EQ(p->PeekHeader(h), 0, what << ": Deserialize consumed bytes");
        NS_TEST_EXPECT_MSG_EQ(h.GetClientId(), 1549, what << " changed the header");
    }

    void DoRun() override
    {
        Ptr<Packet> good = Create<Packet>();
        good->AddHeader(FullHeader());
        std::vector<uint8_t> bytes = Bytes(good);
        for (uint32_t n = 0; n < bytes.size(); ++n)
        {
            ExpectRejected(std::vector<uint8_t>(bytes.begin(), bytes.begin() + n),
                           "truncated to " + std::to_string(n) + " bytes");
        }
        auto corrupt = [&](size_t offset, uint8_t value, const std::string& what) {
            std::vector<uint8_t> b = bytes;
            b[offset] = value;
            ExpectRejected(b, what);
        };
        corrupt(0, 0x00, "bad magic");
        corrupt(2, ServiceRequestHeader::VERSION + 1, "unknown version");
        corrupt(3, 0, "message type 0");
        corrupt(3, 3, "message type 3");
        // packet index (offset 6..7) >= count (8..9)
        corrupt(7, 9, "index beyond count");
        std::vector<uint8_t> zeroCount = bytes;
        zeroCount[6] = zeroCount[7] = zeroCount[8] = zeroCount[9] = 0;
        ExpectRejected(zeroCount, "zero packet count");
        corrupt(30, 0x80, "negative service demand");
        corrupt(38, 0x80, "negative send time");
        corrupt(58, 0x80, "negative outstanding work");
    }
};

/// Random bytes never crash the parser; whatever it accepts re-serializes identically.
class HeaderFuzzTestCase : public TestCase
{
  public:
    HeaderFuzzTestCase()
        : TestCase("random bytes: no crash, accepted headers re-serialize identically")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(3);
        auto u = CreateObject<UniformRandomVariable>();
        Ptr<Packet> good = Create<Packet>();
        good->AddHeader(FullHeader());
        std::vector<uint8_t> valid = Bytes(good);
        uint32_t accepted = 0;
        for (int i = 0; i < 20000; ++i)
        {
            // Half the inputs are mutations of a valid header, so the deeper
            // checks are reached too.
            std::vector<uint8_t> b;
            if (i % 2)
            {
                b = valid;
                b.resize(u->GetInteger(0, 90), 0);
                for (uint32_t k = u->GetInteger(0, 3); k > 0 && !b.empty(); --k)
                {
                    b[u->GetInteger(0, b.size() - 1)] = u->GetInteger(0, 255);
                }
            }
            else
            {
                b.resize(u->GetInteger(0, 90));
                for (auto& x : b)
                {
                    x = u->GetInteger(0, 255);
                }
            }
            Ptr<Packet> p = Create<Packet>(b.data(), b.size());
            ServiceRequestHeader h;
            if (ServiceRequestHeader::Peek(p, h))
            {
                ++accepted;
                Ptr<Packet> again = Create<Packet>();
                again->AddHeader(h);
                std::vector<uint8_t> out = Bytes(again);
                NS_TEST_ASSERT_MSG_EQ(
                    (out == std::vector<uint8_t>(b.begin(), b.begin() + out.size())),
                    true,
                    "accepted header does not re-serialize to its bytes");
            }
        }
        NS_TEST_ASSERT_MSG_GT(accepted, 100u, "mutations of a valid header should often pass");
    }
};

/// Suite of the header tests.
class ServiceRequestHeaderTestSuite : public TestSuite
{
  public:
    ServiceRequestHeaderTestSuite()
        : TestSuite("request-scheduling-header", Type::UNIT)
    {
        AddTestCase(new HeaderRoundTripTestCase());
        AddTestCase(new HeaderRejectTestCase());
        AddTestCase(new HeaderFuzzTestCase());
    }
};

/// The suite's instance.
ServiceRequestHeaderTestSuite g_serviceRequestHeaderTestSuite;

} // namespace
