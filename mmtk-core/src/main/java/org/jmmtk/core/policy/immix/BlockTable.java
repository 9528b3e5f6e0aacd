package org.jmmtk.core.policy.immix;

/**
 * The blocks of an {@link ImmixSpace} (mmtk-core's {@code Block}, the original MMTk's {@code Block}): each
 * block's state, one byte of side metadata per block, the highest block ever used, and the arithmetic
 * between a block's number and its address. A block is {@link #FREE} (its pages are the page resource's),
 * {@link #IN_USE} (an allocator holds it, or it was taken clean since the last sweep), {@link #RECYCLABLE}
 * (the last sweep found a free line in it) or {@link #UNAVAILABLE} (the last sweep found none).
 *
 * <p>Threads: states change under the space's lock (a block taken or listed) or in sweep packets, each over
 * its own range of blocks; {@link #limit} is read and raised under the space's lock only.
 */
final class BlockTable {
    static final byte FREE = 0;
    static final byte IN_USE = 1;
    static final byte RECYCLABLE = 2;
    static final byte UNAVAILABLE = 3;

    private final byte[] state;
    private final long start;
    private final int logBlockBytes;
    private int limit;

    /** {@code state}: the space's {@code immix-block-state} table, one byte per block of {@code 1 << logBlockBytes} bytes from {@code start}. */
    BlockTable(byte[] state, long start, int logBlockBytes) {
        this.state = state;
        this.start = start;
        this.logBlockBytes = logBlockBytes;
    }

    byte state(int b) {
        return state[b];
    }

    void setState(int b, byte s) {
        state[b] = s;
    }

    /** Whether block {@code b} is held by the space (in use, recyclable or full), not free. */
    boolean holdsObjects(int b) {
        return state[b] != FREE;
    }

    /** One past the highest block ever taken. Under the space's lock. */
    int limit() {
        return limit;
    }

    /** Block {@code b} was taken: the limit covers it. Under the space's lock. */
    void taken(int b) {
        limit = Math.max(limit, b + 1);
    }

    long address(int b) {
        return start + ((long) b << logBlockBytes);
    }

    int index(long address) {
        return (int) ((address - start) >>> logBlockBytes);
    }

    int bytes() {
        return 1 << logBlockBytes;
    }
}
