package ringlab.node;

import java.util.Map;
import java.util.Optional;
import ringlab.spi.board.Board;

/** The boards provided by the installed, started board bundles. */
public interface BoardCatalog {
    /** The manifest header of a board bundle naming its JSON descriptor. */
    String HEADER = "Ringlab-Board";

    /** Snapshot of the boards by {@link Board#id()}, sorted by id. */
    Map<String, Board> boards();

    default Optional<Board> find(String id) {
        return Optional.ofNullable(boards().get(id));
    }
}
