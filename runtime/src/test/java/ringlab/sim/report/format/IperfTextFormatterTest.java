package ringlab.sim.report.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.report.RunReport;

/** Tests the iperf3-client text rendering, its number formatting and the ringlab section. */
class IperfTextFormatterTest {

    private static List<String> lines(String s) {
        return Arrays.asList(s.split("\n", -1));
    }

    @Test
    void unitFormattingFollowsUnitSnprintf() {
        assertEquals("4.00 MByte", IperfTextFormatter.unit(4_194_304, 'A'));
        assertEquals("33.5 Mbit", IperfTextFormatter.unit(33_500_000 / 8.0, 'a'));
        assertEquals(" 934 Mbit", IperfTextFormatter.unit(934e6 / 8, 'a'));
        assertEquals("1.00 Gbit", IperfTextFormatter.unit(1e9 / 8, 'a'));
        assertEquals("0.00 Byte", IperfTextFormatter.unit(0, 'A'));
        assertEquals("0.00 bit", IperfTextFormatter.unit(0, 'a'));
        assertEquals(" 999 Byte", IperfTextFormatter.unit(999, 'A'));
        assertEquals("1000 Byte", IperfTextFormatter.unit(1000, 'A'));
        assertEquals("1023 Byte", IperfTextFormatter.unit(1023, 'A'));
        assertEquals("1.00 KByte", IperfTextFormatter.unit(1024, 'A'));
        assertEquals("9.99 Byte", IperfTextFormatter.unit(9.994, 'A'));
        assertEquals("10.0 Byte", IperfTextFormatter.unit(9.995, 'A'));
        assertEquals(" 100 Byte", IperfTextFormatter.unit(99.95, 'A'));
        assertEquals("1000 Kbit", IperfTextFormatter.unit(1e6 / 8, 'k'));
        assertEquals(" 122 KByte", IperfTextFormatter.unit(125_000, 'K'));
        assertEquals("1.00 Tbit", IperfTextFormatter.unit(1e12 / 8, 'a'));
        assertEquals("1000 Tbit", IperfTextFormatter.unit(1e15 / 8, 'a'));
    }

    @Test
    void fixedRoundsLikeC() {
        assertEquals("0.12", IperfTextFormatter.fixed(0.125, 2));
        assertEquals("0.38", IperfTextFormatter.fixed(0.375, 2));
        assertEquals("1.00", IperfTextFormatter.fixed(1.005, 2));
        assertEquals("2.67", IperfTextFormatter.fixed(2.675, 2));
        assertEquals("-0.00", IperfTextFormatter.fixed(-0.001, 2));
        assertEquals("10", IperfTextFormatter.fixed(10.4, 0));
    }

    @Test
    void percentLikeCPercentTwoG() {
        assertEquals("0", IperfTextFormatter.percentG2(0));
        assertEquals("5", IperfTextFormatter.percentG2(5));
        assertEquals("0.5", IperfTextFormatter.percentG2(0.5));
        assertEquals("1.5", IperfTextFormatter.percentG2(1.5));
        assertEquals("1.2", IperfTextFormatter.percentG2(100.0 / 86));
        assertEquals("12", IperfTextFormatter.percentG2(12.34));
        assertEquals("0.012", IperfTextFormatter.percentG2(0.0123));
        assertEquals("1e+02", IperfTextFormatter.percentG2(99.6));
        assertEquals("1e+02", IperfTextFormatter.percentG2(100));
        assertEquals("1e-05", IperfTextFormatter.percentG2(0.00001));
        assertEquals("1.5e-05", IperfTextFormatter.percentG2(0.000015));
    }

    @Test
    void tcpPeerSendingMatchesIperf3Client() {
        String expected = String.join("\n",
                "Connecting to host 10.0.0.1, port 5201",
                "[  5] local 10.0.0.2 port 50000 connected to 10.0.0.1 port 5201",
                "[ ID] Interval           Transfer     Bitrate         Retr  Cwnd",
                "[  5]   0.00-1.00   sec  4.00 MBytes  33.5 Mbits/sec    0    178 KBytes       ",
                "[  5]   1.00-2.00   sec  4.77 MBytes  40.0 Mbits/sec    3   1.37 MBytes       ",
                "- - - - - - - - - - - - - - - - - - - - - - - - -",
                "[ ID] Interval           Transfer     Bitrate         Retr",
                "[  5]   0.00-2.00   sec  8.77 MBytes  36.8 Mbits/sec    3             sender",
                "[  5]   0.00-2.04   sec  8.77 MBytes  36.1 Mbits/sec                  receiver",
                "",
                "iperf Done.",
                "");
        assertEquals(expected, IperfTextFormatter.formatIperf(SampleReports.tcp()));
    }

