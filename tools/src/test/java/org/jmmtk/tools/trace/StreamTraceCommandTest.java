package org.jmmtk.tools.trace;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.jmmtk.tools.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-thread stream layout from the command line: {@code trace gen --streams} and {@code trace convert
 * --streams} write the same bytes, {@code trace dump} prints it as the text trace, and converting a cut or
 * altered stream trace exits 2 with one line naming the file and where, leaving no output behind.
 */
class StreamTraceCommandTest {
    @TempDir
    Path dir;

    private Path gen(String name, String... options) {
        Path file = dir.resolve(name);
        String[] args = Stream.concat(Stream.of("trace", "gen", "search", "--scale", "0.01", "-o", file.toString()),
                Arrays.stream(options)).toArray(String[]::new);
        Cli.Result r = Cli.run(args);
        assertEquals(0, r.code(), r.err());
        return file;
    }

    @Test
    void genConvertAndDumpAgree() throws IOException {
        Path text = gen("s.trace");
        Path streams = gen("s.jts", "--streams");
        Path converted = dir.resolve("c.jts");
        assertEquals(0, Cli.run("trace", "convert", text.toString(), "--streams", "-o", converted.toString()).code());
        assertArrayEquals(Files.readAllBytes(streams), Files.readAllBytes(converted));
        Cli.Result dump = Cli.run("trace", "dump", streams.toString());
        assertEquals(0, dump.code(), dump.err());
        assertEquals(Files.readString(text), dump.out());
    }

    @Test
    void convertingADamagedStreamTraceLeavesNothing() throws IOException {
        byte[] whole = Files.readAllBytes(gen("s.jts", "--streams"));
        SplittableRandom random = new SplittableRandom(37);
        for (int i = 0; i < 6; i++) {
            byte[] damaged;
            if (i % 2 == 0) {
                damaged = Arrays.copyOf(whole, 6 + random.nextInt(whole.length - 6));
            } else {
                damaged = whole.clone();
                damaged[6 + random.nextInt(whole.length - 6)] ^= (byte) (1 + random.nextInt(255));
            }
            Path in = Files.write(dir.resolve("damaged" + i + ".jts"), damaged);
            Path out = dir.resolve("out" + i + ".trace");
            Cli.Result r = Cli.run("trace", "convert", in.toString(), "-o", out.toString());
            assertEquals(2, r.code(), r.err());
            List<String> lines = r.errLines();
            assertEquals(1, lines.size(), r.err());
            assertTrue(lines.get(0).startsWith("jmmtk: " + in + ": "), lines.get(0));
            assertFalse(lines.get(0).contains("Exception"), lines.get(0));
            assertFalse(Files.exists(out), "no output for " + lines.get(0));
            try (Stream<Path> files = Files.list(dir)) {
                assertTrue(files.noneMatch(f -> f.getFileName().toString().startsWith("out")), "no temporary file left");
            }
        }
    }
}
