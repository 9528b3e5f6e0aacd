package org.jmmtk.plans.concurrentimmix;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.Satb;
import org.jmmtk.core.barrier.SatbBarrier;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.policy.ObjectVisitor;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.policy.immix.ConcurrentLineMarks;
import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ConcurrentTrace;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.core.scheduling.ShadeRoots;
import org.jmmtk.plans.immix.Immix;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;
import org.jmmtk.scheduler.WorkPacket;

/**
 * Immix with concurrent snapshot-at-the-beginning marking (mmtk-core's {@code plan/concurrent/immix}):
 * once allocation since the last collection passes a share of the heap, an InitialMark pause marks
 * the roots' objects and queues them gray; marking then runs as concurrent packets while the program
 * runs ({@code --pacing}), a SATB barrier logging what the program overwrites and new objects allocated
 * live; when the mark queue runs dry a FinalMark pause flushes the barriers' buffers, finishes the mark
 * and sweeps. A heap that fills during marking gets a stop-the-world {@code fallback} pause that
 * finishes the cycle at once; a heap that fills with no cycle running, or stays full, a stop-the-world
 * {@code full} collection. Non-moving, as mmtk-core's. Each cycle-ending pause reports the cycle's
 * metrics ({@link #collectionStats}). Weak references: the cycle's marking discovers them, from its
 * InitialMark on, and the pause that ends it clears those whose referent it did not mark
 * ({@link #discoversReferences}).
 *
 * <p>Threads: the mutators allocate and log; GC workers run the pauses and the concurrent packets;
 * the flags read by the mutators ({@code marking}) are set in pauses.
 */
public final class ConcurrentImmix extends Plan {
    /** The pause that starts a cycle: roots shaded, barriers on. */
    public static final CollectionKind INITIAL_MARK = new CollectionKind("initial-mark", false);
    /** The pause that ends a cycle whose marking finished concurrently. */
    public static final CollectionKind FINAL_MARK = new CollectionKind("final-mark", true);
    /** The pause that ends a cycle because the heap filled during marking: the rest of the mark stop-the-world. */
    public static final CollectionKind FALLBACK = new CollectionKind("fallback", true);

    static final PlanOption INITIAL_MARK_OCCUPANCY = PlanOption.integer("initial-mark-occupancy",
            "start a concurrent cycle (InitialMark) once the heap in use passes this share of the heap, in percent; "
                    + "0: never by occupancy (90 gives fewer cycles at large heaps)", 0, 0, 100);
    static final PlanOption INITIAL_MARK_PERCENT = PlanOption.integer("initial-mark-percent",
            "start a concurrent cycle (InitialMark) once allocation since the last collection passes this share "
                    + "of the heap, in percent (mmtk-core: half the heap); 0: never by allocation", 50, 0, 100);

    private final ImmixSpace immix;
    private final ConcurrentLineMarks lineMarks;
    private final Satb satb;
    private final ShadeRoots shadeRoots;
    private final ObjectTrace markTrace;
    private final Closure concurrentClosure;
    private final int percent;
    private final int occupancy;
    private final boolean measureFloatingGarbage;
    // read by mutators' polls, written in pauses
    private volatile boolean marking;
    private boolean initialMarkDue;
    private long allocatedAtLastGc;
    private int fullBlocks;
    // whether this pause's marks belong to a cycle (InitialMark, FinalMark, fallback): set in Prepare
    private boolean cyclePause;
    private final Cycle cycle = new Cycle();

    public ConcurrentImmix(PlanArgs args) {
        super(args);
        this.immix = new ImmixSpace("immix", ImmixSpace.extentFor(args.heapBytes(), args.heap().geometry()), args.heap());
        this.lineMarks = new ConcurrentLineMarks(immix, args.heap().metadata());
        this.satb = new Satb(args.heap().metadata(), args.packetCapacity());
        this.shadeRoots = new ShadeRoots(memory, args.heap().spaces(), args.gcThreads());
        ImmixSpace space = immix;
        ObjectTrace others = spaceTableTrace();
        this.markTrace = (object, context) -> space.contains(object)
                ? space.traceObject(object, context) : others.traceObject(object, context);
        setFullHeapTrace(markTrace);
        this.concurrentClosure = new Closure(memory, args.packetCapacity(), markTrace, args.scanning(),
                args.heap().plugins());
        this.percent = (int) option(INITIAL_MARK_PERCENT);
        this.occupancy = (int) option(INITIAL_MARK_OCCUPANCY);
        this.measureFloatingGarbage = option(FLOATING_GARBAGE) == 1;
    }

