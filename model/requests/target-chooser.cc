/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "target-chooser.h"

namespace ns3
{
namespace rsched
{

NS_OBJECT_ENSURE_REGISTERED(TargetChooser);

TypeId
TargetChooser::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TargetChooser").SetParent<Object>().SetGroupName("RequestScheduling");
    return tid;
}

} // namespace rsched
} // namespace ns3
