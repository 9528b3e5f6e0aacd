package org.jmmtk.tools.plot;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import org.jmmtk.bindings.trace.IgnoringEvents;
import org.jmmtk.bindings.trace.TraceException;

/**
 * Follows a perfect (or granulated) trace's allocations and deaths in time, which is bytes allocated:
 * each object's size and a caller's tag (its age band, say) while it lives, and the live bytes. Checks
 * what the plots rely on (no duplicate id; a death only of a live object) and throws
 * {@link TraceException} otherwise. Subclasses watch births and deaths. Used by one thread.
 */
abstract class DeathTimes extends IgnoringEvents {
    private final Long2LongOpenHashMap live = new Long2LongOpenHashMap();
    private long time;
    private long liveBytes;
    private long deaths;

    /** Bytes allocated so far: the time of the next record. */
    final long time() {
        return time;
    }

    final long liveBytes() {
        return liveBytes;
    }

    final long deaths() {
        return deaths;
    }

    /** The tag {@link #born} gives an object allocated at {@code time} (at most 2^27 - 1). */
    protected abstract int tag(long bornAt);

    /** Called before the allocation at time {@link #time()}, after the deaths at that time. */
    protected void beforeAllocation() {
    }

    /** An object of {@code bytes} with {@code tag} was just allocated. */
    protected void born(long bytes, int tag) {
    }

    /** An object of {@code bytes} with {@code tag} died at {@link #time()}. */
    protected void died(long bytes, int tag) {
    }

    @Override
    public final void alloc(int thread, long object, long bytes, int refSlots, int typeId) {
        beforeAllocation();
        int tag = tag(time);
        if (live.put(object, (bytes << 27) | tag) != live.defaultReturnValue()) {
            throw new TraceException("duplicate object id " + object);
        }
        time += bytes;
        liveBytes += bytes;
        born(bytes, tag);
    }

    @Override
    public final void death(long object) {
        long packed = live.remove(object);
        if (packed == live.defaultReturnValue()) {
            throw new TraceException("death of object " + object + ", which is not alive (never allocated, or dead already)");
        }
        long bytes = packed >>> 27;
        liveBytes -= bytes;
        deaths++;
        died(bytes, (int) (packed & ((1 << 27) - 1)));
    }
}
