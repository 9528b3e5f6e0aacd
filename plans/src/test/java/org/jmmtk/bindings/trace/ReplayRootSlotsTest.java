package org.jmmtk.bindings.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Thread and global root slots anywhere in the format's range keep their objects alive on every plan. */
class ReplayRootSlotsTest {
    @TempDir
    Path dir;

    private static RunResult replay(String plan, Path file) throws IOException {
        Plans.Entry entry = Plans.REGISTRY.find(plan).orElseThrow();
        Options options = new Options().heapBytes(4L << 20).threads(2).sanity(true);
        return Simulation.run(entry, options, TraceFormat.open(file));
    }

    @ParameterizedTest(name = "{0}, slot {1}")
    @CsvSource({
        "nogc, 131072", "semispace, 131072", "marksweep, 131072",
        "nogc, 1048575", "semispace, 1048575", "marksweep, 1048575",
    })
    void highThreadRootSlotAloneKeepsItsObject(String plan, int slot) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 1", "A 0 2 48 0", "W 0 1 0 2", "R 3 " + slot + " 1",
                "C");
        RunResult result = replay(plan, file);
        assertEquals(2L, result.finalLiveObjects());
        assertEquals(80L, result.finalLiveBytes());
    }

    @ParameterizedTest(name = "{0}, slot {1}")
    @CsvSource({"nogc, 1048575", "semispace, 1048575", "marksweep, 1048575"})
    void highGlobalRootSlotAloneKeepsItsObject(String plan, int slot) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 0", "G " + slot + " 1", "C", "A 0 2 48 0");
        RunResult result = replay(plan, file);
        assertEquals(1L, result.finalLiveObjects());
        assertEquals(32L, result.finalLiveBytes());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"semispace", "marksweep"})
    void lowAndHighRootSlotsOfOneThreadAreBothScanned(String plan) throws IOException {
        Path file = TraceFiles.text(dir, "t.trace", "A 0 1 32 0", "A 0 2 48 0", "R 0 0 1", "R 0 1048575 2", "C",
                "R 0 0 0", "C");
        RunResult result = replay(plan, file);
        assertEquals(1L, result.finalLiveObjects());
        assertEquals(48L, result.finalLiveBytes());
    }
}
