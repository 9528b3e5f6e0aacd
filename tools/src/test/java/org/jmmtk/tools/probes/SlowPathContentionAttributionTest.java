package org.jmmtk.tools.probes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which slow path a wait for the page-resource lock belongs to: the mutator slow path on the same thread
 * that contains it; a wait on another thread, outside every slow path, or inside a collection (the
 * requesting mutator's thread then works as a GC worker) counts apart, as other waits.
 */
class SlowPathContentionAttributionTest {
    private static final long MUTATOR = 7;
    private static final long OTHER = 8;

    @Test
    void waitsGoToTheSlowPathThatHoldsThemOnTheirThread() {
        List<ProbeEvents.SlowPath> slow = List.of(
                new ProbeEvents.SlowPath(0, 64, "ix", 1_000, 2_000, MUTATOR),
                new ProbeEvents.SlowPath(0, 64, "ix", 3_000, 9_000, MUTATOR),
                new ProbeEvents.SlowPath(1, 64, "ix", 3_500, 4_000, OTHER));
        List<ProbeEvents.Gc> gcs = List.of(new ProbeEvents.Gc(1, "immix", "full", "heap-full", 5_000, 8_000));
        List<ProbeEvents.LockWait> waits = List.of(
                new ProbeEvents.LockWait("ix", 1_100, 1_400, MUTATOR),   // slow path 1
                new ProbeEvents.LockWait("ix", 1_500, 1_600, MUTATOR),   // slow path 1 again
                new ProbeEvents.LockWait("ix", 2_500, 2_600, MUTATOR),   // between slow paths: other
                new ProbeEvents.LockWait("ix", 3_100, 3_150, MUTATOR),   // slow path 2, before its GC
                new ProbeEvents.LockWait("ix", 3_600, 3_700, OTHER),     // the other mutator's slow path
                new ProbeEvents.LockWait("ix", 6_000, 6_500, MUTATOR),   // inside the GC: a worker's wait
                new ProbeEvents.LockWait("ix", 8_900, 9_100, MUTATOR));  // runs past the slow path's end: other
        SlowPathReport r = new SlowPathReport(slow, gcs, waits);
        assertEquals(3, r.slowPaths());
        assertEquals(3, r.contendedSlowPaths());
        assertEquals(4, r.lockWaits());
        assertEquals((300 + 100 + 50 + 100) / 1e6, r.contendedMs(), 1e-12);
        assertEquals(0.05, r.contendedUs(0), 0.001);
        assertEquals(0.4, r.contendedUs(100), 0.001);
    }

    @Test
    void noWaitsNoContendedSlowPaths() {
        SlowPathReport r = new SlowPathReport(List.of(new ProbeEvents.SlowPath(0, 64, "ix", 1, 2, MUTATOR)),
                List.of(), List.of());
        assertEquals(0, r.contendedSlowPaths());
        assertEquals(0, r.contendedUs(50));
        assertEquals(null, r.contendedSeries("x"));
    }
}
