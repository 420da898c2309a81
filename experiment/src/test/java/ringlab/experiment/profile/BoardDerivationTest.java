package ringlab.experiment.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import ringlab.sim.board.BoardLoader;
import ringlab.spi.board.Board;

/** The in-tree board files against their derivation from the core-type profiles (bundles/hardware/profiles). */
class BoardDerivationTest {
    /** The repository: the module's basedir is experiment/. */
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    static final Map<String, CoreProfile> PROFILES = ProfileReader.readAll(DeriveBoards.profilesDir(ROOT));

    @Test
    void everyBoardFileHoldsItsDerivation() {
        Map<Path, String> derived = DeriveBoards.deriveAll(ROOT);
        assertEquals(11, derived.size(), derived.keySet().toString());
        for (Map.Entry<Path, String> e : derived.entrySet()) {
            String file = ProfileReader.read(e.getKey());
            Map<String, Board.Cost> held = BoardLoader.parse(file, e.getKey().toString()).costs();
            Map<String, Board.Cost> want = BoardLoader.parse(e.getValue(), e.getKey().toString()).costs();
            for (String k : want.keySet()) {
                assertEquals(want.get(k), held.get(k), e.getKey() + " " + k
                        + " disagrees with its derivation: run bundles/hardware/tools/derive-boards.sh");
            }
            assertEquals(e.getValue(), file, e.getKey() + " is not as derive-boards.sh writes it");
        }
    }

    @Test
    void everyBoardNamesAKnownCoreTypeAndEveryCoreTypeHasABoard() {
        Set<String> used = new TreeSet<>();
        for (Path f : BoardFiles.inTree(ROOT)) {
            BoardMemory m = BoardFiles.memory(f, ProfileReader.read(f));
            assertTrue(PROFILES.containsKey(m.coreType()), f + " names core type " + m.coreType() + ", known: " + PROFILES.keySet());
            used.add(m.coreType());
        }
        assertEquals(Set.of("BMIPS4350", "BMIPS3300", "Cortex-A9-PL310", "Cortex-A53", "Cortex-A55", "Cortex-A57", "AX45MP", "x86"),
                used);
        assertEquals(used, PROFILES.keySet());
    }

    /** What boards.py's NIC models guaranteed: the boards with one driver carry one set of nic values. */
    @Test
    void boardsWithOneNicModelCarryTheSameNicValues() {
        Map<String, JsonObject> byModel = new TreeMap<>();
        for (Path f : BoardFiles.inTree(ROOT)) {
            JsonObject nic = JsonParser.parseString(ProfileReader.read(f)).getAsJsonObject().getAsJsonObject("nic");
            JsonObject first = byModel.putIfAbsent(nic.get("model").getAsString(), nic);
            if (first != null) assertEquals(first, nic, f + ": nic differs from the other " + nic.get("model") + " boards'");
        }
        assertEquals(Set.of("bcm63xx-enet", "bcm63xx-enetsw", "lan743x", "ravb-gbeth", "ravb-rcar"), byModel.keySet());
    }

    @Test
    void theReferenceBoardTakesItsCalibratedCyclesAndNotesUnscaled() {
        CoreProfile mips = PROFILES.get("BMIPS4350");
        Map<String, Board.Cost> c = BoardDerivation.derive(mips, board("BMIPS4350", 320_000_000, 16, false));
        Work irq = mips.instructionBound().get("irq.entry");
        assertEquals(new Board.Cost(irq.cycles(), irq.note()), c.get("irq.entry"));
        Work cold = mips.icacheCold().extra().get("stack.tcp.rx.cold");
        assertEquals(new Board.Cost(cold.cycles(), cold.note()), c.get("stack.tcp.rx.cold"));
        assertEquals(60, c.get("mmio.read").cycles()); // 187.5 ns at 320 MHz
        assertEquals(16 * 130, c.get("skb.cold").cycles());
    }

    @Test
    void boardsOfOneCoreTypeDifferOnlyByTheirClockAndMemory() {
        CoreProfile a55 = PROFILES.get("Cortex-A55");
        Map<String, Board.Cost> at1 = BoardDerivation.derive(a55, board("Cortex-A55", 1_000_000_000, 64, false));
        Map<String, Board.Cost> at2 = BoardDerivation.derive(a55, board("Cortex-A55", 2_000_000_000, 64, false));
        // instruction-bound work is cycles on the core, the same at any clock; latencies in ns double in cycles
        assertEquals(at1.get("stack.tcp.rx"), at2.get("stack.tcp.rx"));
        assertEquals(Math.round(PROFILES.get("BMIPS4350").instructionBound().get("stack.tcp.rx").cycles() / a55.ipc().value()),
                at1.get("stack.tcp.rx").cycles(), "BMIPS4350's cycles / the A55's IPC");
        assertEquals(2 * at1.get("dram.miss").cycles(), at2.get("dram.miss").cycles());
        assertEquals(2 * at1.get("dma.line.map").cycles(), at2.get("dma.line.map").cycles(), 1, "dc cvac is a walk to PoC, in ns (each rounded to whole cycles)");
        assertEquals(at1.get("csum.byte"), at2.get("csum.byte"));
    }

