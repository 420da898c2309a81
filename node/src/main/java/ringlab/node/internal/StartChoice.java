package ringlab.node.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import ringlab.node.ScenarioSpec;

/**
 * The scenario the node starts with: ConfigAdmin's if it is the last accepted one or passes validation now
 * (unless it is FileInstall's stale copy of a deploy file, {@link DeployFile#staleCopy}); otherwise the last
 * accepted one saved in the data folder; otherwise the defaults. Whatever was wrong on
 * the way (a refused configuration, a missing or unreadable store, an unreadable saved file) is said.
 *
 * @param spec the scenario to run
 * @param accepted whether {@code spec} is newly accepted (to be saved as the last accepted)
 * @param refusal the refused configuration's message, null when none was refused
 * @param notes what the node says about its start (empty when nothing was wrong)
 */
record StartChoice(ScenarioSpec spec, boolean accepted, String refusal, List<String> notes) {

    /**
     * @param stored ConfigAdmin's configuration of ringlab.scenario (props null when it holds none)
     * @param saved the last accepted scenario from the data folder
     * @param validate throws IllegalArgumentException naming the problem
     */
    static StartChoice choose(StoredConfig stored, LastAccepted.Read<ScenarioSpec> saved, Consumer<ScenarioSpec> validate) {
        List<String> notes = new ArrayList<>();
        if (saved.problem() != null) notes.add("the last accepted scenario in " + saved.file() + " is unreadable: " + saved.problem());
        String refusal = null;
        if (DeployFile.staleCopy(stored)) {
            // FileInstall's leftover of a deploy file that changed or went away since (a kill -9 before its next
            // scan): the running node would not decide on it either; the file's news comes with that scan
            notes.add("ConfigAdmin's copy of " + stored.source() + " is older than the file, or the file is gone;"
                    + " FileInstall delivers the file's news at its next scan");
        } else if (stored.props() != null) {
            try {
                ScenarioSpec s = ScenarioProperties.merge(ScenarioProperties.DEFAULTS, stored.props(), true);
                if (s.equals(saved.value())) return new StartChoice(s, false, null, notes);
                validate.accept(s);
                return new StartChoice(s, true, null, notes);
            } catch (IllegalArgumentException e) {
                refusal = stored.source() + ": " + e.getMessage();
                notes.add("refused " + refusal);
            }
        } else if (saved.value() != null) {
            notes.add("ConfigAdmin holds no " + ScenarioSpec.PID + " (deleted, or its store was lost or is unreadable)");
        }
        if (saved.value() != null) {
            notes.add("started with the last accepted scenario, saved in " + saved.file());
            return new StartChoice(saved.value(), false, refusal, notes);
        }
        if (!notes.isEmpty()) notes.add("no accepted scenario survives: started with the defaults");
        return new StartChoice(ScenarioProperties.DEFAULTS, false, refusal, notes);
    }
}
