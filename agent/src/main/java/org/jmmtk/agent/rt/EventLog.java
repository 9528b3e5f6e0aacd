package org.jmmtk.agent.rt;

/**
 * The agent's own event log, shared by the recorder (which writes it) and {@code jmmtk record} (which
 * turns it into a jmmtk trace). A log is a directory: {@code events} holds chunks, each an int thread
 * id, an int word count and that many longs (little-endian), in the order threads handed them over;
 * within a thread chunks are in the thread's order. An event's first word is its global sequence
 * number shifted left by {@link #KIND_BITS} with its kind in the low bits; sequence numbers order the
 * events of all threads consistently with each thread's own order and with the order in which the
 * recorder first saw each object. {@code types} lists {@code id TAB class-name} lines, {@code statics}
 * lists {@code id TAB owner.field} lines, and {@code done} is written last, when the recorder closed
 * the log cleanly. A recording the recorder gave up (its own allocation ran out of memory) ends with
 * {@code lost} instead of {@code done}: its reason and the id table's size then, as {@code name value} lines.
 * <p>
 * While the program runs, the writer also hands over what each thread has published of its current
 * chunk (a piece: a chunk of its own in the file, the thread's later events in later chunks) and then
 * writes a <em>mark</em>, a chunk of thread {@link #MARK} with one word: every event whose sequence
 * number is below it is in the file before the mark (see {@code LogWriter}; a reader that follows the
 * file still checks). Before the mark come the weak slots of the types made since the last one, each a
 * chunk of thread {@link #WEAK} with the word {@code typeId << 32 | slot}; the types made after the last
 * sweep have theirs only in {@link #WEAK_SLOTS} (the writer sweeps no more once the program ends). A
 * reader of the finished log skips both.
 */
public final class EventLog {
    /** Bits of an event's first word that hold its kind. */
    public static final int KIND_BITS = 3;
    /** {@code ALLOC id bytes refSlots<<24|typeId}: an object first seen, with its size, slots and type. */
    public static final int ALLOC = 1;
    /** {@code WRITE src slot target}: a reference store into an object's slot. */
    public static final int WRITE = 2;
    /** {@code ROOT slot target}: a store into one of the thread's frame slots (target 0 clears it). */
    public static final int ROOT = 3;
    /** {@code GLOBAL staticId target}: a store into a static reference field. */
    public static final int GLOBAL = 4;
    /** {@code COLLECT 0 0}: the program asks for a collection ({@code System.gc()}, {@code Runtime.gc()}). */
    public static final int COLLECT = 5;
    /**
     * {@code END 0 0}: the thread ended ({@code Thread.exit}); its frame slots were cleared before it and it
     * records nothing after it, so a later thread may take its number in the trace.
     */
    public static final int END = 6;
    /** Words of each kind of event, indexed by kind. */
    public static final int[] WORDS = {0, 4, 4, 3, 3, 3, 3};
    /** Reference slots and type id share one word: slots above, type id in the low 24 bits. */
    public static final int TYPE_BITS = 24;
    /** Root slots per thread the jmmtk format allows (2^20); frame slots beyond are not recorded. */
    public static final int MAX_ROOT_SLOTS = 1 << 20;

    /** The thread id of a mark's chunk. */
    public static final int MARK = -1;
    /** The thread id of a weak slot's chunk. */
    public static final int WEAK = -2;

    public static final String EVENTS = "events";
    public static final String TYPES = "types";
    /** A line "typeId TAB slot" per type whose slot is a weak referent (absent in older logs: none). */
    public static final String WEAK_SLOTS = "weak-slots";
    public static final String STATICS = "statics";
    public static final String DONE = "done";
    /** Written instead of {@link #DONE} when recording stopped because the recorder ran out of memory. */
    public static final String LOST = "lost";
    /**
     * Made by the JVM itself ({@code -XX:OnOutOfMemoryError}, which {@code jmmtk record} passes) when the
     * recorded program's heap first ran out, whoever allocated.
     */
    public static final String OUT_OF_MEMORY = "out-of-memory";

    private EventLog() {
    }
}