    @Override
    public PlanConstraints constraints() {
        return ConcurrentImmixConstraints.CONSTRAINTS;
    }

    ImmixSpace immixSpace() {
        return immix;
    }

    Satb satb() {
        return satb;
    }

    ConcurrentLineMarks lineMarks() {
        return lineMarks;
    }

    /**
     * As in Immix, each mutator allocates in blocks and large-object pages it holds alone, and the
     * valid-object bits change otherwise only in pauses: concurrent marking, on the GC workers under
     * {@code --pacing real}, sets header mark bits and line marks but never a valid-object bit (sweeps,
     * which clear them, run in FinalMark, fallback and full pauses). So a plain store sets a new object's
     * bit; the atomic one made each allocation wait for the header stores to drain.
     */
    @Override
    protected boolean mutatorsOwnValidBitWords() {
        return Immix.blocksCoverValidBitWords(heap().geometry());
    }

    /** Objects larger than half an Immix block are large, as in Immix. */
    @Override
    public long largeObjectThreshold() {
        return heap().geometry().maxImmixObjectBytes();
    }

    /** A fallback or full collection that leaves the heap full is followed by an emergency full collection. */
    @Override
    public int maxCollectionAttempts() {
        return 2;
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new ConcurrentImmixMutator(this, ordinal);
    }

    @Override
    protected Barrier createBarrier(int ordinal) {
        return new SatbBarrier(memory, satb);
    }

    // ---- when to collect ----

    /**
     * The budget, or, with no cycle running, the trigger of a concurrent cycle, whichever of two comes
     * first: bytes allocated since the last collection above {@code --initial-mark-percent} of the heap
     * (mmtk-core's trigger, the default: 50%), or the pages in use above {@code --initial-mark-occupancy}
     * of the heap (off by default). mmtk-core counts pages used since then; after a sweep
     * leaves recyclable blocks, Immix allocates into their free lines without taking pages, and that count
     * would miss it. mmtk-core's starts the first cycle with half the heap free, and, at a heap three
     * times the live size, each later one about when 90% is in use (docs/collectors-iii.md). Asked on the
     * slow path that takes pages.
     */
    @Override
    public boolean collectionRequired(boolean budgetExceeded, String space, int pages) {
        initialMarkDue = !budgetExceeded && !marking && (pagesUntilCycle() <= 0 || bytesUntilCycle() < 0);
        return budgetExceeded || initialMarkDue;
    }

    /** Bytes to allocate before the allocation trigger starts a cycle (Long.MAX_VALUE if it is off). */
    private long bytesUntilCycle() {
        if (percent == 0) {
            return Long.MAX_VALUE;
        }
        return heap().geometry().pagesToBytes(budgetPages()) * percent / 100 - allocatedSinceLastGc();
    }

    /** Pages to take before the occupancy trigger starts a cycle (Integer.MAX_VALUE if it is off). */
    private long pagesUntilCycle() {
        if (occupancy == 0) {
            return Integer.MAX_VALUE;
        }
        return (long) budgetPages() * occupancy / 100 - reservedPages();
    }

    private long allocatedSinceLastGc() {
        long bytes = 0;
        for (Mutator m : mutators()) {
            bytes += m.bytesAllocated();
        }
        return bytes - allocatedAtLastGc;
    }

    @Override
    public int pagesBeforeCollection(int budgetFreePages) {
        if (marking) {
            return budgetFreePages;
        }
        long untilCycle = Math.min(pagesUntilCycle(), bytesUntilCycle() / heap().geometry().pageBytes());
        return (int) Math.max(0, Math.min(budgetFreePages, untilCycle));
    }

    @Override
    public CollectionKind collectionKind(GcReason reason) {
        return switch (reason) {
            case HEAP_FULL -> marking ? FALLBACK : initialMarkDue ? INITIAL_MARK : CollectionKind.FULL;
            case CONCURRENT -> marking ? FINAL_MARK : null;
            case EXPLICIT -> marking ? FINAL_MARK : CollectionKind.FULL;
            case FINAL, EMERGENCY -> CollectionKind.FULL;
        };
    }

