package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;

/**
 * What the orderer of a trace for several mutator threads remembers about the records a later record
 * may have to wait for (the reader of a parallel replay, and the per-thread stream writer, which
 * precomputes the waits at trace-thread granularity): per object id, the record that allocated it and the last record that stored into it; per
 * slot, the last store into it, but only for global roots and for objects that more than one mutator
 * thread has stored into. Records are encoded by {@link #encode} (position and thread); 0 is none.
 *
 * <p>Most objects are only ever stored into by one mutator thread (the one that made them), and a
 * thread runs its own records in order, so a store into such an object never waits for a store into
 * it. The per-object entry says whose the object is: while only one thread has stored into it, a
 * store by that thread needs nothing; the first store by another thread waits for the owner's last
 * store into the object (which covers the owner's store into that slot) and turns the object
 * <i>shared</i>: from then on its stores are tracked slot by slot, and a slot with no entry of its own
 * since then falls back on that last store of the owner.
 *
 * <p>Object ids are dense, so ids below 2^31 index pages of a directly mapped array (two longs per
 * id, made on first use); larger ids go to hash maps. The reader stays within {@code window} records
 * of the first record not yet done, so a record more than {@code window} records behind the reader
 * is done: a page none of whose entries was written in the last {@code window} records is given back
 * (an absent entry means nothing to wait for), which bounds the memory to the ids touched in the
 * window. The slot entries are dropped once their stores are done.
 *
 * <p>Used by one thread (the reader, or the writer); it reads the mutator threads' progress through
 * {@link Progress} (a writer's never says done, and its window never ends: it forgets nothing).
 */
public final class DependencyTable {
    /** Whether a record is known to be done. */
    @FunctionalInterface
    public interface Progress {
        boolean hasDone(long record);
    }

    private static final int THREAD_BITS = 10;

    private static final long DENSE_LIMIT = 1L << 31;
    /** Marks an object's last-store entry once several mutator threads have stored into it. */
    private static final long SHARED = Long.MIN_VALUE;
    private static final int ALLOCATION = 0;
    private static final int STORE = 1;

    private final int pageBits;
    private final int pageMask;
    private final long window;
    private final Progress progress;
    /** Per page of ids: the allocation record at {@code 2i} and the last store at {@code 2i + 1}. */
    private long[][] pages = new long[16][];
    /** Per page: the position of the newest record written into it. */
    private long[] newest = new long[16];
    private int livePages;
    private final Long2LongOpenHashMap sparseAllocation = new Long2LongOpenHashMap();
    private final Long2LongOpenHashMap sparseStore = new Long2LongOpenHashMap();
    /** Slot key ({@code object << 24 | slot}, or a global root slot) to the last store into it. */
    private final Long2LongOpenHashMap slots = new Long2LongOpenHashMap();
    /** A shared object to its owner's last store into it before another thread stored into it. */
    private final Long2LongOpenHashMap ownerStore = new Long2LongOpenHashMap();
    private long nextSweep;
    private int pruneAt = 1 << 12;

    /**
     * {@code window}: every record more than that many records before the latest one is done;
     * {@code pageBits}: log2 of the ids per page.
     */
    public DependencyTable(long window, int pageBits, Progress progress) {
        this.window = window;
        this.pageBits = pageBits;
        this.pageMask = (1 << pageBits) - 1;
        this.progress = progress;
        this.nextSweep = window;
    }

    /** Notes that {@code record} allocates {@code object}. */
    public void allocated(long object, long record) {
        put(object, ALLOCATION, record);
    }

    /** The record that allocated {@code object}, or 0 if it is known to be done. */
    public long allocation(long object) {
        return get(object, ALLOCATION);
    }

    /**
     * Notes that {@code record} stores into slot {@code slot} of {@code object}; returns the record it
     * must follow: the previous store into that slot, or a later store into the object by the same
     * thread, or 0 if there is none or it is the storing thread's own.
     */
    public long store(long object, int slot, long record) {
        long last = get(object, STORE);
        if (last == 0 || last > 0 && threadOf(last) == threadOf(record)) {
            put(object, STORE, record);
            return 0;
        }
        put(object, STORE, record | SHARED);
        long key = (object << 24) | slot;
        if (last > 0) {
            // a second thread stores into the owner's object: everything the owner stored so far comes first
            ownerStore.put(object, last);
            slots.put(key, record);
            return last;
        }
        long previous = slots.put(key, record);
        long owner = ownerStore.get(object);
        // a slot entry older than the owner's store is left over from before the object's entry was forgotten
        return positionOf(previous) > positionOf(owner) ? previous : owner;
    }

    /** Notes that {@code record} stores into global root slot {@code rootSlot}; returns the previous store or 0. */
    public long storeGlobal(int rootSlot, long record) {
        return slots.put(rootSlot, record);
    }

    /** The reader has reached {@code position}: forgets what is known to be done, now and then. */
    public void advance(long position) {
        if (position >= nextSweep) {
            forgetOlderThan(position - window);
            nextSweep = position + Math.max(1, window / 4);
        }
        if (slots.size() + ownerStore.size() > pruneAt) {
            slots.long2LongEntrySet().removeIf(e -> progress.hasDone(e.getLongValue()));
            ownerStore.long2LongEntrySet().removeIf(e -> progress.hasDone(e.getLongValue()));
            pruneAt = Math.max(1 << 12, 2 * (slots.size() + ownerStore.size()));
        }
    }

    /** Pages of ids in use (for tests). */
    int pages() {
        return livePages;
    }

    private void forgetOlderThan(long position) {
        for (int p = 0; p < pages.length; p++) {
            if (pages[p] != null && newest[p] < position) {
                pages[p] = null;
                livePages--;
            }
        }
        sparseAllocation.long2LongEntrySet().removeIf(e -> positionOf(e.getLongValue()) < position);
        sparseStore.long2LongEntrySet().removeIf(
                e -> positionOf(e.getLongValue() & ~SHARED) < position);
    }

    private long get(long id, int field) {
        if (id >= 0 && id < DENSE_LIMIT) {
            int p = (int) (id >>> pageBits);
            long[] page = p < pages.length ? pages[p] : null;
            return page == null ? 0 : page[(((int) id & pageMask) << 1) | field];
        }
        return (field == ALLOCATION ? sparseAllocation : sparseStore).get(id);
    }

    private void put(long id, int field, long record) {
        if (id >= 0 && id < DENSE_LIMIT) {
            int p = (int) (id >>> pageBits);
            if (p >= pages.length) {
                int length = Math.max(p + 1, 2 * pages.length);
                pages = java.util.Arrays.copyOf(pages, length);
                newest = java.util.Arrays.copyOf(newest, length);
            }
            long[] page = pages[p];
            if (page == null) {
                page = new long[2 << pageBits];
                pages[p] = page;
                livePages++;
            }
            page[(((int) id & pageMask) << 1) | field] = record;
            newest[p] = positionOf(record & ~SHARED);
            return;
        }
        (field == ALLOCATION ? sparseAllocation : sparseStore).put(id, record);
    }

    /** A record as a table entry: its position (from 1) and the thread (below 1024) that runs it. */
    public static long encode(long position, int thread) {
        return (position << THREAD_BITS) | thread;
    }

    public static int threadOf(long record) {
        return (int) (record & ((1 << THREAD_BITS) - 1));
    }

    public static long positionOf(long record) {
        return record >>> THREAD_BITS;
    }
}
