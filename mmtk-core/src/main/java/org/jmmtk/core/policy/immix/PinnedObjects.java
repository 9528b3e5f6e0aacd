package org.jmmtk.core.policy.immix;

import org.jmmtk.core.memory.SideBitmap;

/**
 * The pinned objects of an {@link ImmixSpace} (MMTk's {@code pin_object}; mmtk-core's pinning bit): one bit
 * of side metadata per granule; no collection moves a pinned object until it is unpinned or dies. Until the
 * first pin the space reads no bit at all.
 *
 * <p>Threads: mutators pin and unpin their objects; GC workers read the bits (evacuation, compaction) and
 * clear those of the objects they free.
 */
final class PinnedObjects {
    private final SideBitmap bits;
    private volatile boolean any;

    PinnedObjects(SideBitmap bits) {
        this.bits = bits;
    }

    /** Pins {@code object}; false if it was pinned already. */
    boolean pin(long object) {
        any = true;
        if (bits.get(object)) {
            return false;
        }
        bits.set(object);
        return true;
    }

    /** Unpins {@code object}; false if it was not pinned. */
    boolean unpin(long object) {
        if (!bits.get(object)) {
            return false;
        }
        bits.clear(object);
        return true;
    }

    boolean isPinned(long object) {
        return any && bits.get(object);
    }

    /** Whether any object was ever pinned. */
    boolean any() {
        return any;
    }

    /** The dead {@code object} is freed: its pin, if any, goes with it. */
    void forget(long object) {
        if (any) {
            bits.clear(object);
        }
    }
}
