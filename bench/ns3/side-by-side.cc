// The ns-3 half of bench/ns3/side-by-side.sh (issue 14): the three scenarios that script pairs with ringlab
// runs, on ns-3 3.37 as Debian packages it (libns3-dev). Two nodes, one full-duplex point-to-point link,
// iperf-like traffic from node 0 (the peer) to node 1 (the device under test):
//   --scenario=udp: an OnOff source sending --payload bytes per datagram at the link's frame rate,
//   --scenario=tcp: a BulkSend source (iperf3's TCP client) with --payload as the MSS,
// each into a PacketSink. Prints one line: the frames put on the wire in both directions (PhyTxEnd on both
// devices), the simulated seconds and the wall seconds of Simulator::Run() alone (the steady-state figure:
// no process start, no topology set-up). The script times the whole process from outside.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

using namespace ns3;

// Ethernet bytes a point-to-point frame lacks, sent as ns-3's inter-frame gap so each frame occupies the wire
// as long as an Ethernet frame with the same IP packet does: preamble + SFD 8, inter-frame gap 12, MAC header
// 14, FCS 4 (IEEE 802.3), minus the 2-byte PPP header ns-3 puts on every frame.
static const uint32_t kEthernetExtraBytes = 8 + 12 + 14 + 4 - 2;
// Ethernet pads the frame to 64 bytes, i.e. the IP packet to 46 (IEEE 802.3 minimum frame).
static const uint32_t kMinIpPacket = 46;
// A 100 m cable (5 ns/m, the usual propagation figure for twisted pair).
static const char *kCableDelay = "500ns";

static uint64_t g_frames = 0;

static void
CountFrame(Ptr<const Packet>)
{
    g_frames++;
}

int
main(int argc, char *argv[])
{
    std::string scenario = "udp";
    uint32_t payload = 1470;
    std::string rate = "1Gbps";
    double duration = 10;
    CommandLine cmd;
    cmd.AddValue("scenario", "udp or tcp", scenario);
    cmd.AddValue("payload", "udp: datagram payload bytes; tcp: MSS bytes", payload);
    cmd.AddValue("rate", "link rate (ns-3 DataRate, e.g. 1Gbps, 100Mbps)", rate);
    cmd.AddValue("duration", "simulated seconds of traffic", duration);
    cmd.Parse(argc, argv);
    if (scenario != "udp" && scenario != "tcp") {
        std::fprintf(stderr, "side-by-side: --scenario must be udp or tcp, not %s\n", scenario.c_str());
        return 2;
    }

    // Linux's defaults where ns-3's differ: CUBIC (net.ipv4.tcp_congestion_control), the MSS as asked.
    Config::SetDefault("ns3::TcpL4Protocol::SocketType", TypeIdValue(TcpCubic::GetTypeId()));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(payload));

    NodeContainer nodes;
    nodes.Create(2);
    DataRate linkRate(rate);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", DataRateValue(linkRate));
    p2p.SetDeviceAttribute("InterframeGap", TimeValue(linkRate.CalculateBytesTxTime(kEthernetExtraBytes)));
    p2p.SetChannelAttribute("Delay", StringValue(kCableDelay));
    NetDeviceContainer devices = p2p.Install(nodes);
    for (uint32_t i = 0; i < devices.GetN(); i++) {
        devices.Get(i)->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&CountFrame));
    }

    InternetStackHelper stack;
    stack.Install(nodes);
    Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs = addresses.Assign(devices);

    const uint16_t port = 5201; // iperf3's
    Address sinkAddress(InetSocketAddress(ifs.GetAddress(1), port));
    std::string factory = scenario == "udp" ? "ns3::UdpSocketFactory" : "ns3::TcpSocketFactory";
    ApplicationContainer apps;
    PacketSinkHelper sink(factory, InetSocketAddress(Ipv4Address::GetAny(), port));
    apps.Add(sink.Install(nodes.Get(1)));
    if (scenario == "udp") {
        // One datagram per wire slot: iperf3 -b above the line rate is held to it by the sender's NIC; ns-3's
        // OnOff would instead drop the excess in the sender's queue, work no frame on the wire shows.
        uint32_t ipPacket = std::max(payload + 8 + 20, kMinIpPacket);
        Time slot = linkRate.CalculateBytesTxTime(ipPacket + 2 + kEthernetExtraBytes);
        OnOffHelper onoff(factory, sinkAddress);
        onoff.SetConstantRate(DataRate(static_cast<uint64_t>(payload * 8 / slot.GetSeconds())), payload);
        apps.Add(onoff.Install(nodes.Get(0)));
    } else {
        BulkSendHelper bulk(factory, sinkAddress);
        bulk.SetAttribute("SendSize", UintegerValue(payload));
        apps.Add(bulk.Install(nodes.Get(0)));
    }
    apps.Start(Seconds(0));
    apps.Stop(Seconds(duration));
    Simulator::Stop(Seconds(duration));

    auto t0 = std::chrono::steady_clock::now();
    Simulator::Run();
    double runWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    uint64_t received = DynamicCast<PacketSink>(apps.Get(0))->GetTotalRx();
    Simulator::Destroy();

    std::printf("frames=%llu sim_s=%.3f run_wall_s=%.6f sink_bytes=%llu\n", (unsigned long long)g_frames,
                duration, runWall, (unsigned long long)received);
    return 0;
}
