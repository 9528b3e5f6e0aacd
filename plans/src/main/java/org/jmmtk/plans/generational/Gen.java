package org.jmmtk.plans.generational;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.ObjectRememberingBarrier;
import org.jmmtk.core.barrier.RememberedSet;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.sanity.RememberedSetCheck;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.core.scheduling.ScanRememberedSets;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * What every two-generation plan shares (mmtk-core's {@code plan/generational/global.rs},
 * {@code CommonGenPlan}): a bump-allocated copying nursery, an object-remembering write barrier whose
 * remembered objects are roots of a nursery collection, when to collect (nursery full or heap full)
 * and what (nursery, or the whole heap when the last collection left less free budget than the
 * plan's minimum nursery, or on an emergency), and the {@code bytesPromoted} counter. A subclass adds
 * the mature space: how survivors are promoted into it and how a full collection reclaims it.
 *
 * <p>Threads: mutators poll through {@link #collectionRequired} (under the poll's lock); the GC packets
 * of one collection call the hooks, ordered by the scheduler's bucket opening.
 */
public abstract class Gen extends Plan {
    /** Moves objects, and needs its barrier to be correct. */
    public static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, true);
    /** A collection of the nursery (the young generation) only: older objects are taken as live. */
    public static final CollectionKind NURSERY = new CollectionKind("nursery", false);
    private static final List<CollectionKind> KINDS = List.of(NURSERY, CollectionKind.FULL);
    /** {@code --nursery}: the fixed nursery's size, for the plans whose nursery has a size of its own. */
    public static final PlanOption NURSERY_BYTES = PlanOption.size("nursery", "Nursery size",
            "a quarter of the heap, at most half of it");

    protected final CopySpace nursery;
    private final ObjectTrace nurseryTrace;
    private final int fixedNurseryPages;
    // written under the poll's lock or by the collection's last packet; read by the next collection
    private volatile boolean nextFull;
    private volatile long promoted;

    protected Gen(PlanArgs args) {
        super(args);
        // the budget bounds the nursery; one extra buffer for a request that straddles it
        this.nursery = CopySpace.nursery("nursery", args.heapBytes() + args.heap().geometry().bufferBytes(), args.heap());
        CopySpace young = nursery;
        this.nurseryTrace = (object, context) -> young.contains(object) ? young.traceObject(object, context) : object;
        int budget = budgetPages();
        long asked = optionWithinHeap(NURSERY_BYTES);
        int pages = asked > 0 ? (int) heap().geometry().bytesToPages(asked) : budget / 4;
        this.fixedNurseryPages = Math.max(1, Math.min(pages, budget / 2));
    }

    @Override
    public PlanConstraints constraints() {
        return CONSTRAINTS;
    }

    /** The space mutators allocate ordinary objects in. */
    public final CopySpace nursery() {
        return nursery;
    }

    /**
     * Pages of the nursery that trigger a nursery collection (the budget may trigger it earlier): by
     * default the fixed nursery ({@link #fixedNurseryPages}).
     */
    protected int maxNurseryPages() {
        return fixedNurseryPages;
    }

    /**
     * The next collection is a full one when the free budget after a collection is below this: by
     * default room to fill the fixed nursery and to promote all of it.
     */
    protected int minNurseryPages() {
        return 2 * fixedNurseryPages;
    }

    /** Pages a full collection may need for the survivors of the mature space (its copy reserve). */
    protected abstract int matureReservePages();

    /**
     * A fixed nursery's size in pages: {@code --nursery}, by default a quarter of the budget, at most
     * half of it (the nursery needs as much again as copy reserve: more than half could never fill).
     */
    protected final int fixedNurseryPages() {
        return fixedNurseryPages;
    }

    /**
     * The allocator of mutator {@code ordinal}'s pretenured objects: by default its nursery allocator
     * {@code nursery} (no pretenuring); a plan whose mature space takes mutator allocation overrides it.
     */
    protected Allocator pretenureAllocator(int ordinal, Allocator nursery) {
        return nursery;
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new GenMutator(this, ordinal);
    }

    @Override
    protected Barrier createBarrier(int ordinal) {
        return new ObjectRememberingBarrier(memory);
    }

    /** A nursery full of survivors is copied: its pages are held in reserve, beside the mature space's. */
    @Override
    protected final int collectionReservePages() {
        return nursery.reservedPages() + matureReservePages();
    }

    /**
     * Collect when the budget is exceeded or the nursery is full (an empty nursery always takes the
     * request, so one oversized buffer cannot loop). As in mmtk-core, a full budget hit by an
     * allocation outside the nursery makes that collection a full one.
     */
    @Override
    public boolean collectionRequired(boolean budgetExceeded, String space, int pages) {
        if (budgetExceeded && !space.equals(nursery.name())) {
            nextFull = true;
        }
        int inNursery = nursery.reservedPages();
        return budgetExceeded || (space.equals(nursery.name()) && inNursery > 0 && inNursery + pages > maxNurseryPages());
    }

    /** The nursery fills before the budget, or the budget first. */
    @Override
    public int pagesBeforeCollection(int budgetFreePages) {
        return Math.min(budgetFreePages, Math.max(0, maxNurseryPages() - nursery.reservedPages()));
    }

    /** A nursery collection that leaves the heap full is followed by a full (emergency) one. */
    @Override
    public int maxCollectionAttempts() {
        return 2;
    }

    /** An emergency, the final collection, and any collection after one that left too little room are full. */
    @Override
    public CollectionKind collectionKind(GcReason reason) {
        if (reason == GcReason.EMERGENCY || reason == GcReason.FINAL || nextFull) {
            return CollectionKind.FULL;
        }
        return NURSERY;
    }

    @Override
    public List<CollectionKind> collectionKinds() {
        return KINDS;
    }

    /** A nursery collection traces nursery objects only; everything else is taken as live. */
    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        return kind == NURSERY ? nurseryTrace : super.trace(kind);
    }

    /**
     * MMTk's rule for generational plans: every collection discovers the references it scans. A nursery
     * collection scans the young objects it reaches and the remembered objects (whose weak slots are set
     * aside, not traced), and leaves older referents alone: they are kept, as it takes them to be alive;
     * a young referent nothing else reached is cleared. A full collection discovers every reference.
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    /** A nursery collection collects the nursery only. */
    @Override
    protected boolean collects(CollectionKind kind, long object) {
        return kind != NURSERY || nursery.contains(object);
    }

    /**
     * The remembered objects get their log bits back; in a nursery collection their slots are roots, but
     * for their weak slots, which are set aside as the references the closure discovers.
     */
    @Override
    protected void scheduleExtraRoots(GCWorker<Collector> worker, CollectionKind kind, Closure closure) {
        boolean nurseryGc = kind == NURSERY;
        ScanRememberedSets.Check check = sanity() && nurseryGc ? this::verifyRememberedSets : null;
        worker.addWork(Stage.PREPARE, new ScanRememberedSets(closure, rememberedSets(), nurseryGc, check, references()));
    }

    private void verifyRememberedSets(List<RememberedSet> sets) {
        List<Space> old = new ArrayList<>(spaces());
        old.remove(nursery);
        RememberedSetCheck.verify(memory, heap().validObjects(), old, nursery, sets);
    }

    /** Every mutator's remembered set. */
    protected final List<RememberedSet> rememberedSets() {
        List<RememberedSet> sets = new ArrayList<>();
        for (Mutator m : mutators()) {
            sets.add(m.barrier().rememberedSet());
        }
        return sets;
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        nursery.setFromSpace(true);
        prepareMature(worker, kind);
    }

    /** The mature space's part of Prepare. */
    protected abstract void prepareMature(GCWorker<Collector> worker, CollectionKind kind);

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        for (RememberedSet set : rememberedSets()) {
            set.clear();
        }
        releaseMature(worker, kind);
        nursery.release();
        nursery.setFromSpace(false);
    }

    /** The mature space's part of Release (before the nursery is released). */
    protected abstract void releaseMature(GCWorker<Collector> worker, CollectionKind kind);

    /** Trace bytes this collection moved out of the nursery. */
    protected long promotedBytes() {
        return nursery.takeEvacuatedBytes();
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        promoted = promotedBytes();
        nextFull = budgetPages() - reservedPages() < minNurseryPages();
    }

    /** Per collection: the trace bytes promoted out of the nursery. */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put("bytesPromoted", promoted);
        return stats;
    }
}
