package com.example;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ringlab.sim.Scenario;
import ringlab.sim.Simulation;
import ringlab.sim.board.ClasspathBoards;
import ringlab.sim.report.RunReport;
import ringlab.sim.workload.IperfArgs;
import ringlab.spi.board.Board;

/** Loads this bundle's descriptor with ringlab's parser (every field and cost key checked) and runs TCP receive on it. */
class BoardValidationTest {
    @Test
    void descriptorLoadsAndRuns() {
        Board b = ClasspathBoards.load(getClass().getClassLoader()).get("my-board");
        RunReport r = new Simulation(Scenario.builder(b).iperf(IperfArgs.parse(List.of("-t", "5"))).build()).run();
        assertTrue(r.end.sumReceived.bitsPerSecond > 0);
    }
}
