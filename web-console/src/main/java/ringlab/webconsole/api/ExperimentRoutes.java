package ringlab.webconsole.api;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.reflect.TypeToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import ringlab.node.Experiment;
import ringlab.node.ExperimentRequest;
import ringlab.node.Experiments;

/**
 * /experiments: A/B experiments, two batch simulations (one board, workload and seed; two feature sets)
 * run beside the live one; their figures side by side and both iperf3 -J reports to download.
 */
final class ExperimentRoutes {
    private final Experiments experiments;

    ExperimentRoutes(Experiments experiments) { this.experiments = experiments; }

    List<Route> routes() {
        return List.of(
                new Route("POST", "/experiments", "Queues an A/B experiment; validated as a whole (board, both feature lists, iperf3 arguments, "
                        + "seconds 1 to " + Experiments.MAX_SECONDS + "): refused (400) without running anything; 503 (Retry-After) while the queue is full",
                        ExperimentRequest.class, Experiment.class, Map.of(), c -> post(Json.object(c.body()))).refusing(503),
                new Route("GET", "/experiments", "The experiments kept (the last " + Experiments.HISTORY + " finished, and those queued or running), newest first",
                        null, new TypeToken<List<Experiment>>() { }.getType(), Map.of(), c -> experiments.list()),
                new Route("GET", "/experiments/{id}", "One experiment: state, progress and, once done, the figures of both sides", null,
                        Experiment.class, Map.of(), c -> experiment(c)),
                new Route("GET", "/experiments/{id}/report/{side}", "Side a or b's full iperf3 -J report with the ringlab key, as `ringlab run --json` "
                        + "prints it, as a download", null, Route.JSON_ATTACHMENT, Map.of(), this::report).refusing(409));
    }

    private Experiment post(JsonObject o) {
        String board = null, featuresA = "stock", featuresB = "stock", workload = "";
        long seconds = 10, seed = 1;
        for (Map.Entry<String, JsonElement> e : o.entrySet()) {
            JsonElement v = e.getValue();
            switch (e.getKey()) {
                case "board" -> board = Json.string(e.getKey(), v);
                case "features_a" -> featuresA = Json.stringOrList(e.getKey(), v, ",");
                case "features_b" -> featuresB = Json.stringOrList(e.getKey(), v, ",");
                case "workload" -> workload = Json.stringOrList(e.getKey(), v, " ");
                case "seconds" -> seconds = Json.whole(e.getKey(), v);
                case "seed" -> seed = Json.whole(e.getKey(), v);
                default -> throw new IllegalArgumentException("unknown field '" + e.getKey()
                        + "' (fields: board, features_a, features_b, workload, seconds, seed)");
            }
        }
        if (board == null) throw new IllegalArgumentException("field 'board' is required");
        // out of int range is out of 1..MAX_SECONDS too: clamped, the node refuses it with the range
        int secs = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, seconds));
        return experiments.submit(new ExperimentRequest(board, featuresA, featuresB, workload, secs, seed));
    }

    private Experiment experiment(Call c) throws ApiError {
        String raw = c.param("id");
        try {
            long id = Long.parseLong(raw);
            return experiments.find(id).orElseThrow(() -> new ApiError(404, "no experiment " + id + " (the node keeps the last "
                    + Experiments.HISTORY + ", in memory)"));
        } catch (NumberFormatException e) {
            throw new ApiError(404, "no experiment '" + raw + "': ids are numbers");
        }
    }

    /** Written here, not by the servlet: a pre-formatted document (byte-identical to the CLI's) and a file name. */
    private Object report(Call c) throws ApiError, IOException {
        Experiment x = experiment(c);
        Experiment.Side side = Experiment.Side.of(c.param("side"));
        if (side == null) throw new ApiError(404, "no side '" + c.param("side") + "': a or b");
        String json = experiments.report(x.id(), side).orElseThrow(() -> new ApiError(409, "experiment " + x.id() + " is "
                + x.state().name().toLowerCase(java.util.Locale.ROOT) + "; its reports exist once it is done"));
        String file = "ringlab-" + x.board().replaceAll("[^A-Za-z0-9._-]", "_") + "-" + x.id() + "-" + side.name().toLowerCase(java.util.Locale.ROOT) + ".json";
        c.resp().setStatus(200);
        c.resp().setContentType("application/json");
        c.resp().setCharacterEncoding("UTF-8");
        c.resp().setHeader("Content-Disposition", "attachment; filename=\"" + file + "\"");
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        c.resp().setContentLength(body.length);
        c.resp().getOutputStream().write(body);
        return Call.STREAMED;
    }
}
