package org.jmmtk.bindings.garcosim;

import static org.jmmtk.bindings.garcosim.GarCoSimTraces.assertReachable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** GarCoSim's own traces, read in place from the shared folder when it exists, leave the known live bytes. */
class GarCoSimSharedTracesTest {
    private static final Path DIR = Path.of("/work/shared/external/garcosim");

    @BeforeEach
    void requireSharedTraces() {
        Assumptions.assumeTrue(Files.isDirectory(DIR), DIR + " is not present");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"thousand.trace, 24, 1754", "tenthousand.trace, 124, 9718"})
    void largerTracesLeaveTheirKnownLiveBytes(String name, long objects, long bytes) throws IOException {
        assertReachable(DIR.resolve(name), objects, bytes);
    }

    @ParameterizedTest(name = "{0}, {1} GC threads")
    @CsvSource({"nogc, 1", "semispace, 1", "semispace, 2", "marksweep, 1", "marksweep, 2", "markcompact, 1",
            "markcompact, 2", "immix, 1", "immix, 2"})
    void tenThousandFinishesOnEveryPlanInOneMebibyte(String plan, int threads) throws IOException {
        Plans.Entry entry = Plans.REGISTRY.find(plan).orElseThrow();
        Options options = new Options().heapBytes(1L << 20).threads(threads).sanity(true);
        RunResult r = Simulation.run(entry, options,
                new GarCoSimReader(DIR.resolve("tenthousand.trace")));
        assertNull(r.outOfMemory(), r.outOfMemory());
        assertEquals(124L, r.finalLiveObjects());
        assertEquals(9718L, r.finalLiveBytes());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"chained.trace, 0, 0", "cycle.trace, 0, 0", "direct.trace, 0, 0", "indirect.trace, 2, 256"})
    void sanityCasesLeaveTheirKnownLiveBytes(String name, long objects, long bytes) throws IOException {
        assertReachable(DIR.resolve(name), objects, bytes);
    }
}
