package ringlab.spi.board;

import java.util.List;
import java.util.Map;
import org.osgi.annotation.versioning.ProviderType;

/**
 * A board: SoC, NIC, its cost profile and its stock feature set. Boards are pure data: a bundle carries
 * a descriptor (META-INF/ringlab/board.json, named by the manifest header {@code Ringlab-Board}).
 *
 * @param id            board id (e.g. "bcm6328")
 * @param name          human name
 * @param soc           the SoC
 * @param nic           the NIC and driver specifics
 * @param stockFeatures feature ids active in the board's stock driver
 * @param costs         cost parameters in CPU cycles by key (see ringlab.spi.board.CostKey), with their notes
 * @param origin        where the descriptor came from (bundle or resource URL)
 * @param published     measurements published for this board, to reproduce (may be empty)
 * @param stockSettings tunable values of the stock driver that differ from the features' defaults
 *                      (e.g. lan743x programs its interrupt moderation: rx-usecs); a --set overrides them
 */
// data: plug-ins build and read it but cannot extend it, so additions are compatible for them
@ProviderType
public record Board(String id, String name, Soc soc, Nic nic, List<String> stockFeatures,
                    Map<String, Cost> costs, String origin, List<Published> published,
                    Map<String, String> stockSettings) {

    /** A board whose stock driver sets no tunable of its own. */
    public Board(String id, String name, Soc soc, Nic nic, List<String> stockFeatures,
                 Map<String, Cost> costs, String origin, List<Published> published) {
        this(id, name, soc, nic, stockFeatures, costs, origin, published, Map.of());
    }

    /**
     * One published measurement: the feature set and iperf3 client arguments it was taken with, and what
     * it reported (Mbit/s at sender and receiver, sender retransmits; -1 where not published).
     */
    @ProviderType
    public record Published(String features, String iperf, double senderMbps, double receiverMbps,
                            long retransmits, String source) { }

    /** One cost parameter: cycles and where the number comes from. */
    @ProviderType
    public record Cost(double cycles, String note) { }
}
