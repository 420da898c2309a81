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
 * @param calibration   how its costs relate to its published measurements (PREDICTED when the descriptor says none)
 * @param fieldNotes    why the descriptor's SoC and NIC fields have their values, by field name ("rxBufferBytes"),
 *                      by names joined with '/' for one note on several ("rxRing/txRing"), or by "soc" and "nic"
 *                      for the part as a whole; the descriptor's own keys (may be empty)
 */
// data: plug-ins build and read it but cannot extend it, so additions are compatible for them
@ProviderType
public record Board(String id, String name, Soc soc, Nic nic, List<String> stockFeatures,
                    Map<String, Cost> costs, String origin, List<Published> published,
                    Map<String, String> stockSettings, Calibration calibration, Map<String, String> fieldNotes) {

    /** A board without field notes (the canonical constructor of ringlab.spi.board 2.7). */
    public Board(String id, String name, Soc soc, Nic nic, List<String> stockFeatures, Map<String, Cost> costs,
                 String origin, List<Published> published, Map<String, String> stockSettings, Calibration calibration) {
        this(id, name, soc, nic, stockFeatures, costs, origin, published, stockSettings, calibration, Map.of());
    }

    /** A board whose costs are predictions (the canonical constructor of ringlab.spi.board 2.0). */
    public Board(String id, String name, Soc soc, Nic nic, List<String> stockFeatures,
                 Map<String, Cost> costs, String origin, List<Published> published, Map<String, String> stockSettings) {
        this(id, name, soc, nic, stockFeatures, costs, origin, published, stockSettings, Calibration.PREDICTED);
    }

    /** A board whose stock driver sets no tunable of its own. */
    public Board(String id, String name, Soc soc, Nic nic, List<String> stockFeatures,
                 Map<String, Cost> costs, String origin, List<Published> published) {
        this(id, name, soc, nic, stockFeatures, costs, origin, published, Map.of());
    }

    /**
     * One published measurement, taken with the iperf3 client arguments {@code iperf}. Of one of two kinds:
     * <ul>
     * <li>absolute ({@code baseline} null): what the feature set {@code features} reported, Mbit/s at sender
     *     and receiver and sender retransmits, -1 where not published; {@code receiverChangePercent} is NaN;</li>
     * <li>change ({@code baseline} a feature set): the change of the receiver's Mbit/s, in percent, from the
     *     feature set {@code baseline} to {@code features} (+11 means 11 % more); the absolute figures are -1.</li>
     * </ul>
     */
    @ProviderType
    public record Published(String features, String iperf, double senderMbps, double receiverMbps,
                            long retransmits, String source, String baseline, double receiverChangePercent) {

        /** An absolute row (the canonical constructor of ringlab.spi.board 2.0). */
        public Published(String features, String iperf, double senderMbps, double receiverMbps, long retransmits, String source) {
            this(features, iperf, senderMbps, receiverMbps, retransmits, source, null, Double.NaN);
        }

        /** A change row: the receiver's change in percent from {@code baseline} to {@code features}. */
        public static Published change(String baseline, String features, String iperf, double receiverChangePercent, String source) {
            return new Published(features, iperf, -1, -1, -1, source, baseline, receiverChangePercent);
        }

        /** Whether this row is a change between two feature sets rather than absolute figures. */
        public boolean isChange() { return baseline != null; }
    }

    /** One cost parameter: cycles and where the number comes from. */
    @ProviderType
    public record Cost(double cycles, String note) { }
}
