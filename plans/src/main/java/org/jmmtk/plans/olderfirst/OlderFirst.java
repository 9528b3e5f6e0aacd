package org.jmmtk.plans.olderfirst;

import it.unimi.dsi.fastutil.longs.LongArrayList;
import it.unimi.dsi.fastutil.longs.LongIterator;
import it.unimi.dsi.fastutil.longs.LongOpenHashSet;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.barrier.FilteredObjectBarrier;
import org.jmmtk.core.barrier.RememberedSet;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.policy.AgeOrderedSpace;
import org.jmmtk.core.sanity.RememberedSetCheck;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ForwardListedFields;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.core.scheduling.ScanRememberedSlots;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * Older-First (the Merlin paper's OF; Stefanović, McKinley and Moss 1999): mutators bump-allocate in
 * the blocks of one {@link AgeOrderedSpace}; a window collection collects a window of {@code --window}
 * bytes of it (default a quarter of the budget), starting at the oldest block and moving toward the
 * youngest by one window's survivors at each collection, back to the oldest block when it reached the
 * youngest. The window's reachable objects are marked in place (the roots, and the slots of the
 * remembered objects that point into the window), then slid together in age order where the window
 * was. A write barrier remembers the objects that may point into a future window from outside it
 * ({@link AgeOrderedSpace#mustRemember}); the plan keeps them from one collection to the next, rescans
 * the window's survivors with the same test, and forgets objects that no longer point anywhere it
 * must know. A full collection (window = the whole space, plus the large object space) after three
 * window collections in a row that each left less free budget than a quarter of a window (or 1/32
 * of the budget), after two emergency window collections that did not make room, and at the end.
 *
 * <p>Threads: the hooks run in the collection's packets, ordered by the scheduler's stages; the
 * remembered objects are read and written by one packet at a time (OpenWindow in Prepare, Release).
 * Not final: a test replaces the barrier to show that the remembered-set check catches a missed
 * window pointer.
 */
public class OlderFirst extends Plan {
    /** A collection of the window only: the rest of the heap is taken as live. */
    public static final CollectionKind WINDOW = new CollectionKind("window", false);
    private static final List<CollectionKind> KINDS = List.of(WINDOW, CollectionKind.FULL);
    /** {@code --window}: the collection window's size. */
    public static final PlanOption WINDOW_BYTES = PlanOption.size("window", "Collection window",
            "a quarter of the heap, in whole allocation buffers, at most the heap");
    /** Remembered objects per ScanRememberedSlots or ForwardListedFields packet. */
    private static final int CHUNK = 4096;
    /**
     * Window collections in a row that each leave less than {@link #minFreePages} free before the next
     * collection is full: fewer than the GC-overhead limit's default five, so a full collection comes
     * before the limit could end the run on window collections alone.
     */
    private static final int MAX_UNPRODUCTIVE = 3;
    /** Emergency collections that move the window on before one collects the whole heap. */
    private static final int MAX_EMERGENCY_WINDOWS = 2;

    private final AgeOrderedSpace space;
    private final int windowBlocks;
    private final int minFreePages;
    private final ObjectTrace windowTrace;
    /** Objects that may point into a future window from outside it, kept across collections. */
    private final LongOpenHashSet remembered = new LongOpenHashSet();
    // the remembered objects outside this collection's window that point into it (OpenWindow to RefForwarding)
    private long[] windowPointerSources = new long[0];
    // per collection, written by its packets and read at its end
    private int windowStart;
    private int collectedBlocks;
    private long survivorBytes;
    private int unproductive;
    private volatile int emergencyWindows;
    private volatile boolean nextFull;

    public OlderFirst(PlanArgs args) {
        super(args);
        int block = args.heap().geometry().bufferBytes();
        // the budget, plus room for the blocks of a budget overdrawn by the last buffers before a collection
        this.space = new AgeOrderedSpace("olderfirst", 2 * args.heapBytes() + 8L * block, args.heap(), block);
        int budgetBlocks = (int) Math.max(1, args.heapBytes() / block);
        long asked = optionWithinHeap(WINDOW_BYTES);
        int blocks = (int) ((asked > 0 ? asked : args.heapBytes() / 4) / block);
        this.windowBlocks = Math.max(1, Math.min(budgetBlocks, blocks));
        // a quarter of a window, and at least 1/32 of the budget: window collections that each leave less
        // than the GC-overhead limit's 2% free would otherwise end the run before a full collection could help
        int budgetPages = args.trigger().heapPages();
        int windowPages = windowBlocks * (block >>> args.heap().geometry().logBytesInPage());
        this.minFreePages = Math.max(1, Math.max(windowPages / 4, budgetPages / 32));
        AgeOrderedSpace s = space;
        this.windowTrace = (object, context) -> s.contains(object) ? s.traceObject(object, context) : object;
    }

    @Override
    public PlanConstraints constraints() {
        return OlderFirstConstraints.CONSTRAINTS;
    }

    AgeOrderedSpace space() {
        return space;
    }

    /** Every object of the age-ordered space fits one of its blocks. */
    @Override
    public long largeObjectThreshold() {
        return Math.min(super.largeObjectThreshold(), space.blockBytes());
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new OlderFirstMutator(this, ordinal);
    }

    /** Remembers the source of every store {@link AgeOrderedSpace#mustRemember} selects. */
    @Override
    protected Barrier createBarrier(int ordinal) {
        return new FilteredObjectBarrier(memory, space::mustRemember);
    }

    /**
     * A window collection after which the allocation still does not fit is followed by emergency
     * window collections further on, then by a full one.
     */
    @Override
    public int maxCollectionAttempts() {
        return MAX_EMERGENCY_WINDOWS + 2;
    }

    /**
     * The final collection, the last emergency one, and any collection after too many unproductive
     * window collections are full; the others collect the window.
     */
    @Override
    public CollectionKind collectionKind(GcReason reason) {
        if (reason == GcReason.FINAL || nextFull
                || reason == GcReason.EMERGENCY && emergencyWindows >= MAX_EMERGENCY_WINDOWS) {
            return CollectionKind.FULL;
        }
        return WINDOW;
    }

    @Override
    public List<CollectionKind> collectionKinds() {
        return KINDS;
    }

    /** A window collection traces the window's objects only; everything else is taken as live. */
    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        return kind == WINDOW ? windowTrace : super.trace(kind);
    }

    /**
     * Every collection discovers the references it scans: a window collection the window's objects it
     * marks, and the weak slots of remembered objects that point into the window (set aside, not traced);
     * a referent outside the window is kept, one in it that nothing else reached is cleared.
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    /** A window collection collects its window only. */
    @Override
    protected boolean collects(CollectionKind kind, long object) {
        return kind != WINDOW || space.inWindow(object);
    }

    /** The default schedule plus the window's forwarding, reference updating and compaction. */
    @Override
    public void scheduleCollection(GCWorker<Collector> worker, CollectionKind kind) {
        super.scheduleCollection(worker, kind);
        worker.addWork(Stage.CALCULATE_FORWARDING, new ForwardWindow(this, kind));
    }

    @Override
    protected void scheduleExtraRoots(GCWorker<Collector> worker, CollectionKind kind, Closure closure) {
        worker.addWork(Stage.PREPARE, new OpenWindow(this, kind, closure));
    }

    /**
     * Prepare stage, one packet: opens the window (the whole space for a full collection), takes over
     * what the barriers remembered, and in a window collection checks the remembered objects (sanity),
     * forgets those that no longer matter, and scans the slots of those outside the window that point
     * into it as roots.
     */
    void openWindow(GCWorker<Collector> worker, CollectionKind kind, Closure closure) {
        if (kind == CollectionKind.FULL) {
            space.openWholeSpace();
        } else {
            space.openWindow(windowBlocks);
        }
        windowStart = space.windowStart();
        collectedBlocks = space.windowBlocks();
        for (Mutator m : mutators()) {
            RememberedSet set = m.barrier().rememberedSet();
            for (int i = 0, n = set.size(); i < n; i++) {
                remembered.add(set.get(i));
            }
            set.clear();
        }
        windowPointerSources = new long[0];
        if (kind != WINDOW) {
            return;
        }
        if (sanity()) {
            RememberedSetCheck.verify(memory, heap().validObjects(), spaces(), o -> !space.inWindow(o),
                    space::inWindow, "the window of " + space.name(), remembered::contains);
        }
        SideBitmap valid = heap().validObjects();
        LongArrayList sources = new LongArrayList();
        for (LongIterator it = remembered.iterator(); it.hasNext(); ) {
            long o = it.nextLong();
            if (!valid.get(o)) {
                it.remove();
            } else if (!space.inWindow(o)) {
                if (pointsWhereItMust(o)) {
                    sources.add(o);
                } else {
                    it.remove();
                }
            }
        }
        // a hash set's order depends on its history, not on the thread count; sorting makes packets reproducible
        long[] list = sources.toLongArray();
        Arrays.sort(list);
        windowPointerSources = list;
        for (int from = 0; from < list.length; from += CHUNK) {
            worker.addWork(Stage.PREPARE, new ScanRememberedSlots(closure, list, from, Math.min(list.length,
                    from + CHUNK), space::inWindow, references()));
        }
    }

    /** Whether some slot of {@code object} holds a pointer the barrier would remember now. */
    private boolean pointsWhereItMust(long object) {
        int slots = ObjectModel.refSlots(memory, object);
        long slot = ObjectModel.slotAddress(object, 0);
        for (int j = 0; j < slots; j++, slot += 8) {
            long target = memory.load(slot);
            if (target != 0 && space.mustRemember(object, target)) {
                return true;
            }
        }
        return false;
    }

    /**
     * CalculateForwarding stage, one packet: the window's survivors get their new addresses; then the
     * references to them are redirected in parallel (a window collection: the roots, the survivors and
     * the remembered objects pointing into the window, the only places that can; a full collection:
     * the roots and every object of every space), and the survivors slide (Compact).
     */
    void forwardWindow(GCWorker<Collector> worker, CollectionKind kind) {
        survivorBytes = space.computeForwarding();
        long[] survivors = space.survivors();
        if (kind == CollectionKind.FULL) {
            scheduleRefForwarding(worker, space, space);
        } else {
            scheduleRootForwarding(worker, space);
            scheduleListForwarding(worker, windowPointerSources);
        }
        scheduleListForwarding(worker, survivors);
        worker.addWork(Stage.COMPACT, new CompactWindow(space));
    }

    private void scheduleListForwarding(GCWorker<Collector> worker, long[] objects) {
        for (int from = 0; from < objects.length; from += CHUNK) {
            worker.addWork(Stage.REF_FORWARDING, new ForwardListedFields(memory, objects, from,
                    Math.min(objects.length, from + CHUNK), space));
        }
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        // the window is opened by OpenWindow, in the same stage
    }

    /**
     * Forgets the remembered objects that were in the window (they died or moved), gives back the
     * window's emptied blocks, and remembers the survivors, at their new places, that the barrier
     * would have remembered there.
     */
    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        remembered.removeIf(space::inWindow);
        for (long o : space.release()) {
            if (pointsWhereItMust(o)) {
                remembered.add(o);
            }
        }
        windowPointerSources = new long[0];
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        boolean freedTooLittle = budgetPages() - reservedPages() < minFreePages;
        unproductive = kind == WINDOW && freedTooLittle ? unproductive + 1 : 0;
        nextFull = unproductive >= MAX_UNPRODUCTIVE;
        boolean emergencyWindow = collectionReason() == GcReason.EMERGENCY && kind == WINDOW;
        emergencyWindows = emergencyWindow ? emergencyWindows + 1 : 0;
    }

    /**
     * Per collection: where the window started (blocks from the oldest), how many blocks it held, the
     * trace bytes that survived in it (what the paper's OF copies), the blocks of the age-ordered heap
     * after it, and the objects remembered for the next window.
     */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put("windowStart", (long) windowStart);
        stats.put("windowBlocks", (long) collectedBlocks);
        stats.put("windowSurvivorBytes", survivorBytes);
        stats.put("heapBlocks", (long) space.blocks());
        stats.put("rememberedObjects", (long) remembered.size());
        return stats;
    }
}
