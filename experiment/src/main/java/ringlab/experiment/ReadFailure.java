package ringlab.experiment;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/**
 * Why a file the user named could not be read, in words: the NIO exceptions' messages are only the path
 * again ("cannot read (/nonexistent)"), which names the file twice and the reason never.
 */
public final class ReadFailure {
    private ReadFailure() { }

    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) return "no such file";
        if (e instanceof AccessDeniedException) return "permission denied";
        if (e.getMessage() != null && e.getMessage().endsWith("Is a directory")) return "it is a directory";
        return e.getMessage() != null ? e.getMessage() : "cannot read it";
    }
}
