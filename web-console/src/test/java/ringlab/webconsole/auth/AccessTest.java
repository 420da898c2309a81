package ringlab.webconsole.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class AccessTest {
    @Test
    void localPathAcceptsOnlyPathsOnThisNode() {
        for (String ok : new String[] {"/", "/system/console/bundles", "/system/console/configMgr/ringlab.scenario?x=1&y=2", "/a%2F%2Fb"}) {
            assertEquals(ok, Access.localPath(ok), ok);
        }
        for (String bad : new String[] {null, "", "//evil.example", "///evil.example", "/\\evil.example", "/a\\b", "https://evil.example/",
                "evil.example", "javascript:alert(1)", "/\t/evil.example", "/\n/x", "/x\r\nSet-Cookie: a=b", "/" + "x".repeat(2048)}) {
            assertNull(Access.localPath(bad), String.valueOf(bad));
        }
    }
}
