package org.jmmtk.bindings.garcosim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Path;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.bindings.trace.TraceStats;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;

/** Checks what a GarCoSim trace leaves reachable, by the shadow heap and by replaying it on collecting plans. */
final class GarCoSimTraces {
    private static final String[] PLANS = {"semispace", "marksweep"};

    private GarCoSimTraces() {
    }

    /** The trace statistics' summary of {@code file}. */
    static TraceStats.Summary stats(Path file) throws IOException {
        TraceStats stats = new TraceStats();
        new GarCoSimReader(file).replay(stats);
        return stats.summary();
    }

    /** {@code file} replayed on {@code plan} with a 4 MiB heap, two GC threads and sanity checks. */
    static RunResult run(String plan, TraceSource source) throws IOException {
        Plans.Entry entry = Plans.REGISTRY.find(plan).orElseThrow();
        Options options = new Options().heapBytes(4L << 20).threads(2).sanity(true);
        return Simulation.run(entry, options, source);
    }

    /** Asserts that the trace statistics and every collecting plan find {@code objects} objects of {@code bytes}. */
    static void assertReachable(Path file, long objects, long bytes) throws IOException {
        TraceStats.Summary s = stats(file);
        assertEquals(objects, s.reachableObjects(), "reachable objects by the shadow heap");
        assertEquals(bytes, s.reachableBytes(), "reachable bytes by the shadow heap");
        for (String plan : PLANS) {
            RunResult r = run(plan, new GarCoSimReader(file));
            assertFalse(r.isOutOfMemory(), plan);
            assertEquals(s.objects(), r.objectsAllocated(), plan + ": objects allocated");
            assertEquals(objects, r.finalLiveObjects(), plan + ": final live objects");
            assertEquals(bytes, r.finalLiveBytes(), plan + ": final live bytes");
        }
    }
}
