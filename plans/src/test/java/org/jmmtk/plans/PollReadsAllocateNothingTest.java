package org.jmmtk.plans;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicReference;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.collection.Statistics;
import org.jmmtk.core.plan.Plan;
import org.junit.jupiter.api.Test;

/**
 * What every mutator's page poll reads (the plan's reserved and used pages, the run's clock of bytes
 * allocated) allocates nothing on the host JVM's heap: a short replay polls about 10,000 times, and copies
 * of the space and mutator lists there were a fifth of all it allocated, enough to cost a collection of
 * jmmtk's own JVM in the middle of the run.
 */
class PollReadsAllocateNothingTest {
    private static final int READS = 20_000;

    @Test
    void thePollsReadsOfPagesAndClockAllocateNothing() throws Exception {
        AtomicReference<MMTK> built = new AtomicReference<>();
        Runs.run("marksweep", Runs.workload("binarytrees"), Runs.heapFor("binarytrees"), 1,
                (mmtk, binding) -> built.set(mmtk));
        Plan plan = built.get().plan();
        Statistics stats = built.get().statistics();
        assertTrue(plan.mutators().size() > 0 && plan.reservedPages() > 0, "the run bound mutators and holds pages");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long sink = reads(plan, stats, 100);
        long before = threads.getCurrentThreadAllocatedBytes();
        sink += reads(plan, stats, READS);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        // a copy of a list per read would be at least 24 bytes each, 480,000 in all
        assertTrue(allocated < READS, allocated + " bytes allocated by " + READS + " reads (" + sink + ")");
    }

    private static long reads(Plan plan, Statistics stats, int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += plan.reservedPages() + stats.usedBytes() + stats.bytesAllocated();
        }
        return sum;
    }
}
