/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RS_FUZZ_CHECK_H
#define RS_FUZZ_CHECK_H

/**
 * \file
 * \ingroup request-scheduling-tests
 * Shared by the fuzz targets in test/fuzz: the libFuzzer entry point's
 * declaration and a check that stops the run, so a broken property is a
 * crash both under libFuzzer (build-fuzz/, `make fuzz`) and in the corpus
 * replay of the ordinary build (ctest fuzz-replay-*).
 */

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

/// The libFuzzer entry point each target defines.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

/**
 * Abort with the failed condition and a note when \p cond is false; unlike
 * NS_ASSERT it is checked in every build type.
 */
#define FUZZ_CHECK(cond, note)                                                                     \
    do                                                                                             \
    {                                                                                              \
        if (!(cond))                                                                               \
        {                                                                                          \
            std::cerr << __FILE__ << ":" << __LINE__ << ": fuzz check failed: " #cond " (" << note \
                      << ")" << std::endl;                                                         \
            std::abort();                                                                          \
        }                                                                                          \
    } while (false)

/// \return the input bytes as a string (text parsers)
inline std::string
FuzzText(const uint8_t* data, size_t size)
{
    return std::string(reinterpret_cast<const char*>(data), size);
}

#endif // RS_FUZZ_CHECK_H
