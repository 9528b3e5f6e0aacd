package org.jmmtk.core.collection;

import java.util.List;
import org.jmmtk.core.heap.HeapGeometry;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.stats.RunStats;
import org.jmmtk.core.stats.SizeHistogram;

/**
 * The run's statistics: the collections and clock of {@link RunStats}, and the mutators' counters
 * summed (bytes and objects allocated, barrier stores, allocation sizes) with the heap in use. The
 * bytes allocated are the run's clock for collections and plugins. Read by the thread that polls or
 * collects, by plugins on the mutator's thread, and when the run is over; the sums read each mutator's
 * counters without stopping it, so call them with mutators stopped or from the thread that runs them.
 */
public final class Statistics {
    private final RunStats runStats = new RunStats();
    private final Plan plan;
    private final HeapGeometry geometry;

    public Statistics(Plan plan, HeapGeometry geometry) {
        this.plan = plan;
        this.geometry = geometry;
    }

    /** The collections of the run and its clock. */
    public RunStats runStats() {
        return runStats;
    }

    /** Sum of the trace sizes of all objects allocated so far: the run's clock. */
    public long bytesAllocated() {
        List<Mutator> mutators = plan.mutators();
        long n = 0;
        // indexed: every page poll reads the clock, and an iterator was garbage there until C2 compiled it
        for (int i = 0; i < mutators.size(); i++) {
            n += mutators.get(i).bytesAllocated();
        }
        return n;
    }

    public long objectsAllocated() {
        long n = 0;
        for (Mutator m : plan.mutators()) {
            n += m.objectsAllocated();
        }
        return n;
    }

    /** Write-barrier stores of all mutators (remembered-set insertions, or RC count operations). */
    public long barrierStores() {
        long n = 0;
        for (Mutator m : plan.mutators()) {
            n += m.barrierStores();
        }
        return n;
    }

    /** The median allocation size (simulated bytes) of the objects allocated so far; call with mutators stopped. */
    public long medianObjectBytes() {
        SizeHistogram all = new SizeHistogram();
        for (Mutator m : plan.mutators()) {
            all.add(m.allocationSizes());
        }
        return all.median();
    }

    /** Heap in use, in simulated bytes (pages of all spaces). */
    public long usedBytes() {
        return geometry.pagesToBytes(plan.usedPages());
    }
}
