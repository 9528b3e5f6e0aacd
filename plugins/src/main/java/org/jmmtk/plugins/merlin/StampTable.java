package org.jmmtk.plugins.merlin;

import it.unimi.dsi.fastutil.HashCommon;
import java.util.Arrays;

/**
 * Merlin's per-object state, keyed by object id (never by address: objects move): the timestamp of
 * every object no collection has freed. Traces number objects
 * densely, mostly in allocation order, so ids below 2^31 index pages of {@value #PAGE} entries directly:
 * one page load per lookup, neighbours in time neighbours in memory. A page is given back when its
 * last object dies, and a page that is done (all its ids allocated, or the allocation frontier two
 * pages past it) and of whose objects fewer than one in {@value #SPARSE} survive moves its survivors to
 * an open-addressing hash table after the next collection, so long-lived objects
 * scattered over the run do not pin whole pages: memory stays proportional to the live objects. Larger
 * ids always go to the hash table (linear probing, backward-shift deletion). Nothing allocates per
 * lookup or update.
 *
 * <p>Used by one thread at a time (the mutator, or the thread that requested a collection, after it).
 */
final class StampTable {
    private static final int PAGE_BITS = 10;
    private static final int PAGE = 1 << PAGE_BITS;
    private static final int PAGE_MASK = PAGE - 1;
    private static final long DENSE_LIMIT = 1L << 31;
    private static final int SPARSE = 16;
    private static final int MIN_CAPACITY = 1 << 8;

    // paged part: an entry holds its timestamp plus one, so 0 means absent
    private long[][] stampPages = new long[64][];
    private int[] pageLive = new int[64];
    private int[] pageInserted = new int[64];
    private int[] sparseCandidates = new int[16];
    private int candidates;
    private long highestPage = -1;

    // hashed part
    private long[] ids;
    private long[] stamps;
    private int mask;
    private int hashed;
    private int size;

    StampTable() {
        allocateHash(MIN_CAPACITY);
    }

    private void allocateHash(int capacity) {
        ids = new long[capacity];
        stamps = new long[capacity];
        mask = capacity - 1;
    }

    /** Objects in the table. */
    int size() {
        return size;
    }

    /** Adds {@code id} (positive, absent) with timestamp {@code stamp} (not negative). */
    void insert(long id, long stamp) {
        size++;
        if (id < DENSE_LIMIT) {
            int p = (int) (id >>> PAGE_BITS);
            if (p >= stampPages.length) {
                int n = Math.max(p + 1, stampPages.length * 2);
                stampPages = Arrays.copyOf(stampPages, n);
                pageLive = Arrays.copyOf(pageLive, n);
                pageInserted = Arrays.copyOf(pageInserted, n);
            }
            if (stampPages[p] == null) {
                stampPages[p] = new long[PAGE];
                pageInserted[p] = 0;
            }
            stampPages[p][(int) id & PAGE_MASK] = stamp + 1;
            pageLive[p]++;
            if (++pageInserted[p] == PAGE && pageLive[p] < PAGE / SPARSE) {
                candidate(p);
            }
            if (p > highestPage) {
                // pages the allocation frontier has passed are done: those few of whose objects survive may move
                for (long q = Math.max(0, highestPage - 1); q < p - 1; q++) {
                    if (stampPages[(int) q] != null && pageLive[(int) q] < PAGE / SPARSE) {
                        candidate((int) q);
                    }
                }
                highestPage = p;
            }
        } else {
            insertHashed(id, stamp);
        }
    }

    private void insertHashed(long id, long stamp) {
        if (2L * (hashed + 1) > ids.length) {
            rehash(ids.length * 2);
        }
        int pos = (int) HashCommon.mix(id) & mask;
        while (ids[pos] != 0) {
            pos = (pos + 1) & mask;
        }
        ids[pos] = id;
        stamps[pos] = stamp;
        hashed++;
    }

    /** The page holding {@code id}, or null if it is not paged. */
    private long[] page(long id) {
        if (id >= DENSE_LIMIT) {
            return null;
        }
        int p = (int) (id >>> PAGE_BITS);
        long[] page = p < stampPages.length ? stampPages[p] : null;
        return page != null && page[(int) id & PAGE_MASK] != 0 ? page : null;
    }

    /** The hash slot of {@code id}, or -1. */
    private int findHashed(long id) {
        if (hashed == 0) {
            return -1;
        }
        int pos = (int) HashCommon.mix(id) & mask;
        for (long k; (k = ids[pos]) != 0; pos = (pos + 1) & mask) {
            if (k == id) {
                return pos;
            }
        }
        return -1;
    }

    boolean contains(long id) {
        return page(id) != null || findHashed(id) >= 0;
    }

    /** The timestamp of {@code id}, which must be present. */
    long stamp(long id) {
        long[] page = page(id);
        if (page != null) {
            return page[(int) id & PAGE_MASK] - 1;
        }
        int slot = findHashed(id);
        if (slot < 0) {
            throw new IllegalStateException("merlin: object " + id + " is not in the table");
        }
        return stamps[slot];
    }

