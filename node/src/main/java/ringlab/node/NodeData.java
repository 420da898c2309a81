package ringlab.node;

import java.nio.file.Path;

/** The node's data folder (token, deploy/, framework storage) and the API token kept in it. */
public interface NodeData {
    /** The data folder (framework property ringlab.data; ./ringlab --data DIR). */
    Path dir();

    /** Whether {@code candidate} is the API token (constant-time comparison). */
    boolean acceptsToken(String candidate);
}
