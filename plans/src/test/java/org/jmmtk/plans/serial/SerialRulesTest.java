package org.jmmtk.plans.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.junit.jupiter.api.Test;

/**
 * Serial's sizes as HotSpot 17 computes them (checked against {@code java -XX:+UseSerialGC
 * -Xlog:gc+heap+exit}: -Xmn8m gives eden 6656K and survivors 768K; -Xmn7m with SurvivorRatio 3 gives
 * 4352K and 1408K; -Xmn1m gives 896K and 64K), the options' bad values, and the tenuring threshold
 * computed from a known age table through a run.
 */
class SerialRulesTest {
    private static final HeapGeometry GEOMETRY = HeapGeometry.forHeap(64L << 20);

    @Test
    void sizesAsHotSpotComputesThem() {
        Generations g = Generations.of(64L << 20, 8L << 20, 8, GEOMETRY);
        assertEquals(6656L << 10, g.edenBytes());
        assertEquals(768L << 10, g.survivorBytes());
        assertEquals(56L << 20, g.oldBytes());
        Generations r3 = Generations.of(64L << 20, 7L << 20, 3, GEOMETRY);
        assertEquals(4352L << 10, r3.edenBytes());
        assertEquals(1408L << 10, r3.survivorBytes());
        Generations small = Generations.of(64L << 20, 1L << 20, 8, GEOMETRY);
        assertEquals(896L << 10, small.edenBytes());
        assertEquals(64L << 10, small.survivorBytes());
        Generations byDefault = Generations.of(96L << 20, 0, 8, GEOMETRY);
        assertEquals(32L << 20, byDefault.youngBytes(), "a third of the heap (NewRatio 2)");
    }

    @Test
    void refusesWhatHotSpotRefuses() {
        assertThrows(IllegalArgumentException.class, () -> Generations.of(64L << 20, 64L << 20, 8, GEOMETRY));
        assertThrows(IllegalArgumentException.class, () -> new Options().planOption(Serial.MAX_TENURING_THRESHOLD, 16));
        assertThrows(IllegalArgumentException.class, () -> new Options().planOption(Serial.MAX_TENURING_THRESHOLD, -1));
        assertThrows(IllegalArgumentException.class, () -> new Options().planOption(Serial.SURVIVOR_RATIO, 0));
    }

    /**
     * Survivors of ages 1, 2 and 3 of 16, 8 and 24 KiB with a 64 KiB survivor space (desired 32 KiB):
     * the running total passes 32 KiB at age 3, so the threshold becomes 3. Capped at 2, the third
     * collection promotes the 16 KiB that reach age 2 instead, and the threshold stays 2.
     * Built by a program: 16 KiB rooted in the first eden, 8 KiB in the second, 24 KiB in the third,
     * all kept; after the third young collection the age table holds exactly those sizes.
     */
    @Test
    void adaptiveThresholdFromAKnownAgeTable() throws IOException {
        for (int max : new int[] {15, 2}) {
            RunResult r = run(max);
            GcRecord third = r.collections().get(2);
            // with a cap of 2 the threshold is 2 from the start: the third collection promotes the 16 KiB of age 2
            assertEquals(max == 15 ? 48L << 10 : 32L << 10, SerialGcStats.of(third).survivorBytes(), "max " + max);
            assertEquals(max == 15 ? 0 : 16L << 10, SerialGcStats.of(third).bytesPromoted(), "max " + max);
            assertEquals(max == 15 ? 3 : 2, SerialGcStats.of(third).tenuringThreshold(), "max " + max);
        }
    }

    private static RunResult run(int max) throws IOException {
        int[] livePerEden = {16, 8, 24, 0};
        Options options = new Options().heapBytes(8L << 20).geometry(4096, 0, 0, 4096).planOption(Serial.YOUNG_BYTES, 1L << 20)
                .planOption(Serial.MAX_TENURING_THRESHOLD, max).threads(2).sanity(true);
        Plans.Entry p = Plans.REGISTRY.find("serial").orElseThrow();
        return Simulation.run(p, options, new TraceSource() {
            @Override
            public void replay(TraceEvents out) {
                long id = 1;
                int slot = 0;
                for (int live : livePerEden) {
                    for (int i = 0; i < 896; i++, id++) {
                        out.alloc(0, id, 1024, 0, 0);
                        if (i < live) {
                            out.global(slot++, id);
                        }
                    }
                }
            }

            @Override
            public String describe() {
                return "age table";
            }

            @Override
            public double progress() {
                return 0;
            }
        });
    }
}
