package org.example.depthfirst;

import java.util.List;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.GcReason;
import org.jmmtk.core.plan.Mutator;
import org.jmmtk.core.plan.Plan;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.plan.PlanConstraints;
import org.jmmtk.core.plan.PlanOption;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectTrace;
import org.jmmtk.scheduler.GCWorker;

/**
 * Depth-first semispace copying: two copy spaces as in SemiSpace, but the closure copies an object and
 * then at once follows its references, depth first, with an explicit stack per GC worker, until the
 * whole subgraph is copied (the generic closure also goes depth first, but stops after a packet's
 * capacity of edges and hands the rest to new packets). Parents and children end up next to each
 * other in the to-space (Moon's and Wilson's locality argument). Root packets still spread the work over the
 * workers; the subgraph first reached from a root is copied by the worker that reached it.
 *
 * <p>The plan defines a collection kind and an option of its own, which jmmtk reports and parses
 * without knowing this plan: a depth-first collection is of kind {@link #DEPTH_FIRST} (label
 * {@code depthfirst}, full-heap), and with {@code --depth-first-every N} only one collection in N is,
 * the others copying in the generic closure's order as semispace does (kind {@code full}), so that one
 * run compares the two orders.
 *
 * <p>Threads: mutators allocate; GC workers run prepare, the closure and release.
 */
public final class DepthFirst extends Plan {
    static final PlanConstraints CONSTRAINTS = new PlanConstraints(true, false);
    /** A full-heap collection that copies depth first. */
    public static final CollectionKind DEPTH_FIRST = new CollectionKind("depthfirst", true);
    /** {@code --depth-first-every N}: one collection in N copies depth first (default: every one). */
    public static final PlanOption DEPTH_FIRST_EVERY = PlanOption.integer("depth-first-every",
            "Copy depth first in one collection out of N, the others in the generic closure's order", 1, 1, 1_000_000);
    private static final List<CollectionKind> KINDS = List.of(DEPTH_FIRST, CollectionKind.FULL);

    private final CopySpace space0;
    private final CopySpace space1;
    private final DepthFirstTrace trace;
    private final long depthFirstEvery;
    // counted by the last packet of each collection, read when the next one is requested
    private volatile long collections;
    // flipped in the Prepare stage, while mutators are stopped; later stages see it after the bucket opens
    private CopySpace toSpace;
    private CopySpace fromSpace;

    public DepthFirst(PlanArgs args) {
        super(args);
        // room for the whole budget plus every worker's partly filled copy buffer
        long extent = args.heapBytes() + (long) args.gcThreads() * args.heap().geometry().bufferBytes();
        this.space0 = new CopySpace("dfspace0", extent, args.heap());
        this.space1 = new CopySpace("dfspace1", extent, args.heap());
        this.toSpace = space0;
        this.fromSpace = space1;
        this.trace = new DepthFirstTrace(args.heap().spaces(), args.gcThreads());
        this.depthFirstEvery = option(DEPTH_FIRST_EVERY);
    }

    @Override
    public PlanConstraints constraints() {
        return CONSTRAINTS;
    }

    CopySpace toSpace() {
        return toSpace;
    }

    @Override
    protected Mutator createMutator(int ordinal) {
        return new DepthFirstMutator(this, ordinal);
    }

    @Override
    public Collector createCollector(int ordinal) {
        Collector c = super.createCollector(ordinal);
        c.setCopyAllocator(new BumpAllocator(memory, heap().geometry(), -1 - ordinal, toSpace, true));
        trace.addWorker(c, new DepthFirstStack(c, memory));
        return c;
    }

    /** The first collection and every {@code --depth-first-every}-th after it copy depth first. */
    @Override
    public CollectionKind collectionKind(GcReason reason) {
        return collections % depthFirstEvery == 0 ? DEPTH_FIRST : CollectionKind.FULL;
    }

    @Override
    public List<CollectionKind> collectionKinds() {
        return KINDS;
    }

    @Override
    protected ObjectTrace trace(CollectionKind kind) {
        return kind == DEPTH_FIRST ? trace : super.trace(kind);
    }

    /** Everything in the to-space may have to be copied by the next collection. */
    @Override
    protected int collectionReservePages() {
        return toSpace.reservedPages();
    }

    @Override
    protected void prepare(GCWorker<Collector> worker, CollectionKind kind) {
        CopySpace old = toSpace;
        toSpace = fromSpace;
        fromSpace = old;
        fromSpace.setFromSpace(true);
        toSpace.setFromSpace(false);
    }

    @Override
    protected void prepareCollector(Collector collector) {
        ((BumpAllocator) collector.copyAllocator()).rebind(toSpace);
    }

    @Override
    protected void release(GCWorker<Collector> worker, CollectionKind kind) {
        fromSpace.release();
        fromSpace.setFromSpace(false);
    }

    @Override
    protected void endOfGC(CollectionKind kind) {
        collections++;
    }

    @Override
    protected void releaseCollector(Collector collector) {
        toSpace.chargeCopies(collector.copiedAllocationBytes());
        collector.copyAllocator().reset();
    }
}
