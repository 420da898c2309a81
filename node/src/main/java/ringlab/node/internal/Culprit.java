package ringlab.node.internal;

import java.util.Collection;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;
import ringlab.spi.feature.DriverFeature;

/**
 * Finds which feature's code threw: the innermost stack frame whose class lives in a feature's bundle
 * (outside OSGi, in its package). The granularity is the bundle: two features of one bundle cannot be
 * told apart by their classes. Runtime frames above it are skipped, so a runtime method that throws
 * because a feature called it wrongly is blamed on the feature; a fault no feature frame is part of has
 * no culprit (null).
 */
final class Culprit {
    private Culprit() { }

    static DriverFeature find(Throwable t, Collection<DriverFeature> candidates) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            for (StackTraceElement e : c.getStackTrace()) {
                for (DriverFeature f : candidates) {
                    if (owns(f, e.getClassName())) return f;
                }
            }
        }
        return null;
    }

    /** The first frame of {@code t} in {@code f}'s code, for the quarantine message. */
    static String where(Throwable t, DriverFeature f) {
        for (StackTraceElement e : t.getStackTrace()) {
            if (owns(f, e.getClassName())) return e.toString();
        }
        return t.getStackTrace().length > 0 ? t.getStackTrace()[0].toString() : "?";
    }

    static boolean sameBundle(DriverFeature a, DriverFeature b) {
        Bundle x = FrameworkUtil.getBundle(a.getClass()), y = FrameworkUtil.getBundle(b.getClass());
        return x != null ? x.equals(y) : y == null && a.getClass().getPackageName().equals(b.getClass().getPackageName());
    }

    static boolean owns(DriverFeature f, String className) {
        Class<?> c = f.getClass();
        Bundle b = FrameworkUtil.getBundle(c);
        if (b != null) {
            try {
                // the bundle's own jar holds the class (not an import from the runtime)
                return b.getEntry(className.replace('.', '/') + ".class") != null;
            } catch (IllegalStateException uninstalled) {
                // fall through to the package test
            }
        }
        return className.startsWith(c.getPackageName() + ".");
    }
}
