package org.jmmtk.tools.perfetto;

import java.io.IOException;
import java.util.BitSet;

/**
 * Where things go in the Perfetto UI: process 1 "jmmtk GC" holds the track "GC" (collections), one track
 * per worker "worker N" in worker order and, when packets are summarised, "short packets"; process 2
 * "jmmtk mutators" holds one track per mutator "mutator N". Perfetto identifies a thread by its tid
 * alone and takes an event without a tid as its process's main thread (tid = pid), so tids are unique
 * across both processes and tid 2 is left to process 2.
 */
final class Tracks {
    static final int GC_PID = 1;
    static final int MUTATOR_PID = 2;
    static final int GC_TID = 1;

    private final int workers;
    private final BitSet mutators;
    private final boolean summaries;

    Tracks(int workers, BitSet mutators, boolean summaries) {
        this.workers = workers;
        this.mutators = mutators;
        this.summaries = summaries;
    }

    int worker(int ordinal) {
        return 3 + ordinal;
    }

    int summaries() {
        return 3 + workers;
    }

    int mutator(int ordinal) {
        return 4 + workers + ordinal;
    }

    /** Names and orders the processes and tracks. */
    void writeMetadata(TraceEventWriter out) throws IOException {
        out.processName(GC_PID, "jmmtk GC");
        out.processSortIndex(GC_PID, 0);
        out.threadName(GC_PID, GC_TID, "GC");
        out.threadSortIndex(GC_PID, GC_TID, 0);
        for (int w = 0; w < workers; w++) {
            out.threadName(GC_PID, worker(w), "worker " + w);
            out.threadSortIndex(GC_PID, worker(w), 1 + w);
        }
        if (summaries) {
            out.threadName(GC_PID, summaries(), "short packets");
            out.threadSortIndex(GC_PID, summaries(), 1 + workers);
        }
        if (!mutators.isEmpty()) {
            out.processName(MUTATOR_PID, "jmmtk mutators");
            out.processSortIndex(MUTATOR_PID, 1);
            for (int m = mutators.nextSetBit(0); m >= 0; m = mutators.nextSetBit(m + 1)) {
                out.threadName(MUTATOR_PID, mutator(m), "mutator " + m);
                out.threadSortIndex(MUTATOR_PID, mutator(m), m);
            }
        }
    }
}
