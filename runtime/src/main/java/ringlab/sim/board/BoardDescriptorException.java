package ringlab.sim.board;

import java.util.List;

/**
 * A board descriptor that cannot be used, with every problem found in it. The message is one line
 * (problems separated by "; ") naming the board id, when the descriptor has a usable one, and the file,
 * so the CLI and the node's event log can show it as it is.
 */
public final class BoardDescriptorException extends IllegalArgumentException {
    private final String boardId;
    private final String origin;
    private final List<String> problems;

    public BoardDescriptorException(String boardId, String origin, List<String> problems) {
        super(message(boardId, origin, problems));
        this.boardId = boardId;
        this.origin = origin;
        this.problems = List.copyOf(problems);
    }

    /** The descriptor's id, or null if it has none that could be read. */
    public String boardId() { return boardId; }

    /** Where the descriptor came from (resource URL or bundle entry). */
    public String origin() { return origin; }

    /** Each problem, with the field's path (e.g. "nic.txRing must be a whole number >= 2, not -4"). */
    public List<String> problems() { return problems; }

    private static String message(String id, String origin, List<String> problems) {
        String head = id != null ? "board '" + id + "' (" + origin + ")" : "board descriptor " + origin;
        String body = problems.size() == 1 ? problems.get(0) : problems.size() + " problems: " + String.join("; ", problems);
        return (head + ": " + body).replace('\n', ' ').replace('\r', ' ');
    }
}
