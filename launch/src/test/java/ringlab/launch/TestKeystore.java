package ringlab.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.FileInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A self-signed key pair for 127.0.0.1 in a PKCS12 keystore, made with the JDK's keytool as an operator would,
 * and a TLS context that trusts exactly its certificate.
 */
record TestKeystore(Path file, String password, SSLContext trust) {
    static TestKeystore create(Path dir) throws Exception {
        String password = "ringlab \"test\" \\ " + System.nanoTime(); // quotes, a backslash and spaces: passed through intact
        Path file = dir.resolve("node.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "ringlab", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12",
                "-keystore", file.toString(), "-storepass", password, "-keypass", password).redirectErrorStream(true).start();
        String out = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, keytool.waitFor(), out);

        KeyStore issued = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(file.toFile())) {
            issued.load(in, password.toCharArray());
        }
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        trusted.setCertificateEntry("node", issued.getCertificate("ringlab"));
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trusted);
        SSLContext trust = SSLContext.getInstance("TLS");
        trust.init(null, tmf.getTrustManagers(), null);
        return new TestKeystore(file, password, trust);
    }
}
