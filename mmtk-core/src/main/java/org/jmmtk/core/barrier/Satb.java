package org.jmmtk.core.barrier;

import java.util.concurrent.atomic.AtomicLong;
import org.jmmtk.core.memory.SideBitmap;
import org.jmmtk.core.memory.SideMetadataRegistry;
import org.jmmtk.core.memory.SideMetadataSpec;
import org.jmmtk.probes.Tracepoints;

/**
 * The snapshot-at-the-beginning state a concurrent plan shares with its mutators' {@link SatbBarrier}s
 * (mmtk-core's {@code plan/concurrent} with its SATB barrier): whether marking is active, the per-object
 * log bits (side metadata, one per granule: set once the object's first store after InitialMark logged
 * its old references, or when it was allocated during marking, which needs no logging), and the
 * {@link MarkQueue} the barriers flush their buffers into. Counts the entries flushed, for the plan's
 * metrics.
 *
 * <p>Threads: the plan starts and stops marking in pauses (on a GC worker, mutators stopped); barriers
 * read the flag, log and flush on their mutator threads while marking packets run on GC workers.
 */
public final class Satb {
    /** One log bit per granule: set when the object needs no more logging this cycle. */
    public static final SideMetadataSpec LOG_BITS = SideMetadataSpec.perGranule("satb-log-bit", true, 1);

    private final SideBitmap logged;
    private final MarkQueue queue = new MarkQueue();
    private final int bufferCapacity;
    private final AtomicLong entriesFlushed = new AtomicLong();
    private final AtomicLong flushes = new AtomicLong();
    private volatile boolean active;
    private volatile int cycle;

    /** SATB state whose barriers buffer up to {@code bufferCapacity} entries (the packet capacity). */
    public Satb(SideMetadataRegistry metadata, int bufferCapacity) {
        this.logged = metadata.bitmap(LOG_BITS, null);
        this.bufferCapacity = bufferCapacity;
    }

    /** The gray work of the mark in progress. */
    public MarkQueue queue() {
        return queue;
    }

    public int bufferCapacity() {
        return bufferCapacity;
    }

    /** Whether the barriers log (from InitialMark to the pause that ends marking). */
    public boolean active() {
        return active;
    }

    /**
     * InitialMark: every object in {@code ranges} (pairs of start and end addresses, the spaces' extents)
     * becomes unlogged, so its first store logs it, and the barriers start logging for cycle
     * {@code cycle} (the GC number of the InitialMark, named by the flush tracepoints).
     */
    public void start(long[] ranges, int cycle) {
        for (int i = 0; i < ranges.length; i += 2) {
            logged.clearRange(ranges[i], ranges[i + 1]);
        }
        this.cycle = cycle;
        active = true;
    }

    /** The pause that ends marking: the barriers stop logging. */
    public void stop() {
        active = false;
    }

    /** Marks {@code object} logged if it is not; true if this call did (its store must log it). */
    public boolean attemptToLog(long object) {
        return logged.attemptSet(object);
    }

    /** An object allocated during marking: live by construction, never logged. */
    public void setLogged(long object) {
        logged.set(object);
    }

    /** Queues {@code count} logged references of a barrier's {@code buffer}, which the queue now owns. */
    void flush(long[] buffer, int count) {
        queue.addObjects(buffer, count);
        entriesFlushed.addAndGet(count);
        flushes.incrementAndGet();
        Tracepoints.satbFlush(cycle, count);
    }

    /** Entries flushed into the queue so far (every cycle). */
    public long entriesFlushed() {
        return entriesFlushed.get();
    }

    /** Buffers flushed so far. */
    public long flushes() {
        return flushes.get();
    }

    /** A new, empty buffer for a barrier. */
    long[] newBuffer() {
        return new long[bufferCapacity];
    }
}
