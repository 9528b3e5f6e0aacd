package org.jmmtk.bindings.trace;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import java.util.Arrays;

/**
 * Where each object a {@link StreamingShadowHeap} holds is in its arrays: a map from object id to
 * position. Ids that are dense (a recording's count from 1; most traces') are found in pages of
 * {@link #PAGE} positions indexed by id, one array load each instead of a hash probe; an id whose
 * page does not exist and may not be made (ids above 2^31, or more than {@link #IDS_PER_OBJECT}
 * page places per object held: sparse ids) goes into a hash map, so memory stays proportional to the
 * most objects held at once (a page is dropped when its last object is removed). Used by one thread.
 */
final class ObjectPositions {
    static final int ABSENT = -1;
    private static final int PAGE_BITS = 12;
    private static final int PAGE = 1 << PAGE_BITS;
    private static final int PAGE_MASK = PAGE - 1;
    /** Ids below this are paged. */
    private static final long PAGED_IDS = 1L << 31;
    /** New pages are made while the pages' places number at most this many per object held (plus a few pages). */
    private static final int IDS_PER_OBJECT = 64;
    private static final int FREE_PAGES = 64;

    private int[][] pages = new int[16][];
    private int[] pageCount = new int[16];
    private int pagesInUse;
    private final Long2IntOpenHashMap hashed = new Long2IntOpenHashMap();
    private long size;

    ObjectPositions() {
        hashed.defaultReturnValue(ABSENT);
    }

    /** The position of {@code id}, or {@link #ABSENT}. */
    int get(long id) {
        if (id > 0 && id < PAGED_IDS) {
            int pi = (int) (id >>> PAGE_BITS);
            if (pi < pages.length) {
                int[] page = pages[pi];
                if (page != null) {
                    int p = page[(int) id & PAGE_MASK];
                    if (p != ABSENT) {
                        return p;
                    }
                }
            }
        }
        return hashed.isEmpty() ? ABSENT : hashed.get(id);
    }

    /** Puts {@code id}, which is not here, at position {@code p}. */
    void add(long id, int p) {
        size++;
        if (id > 0 && id < PAGED_IDS) {
            int pi = (int) (id >>> PAGE_BITS);
            int[] page = pi < pages.length ? pages[pi] : null;
            if (page == null && pagesInUse < FREE_PAGES + size / (PAGE / IDS_PER_OBJECT)) {
                page = newPage(pi);
            }
            if (page != null) {
                page[(int) id & PAGE_MASK] = p;
                pageCount[pi]++;
                return;
            }
        }
        hashed.put(id, p);
    }

    /** Moves {@code id}, which is here, to position {@code p}. */
    void move(long id, int p) {
        int[] page = pageOf(id);
        if (page != null && page[(int) id & PAGE_MASK] != ABSENT) {
            page[(int) id & PAGE_MASK] = p;
        } else {
            hashed.put(id, p);
        }
    }

    /** Removes {@code id}, which is here. */
    void remove(long id) {
        size--;
        int[] page = pageOf(id);
        if (page != null && page[(int) id & PAGE_MASK] != ABSENT) {
            page[(int) id & PAGE_MASK] = ABSENT;
            int pi = (int) (id >>> PAGE_BITS);
            if (--pageCount[pi] == 0) {
                pages[pi] = null;
                pagesInUse--;
            }
        } else {
            hashed.remove(id);
        }
    }

    /** Pages in use now. */
    int pagesInUse() {
        return pagesInUse;
    }

    private int[] pageOf(long id) {
        if (id > 0 && id < PAGED_IDS) {
            int pi = (int) (id >>> PAGE_BITS);
            return pi < pages.length ? pages[pi] : null;
        }
        return null;
    }

    private int[] newPage(int pi) {
        if (pi >= pages.length) {
            int n = Math.max(pi + 1, 2 * pages.length);
            pages = Arrays.copyOf(pages, n);
            pageCount = Arrays.copyOf(pageCount, n);
        }
        int[] page = new int[PAGE];
        Arrays.fill(page, ABSENT);
        pages[pi] = page;
        pagesInUse++;
        return page;
    }
}
