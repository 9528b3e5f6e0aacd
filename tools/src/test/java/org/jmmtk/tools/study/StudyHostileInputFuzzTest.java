package org.jmmtk.tools.study;

import org.jmmtk.tools.Cli;
import org.jmmtk.tools.Hostile;
import org.jmmtk.tools.HostileInputFuzzTest;
import org.jmmtk.tools.Mutator;
import org.jmmtk.tools.Studies;
import org.jmmtk.tools.error.ExitCodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * The fuzz suite of studies: seeded mutations of a valid study file (listed, not run), of a study
 * directory's manifest and result (merged) and of a merged CSV (plotted). Every case must end with exit
 * 0, 1 or 2, a short message without a stack trace, and no file changed but the command's own output.
 */
class StudyHostileInputFuzzTest {
    private static final String CONFIG = """
            plans: [semispace, {plan: marksweep, name: ms, options: {blockSize: 8k, gcOverheadLimit: off}}]
            heapFactors: [1.05, 3]
            workloads:
              - {workload: random, seeds: [1], scales: [0.2]}
            threads: [1, 2]
            repeat: 2
            plugins: [events]
            """;

    private static Path base;
    private static Path study;
    private static byte[] manifest;
    private static byte[] result;
    private static byte[] csv;
    private static final String RESULT = "random-s1-x0p2.hf3.semispace.t1.r0.json";

    @BeforeContainer
    static void makeValidInputs() throws IOException {
        base = Files.createTempDirectory("jmmtk-study-fuzz-");
        Path config = Studies.write(base, "s.yaml", Studies.TINY);
        study = base.resolve("study");
        Cli.Result r = Cli.run("study", config.toString(), "--out-dir", study.toString(), "--task", "2");
        assertEquals(0, r.code(), r.err());
        manifest = Files.readAllBytes(study.resolve("study.json"));
        result = Files.readAllBytes(study.resolve(RESULT));
        Path merged = base.resolve("m.csv");
        assertEquals(1, Cli.run("study", "merge", study.toString(), "-o", merged.toString()).code());
        csv = Files.readAllBytes(merged);
    }

    @AfterContainer
    static void removeInputs() throws IOException {
        HostileInputFuzzTest.delete(base);
    }

    @Property(tries = 100)
    void studyFiles(@ForAll long seed) throws IOException {
        Path dir = Files.createDirectory(base.resolve("c" + Long.toUnsignedString(seed)));
        try {
            Path file = Files.write(dir.resolve("s.yaml"), new Mutator(seed, true).mutate(CONFIG.getBytes(StandardCharsets.UTF_8)));
            Map<Path, String> before = Hostile.snapshot(dir);
            Cli.Result r = Cli.run("study", file.toString(), "--list");
            Hostile.assertCleanEnd(r);
            Hostile.assertUnchanged(before, dir);
        } finally {
            HostileInputFuzzTest.delete(dir);
        }
    }

    @Property(tries = 60)
    void studyDirectories(@ForAll long seed) throws IOException {
        Path dir = Files.createDirectory(base.resolve("d" + Long.toUnsignedString(seed)));
        try {
            Path in = Files.createDirectory(dir.resolve("in"));
            boolean mutateManifest = seed % 2 == 0;
            Mutator m = new Mutator(seed, true);
            Files.write(in.resolve("study.json"), mutateManifest ? m.mutate(manifest) : manifest);
            Files.write(in.resolve(RESULT), mutateManifest ? result : m.mutate(result));
            Map<Path, String> before = Hostile.snapshot(in);
            Path out = dir.resolve("m.csv");
            Cli.Result r = Cli.run("study", "merge", in.toString(), "-o", out.toString());
            Hostile.assertCleanEnd(r);
            Hostile.assertUnchanged(before, in);
            if (r.code() == ExitCodes.USAGE) {
                assertFalse(Files.exists(out), "a refused merge wrote " + out);
            }
        } finally {
            HostileInputFuzzTest.delete(dir);
        }
    }

    @Property(tries = 8)
    void mergedCsvs(@ForAll long seed) throws IOException {
        Path dir = Files.createDirectory(base.resolve("p" + Long.toUnsignedString(seed)));
        try {
            Path in = Files.write(dir.resolve("m.csv"), new Mutator(seed, true).mutate(csv));
            Map<Path, String> before = Hostile.snapshot(dir);
            Path plots = dir.resolve("plots");
            Cli.Result r = Cli.run("study", "plot", in.toString(), "-o", plots.toString());
            Hostile.assertCleanEnd(r);
            if (r.code() != ExitCodes.OK) {
                Hostile.assertUnchanged(before, dir);
            } else {
                try (Stream<Path> files = Files.list(plots)) {
                    assertFalse(files.anyMatch(f -> !f.getFileName().toString().matches("[A-Za-z0-9_+.-]+\\.(png|svg)")));
                }
            }
        } finally {
            HostileInputFuzzTest.delete(dir);
        }
    }
}
