package org.jmmtk.tools.trace;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.JsonTree;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jmmtk trace gen random}: the random workload written out is a valid two-thread trace, the same for a seed. */
class RandomTraceGenTest {
    @TempDir
    Path dir;

    @Test
    void genWritesTheSameValidTraceForASeed() throws IOException {
        Path a = dir.resolve("a.trace");
        Path b = dir.resolve("b.trace");
        for (Path file : new Path[] {a, b}) {
            Cli.Result gen = Cli.run("trace", "gen", "random", "--seed", "3", "--scale", "0.1", "-o", file.toString());
            assertEquals(0, gen.code(), gen.err());
        }
        assertEquals(Files.readString(a), Files.readString(b));
        Cli.Result stats = Cli.run("trace", "stats", a.toString(), "--json");
        assertEquals(0, stats.code(), stats.err());
        Map<String, Object> json = JsonTree.object(stats.out());
        assertEquals(3000, ((Number) json.get("objects")).intValue());
        assertEquals(2, ((Number) json.get("threads")).intValue());
    }
}
