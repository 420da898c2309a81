/**
 * `ringlab reproduce --statements`: the qualitative statements of docs/mechanisms.md (GRO can hurt a weak CPU
 * when routing, BQL cuts latency under load, ...) as typed A/B experiments, each judged by the direction and
 * size of the change it predicts.
 */
package ringlab.experiment.statements;