    /** The timestamp of {@code id}, or {@code otherwise} if it is absent. */
    long stampOrElse(long id, long otherwise) {
        long[] page = page(id);
        if (page != null) {
            return page[(int) id & PAGE_MASK] - 1;
        }
        int slot = findHashed(id);
        return slot < 0 ? otherwise : stamps[slot];
    }

    /** Sets the timestamp of {@code id} if present; false if absent. */
    boolean setStamp(long id, long stamp) {
        long[] page = page(id);
        if (page != null) {
            page[(int) id & PAGE_MASK] = stamp + 1;
            return true;
        }
        int slot = findHashed(id);
        if (slot >= 0) {
            stamps[slot] = stamp;
        }
        return slot >= 0;
    }

    /** Raises the timestamp of {@code id}, if present, to at least {@code stamp}. */
    void raise(long id, long stamp) {
        long[] page = page(id);
        if (page != null) {
            int i = (int) id & PAGE_MASK;
            page[i] = Math.max(page[i], stamp + 1);
            return;
        }
        int slot = findHashed(id);
        if (slot >= 0) {
            stamps[slot] = Math.max(stamps[slot], stamp);
        }
    }

    /** Removes {@code id}, which must be present. */
    void remove(long id) {
        size--;
        long[] page = page(id);
        if (page != null) {
            int p = (int) (id >>> PAGE_BITS);
            page[(int) id & PAGE_MASK] = 0;
            if (--pageLive[p] == 0) {
                stampPages[p] = null;
            } else if (pageLive[p] == PAGE / SPARSE - 1) {
                candidate(p);
            }
            return;
        }
        int slot = findHashed(id);
        if (slot < 0) {
            throw new IllegalStateException("merlin: object " + id + " is not in the table");
        }
        removeHashedAt(slot);
    }

    private void candidate(int p) {
        if (candidates == sparseCandidates.length) {
            sparseCandidates = Arrays.copyOf(sparseCandidates, candidates * 2);
        }
        sparseCandidates[candidates++] = p;
    }

    private void removeHashedAt(int slot) {
        hashed--;
        int last = slot;
        int pos = slot;
        for (;;) {
            pos = (pos + 1) & mask;
            long k = ids[pos];
            if (k == 0) {
                ids[last] = 0;
                return;
            }
            int home = (int) HashCommon.mix(k) & mask;
            // k may fill the hole at last only if its home is not in (last, pos]
            boolean movable = last <= pos ? home <= last || home > pos : home <= last && home > pos;
            if (movable) {
                ids[last] = k;
                stamps[last] = stamps[pos];
                last = pos;
            }
        }
    }

    /**
     * Gives memory back after a collection: pages whose objects were all allocated and few of which
     * survive move their survivors to the hash table; the hash table shrinks when mostly empty.
     */
    void trim() {
        for (int k = 0; k < candidates; k++) {
            int p = sparseCandidates[k];
            boolean done = pageInserted[p] == PAGE || p < highestPage - 1;
            if (stampPages[p] != null && pageLive[p] < PAGE / SPARSE && done) {
                long[] s = stampPages[p];
                stampPages[p] = null;
                for (int i = 0; i < PAGE; i++) {
                    if (s[i] != 0) {
                        insertHashed(((long) p << PAGE_BITS) | i, s[i] - 1);
                    }
                }
                pageLive[p] = 0;
            }
        }
        candidates = 0;
        int capacity = ids.length;
        while (capacity > MIN_CAPACITY && 8L * hashed < capacity) {
            capacity >>>= 1;
        }
        if (capacity < ids.length) {
            rehash(capacity);
        }
    }

    private void rehash(int capacity) {
        long[] oldIds = ids;
        long[] oldStamps = stamps;
        allocateHash(capacity);
        for (int i = 0; i < oldIds.length; i++) {
            long id = oldIds[i];
            if (id != 0) {
                int pos = (int) HashCommon.mix(id) & mask;
                while (ids[pos] != 0) {
                    pos = (pos + 1) & mask;
                }
                ids[pos] = id;
                stamps[pos] = oldStamps[i];
            }
        }
    }

    /** Receives the entries of {@link #forEach}. */
    @FunctionalInterface
    interface EntryVisitor {
        void visit(long id, long stamp);
    }

    /** Calls {@code visitor} with every entry; the visitor may set timestamps, nothing else. */
    void forEach(EntryVisitor visitor) {
        for (int p = 0; p < stampPages.length; p++) {
            long[] s = stampPages[p];
            if (s != null) {
                for (int i = 0; i < PAGE; i++) {
                    if (s[i] != 0) {
                        visitor.visit(((long) p << PAGE_BITS) | i, s[i] - 1);
                    }
                }
            }
        }
        for (int i = 0; i < ids.length; i++) {
            if (ids[i] != 0) {
                visitor.visit(ids[i], stamps[i]);
            }
        }
    }
}
