package org.jmmtk.core.objectmodel;

import org.jmmtk.core.memory.SimulatedMemory;

/**
 * The layout of a simulated object. An object reference is the address of its header; the header is
 * three words, then the reference slots, then the payload:
 *
 * <pre>
 *  word 0  status: bits 0-1 forwarding state, bit 2 mark, bit 3 log; bits 32-63 type id.
 *          When forwarded the whole word is (new address | FORWARDED).
 *  word 1  object id (the trace's id, positive)
 *  word 2  bits 0-39 the object's size as the trace gives it (header included), bits 40-63 reference slots
 * </pre>
 *
 * The simulated object occupies its trace size rounded up to 8 bytes, but never less than its header
 * plus its reference slots. Everything here is a static helper over {@link SimulatedMemory}; the
 * forwarding and mark updates are atomic so parallel GC workers can race on them.
 */
public final class ObjectModel {
    public static final int HEADER_WORDS = 3;
    public static final int HEADER_BYTES = HEADER_WORDS * 8;
    public static final long STATUS_OFFSET = 0;
    public static final long ID_OFFSET = 8;
    public static final long SIZE_OFFSET = 16;

    public static final long FORWARDING_MASK = 0b11;
    public static final long NOT_FORWARDED = 0b00;
    public static final long BEING_FORWARDED = 0b01;
    public static final long FORWARDED = 0b11;
    public static final long MARK_BIT = 0b100;
    public static final long LOG_BIT = 0b1000;
    private static final int TYPE_SHIFT = 32;

    private static final long TRACE_BYTES_MASK = (1L << 40) - 1;
    private static final int REF_SLOTS_SHIFT = 40;
    /** Largest trace size an object may have. */
    public static final long MAX_TRACE_BYTES = TRACE_BYTES_MASK;
    /** Most reference slots an object may have. */
    public static final int MAX_REF_SLOTS = (1 << 24) - 1;

    private ObjectModel() {
    }

    /** Bytes the simulated object occupies for a trace object of {@code traceBytes} with {@code refSlots}. */
    public static long allocationSize(long traceBytes, int refSlots) {
        long rounded = (traceBytes + 7) & ~7L;
        long minimum = HEADER_BYTES + 8L * refSlots;
        return Math.max(rounded, minimum);
    }

    /** Writes a fresh header at {@code object} and clears its reference slots. */
    public static void initialize(SimulatedMemory memory, long object, long id, long traceBytes, int refSlots,
                                  int typeId) {
        memory.store(object + STATUS_OFFSET, (long) typeId << TYPE_SHIFT);
        memory.store(object + ID_OFFSET, id);
        memory.store(object + SIZE_OFFSET, traceBytes | ((long) refSlots << REF_SLOTS_SHIFT));
        if (refSlots > 0) {
            memory.zero(object + HEADER_BYTES, refSlots);
        }
    }

    public static long id(SimulatedMemory memory, long object) {
        return memory.load(object + ID_OFFSET);
    }

    public static long traceBytes(SimulatedMemory memory, long object) {
        return memory.load(object + SIZE_OFFSET) & TRACE_BYTES_MASK;
    }

    public static int refSlots(SimulatedMemory memory, long object) {
        return (int) (memory.load(object + SIZE_OFFSET) >>> REF_SLOTS_SHIFT);
    }

    /** Bytes the object occupies in the simulated heap. */
    public static long size(SimulatedMemory memory, long object) {
        return sizeOfSizeWord(memory.load(object + SIZE_OFFSET));
    }

    /** The size word (word 2) of {@code object}: decode with {@link #sizeOfSizeWord}, {@link #traceBytesOfSizeWord}. */
    public static long sizeWord(SimulatedMemory memory, long object) {
        return memory.load(object + SIZE_OFFSET);
    }

    public static long sizeOfSizeWord(long sizeWord) {
        return allocationSize(sizeWord & TRACE_BYTES_MASK, (int) (sizeWord >>> REF_SLOTS_SHIFT));
    }

    public static long traceBytesOfSizeWord(long sizeWord) {
        return sizeWord & TRACE_BYTES_MASK;
    }

    public static int typeId(SimulatedMemory memory, long object) {
        return (int) (memory.load(object + STATUS_OFFSET) >>> TYPE_SHIFT);
    }

    /** Address of reference slot {@code slot} of {@code object}. */
    public static long slotAddress(long object, int slot) {
        return object + HEADER_BYTES + 8L * slot;
    }

    public static long status(SimulatedMemory memory, long object) {
        return memory.loadVolatile(object + STATUS_OFFSET);
    }

    public static boolean isMarked(SimulatedMemory memory, long object) {
        return (memory.load(object + STATUS_OFFSET) & MARK_BIT) != 0;
    }

    /** Sets the mark bit; true if this call set it (the caller traced the object first). */
    public static boolean testAndMark(SimulatedMemory memory, long object) {
        long status = memory.load(object + STATUS_OFFSET);
        while ((status & MARK_BIT) == 0) {
            if (memory.compareAndSet(object + STATUS_OFFSET, status, status | MARK_BIT)) {
                return true;
            }
            status = memory.loadVolatile(object + STATUS_OFFSET);
        }
        return false;
    }

    /** Clears the mark bit; only used when no other thread can touch the object (sweeping). */
    public static void clearMark(SimulatedMemory memory, long object) {
        long status = memory.load(object + STATUS_OFFSET);
        memory.store(object + STATUS_OFFSET, status & ~MARK_BIT);
    }

    public static boolean isForwarded(SimulatedMemory memory, long object) {
        return (memory.loadVolatile(object + STATUS_OFFSET) & FORWARDING_MASK) == FORWARDED;
    }

    /** The new address of a forwarded object. */
    public static long forwardee(SimulatedMemory memory, long object) {
        return memory.loadVolatile(object + STATUS_OFFSET) & ~FORWARDING_MASK;
    }

    /**
     * Races to claim {@code object} for copying. Returns a status word: if its forwarding bits are
     * {@link #FORWARDED}, another thread copied the object and the rest of the word is the copy's
     * address; otherwise this thread claimed the object (it is now being forwarded), must copy it and
     * publish the copy with {@link #setForwardingPointer}, and the returned word is the status to give
     * the copy. Spins while another thread is copying the object.
     */
    public static long attemptToForward(SimulatedMemory memory, long object) {
        long address = object + STATUS_OFFSET;
        long status = memory.loadVolatile(address);
        for (;;) {
            long state = status & FORWARDING_MASK;
            if (state == FORWARDED) {
                return status;
            }
            if (state == BEING_FORWARDED) {
                Thread.onSpinWait();
                status = memory.loadVolatile(address);
            } else if (memory.compareAndSet(address, status, status | BEING_FORWARDED)) {
                return status;
            } else {
                status = memory.loadVolatile(address);
            }
        }
    }

    /** Publishes the copy's address in the original's status word (ends the being-forwarded state). */
    public static void setForwardingPointer(SimulatedMemory memory, long object, long copy) {
        memory.storeRelease(object + STATUS_OFFSET, copy | FORWARDED);
    }
}
