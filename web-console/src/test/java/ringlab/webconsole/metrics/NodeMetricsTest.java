package ringlab.webconsole.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import ringlab.node.NodeStatus;
import ringlab.node.Sample;
import ringlab.sim.report.Accounting;
import ringlab.sim.report.CpuPercent;
import ringlab.sim.report.DeviceDetail;
import ringlab.sim.report.Interrupts;
import ringlab.sim.report.NapiStats;
import ringlab.sim.report.Occupancy;
import ringlab.sim.report.PortCounters;
import ringlab.sim.report.PortFeatures;
import ringlab.sim.report.SimStatus;
import ringlab.sim.report.TcpCounters;

/** The metric families written for hand-made statuses: names, labels, values, and what is left out when. */
class NodeMetricsTest {

    static NodeStatus status(SimStatus sim, String state) {
        NodeStatus.Scenario sc = new NodeStatus.Scenario("sim-a", "stock,gro", "-M 512 \"quoted\" \\ back", "1", 1,
                List.of("gro"), Map.of(), Map.of());
        return new NodeStatus(1000, state, sc, sim == null ? 0 : sim.virtualNs(), 2.5, 1.0, null, null,
                List.of(new NodeStatus.QuarantinedFeature("bad", "b.jar", "boom", "at x", 5)), null,
                new NodeStatus.Restarts(2, Map.of("fault", 2L), "fault", 3), List.of("sim-a"), List.of("gro", "bql"), sim);
    }

    static SimStatus sim() {
        Map<String, Long> cpu = new LinkedHashMap<>();
        for (String c : List.of("irq", "soft", "soft_ksoftirqd", "kthread", "usr", "sys")) cpu.put(c, 100_000_000L);
        cpu.put("idle", 1_400_000_000L);
        DeviceDetail d = new DeviceDetail("sim-a", "direct", 2.0,
                new CpuPercent(5, 5, 5, 5, 5, 5, 70, null, 1234), new Interrupts(Map.of("eth0", 1234L), 2000, 0.01),
                new NapiStats(100, 1234, 12.34, 1200, 3, 90, 10), Map.of("rx_missed_errors", 3L, "TcpExtTCPRcvQDrop", 1L),
                new Accounting(1300, 1290, 4, 6), new Occupancy(12.5, 64, 0.5, 32, 0, 35.25),
                List.of(new PortCounters("eth0", "pfifo_fast", 1250, 50, 1_892_500, 3300, 0, 0, 3, 0, 0, 1, 10, 20, 0.4, 0, 0, 0, 0, 0,
                        1, 2, 3, 0, 0, 0, Map.of("rx-copybreak", 128L))),
                Map.of("eth0", new PortFeatures(List.of("gro"), Map.of("gro", Map.of("gro_merged", 4L)), Map.of("pages", 64L))),
                List.of(new TcpCounters(52926, Map.of("TcpInSegs", 1240L, "TcpOutSegs", 45L, "TcpExtTCPRcvQDrop", 1L), 5_629_017, 40_960, 1.0, 71_400, 530_000)), Map.of("stack", 100.0),
                Map.of("stack.tcp.rx", 100.0), null, 0);
        return new SimStatus(2_000_000_000L, 123_456, 33_500_000.0, cpu, d);
    }

    static Sample sample() {
        return new Sample(7, 2.5, 0.25, 0, 1.0, 33e6, List.of(33e6), new CpuPercent(0, 0, 0, 0, 0, 0, 100, null, 0),
                Map.of("stack.tcp.rx", 100.0), 10, 10, 5, Map.of(), 3.5, 0.25, 12, null, new Accounting(1300, 1290, 4, 6));
    }

