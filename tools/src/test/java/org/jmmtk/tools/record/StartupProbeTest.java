package org.jmmtk.tools.record;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The start-up allocation the probe measures is what the JVM allocated before main, checked against
 * HotSpot's own account: without thread-local allocation buffers, eden's top at the probe's first
 * collection (its first act) is every byte allocated before main, on all threads.
 */
class StartupProbeTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final Pattern EDEN = Pattern.compile("GC\\(0\\)\\s+eden space .*\\[0x(\\p{XDigit}+), 0x(\\p{XDigit}+),");

    @TempDir
    Path dir;

    @Test
    void theAllocationBeforeMainIsWhatEdenHeldAtTheFirstCollection() throws IOException, InterruptedException {
        Path log = dir.resolve("gc.log");
        Optional<RecordedTrace.StartupHeap> heap = StartupProbe.measure(JAVA, List.of("-XX:+UseSerialGC", "-Xmx64m",
                "-Xmn8m", "-XX:-UseTLAB", "-XX:-UseCompressedOops", "-XX:-UseCompressedClassPointers",
                "-Xlog:gc+heap=debug:file=" + log), Files.createDirectory(dir.resolve("work")));
        assertTrue(heap.isPresent() && heap.get().measured(), "measured: " + heap);
        long eden = -1;
        for (String line : Files.readAllLines(log)) {
            Matcher m = EDEN.matcher(line);
            if (m.find()) {
                eden = Long.parseUnsignedLong(m.group(2), 16) - Long.parseUnsignedLong(m.group(1), 16);
                break;
            }
        }
        assertTrue(eden > 200_000, "eden before the first collection: " + eden + " bytes\n" + Files.readString(log));
        long allocated = heap.get().allocated();
        // Other threads (the reference handler, the finalizer, the signal dispatcher) allocate a few KB
        // before main; the probe counts only the main thread's.
        assertTrue(Math.abs(allocated - eden) < 32 * 1024,
                "the probe's " + allocated + " bytes against eden's " + eden + " before main");
    }
}
