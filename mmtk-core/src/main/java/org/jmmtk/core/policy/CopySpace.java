package org.jmmtk.core.policy;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.jmmtk.core.heap.MonotonePageResource;
import org.jmmtk.core.heap.PageResource;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * A bump-allocated space whose live objects are evacuated to another space when it is the from-space
 * of a collection (semispace and nursery policy). Copying is safe under parallel tracing: the first
 * worker to claim an object copies it, the others wait for its forwarding pointer. Objects of a space
 * that is not a from-space are left where they are.
 *
 * <p>Budget accounting: mutators are charged for whole buffers they take, GC copies for the bytes the
 * copies occupy. The unused tails of the GC workers' copy buffers are not charged, so the heap's
 * occupancy after a collection, and with it every later trigger point, does not depend on how many GC
 * threads copied.
 *
 * <p>In a generational plan every copy becomes a mature object, so a space made with {@code logCopies}
 * sets the log bit of each copy it makes (mmtk-core's {@code PromoteToMature} copy semantics); a
 * {@link #nursery} also counts the trace bytes evacuated out of it (the bytes it promoted).
 */
public final class CopySpace extends Space {
    private final MonotonePageResource pages;
    private final AtomicLong chargedBytes = new AtomicLong();
    private final LongAdder evacuatedBytes = new LongAdder();
    private final boolean logCopies;
    private final boolean countEvacuated;
    // set in the Prepare stage and read by GC workers afterwards: the scheduler's bucket opening orders them
    private boolean fromSpace;

    public CopySpace(String name, long bytes, HeapServices heap) {
        this(name, bytes, heap, false, false);
    }

    /** A copy space whose copies get the log bit if {@code logCopies} (a generational plan's mature spaces). */
    public CopySpace(String name, long bytes, HeapServices heap, boolean logCopies) {
        this(name, bytes, heap, logCopies, false);
    }

    private CopySpace(String name, long bytes, HeapServices heap, boolean logCopies, boolean countEvacuated) {
        super(name, bytes, heap);
        this.pages = new MonotonePageResource(memory, geometry, region);
        this.logCopies = logCopies;
        this.countEvacuated = countEvacuated;
    }

    /**
     * A generational plan's nursery: its copies are mature (they get the log bit), and it counts the
     * bytes it promotes. Only a nursery counts them: the count is a shared atomic, an extra fence per
     * copy that a semispace collection does not need.
     */
    public static CopySpace nursery(String name, long bytes, HeapServices heap) {
        return new CopySpace(name, bytes, heap, true, true);
    }

    /** Trace bytes of the objects evacuated out of this nursery since the last call; resets the count. */
    public long takeEvacuatedBytes() {
        if (!countEvacuated) {
            throw new IllegalStateException(name + " is not a nursery: it does not count evacuated bytes");
        }
        return evacuatedBytes.sumThenReset();
    }

    @Override
    public long extentEnd() {
        return pages.highWater();
    }

    @Override
    public int reservedPages() {
        return (int) geometry.bytesToPages(chargedBytes.get());
    }

    @Override
    protected PageResource pageResource() {
        return pages;
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        long address = pages.acquire(n);
        if (address != 0 && !forGC) {
            chargedBytes.addAndGet(geometry.pagesToBytes(n));
        }
        return address;
    }

    /** The end of the allocated part of the space: every object lies below it. */
    public long allocatedEnd() {
        return pages.cursor();
    }

    /** Makes this space the from-space of the next collection (or not). */
    public void setFromSpace(boolean from) {
        this.fromSpace = from;
    }

    /** Charges the bytes a GC worker copied into this space (called once per worker per collection). */
    public void chargeCopies(long bytes) {
        chargedBytes.addAndGet(bytes);
    }

    /**
     * Gives every page back once the space's survivors were evacuated: frees the objects left behind
     * all at once ({@link #freeAll}).
     */
    public void release() {
        freeAll(start, pages.cursor());
        pages.reset();
        chargedBytes.set(0);
    }

    @Override
    public long traceObject(long object, TraceLocal context) {
        if (!fromSpace) {
            return object;
        }
        long status = ObjectModel.attemptToForward(memory, object);
        if ((status & ObjectModel.FORWARDING_MASK) == ObjectModel.FORWARDED) {
            return ObjectModel.forwardeeOfStatus(status);
        }
        long size = ObjectModel.sizeOfStatus(status);
        long to = context.allocCopy(size);
        validObjects.set(to);
        copyClaimed(object, status, to);
        context.copied(object, to, ObjectModel.traceBytesOfStatus(status), size);
        context.enqueue(to);
        return to;
    }

    /**
     * Sets the valid-object bits {@code bits} of the copies in the bitmap word covering {@code address}
     * ({@link SideBitmap#setBits}): a copier that copies runs of objects into its own buffer sets their
     * bits a word at a time, before its packet ends (nothing reads a copy's bit during the closure).
     */
    public void setValidObjects(long address, long bits) {
        validObjects.setBits(address, bits);
    }

    /** Whether this space is the from-space of the collection running (set in its Prepare stage). */
    public boolean isFromSpace() {
        return fromSpace;
    }

    /**
     * Copies {@code object}, which this thread claimed ({@link ObjectModel#attemptToForward} returned
     * {@code status}, not forwarded), to {@code to}, room of {@link ObjectModel#sizeOfStatus} bytes, and
     * forwards it there. The copying step of {@link #traceObject} alone, for a trace that allocates,
     * sets the copy's valid-object bit ({@link #setValidObjects}), counts, reports the move and scans the
     * copy itself (a fused closure loop), as {@code traceObject} does.
     */
    public void copyClaimed(long object, long status, long to) {
        memory.copyWords(object, to, ObjectModel.sizeOfStatus(status) >>> 3);
        memory.store(to + ObjectModel.STATUS_OFFSET, logCopies ? status | ObjectModel.LOG_BIT : status);
        ObjectModel.setForwardingPointer(memory, object, to);
        if (countEvacuated) {
            evacuatedBytes.add(ObjectModel.traceBytesOfStatus(status));
        }
    }

    /**
     * Marks {@code object} in place instead of copying it, for a plan that moves this space's
     * survivors itself after the closure (genimmix's promotion); queues it if this call marked it.
     */
    public long markInPlace(long object, TraceLocal context) {
        return markObject(object, context);
    }

    @Override
    public String checkObject(long object) {
        if (object >= pages.cursor()) {
            return "lies beyond the allocated part of " + name;
        }
        return null;
    }
}
