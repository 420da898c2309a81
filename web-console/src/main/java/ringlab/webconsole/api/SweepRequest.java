package ringlab.webconsole.api;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.List;

/**
 * POST /sweeps's body: a sweep spec as `ringlab sweep SPEC` reads it (its JSON form). Documents the body for
 * the OpenAPI document; {@link SweepSpecs#check} reads and checks the JSON itself.
 *
 * @param name      the sweep's name (report title), letters, digits, '.', '_' and '-'; default "sweep"
 * @param boards    "all" (the node's installed boards) or a list of installed board ids
 * @param features  feature lists as --features takes them ("stock", "stock,-bql", "stock,batched-rx")
 * @param workloads the iperf3 workloads, each a name and the peer's iperf3 client arguments
 * @param tunables  --set keys to sweep: a list of values or {"from", "to", "step"}
 * @param seeds     a list of seeds or {"count": N} (seeds 1..N); default [1]
 * @param topology  "direct" and/or "forward"; default ["direct"]
 * @param ping      ICMP echo intervals beside the load (ms, 0 for none); default [0]
 */
record SweepRequest(String name, JsonElement boards, List<String> features, List<Workload> workloads, JsonObject tunables,
                    JsonElement seeds, List<String> topology, List<Long> ping) {
    /**
     * @param name  the workload's label in the results and the report
     * @param iperf the peer's iperf3 client arguments, e.g. "-t 10" or "-u -b 1G -t 10"
     */
    record Workload(String name, String iperf) { }
}
