package org.jmmtk.core.barrier;

import org.jmmtk.core.memory.SimulatedMemory;
import org.jmmtk.core.objectmodel.ObjectModel;

/**
 * The snapshot-at-the-beginning deletion barrier (Yuasa; mmtk-core's {@code SATBBarrier} in
 * {@code plan/concurrent/barrier.rs}, an object barrier): while marking is active, the first store
 * into an object since InitialMark, before it overwrites anything, logs every non-null reference the
 * object holds (the old value of the slot being stored into among them), so no reference of the
 * snapshot is lost however the program rewires the heap; later stores into the same object pass
 * through (its log bit is set). Logged references go to a buffer of this mutator, flushed into the
 * plan's {@link MarkQueue} when full and by the pause that ends marking.
 *
 * <p>One instance per mutator, used by its thread; {@link #flush} and {@link #discard} run in pauses,
 * with that thread stopped.
 */
public final class SatbBarrier extends Barrier {
    private final Satb satb;
    private long[] buffer;
    private int size;
    private long slowPaths;
    private long entriesLogged;

    public SatbBarrier(SimulatedMemory memory, Satb satb) {
        super(memory);
        this.satb = satb;
        this.buffer = satb.newBuffer();
    }

    @Override
    protected void preWrite(long source, long slot, long target) {
        if (satb.active() && satb.attemptToLog(source)) {
            logObject(source);
        }
    }

    private void logObject(long source) {
        slowPaths++;
        int slots = ObjectModel.refSlots(memory, source);
        long s = ObjectModel.slotAddress(source, 0);
        for (int i = 0; i < slots; i++, s += 8) {
            long old = memory.load(s);
            if (old != 0) {
                buffer[size++] = old;
                entriesLogged++;
                if (size == buffer.length) {
                    flush();
                }
            }
        }
    }

    /** Hands the buffered entries to the mark queue (as one chunk, a packet's worth of work). */
    public void flush() {
        if (size > 0) {
            satb.flush(buffer, size);
            buffer = satb.newBuffer();
            size = 0;
        }
    }

    /** Drops the buffered entries (their cycle was finished without them, or given up). */
    public void discard() {
        size = 0;
    }

    /** Entries buffered and not yet flushed. */
    public int buffered() {
        return size;
    }

    /** Stores that took the slow path: first stores into an object during marking. */
    public long slowPaths() {
        return slowPaths;
    }

    /** References logged so far. */
    public long entriesLogged() {
        return entriesLogged;
    }

    /** The literature's write-barrier metric for a deletion barrier: the references it logged. */
    @Override
    public long stores() {
        return entriesLogged;
    }
}
