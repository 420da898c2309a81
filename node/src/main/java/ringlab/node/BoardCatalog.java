package ringlab.node;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import ringlab.spi.board.Board;

/** The boards provided by the installed, started board bundles. */
public interface BoardCatalog {
    /** The manifest header of a board bundle naming its JSON descriptor. */
    String HEADER = "Ringlab-Board";

    /** Snapshot of the boards by {@link Board#id()}, sorted by id. */
    Map<String, Board> boards();

    /** Board bundles whose descriptor was refused, with why; they provide no board. */
    List<Rejected> rejected();

    /**
     * A started board bundle whose descriptor could not be used.
     *
     * @param bundle the bundle's symbolic name
     * @param bundleId the bundle's id
     * @param error what was wrong, naming the descriptor
     */
    record Rejected(String bundle, long bundleId, String error) { }

    default Optional<Board> find(String id) {
        return Optional.ofNullable(boards().get(id));
    }
}
