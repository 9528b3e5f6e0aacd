package org.jmmtk.tools.view;

import org.jmmtk.tools.Cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@code jmmtk view} from the command line: a whole run, and hostile input (exit 2 with a message). */
class ViewCommandTest {
    private static final String[] SMALL = {"--plan", "semispace", "--workload", "binarytrees", "--scale", "0.05",
        "--heap", "512k"};

    private static String[] args(String... extra) {
        String[] a = new String[1 + SMALL.length + extra.length];
        a[0] = "view";
        System.arraycopy(SMALL, 0, a, 1, SMALL.length);
        System.arraycopy(extra, 0, a, 1 + SMALL.length, extra.length);
        return a;
    }

    @Test
    void runsServesAndReports() {
        Cli.Result r = Cli.run(args("--exit-when-done", "--sample-every", "500", "--trigger", "gc-end gc > 1000"));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("heap view: http://127.0.0.1:"), r.out());
        assertTrue(r.out().contains("GCs"), r.out());
    }

    @Test
    void aPortInUseIsAUsageError() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Cli.Result r = Cli.run(args("--port", String.valueOf(taken.getLocalPort()), "--exit-when-done"));
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("is the port in use?"), r.err());
        }
    }

    @Test
    void badOptionsAreUsageErrors() {
        String[][] bad = {
            {"--port", "70000"}, {"--port", "-1"}, {"--trigger", "gc-start gc ~ 12"}, {"--trigger", "alloc nospace.used > 5%"},
            {"--tile-size", "1000"}, {"--tile-size", "lots"}, {"--sample-every", "0"},
        };
        for (String[] b : bad) {
            Cli.Result r = Cli.run(args(concat(b, "--exit-when-done")));
            assertEquals(2, r.code(), String.join(" ", b) + ": " + r.err());
            assertTrue(!r.err().contains("Exception") && !r.err().isBlank(), r.err());
        }
    }

    private static String[] concat(String[] a, String b) {
        String[] c = java.util.Arrays.copyOf(a, a.length + 1);
        c[a.length] = b;
        return c;
    }
}
