package ringlab.node.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.ServiceReference;
import ringlab.node.FeatureCatalog;
import ringlab.node.NodeEvent;
import ringlab.node.RegisteredFeature;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/** Issue 10 items 1 and 2: feature metadata read once and guarded; an id held by one bundle. */
class FeatureRefusalTest {

    /** A feature that counts the calls to its metadata and can be told to fail. */
    static final class Plugin implements DriverFeature {
        final AtomicInteger metadataCalls = new AtomicInteger();
        final String id;
        volatile boolean fail;

        Plugin(String id) { this.id = id; }

        @Override public String id() {
            metadataCalls.incrementAndGet();
            if (fail) throw new IllegalStateException("plug-in changed its mind");
            return id;
        }

        @Override public String summary() { metadataCalls.incrementAndGet(); return "test"; }

        @Override public List<Tunable> tunables() {
            metadataCalls.incrementAndGet();
            return List.of(new Tunable("t", "packets", 1, 0, 9, "test"));
        }

        @Override public void install(DriverHooks hooks) { }
    }

    static ServiceReference<DriverFeature> ref(long bundleId, String bsn) {
        Bundle b = (Bundle) Proxy.newProxyInstance(Bundle.class.getClassLoader(), new Class<?>[] {Bundle.class}, (p, m, a) -> switch (m.getName()) {
            case "getBundleId" -> bundleId;
            case "getSymbolicName" -> bsn;
            case "hashCode" -> (int) bundleId;
            case "equals" -> p == a[0];
            default -> null;
        });
        @SuppressWarnings("unchecked")
        ServiceReference<DriverFeature> r = (ServiceReference<DriverFeature>) Proxy.newProxyInstance(ServiceReference.class.getClassLoader(),
                new Class<?>[] {ServiceReference.class}, (p, m, a) -> m.getName().equals("getBundle") ? b : null);
        return r;
    }

    static FeatureRegistry registry(NodeEvents events) throws Exception {
        FeatureRegistry r = new FeatureRegistry();
        Field f = FeatureRegistry.class.getDeclaredField("events");
        f.setAccessible(true);
        f.set(r, events);
        return r;
    }

    @Test
    void metadataIsReadOnceAtRegistrationAndAPlugInThatChangesItsMindLaterChangesNothing() throws Exception {
        FeatureRegistry reg = registry(new NodeEvents());
        Plugin p = new Plugin("knob");
        reg.addFeature(p, ref(20, "test.knob"));
        int calls = p.metadataCalls.get();
        p.fail = true; // before the fix, the catalog sorted and looked up by calling id() again: now it throws
        RegisteredFeature f = reg.features().get(0);
        assertEquals("knob", f.id());
        assertSame(f, reg.byId().get("knob"));
        assertEquals(List.of("t"), f.tunables().stream().map(Tunable::name).toList());
        assertEquals("test.knob [20]", f.bundleName());
        assertEquals(calls, p.metadataCalls.get(), "no metadata method called after registration");
    }

    @Test
    void metadataThatThrowsOrIsNullIsRefusedNamingWhatWasWrong() throws Exception {
        NodeEvents events = new NodeEvents();
        FeatureRegistry reg = registry(events);
        Plugin throwing = new Plugin("x");
        throwing.fail = true;
        reg.addFeature(throwing, ref(21, "test.bad"));
        reg.addFeature(new Plugin(null), ref(22, "test.null"));
        DriverFeature nullSummary = new DriverFeature() {
            @Override public String id() { return "nosummary"; }
            @Override public String summary() { return null; }
            @Override public void install(DriverHooks hooks) { }
        };
        reg.addFeature(nullSummary, ref(23, "test.nosummary"));
        assertEquals(List.of(), reg.features());
        List<FeatureCatalog.Rejected> rejected = reg.rejected();
        assertEquals(List.of(21L, 22L, 23L), rejected.stream().map(FeatureCatalog.Rejected::bundleId).toList());
        assertTrue(rejected.get(0).error().contains("id() failed") && rejected.get(0).error().contains("test.bad [21]"), rejected.get(0).error());
        assertTrue(rejected.get(1).error().contains("id() is null"), rejected.get(1).error());
        assertTrue(rejected.get(2).error().contains("summary() is null"), rejected.get(2).error());
        assertEquals(3, events.since(0).stream().filter(e -> e.kind() == NodeEvent.Kind.FEATURE_REJECTED).count());
        reg.removeFeature(throwing);
        assertEquals(2, reg.rejected().size(), "listed while registered");
    }

    @Test
    void aSecondIdIsRefusedNamingTheHolderAndDoesNotTakeOverWhenTheHolderGoes() throws Exception {
        FeatureRegistry reg = registry(new NodeEvents());
        Plugin gro = new Plugin("gro"), impostor = new Plugin("gro");
        reg.addFeature(gro, ref(38, "ringlab.feature.gro"));
        reg.addFeature(impostor, ref(70, "test.dupgro"));
        assertSame(gro, ((RegisteredFeature) reg.byId().get("gro")).plugin());
        assertEquals("feature 'gro' of bundle test.dupgro [70] refused: the id is already registered by bundle ringlab.feature.gro [38]",
                reg.rejected().get(0).error());
        // the in-tree bundle restarts: its service goes and comes back; the impostor stays refused
        reg.removeFeature(gro);
        assertEquals(null, reg.byId().get("gro"));
        Plugin gro2 = new Plugin("gro");
        reg.addFeature(gro2, ref(38, "ringlab.feature.gro"));
        assertSame(gro2, ((RegisteredFeature) reg.byId().get("gro")).plugin());
        assertEquals(1, reg.rejected().size());
    }

    @Test
    void whenBothRegisterAtOnceTheBundleInstalledFirstHoldsTheId() throws Exception {
        FeatureRegistry reg = registry(new NodeEvents());
        Plugin impostor = new Plugin("gro"), gro = new Plugin("gro");
        reg.addFeature(impostor, ref(70, "test.dupgro")); // a deployed bundle may start first (lower start level)
        reg.addFeature(gro, ref(38, "ringlab.feature.gro"));
        assertSame(gro, ((RegisteredFeature) reg.byId().get("gro")).plugin());
        assertEquals(70L, reg.rejected().get(0).bundleId());
    }

    @Test
    void aRegisteredFeatureReadsThePlugInOnce() {
        Plugin p = new Plugin("k");
        assertThrows(IllegalArgumentException.class, () -> RegisteredFeature.read(new Plugin(""), "b", 1));
        RegisteredFeature f = RegisteredFeature.read(p, "b", 1);
        int calls = p.metadataCalls.get();
        f.id();
        f.summary();
        f.tunables();
        f.requires();
        assertEquals(calls, p.metadataCalls.get());
    }

    @Test
    void anUnsupportedReasonThatThrowsMakesTheFeatureUnsupportedWithWhy() {
        DriverFeature plugin = new DriverFeature() {
            @Override public String id() { return "moody"; }
            @Override public String summary() { return "throws when asked about a board"; }
            @Override public String unsupportedReason(ringlab.spi.board.Board board) { throw new IllegalStateException("test: no idea"); }
            @Override public void install(DriverHooks hooks) { }
        };
        RegisteredFeature f = RegisteredFeature.read(plugin, "test.moody", 23);
        String why = f.unsupportedReason(null); // before: the plug-in's exception reached the API (500)
        assertTrue(why != null && why.contains("unsupportedReason() failed") && why.contains("test: no idea")
                && why.contains("test.moody [23]"), why);
        assertTrue(f.unsupportedReason(null, name -> 0).contains("test: no idea"), "the tunable-aware variant too");
    }
}
