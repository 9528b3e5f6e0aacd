package org.jmmtk.tools;

import org.jmmtk.tools.option.GlobalOptions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.jmmtk.conformance.ConformanceKit;
import org.jmmtk.core.extension.ExtensionClassPath;
import org.jmmtk.core.extension.Extensions;
import org.jmmtk.core.plan.PlanProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code examples/my-plan}, built as its own Maven build would (its sources compiled against this build,
 * its services files), then used as a user would: a new JVM running the command line with the jar on
 * {@code JMMTK_CLASSPATH} lists one plan more and runs it with the plugin, to the live set semispace
 * finds; and the plan passes the conformance kit.
 */
class ExampleProjectTest {
    private static final Path PROJECT = Path.of("..", "examples", "my-plan");

    @TempDir
    static Path dir;
    static Path jar;

    @BeforeAll
    static void buildTheExample() throws IOException {
        jar = TestJars.buildProject(dir.resolve("my-plan.jar"), PROJECT);
    }

    @AfterEach
    void forgetAddedCode() {
        Extensions.use(ExtensionClassPath.EMPTY);
    }

    /** {@code jmmtk args...} in a new JVM with {@code JMMTK_CLASSPATH} set to {@code classPath} (null: unset). */
    private static ChildRun jmmtk(String classPath, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                // as Cli does in-process: no busy-machine line in what the test parses
                "-Djmmtk.loadAverage=0", Main.class.getName()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
        pb.environment().remove(GlobalOptions.ENV);
        if (classPath != null) {
            pb.environment().put(GlobalOptions.ENV, classPath);
        }
        int code = pb.start().waitFor();
        return new ChildRun(code, Files.readString(out, StandardCharsets.UTF_8));
    }

    record ChildRun(int code, String out) {
    }

    @Test
    void theJarAddsAPlanAndAPluginThatRun() throws Exception {
        ChildRun plans = jmmtk(jar.toString(), "plans");
        assertEquals(0, plans.code(), plans.out());
        assertEquals(Cli.run("plans").out().lines().count() + 1, plans.out().lines().count(), plans.out());
        assertTrue(plans.out().lines().anyMatch(l -> l.startsWith("depthfirst ") && l.endsWith("[" + jar + "]")),
                plans.out());
        Cli.Result plugins = Cli.run("--classpath", jar.toString(), "plugins");
        assertTrue(plugins.out().contains("allocsizes   histogram of allocation sizes"), plugins.out());

        ChildRun run = jmmtk(jar + File.pathSeparator, "run", "--plan", "depthfirst", "--workload", "random",
                "--heap-factor", "4", "--plugin", "allocsizes", "--sanity");
        assertEquals(0, run.code(), run.out());
        assertTrue(run.out().contains("allocsizes: <= 16 B"), run.out());
        Cli.Result semispace = Cli.run("run", "--plan", "semispace", "--workload", "random", "--heap-factor", "4");
        assertEquals(line(semispace.out(), "final live bytes"), line(run.out(), "final live bytes"));
    }

    /**
     * The jar's plan defines a collection kind ({@code depthfirst}) and an option
     * ({@code --depth-first-every}) that neither core nor the command line knows: listed, parsed, checked
     * and reported from the plan's own declarations, with the option taking effect.
     */
    @Test
    void theJarsPlanBringsItsOwnKindAndOption() throws Exception {
        ChildRun listed = jmmtk(null, "--classpath", jar.toString(), "plans", "--options");
        assertEquals(0, listed.code(), listed.out());
        assertTrue(listed.out().contains("--depth-first-every N"), listed.out());

        ChildRun every = jmmtk(null, "--classpath", jar.toString(), "run", "--plan", "depthfirst", "--workload",
                "random", "--heap-factor", "3", "--json");
        assertEquals(0, every.code(), every.out());
        Map<String, Object> all = JsonTree.object(every.out());
        long gcs = ((Number) all.get("gcCount")).longValue();
        assertTrue(gcs >= 3, "too few collections to alternate: " + gcs);
        assertEquals(Map.of("depthfirst", gcs, "full", 0L), counts(all));
        assertEquals(0L, ((Number) all.get("fullGcCount")).longValue(), "the legacy count is the label's");

        for (long n : new long[] {2, 3}) {
            Cli.Result r = Cli.run("--classpath", jar.toString(), "run", "--plan", "depthfirst", "--workload", "random",
                    "--heap-factor", "3", "--json", "--depth-first-every", Long.toString(n));
            assertEquals(0, r.code(), r.err());
            Map<String, Object> some = JsonTree.object(r.out());
            long g = ((Number) some.get("gcCount")).longValue();
            long depthFirst = (g + n - 1) / n;
            assertEquals(Map.of("depthfirst", depthFirst, "full", g - depthFirst), counts(some), "every " + n);
            assertEquals(all.get("finalLiveBytes"), some.get("finalLiveBytes"));
        }

        Cli.Result zero = Cli.run("--classpath", jar.toString(), "run", "--plan", "depthfirst", "--workload", "random",
                "--depth-first-every", "0");
        assertEquals(2, zero.code());
        assertEquals(List.of("jmmtk: --depth-first-every 0 is out of range 1..1000000"), zero.errLines());
        Cli.Result other = Cli.run("--classpath", jar.toString(), "run", "--plan", "semispace", "--workload", "random",
                "--depth-first-every", "2");
        assertEquals(2, other.code());
        assertEquals(List.of("jmmtk: --depth-first-every is not an option of plan 'semispace' (it takes none); "
                + "the plans that take it: depthfirst"), other.errLines());
        Cli.Result without = Cli.run("run", "--plan", "depthfirst", "--depth-first-every", "2");
        assertEquals(2, without.code(), "without the jar there is neither the plan nor its option");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Long> counts(Map<String, Object> run) {
        Map<String, Long> counts = new java.util.LinkedHashMap<>();
        ((Map<String, Object>) run.get("gcCountByKind")).forEach((k, v) -> counts.put(k, ((Number) v).longValue()));
        return counts;
    }

    private static String line(String out, String label) {
        return out.lines().filter(l -> l.strip().startsWith(label)).findFirst().orElse("(no " + label + ")");
    }

    @Test
    void thePlanConforms() throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
            PlanProvider depthFirst = ServiceLoader.load(PlanProvider.class, loader).stream()
                    .filter(p -> p.type().getClassLoader() == loader).findFirst().orElseThrow().get();
            ConformanceKit kit = ConformanceKit.of(depthFirst).seeds(1);
            kit.checkLiveSet(1);
            kit.checkThreadCounts(1);
            kit.checkOutOfMemory(1);
        }
    }
}
