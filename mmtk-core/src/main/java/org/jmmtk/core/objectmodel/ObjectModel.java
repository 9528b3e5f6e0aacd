package org.jmmtk.core.objectmodel;

import org.jmmtk.core.memory.SimulatedMemory;

/**
 * The layout of a simulated object. An object reference is the address of its header; the header is
 * two words (a 64-bit JVM's mark word and class word), then the reference slots, then the payload:
 *
 * <pre>
 *  word 0  status: bits 0-1 forwarding state, bit 2 mark (mark-sweep keeps its marks on the side
 *          instead), bit 3 log (unlogged), bits 4-27 reference
 *          slots, bits 28-63 the object's size as the trace gives it (header included).
 *          When forwarded the whole word is (new address &lt;&lt; 4 | FORWARDED).
 *  word 1  bits 0-39 object id (the trace's id, positive), bits 40-63 type id
 * </pre>
 *
 * Forwarding replaces only the status word of the old copy: its id and type id stay readable, and the
 * copy carries everything. The simulated object occupies its trace size rounded up to 8 bytes, but
 * never less than its header plus its reference slots, so a trace of a 64-bit JVM (whose objects are
 * at least a 16-byte header plus their reference fields) is simulated byte for byte. Everything here
 * is a static helper over {@link SimulatedMemory}; forwarding and mark updates are atomic so parallel
 * GC workers can race on them.
 */
public final class ObjectModel {
    public static final int HEADER_WORDS = 2;
    public static final int HEADER_BYTES = HEADER_WORDS * 8;
    public static final long STATUS_OFFSET = 0;
    public static final long ID_OFFSET = 8;

    public static final long FORWARDING_MASK = 0b11;
    public static final long NOT_FORWARDED = 0b00;
    public static final long BEING_FORWARDED = 0b01;
    public static final long FORWARDED = 0b11;
    public static final long MARK_BIT = 0b100;
    public static final long LOG_BIT = 0b1000;
    private static final int FORWARDEE_SHIFT = 4;

    private static final int REF_SLOTS_SHIFT = 4;
    private static final int TRACE_BYTES_SHIFT = 28;
    private static final int ID_BITS = 40;
    private static final long ID_MASK = (1L << ID_BITS) - 1;

