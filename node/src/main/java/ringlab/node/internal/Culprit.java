package ringlab.node.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import ringlab.node.RegisteredFeature;
import ringlab.spi.feature.DriverFeature;

/**
 * Finds which feature's code threw: the innermost stack frame whose class a candidate feature's bundle
 * defines. A frame names a class but not its class loader, so each candidate's class loader (its bundle's)
 * is asked to load that name, and the candidate owns the frame only if the class it gets is its own (not
 * imported, not the JDK's). Candidates are the features in the running simulation only: an installed,
 * inactive bundle that has a class of the same name cannot have run. Two active bundles that both define
 * the frame's class cannot be told apart from a stack trace (the JVM keeps no loader in it; telling them
 * apart would need a boundary around every call into feature code, which costs on every packet): all of
 * them are culprits. The granularity is the bundle: two features of one bundle cannot be told apart by
 * their classes. Runtime frames above the feature's are skipped, so a runtime method that throws because
 * a feature called it wrongly is blamed on the feature; a fault no feature frame is part of has no culprit.
 */
final class Culprit {
    private Culprit() { }

    /** The candidates that own the innermost feature frame of {@code t} (or its causes); empty if none. */
    static List<DriverFeature> find(Throwable t, Collection<? extends DriverFeature> candidates) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            for (StackTraceElement e : c.getStackTrace()) {
                List<DriverFeature> owners = new ArrayList<>();
                for (DriverFeature f : candidates) {
                    if (owns(f, e.getClassName())) owners.add(f);
                }
                if (!owners.isEmpty()) return owners;
            }
        }
        return List.of();
    }

    /** The first frame of {@code t} in {@code f}'s code, for the quarantine message. */
    static String where(Throwable t, DriverFeature f) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (owns(f, e.getClassName())) return e.toString();
        }
        return t.getStackTrace().length > 0 ? t.getStackTrace()[0].toString() : "?";
    }

    static DriverFeature plugin(DriverFeature f) {
        return f instanceof RegisteredFeature r ? r.plugin() : f;
    }

    static boolean sameBundle(DriverFeature a, DriverFeature b) {
        if (a instanceof RegisteredFeature x && b instanceof RegisteredFeature y) return x.bundleId() == y.bundleId();
        Class<?> x = plugin(a).getClass(), y = plugin(b).getClass();
        return x.getClassLoader() == y.getClassLoader() && x.getPackageName().equals(y.getPackageName());
    }

    /** Whether {@code className}, loaded by {@code f}'s class loader, is {@code f}'s own class. */
    static boolean owns(DriverFeature f, String className) {
        Class<?> c = plugin(f).getClass();
        ClassLoader loader = c.getClassLoader();
        if (loader == null) return false;
        Class<?> loaded;
        try {
            loaded = Class.forName(className, false, loader);
        } catch (ClassNotFoundException | LinkageError | IllegalStateException e) {
            return false; // not visible to it, or its bundle is gone (then its loader answers nothing)
        }
        if (loaded.getClassLoader() != loader) return false; // the JDK's, the runtime's or another bundle's
        // outside OSGi (tests, the CLI) one loader holds everything: fall back to the feature's package
        return loader != DriverFeature.class.getClassLoader() || className.startsWith(c.getPackageName() + ".");
    }
}
