package org.jmmtk.tools.probes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.tools.model.WorkSpan;
import org.junit.jupiter.api.Test;

/**
 * The packet graph of a recorded collection takes the packets' CPU times when they were recorded, so a
 * packet whose thread was descheduled does not lengthen the span, and elapsed times otherwise.
 */
class GcGraphTest {
    private static ProbeEvents.Packet packet(long id, long parent, long start, long end, long spawnOffset,
                                             long cpu, long spawnCpu) {
        return new ProbeEvents.Packet(1, "ProcessEdges", 0, "Closure", id, parent, "local", start, end, 0,
                spawnOffset, -1, cpu, spawnCpu);
    }

    private static GcGraph graph(List<ProbeEvents.Packet> packets) {
        ProbeEvents e = new ProbeEvents();
        e.gcs.add(new ProbeEvents.Gc(1, "marksweep", "full", "test", 0, 100_000));
        e.packets.addAll(packets);
        return GcGraph.of(e).get(0);
    }

    @Test
    void aDescheduledParentDoesNotLengthenTheSpan() {
        // the parent ran 1 us of its own, was descheduled for 50 us, then spawned its child: elapsed times put the
        // child at 51 us, CPU times at 1 us
        GcGraph g = graph(List.of(packet(1, 0, 0, 51_500, -1, 1_500, -1),
                packet(2, 1, 51_600, 53_600, 51_000, 2_000, 1_000)));
        assertTrue(g.cpuTimes());
        WorkSpan ws = new WorkSpan(g.graph());
        assertEquals(3_500, ws.work());
        assertEquals(3_000, ws.span(), "the child starts 1 us of CPU time into its parent and runs 2 us");
        assertEquals(Stage.CLOSURE.ordinal(), g.graph().stage(1));
        assertEquals(51_000, g.created(1), "creation times, for the idle attribution, stay elapsed");
    }

    @Test
    void withoutCpuTimesTheElapsedTimesAreUsed() {
        GcGraph g = graph(List.of(packet(1, 0, 0, 51_500, -1, 1_500, -1),
                packet(2, 1, 51_600, 53_600, 51_000, -1, -1)));
        assertFalse(g.cpuTimes());
        WorkSpan ws = new WorkSpan(g.graph());
        assertEquals(53_500, ws.work());
        assertEquals(53_000, ws.span());
    }
}
