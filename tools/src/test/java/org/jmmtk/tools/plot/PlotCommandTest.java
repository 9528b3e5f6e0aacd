package org.jmmtk.tools.plot;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.TraceText;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code jmmtk plot heap-profile|demise-map}: PNG and SVG files of a perfect trace; bad input leaves files alone. */
class PlotCommandTest {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};

    @TempDir
    static Path dir;
    private static Path perfect;

    @BeforeAll
    static void perfectTrace() {
        Path trace = dir.resolve("phases.trace");
        perfect = dir.resolve("perfect.jtb.gz");
        assertEquals(0, Cli.run("trace", "gen", "phases", "--scale", "0.01", "-o", trace.toString()).code());
        assertEquals(0, Cli.run("lifetimes", trace.toString(), "--heap", "16m", "--binary", "-o", perfect.toString()).code());
    }

    private static byte[] head(Path file, int n) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(n);
        }
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({"heap-profile, p.png, false", "heap-profile, p.svg, true", "demise-map, d.png, true",
        "demise-map, d.svg, false"})
    void drawsEachPlotInEachFormat(String kind, String name, boolean inverted) throws IOException {
        Path out = dir.resolve(name);
        Cli.Result r = inverted
                ? Cli.run("plot", kind, perfect.toString(), "-o", out.toString(), "--inverted")
                : Cli.run("plot", kind, perfect.toString(), "-o", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        if (name.endsWith(".png")) {
            assertArrayEquals(PNG, head(out, 4));
        } else {
            SvgText text = SvgText.read(out).has("0");
            // both axes start at 0, never below
            assertTrue(text.texts().stream().noneMatch(t -> t.matches("-\\d.*")), text.texts().toString());
            assertTrue(text.texts().stream().anyMatch(t -> t.startsWith(kind.equals("heap-profile")
                    ? "live bytes in the age-ordered heap" : "position in the age-ordered heap")), text.texts().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"heap-profile", "demise-map"})
    void badInputAndUsageExitTwoAndLeaveFilesAlone(String kind) throws IOException {
        Path bad = dir.resolve("bad-" + kind + ".trace");
        TraceText.write(bad, "#jmmtk-trace 2\nA 0 1 32 0\nD 2\n");
        Path out = dir.resolve("kept-" + kind + ".png");
        Files.writeString(out, "precious");
        Map<Path, String> before = Hostile.snapshot(dir);
        Cli.Result r = Cli.run("plot", kind, bad.toString(), "-o", out.toString());
        assertEquals(2, r.code());
        Hostile.assertCleanMessage(r);
        assertTrue(r.err().startsWith("jmmtk: " + bad + ":3: death of object 2, which is not alive"), r.err());
        assertEquals(2, Cli.run("plot", kind, perfect.toString(), "-o", dir.resolve("x.jpg").toString()).code());
        assertEquals(2, Cli.run("plot", kind, perfect.toString(), "-o", perfect.toString()).code());
        Hostile.assertUnchanged(before, dir);
        assertEquals(2, Cli.run("plot").code());
    }
}
