package org.jmmtk.plans.gencopy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jmmtk.core.alloc.Allocator;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.plan.CollectionKind;
import org.jmmtk.core.plan.PlanArgs;
import org.jmmtk.core.policy.CopySpace;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.plans.generational.Gen;
import org.jmmtk.scheduler.GCWorker;

/**
 * Generational copying with a fixed-size nursery (the Merlin paper's FG; mmtk-core's GenCopy): a
 * nursery collection copies the nursery's survivors into the mature semispace, a full collection
 * copies the survivors of the nursery and of the mature space into the other mature semispace. The
 * nursery holds {@code --nursery} bytes (default a quarter of the budget), and the next collection is
 * full when the last one left less free budget than twice the nursery: room to fill it and to copy
 * all of it. GC workers keep their copy buffers from one nursery collection to the next, and the
 * mature space is charged the bytes copied, not the buffers, so the heap does not depend on the GC
 * thread count.
 *
 * <p>{@code appel} reuses this plan with a variable nursery; it overrides only the nursery bounds.
 */
public class GenCopy extends Gen {
    private final CopySpace mature0;
    private final CopySpace mature1;
    // flipped in the Prepare stage of a full collection; the scheduler orders it before later stages
    private CopySpace mature;
    private CopySpace oldMature;
    // mutators' pretenure allocators: created as mutators bind, rebound (mutators stopped) when the spaces flip
    private final List<BumpAllocator> pretenure = new CopyOnWriteArrayList<>();
    private boolean flipped;

    public GenCopy(PlanArgs args) {
        super(args);
        // the budget plus every worker's partly filled copy buffer (kept across nursery collections)
        long extent = args.heapBytes() + 2L * args.gcThreads() * args.heap().geometry().bufferBytes();
        this.mature0 = new CopySpace("mature0", extent, args.heap(), true);
        this.mature1 = new CopySpace("mature1", extent, args.heap(), true);
        this.mature = mature0;
        this.oldMature = mature1;
    }

    /** A full collection may copy the whole mature space. */
    @Override
    protected int matureReservePages() {
        return mature.reservedPages();
    }

    /** Pretenured objects are bump-allocated into the mature semispace that is current. */
    @Override
    protected Allocator pretenureAllocator(int ordinal, Allocator nursery) {
        BumpAllocator a = new BumpAllocator(memory, heap().geometry(), ordinal, mature, false);
        pretenure.add(a);
        return a;
    }

    @Override
    public Collector createCollector(int ordinal) {
        Collector c = super.createCollector(ordinal);
        c.setCopyAllocator(new BumpAllocator(memory, heap().geometry(), -1 - ordinal, mature, true));
        return c;
    }

    @Override
    protected void prepareMature(GCWorker<Collector> worker, CollectionKind kind) {
        flipped = kind == CollectionKind.FULL;
        if (flipped) {
            CopySpace from = mature;
            mature = oldMature;
            oldMature = from;
            oldMature.setFromSpace(true);
            mature.setFromSpace(false);
            for (BumpAllocator a : pretenure) {
                a.rebind(mature);
            }
        }
    }

    @Override
    protected void prepareCollector(Collector collector) {
        if (flipped) {
            ((BumpAllocator) collector.copyAllocator()).rebind(mature);
        }
    }

    @Override
    protected void releaseMature(GCWorker<Collector> worker, CollectionKind kind) {
        if (kind == CollectionKind.FULL) {
            oldMature.release();
            oldMature.setFromSpace(false);
        }
    }

    /** Charges the copies; the copy buffer is kept for the next nursery collection. */
    @Override
    protected void releaseCollector(Collector collector) {
        mature.chargeCopies(collector.copiedAllocationBytes());
    }
}
