/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "cards-dispatcher.h"

#include "ns3/boolean.h"
#include "ns3/log.h"

namespace ns3
{
namespace rsched
{

NS_LOG_COMPONENT_DEFINE("CardsDispatcher");

NS_OBJECT_ENSURE_REGISTERED(CardsDispatcher);

TypeId
CardsDispatcher::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CardsDispatcher")
            .SetParent<Dispatcher>()
            .SetGroupName("RequestScheduling")
            .AddConstructor<CardsDispatcher>()
            .AddAttribute("RandomOffset",
                          "Start the slot counter at a random slot (else at slot 0)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&CardsDispatcher::m_randomOffset),
                          MakeBooleanChecker());
    return tid;
}

CardsDispatcher::CardsDispatcher()
    : m_offset(CreateObject<UniformRandomVariable>())
{
}

uint32_t
CardsDispatcher::GetCounter() const
{
    return m_counter;
}

int64_t
CardsDispatcher::AssignStreams(int64_t stream)
{
    m_offset->SetStream(stream);
    return 1;
}

void
CardsDispatcher::DoComputeVectorChanged()
{
    const ComputeVector& v = GetComputeVector();
    m_slotOwner.clear();
    for (uint32_t i = 0; i < v.GetN(); ++i)
    {
        if (IsAvailable(i))
        {
            m_slotOwner.insert(m_slotOwner.end(), v.Get(i).computeUnits, i);
        }
    }
    if (m_slotOwner.empty())
    {
        // Every entry down: requests go on as before (and are lost).
        for (uint32_t i = 0; i < v.GetN(); ++i)
        {
            m_slotOwner.insert(m_slotOwner.end(), v.Get(i).computeUnits, i);
        }
    }
    // The random start is drawn at the first request, so that streams may be
    // assigned after the vector is installed (OrchestratorHelper::AssignStreams).
    m_counter = 0;
    m_drawStart = m_randomOffset;
    NS_LOG_LOGIC("flattened into " << m_slotOwner.size() << " slots");
}

void
CardsDispatcher::DoAvailabilityChanged(uint32_t /* target */, bool /* available */)
{
    // The orchestrator's new signal: the slots of the entries still up.
    DoComputeVectorChanged();
}

uint32_t
CardsDispatcher::DoChoose(const ServiceRequestHeader& /* request */, const Ipv4Header& /* header */)
{
    if (m_drawStart)
    {
        m_drawStart = false;
        m_counter = m_offset->GetInteger(0, m_slotOwner.size() - 1);
    }
    uint32_t target = m_slotOwner[m_counter];
    m_counter = m_counter + 1 == m_slotOwner.size() ? 0 : m_counter + 1;
    return target;
}

} // namespace rsched
} // namespace ns3
