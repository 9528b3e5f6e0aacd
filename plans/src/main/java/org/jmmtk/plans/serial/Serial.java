package org.jmmtk.plans.serial;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jmmtk.core.barrier.Barrier;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideCounts;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.policy.ForwardingSpace;
import org.jmmtk.core.policy.MarkCompactSpace;
import org.jmmtk.core.policy.Space;
import org.jmmtk.core.scheduling.Closure;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.plans.generational.Gen;
import org.jmmtk.scheduler.GCWorker;
import org.jmmtk.scheduler.Stage;

/**
 * HotSpot's Serial collector (JDK 17: {@code DefNewGeneration} + {@code TenuredGeneration} under
 * {@code GenCollectedHeap}), its sizes and policies byte for byte: a young generation of eden and two
 * survivor spaces, an old generation collected by sliding compaction, a card table.
 *
 * <p>A young collection runs when eden cannot take an allocation. Unless it is unsafe (HotSpot's
 * {@code collection_attempt_is_safe}: the old generation's free bytes below both the padded average
 * promoted and the young generation's use, when it only counts as an attempt and a full collection
 * follows; {@link GenerationPolicy} takes these decisions), it marks the reachable objects of eden and the from-space in place (the parallel
 * closure, from the roots and the old-to-young slots of the dirty cards), then one packet
 * ({@link Scavenge}) moves them in HotSpot's order ({@link CopyOrder}: roots, then breadth first):
 * into the to-space, one year older, if younger than the tenuring threshold and there is room,
 * otherwise into the old generation, or, if that is full too, nowhere (a promotion failure: the
 * object stays and a full collection follows). References are redirected
 * afterwards (RefForwarding), the cards re-evaluated, the survivor spaces swapped, and the threshold
 * for the next collection computed from the age table. A full collection marks everything, slides
 * the old generation's survivors down and appends the young generation's after them
 * ({@link PlanCompaction}, {@link CompactAll}), leaving eden and both survivor spaces empty.
 *
 * <p>Threads: mutators allocate and run the barrier; the collection's hooks and packets run on GC
 * workers, ordered by the scheduler's stages; the fields below are written by one packet at a time.
 */
public final class Serial extends Plan {
    private static final List<CollectionKind> KINDS = List.of(Gen.NURSERY, CollectionKind.FULL);
    /** {@code --nursery}: the young generation's size, as {@code -Xmn}. */
    public static final PlanOption YOUNG_BYTES = PlanOption.size("nursery", "Young generation size, as -Xmn",
            "a third of the heap");
    /** {@code --survivor-ratio}: eden over one survivor space, as {@code -XX:SurvivorRatio} (HotSpot's default 8). */
    public static final PlanOption SURVIVOR_RATIO = PlanOption.integer("survivor-ratio",
            "Eden over one survivor space, as -XX:SurvivorRatio", 8, 1, Integer.MAX_VALUE);
    /**
     * {@code --max-tenuring-threshold}: the age at which objects are promoted at the latest, as
     * {@code -XX:MaxTenuringThreshold}; HotSpot's largest and default, as the mark word's 4-bit age saturates at 15.
     */
    public static final PlanOption MAX_TENURING_THRESHOLD = PlanOption.integer("max-tenuring-threshold",
            "The age at which objects are promoted at the latest, as -XX:MaxTenuringThreshold", 15, 0, 15);
    /**
     * {@code --use-tlab}: 1 (HotSpot's default) allocates in TLABs with HotSpot's sizes and waste
     * ({@link Tlab}); 0 allocates every object straight into eden, as {@code -XX:-UseTLAB}, so eden fills
     * to the object that does not fit.
     */
    public static final PlanOption USE_TLAB = PlanOption.integer("use-tlab",
            "1: thread-local allocation buffers with HotSpot's sizes and waste; 0: none, as -XX:-UseTLAB", 1, 0, 1);
    /**
     * {@code --jvm-tlab-threads}: HotSpot's own threads that each take a TLAB in eden before the first young
     * collection beside the program's (the Finalizer, a compiler thread) and use next to nothing of it
     * ({@link JvmThreadTlabs}); 0 for none. Without TLABs ({@code --use-tlab 0}) none.
     */
    public static final PlanOption JVM_TLAB_THREADS = PlanOption.integer("jvm-tlab-threads",
            "HotSpot's own threads that each take a TLAB in eden before the first young collection (the Finalizer, a compiler thread)",
            2, 0, 64);
    /** Eden's address range beyond its size, in pairs of buffers: mutators' partly used buffers (see {@link #collectionRequired}). */
    static final int EDEN_PLACEMENT_BUFFERS = 16;

