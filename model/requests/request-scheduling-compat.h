/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef REQUEST_SCHEDULING_COMPAT_H
#define REQUEST_SCHEDULING_COMPAT_H

// Private to the module's .cc files (not installed): the few ns-3 APIs that
// differ between the supported versions (3.37 .. 3.44). CMake defines
// RS_NS3_VERSION_MINOR from the ns-3 it builds against.

#include "ns3/enum.h"

#ifndef RS_NS3_VERSION_MINOR
#error "RS_NS3_VERSION_MINOR is set by the module's CMakeLists.txt"
#endif

#if RS_NS3_VERSION_MINOR >= 41
/// Enum attribute accessor: ns-3 >= 3.41 templates EnumValue on the enum type.
#define RS_MAKE_ENUM_ACCESSOR(type, member) ns3::MakeEnumAccessor<type>(member)
#else
/// Enum attribute accessor: ns-3 < 3.41 stores enums as int.
#define RS_MAKE_ENUM_ACCESSOR(type, member) ns3::MakeEnumAccessor(member)
#endif

#endif // REQUEST_SCHEDULING_COMPAT_H