    @Override
    public List<CollectionKind> collectionKinds() {
        return List.of(INITIAL_MARK, FINAL_MARK, FALLBACK, CollectionKind.FULL);
    }

    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        return kind == INITIAL_MARK ? shadeRoots : markTrace;
    }

    /** InitialMark marks the roots' objects and frees nothing. */
    @Override
    public boolean freesObjects(CollectionKind kind) {
        return kind != INITIAL_MARK;
    }

    @Override
    protected boolean processesWeakRefs(CollectionKind kind) {
        return kind != INITIAL_MARK;
    }

    /**
     * Every collection discovers references (MMTk's rule): a full one as immix does; a cycle's marking
     * with the table the InitialMark handed the workers (the pause itself scans nothing), in its
     * concurrent packets and in the pause that ends it, which resolves them all once the mark is
     * complete: a referent it did not mark is cleared. Objects allocated during the marking are marked
     * and not scanned, so their references are kept until the next cycle.
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    // ---- concurrent marking ----

    @Override
    public boolean concurrentWorkPending() {
        return marking && !satb.queue().isEmpty();
    }

    @Override
    public WorkPacket<Collector> concurrentWork(boolean paced) {
        cycle.units++;
        return new ConcurrentTrace(concurrentClosure, satb.queue(), this::concurrentYieldRequested, paced, cycle.marked);
    }

    /** FinalMark is due once the mark queue is empty: what is left is in the barriers' buffers. */
    @Override
    public boolean concurrentPauseDue() {
        return marking && satb.queue().isEmpty();
    }

    // ---- the pauses ----

    @Override
    protected void scheduleExtraRoots(GCWorker<Collector> worker, CollectionKind kind, Closure closure) {
        if (kind == FINAL_MARK || kind == FALLBACK) {
            worker.addWork(Stage.PREPARE, new FinishMark(this, closure));
        }
    }

    /** The barriers of every mutator, whose buffers the pause ending a cycle flushes. */
    void flushBarriers() {
        for (Mutator m : mutators()) {
            ((SatbBarrier) m.barrier()).flush();
        }
    }

    /**
     * InitialMark: the cycle's bookkeeping starts and line marks go to the mark's own table. The pause that
     * ends a cycle: the barriers stop; the references the concurrent mark discovered are kept for this
     * pause's processing; the line marks of the mark, kept apart, are swept by in Release. A
     * full collection marks into a cleared table the same way (giving up a cycle in progress first).
     */
    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        cyclePause = kind == INITIAL_MARK || marking && kind != CollectionKind.FULL;
        if (kind == INITIAL_MARK) {
            cycle.begin(worker.gc(), recordsReplayed(), barrierTotals(), allocatedDuringMarking());
            lineMarks.beginMark();
            return;
        }
        if (marking && kind == CollectionKind.FULL) {
            abandonCycle();
        } else if (marking) {
            cycle.end(recordsReplayed(), barrierTotals(), allocatedDuringMarking());
            satb.stop();
            references().keepDiscovered(worker);
        }
        if (!cyclePause) {
            lineMarks.beginMark();
        }
        immix.prepareFinalMark();
    }

    /** The trace bytes this worker marked in a pause of a cycle count toward the cycle's {@code markedBytes}. */
    @Override
    protected void releaseCollector(Collector collector) {
        if (cyclePause) {
            cycle.marked.add(collector.bytesMarked());
        }
    }

    /**
     * A full collection during marking (the final one, which must find exactly what is reachable): the
     * cycle is given up, its queue and buffers dropped, and every mark it set undone, so the full
     * trace marks, and counts, every live object once. In the Immix space only the lines the cycle marked
     * are walked (its marks are the only ones there: every sweep clears those it keeps).
     */
    private void abandonCycle() {
        satb.stop();
        marking = false;
        satb.queue().clear();
        for (Mutator m : mutators()) {
            ((SatbBarrier) m.barrier()).discard();
        }
        for (Space s : spaces()) {
            ObjectVisitor unmark = o -> {
                if (s.isMarked(o)) {
                    long status = memory.load(o + ObjectModel.STATUS_OFFSET);
                    ObjectModel.setMark(memory, o, (status & ObjectModel.MARK_BIT) ^ ObjectModel.MARK_BIT);
                }
            };
            if (s == immix) {
                lineMarks.walkMarkedLines(unmark);
            } else {
                s.walkObjects(s.start(), s.extentEnd(), unmark);
            }
        }
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        if (kind == INITIAL_MARK) {
            shadeRoots.publish(satb.queue(), concurrentClosure.packetCapacity(), worker.context());
            cycle.flushedAtStart = satb.entriesFlushed();
            satb.start(spaceRanges(), worker.gc());
            marking = true;
            return;
        }
        marking = false;
        lineMarks.finishMark();
        SweepBlocks.schedule(worker, immix);
    }

    /** Start and end of every space's extent, whose log bits an InitialMark clears. */
    private long[] spaceRanges() {
        List<Space> spaces = spaces();
        long[] ranges = new long[2 * spaces.size()];
        for (int i = 0; i < spaces.size(); i++) {
            ranges[2 * i] = spaces.get(i).start();
            ranges[2 * i + 1] = spaces.get(i).extentEnd();
        }
        return ranges;
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        if (kind != INITIAL_MARK) {
            fullBlocks = immix.rebuildRecyclableList();
            allocatedAtLastGc += allocatedSinceLastGc();
        }
    }

    // ---- metrics ----

    /** Logged entries and slow paths of every mutator's barrier, summed: {logged, slow paths}. */
    private long[] barrierTotals() {
        long logged = 0;
        long slow = 0;
        for (Mutator m : mutators()) {
            SatbBarrier b = (SatbBarrier) m.barrier();
            logged += b.entriesLogged();
            slow += b.slowPaths();
        }
        return new long[] {logged, slow};
    }

    private long allocatedDuringMarking() {
        long bytes = 0;
        for (Mutator m : mutators()) {
            bytes += ((ConcurrentImmixMutator) m).allocatedDuringMarking();
        }
        return bytes;
    }

    /**
     * Per collection: Immix's block counters; after a pause that ends a cycle, the cycle's metrics
     * (docs/metrics.md): {@code snapshotRecord} and {@code finalMarkRecord}, the trace records replayed
     * before its InitialMark and before this pause; {@code markedBytes}, the trace bytes of the objects
     * it kept (marked); {@code allocatedDuringMarkingBytes}; {@code floatingGarbageBytes}, marked bytes
     * not reachable now (by an independent walk from the roots; -1 if not measured); SATB entries logged
     * and flushed, barrier slow paths and units of concurrent work during the cycle. Runs after the
     * pause, with the mutators still stopped.
     */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        Immix.putStats(stats, immix, budgetPages() - reservedPages(), fullBlocks, 0);
        stats.remove("defragSourceBlocks");
        stats.remove("objectsEvacuated");
        if (cycle.ended) {
            cycle.ended = false;
            long marked = cycle.marked.sum() + cycle.allocated;
            stats.put("cycleStartGc", (long) cycle.startGc);
            stats.put("snapshotRecord", cycle.snapshotRecord);
            stats.put("finalMarkRecord", cycle.finalMarkRecord);
            stats.put("markedBytes", marked);
            stats.put("allocatedDuringMarkingBytes", cycle.allocated);
            stats.put("floatingGarbageBytes", measureFloatingGarbage ? marked - reachableBytes() : -1);
            stats.put("satbEntriesLogged", cycle.logged);
            stats.put("satbEntriesFlushed", satb.entriesFlushed() - cycle.flushedAtStart);
            stats.put("barrierSlowPaths", cycle.slowPaths);
            stats.put("concurrentUnits", cycle.units);
        }
        return stats;
    }

    /**
     * The bookkeeping of the concurrent cycle in progress or just ended. Touched in pauses, but for
     * {@link #marked}, which concurrent packets add to.
     */
    private static final class Cycle {
        // trace bytes the cycle's trace marked, in its pauses and concurrently
        final LongAdder marked = new LongAdder();
        int startGc;
        long snapshotRecord;
        long finalMarkRecord;
        long allocated;
        long logged;
        long flushedAtStart;
        long slowPaths;
        long units;
        boolean ended;
        private long allocatedAtStart;
        private long loggedAtStart;
        private long slowPathsAtStart;

        void begin(int gc, long record, long[] barriers, long allocatedBefore) {
            startGc = gc;
            snapshotRecord = record;
            loggedAtStart = barriers[0];
            slowPathsAtStart = barriers[1];
            allocatedAtStart = allocatedBefore;
            units = 0;
            marked.reset();
        }

        void end(long record, long[] barriers, long allocatedAfter) {
            finalMarkRecord = record;
            logged = barriers[0] - loggedAtStart;
            slowPaths = barriers[1] - slowPathsAtStart;
            allocated = allocatedAfter - allocatedAtStart;
            ended = true;
        }
    }
}
