package org.jmmtk.tools.trace;

import org.jmmtk.tools.Cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code jmmtk trace dump}: any trace prints as the text writer writes it (binary, gzipped, version 1,
 * imported, seeded random workloads); an excerpt is those records' lines; an object's history is every record
 * about it, numbered, found here independently from the text; bad usage exits 2 with one line.
 */
class TraceDumpTest {
    @TempDir
    Path dir;

    private Path gen(String workload, long seed, String name, boolean binary) {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("trace", "gen", workload, "--seed", Long.toString(seed), "--scale",
                "0.02", "-o", out.toString()));
        if (binary) {
            args.add("--binary");
        }
        Cli.Result r = Cli.run(args.toArray(String[]::new));
        assertEquals(0, r.code(), r.err());
        assertEquals(List.of(String.format(Locale.ROOT, "wrote %s: %s trace of %s (seed %d, scale 0.02), %,d bytes", out,
                binary ? "binary" : "text", workload, seed, out.toFile().length())), r.out().lines().toList(),
                "trace gen says in one line what it wrote");
        return out;
    }

    private static String dump(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "trace";
        all[1] = "dump";
        System.arraycopy(args, 0, all, 2, args.length);
        Cli.Result r = Cli.run(all);
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        return r.out();
    }

    @ParameterizedTest
    @ValueSource(strings = {"random", "phases", "linkedlist"})
    void everyEncodingDumpsAsTheTextWriterWritesIt(String workload) throws IOException {
        for (long seed = 1; seed <= 4; seed++) {
            String text = Files.readString(gen(workload, seed, "t" + seed + ".trace", false));
            for (String name : List.of("b" + seed + ".jtb", "b" + seed + ".jtb.gz", "g" + seed + ".trace.gz")) {
                Path other = gen(workload, seed, name, name.startsWith("b"));
                assertEquals(text, dump(other.toString()), workload + " seed " + seed + ", " + name);
            }
            assertEquals(text, dump(dir.resolve("t" + seed + ".trace").toString()));
        }
    }

    @Test
    void versionOneAndImportedTracesDumpAsTheirConversion() throws IOException {
        Path v1 = Files.writeString(dir.resolve("v1.trace"), "#jmmtk-trace 1\nT 1 Node\nA 0 1 32 1 1\nR 0 0 1\nA 0 2 32 0\n");
        Path converted = dir.resolve("v2.trace");
        assertEquals(0, Cli.run("trace", "convert", v1.toString(), "-o", converted.toString()).code());
        assertEquals(Files.readString(converted), Cli.run("trace", "dump", v1.toString()).out());

        Path et1 = Files.writeString(dir.resolve("small.et1"), Et1ImportTest.TRACE);
        Path text = dir.resolve("et1.trace");
        Path binary = dir.resolve("et1.jtb.gz");
        assertEquals(0, Cli.run("trace", "import", "--from", "et1", et1.toString(), "-o", text.toString()).code());
        assertEquals(0, Cli.run("trace", "import", "--from", "et1", et1.toString(), "-o", binary.toString(),
                "--binary").code());
        assertEquals(Files.readString(text), dump(binary.toString()));
        assertTrue(Files.readString(text).contains("\nD "), "the imported trace has deaths");
    }

    @Test
    void anExcerptIsThoseRecordsLines() throws IOException {
        Path binary = gen("phases", 9, "p.jtb", true);
        List<String> records = recordLines(gen("phases", 9, "p.trace", false));
        for (int[] fc : new int[][] {{1, 5}, {7, 1}, {100, 40}, {records.size() - 2, 10}, {records.size() + 5, 3}}) {
            int from = fc[0];
            int to = Math.min(records.size(), from - 1 + fc[1]);
            String expected = from > records.size() ? "" : String.join("\n", records.subList(from - 1, to)) + "\n";
            assertEquals(expected, dump(binary.toString(), "--from", Integer.toString(from), "--count",
                    Integer.toString(fc[1])), from + "+" + fc[1]);
        }
        assertEquals(String.join("\n", records.subList(records.size() - 3, records.size())) + "\n",
                dump(binary.toString(), "--from", Integer.toString(records.size() - 2)));
        assertEquals("", dump(binary.toString(), "--count", "0"));
    }

    /** The record lines of a text trace: all but the header, comments, blank lines and the end record. */
    private static List<String> recordLines(Path text) throws IOException {
        List<String> lines = Files.readAllLines(text);
        return lines.subList(1, lines.size() - 1).stream().filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
    }

    @Test
    void anObjectsHistoryIsEveryRecordAboutItNumbered() throws IOException {
        Path text = gen("phases", 3, "h.trace", false);
        Path binary = gen("phases", 3, "h.jtb.gz", true);
        List<String> records = recordLines(text);
        for (long id : new long[] {1, 2, 17, 200, 1000}) {
            List<String> expected = new ArrayList<>();
            int allocation = -1;
            for (int i = 0; i < records.size(); i++) {
                String[] f = records.get(i).split(" ");
                String self = Long.toString(id);
                boolean about = switch (f[0]) {
                    case "A" -> f[2].equals(self);
                    case "W" -> f[2].equals(self) || f[4].equals(self);
                    case "R" -> f[3].equals(self);
                    case "G" -> f[2].equals(self);
                    case "D" -> f[1].equals(self);
                    default -> false;
                };
                if (f[0].equals("A") && about) {
                    allocation = expected.size();
                    if (f.length > 5) {
                        for (int t = 0; t < i; t++) {
                            if (records.get(t).startsWith("T " + f[5] + " ")) {
                                expected.add(line(t + 1, records.get(t)));
                            }
                        }
                    }
                }
                if (about) {
                    expected.add(line(i + 1, records.get(i)));
                }
            }
            assertTrue(allocation >= 0, "the workload allocates object " + id);
            Cli.Result r = Cli.run("trace", "dump", binary.toString(), "--object", Long.toString(id));
            assertEquals(0, r.code(), r.err());
            List<String> out = r.out().lines().toList();
            assertEquals("object " + id + " in " + binary + ": " + expected.size() + " record"
                    + (expected.size() == 1 ? "" : "s"), out.get(0));
            assertEquals(expected, out.subList(1, out.size()), "object " + id);
        }
    }

    private static String line(int number, String record) {
        return String.format(Locale.ROOT, "%12d  %s", number, record);
    }

    @Test
    void badUsageExitsTwoWithOneLine() throws IOException {
        Path t = gen("random", 1, "r.trace", false);
        String[][] hostile = {
                {"--object", "99999999"}, {"--object", "0"}, {"--object", "-3"}, {"--object", "1", "--from", "2"},
                {"--from", "0"}, {"--count", "-1"}, {"--from", "x"},
        };
        for (String[] h : hostile) {
            String[] args = new String[h.length + 3];
            args[0] = "trace";
            args[1] = "dump";
            args[2] = t.toString();
            System.arraycopy(h, 0, args, 3, h.length);
            Cli.Result r = Cli.run(args);
            assertEquals(2, r.code(), String.join(" ", h));
            assertEquals(1, r.errLines().size(), r.err());
            assertEquals("", r.out(), "nothing printed before the error");
        }
        assertEquals(List.of("jmmtk: " + t + ": the trace never allocates object 99999999"),
                Cli.run("trace", "dump", t.toString(), "--object", "99999999").errLines());
        Cli.Result missing = Cli.run("trace", "dump", dir.resolve("none.trace").toString());
        assertEquals(2, missing.code());
        assertEquals(1, missing.errLines().size(), missing.err());
    }
}
