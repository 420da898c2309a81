package ringlab.node;

/**
 * A change to a configuration that a file owns and that file cannot be written (FileInstall marks such a
 * configuration read-only): the API answers 409 naming the file; nothing is written.
 */
public final class ReadOnlyConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ReadOnlyConfigException(String pid, String file) {
        super("configuration " + pid + " is read-only: it comes from " + file + ", which cannot be written; edit or remove that file");
    }
}
