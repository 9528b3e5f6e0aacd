package org.jmmtk.bindings.elephanttracks;

import it.unimi.dsi.fastutil.longs.Long2IntOpenHashMap;
import org.jmmtk.bindings.trace.TraceException;
import org.jmmtk.bindings.trace.TraceFormat;

/**
 * Elephant Tracks' thread ids as jmmtk threads 0, 1, ... in order of first appearance, at most
 * {@link TraceFormat#MAX_THREADS}. Used by one reader on one thread.
 */
final class EtThreads {
    private final Long2IntOpenHashMap threads = new Long2IntOpenHashMap();

    /** The jmmtk thread of ET thread {@code et}, numbering it if it is new. */
    int of(long et) {
        int t = threads.getOrDefault(et, -1);
        if (t < 0) {
            if (threads.size() >= TraceFormat.MAX_THREADS) {
                throw new TraceException("more than " + TraceFormat.MAX_THREADS + " threads");
            }
            t = threads.size();
            threads.put(et, t);
        }
        return t;
    }

    void clear() {
        threads.clear();
    }
}
