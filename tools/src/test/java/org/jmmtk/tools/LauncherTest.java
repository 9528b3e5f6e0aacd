package org.jmmtk.tools;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code jmmtk} launcher script's choice of record's collector: Parallel GC for {@code record} (after
 * any global options), the JVM's own for every other command and whenever an option variable names a
 * collector. Runs a copy of the script beside an up-to-date jar (no build, no class-data archive) with a
 * {@code java} on the path that prints the options it was given.
 */
class LauncherTest {
    private static final String PARALLEL = "-XX:+UseParallelGC";

    @TempDir
    Path dir;

    @Test
    void recordRunsOnParallelGcUnlessItsOptionsNameACollector() throws Exception {
        assertTrue(javaOptions(Map.of(), "record", "-o", "x.trace", "--", "java", "Main").contains(PARALLEL));
        assertTrue(javaOptions(Map.of(), "--debug", "--classpath", "a.jar", "record", "-o", "x").contains(PARALLEL));
        assertTrue(javaOptions(Map.of(), "--classpath=a.jar", "record").contains(PARALLEL));
        assertTrue(javaOptions(Map.of("JMMTK_JAVA_OPTS", "-Xlog:gc"), "record").contains(PARALLEL));

        assertFalse(javaOptions(Map.of(), "run", "--plan", "semispace", "record").contains(PARALLEL));
        assertFalse(javaOptions(Map.of(), "--classpath", "record", "plans").contains(PARALLEL), "record is --classpath's value");
        assertFalse(javaOptions(Map.of(), "validate", "--", "java", "Main").contains(PARALLEL));
        assertFalse(javaOptions(Map.of()).contains(PARALLEL));
        for (String variable : List.of("JMMTK_JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
            for (String collector : List.of("-XX:+UseG1GC", "-XX:+UseSerialGC", "-XX:-UseParallelGC", "-XX:+UseZGC")) {
                List<String> options = javaOptions(Map.of(variable, "-Xss2m " + collector), "record", "-o", "x");
                assertFalse(options.contains(PARALLEL), variable + "=" + collector + ": " + options);
            }
        }
    }

    /** The arguments the launcher gives {@code java} before {@code -jar}, run with {@code args} and these variables. */
    private List<String> javaOptions(Map<String, String> environment, String... args) throws IOException, InterruptedException {
        Path root = dir.resolve("jmmtk");
        if (!Files.exists(root)) {
            Files.createDirectories(root.resolve("tools/target"));
            Files.copy(Path.of("..", "jmmtk"), root.resolve("jmmtk"));
            Files.writeString(root.resolve("tools/target/jmmtk.jar"), ""); // no sources beside it: never stale
            Path bin = Files.createDirectories(dir.resolve("bin"));
            Files.writeString(bin.resolve("java"), "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n");
            Files.setPosixFilePermissions(bin.resolve("java"), PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        List<String> command = new ArrayList<>(List.of("bash", root.resolve("jmmtk").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        Map<String, String> env = builder.environment();
        for (String variable : List.of("JMMTK_JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
            env.remove(variable);
        }
        env.put("JMMTK_CDS", "0");
        env.put("PATH", dir.resolve("bin") + ":" + env.get("PATH"));
        env.putAll(environment);
        Process p = builder.start();
        List<String> out = new String(p.getInputStream().readAllBytes()).lines().toList();
        assertEquals(0, p.waitFor(), String.join("\n", out));
        int jar = out.indexOf("-jar");
        assertTrue(jar >= 0, String.join("\n", out));
        return out.subList(0, jar);
    }
}
