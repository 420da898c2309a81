/** Composition of driver features: list syntax, requirements, conflicts and hardware prerequisites. */
package ringlab.sim.feature;