    private final Generations sizes;
    private final boolean useTlab;
    private final CopySpace eden;
    private final CopySpace survivor0;
    private final CopySpace survivor1;
    private final MarkCompactSpace old;
    private final CardTable cards;
    private final SideCounts ages;
    private final YoungForwarding youngForwarding;
    private final GenerationPolicy policy;
    private final SpaceCursor toCursor;
    private final SpaceCursor promoteCursor;
    private final GenerationUsage usage;
    private final ObjectTrace markYoung;
    private final ObjectTrace markAll;
    private final ForwardingSpace forwardYoung;
    private final ForwardingSpace forwardFull;
    private final long edenPages;
    private final long edenRangePages;
    private final EdenTop edenTop;
    private final JvmThreadTlabs jvmThreadTlabs;

    // swapped at the end of each successful young collection
    private CopySpace from;
    private CopySpace to;
    private int fullCollections;
    // per collection, written by its packets and read at its end
    private boolean attempted;
    private boolean promotionFailed;

    public Serial(PlanArgs args) {
        super(args);
        this.sizes = Generations.of(args.heapBytes(), option(YOUNG_BYTES), (int) option(SURVIVOR_RATIO),
                args.heap().geometry());
        this.policy = new GenerationPolicy((int) option(MAX_TENURING_THRESHOLD), sizes.survivorBytes());
        this.useTlab = option(USE_TLAB) == 1;
        long slack = 2L * args.heap().geometry().bufferBytes();
        // each mutator's objects lie in buffers of its own, the last partly used: room for that many mutators' rest
        long edenRange = sizes.edenBytes() + EDEN_PLACEMENT_BUFFERS * slack;
        this.eden = new CopySpace("eden", edenRange, args.heap());
        this.edenRangePages = args.heap().geometry().bytesToPages(edenRange);
        this.edenTop = new EdenTop(sizes.edenBytes());
        this.usage = new GenerationUsage(sizes, edenTop);
        this.jvmThreadTlabs = new JvmThreadTlabs(useTlab ? (int) option(JVM_TLAB_THREADS) : 0, edenTop, sizes.edenBytes());
        this.survivor0 = new CopySpace("survivor0", sizes.survivorBytes() + slack, args.heap());
        this.survivor1 = new CopySpace("survivor1", sizes.survivorBytes() + slack, args.heap());
        // the old generation, plus room to append the young generation during a full collection
        this.old = new MarkCompactSpace("old", sizes.oldBytes() + sizes.youngBytes() + slack, args.heap());
        this.from = survivor0;
        this.to = survivor1;
        this.edenPages = args.heap().geometry().bytesToPages(sizes.edenBytes());
        SideMetadataRegistry metadata = args.heap().metadata();
        this.cards = new CardTable(metadata);
        // one table over all memory (young objects' ages and forwarding): global, as mmtk-core counts such tables
        this.ages = metadata.counts(SideMetadataSpec.perGranule("serial-age", true, 32), null);
        this.youngForwarding = new YoungForwarding(metadata, memory, args.heap().validObjects(), old);
        this.toCursor = new SpaceCursor(args.heap().geometry(), to);
        this.promoteCursor = new SpaceCursor(args.heap().geometry(), old);
        MarkCompactSpace mature = old;
        ObjectTrace others = spaceTableTrace();
        this.markYoung = (object, context) -> isYoung(object) ? youngSpace(object).markInPlace(object, context) : object;
        this.markAll = (object, context) -> mature.contains(object) ? mature.traceObject(object, context)
                : isYoung(object) ? youngSpace(object).markInPlace(object, context) : others.traceObject(object, context);
        this.forwardYoung = slot -> {
            long target = memory.load(slot);
            if (target != 0 && isYoung(target) && ObjectModel.isForwarded(memory, target)) {
                memory.store(slot, ObjectModel.forwardee(memory, target));
            }
        };
        this.forwardFull = slot -> {
            long target = memory.load(slot);
            if (target == 0) {
                return;
            }
            if (mature.contains(target)) {
                memory.store(slot, mature.forward(target));
            } else if (isYoung(target)) {
                memory.store(slot, youngForwarding.destination(target));
            }
        };
    }

    @Override
    public PlanConstraints constraints() {
        return SerialConstraints.CONSTRAINTS;
    }

