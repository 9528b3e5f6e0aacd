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
 * (the parallel replay orders a record after the allocation it names). The entry count is then
 * approximate (it only paces {@link #retainIf}).
 */
final class ObjectTable {
    private static final int PAGE_BITS = 14;
    private static final int PAGE_MASK = (1 << PAGE_BITS) - 1;
    private static final long DENSE_LIMIT = 1L << 31;

    /** Decides whether an entry still names a live object. */
    @FunctionalInterface
    interface Liveness {
        boolean isAlive(long address, long id);
    }

    private long[][] pages = new long[16][];
    private final SparseObjectTable sparse = new SparseObjectTable();
    private int denseEntries;
    private boolean shared;

    /** Mutator threads will put and get concurrently from now on (set before they start). */
    void shareBetweenThreads() {
        shared = true;
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
            denseEntries++;
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
        return denseEntries + sparse.size();
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
