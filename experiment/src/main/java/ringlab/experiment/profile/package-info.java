/**
 * Cost profiles per core type and the derivation of a board's costs from one: a {@link ringlab.experiment.profile.CoreProfile}
 * (bundles/hardware/profiles/&lt;core-type&gt;.json) holds what belongs to the core (instruction-bound cycles, per-line
 * cache maintenance, checksum and copy per byte, traps); a {@link ringlab.experiment.profile.BoardMemory} (the
 * "derivation" object of a board.json) holds what belongs to the board (clock, DRAM, MMIO and descriptor latencies
 * in ns, I-cache refill, line size, coherence, firewall); {@link ringlab.experiment.profile.BoardDerivation} combines
 * them into the costs map a board.json carries. {@link ringlab.experiment.profile.DeriveBoards} rewrites every
 * in-tree board's costs (bundles/hardware/tools/derive-boards.sh). Plain Java, no OSGi.
 */
package ringlab.experiment.profile;
