package org.jmmtk.tools.record;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The trace's thread numbers for the agent's threads, given out as the log is read in sequence order. A
 * thread keeps the agent's number when no live thread holds it and it is a number a replay can have;
 * otherwise it takes the lowest number no live thread holds. A thread gives its number back at its end
 * ({@code EventLog.END}: its frame slots were cleared before it), so a program that starts thousands of
 * short-lived threads fits a replay's {@code TraceFormat.MAX_THREADS} as long as no more than that live
 * at once. One per reading of the log, used by the one thread that reads it.
 */
final class ThreadNumbers {
    private final int ownNumbers;
    /** Per agent thread, its trace number plus one (0: none now). */
    private int[] numberOf = new int[64];
    private final BitSet taken = new BitSet();

    /** Agent numbers below {@code ownNumbers} are kept as the trace's when free. */
    ThreadNumbers(int ownNumbers) {
        this.ownNumbers = ownNumbers;
    }

    /** The trace number of agent thread {@code thread}, given out at its first event. */
    int of(int thread) {
        if (thread >= numberOf.length) {
            numberOf = Arrays.copyOf(numberOf, Math.max(thread + 1, 2 * numberOf.length));
        }
        int n = numberOf[thread];
        if (n == 0) {
            int t = thread < ownNumbers && !taken.get(thread) ? thread : taken.nextClearBit(0);
            taken.set(t);
            numberOf[thread] = n = t + 1;
        }
        return n - 1;
    }

    /** Agent thread {@code thread} ended: its number is free for a thread first seen later. */
    void ended(int thread) {
        taken.clear(of(thread));
        numberOf[thread] = 0;
    }
}
