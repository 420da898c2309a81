package ringlab.feature.faultinjection;

import java.io.IOException;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import ringlab.spi.feature.DriverFeature;
import ringlab.spi.feature.DriverHooks;
import ringlab.spi.feature.Tunable;

/**
 * A test aid, not a driver mechanism: failure points switched on through its tunables, as netdevsim's
 * debugfs fail switches are, so that the node's fault handling can be exercised on purpose. All off by
 * default: active and untouched, it changes nothing. The hot-path switches act at install (read through
 * the hooks like any tunable); fail_metadata and activate_delay_ms act when the component activates,
 * before the node can read anything, so they are read from the feature's own configuration (the PID the
 * node keeps its tunables in) and take effect at the next start of the bundle.
 */
@Component(service = DriverFeature.class, immediate = true, configurationPid = FaultInjectionFeature.PID)
public final class FaultInjectionFeature implements DriverFeature {
    static final String ID = "fault-injection";
    /** The node's configuration PID for this feature's tunables (NodeConfig.featurePid). */
    static final String PID = "ringlab.feature.fault.injection";
    static final String FAIL_INSTALL = "fail_install";
    static final String FAIL_RX_AFTER = "fail_rx_after";
    static final String FAIL_POLL_AFTER = "fail_poll_after";
    static final String FAIL_METADATA = "fail_metadata";
    static final String ACTIVATE_DELAY_MS = "activate_delay_ms";

    private static final List<Tunable> TUNABLES = List.of(
            new Tunable(FAIL_INSTALL, "bool", 0, 0, 1, "1: install() throws (the node quarantines the feature, the run goes on)"),
            new Tunable(FAIL_RX_AFTER, "packets", 0, 0, 1_000_000_000, "rx delivery throws at this received packet, 0: never (a hot-path fault)"),
            new Tunable(FAIL_POLL_AFTER, "polls", 0, 0, 1_000_000_000, "the NAPI completion throws at this poll, 0: never (a hot-path fault)"),
            new Tunable(FAIL_METADATA, "bool", 0, 0, 1, "1: at the bundle's next start id() throws (the node refuses the feature); clears itself once used"),
            new Tunable(ACTIVATE_DELAY_MS, "ms", 0, 0, 600_000, "the component's activation sleeps this long at the bundle's next start"));

    @Reference(cardinality = ReferenceCardinality.OPTIONAL)
    private volatile ConfigurationAdmin configAdmin;

    private volatile boolean metadataFails;

    @Activate
    void activate(Map<String, Object> config) throws InterruptedException {
        long delay = value(config, ACTIVATE_DELAY_MS);
        if (delay > 0) Thread.sleep(delay); // holds whoever starts the bundle, as a slow activator would
        if (value(config, FAIL_METADATA) != 0) {
            metadataFails = true;
            clearMetadataSwitch(); // one shot: the bundle's following start registers a good feature again
        }
    }

    @Modified
    void modified(Map<String, Object> config) {
        // the hot-path switches are read at install; the start-time ones at the next activation
    }

    private void clearMetadataSwitch() {
        ConfigurationAdmin ca = configAdmin;
        if (ca == null) return;
        try {
            Configuration c = ca.getConfiguration(PID, "?");
            Dictionary<String, Object> props = c.getProperties();
            if (props != null) {
                props.remove(FAIL_METADATA);
                c.update(props);
            }
        } catch (IOException | RuntimeException e) {
            // stays set: the metadata fails again at the next start, which the README says how to clear
        }
    }

    static long value(Map<String, Object> config, String name) {
        Object v = config.get(name);
        if (v == null) return 0;
        try {
            return Long.parseLong(String.valueOf(v).trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public String id() {
        if (metadataFails) throw new IllegalStateException("fault-injection: " + FAIL_METADATA + " is set");
        return ID;
    }

    @Override
    public String summary() {
        return "Test aid, not a driver mechanism: failure points (install, receive, poll, metadata, activation delay) set through its tunables";
    }

    @Override
    public List<Tunable> tunables() {
        return TUNABLES;
    }

    @Override
    public void install(DriverHooks hooks) {
        if (hooks.tunable(FAIL_INSTALL) != 0) throw new IllegalStateException("fault-injection: " + FAIL_INSTALL + " is set");
        long rx = hooks.tunable(FAIL_RX_AFTER);
        if (rx > 0) hooks.rxDelivery(new FailingRxDelivery(hooks.rxDelivery(), rx));
        long polls = hooks.tunable(FAIL_POLL_AFTER);
        if (polls > 0) hooks.napiCompletion(new FailingCompletion(polls));
    }
}
