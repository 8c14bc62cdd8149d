/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * The main() of a fuzz target in the ordinary (gcc) build: runs the
 * target's LLVMFuzzerTestOneInput once on every file named on the command
 * line or found in a directory named there (its regression corpus,
 * test/fuzz/corpus/<target>/), in name order. A crash or a failed property
 * aborts, which fails the ctest entry fuzz-replay-<target>. Under clang with
 * RS_FUZZ=ON the same target sources are linked with libFuzzer instead.
 */

#include "fuzz-check.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

int
main(int argc, char** argv)
{
    std::vector<std::filesystem::path> files;
    for (int i = 1; i < argc; ++i)
    {
        std::filesystem::path arg(argv[i]);
        if (std::filesystem::is_directory(arg))
        {
            for (const auto& entry : std::filesystem::directory_iterator(arg))
            {
                if (entry.is_regular_file())
                {
                    files.push_back(entry.path());
                }
            }
        }
        else
        {
            files.push_back(arg);
        }
    }
    std::sort(files.begin(), files.end());
    if (files.empty())
    {
        std::cerr << argv[0] << ": no input (give corpus files or directories)" << std::endl;
        return 1;
    }
    for (const auto& file : files)
    {
        std::ifstream in(file, std::ios::binary);
        if (!in)
        {
            std::cerr << argv[0] << ": cannot read " << file << std::endl;
            return 1;
        }
        std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                   std::istreambuf_iterator<char>());
        static const uint8_t none = 0; // libFuzzer never passes a null pointer
        LLVMFuzzerTestOneInput(bytes.empty() ? &none : bytes.data(), bytes.size());
    }
    std::cout << argv[0] << ": " << files.size() << " inputs replayed" << std::endl;
    return 0;
}
