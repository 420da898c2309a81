package ringlab.experiment;

/**
 * A run a sweep did not do because the resolver or the board refused its spec: listed in the output with
 * the reason, never dropped silently.
 *
 * @param spec   the refused run
 * @param reason the refusal's one line, as `ringlab run` would print it
 */
public record Refusal(RunSpec spec, String reason) { }