    @Test
    void theSummaryIsTheEndSectionOfTheClientText() {
        for (RunReport r : List.of(SampleReports.tcp(), SampleReports.tcp("-P", "2"), SampleReports.udp())) {
            String text = IperfTextFormatter.formatIperf(r);
            String end = text.substring(text.lastIndexOf(IperfTextFormatter.SEPARATOR + "\n") + IperfTextFormatter.SEPARATOR.length() + 1,
                    text.lastIndexOf("\niperf Done."));
            assertEquals(end, IperfTextFormatter.formatSummary(r));
        }
        assertTrue(IperfTextFormatter.formatSummary(SampleReports.tcp()).endsWith("receiver\n"));
    }

    @Test
    void reverseModeHasNoRetrOrCwndInIntervals() {
        List<String> out = lines(IperfTextFormatter.formatIperf(SampleReports.tcp("-R")));
        assertEquals("Reverse mode, remote host 10.0.0.1 is sending", out.get(1));
        assertEquals("[  5] local 10.0.0.2 port 50000 connected to 10.0.0.1 port 5201", out.get(2));
        assertEquals("[ ID] Interval           Transfer     Bitrate", out.get(3));
        assertEquals("[  5]   0.00-1.00   sec  4.00 MBytes  33.5 Mbits/sec                  ", out.get(4));
        assertEquals("[ ID] Interval           Transfer     Bitrate         Retr", out.get(7));
        assertEquals("[  5]   0.00-2.00   sec  8.77 MBytes  36.8 Mbits/sec    3             sender", out.get(8));
    }

    @Test
    void parallelStreamsGetSumLinesAndSeparators() {
        String text = IperfTextFormatter.formatIperf(SampleReports.tcp("-P", "2"));
        List<String> out = lines(text);
        assertTrue(out.contains("[  7] local 10.0.0.2 port 50001 connected to 10.0.0.1 port 5201"));
        assertEquals("[  5]   0.00-1.00   sec  4.00 MBytes  33.5 Mbits/sec    0    178 KBytes       ", out.get(4));
        assertEquals("[  7]   0.00-1.00   sec  4.00 MBytes  33.5 Mbits/sec    0    178 KBytes       ", out.get(5));
        assertEquals("[SUM]   0.00-1.00   sec  8.00 MBytes  67.0 Mbits/sec    0             ", out.get(6));
        assertEquals(IperfTextFormatter.SEPARATOR, out.get(7));
        assertEquals("[SUM]   1.00-2.00   sec  9.54 MBytes  80.0 Mbits/sec    6             ", out.get(10));
        assertEquals(IperfTextFormatter.SEPARATOR, out.get(11));
        assertEquals(2, out.stream().filter(IperfTextFormatter.SEPARATOR::equals).count());
        assertTrue(out.contains("[SUM]   0.00-2.00   sec  17.5 MBytes  73.6 Mbits/sec    6             sender"));
        assertTrue(out.contains("[SUM]   0.00-2.04   sec  17.5 MBytes  72.1 Mbits/sec                  receiver"));
        assertEquals(6, out.stream().filter(l -> l.endsWith("sender") || l.endsWith("receiver")).count());
    }

    @Test
    void udpPeerSending() {
        List<String> out = lines(IperfTextFormatter.formatIperf(SampleReports.udp()));
        assertEquals("[ ID] Interval           Transfer     Bitrate         Total Datagrams", out.get(2));
        assertEquals("[  5]   0.00-1.00   sec   123 KBytes  1.00 Mbits/sec  86  ", out.get(3));
        assertEquals("[ ID] Interval           Transfer     Bitrate         Jitter    Lost/Total Datagrams",
                out.get(6));
        assertEquals("[  5]   0.00-2.00   sec   245 KBytes  1.00 Mbits/sec  0.000 ms  0/172 (0%)  sender",
                out.get(7));
        assertEquals("[  5]   0.00-2.00   sec   242 KBytes   993 Kbits/sec  0.045 ms  2/172 (1.2%)  receiver",
                out.get(8));
    }

    @Test
    void udpReverseShowsLossPerInterval() {
        List<String> out = lines(IperfTextFormatter.formatIperf(SampleReports.udp("-R")));
        assertEquals(IperfTextFormatter.HEADER_UDP, out.get(3));
        assertEquals("[  5]   0.00-1.00   sec   123 KBytes  1.00 Mbits/sec  0.045 ms  1/86 (1.2%)  ", out.get(4));
    }

