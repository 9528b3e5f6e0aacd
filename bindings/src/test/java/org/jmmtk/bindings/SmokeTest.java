package org.jmmtk.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.ShadowHeap;
import org.jmmtk.bindings.workloads.Workload;
import org.jmmtk.bindings.workloads.Workloads;
import org.jmmtk.core.Options;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void allWorkloadsAllPlans() throws Exception {
        for (Workloads.Entry we : Workloads.all()) {
            Workload w = we.factory().create(42, 0.05);
            ShadowHeap shadow = new ShadowHeap();
            w.replay(shadow);
            ShadowHeap.Reachable expected = shadow.reachable();
            for (Plans.Entry pe : Plans.all()) {
                for (int threads : new int[] {1, 3}) {
                    RunResult r = Simulation.run(pe.name(), pe.factory(),
                            new Options().heapBytes(pe.name().equals("nogc") ? 256L << 20 : 16L << 20).threads(threads).sanity(true), w);
                    System.out.printf("%s %s t=%d gcs=%d live=%d/%d copied=%d marked=%d oom=%s%n", we.name(), pe.name(), threads,
                            r.gcCount(), r.finalLiveObjects(), r.finalLiveBytes(), r.bytesCopied(), r.bytesMarked(), r.outOfMemory());
                    assertEquals(expected.objects(), r.finalLiveObjects());
                    assertEquals(expected.bytes(), r.finalLiveBytes());
                }
            }
        }
    }
}
