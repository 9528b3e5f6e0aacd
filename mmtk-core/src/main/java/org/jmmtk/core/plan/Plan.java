package org.jmmtk.core.plan;

import org.jmmtk.core.MMTK;
import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.policy.LargeObjectSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.EndOfGC;
import org.jmmtk.core.scheduling.ObjectQueue;
import org.jmmtk.core.scheduling.Prepare;
import org.jmmtk.core.scheduling.ProcessWeakRefs;
import org.jmmtk.core.scheduling.Release;
import org.jmmtk.core.scheduling.StopMutators;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * A collector: a set of spaces, a mutator configuration, how a collection is scheduled as packets, and
 * the global prepare/release steps (MMTk's {@code Plan}). Each plan lives in its own package with its
 * constraints and mutator beside it.
 *
 * <p>Threads: mutators call the allocation-side methods; GC workers call {@link #traceObject},
 * prepare/release and the per-collector hooks during a collection.
 */
public abstract class Plan {
    protected final MMTK mmtk;
    protected final SimulatedMemory memory;

    protected Plan(MMTK mmtk) {
        this.mmtk = mmtk;
        this.memory = mmtk.memory();
    }

    public abstract String name();

    /**
     * The large object space most plans have. Its virtual range is twice the heap budget, so that
     * page-run fragmentation never makes an allocation fail while the budget still allows it.
     */
    protected final LargeObjectSpace createLargeObjectSpace() {
        return new LargeObjectSpace("los", mmtk, mmtk.layout().reserve("los", 2 * mmtk.options().heapBytes()));
    }

    public abstract PlanConstraints constraints();

    /** All spaces of the plan. */
    public abstract Space[] spaces();

    public abstract Mutator createMutator(int ordinal);

    /** The per-worker context of GC worker {@code ordinal}. */
    public Collector createCollector(int ordinal) {
        return new Collector(ordinal, mmtk.options().packetCapacity());
    }

    /** Pages in use by all spaces. */
    public int usedPages() {
        int pages = 0;
        for (Space s : spaces()) {
            pages += s.reservedPages();
        }
        return pages;
    }

    /** Pages held back so that the next collection can complete (e.g. a semispace copy reserve). */
    protected int collectionReservePages() {
        return 0;
    }

    /** Pages counted against the budget: used pages plus the collection reserve. */
    public final int reservedPages() {
        return usedPages() + collectionReservePages();
    }

    /** Whether taking {@code pages} more pages for {@code space} needs a collection first. */
    public boolean collectionRequired(Space space, int pages) {
        return (long) reservedPages() + pages > mmtk.totalPages();
    }

    /** Collections to try for one allocation before reporting out of memory. */
    public int maxCollectionAttempts() {
        return 1;
    }

    /** What to collect for {@code reason}, or null if this plan does not collect for it. */
    public CollectionKind collectionKind(GcReason reason) {
        return CollectionKind.FULL;
    }

    /**
     * Schedules one collection (run by the ScheduleCollection packet): stop mutators and scan roots,
     * prepare, the closure (primed by root scanning), weak references, release, end of GC.
     */
    public void scheduleCollection(GCWorker worker, CollectionKind kind) {
        worker.addWork(Stage.UNCONSTRAINED, new StopMutators(mmtk));
        worker.addWork(Stage.PREPARE, new Prepare(mmtk, kind));
        worker.addWork(Stage.WEAK_REF_CLOSURE, new ProcessWeakRefs(mmtk));
        worker.addWork(Stage.RELEASE, new Release(mmtk, kind));
        worker.addWork(Stage.FINAL, new EndOfGC(mmtk, kind));
    }

    /** Global preparation (one packet, Prepare stage). */
    public abstract void prepare(GCWorker worker, CollectionKind kind);

    /** Global release (one packet, Release stage); may add more Release packets (e.g. sweeping). */
    public abstract void release(GCWorker worker, CollectionKind kind);

    /** Runs on each worker in the Prepare stage, after {@link #prepare}. */
    public void prepareCollector(Collector collector) {
    }

    /** Runs on each worker in the Release stage, after {@link #release}. */
    public void releaseCollector(Collector collector) {
    }

    /** The last step of a collection (Final stage). */
    public void endOfGC(CollectionKind kind) {
    }

    /**
     * Traces the object an edge points to: marks or copies it, enqueues it for scanning if this was
     * the first visit, and returns the address the edge must now hold.
     */
    public abstract long traceObject(ObjectQueue queue, long object, Collector collector);

    /**
     * After the closure: the address of {@code object} if it survived the collection in progress (its
     * new address if it moved), or 0 if it died.
     */
    public abstract long liveAddress(long object);

    /** The spaces a collection of {@code kind} reclaims objects in (all of them, unless generational). */
    public Space[] collectedSpaces(CollectionKind kind) {
        return spaces();
    }

    /** The space containing {@code address}, or null. */
    public Space spaceOf(long address) {
        for (Space s : spaces()) {
            if (s.contains(address)) {
                return s;
            }
        }
        return null;
    }
}
