package ringlab.webconsole.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.metatype.AttributeDefinition;
import org.osgi.service.metatype.MetaTypeInformation;
import org.osgi.service.metatype.MetaTypeProvider;
import org.osgi.service.metatype.MetaTypeService;
import org.osgi.service.metatype.ObjectClassDefinition;

/**
 * Configuration forms generated from the published Metatype (like Eclipse Kura's): for a PID, the object
 * class definition's name, description and attributes with type, defaults and options, as the console
 * draws them. Metatype has no ranges or units; where the caller knows them (a feature's tunables) it adds
 * them.
 */
final class MetatypeForms {
    private final BundleContext context;
    private final MetaTypeService metatype;

    MetatypeForms(BundleContext context, MetaTypeService metatype) {
        this.context = context;
        this.metatype = metatype;
    }

    /**
     * A form.
     *
     * @param pid the configuration PID it edits
     * @param fields one per attribute, in the definition's order
     */
    record Form(String pid, String name, String description, List<Field> fields) { }

    /**
     * One attribute.
     *
     * @param type the Metatype type in lower case: long, integer, string, boolean, double, ...
     * @param defaults the default value(s) as text
     * @param min smallest accepted value, when known (not part of Metatype)
     * @param max largest accepted value, when known (not part of Metatype)
     * @param unit unit, when known (not part of Metatype)
     * @param options the allowed values (Metatype option values and labels), if restricted
     */
    record Field(String id, String name, String description, String type, List<String> defaults, Long min, Long max,
                 String unit, List<Option> options) {
        Field withRange(long mn, long mx, String u) { return new Field(id, name, description, type, defaults, mn, mx, u, options); }
    }

    record Option(String value, String label) { }

    /** The form of a PID published by any bundle, or null if no bundle publishes its Metatype. */
    Form form(String pid) {
        List<Bundle> candidates = new ArrayList<>();
        try {
            // a MetaTypeProvider service (the node's per-feature PIDs) names its bundle directly
            for (ServiceReference<MetaTypeProvider> r : context.getServiceReferences(MetaTypeProvider.class,
                    "(" + MetaTypeProvider.METATYPE_PID + "=" + pid.replaceAll("[\\\\()*]", "") + ")")) {
                if (r.getBundle() != null) candidates.add(r.getBundle());
            }
        } catch (InvalidSyntaxException e) {
            // no such service then
        }
        candidates.addAll(Arrays.asList(context.getBundles())); // metatype XML in a bundle (DS @Designate)
        for (Bundle b : candidates) {
            ObjectClassDefinition ocd;
            try {
                MetaTypeInformation info = metatype.getMetaTypeInformation(b);
                if (info == null || !Arrays.asList(pids(info)).contains(pid)) continue;
                ocd = info.getObjectClassDefinition(pid, null);
            } catch (RuntimeException e) {
                // the bundle went away while we asked (an uninstall racing this read): it has no form now. Felix
                // says so with an IllegalStateException, or, once the revision is gone, an NPE from findEntries.
                if (e instanceof IllegalStateException || b.getState() == Bundle.UNINSTALLED) continue;
                throw e;
            }
            if (ocd == null) continue;
            List<Field> fields = new ArrayList<>();
            AttributeDefinition[] ads = ocd.getAttributeDefinitions(ObjectClassDefinition.ALL);
            for (AttributeDefinition ad : ads == null ? new AttributeDefinition[0] : ads) {
                List<Option> options = new ArrayList<>();
                String[] values = ad.getOptionValues(), labels = ad.getOptionLabels();
                if (values != null) for (int i = 0; i < values.length; i++) options.add(new Option(values[i], labels != null && i < labels.length ? labels[i] : values[i]));
                fields.add(new Field(ad.getID(), ad.getName(), ad.getDescription(), type(ad.getType()),
                        ad.getDefaultValue() == null ? List.of() : List.of(ad.getDefaultValue()), null, null, null, options.isEmpty() ? null : options));
            }
            return new Form(pid, ocd.getName(), ocd.getDescription(), fields);
        }
        return null;
    }

    /**
     * The PIDs a bundle's Metatype names. Felix Metatype 1.2.4 copies them from a plain HashSet
     * ({@code pids.toArray(new String[pids.size()])}, unsynchronised) that grows when a MetaTypeProvider
     * service of the bundle registers: the node registers one per feature as feature bundles come and go, so a
     * read at that moment can throw ArrayIndexOutOfBoundsException (the chaos soak's GET /features answered 500
     * so). It reads again.
     */
    static String[] pids(MetaTypeInformation info) {
        for (int attempt = 1; ; attempt++) {
            try {
                return info.getPids();
            } catch (ArrayIndexOutOfBoundsException | java.util.ConcurrentModificationException changedMeanwhile) {
                if (attempt >= PID_READS) throw changedMeanwhile;
                Thread.onSpinWait();
            }
        }
    }

    /** Reads of a bundle's PIDs tried while its set keeps changing. */
    static final int PID_READS = 5;

    private static String type(int t) {
        return switch (t) {
            case AttributeDefinition.LONG -> "long";
            case AttributeDefinition.INTEGER -> "integer";
            case AttributeDefinition.SHORT -> "short";
            case AttributeDefinition.BYTE -> "byte";
            case AttributeDefinition.DOUBLE -> "double";
            case AttributeDefinition.FLOAT -> "float";
            case AttributeDefinition.BOOLEAN -> "boolean";
            case AttributeDefinition.CHARACTER -> "char";
            case AttributeDefinition.PASSWORD -> "password";
            default -> "string";
        };
    }
}
