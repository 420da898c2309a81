package ringlab.experiment.profile;

/**
 * One number of a profile or of a board's memory system with its reason (source, estimate, calibration); the
 * unit is in the field's name (dramNs: nanoseconds) or stated by the record that holds it.
 */
public record Quantity(double value, String note) { }
