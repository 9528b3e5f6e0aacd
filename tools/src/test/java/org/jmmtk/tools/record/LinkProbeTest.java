package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first links' structures measured on this JDK: a plain JVM keeps tens of KB more from a first
 * lambda, concatenation, method reference and stream than a JVM with an agent (which built them before
 * main); the figure is kept and read back from the cache, and a probe that cannot measure gives nothing.
 */
class LinkProbeTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final List<String> OPTIONS = List.of("-XX:+UseSerialGC", "-Xmx64m", "-XX:-UseCompressedOops",
            "-XX:-UseCompressedClassPointers");

    private static final java.util.function.Function<Path, List<String>> AGENTLIB = jar -> List.of("-agentlib:instrument=" + jar);

    @TempDir
    Path dir;

    @Test
    void aPlainJvmKeepsMoreFromItsFirstLinksAndTheFigureIsCached() throws IOException, InterruptedException {
        Path cache = dir.resolve("cache");
        OptionalLong measured = LinkProbe.measure(JAVA, OPTIONS, AGENTLIB, Files.createDirectory(dir.resolve("w1")), cache);
        assertTrue(measured.isPresent());
        assertTrue(measured.getAsLong() > 20_000 && measured.getAsLong() < 1_000_000, "bytes " + measured);
        List<Path> kept;
        try (var files = Files.list(cache)) {
            kept = files.toList();
        }
        assertEquals(1, kept.size(), "one measurement kept: " + kept);
        Files.writeString(kept.get(0), "12345\n");
        assertEquals(OptionalLong.of(12345), LinkProbe.measure(JAVA, OPTIONS, AGENTLIB, Files.createDirectory(dir.resolve("w2")), cache),
                "read from the cache, no JVM started");
        Path log = dir.resolve("gc.log");
        assertTrue(LinkProbe.measure(JAVA, List.of("-Xmx48m", "-Xlog:gc:file=" + log), AGENTLIB,
                Files.createDirectory(dir.resolve("w3")), cache).isPresent());
        assertFalse(Files.exists(log), "the program's log options are left to the program");
        try (var files = Files.list(cache)) {
            assertEquals(2, files.count(), "other options, another measurement");
        }
    }

    @Test
    void aProbeThatCannotMeasureGivesNothingAndKeepsNothing() throws IOException, InterruptedException {
        Path cache = dir.resolve("cache");
        assertFalse(LinkProbe.measure(JAVA, List.of("-XX:+DisableExplicitGC"), AGENTLIB, Files.createDirectory(dir.resolve("w1")), cache)
                .isPresent(), "explicit collections disabled");
        assertFalse(LinkProbe.measure(JAVA, List.of("-XX:NoSuchOption"), AGENTLIB, Files.createDirectory(dir.resolve("w2")), cache)
                .isPresent(), "a JVM that does not start");
        if (Files.exists(cache)) {
            try (var files = Files.list(cache)) {
                assertFalse(files.findAny().isPresent(), "nothing kept");
            }
        }
    }
}
