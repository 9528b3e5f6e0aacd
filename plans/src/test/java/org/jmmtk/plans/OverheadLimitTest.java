package org.jmmtk.plans;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.core.heap.OverheadLimit;
import org.junit.jupiter.api.Test;

/**
 * The GC-overhead limit ends a run that would thrash: semispace on {@code cache --scale 0.2} in an
 * 8 MiB heap ran more than 65,000 collections for minutes without it. The limit is on by default and
 * counts work in bytes, so where a run stops does not depend on the GC thread count.
 */
class OverheadLimitTest {
    private static RunResult run(String plan, double scale, long heap, int threads, OverheadLimit limit)
            throws IOException {
        Plans.Entry p = Plans.REGISTRY.find(plan).orElseThrow();
        return Simulation.run(p,
                new Options().heapBytes(heap).threads(threads).overheadLimit(limit),
                Workloads.REGISTRY.find("cache").orElseThrow().factory().create(Workloads.DEFAULT_SEED, scale));
    }

    @Test
    void thrashingSemispaceEndsAsAnOutOfMemoryNamingTheRule() throws IOException {
        RunResult one = run("semispace", 0.2, 8L << 20, 1, OverheadLimit.DEFAULT);
        RunResult two = run("semispace", 0.2, 8L << 20, 2, OverheadLimit.DEFAULT);
        assertTrue(one.isOutOfMemory());
        assertTrue(one.outOfMemory().contains("GC overhead limit exceeded: 5 collections in a row"), one.outOfMemory());
        assertTrue(one.outOfMemory().contains("--gc-overhead-limit 98,2,5"), one.outOfMemory());
        assertTrue(one.gcCount() < 2_000, "ended after " + one.gcCount() + " collections");
        assertTrue(one.gcCount() == two.gcCount() && one.bytesAllocated() == two.bytesAllocated(),
                "the same point for 1 and 2 GC threads");
    }

    @Test
    void aComfortableHeapNeverReachesTheLimit() throws IOException {
        RunResult r = run("marksweep", 0.05, 12L << 20, 2, new OverheadLimit(50, 50, 1));
        assertNull(r.outOfMemory(), r.outOfMemory());
    }
}
