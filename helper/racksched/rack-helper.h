/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RACK_HELPER_H
#define RACK_HELPER_H

#include "ns3/application-container.h"
#include "ns3/compute-vector.h"
#include "ns3/data-rate.h"
#include "ns3/direct-link.h"
#include "ns3/ipv4-address.h"
#include "ns3/multicore-server-helper.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"

#include <cstdint>
#include <vector>

namespace ns3
{
namespace rsched
{

class Dispatcher;
class RackScheduler;

/**
 * \ingroup request-scheduling-racksched
 * \brief Builds a rack: a top-of-rack switch running a RackScheduler,
 * servers (MulticoreServer, any core policy, each with its own number of
 * worker cores) and client hosts (none if the clients are elsewhere), each
 * host on its own point-to-point link to the switch.
 *
 * \code
 *   RackHelper rack;
 *   rack.SetServers({8, 8, 8, 8, 4, 4, 4, 4});   // worker cores per server
 *   rack.SetClients(2);
 *   rack.SetServerPolicy(shinjukuFactory);
 *   rack.SetDispatcher(powerOfTwoFactory);        // none: clients choose
 *   rack.Install();
 *   // clients send to rack.GetVirtualAddress():rack.GetPort()
 * \endcode
 *
 * Every host has one address and a default route to the switch; the
 * switch reaches the hosts over its directly connected links. Servers
 * answer from their own address, and replies cross the switch, which is
 * how its dispatcher learns their load. Host h (servers first, then
 * clients) is on the /24 network SetAddressBase() + 256 h (by default
 * 10.(1 + h / 256).(h % 256).0/24); the servers' addresses are the entries
 * of GetComputeVector().
 *
 * A rack can be one part of a larger topology: give each rack its own
 * address base and virtual address, and ConnectUplink() its switch to a
 * router of the rest of the network (a CArDS ingress, a site gateway):
 *
 * \code
 *   rack.SetClients(0);
 *   rack.SetAddressBase(Ipv4Address("10.16.0.0"));
 *   rack.SetSwitchAttribute("VirtualAddress", Ipv4AddressValue("10.255.1.1"));
 *   rack.Install();
 *   rack.ConnectUplink(gateway, Ipv4Address("192.168.16.0"), DataRate("10Gbps"), MicroSeconds(50));
 * \endcode
 */
class RackHelper
{
  public:
    RackHelper();

    /**
     * \param workers worker cores of each server (one entry per server, each >= 1)
     */
    void SetServers(const std::vector<uint32_t>& workers);
    /**
     * \param clients number of client hosts (0: the clients are outside
     *        the rack, behind ConnectUplink())
     */
    void SetClients(uint32_t clients);
    /**
     * \param base the network of host 0's link (a /24); host h's is base +
     *        256 h. Default 10.1.0.0.
     */
    void SetAddressBase(Ipv4Address base);
    /**
     * \param policy the servers' core policy (a CorePolicy TypeId with attributes)
     */
    void SetServerPolicy(const ObjectFactory& policy);

    /**
     * \brief The servers' core policy by type and attributes.
     * \param type TypeId name of a CorePolicy subclass
     * \param args attribute name / value pairs
     */
    template <typename... Args>
    void SetServerPolicy(const std::string& type, Args&&... args)
    {
        ObjectFactory policy(type);
        policy.Set(std::forward<Args>(args)...);
        SetServerPolicy(policy);
    }

    /**
     * \brief Set an attribute of every MulticoreServer.
     * \param name attribute name
     * \param value its value
     */
    void SetServerAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param dispatcher the switch's dispatcher (a Dispatcher TypeId with
     *        attributes); a factory without a TypeId leaves the switch a
     *        plain router
     */
    void SetDispatcher(const ObjectFactory& dispatcher);

    /**
     * \brief The switch's dispatcher by type and attributes.
     * \param type TypeId name of a Dispatcher subclass
     * \param args attribute name / value pairs
     */
    template <typename... Args>
    void SetDispatcher(const std::string& type, Args&&... args)
    {
        ObjectFactory dispatcher(type);
        dispatcher.Set(std::forward<Args>(args)...);
        SetDispatcher(dispatcher);
    }

    /**
     * \brief Set an attribute of the RackScheduler (VirtualAddress, AffinityStages, ...).
     * \param name attribute name
     * \param value its value
     */
    void SetSwitchAttribute(const std::string& name, const AttributeValue& value);
    /**
     * \param rate data rate of every link
     * \param delay propagation delay of every link
     */
    void SetLinks(DataRate rate, Time delay);
    /// \param port UDP port of the servers (default 9000)
    void SetPort(uint16_t port);

