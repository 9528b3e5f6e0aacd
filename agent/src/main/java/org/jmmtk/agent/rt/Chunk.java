package org.jmmtk.agent.rt;

/**
 * A run of one thread's events. The owning thread appends and publishes its position with a release
 * store after each event, so the shutdown drain, on another thread, reads only whole events. The
 * release store is {@code Unsafe}'s (whose bodies are not instrumented), not a {@code VarHandle}'s
 * (instrumented JDK code, which the recorder would run for every event).
 */
final class Chunk {
    private static final long POS = Layouts.fieldOffset(Chunk.class, "pos");

    final ThreadState owner;
    final int thread;
    final long[] words;
    private int pos;
    /**
     * The position the event being stored will end at, set before its sequence number is taken: a
     * writer that read the global count after that finds it here, and above {@link #published}
     * while the event is not stored yet (the count's volatile read orders this plain store for it).
     */
    private int claimed;
    /** Words the writer has already put into the file as pieces (writer thread only). */
    int copied;

    Chunk(ThreadState owner, int capacity) {
        this.owner = owner;
        this.thread = owner.thread;
        this.words = new long[capacity];
    }

    /** Empties a chunk the writer has written, for its thread to fill again. */
    void reset() {
        pos = 0;
        claimed = 0;
    }

    /** The next event's {@code n} words are about to take a sequence number (owning thread). */
    void claim(int n) {
        claimed = pos + n;
    }

    /** Whether an event has taken its sequence number and is not stored yet, as far as the writer can tell (writer thread). */
    boolean storing() {
        return claimed > published();
    }

    /** Words in use, as last published (any thread). */
    int published() {
        return Layouts.UNSAFE.getIntVolatile(this, POS);
    }

    /** Words in use (owning thread). */
    int size() {
        return pos;
    }

    boolean fits(int n) {
        return pos + n <= words.length;
    }

    void put(long a, long b, long c) {
        int p = pos;
        words[p] = a;
        words[p + 1] = b;
        words[p + 2] = c;
        Layouts.UNSAFE.putOrderedInt(this, POS, p + 3);
    }

    void put(long a, long b, long c, long d) {
        int p = pos;
        words[p] = a;
        words[p + 1] = b;
        words[p + 2] = c;
        words[p + 3] = d;
        Layouts.UNSAFE.putOrderedInt(this, POS, p + 4);
    }
}
