package org.jmmtk.bindings.replay;

/**
 * Maps a trace's object ids to the objects' addresses. It is not a root: it holds objects weakly.
 * After a collection the binding refreshes the entries of the objects that moved (work proportional
 * to what was copied, as a collector's is); an entry whose address no longer holds an object with its
 * id (the heap's valid-object bits say so) names a dead object. Dead entries are dropped in bulk once
 * they pile up, between collections.
 *
 * <p>Traces number their objects densely, so ids below 2^31 index pages of a directly mapped array
 * (one load per lookup, no hashing); pages whose entries all died are given back. Larger ids go to a
 * {@link SparseObjectTable}. Used by the replaying thread; after {@link #shareBetweenThreads}, by
 * several mutator threads at once: a new page or a larger page array is made under the table's lock,
 * the sparse part is locked, and a thread reading another's entry has already synchronized with it
 * (the parallel replay orders a record after the allocation it names). Shared, each thread counts
 * its new entries in a stripe of its own, on a cache line of its own: a count in the table itself
 * would be written by every thread's allocations on the line that every thread's lookups read (the
 * count is then approximate where two threads share a stripe; it only paces {@link #retainIf}).
 */
final class ObjectTable {
    private static final int PAGE_BITS = 14;
    private static final int PAGE_MASK = (1 << PAGE_BITS) - 1;
    private static final long DENSE_LIMIT = 1L << 31;
    /** Counters of new entries for the threads of a shared table, 8 longs (a cache line) apart. */
    private static final int STRIPES = 64;
    private static final int STRIPE_SPACING = 8;

    /** Decides whether an entry still names a live object. */
    @FunctionalInterface
    interface Liveness {
        boolean isAlive(long address, long id);
    }

    /**
     * Room for 4M ids before the array first grows (2 KB; pages come as ids reach them): C2 compiles the
     * replay's allocation step with {@link #put} inlined before the first growth and drops the never-taken
     * branch, so a growth deoptimized it and had it compiled again; with 16 pages (262,144 ids) that cost
     * every trace of more objects one such round.
     */
    private long[][] pages = new long[256][];
    private final SparseObjectTable sparse = new SparseObjectTable();
    private int denseEntries;
    private boolean shared;
    /** When shared: per stripe of threads, the dense entries they added since sharing or the last {@link #retainIf}. */
    private long[] added;

    /** Mutator threads will put and get concurrently from now on (set before they start). */
    void shareBetweenThreads() {
        if (!shared) {
            added = new long[STRIPES * STRIPE_SPACING];
            shared = true;
        }
    }

    /** The address recorded for {@code id}, or 0. */
    long get(long id) {
        if (id < DENSE_LIMIT) {
            int p = (int) (id >>> PAGE_BITS);
            long[][] table = pages;
            long[] page = p < table.length ? table[p] : null;
            return page == null ? 0 : page[(int) id & PAGE_MASK];
        }
        if (shared) {
            synchronized (sparse) {
                return sparseGet(id);
            }
        }
        return sparseGet(id);
    }

    private long sparseGet(long id) {
        int slot = sparse.find(id);
        return slot < 0 ? 0 : sparse.address(slot);
    }

    /** Sets the address of {@code id}, adding it if absent. */
    void put(long id, long address) {
        if (id >= DENSE_LIMIT) {
            if (shared) {
                synchronized (sparse) {
                    sparse.put(id, address);
                }
            } else {
                sparse.put(id, address);
            }
            return;
        }
        int p = (int) (id >>> PAGE_BITS);
        long[][] table = pages;
        long[] page = p < table.length ? table[p] : null;
        if (page == null) {
            page = shared ? sharedPage(p) : newPage(p);
        }
        int i = (int) id & PAGE_MASK;
        if (page[i] == 0) {
            if (shared) {
                added[((int) Thread.currentThread().getId() & (STRIPES - 1)) * STRIPE_SPACING]++;
            } else {
                denseEntries++;
            }
        }
        page[i] = address;
    }

    private long[] newPage(int p) {
        if (p >= pages.length) {
            pages = java.util.Arrays.copyOf(pages, Math.max(p + 1, pages.length * 2));
        }
        long[] page = pages[p];
        if (page == null) {
            page = new long[1 << PAGE_BITS];
            pages[p] = page;
        }
        return page;
    }

    private synchronized long[] sharedPage(int p) {
        return newPage(p);
    }

    /** Entries, dead ones included until {@link #retainIf} drops them. */
    int size() {
        long entries = denseEntries + (long) sparse.size();
        if (shared) {
            for (int s = 0; s < added.length; s += STRIPE_SPACING) {
                entries += added[s];
            }
        }
        return (int) Math.min(entries, Integer.MAX_VALUE);
    }

    /** Keeps only the entries that are {@code alive}; gives back pages left empty. */
    void retainIf(Liveness alive) {
        int kept = 0;
        for (int p = 0; p < pages.length; p++) {
            long[] page = pages[p];
            if (page == null) {
                continue;
            }
            int inPage = 0;
            long base = (long) p << PAGE_BITS;
            for (int i = 0; i < page.length; i++) {
                if (page[i] != 0) {
                    if (alive.isAlive(page[i], base + i)) {
                        inPage++;
                    } else {
                        page[i] = 0;
                    }
                }
            }
            kept += inPage;
            if (inPage == 0) {
                pages[p] = null;
            }
        }
        denseEntries = kept;
        if (shared) {
            java.util.Arrays.fill(added, 0);
        }
        sparse.retainIf(alive);
    }

    /** Calls {@code action} with every entry that is {@code alive}. */
    void forEach(Liveness alive, ObjectVisitor action) {
        for (int p = 0; p < pages.length; p++) {
            long[] page = pages[p];
            if (page == null) {
                continue;
            }
            long base = (long) p << PAGE_BITS;
            for (int i = 0; i < page.length; i++) {
                if (page[i] != 0 && alive.isAlive(page[i], base + i)) {
                    action.visit(base + i, page[i]);
                }
            }
        }
        sparse.forEach(alive, action);
    }
}