    /**
     * A UDP sender line carries no jitter or loss, whichever host sends: real iperf3 3.12 (loopback, -t 2 -u and
     * -t 2 -u -R) printed "0.000 ms  0/763 (0%)  sender" over "0.007 ms  0/763 (0%)  receiver".
     */
    @Test
    void udpSenderLineHasNoJitterOrLossInEitherDirection() {
        for (String[] args : new String[][] {{}, {"-R"}}) {
            RunReport r = SampleReports.udp(args);
            r.end.sumSent.jitterMs = 0.045; // a sender's Totals that carries the receiver's figures
            r.end.sumSent.lostPackets = 2;
            r.end.sumSent.lostPercent = 1.2;
            List<String> out = lines(IperfTextFormatter.formatIperf(r));
            assertTrue(out.contains("[  5]   0.00-2.00   sec   245 KBytes  1.00 Mbits/sec  0.000 ms  0/172 (0%)  sender"),
                    String.join("\n", out));
            assertTrue(out.contains("[  5]   0.00-2.00   sec   242 KBytes   993 Kbits/sec  0.045 ms  2/172 (1.2%)  receiver"),
                    String.join("\n", out));
        }
    }

    /**
     * -T prefixes every line iperf3 prints with its own iperf_printf call, the empty one before "iperf Done."
     * too (real iperf3 3.12: "mytitle:  " alone on that line).
     */
    @Test
    void titlePrefixesTheEmptyLineBeforeIperfDone() {
        List<String> out = lines(IperfTextFormatter.formatIperf(SampleReports.tcp("-T", "mytitle")));
        assertEquals(List.of("mytitle:  ", "mytitle:  iperf Done.", ""), out.subList(out.size() - 3, out.size()));
    }

    /**
     * --get-server-output's block is one iperf_printf("\nServer output:\n%s\n") in iperf3 3.12: the -T and
     * --timestamps prefix stand on its first, empty line only (real iperf3 -T tt --timestamps --get-server-output:
     * "... tt:  ", "Server output:", the server's lines, "", "... tt:  ", "... tt:  iperf Done.").
     */
    @Test
    void serverOutputBlockIsPrefixedOnceAsIperf3PrintsIt() {
        List<String> out = lines(IperfTextFormatter.formatIperf(SampleReports.tcp("-T", "tt", "--get-server-output")));
        int at = out.indexOf("Server output:");
        assertTrue(at > 0, String.join("\n", out));
        assertEquals("tt:  ", out.get(at - 1));
        assertEquals(ServerOutput.RULE, out.get(at + 1));
        assertEquals(List.of("", "tt:  ", "tt:  iperf Done.", ""), out.subList(out.size() - 4, out.size()));
    }

    @Test
    void bitrateHonoursFormatLetter() {
        List<String> out = lines(IperfTextFormatter.formatIperf(SampleReports.tcp("-f", "k")));
        assertEquals("[  5]   0.00-1.00   sec  4.00 MBytes  33500 Kbits/sec    0    178 KBytes       ", out.get(3));
        out = lines(IperfTextFormatter.formatIperf(SampleReports.tcp("-f", "M")));
        assertEquals("[  5]   0.00-1.00   sec  4.00 MBytes  3.99 MBytes/sec    0    178 KBytes       ", out.get(3));
    }

    @Test
    void omittedIntervalsAreTagged() {
        RunReport r = SampleReports.tcp("-R");
        r.intervals.get(0).omitted = true;
        List<String> out = lines(IperfTextFormatter.formatIperf(r));
        assertEquals("[  5]   0.00-1.00   sec  4.00 MBytes  33.5 Mbits/sec                  (omitted)", out.get(4));
    }

    @Test
    void titlePrefixesEveryLineAndVerboseAddsCpu() {
        String text = IperfTextFormatter.formatIperf(SampleReports.tcp("-T", "run1", "-V"));
        List<String> all = lines(text);
        for (String l : all.subList(0, all.size() - 1)) {
            // iperf3 prints the control connection's MSS with plain printf, without the title
            assertTrue(l.startsWith("run1:  ") || l.equals("Control connection MSS 1448"), l);
        }
        assertTrue(text.contains("run1:  Starting Test: protocol: TCP, 1 streams, 131072 byte blocks, "
                + "omitting 0 seconds, 2 second test, tos 0\n"));
        assertTrue(text.contains("run1:  Test Complete. Summary Results:\n"));
        assertTrue(text.contains("run1:  CPU Utilization: local/sender 5.2% (0.5%u/4.8%s), "
                + "remote/receiver 61.0% (1.0%u/60.0%s)\n"));
    }

