package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The CLI as a modular JPMS application: every jar the CLI runs from (launch/target/lib, after package) and
 * the CLI's own classes are named modules (bnd's -jpms-module-info), the module graph resolves, the
 * features are bound as providers of the CLI's DriverFeature service, and `java -p ... -m` runs
 * `ringlab run` with the same output as the class path.
 */
class ModulePathIT {
    static final Path LIB = Path.of("target", "lib"), CLASSES = Path.of("target", "classes");
    static final String MAIN = "ringlab.launch/ringlab.cli.Main";
    /**
     * Third-party jars that have no module-info and no newer release with one, so they are automatic modules
     * named after their file: Apache Commons Math 3.6.1 (compare's t quantiles; commons-math 4 is not released).
     * ringlab's own jars are never in this list.
     */
    static final Set<String> AUTOMATIC = Set.of("commons.math3");

    static Path[] modulePath() throws Exception {
        List<Path> p = new ArrayList<>();
        try (Stream<Path> jars = Files.list(LIB)) {
            jars.filter(j -> j.toString().endsWith(".jar")).sorted().forEach(p::add);
        }
        p.add(CLASSES);
        return p.toArray(Path[]::new);
    }

    @Test
    void everyJarIsANamedModuleAndTheGraphResolvesWithTheFeaturesBound() throws Exception {
        ModuleFinder finder = ModuleFinder.of(modulePath());
        Set<String> names = new TreeSet<>();
        for (ModuleReference m : finder.findAll()) {
            ModuleDescriptor d = m.descriptor();
            assertFalse(d.isAutomatic() && !AUTOMATIC.contains(d.name()),
                    m.location().orElseThrow() + " is an automatic module, not a named one (no module-info)");
            names.add(d.name());
        }
        assertTrue(names.containsAll(Set.of("ringlab.launch", "ringlab.runtime", "ringlab.hardware.bcm6328", "ringlab.feature.gro")), names.toString());

        // the CLI's root alone: the features come in through service binding (its uses clause), the boards do not
        Configuration cf = ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(), Set.of("ringlab.launch"));
        Set<String> bound = cf.modules().stream().map(m -> m.name()).filter(n -> n.startsWith("ringlab.feature.")).collect(Collectors.toCollection(TreeSet::new));
        Set<String> providers = names.stream().filter(n -> n.startsWith("ringlab.feature.")).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(providers, bound, "every feature module is bound as a provider");
        assertEquals(10, bound.size(), bound.toString());

        // and in a layer, ServiceLoader finds one feature per module, by id
        ModuleLayer layer = ModuleLayer.boot().defineModulesWithOneLoader(
                ModuleLayer.boot().configuration().resolveAndBind(finder, ModuleFinder.of(), names), ClassLoader.getSystemClassLoader());
        Class<?> spi = layer.findLoader("ringlab.runtime").loadClass("ringlab.spi.feature.DriverFeature");
        Set<String> ids = new TreeSet<>();
        for (Object f : ServiceLoader.load(layer, spi)) ids.add((String) spi.getMethod("id").invoke(f));
        assertEquals(Set.of("batched-rx", "bql", "build-skb", "gro", "ip-align", "irq-coalescing", "mtu-rx-buffers", "page-pool",
                "threaded-napi", "xmit-more"), ids);
    }

    @Test
    void ringlabRunOnTheModulePathPrintsWhatItPrintsOnTheClassPath() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String mp = Stream.of(modulePath()).map(Path::toString).collect(Collectors.joining(File.pathSeparator));
        // the start time pinned (as SOURCE_DATE_EPOCH would): the two runs' JSON is compared byte for byte
        List<String> args = List.of("run", "--hardware", "bcm6328", "--features", "stock,bql", "--timestamp", "1796302620",
                "--json", "--", "-t", "1");
        List<String> modular = new ArrayList<>(List.of(java, "-p", mp, "--add-modules", "ALL-MODULE-PATH", "-m", MAIN));
        modular.addAll(args);
        List<String> classic = new ArrayList<>(List.of(java, "-cp", LIB + File.separator + "*" + File.pathSeparator + CLASSES, "ringlab.cli.Main"));
        classic.addAll(args);
        String a = run(modular), b = run(classic);
        assertTrue(a.contains("\"bql\""), a.substring(0, Math.min(400, a.length())));
        assertEquals(b, a, "the same JSON on the module path and on the class path");
    }

    private static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished");
        assertEquals(0, p.exitValue(), String.join(" ", cmd));
        return new String(out, StandardCharsets.UTF_8);
    }
}
