package org.jmmtk.plans.serial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.jmmtk.bindings.replay.RunResult;
import org.jmmtk.bindings.replay.Simulation;
import org.jmmtk.bindings.trace.TraceEvents;
import org.jmmtk.bindings.trace.TraceSource;
import org.jmmtk.core.Options;
import org.jmmtk.core.stats.GcRecord;
import org.jmmtk.plans.Plans;
import org.jmmtk.plans.generational.Gen;
import org.junit.jupiter.api.Test;

/**
 * A thread's end ({@code X}) on {@code serial}, worked out by hand from HotSpot 17's rules
 * ({@code JavaThread::exit} retires the TLAB without statistics: its rest stays eden's waste until the
 * next young collection, and the thread is not among that collection's allocating threads; a new thread's
 * TLAB has the initial desired size). Eden is 114,688 words (8 MiB heap, 1 MiB young), objects 1 KiB
 * (128 words), no JVM threads' TLABs: a new thread's desired size is 114,688 / 50 = 2,293 words, so its
 * first TLAB is 2,293 + 128 = 2,421 words, 72 of them the end reserve.
 */
class SerialThreadEndTest {
    private static final long OBJECT = 1024;
    private static final int PER_THREAD = 10;

    /** {@code threads} threads one after another, each allocating 10 objects, on number {@code t % numbers}; each ends with X if {@code end}. */
    private static TraceSource threads(int threads, int numbers, boolean end) {
        return new TraceSource() {
            @Override
            public void replay(TraceEvents out) {
                long id = 1;
                for (int t = 0; t < threads; t++) {
                    for (int i = 0; i < PER_THREAD; i++) {
                        out.alloc(t % numbers, id++, OBJECT, 0, 0);
                    }
                    if (end) {
                        out.threadEnd(t % numbers);
                    }
                }
            }

            @Override
            public String describe() {
                return "threads that end";
            }

            @Override
            public double progress() {
                return 0;
            }
        };
    }

    private static List<GcRecord> young(TraceSource program, int gcThreads) throws IOException {
        Options options = new Options().heapBytes(8L << 20).geometry(4096, 0, 0, 4096)
                .planOption(Serial.YOUNG_BYTES, 1L << 20).planOption(Serial.JVM_TLAB_THREADS, 0)
                .threads(gcThreads).sanity(true);
        RunResult r = Simulation.run(Plans.REGISTRY.find("serial").orElseThrow(), options, program);
        assertNull(r.outOfMemory());
        return r.collections().stream().filter(c -> c.kind().equals(Gen.NURSERY.label)).toList();
    }

    /**
     * Threads on one number, one after another. Each fills 10 objects into a new 2,421-word TLAB and ends
     * with 2,421 - 72 - 1,280 = 1,069 words unused, wasted with the reserve (1,141 words). 47 threads take
     * 113,787 words; the 48th gets a last TLAB of the 901 words left, fits 6 objects (61 words left, more
     * than the refill waste limit 35: the 7th goes outside, where eden has nothing): the first young
     * collection comes after 476 objects, eden's 114,688 words all used, 47 x 1,141 + 61 + 72 = 53,760 words
     * of them waste. Without {@code X} the number's one thread continues its TLAB, as one thread allocating
     * 2,000 objects: after 858 (SerialTest's hand-worked case).
     */
    @Test
    void anEndedThreadsTlabRestIsLostToEdenUntilTheNextCollection() throws IOException {
        for (int gcThreads : new int[] {1, 2}) {
            GcRecord first = young(threads(200, 1, true), gcThreads).get(0);
            assertEquals(476 * OBJECT, first.allocatedBefore());
            assertEquals(114_688L * 8, first.planStats().get(SerialGcStats.EDEN_USED_BYTES));
            assertEquals(53_760L * 8, first.planStats().get(SerialGcStats.TLAB_WASTE_BYTES));
        }
        GcRecord without = young(threads(200, 1, false), 1).get(0);
        assertEquals(858 * OBJECT, without.allocatedBefore());
    }

    /**
     * Each thread on a number of its own: the first collection comes where it does on one number (each
     * thread's TLAB is new either way), but with {@code X} only the 48th thread, alive at the collection,
     * counts as allocating, so the next threads' TLABs are sized for 1 thread again and the second
     * collection comes after as many objects as the first, give or take the 48th thread's: its TLAB is resized
     * at the collection to 1,154 words (its share of eden, 6 objects of 114,688 words, averaged with its
     * initial 0.9997: 0.5032), so after the collection its 7th object goes outside (128 words), its last three
     * into a TLAB of 1,282 words (898 wasted); 46 new threads take 2,421 words each (111,366), the next one
     * the last 1,912 words, all 10 of its objects fitting (632 wasted), and the next one's object fits
     * nothing: 4 + 460 + 10 = 474 objects, 898 + 46 x 1,141 + 632 = 54,016 words of waste. Without it, 48
     * threads count, new TLABs are the minimum 328 words (256 + 72), and eden holds more objects between
     * collections (less waste per thread).
     */
    @Test
    void anEndedThreadIsNotCountedAmongTheAllocatingThreads() throws IOException {
        List<GcRecord> ended = young(threads(150, 150, true), 1);
        List<GcRecord> kept = young(threads(150, 150, false), 1);
        assertEquals(476 * OBJECT, ended.get(0).allocatedBefore());
        assertEquals(476 * OBJECT, kept.get(0).allocatedBefore());
        long endedSecond = ended.get(1).allocatedBefore() - ended.get(0).allocatedBefore();
        long keptSecond = kept.get(1).allocatedBefore() - kept.get(0).allocatedBefore();
        assertEquals(474 * OBJECT, endedSecond);
        assertEquals(54_016L * 8, ended.get(1).planStats().get(SerialGcStats.TLAB_WASTE_BYTES));
        assertTrue(keptSecond > endedSecond + 100 * OBJECT, "48 allocating threads: small TLABs, less waste");
    }
}
