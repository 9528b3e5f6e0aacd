package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideCounts;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;

/**
 * The state of deferred reference counting (Deutsch and Bobrow 1976) as side metadata: each object's
 * count of references from heap objects (roots are not counted between collections), and a bit per
 * object saying it is in the zero-count table (ZCT), so an object enters the table at most once however
 * often its count falls to zero. The table's entries themselves live in buffers: one per mutator
 * (its barrier's {@link RememberedSet}) and the plan's own.
 *
 * <p>Mutators' barriers and GC workers update counts atomically; the ZCT bit is set with test-and-set,
 * so two mutators cannot both enter one object.
 */
public final class ReferenceCounts {
    private final SideCounts counts;
    private final SideBitmap inZct;

    /** Counts and ZCT bits of every object, global side metadata of {@code metadata}. */
    public ReferenceCounts(SideMetadataRegistry metadata) {
        this.counts = metadata.counts(SideMetadataSpec.perGranule("rc-count", true, 32), null);
        this.inZct = metadata.bitmap(SideMetadataSpec.perGranule("rc-in-zct", true, 1), null);
    }

    public int count(long object) {
        return counts.get(object);
    }

    /** Adds one to the count of {@code object}; returns the new count (1: the object's first reference). */
    public int increment(long object) {
        return counts.increment(object);
    }

    /** Subtracts one; true if the count reached zero. */
    public boolean decrement(long object) {
        return counts.decrement(object) == 0;
    }

    /** Marks {@code object} as in the ZCT; true if it was not (the caller adds it to a buffer). */
    public boolean enterZct(long object) {
        // attemptSet reads plainly first: an object often falls to zero again while still in the table
        return inZct.attemptSet(object);
    }

    public boolean inZct(long object) {
        return inZct.get(object);
    }

    /** Takes {@code object} out of the ZCT (it is processed, or freed). */
    public void leaveZct(long object) {
        inZct.clear(object);
    }

    /** A new object: count zero (its cell may hold a stale count of a swept object). */
    public void initialize(long object) {
        counts.set(object, 0);
    }

    /** The object at {@code from} moved to {@code to}: its count goes with it, the old place's is zero. */
    public void move(long from, long to) {
        counts.set(to, counts.get(from));
        counts.set(from, 0);
    }

    /** Zeroes every count and ZCT bit of {@code [start, end)} (before counts are recomputed by a trace). */
    public void clearRange(long start, long end) {
        counts.clearRange(start, end);
        inZct.clearRange(start, end);
    }
}
