package org.jmmtk.bindings.trace;

/**
 * The mutator API: the records of a trace as calls. Trace readers produce these calls, the replay
 * binding executes them against a heap, trace writers write them out, built-in workloads generate
 * them, and the shadow heap checks them. Ids are positive; 0 means null. Called by one thread.
 */
public interface TraceEvents {
    /** {@code T}: names a type id. */
    void type(int typeId, String name);

    /**
     * {@code K}: reference slot {@code slot} of every object of type {@code typeId} is weak (a
     * {@code java.lang.ref.Reference}'s referent that a collector may clear). A consumer without
     * reference processing takes it as an ordinary strong slot, which is what ignoring this record does.
     */
    void weakSlot(int typeId, int slot);

    /** {@code A}: thread {@code thread} allocates object {@code object} of {@code bytes} bytes with {@code refSlots} reference slots. */
    void alloc(int thread, long object, long bytes, int refSlots, int typeId);

    /** {@code W}: stores {@code target} (0 = null) into reference slot {@code slot} of {@code source}. */
    void write(int thread, long source, int slot, long target);

    /** {@code R}: stores {@code target} (0 = clear) into root slot {@code rootSlot} of {@code thread}. */
    void root(int thread, int rootSlot, long target);

    /**
     * {@code X}: trace thread {@code thread} ended; its root slots are all clear (the checker holds
     * it to that). A later record of the same number is a new thread, which starts with no roots and,
     * in a replay, a fresh mutator state (HotSpot's {@code JavaThread::exit}: the thread's TLAB is retired).
     */
    void threadEnd(int thread);

    /** {@code G}: stores {@code target} (0 = clear) into global root slot {@code rootSlot}. */
    void global(int rootSlot, long target);

    /** {@code D}: {@code object} became unreachable here (perfect and granulated traces only). */
    void death(long object);

    /** {@code P}: a point of perfect knowledge. */
    void perfectPoint();

    /** {@code C}: the program asks for a collection. */
    void collect();
}
