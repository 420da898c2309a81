package ringlab.webconsole.api;

import java.util.Map;
import java.util.List;
import ringlab.node.BoardCatalog;
import ringlab.node.EventLog;
import ringlab.node.NodeRunner;
import ringlab.node.NodeStatus;
import ringlab.node.Telemetry;

/** The node's state: /status, /hardware, /metrics (live samples), /events and /stream (server-sent events). */
final class NodeRoutes {
    private final NodeRunner runner;
    private final BoardCatalog boards;
    private final Telemetry telemetry;
    private final EventLog events;
    private final LiveFeed feed;

    NodeRoutes(NodeRunner runner, BoardCatalog boards, Telemetry telemetry, EventLog events, LiveFeed feed) {
        this.runner = runner;
        this.boards = boards;
        this.telemetry = telemetry;
        this.events = events;
        this.feed = feed;
    }

    List<Route> routes() {
        Map<String, String> since = Map.of("since", "sequence number already seen; only newer entries are answered (default 0: all kept)");
        return List.of(
                new Route("GET", "/status", "The node: scenario, state, quarantines, restarts and the running simulation's status", null,
                        NodeStatus.class, Map.of(), c -> runner.status()),
                new Route("GET", "/hardware", "Installed boards (descriptor with its field notes, cost profile with notes, stock features) and refused board bundles", null,
                        Answers.Hardware.class, Map.of(), c -> new Answers.Hardware(boards.boards(), boards.rejected())),
                new Route("GET", "/metrics", "Live samples of the running simulation (four per wall second), oldest first", null,
                        Answers.Metrics.class, since, c -> new Answers.Metrics(telemetry.capacity(), telemetry.since(c.queryLong("since", 0)))),
                new Route("GET", "/events", "The event log: changes requested, applied and refused, bundle events, rejections, quarantines, restarts", null,
                        Answers.Events.class, since, c -> new Answers.Events(events.since(c.queryLong("since", 0)), events.lastSeq())),
                new Route("GET", "/stream", "Server-sent events: sample, event and status messages; id SAMPLE_SEQ.EVENT_SEQ resumes", null,
                        Route.EVENT_STREAM, Map.of("since", "SAMPLE_SEQ.EVENT_SEQ already seen (or the Last-Event-ID header); numbers beyond the newest start over after a reset message"), feed::serve));
    }
}