    /// Create the nodes, links, addresses, routes, servers and the switch's dispatcher.
    void Install();
    /**
     * \brief Link the switch to a router outside the rack, after Install().
     * The switch's default route then
     * points to the router, so replies to hosts outside the rack leave
     * through it; if the router has static routing, it gets routes to the
     * virtual address and to the rack's hosts (otherwise route them there
     * yourself).
     * \param router the outside node (with an IPv4 stack)
     * \param network the /30 network of the link: the switch takes its
     *        first address, the router the second
     * \param rate the link's data rate
     * \param delay its propagation delay
     * \param bump if not null, a node without an IP stack (a software
     *        switch in front of the rack, e.g. a BatchySwitch with
     *        Ingress=Ipv4Hash) put in the wire: the router links to its
     *        device 0 (\p rate, \p delay) and its device 1 to the switch
     *        (the rack's link rate and delay); the /30 spans both links
     * \return the switch's and the router's devices (with \p bump, then
     *         the bump's devices 0 and 1)
     */
    NetDeviceContainer ConnectUplink(Ptr<Node> router,
                                     Ipv4Address network,
                                     DataRate rate,
                                     Time delay,
                                     Ptr<Node> bump = nullptr);

    /**
     * \brief Queue level, after Install(): join the switch and every host
     * by a pair of DirectLinks of the links' rate and delay, on which
     * requests and replies travel without packets (the point-to-point
     * links stay, unused). The servers reply on theirs; give each client
     * application its host's (GetDirectUplink, RequestClient::SetDirectUplink).
     * Not with ConnectUplink().
     */
    void InstallDirectLinks();
    /**
     * \param client a client host's index
     * \return the DirectLink from it to the switch (InstallDirectLinks)
     */
    Ptr<DirectLink> GetDirectUplink(uint32_t client) const;
    /// \return every DirectLink: host h's to the switch at 2 h, the
    /// switch's to host h at 2 h + 1 (servers first, then clients)
    std::vector<Ptr<DirectLink>> GetDirectLinks() const;

    /// \return the switch's scheduler
    Ptr<RackScheduler> GetSwitch() const;
    /// \return the switch's dispatcher (null if none)
    Ptr<Dispatcher> GetDispatcher() const;
    /// \return the servers' entries (address, worker cores), in server order
    const ComputeVector& GetComputeVector() const;
    /// \return the MulticoreServer applications, in server order
    ApplicationContainer GetServers() const;
    /// \return the client hosts
    NodeContainer GetClientNodes() const;
    /// \return every node (switch, servers, clients)
    NodeContainer GetAllNodes() const;
    /// \return the switch node
    Ptr<Node> GetSwitchNode() const;
    /// \return every link device
    NetDeviceContainer GetDevices() const;
    /// \return the rack's address (the switch's VirtualAddress)
    Ipv4Address GetVirtualAddress() const;
    /// \return the servers' UDP port
    uint16_t GetPort() const;

  private:
    std::vector<uint32_t> m_workers;            //!< worker cores per server
    uint32_t m_clients{1};                      //!< client hosts
    Ipv4Address m_base{"10.1.0.0"};             //!< network of host 0's link
    MulticoreServerHelper m_servers;            //!< the servers, their attributes and core policy
    ObjectFactory m_dispatcherFactory;          //!< dispatcher (no TypeId: none)
    ObjectFactory m_switchFactory;              //!< RackScheduler attributes
    DataRate m_rate{"40Gbps"};                  //!< link rate
    Time m_delay{MicroSeconds(1)};              //!< link delay
    uint16_t m_port{9000};                      //!< server port
    Ptr<Node> m_tor;                            //!< the switch node
    NodeContainer m_serverNodes;                //!< servers
    NodeContainer m_clientNodes;                //!< clients
    NetDeviceContainer m_devices;               //!< all link devices
    ApplicationContainer m_serverApps;          //!< servers' applications
    ComputeVector m_vector;                     //!< servers' entries
    std::vector<Ipv4Address> m_hostAddresses;   //!< each host's address (servers, then clients)
    std::vector<Ptr<DirectLink>> m_directLinks; //!< queue level: to and from each host
    Ptr<Dispatcher> m_dispatcher;               //!< the dispatcher
};

} // namespace rsched
} // namespace ns3

#endif // RACK_HELPER_H