    /** Largest trace size an object may have (64 GiB, the largest heap). */
    public static final long MAX_TRACE_BYTES = (1L << 36) - 1;
    /** Most reference slots an object may have. */
    public static final int MAX_REF_SLOTS = (1 << 24) - 1;
    /** Largest object id the header holds. */
    public static final long MAX_OBJECT_ID = ID_MASK;
    /** Largest type id the header holds. */
    public static final int MAX_TYPE_ID = (1 << 24) - 1;

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
        memory.store(object + STATUS_OFFSET, ((long) refSlots << REF_SLOTS_SHIFT) | (traceBytes << TRACE_BYTES_SHIFT));
        memory.store(object + ID_OFFSET, id | ((long) typeId << ID_BITS));
        if (refSlots > 0) {
            memory.zero(object + HEADER_BYTES, refSlots);
        }
    }

    public static long id(SimulatedMemory memory, long object) {
        return memory.load(object + ID_OFFSET) & ID_MASK;
    }

    public static int typeId(SimulatedMemory memory, long object) {
        return (int) (memory.load(object + ID_OFFSET) >>> ID_BITS);
    }

    /** The trace size of an object that is not forwarded. */
    public static long traceBytes(SimulatedMemory memory, long object) {
        return traceBytesOfStatus(memory.load(object + STATUS_OFFSET));
    }

    public static int refSlots(SimulatedMemory memory, long object) {
        return refSlotsOfStatus(memory.load(object + STATUS_OFFSET));
    }

    /** Bytes an object that is not forwarded occupies in the simulated heap. */
    public static long size(SimulatedMemory memory, long object) {
        return sizeOfStatus(memory.load(object + STATUS_OFFSET));
    }

    /** Simulated size from a status word that is not a forwarding pointer. */
    public static long sizeOfStatus(long status) {
        return allocationSize(traceBytesOfStatus(status), refSlotsOfStatus(status));
    }

    public static long traceBytesOfStatus(long status) {
        return status >>> TRACE_BYTES_SHIFT;
    }

    public static int refSlotsOfStatus(long status) {
        return (int) ((status >>> REF_SLOTS_SHIFT) & MAX_REF_SLOTS);
    }

    /** Address of reference slot {@code slot} of {@code object}. */
    public static long slotAddress(long object, int slot) {
        return object + HEADER_BYTES + 8L * slot;
    }

    public static boolean isMarked(SimulatedMemory memory, long object) {
        return (memory.load(object + STATUS_OFFSET) & MARK_BIT) != 0;
    }

    /** Sets the mark bit; true if this call set it (the caller traced the object first). */
    public static boolean testAndMark(SimulatedMemory memory, long object) {
        return markStatus(memory, object) != ALREADY_MARKED;
    }

    /** What {@link #markStatus} returns when another call marked the object first (no status has every bit set). */
    public static final long ALREADY_MARKED = -1;

    /**
     * Sets the mark bit and returns the status word it replaced, or {@link #ALREADY_MARKED} if the bit
     * was set already. The caller reads the object's size from the returned word: a second load after
     * the atomic instruction (a full fence on x86) would sit on the closure's critical path.
     */
    public static long markStatus(SimulatedMemory memory, long object) {
        long status = memory.load(object + STATUS_OFFSET);
        while ((status & MARK_BIT) == 0) {
            long found = memory.compareAndExchange(object + STATUS_OFFSET, status, status | MARK_BIT);
            if (found == status) {
                return status;
            }
            status = found;
        }
        return ALREADY_MARKED;
    }

    /**
     * Sets the mark bit to {@code markState} (0 or {@link #MARK_BIT}, for spaces whose meaning of
     * "marked" alternates between collections); true if this call changed it.
     */
    public static boolean attemptMark(SimulatedMemory memory, long object, long markState) {
        long status = memory.load(object + STATUS_OFFSET);
        while ((status & MARK_BIT) != markState) {
            if (memory.compareAndSet(object + STATUS_OFFSET, status, (status & ~MARK_BIT) | markState)) {
                return true;
            }
            status = memory.loadVolatile(object + STATUS_OFFSET);
        }
        return false;
    }

    /** Sets the mark bit to {@code markState} (0 or {@link #MARK_BIT}) while no other thread touches the object. */
    public static void setMark(SimulatedMemory memory, long object, long markState) {
        long status = memory.load(object + STATUS_OFFSET);
        memory.store(object + STATUS_OFFSET, (status & ~MARK_BIT) | markState);
    }

    /** Clears the mark bit; only used when no other thread can touch the object (sweeping). */
    public static void clearMark(SimulatedMemory memory, long object) {
        long status = memory.load(object + STATUS_OFFSET);
        memory.store(object + STATUS_OFFSET, status & ~MARK_BIT);
    }

    /** Sets the log bit (the object is "unlogged": its next store goes to the remembered set). */
    public static void setLogBit(SimulatedMemory memory, long object) {
        long status = memory.load(object + STATUS_OFFSET);
        while ((status & LOG_BIT) == 0 && !memory.compareAndSet(object + STATUS_OFFSET, status, status | LOG_BIT)) {
            status = memory.loadVolatile(object + STATUS_OFFSET);
        }
    }

    /** Clears the log bit; true if this call cleared it (the caller logs the object). */
    public static boolean attemptToLog(SimulatedMemory memory, long object) {
        long status = memory.load(object + STATUS_OFFSET);
        while ((status & LOG_BIT) != 0) {
            if (memory.compareAndSet(object + STATUS_OFFSET, status, status & ~LOG_BIT)) {
                return true;
            }
            status = memory.loadVolatile(object + STATUS_OFFSET);
        }
        return false;
    }

    public static boolean isForwarded(SimulatedMemory memory, long object) {
        return (memory.loadVolatile(object + STATUS_OFFSET) & FORWARDING_MASK) == FORWARDED;
    }

    /** The new address of a forwarded object. */
    public static long forwardee(SimulatedMemory memory, long object) {
        return forwardeeOfStatus(memory.loadVolatile(object + STATUS_OFFSET));
    }

    /** The new address in a status word whose forwarding bits are {@link #FORWARDED}. */
    public static long forwardeeOfStatus(long status) {
        return status >>> FORWARDEE_SHIFT;
    }

    /**
     * Races to claim {@code object} for copying. Returns a status word: if its forwarding bits are
     * {@link #FORWARDED}, another thread copied the object and {@link #forwardeeOfStatus} gives the
     * copy; otherwise this thread claimed the object (it is now being forwarded), must copy it and
     * publish the copy with {@link #setForwardingPointer}, and the returned word is the status to give
     * the copy. Spins while another thread is copying the object.
     */
    public static long attemptToForward(SimulatedMemory memory, long object) {
        return attemptToForward(memory, object, memory.loadVolatile(object + STATUS_OFFSET));
    }

    /**
     * {@link #attemptToForward(SimulatedMemory, long)} from {@code status}, the object's status word as
     * this thread just loaded it with a volatile load: a caller that read it to tell a forwarded object
     * from one to claim does not load it again.
     */
    public static long attemptToForward(SimulatedMemory memory, long object, long status) {
        long address = object + STATUS_OFFSET;
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
        memory.storeRelease(object + STATUS_OFFSET, (copy << FORWARDEE_SHIFT) | FORWARDED);
    }
}
