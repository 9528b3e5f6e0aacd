package org.jmmtk.core.policy;

import static org.jmmtk.core.util.Constants.BYTES_IN_PAGE;
import static org.jmmtk.core.util.Constants.bytesToPages;

import java.util.concurrent.atomic.AtomicLong;
import org.jmmtk.core.MMTK;
import org.jmmtk.core.alloc.BumpAllocator;
import org.jmmtk.core.heap.MonotonePageResource;
import org.jmmtk.core.memory.VMLayout;
import org.jmmtk.core.objectmodel.ObjectModel;
import org.jmmtk.core.scheduling.Collector;
import org.jmmtk.core.scheduling.ObjectQueue;

/**
 * A bump-allocated space whose live objects are evacuated to another space when it is the from-space
 * of a collection (semispace and nursery policy). Copying is safe under parallel tracing: the first
 * worker to claim an object copies it, the others wait for its forwarding pointer.
 *
 * <p>Budget accounting: mutators are charged for whole blocks they take, GC copies for the bytes the
 * copies occupy. The unused tails of the GC workers' copy buffers are not charged, so the heap's
 * occupancy after a collection, and with it every later trigger point, does not depend on how many GC
 * threads copied. {@link #copyBufferWaste} reports those tails.
 */
public final class CopySpace extends Space {
    private final MonotonePageResource pages;
    private final AtomicLong chargedBytes = new AtomicLong();
    private final AtomicLong gcPagesTaken = new AtomicLong();
    private final AtomicLong copiedBytes = new AtomicLong();

    public CopySpace(String name, MMTK mmtk, VMLayout.Region region) {
        super(name, mmtk, region);
        this.pages = new MonotonePageResource(memory, region);
    }

    @Override
    public int reservedPages() {
        return (int) bytesToPages(chargedBytes.get());
    }

    @Override
    protected long acquirePages(int n, boolean forGC) {
        long address = pages.acquire(n);
        if (address != 0) {
            if (forGC) {
                gcPagesTaken.addAndGet(n);
            } else {
                chargedBytes.addAndGet((long) n * BYTES_IN_PAGE);
            }
        }
        return address;
    }

    /** Charges the bytes a GC worker copied into this space (called once per worker per collection). */
    public void chargeCopies(long bytes) {
        chargedBytes.addAndGet(bytes);
        copiedBytes.addAndGet(bytes);
    }

    /** Bytes of GC copy buffers taken but not filled so far: the waste the accounting forgives. */
    public long copyBufferWaste() {
        return gcPagesTaken.get() * BYTES_IN_PAGE - copiedBytes.get();
    }

    /** Gives every page back: the space is empty (after its objects were evacuated). */
    public void release() {
        pages.reset();
        chargedBytes.set(0);
        gcPagesTaken.set(0);
        copiedBytes.set(0);
    }

    /** Evacuates {@code object} (if nobody did yet) with {@code copy}; returns the copy's address. */
    public long traceObject(ObjectQueue queue, long object, Collector collector, BumpAllocator copy) {
        long status = ObjectModel.attemptToForward(memory, object);
        if ((status & ObjectModel.FORWARDING_MASK) == ObjectModel.FORWARDED) {
            return status & ~ObjectModel.FORWARDING_MASK;
        }
        long sizeWord = ObjectModel.sizeWord(memory, object);
        long size = ObjectModel.sizeOfSizeWord(sizeWord);
        long to = copy.alloc(size);
        memory.copyWords(object, to, size >>> 3);
        memory.store(to + ObjectModel.STATUS_OFFSET, status);
        ObjectModel.setForwardingPointer(memory, object, to);
        collector.objectsCopied++;
        collector.bytesCopied += ObjectModel.traceBytesOfSizeWord(sizeWord);
        collector.copiedAllocationBytes += size;
        queue.enqueue(to);
        return to;
    }

    /** An object of this (from-)space is live when it has been forwarded. */
    @Override
    public boolean isLive(long object) {
        return ObjectModel.isForwarded(memory, object);
    }

    @Override
    public String checkObject(long object) {
        if (object >= pages.cursor()) {
            return "lies beyond the allocated part of " + name;
        }
        return null;
    }
}
