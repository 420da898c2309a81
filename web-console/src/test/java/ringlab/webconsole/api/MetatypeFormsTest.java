package ringlab.webconsole.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.service.metatype.MetaTypeInformation;
import org.osgi.service.metatype.MetaTypeService;

/** A form is read while bundles come and go (the chaos soak met both cases as a 500 from GET /features). */
class MetatypeFormsTest {
    static MetatypeForms forms(int state, RuntimeException fromMetatype) {
        Bundle b = (Bundle) Proxy.newProxyInstance(Bundle.class.getClassLoader(), new Class<?>[] {Bundle.class}, (p, m, a) -> switch (m.getName()) {
            case "getState" -> state;
            case "getBundleId" -> 42L;
            case "hashCode" -> 42;
            case "equals" -> p == a[0];
            default -> throw new UnsupportedOperationException(m.getName());
        });
        BundleContext ctx = (BundleContext) Proxy.newProxyInstance(BundleContext.class.getClassLoader(), new Class<?>[] {BundleContext.class},
                (p, m, a) -> switch (m.getName()) {
                    case "getServiceReferences" -> java.util.List.of();
                    case "getBundles" -> new Bundle[] {b};
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        MetaTypeService metatype = (MetaTypeService) Proxy.newProxyInstance(MetaTypeService.class.getClassLoader(), new Class<?>[] {MetaTypeService.class},
                (p, m, a) -> { throw fromMetatype; });
        return new MetatypeForms(ctx, metatype);
    }

    @Test
    void aBundleUninstalledWhileItsMetatypeIsReadHasNoForm() {
        // Felix's findEntries once the revision is gone
        assertNull(forms(Bundle.UNINSTALLED, new NullPointerException("revision is null")).form("ringlab.feature.bql"));
        assertNull(forms(Bundle.ACTIVE, new IllegalStateException("Invalid BundleContext")).form("ringlab.feature.bql"));
    }

    @Test
    void aDefectOfALiveBundleIsNotHidden() {
        assertThrows(NullPointerException.class, () -> forms(Bundle.ACTIVE, new NullPointerException("a bug")).form("ringlab.feature.bql"));
    }

    /** Felix Metatype copies a bundle's PIDs from an unsynchronised HashSet that grows as providers register. */
    static MetaTypeInformation pidsFailing(int times) {
        int[] calls = {0};
        return (MetaTypeInformation) Proxy.newProxyInstance(MetaTypeInformation.class.getClassLoader(), new Class<?>[] {MetaTypeInformation.class},
                (p, m, a) -> {
                    if (!m.getName().equals("getPids")) throw new UnsupportedOperationException(m.getName());
                    if (calls[0]++ < times) throw new ArrayIndexOutOfBoundsException("Index 12 out of bounds for length 12");
                    return new String[] {"ringlab.feature.bql"};
                });
    }

    @Test
    void pidsReadWhileTheSetGrowsAreReadAgain() {
        assertArrayEquals(new String[] {"ringlab.feature.bql"}, MetatypeForms.pids(pidsFailing(2)));
        ArrayIndexOutOfBoundsException e = assertThrows(ArrayIndexOutOfBoundsException.class,
                () -> MetatypeForms.pids(pidsFailing(MetatypeForms.PID_READS)), "a set that never settles is not hidden");
        assertEquals("Index 12 out of bounds for length 12", e.getMessage());
    }
}
