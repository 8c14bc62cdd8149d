/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Standalone test runner: ns-3's TestRunner over the module's test suites,
 * with ns-3's options (--suite=NAME, --list, --verbose, ...). Used only when
 * the module is built outside an ns-3 tree; in-tree, ns-3's own test-runner
 * and test.py run the same suites.
 */

#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