    static String text(NodeStatus s, Sample sample) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, NodeMetrics.snapshots(s, sample));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aRunningSimulationGivesCountersInSecondsWithBoardAndPortLabels() throws IOException {
        String t = text(status(sim(), "running"), sample());
        assertTrue(t.contains("# TYPE ringlab_cpu_seconds_total counter\n"), t);
        assertTrue(t.contains("ringlab_cpu_seconds_total{board=\"sim-a\",context=\"idle\"} 1.4\n"), t);
        assertTrue(t.contains("ringlab_cpu_seconds_total{board=\"sim-a\",context=\"irq\"} 0.1\n"), t);
        assertFalse(t.contains("context=\"soft_ksoftirqd\""), "part of soft: summing over context must count it once");
        assertTrue(t.contains("ringlab_cpu_soft_ksoftirqd_seconds_total{board=\"sim-a\"} 0.1\n"), t);
        assertTrue(t.contains("ringlab_virtual_seconds_total{board=\"sim-a\"} 2.0\n"), t);
        assertTrue(t.contains("ringlab_interrupts_total{board=\"sim-a\",port=\"eth0\"} 1234.0\n"), t);
        assertTrue(t.contains("ringlab_drops_total{board=\"sim-a\",reason=\"TcpExtTCPRcvQDrop\"} 1.0\n"), t);
        assertTrue(t.contains("ringlab_packets_in_flight{board=\"sim-a\"} 6.0\n"), t);
        assertTrue(t.contains("ringlab_receiver_bytes_per_second{board=\"sim-a\",stream=\"0\"} 4125000.0\n"), t);
        assertTrue(t.contains("ringlab_rx_ring_frames{board=\"sim-a\",port=\"eth0\"} 3.5\n"), t);
        assertTrue(t.contains("ringlab_feature_stat{board=\"sim-a\",feature=\"gro\",port=\"eth0\",stat=\"gro_merged\"} 4.0\n"), t);
        assertTrue(t.contains("# TYPE ringlab_feature_stat untyped\n"), t);
        assertTrue(t.contains("ringlab_tcp_receive_buffer_bytes{board=\"sim-a\",peer_port=\"52926\"} 5629017.0\n"), t);
        assertTrue(t.contains("ringlab_node_info{board=\"sim-a\",features=\"gro\",workload=\"-M 512 \\\"quoted\\\" \\\\ back\"} 1\n"), t);
        assertTrue(t.contains("ringlab_node_state{board=\"sim-a\",ringlab_node_state=\"running\"} 1\n"), t);
        assertTrue(t.contains("ringlab_node_state{board=\"sim-a\",ringlab_node_state=\"paused\"} 0\n"), t);
        assertTrue(t.contains("ringlab_node_restarts_total{board=\"sim-a\",reason=\"fault\"} 2.0\n"), t);
        assertTrue(t.contains("ringlab_node_restarts_total{board=\"sim-a\",reason=\"board-change\"} 0.0\n"), t);
        assertTrue(t.contains("ringlab_feature_quarantined{board=\"sim-a\",feature=\"bad\"} 1.0\n"), t);
        assertTrue(t.contains("ringlab_feature_active{board=\"sim-a\",feature=\"gro\"} 1.0\n"), t);
        assertTrue(t.contains("ringlab_feature_active{board=\"sim-a\",feature=\"bql\"} 0.0\n"), t);
        for (String line : t.split("\n")) {
            if (line.startsWith("# HELP ")) assertTrue(line.split(" ", 4).length == 4, "every family has a help text: " + line);
            else if (!line.startsWith("#")) assertTrue(line.startsWith("ringlab_") && line.contains("board=\""), line);
        }
    }

    @Test
    void withoutASimulationOnlyTheNodesOwnFamiliesAndWithoutASampleNoRates() throws IOException {
        String idle = text(status(null, "waiting-for-board"), null);
        assertTrue(idle.contains("ringlab_node_state{board=\"sim-a\",ringlab_node_state=\"waiting-for-board\"} 1\n"), idle);
        assertFalse(idle.contains("ringlab_cpu_seconds"), idle);
        assertFalse(idle.contains("ringlab_virtual_seconds"), idle);
        String noSample = text(status(sim(), "running"), null);
        assertTrue(noSample.contains("ringlab_cpu_seconds_total"), noSample);
        assertFalse(noSample.contains("ringlab_receiver_bytes_per_second"), noSample);
        assertFalse(noSample.contains("ringlab_rx_ring_frames"), noSample);
    }

    @Test
    void anUnknownStateIsStillShown() throws IOException {
        String t = text(status(null, "something-new"), null);
        assertTrue(t.contains("ringlab_node_state{board=\"sim-a\",ringlab_node_state=\"something-new\"} 1\n"), t);
        assertEquals(1, t.lines().filter(l -> l.startsWith("ringlab_node_state{") && l.endsWith(" 1")).count(), t);
    }
}