    /**
     * -V's extra lines in real iperf3 3.12's order and layout (loopback, -V and -V -T tt -R): version, system info
     * (prefixed twice), "Control connection MSS" (no prefix), Time, then after Connecting the Cookie, TCP MSS and
     * Target Bitrate lines, and snd_/rcv_tcp_congestion after the CPU line.
     */
    @Test
    void verboseAddsIperf3sHeaderAndCongestionLines() {
        RunReport r = SampleReports.tcp("-V", "-T", "tt", "-b", "10M");
        r.socket.controlMss = 1448;
        r.end.senderTcpCongestion = "cubic";
        r.end.receiverTcpCongestion = "reno";
        List<String> out = lines(IperfTextFormatter.formatIperf(r, java.time.Instant.parse("2026-12-07T16:24:20Z")));
        assertEquals(List.of(
                "tt:  iperf 3.12",
                "tt:  tt:  " + IperfJsonStart.systemInfo("sim-a"),
                "Control connection MSS 1448",
                "tt:  Time: Mon, 07 Dec 2026 16:24:20 GMT",
                "tt:  Connecting to host 10.0.0.1, port 5201",
                "tt:        Cookie: " + IperfJsonStart.cookie(42),
                "tt:        TCP MSS: 1448 (default)",
                "tt:        Target Bitrate: 10000000",
                "tt:  [  5] local 10.0.0.2 port 50000 connected to 10.0.0.1 port 5201"), out.subList(0, 9));
        int cpu = out.indexOf("tt:  CPU Utilization: local/sender 5.2% (0.5%u/4.8%s), remote/receiver 61.0% (1.0%u/60.0%s)");
        assertEquals(List.of("tt:  snd_tcp_congestion cubic", "tt:  rcv_tcp_congestion reno", "tt:  ", "tt:  iperf Done."),
                out.subList(cpu + 1, cpu + 5));

        List<String> udp = lines(IperfTextFormatter.formatIperf(SampleReports.udp("-V", "-M", "512")));
        assertTrue(udp.stream().noneMatch(l -> l.contains("TCP MSS") || l.contains("tcp_congestion")), String.join("\n", udp));
        assertTrue(udp.contains("      Target Bitrate: 1000000"), String.join("\n", udp));
        List<String> mss = lines(IperfTextFormatter.formatIperf(SampleReports.tcp("-V", "-M", "512")));
        assertTrue(mss.contains("      TCP MSS: 512") && mss.contains("Control connection MSS 1448"), String.join("\n", mss));
        assertEquals(IperfTextFormatter.formatIperf(r), IperfTextFormatter.formatIperf(r), "deterministic");
    }

    @Test
    void intervalZeroPrintsOnlySummary() {
        RunReport r = SampleReports.tcp("-i", "0");
        String text = IperfTextFormatter.formatIperf(r);
        assertFalse(text.contains("Cwnd"));
        assertFalse(text.contains("0.00-1.00"));
        assertTrue(text.contains("sender\n"));
    }

