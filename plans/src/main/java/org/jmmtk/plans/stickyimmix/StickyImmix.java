package org.jmmtk.plans.stickyimmix;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.alloc.ImmixAllocator;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.RememberedSet;
import org.jmmtk.core.barrier.UnlogBitBarrier;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.policy.SweepBlocks;
import org.jmmtk.core.policy.immix.ImmixCompactor;
import org.jmmtk.core.policy.immix.ImmixSpace;
import org.jmmtk.core.sanity.RememberedSetCheck;
import org.jmmtk.core.sanity.SanityFailure;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ForwardListedFields;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.core.scheduling.ScanRememberedSets;
import org.jmmtk.core.scheduling.SlideImmix;
import org.jmmtk.plans.generational.Gen;
import org.jmmtk.plans.immix.Immix;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Sticky Immix (mmtk-core's {@code plan/sticky/immix}; sticky mark bits after Demers et al., POPL 1990):
 * generational Immix in one Immix space. A mark outlives the collection that set it, so the nursery
 * is every object not marked since the last full collection. A nursery collection starts from the
 * roots and the objects the object-remembering barrier logged (old objects stored into since the last
 * collection, found by their side unlog bits), marks only unmarked objects, takes every marked one as
 * live, copies the survivors opportunistically ({@link Evacuate}) and sweeps the lines the dead young
 * objects held; a full collection forgets the marks and runs as immix does, defragmentation included.
 * Large objects are old from birth and only full collections reclaim them.
 *
 * <p>Threads: mutators poll through {@link #collectionRequired} (under the poll's lock); the GC packets
 * of one collection call the hooks, ordered by the scheduler's bucket opening.
 */
public final class StickyImmix extends Plan {
    /** The unlog bits, one per granule of every space (mmtk-core's global log bit spec, on the side). */
    public static final SideMetadataSpec UNLOG_BITS = SideMetadataSpec.perGranule("unlog-bit", true, 1);
    /** {@code --nursery}: mmtk-core's fixed nursery size, the trigger of nursery collections and of full ones. */
    public static final PlanOption NURSERY_BYTES = PlanOption.size("nursery",
            "Collect when mutators took this much of the Immix space since the last collection; the next "
                    + "collection is full when less than this is free",
            "mmtk-core's proportional nursery: collect when the heap is full, full below a quarter of it free");
    private static final List<CollectionKind> KINDS = List.of(Gen.NURSERY, CollectionKind.FULL);

    private final ImmixSpace immix;
    private final ImmixCompactor compactor;
    private final SideBitmap unlogBits;
    private final ObjectTrace nurseryTrace;
    private final long nurseryBytes;
    // written under the poll's lock or by the collection's last packet; read by the next collection
    private volatile boolean nextFull;
    // whether the last heap-full collection, a first attempt, was a nursery one (read by the driver's poll)
    private volatile boolean nurseryAttempt;
    // written by the Evacuate packet, read at the end of the collection
    private volatile long promotedBytes;
    private volatile long evacuated;
    private int fullBlocks;

    public StickyImmix(PlanArgs args) {
        super(args);
        this.unlogBits = args.heap().metadata().bitmap(UNLOG_BITS, null);
        this.immix = new ImmixSpace("immix", ImmixSpace.extentFor(args.heapBytes(), args.heap().geometry()),
                args.heap(), unlogBits);
        this.compactor = new ImmixCompactor(immix, args.heap(), null);
        this.nurseryBytes = optionWithinHeap(NURSERY_BYTES);
        ImmixSpace space = immix;
        ObjectTrace others = spaceTableTrace();
        setFullHeapTrace((object, context) -> space.contains(object)
                ? space.traceObject(object, context) : others.traceObject(object, context));
        // a marked object is old: the space's trace stops at it; other spaces' objects are all old
        this.nurseryTrace = (object, context) -> space.contains(object) ? space.traceObject(object, context) : object;
    }

    @Override
    public PlanConstraints constraints() {
        return StickyImmixConstraints.CONSTRAINTS;
    }

    ImmixSpace immixSpace() {
        return immix;
    }

    SideBitmap unlogBits() {
        return unlogBits;
    }

    /** As in immix: objects above half an Immix block are large. */
    @Override
    public long largeObjectThreshold() {
        return heap().geometry().maxImmixObjectBytes();
    }

    /**
     * As immix, a full collection and then an emergency one (which defragments) before the run is out of
     * memory; a first attempt that was a nursery collection does not count (mmtk-core declares an
     * emergency only after a collection that was exhaustive, which a nursery collection is not).
     */
    @Override
    public int maxCollectionAttempts() {
        return nurseryAttempt ? 3 : 2;
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new StickyImmixMutator(this, ordinal);
    }

    @Override
    protected Barrier createBarrier(int ordinal) {
        return new UnlogBitBarrier(memory, unlogBits);
    }

    @Override
    public Collector createCollector(int ordinal) {
        Collector c = super.createCollector(ordinal);
        c.setCopyAllocator(new ImmixAllocator(memory, -1 - ordinal, immix, true, true));
        return c;
    }

    /** Pages mutators may take from the Immix space between collections (mmtk-core's max nursery). */
    private int maxNurseryPages() {
        return nurseryBytes > 0 ? (int) heap().geometry().bytesToPages(nurseryBytes) : budgetPages();
    }

    /** The next collection is full when a collection leaves fewer free pages (mmtk-core's min nursery). */
    private int minNurseryPages() {
        return nurseryBytes > 0 ? (int) heap().geometry().bytesToPages(nurseryBytes) : budgetPages() / 4;
    }

    /**
     * Collect when the budget is exceeded or mutators took the nursery's worth of the Immix space; a
     * full budget hit by an allocation outside the Immix space makes the collection a full one, as in
     * mmtk-core.
     */
    @Override
    public boolean collectionRequired(boolean budgetExceeded, String space, int pages) {
        if (budgetExceeded && !space.equals(immix.name())) {
            nextFull = true;
        }
        return budgetExceeded || immix.pagesConsumed() > maxNurseryPages();
    }

    @Override
    public int pagesBeforeCollection(int budgetFreePages) {
        return Math.min(budgetFreePages, Math.max(0, maxNurseryPages() - immix.pagesConsumed()));
    }

    /**
     * An emergency, the final collection and any collection after one that left too little room are
     * full; the others, explicit requests included, are nursery collections.
     */
    @Override
    public CollectionKind collectionKind(GcReason reason) {
        CollectionKind kind = reason == GcReason.EMERGENCY || reason == GcReason.FINAL || nextFull
                ? CollectionKind.FULL : Gen.NURSERY;
        if (reason == GcReason.HEAP_FULL) {
            nurseryAttempt = kind == Gen.NURSERY;
        }
        return kind;
    }

    @Override
    public List<CollectionKind> collectionKinds() {
        return KINDS;
    }

    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        return kind == Gen.NURSERY ? nurseryTrace : super.trace(kind);
    }

    /**
     * As the generational plans: every collection discovers the references it scans (in a nursery
     * collection the young objects it marks and the logged objects, whose weak slots are set aside).
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    /**
     * A nursery collection collects the Immix space only, where the closure marked the young objects it
     * reached and every old one is marked already: a referent there is kept if marked, cleared if young and
     * unreached; large and immortal objects are old.
     */
    @Override
    protected boolean collects(CollectionKind kind, long object) {
        return kind != Gen.NURSERY || immix.contains(object);
    }

    /**
     * The logged objects get their unlog bits back (mmtk-core's ProcessModBuf); in a nursery collection
     * their slots are roots, their weak slots set aside.
     */
    @Override
    protected void scheduleExtraRoots(GCWorker<Collector> worker, CollectionKind kind, Closure closure) {
        boolean nursery = kind == Gen.NURSERY;
        ScanRememberedSets.Check check = sanity() && nursery ? this::verifyRememberedSets : null;
        worker.addWork(Stage.PREPARE, new ScanRememberedSets(closure, rememberedSets(), nursery, check, unlogBits::set,
                references()));
    }

    /** Every old object (marked, or outside the Immix space) that points to a young one is logged. */
    private void verifyRememberedSets(List<RememberedSet> sets) {
        LongOpenHashSet logged = new LongOpenHashSet();
        for (RememberedSet set : sets) {
            for (int i = 0; i < set.size(); i++) {
                logged.add(set.get(i));
            }
        }
        RememberedSetCheck.verify(memory, heap().validObjects(), spaces(), o -> !isYoung(o), this::isYoung,
                "the nursery", logged::contains);
    }

    private boolean isYoung(long object) {
        return immix.contains(object) && !ObjectModel.isMarked(memory, object);
    }

    private List<RememberedSet> rememberedSets() {
        List<RememberedSet> sets = new ArrayList<>();
        for (Mutator m : mutators()) {
            sets.add(m.barrier().rememberedSet());
        }
        return sets;
    }

    /**
     * A full collection prepares the Immix space as immix does (defragmentation decided on the free
     * budget) and forgets the object marks; a nursery collection keeps every mark and lets survivors be
     * copied into the recyclable blocks mutators left and into the free budget.
     */
    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        promotedBytes = 0;
        evacuated = 0;
        int free = budgetPages() - reservedPages();
        if (kind == Gen.NURSERY) {
            immix.prepareNursery(free);
            worker.addWork(Stage.CALCULATE_FORWARDING, new Evacuate(this, false));
            return;
        }
        boolean emergency = collectionReason() == GcReason.EMERGENCY;
        immix.prepare(emergency, free);
        if (emergency) {
            worker.addWork(Stage.CALCULATE_FORWARDING, new SlideImmix(compactor,
                    w -> scheduleRefForwarding(w, compactor, null), objects -> moved(0, objects)));
        } else if (immix.inDefrag() && immix.sourceBlocks() > 0) {
            worker.addWork(Stage.CALCULATE_FORWARDING, new Evacuate(this, true));
        }
    }

    @Override
    protected void prepareCollector(Collector collector) {
        collector.copyAllocator().reset();
    }

    /** Called by Evacuate with what it promoted (trace bytes) and moved (objects). */
    void moved(long promoted, long objects) {
        promotedBytes = promoted;
        evacuated = objects;
    }

    /**
     * RefForwarding of a nursery collection: the roots, the logged objects and the survivors, the only
     * places that can point to a moved survivor (an old object that points to a young one was logged).
     */
    void scheduleNurseryForwarding(GCWorker<Collector> worker, LongArrayList survivors) {
        scheduleRootForwarding(worker, immix);
        LongArrayList objects = new LongArrayList(survivors);
        for (RememberedSet set : rememberedSets()) {
            for (int i = 0, n = set.size(); i < n; i++) {
                objects.add(set.get(i));
            }
        }
        ForwardListedFields.schedule(worker, memory, objects.toLongArray(), immix);
    }

    /** RefForwarding of a defragmenting full collection: the roots and every live object. */
    void scheduleFullForwarding(GCWorker<Collector> worker) {
        scheduleRefForwarding(worker, immix, null);
    }

    /** Both kinds sweep the Immix space: dead young objects' lines are free after a nursery collection too. */
    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        for (RememberedSet set : rememberedSets()) {
            set.clear();
        }
        SweepBlocks.schedule(worker, immix);
    }

    @Override
    protected void releaseCollector(Collector collector) {
        collector.copyAllocator().reset();
    }

    /**
     * Relists the recyclable blocks and decides whether the next collection is full (mmtk-core's
     * {@code should_next_gc_be_full_heap}); with {@code --sanity}, checks that every object left in
     * the Immix space is old: marked and unlogged.
     */
    @Override
    protected void endOfGC(CollectionKind kind) {
        fullBlocks = immix.rebuildRecyclableList();
        nextFull = budgetPages() - reservedPages() < minNurseryPages();
        if (sanity()) {
            verifyAllOld();
        }
    }

    private void verifyAllOld() {
        SideBitmap valid = heap().validObjects();
        long end = immix.extentEnd();
        for (long o = valid.next(immix.start(), end); o >= 0; o = valid.next(o + 8, end)) {
            if (!ObjectModel.isMarked(memory, o) || !unlogBits.get(o)) {
                throw new SanityFailure(String.format("object %d at 0x%x in %s is %s after a collection",
                        ObjectModel.id(memory, o), o, immix.name(),
                        ObjectModel.isMarked(memory, o) ? "not unlogged" : "not marked"));
            }
        }
    }

    /**
     * Per collection: {@code bytesPromoted} (trace bytes of the nursery survivors, 0 in a full
     * collection), and immix's block counters; {@code objectsEvacuated} counts the nursery survivors a
     * nursery collection moved.
     */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put("bytesPromoted", promotedBytes);
        Immix.putStats(stats, immix, budgetPages() - reservedPages(), fullBlocks, evacuated);
        return stats;
    }
}
