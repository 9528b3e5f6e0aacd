package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code .maxlive} cache: read back as written, ignored when the trace changed or the file is broken. */
class MaxLiveCacheTest {
    private static final MaxLive.Result RESULT = new MaxLive.Result(15_984, 15_152, 2_604_016);

    @TempDir
    Path dir;

    @Test
    void readsBackWhatItWroteForTheSameTrace() throws IOException {
        Path trace = TraceFiles.text(dir, "t.trace", "A 0 1 32 0");
        assertEquals(Optional.empty(), MaxLiveCache.of(trace).read());
        assertTrue(MaxLiveCache.of(trace).write(RESULT));
        assertEquals(Optional.of(RESULT), MaxLiveCache.of(trace).read());
        assertEquals(dir.resolve("t.trace.maxlive"), MaxLiveCache.of(trace).file());
    }

    @Test
    void ignoresTheCacheOfAnotherContent() throws IOException {
        Path trace = TraceFiles.text(dir, "t.trace", "A 0 1 32 0");
        MaxLiveCache.of(trace).write(RESULT);
        Files.writeString(trace, "#jmmtk-trace 1\nA 0 1 40 0\n");
        assertEquals(Optional.empty(), MaxLiveCache.of(trace).read());
    }

    @Test
    void ignoresABrokenCacheFile() throws IOException {
        Path trace = TraceFiles.text(dir, "t.trace", "A 0 1 32 0");
        MaxLiveCache cache = MaxLiveCache.of(trace);
        cache.write(RESULT);
        String text = Files.readString(cache.file());
        for (String broken : new String[] {text.replace("15984", "many"), text.replace("15984", "-1"),
                text.replaceAll("maxLiveAtAllocation.*\n", ""), "", "\u0000\u0001"}) {
            Files.writeString(cache.file(), broken);
            assertEquals(Optional.empty(), cache.read(), broken);
        }
    }
}