    /** The sizes of eden, the survivor spaces and the old generation. */
    public Generations generations() {
        return sizes;
    }

    @Override
    public Map<String, Long> spaceSizes() {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("youngBytes", sizes.youngBytes());
        m.put("edenBytes", sizes.edenBytes());
        m.put("survivorBytes", sizes.survivorBytes());
        m.put("oldBytes", sizes.oldBytes());
        return m;
    }

    CopySpace eden() {
        return eden;
    }

    MarkCompactSpace oldSpace() {
        return old;
    }

    CardTable cards() {
        return cards;
    }

    boolean isYoung(long address) {
        return eden.contains(address) || survivor0.contains(address) || survivor1.contains(address);
    }

    private CopySpace youngSpace(long address) {
        return eden.contains(address) ? eden : survivor0.contains(address) ? survivor0 : survivor1;
    }

    /** Objects larger than eden go to the old generation (HotSpot's {@code should_try_older_generation_allocation}). */
    @Override
    public long largeObjectThreshold() {
        return sizes.edenBytes();
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new SerialMutator(this, ordinal);
    }

    @Override
    protected Barrier createBarrier(int ordinal) {
        return new CardMarkingBarrier(memory, this, cards);
    }

    /** A large object born in the old generation (its simulated bytes). */
    void largeAllocated(long bytes) {
        usage.largeAllocated(bytes);
    }

    /** Eden's byte count and TLAB statistics, which mutators' allocators claim from and report to. */
    EdenTop edenTop() {
        return edenTop;
    }

    /** Whether mutators allocate in TLABs ({@link #USE_TLAB}). */
    boolean usesTlabs() {
        return useTlab;
    }

    /**
     * Eden cannot give what a mutator's TLAB policy asks for: runs the collection (or waits for another
     * mutator's), after which the caller starts its allocation again. A request for more pages than
     * eden has is what {@link #collectionRequired} answers with a collection.
     */
    void collectForEden() {
        if (eden.acquire((int) edenPages + 1) != 0) {
            throw new IllegalStateException("eden granted more pages than it has");
        }
    }

    /**
     * A collection when eden cannot take the pages, when an allocation in the old generation (a large
     * object) does not fit its free bytes, when a full collection is due (after a young one left the
     * old generation nearly full or failed a promotion), or when the budget is exceeded.
     */
    @Override
    public boolean collectionRequired(boolean budgetExceeded, String space, int pages) {
        if (budgetExceeded || policy.fullDue()) {
            return true;
        }
        if (space.equals(eden.name())) {
            // eden's byte count decides (EdenTop.claim, collectForEden); the pages only place objects, and take
            // a collection only if so many mutators' partly used buffers exhaust the range beyond eden
            return pages > edenPages || eden.reservedPages() + pages > edenRangePages;
        }
        if (space.equals(largeObjectSpace().name())) {
            return usage.oldUsed() + heap().geometry().pagesToBytes(pages) > sizes.oldBytes();
        }
        return false;
    }

    @Override
    public int pagesBeforeCollection(int budgetFreePages) {
        return (int) Math.min(budgetFreePages, edenTop.available() / heap().geometry().pageBytes());
    }

    /** A young collection, then a full one, then a full one clearing everything (HotSpot's last try). */
    @Override
    public int maxCollectionAttempts() {
        return 3;
    }

    /**
     * Young for an allocation failure, unless the policy says otherwise; full for a retry (the young
     * collection did not satisfy the allocation: {@code should_do_full_collection}), for
     * {@code System.gc()} and at the end.
     */
    @Override
    public CollectionKind collectionKind(GcReason reason) {
        if (reason == GcReason.HEAP_FULL && policy.youngForAllocationFailure()) {
            return Gen.NURSERY;
        }
        return CollectionKind.FULL;
    }

    @Override
    public List<CollectionKind> collectionKinds() {
        return KINDS;
    }

    @Override
    public void scheduleCollection(GCWorker<Collector> worker, CollectionKind kind) {
        attempted = kind == CollectionKind.FULL || policy.youngAttemptIsSafe(promotionFailed, usage.oldFree(), usage.youngUsed());
        super.scheduleCollection(worker, kind);
        if (kind == CollectionKind.FULL) {
            worker.addWork(Stage.CALCULATE_FORWARDING, new PlanCompaction(this));
        } else if (attempted) {
            worker.addWork(Stage.CALCULATE_FORWARDING, new Scavenge(this));
        }
    }

