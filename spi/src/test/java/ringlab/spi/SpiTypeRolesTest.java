package ringlab.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.Opcodes;
import ringlab.spi.driver.SkbSizes;

/**
 * Every public SPI type says who implements it: @ProviderType (ringlab only) or @ConsumerType (plug-ins).
 * bnd derives the import ranges and the baseline's verdicts from that; a type with neither counts as
 * consumer-implemented, so a method added to it would wrongly be a major change.
 */
class SpiTypeRolesTest {
    static final String PROVIDER = "Lorg/osgi/annotation/versioning/ProviderType;";
    static final String CONSUMER = "Lorg/osgi/annotation/versioning/ConsumerType;";

    @Test
    void everyPublicTypeIsProviderOrConsumerType() throws Exception {
        List<String> checked = new ArrayList<>(), wrong = new ArrayList<>();
        for (Path f : spiClassFiles()) {
            String name = spiRoot().relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
            if (name.endsWith("package-info") || !Modifier.isPublic(Class.forName("ringlab.spi." + name).getModifiers())) continue;
            List<String> roles = roles(f);
            checked.add(name);
            if (roles.size() != 1) wrong.add(name + " " + roles);
        }
        assertTrue(checked.size() > 20, "scanned the SPI: " + checked);
        assertEquals(List.of(), wrong, "public SPI types without exactly one of @ProviderType, @ConsumerType");
    }

    static Path spiRoot() throws URISyntaxException {
        return Path.of(SkbSizes.class.getProtectionDomain().getCodeSource().getLocation().toURI()).resolve("ringlab/spi");
    }

    static List<Path> spiClassFiles() throws IOException, URISyntaxException {
        try (Stream<Path> s = Files.walk(spiRoot())) {
            return s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
        }
    }

    static List<String> roles(Path classFile) throws IOException {
        List<String> roles = new ArrayList<>();
        try (InputStream in = Files.newInputStream(classFile)) {
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override public AnnotationVisitor visitAnnotation(String desc, boolean visible) {
                    if (desc.equals(PROVIDER) || desc.equals(CONSUMER)) roles.add(desc.substring(desc.lastIndexOf('/') + 1, desc.length() - 1));
                    return null;
                }
            }, ClassReader.SKIP_CODE);
        }
        return roles;
    }
}