    /** Objects nest by two spaces, lists of objects as "- " items, flat lists and empty objects on one line. */
    @Test
    void ringlabSectionRendersNestedDetail() {
        String expected = String.join("\n",
                "ringlab: board sim-a, seed 42, features: napi, gro",
                "  board: sim-a",
                "  topology: forward",
                "  virtual_seconds: 2",
                "  cpu_percent:",
                "    irq: 3.2",
                "    soft: 25.46",
                "    soft_ksoftirqd: 0",
                "    kthread: 0",
                "    usr: 0.123",
                "    sys: 0.5",
                "    idle: 70.72",
                "    context_switches: 1234",
                "  interrupts:",
                "    nic:",
                "      eth0: 1234",
                "      eth1: 56",
                "    timer: 2000",
                "    nic_per_packet: 0.0123",
                "  napi:",
                "    polls: 100",
                "    packets: 1234",
                "    packets_per_poll: 12.34",
                "    processed: 1200",
                "    time_squeeze: 3",
                "    net_rx_softirqs: 90",
                "    ksoftirqd_wakeups: 10",
                "  drops:",
                "    rx_missed_errors: 3",
                "    TcpExtTCPRcvQDrop: 1",
                "  accounting:",
                "    sent: 1300",
                "    delivered: 1290",
                "    dropped: 4",
                "    in_flight: 6",
                "  occupancy_avg:",
                "    rx_ring_frames: 12.5",
                "    rx_ring_size: 64",
                "    tx_ring_descs: 0.5",
                "    tx_ring_size: 32",
                "    qdisc_packets: 0",
                "    socket_queue_packets: 35.25",
                "  ports:",
                "    - name: eth0",
                "      qdisc: pfifo_fast",
                "      rx_packets: 1250",
                "      tx_packets: 50",
                "      rx_bytes: 1892500",
                "      tx_bytes: 3300",
                "      rx_errors: 0",
                "      rx_dropped: 0",
                "      rx_missed_errors: 0",
                "      rx_length_errors: 0",
                "      rx_copybreak_pkt: 0",
                "      rx_ring_reinits: 0",
                "      refill_doorbells: 1250",
                "      tx_doorbells: 50",
                "      tx_doorbells_per_packet: 1",
                "      qdisc_bulk_dequeues: 0",
                "      gso_segments: 0",
                "      qdisc_requeues: 0",
                "      tx_limit_stops: 0",
                "      tx_queue_stops: 0",
                "      dma_lines_mapped: 125000",
                "      dma_lines_unmapped: 125000",
                "      dma_lines_to_device: 1200",
                "      dma_lines_written_back: 0",
                "      dma_bounce_bytes: 0",
                "      tx_pause_frames: 0",
                "    - name: eth1",
                "      qdisc: pfifo_fast",
                "      rx_packets: 50",
                "      tx_packets: 1250",
                "      rx_bytes: 75700",
                "      tx_bytes: 82500",
                "      rx_errors: 0",
                "      rx_dropped: 0",
                "      rx_missed_errors: 0",
                "      rx_length_errors: 0",
                "      rx_copybreak_pkt: 0",
                "      rx_ring_reinits: 0",
                "      refill_doorbells: 50",
                "      tx_doorbells: 1250",
                "      tx_doorbells_per_packet: 1",
                "      qdisc_bulk_dequeues: 0",
                "      gso_segments: 0",
                "      qdisc_requeues: 0",
                "      tx_limit_stops: 0",
                "      tx_queue_stops: 0",
                "      dma_lines_mapped: 5000",
                "      dma_lines_unmapped: 5000",
                "      dma_lines_to_device: 30000",
                "      dma_lines_written_back: 0",
                "      dma_bounce_bytes: 0",
                "      tx_pause_frames: 0",
                "  features:",
                "    eth0:",
                "      active: [napi, gro]",
                "      counters:",
                "        gro:",
                "          gro_receive: 10",
                "          gro_merged: 4",
                "      rx_buffers:",
                "        pages: 64",
                "    eth1:",
                "      active: []",
                "      counters: {}",
                "  tcp:",
                "    - port: 52926",
                "      nstat:",
                "        TcpInSegs: 1240",
                "        TcpOutSegs: 45",
                "        TcpRetransSegs: 0",
                "        TcpExtTCPFastRetrans: 0",
                "        TcpExtTCPTimeouts: 0",
                "        TcpExtTCPRcvQDrop: 1",
                "        TcpExtTCPOFOQueue: 12",
                "        TcpExtDelayedACKs: 2",
                "      rcvbuf: 5629017",
                "      sndbuf: 40960",
                "      rcv_rtt_ms: 1",
                "      rcv_space: 71400",
                "      rcv_ssthresh: 530000",
                "  cycles_percent:",
                "    stack: 60.5",
                "    copy: 39.5",
                "  cycles_percent_by_key:",
                "    copy.byte: 39.5",
                "    stack.tcp.rx: 35.25",
                "    stack.l3.rx: 25.25",
                "  ping:",
                "    sent: 200",
                "    received: 199",
                "    min_ms: 0.25",
                "    p50_ms: 0.5",
                "    p99_ms: 1.75",
                "    max_ms: 2",
                "  stream_integrity_errors: 0",
                "");
        assertEquals(expected, IperfTextFormatter.formatRinglab(SampleReports.tcp()));
    }

    @Test
    void fullOutputJoinsBothPartsAndNeverShowsWallClock() {
        RunReport r = SampleReports.tcp();
        r.wallClock.put("elapsed_ms", 1234);
        r.wallClock.put("started", "2024-01-01T00:00:00Z");
        String text = IperfTextFormatter.format(r);
        assertTrue(text.contains("iperf Done.\n\nringlab: board sim-a"));
        assertFalse(text.contains("elapsed_ms"));
        assertEquals("wall: elapsed_ms=1234, started=2024-01-01T00:00:00Z", IperfTextFormatter.wallClockLine(r));
        assertEquals("", IperfTextFormatter.wallClockLine(SampleReports.tcp()));
        assertEquals(text, IperfTextFormatter.format(r));
    }
}