    /**
     * Both kinds discover references, by HotSpot's rule (docs/serial.md, "Weak references"): a young
     * collection only those copied to the to-space ({@link CopyOrder} decides them; a reference promoted
     * or already old holds its referent strongly, cards included), a full collection every one.
     */
    @Override
    protected boolean discoversReferences(CollectionKind kind) {
        return true;
    }

    /**
     * A young collection's references are decided as its objects are moved ({@link CopyOrder}), not here;
     * a full collection's by the closure's marks (the forwarding pass then gives each referent kept its new address).
     */
    @Override
    protected void processReferences(GCWorker<Collector> worker, CollectionKind kind) {
        if (kind == CollectionKind.FULL) {
            super.processReferences(worker, kind);
        }
    }

    /** A young collection marks eden and the from-space (or, if not attempted, nothing); a full one everything. */
    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        if (kind == CollectionKind.FULL) {
            return markAll;
        }
        return attempted ? markYoung : (object, context) -> object;
    }

    /** The old-to-young slots of the dirty cards are roots of a young collection. */
    @Override
    protected void scheduleExtraRoots(GCWorker<Collector> worker, CollectionKind kind, Closure closure) {
        if (kind == Gen.NURSERY && attempted) {
            worker.addWork(Stage.PREPARE, new ScanCards(this, closure, sanity()));
        }
    }

    /** The spaces outside the young generation whose cards the barrier dirties. */
    Space[] cardedSpaces() {
        return new Space[] {old, largeObjectSpace(), immortalSpace()};
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        usage.collectionStarts();
        edenTop.collectionStarts();
        jvmThreadTlabs.retire(edenTop);
        promotionFailed = false;
        if (kind == CollectionKind.FULL) {
            fullCollections++;
            return;
        }
        policy.youngCollectionStarts();
        toCursor.rebind(to);
    }

    /**
     * Moves the marked young objects of a young collection in HotSpot's order ({@link CopyOrder}: from
     * the roots, then breadth first; one packet, so where each goes never depends on the number of GC
     * threads). Returns the copies in the to-space, the copies in the old generation and the objects
     * left in place (a promotion failure), for the RefForwarding pass.
     */
    Scavenge.Moved scavenge(Collector collector) {
        long oldTop = Math.max(old.start(), promoteCursor.top());
        return new CopyOrder(this, (o, moved) -> evacuate(o, moved, collector), collector, references())
                .run(scanning(), oldTop, from, eden);
    }

    /**
     * HotSpot's {@code copy_to_survivor_space}: into the to-space, one year older, if younger than the
     * tenuring threshold and there is room, otherwise into the old generation, or, if that is full
     * too, nowhere (a promotion failure: the object stays).
     */
    private void evacuate(long o, Scavenge.Moved moved, Collector collector) {
        long size = ObjectModel.size(memory, o);
        long traceBytes = ObjectModel.traceBytes(memory, o);
        int age = ages.get(o);
        if (age < policy.tenuringThreshold() && usage.survivorHasRoom(size)) {
            long copy = toCursor.alloc(size);
            usage.survived(size, traceBytes);
            int newAge = Math.min(age + 1, AgeTable.MAX_AGE);
            ages.set(copy, newAge);
            policy.survived(newAge, size);
            move(o, copy, size, traceBytes, collector);
            moved.survivors.add(copy);
        } else if (usage.oldFree() >= size) {
            long copy = promoteCursor.alloc(size);
            usage.promoted(size, traceBytes);
            move(o, copy, size, traceBytes, collector);
            moved.promoted.add(copy);
        } else {
            promotionFailed = true;
            ObjectModel.clearMark(memory, o);
            moved.kept.add(o);
        }
    }

    /** A young collection's move: the old place keeps a forwarding pointer for the RefForwarding pass. */
    private void move(long object, long copy, long size, long traceBytes, Collector collector) {
        relocate(object, copy, size);
        ObjectModel.setForwardingPointer(memory, object, copy);
        collector.evacuated(object, copy, traceBytes, size);
    }

    /**
     * Copies an object and makes the copy, not the old place, the object the heap holds: a young
     * collection whose promotion failed releases neither eden nor the from-space, so the old places of
     * the objects it moved would otherwise still count as objects after it (while the move was reported).
     */
    private void relocate(long object, long copy, long size) {
        memory.copyWords(object, copy, size >>> 3);
        ObjectModel.clearMark(memory, copy);
        validObjects().clear(object);
        validObjects().set(copy);
    }

    private SideBitmap validObjects() {
        return heap().validObjects();
    }

    ForwardingSpace forwardYoung() {
        return forwardYoung;
    }

    /** RefForwarding of a young collection: the roots (the rest is {@link Scavenge}'s). */
    void scheduleYoungRootForwarding(GCWorker<Collector> worker) {
        scheduleRootForwarding(worker, forwardYoung);
    }

    /** Full collection, once everything is marked: the end of the old generation's dense prefix ({@link DeadSpacer}). */
    long densePrefixEnd() {
        long bottom = old.start();
        return DeadSpacer.densePrefixEnd(memory, validObjects(), bottom, Math.max(bottom, promoteCursor.top()),
                sizes.oldBytes(), fullCollections);
    }

    /**
     * Full collection, after the old generation's forwarding is computed: gives every marked young
     * object its place after the old generation's survivors ({@link YoungForwarding}, eden, then the
     * from-space, then the to-space, as HotSpot's compaction points visit them); returns them in that order.
     */
    long[] placeYoung() {
        return youngForwarding.place(eden, from, to);
    }

    /** RefForwarding of a full collection: the roots and every live object of every space. */
    void scheduleFullForwarding(GCWorker<Collector> worker) {
        scheduleRefForwarding(worker, forwardFull, null);
    }

    /** Full collection, after the slide: moves the young survivors to their places in the old generation. */
    void moveYoung(long[] live, Collector collector) {
        for (long o : live) {
            long size = ObjectModel.size(memory, o);
            long traceBytes = ObjectModel.traceBytes(memory, o);
            long copy = youngForwarding.destination(o);
            relocate(o, copy, size);
            collector.evacuated(o, copy, traceBytes, size);
            usage.appended(traceBytes);
        }
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        if (kind == CollectionKind.FULL) {
            old.release();
            for (CopySpace s : new CopySpace[] {eden, survivor0, survivor1}) {
                ages.clearRange(s.start(), s.allocatedEnd());
                s.release();
            }
            edenTop.emptied();
            cards.cleanRange(old.start(), old.end());
            cards.cleanRange(largeObjectSpace().start(), largeObjectSpace().end());
            cards.cleanRange(immortalSpace().start(), immortalSpace().end());
            usage.youngEmptied();
            return;
        }
        if (!attempted || promotionFailed) {
            return;
        }
        ages.clearRange(eden.start(), eden.allocatedEnd());
        ages.clearRange(from.start(), from.allocatedEnd());
        eden.release();
        edenTop.emptied();
        from.release();
        to.chargeCopies(usage.toUsed());
        CopySpace s = from;
        from = to;
        to = s;
        usage.survivorsSwapped();
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        edenTop.collectionEnds();
        if (kind == CollectionKind.FULL) {
            usage.fullCollectionEnded(old.compactedEnd() - old.start(), largeLiveBytes());
            long pageEnd = old.start() + heap().geometry().pagesToBytes(old.reservedPages());
            promoteCursor.continueAt(old.compactedEnd(), pageEnd);
            policy.fullCollectionEnded(usage.oldUsed() > sizes.oldBytes());
            return;
        }
        policy.youngCollectionEnded(usage.oldGrowth(), attempted && !promotionFailed, usage.oldFree());
    }

    private long largeLiveBytes() {
        Space los = largeObjectSpace();
        long bytes = 0;
        long end = los.extentEnd();
        for (long o = validObjects().next(los.start(), end); o >= 0; o = validObjects().next(o + 8, end)) {
            bytes += ObjectModel.size(memory, o);
        }
        return bytes;
    }

    /** Per collection: see {@link SerialGcStats}. */
    @Override
    public Map<String, Long> collectionStats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put(SerialGcStats.BYTES_PROMOTED, usage.promotedTraceBytes());
        stats.put(SerialGcStats.SURVIVOR_BYTES, usage.survivorTraceBytes());
        stats.put(SerialGcStats.TENURING_THRESHOLD, (long) policy.tenuringThreshold());
        stats.put(SerialGcStats.PROMOTION_FAILED, promotionFailed ? 1L : 0L);
        stats.put(SerialGcStats.ATTEMPTED, attempted ? 1L : 0L);
        stats.put(SerialGcStats.OLD_USED_BYTES, usage.oldUsed());
        stats.put(SerialGcStats.EDEN_USED_BYTES, edenTop.usedAtGc());
        stats.put(SerialGcStats.TLAB_WASTE_BYTES, edenTop.wasteBytes());
        return stats;
    }
}