    @Test
    void coherenceAndFirewallAreTheBoards() {
        CoreProfile a53 = PROFILES.get("Cortex-A53");
        Map<String, Board.Cost> snooped = BoardDerivation.derive(a53, board("Cortex-A53", 1_500_000_000, 64, true));
        Map<String, Board.Cost> not = BoardDerivation.derive(a53, board("Cortex-A53", 1_500_000_000, 64, false));
        assertEquals(0, snooped.get("dma.line.unmap").cycles());
        assertTrue(not.get("dma.line.unmap").cycles() > 0);
        // buf.alloc is the small-buffer path on every board: the engine prices larger rx buffers (RxBufferAlloc)
        assertEquals(snooped.get("buf.alloc"), not.get("buf.alloc"));
        assertEquals(0, not.get("netfilter.hook").cycles());
    }

    @Test
    void aFurtherLineOfASequentialRunIsTheDramLatencyOverTheLinesInFlight() {
        CoreProfile a55 = PROFILES.get("Cortex-A55");
        CoreProfile four = new CoreProfile(a55.coreType(), a55.name(), a55.isa(), a55.reference(), a55.ipc(), a55.instructionBound(),
                a55.icacheCold(), a55.dmaSync(), a55.core(), a55.contextSwitch(), new Quantity(4, "test"));
        CoreProfile none = new CoreProfile(a55.coreType(), a55.name(), a55.isa(), a55.reference(), a55.ipc(), a55.instructionBound(),
                a55.icacheCold(), a55.dmaSync(), a55.core(), a55.contextSwitch(), null);
        BoardMemory m = board("Cortex-A55", 1_000_000_000, 64, false);
        Map<String, Board.Cost> f = BoardDerivation.derive(four, m), n = BoardDerivation.derive(none, m);
        assertEquals(f.get("dram.miss").cycles() / 4, f.get("dram.stream").cycles(), 0.01);
        assertTrue(f.get("dram.stream").note().contains("4 in flight"), f.get("dram.stream").note());
        assertEquals(n.get("dram.miss").cycles(), n.get("dram.stream").cycles(), "no prefetcher stated: every line a full fill");
        assertEquals(1, PROFILES.get("BMIPS4350").streamLinefills().value(), "the reference's blocking D-cache streams nothing");
    }

    @Test
    void theContextSwitchFactorScalesTheSwitchAndTheWakeupOnly() {
        CoreProfile a55 = PROFILES.get("Cortex-A55");
        CoreProfile plain = new CoreProfile(a55.coreType(), a55.name(), a55.isa(), a55.reference(), a55.ipc(), a55.instructionBound(),
                a55.icacheCold(), a55.dmaSync(), a55.core(), null, a55.streamLinefills());
        CoreProfile half = new CoreProfile(a55.coreType(), a55.name(), a55.isa(), a55.reference(), a55.ipc(), a55.instructionBound(),
                a55.icacheCold(), a55.dmaSync(), a55.core(), new Quantity(0.5, "test"), a55.streamLinefills());
        BoardMemory m = board("Cortex-A55", 1_000_000_000, 64, false);
        Map<String, Board.Cost> one = BoardDerivation.derive(plain, m), h = BoardDerivation.derive(half, m);
        double ref = PROFILES.get("BMIPS4350").instructionBound().get("sched.switch").cycles();
        assertEquals(Math.round(ref / a55.ipc().value()), one.get("sched.switch").cycles(), "absent: the IPC-scaled figure");
        assertEquals(Math.round(ref / a55.ipc().value() * 0.5), h.get("sched.switch").cycles());
        assertEquals(Math.round(one.get("sched.wakeup").cycles() * 0.5), h.get("sched.wakeup").cycles(), 1);
        assertTrue(h.get("sched.switch").note().endsWith(" x 0.5 (its context switch: test)"), h.get("sched.switch").note());
        for (String k : one.keySet()) {
            if (!CoreProfile.SWITCH_KEYS.contains(k)) assertEquals(one.get(k), h.get(k), k);
        }
    }

    @Test
    void aBoardWhoseIsaIsNotItsCoreTypesIsRefused() {
        Path f = Path.of("board.json");
        DeriveBoards.checkIsa(f, "{\"soc\": {\"isa\": \"armv8\"}}", PROFILES.get("Cortex-A55"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DeriveBoards.checkIsa(f, "{\"soc\": {\"isa\": \"armv7\"}}", PROFILES.get("Cortex-A55")));
        assertEquals("board.json: soc.isa is armv7 but its core type Cortex-A55 is armv8", e.getMessage());
    }

    @Test
    void aBoardOfAnotherCoreTypeIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BoardDerivation.derive(PROFILES.get("x86"), board("Cortex-A55", 1_000_000_000, 64, false)));
        assertEquals("board 'test' names core type Cortex-A55, not x86", e.getMessage());
    }

    private static BoardMemory board(String type, long clockHz, int line, boolean coherent) {
        Quantity ns = new Quantity(187.5, "test");
        return new BoardMemory("test", type, clockHz, line, coherent, new Quantity(120, "test"), ns, ns, ns, ns,
                new Quantity(140, "test"), new Quantity(16, "test"), new Quantity(406.25, "test"), new Firewall(false, "none"));
    }

}
