/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup request-scheduling-tests
 * Fuzz target: DistributionSpec::Parse, the distributions of the command
 * line (--service, --inter-arrival, --sizes, ...).
 *
 * Input: the first byte picks durations (even) or counts (odd), the rest is
 * the text. An accepted distribution becomes service demands, delays and
 * sizes: checked besides the absence of crashes and sanitizer reports,
 * its mean is finite and >= 0, it has a class name per mode, and the
 * random variables it makes (the parsed one and an independent copy from
 * Create()) draw finite values >= 0. A rejected one says why.
 */

#include "fuzz-check.h"

#include "ns3/distribution-spec.h"

#include <cmath>

using namespace ns3;
using namespace ns3::rsched;

extern "C" int
LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    if (size == 0)
    {
        return 0;
    }
    auto quantity =
        data[0] % 2 == 0 ? DistributionSpec::Quantity::DURATION : DistributionSpec::Quantity::COUNT;
    std::string text = FuzzText(data + 1, size - 1);
    DistributionSpec spec;
    std::string error;
    if (!DistributionSpec::Parse(text, spec, error, quantity))
    {
        FUZZ_CHECK(!error.empty(), "rejected without a reason: " << text);
        return 0;
    }
    FUZZ_CHECK(std::isfinite(spec.mean) && spec.mean >= 0, text << ": mean " << spec.mean);
    FUZZ_CHECK(!spec.classNames.empty() && spec.classNames.size() <= 256, text);
    FUZZ_CHECK(spec.text == text, text);
    Ptr<RandomVariableStream> copy = spec.Create();
    FUZZ_CHECK(spec.stream && copy, text);
    for (const auto& stream : {spec.stream, copy})
    {
        for (int i = 0; i < 8; ++i)
        {
            double v = stream->GetValue();
            FUZZ_CHECK(std::isfinite(v) && v >= 0, text << ": drew " << v);
        }
    }
    return 0;
}
