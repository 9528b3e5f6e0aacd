package org.jmmtk.bindings.replay;

import java.util.Arrays;
import org.jmmtk.bindings.trace.StreamSegments;
import org.jmmtk.bindings.trace.TraceFormat;
import org.jmmtk.core.plan.Mutator;

/**
 * Which mutator thread of a parallel replay runs each stream of a per-thread stream trace, and with
 * which mutator: a trace thread goes, when the segment holding its first record is read, to the
 * mutator thread with the fewest trace threads (the first on a tie), and its mutator is bound then,
 * in the order of the threads' first records as in the sequential replay; stream 0 (records before
 * the first with a thread) goes to mutator thread 0 with no mutator.
 *
 * <p>Written by whichever mutator thread reads a segment, under the lock of the {@link StreamSegments}
 * that calls it; read by the mutator threads for streams of segments they have obtained from it since.
 */
final class StreamOwners implements StreamSegments.Listener {
    private final MutatorRegistry mutators;
    private final int[] owner = new int[TraceFormat.MAX_THREADS + 1];
    private final Mutator[] mutator = new Mutator[TraceFormat.MAX_THREADS + 1];
    /** Per mutator thread, how many trace threads it runs. */
    private final int[] traceThreads;

    StreamOwners(MutatorRegistry mutators, int threads) {
        this.mutators = mutators;
        this.traceThreads = new int[threads];
        Arrays.fill(owner, -1);
    }

    @Override
    public void appeared(int ordinal, int stream) {
        int t = 0;
        if (stream != 0) {
            for (int i = 1; i < traceThreads.length; i++) {
                if (traceThreads[i] < traceThreads[t]) {
                    t = i;
                }
            }
            traceThreads[t]++;
            mutator[ordinal] = mutators.forThread(stream - 1);
        }
        owner[ordinal] = t;
    }

    /** The mutator thread that runs stream {@code ordinal}, or -1 if it has not appeared. */
    int owner(int ordinal) {
        return owner[ordinal];
    }

    /** The mutator of stream {@code ordinal}'s trace thread (null for stream 0). */
    Mutator mutator(int ordinal) {
        return mutator[ordinal];
    }
}
