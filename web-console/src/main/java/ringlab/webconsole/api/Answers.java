package ringlab.webconsole.api;

import java.util.List;
import java.util.Map;
import ringlab.node.BoardCatalog;
import ringlab.node.NodeEvent;
import ringlab.node.Sample;
import ringlab.node.ScenarioSpec;
import ringlab.spi.board.Board;

/** The small answer bodies of the REST API that are not the node's or the runtime's own records. */
final class Answers {
    private Answers() { }

    /** Every answer other than 2xx. */
    record ErrorBody(String error) { }

    /** PUT /scenario: what was accepted; it applies at the next safe point in virtual time. */
    record ScenarioAccepted(ScenarioSpec accepted, String applies) { }

    /** PUT /features/{id}: the tunable values now set for the feature (kernel names), this request's merged into the earlier ones. */
    record TunablesAccepted(String feature, Map<String, Long> accepted, String applies) { }

    /**
     * GET /hardware: the installed boards by id, and board bundles whose descriptor was refused.
     */
    record Hardware(Map<String, Board> boards, List<BoardCatalog.Rejected> rejected) { }

    /** GET /events: events after {@code since}, oldest first, and the newest sequence number. */
    record Events(List<NodeEvent> events, long last) { }

    /** GET /metrics: the live samples after {@code since}, oldest first; at most {@code capacity} are kept. */
    record Metrics(int capacity, List<Sample> samples) { }

    /**
     * GET /session: the browser session's CSRF token (sent back in X-CSRF-Token on changes) and its time left;
     * for a token (script) request, {@code csrf_token} is absent.
     */
    record Session(String csrfToken, long expiresInSeconds, String via) { }
}
