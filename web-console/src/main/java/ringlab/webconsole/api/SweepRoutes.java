package ringlab.webconsole.api;

import com.google.gson.reflect.TypeToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * /sweeps: sweeps over the node's installed boards and features (`ringlab sweep`), started as separate
 * processes ({@link Sweeps}); their progress, their report.html, and cancellation.
 */
final class SweepRoutes {
    private final Sweeps sweeps;
    private final Supplier<Set<String>> installedBoards;

    SweepRoutes(Sweeps sweeps, Supplier<Set<String>> installedBoards) {
        this.sweeps = sweeps;
        this.installedBoards = installedBoards;
    }

    List<Route> routes() {
        return List.of(
                new Route("POST", "/sweeps", "Starts a sweep (the spec as `ringlab sweep` reads it; \"boards\": \"all\" is the installed boards) as a separate "
                        + "process writing to DATA/sweeps/{id}; 202 with its id. Refused (400) when the spec is malformed or names a board not installed, "
                        + "409 while another sweep runs (at most " + Sweeps.MAX_RUNNING + "), 503 when the node cannot start sweeps",
                        SweepRequest.class, SweepInfo.class, Map.of(), this::start).answering(202).refusing(409, 503),
                new Route("GET", "/sweeps", "Every sweep in the data folder, newest first, with its progress (a sweep whose process ended without "
                        + "finishing is failed, its log's last line the error)", null, new TypeToken<List<SweepInfo>>() { }.getType(), Map.of(),
                        c -> sweeps.list()),
                new Route("GET", "/sweeps/{id}", "One sweep's progress", null, SweepInfo.class, Map.of(), c -> sweep(c.param("id"))),
                new Route("GET", "/sweeps/{id}/report", "The sweep's report.html (a self-contained page); 404 until the sweep wrote it",
                        null, Route.HTML, Map.of(), this::report),
                new Route("DELETE", "/sweeps/{id}", "Stops a running sweep (its whole process tree); its folder and what it wrote stay. 409 when it is not running",
                        null, SweepInfo.class, Map.of(), c -> {
                            sweep(c.param("id"));
                            return sweeps.cancel(c.param("id"), "cancelled by " + (c.who().token() ? "an API client" : "the console"));
                        }).refusing(409));
    }

    private Object start(Call c) throws ApiError, IOException {
        SweepInfo s = sweeps.start(SweepSpecs.check(Json.object(c.body()), installedBoards.get()));
        c.resp().setHeader("Location", "/api/v1/sweeps/" + s.id());
        ApiServlet.send(c.resp(), 202, s);
        return Call.STREAMED;
    }

    private SweepInfo sweep(String id) throws ApiError {
        return sweeps.find(id).orElseThrow(() -> new ApiError(404, "no sweep '" + Echo.cut(id) + "'"));
    }

    /**
     * The page as the sweep wrote it. Its inline scripts need a policy of their own; sandboxed (an opaque origin),
     * so the report's script cannot reach the node's API or cookies whatever a spec's names hold.
     */
    private Object report(Call c) throws ApiError, IOException {
        sweep(c.param("id"));
        Path p = sweeps.report(c.param("id")).orElseThrow(() -> new ApiError(404, "sweep " + c.param("id") + " has written no report yet"));
        byte[] body = Files.readAllBytes(p);
        c.resp().setStatus(200);
        c.resp().setContentType("text/html");
        c.resp().setCharacterEncoding("UTF-8");
        c.resp().setHeader("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
                + "sandbox allow-scripts; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
        c.resp().setContentLength(body.length);
        c.resp().getOutputStream().write(body);
        return Call.STREAMED;
    }
}
