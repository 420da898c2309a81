package ringlab.experiment.profile;

/**
 * Instruction-bound work on a core, in its cycles.
 *
 * @param cycles the cycles on the profile's core
 * @param what   what the work is, short (the reference profile's entries name it; a derived note starts with it)
 * @param note   the reason for the number: the calibration or estimate behind it
 */
public record Work(double cycles, String what, String note) { }
